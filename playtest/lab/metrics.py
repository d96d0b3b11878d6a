"""The balance lab's measures, defined once over any game's results (docs/balance-lab.md).

They follow Ludii's evaluation metrics where one exists (balance, advantage, drawishness,
duration, lead change, decisiveness). A shared win gives each of the k winners 1/k, so the
seats' win rates add up to 1 over completed games.
"""

from __future__ import annotations

import itertools
import math
import statistics
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from playtest.lab.play import GameOutcome

Z95 = 1.959964


def interval(p: float, n: int) -> tuple[float, float]:
    """95 % Wilson interval of a proportion observed `p` in `n` trials."""
    if n == 0:
        return (0.0, 1.0)
    centre = (p + Z95**2 / (2 * n)) / (1 + Z95**2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / (1 + Z95**2 / n)
    # it holds p itself even where rounding says otherwise (p = 1: centre + half is 0.99999...)
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


def difference_interval(p1: float, n1: int, p2: float, n2: int) -> tuple[float, float]:
    """95 % normal interval of p1 - p2 (independent samples)."""
    if not n1 or not n2:
        return (-1.0, 1.0)
    half = Z95 * math.sqrt(p1 * (1 - p1) / n1 + p2 * (1 - p2) / n2)
    return (p1 - p2 - half, p1 - p2 + half)


def share(outcome: GameOutcome, seat: int) -> float:
    """The seat's part of the win: 1, 1/k of a win shared by k, or 0."""
    return 1 / len(outcome.winners) if seat in outcome.winners else 0.0


def spread(values: Sequence[float]) -> dict[str, float]:
    if not values:
        return {
            "mean": 0.0,
            "sd": 0.0,
            "min": 0.0,
            "p25": 0.0,
            "median": 0.0,
            "p75": 0.0,
            "max": 0.0,
        }
    ordered = sorted(values)
    quart = statistics.quantiles(ordered, n=4) if len(ordered) > 1 else [ordered[0]] * 3
    return {
        "mean": statistics.fmean(ordered),
        "sd": statistics.pstdev(ordered) if len(ordered) > 1 else 0.0,
        "min": ordered[0],
        "p25": quart[0],
        "median": quart[1],
        "p75": quart[2],
        "max": ordered[-1],
    }


def seat_win_rates(done: Sequence[GameOutcome], players: int) -> list[float]:
    return [sum(share(o, s) for o in done) / len(done) if done else 0.0 for s in range(players)]


def lead_changes(outcome: GameOutcome) -> int:
    """Times the sole leader changed from one round to a later one (shared leads skipped)."""
    sole = [lead[0] for lead in outcome.leaders if len(lead) == 1]
    return sum(a != b for a, b in itertools.pairwise(sole))


def decisiveness(outcome: GameOutcome) -> float | None:
    """The share of the game's rounds, counted back from the end, in which the eventual (sole)
    winner already led alone: 1 when they led from the first round, near 0 for a late win."""
    if len(outcome.winners) != 1 or not outcome.leaders:
        return None
    winner, held = outcome.winners[0], 0
    for lead in reversed(outcome.leaders):
        if lead != (winner,):
            break
        held += 1
    return held / len(outcome.leaders)


def margin(outcome: GameOutcome) -> int:
    ordered = sorted(outcome.scores, reverse=True)
    return ordered[0] - ordered[1] if len(ordered) > 1 else ordered[0]


def scalar_metrics(outcomes: Sequence[GameOutcome]) -> dict[str, float]:
    """The single-number measures (the ones compared between variants)."""
    done = [o for o in outcomes if o.completed]
    players = len(outcomes[0].seats) if outcomes else 0
    rates = seat_win_rates(done, players)
    decisive = [d for d in map(decisiveness, done) if d is not None]
    return {
        "completion": len(done) / len(outcomes) if outcomes else 0.0,
        "balance": 1 - (max(rates) - min(rates)) if rates else 0.0,
        "start_player_win_rate": rates[0] if rates else 0.0,
        "start_player_advantage": rates[0] - 1 / players if rates else 0.0,
        "shared_wins": sum(len(o.winners) > 1 for o in done) / len(done) if done else 0.0,
        "rounds": statistics.fmean(o.rounds for o in done) if done else 0.0,
        "decisions": statistics.fmean(o.decisions for o in done) if done else 0.0,
        "lead_changes": statistics.fmean(map(lead_changes, done)) if done else 0.0,
        "decisiveness": statistics.fmean(decisive) if decisive else 0.0,
        "score": statistics.fmean(s for o in done for s in o.scores) if done else 0.0,
        "margin": statistics.fmean(map(margin, done)) if done else 0.0,
    }


def bot_win_rates(done: Sequence[GameOutcome]) -> dict[str, dict[str, Any]]:
    """Each bot's share of wins per seat it played, with the rate an equal bot would have."""
    wins: dict[str, float] = defaultdict(float)
    seats: dict[str, int] = defaultdict(int)
    for outcome in done:
        for seat, bot in enumerate(outcome.seats):
            wins[bot] += share(outcome, seat)
            seats[bot] += 1
    players = len(done[0].seats) if done else 1
    return {
        bot: {
            "win_rate": wins[bot] / seats[bot],
            "seat_games": seats[bot],
            "ci": interval(wins[bot] / seats[bot], seats[bot]),
            "fair": 1 / players,
        }
        for bot in sorted(seats)
    }


def component_weights(
    done: Sequence[GameOutcome], minimum: int = 5, bot: str | None = None
) -> list[dict[str, Any]]:
    """Per feature (a component present or a strategy used at a seat): the win rate of seats
    with it against seats without it, with a 95 % interval of the difference. With `bot`, only
    the seats that bot played are counted (with and without alike)."""

    def counted(outcome: GameOutcome) -> list[int]:
        return [s for s, name in enumerate(outcome.seats) if bot is None or name == bot]

    total = sum(len(counted(o)) for o in done)
    all_wins = sum(share(o, s) for o in done for s in counted(o))
    wins: dict[str, float] = defaultdict(float)
    count: dict[str, int] = defaultdict(int)
    for outcome in done:
        for seat in counted(outcome):
            for feature in outcome.features[seat]:
                wins[feature] += share(outcome, seat)
                count[feature] += 1
    weights = []
    for feature in sorted(count):
        n_with, n_without = count[feature], total - count[feature]
        if n_with < minimum or n_without < minimum:
            continue
        with_rate = wins[feature] / n_with
        without_rate = (all_wins - wins[feature]) / n_without
        weights.append(
            {
                "feature": feature,
                "with": with_rate,
                "without": without_rate,
                "weight": with_rate - without_rate,
                "seat_games": n_with,
                "ci": difference_interval(with_rate, n_with, without_rate, n_without),
            }
        )
    return sorted(weights, key=lambda w: -abs(w["weight"]))


ALL_SEATS = (
    "Each weight is the win rate of the seats with the component or strategy minus the win "
    "rate of the seats without it, over all seats (every seat was played by the same bot)."
)
PER_BOT = (
    "Bots of different strength played this run, so weights and score distributions are given "
    "for each bot's own seats: each weight is the win rate of that bot's seats with the "
    "component or strategy minus that bot's seats without it. Lumping the bots together would "
    "mostly measure which bot played (a strong bot both wins and completes more)."
)


def run_bots(outcomes: Sequence[GameOutcome]) -> list[str]:
    """The bots that played, in name order."""
    return sorted({bot for o in outcomes for bot in o.seats})


def all_metrics(outcomes: Sequence[GameOutcome]) -> dict[str, Any]:
    done = [o for o in outcomes if o.completed]
    names = run_bots(done)
    mixed = len(names) > 1
    players = len(outcomes[0].seats) if outcomes else 0
    rates = seat_win_rates(done, players)
    bots = bot_win_rates(done)
    strong = [b for b in bots if b != "random"]
    skill = None
    if "random" in bots and strong:
        best = max(strong, key=lambda b: bots[b]["win_rate"])
        skill = {"strong": best, "gap": bots[best]["win_rate"] - bots["random"]["win_rate"]}
    return {
        "games": len(outcomes),
        "completed": len(done),
        "timeouts": len(outcomes) - len(done),
        "players": players,
        **scalar_metrics(outcomes),
        "seat_win_rates": [
            {"seat": s + 1, "win_rate": r, "ci": interval(r, len(done))}
            for s, r in enumerate(rates)
        ],
        "start_player_ci": interval(rates[0], len(done)) if rates else (0.0, 1.0),
        "duration": {
            "rounds": spread([o.rounds for o in done]),
            "decisions": spread([o.decisions for o in done]),
        },
        "scores": spread([s for o in done for s in o.scores]),
        "winning_scores": spread([max(o.scores) for o in done]),
        "margins": spread([margin(o) for o in done]),
        "lead_changes_spread": spread([lead_changes(o) for o in done]),
        "bots": bots,
        "skill_gap": skill,
        # lumped over all seats only where one bot played them all (else: per bot, below)
        "components": [] if mixed else component_weights(done),
        "components_by_bot": {bot: component_weights(done, bot=bot) for bot in names},
        "scores_by_bot": {
            bot: spread(
                [s for o in done for s, b in zip(o.scores, o.seats, strict=True) if b == bot]
            )
            for bot in names
        },
        "mixed_bots": mixed,
        "weights_measure": PER_BOT if mixed else ALL_SEATS,
    }
