"""The stats page of a game at one kit version."""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse

from playtest.log.stats import game_stats
from playtest.web import plots
from playtest.web.context import ctx, page


async def stats(request: Request) -> HTMLResponse:
    c = ctx(request)
    game_id = request.path_params["game"]
    web_game = c.web_game(game_id)
    if web_game is None:
        return page(request, "error.html", status_code=404, title="Not found",
                    message=f"There is no game {game_id!r}.")
    versions = [(v, n) for g, v, n in c.log.versions() if g == game_id]
    version = request.query_params.get("version") or (versions[0][0] if versions else None)
    game = c.library.game(game_id)
    entries = c.log.games(game_id, version) if version else []
    computed = game_stats(entries, web_game.card_names(game))
    charts = await run_in_threadpool(_charts, computed) if entries else {}
    return page(request, "stats.html", title=f"{game.info.name}: stats", game_id=game_id,
                game_name=game.info.name, versions=versions, version=version, stats=computed,
                charts=charts)


def _charts(computed) -> dict[str, str]:
    charts = {"seat": plots.win_rates(computed.by_seat, "Wins by seat"),
              "order": plots.win_rates(computed.by_turn_order, "Wins by turn order"),
              "scores": plots.score_distribution(computed),
              "breakdown": plots.breakdown(computed)}
    if computed.winner_cards:
        charts["cards"] = plots.winner_cards(computed)
    return charts
