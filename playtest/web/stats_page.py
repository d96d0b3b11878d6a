"""The stats page of a game at one kit version: the games people played and the games bots
played (`playtest simulate`) side by side, each computed on its own, never mixed."""

from __future__ import annotations

from dataclasses import dataclass

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse

from playtest.log import PLAYED, SIMULATED
from playtest.log.stats import GameStats, game_stats
from playtest.scorer.web_game import WebGame
from playtest.web import plots
from playtest.web.context import WebContext, ctx, page
from playtest.web.labels import label_of, score_labels

STATS_KEPT = 32  # stats pages kept worked out (a game and kit version each)
SIMULATED_SHOWN = 5_000  # the newest simulated games a page reads (a run may log 100,000):
# enough for intervals of about ±1.4 points, read and computed in about a second


@dataclass(frozen=True)
class Group:
    key: str  # "played" or "simulated"
    title: str
    stats: GameStats
    logged: int  # games in the log; stats.games of them were read
    charts: dict[str, str]
    breakdown: list[tuple[str, str, float]]  # each category's key, its words, its average


async def stats(request: Request) -> HTMLResponse:
    c = ctx(request)
    game_id = request.path_params["game"]
    web_game = c.web_game(game_id)
    if web_game is None:
        return page(
            request,
            "error.html",
            status_code=404,
            title="Not found",
            message=f"There is no game {game_id!r}.",
        )
    versions = [(v, n) for g, v, n in c.log.versions() if g == game_id]
    version = request.query_params.get("version") or (versions[0][0] if versions else None)
    game = c.library.game(game_id)
    groups = (
        await run_in_threadpool(_cached_groups, c, web_game, game_id, version) if version else []
    )
    return page(
        request,
        "stats.html",
        title=f"{game.info.name}: stats",
        game_id=game_id,
        game_name=game.info.name,
        versions=versions,
        version=version,
        groups=groups,
    )


def _cached_groups(c: WebContext, web_game: WebGame, game_id: str, version: str) -> list[Group]:
    """The groups of a game and kit version, worked out once per change of the log: reading
    thousands of games and drawing the plots takes seconds, a page must not."""
    key = (game_id, version, c.log.changes())
    with c.stats_lock:
        found = c.stats_cache.get(key)
    if found is None:
        found = _groups(c, web_game, game_id, version)
        with c.stats_lock:
            c.stats_cache[key] = found
            while len(c.stats_cache) > STATS_KEPT:  # the oldest go first
                c.stats_cache.pop(next(iter(c.stats_cache)))
    return found


def _groups(c: WebContext, web_game: WebGame, game_id: str, version: str) -> list[Group]:
    names = web_game.card_names(c.library.game(game_id))
    labels = score_labels(c.library.game(game_id))
    groups = []
    for key, title, limit in (
        (PLAYED, "Played at the table", None),
        (SIMULATED, "Simulated by bots", SIMULATED_SHOWN),
    ):
        entries = c.log.games(game_id, version, source=key, limit=limit)
        computed = game_stats(entries, names, web_game.breakdown_category)
        logged = c.log.count(game_id, version, source=key)
        breakdown = [(k, label_of(k, labels), v) for k, v in computed.breakdown.items()]
        charts = _charts(computed, key, labels) if entries else {}
        groups.append(Group(key, title, computed, logged, charts, breakdown))
    return groups


def _charts(computed: GameStats, key: str, labels: dict[str, str] | None = None) -> dict[str, str]:
    who = "played" if key == PLAYED else "simulated"
    charts = {
        "scores": plots.score_distribution(computed),
        "breakdown": plots.breakdown(computed, labels),
    }
    for table in computed.seats:  # each player count on its own
        players = f"{table.players} player{'s' if table.players != 1 else ''}"
        charts[f"seat-{table.players}"] = plots.win_rates(
            table.by_seat, f"Wins by seat, {players} ({who})"
        )
        charts[f"order-{table.players}"] = plots.win_rates(
            table.by_turn_order, f"Wins by turn order, {players} ({who})"
        )
    if computed.winner_cards:
        charts["cards"] = plots.winner_cards(computed)
    return charts
