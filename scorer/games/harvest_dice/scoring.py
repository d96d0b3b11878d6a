"""The score box: vegetables × market value, ribbons, pig rows, and the advanced majorities;
then the winners by total, most vegetables planted, most pig circles.

The box is worked out from a few plain numbers per player (a `Tally`): a record's garden and
the engine's bitmasks both come down to them, so `playtest score`, the engines and the bots
share this one scoring code.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from playtest.scorer.games.harvest_dice.record import PlayerBoard, Position
from playtest.scorer.interface import Scores
from playtest.scorer.mechanics.ranking import leaders, winners
from playtest.scorer.result import PlayerScore

from playtest.model.game import Game
from playtest.model.rules.harvest_dice import PIG, Pig, Rules


class Tally(NamedTuple):
    """What a player's score depends on."""

    planted: tuple[int, ...]  # vegetables planted, per vegetable in sheet order
    complete_rows: int  # garden rows with every cell planted
    pig: int  # pig circles as recorded


def complete_pig_rows(circles: int, pen: Pig) -> int:
    return min(max(circles // pen.circles_per_row, 0), pen.rows)


def pig_circles(player: PlayerBoard, pen: Pig) -> int:
    """Circles the pen can show: a record beyond its ends (HD-03) counts as empty or full."""
    return min(max(player.pig, 0), pen.circles)


def score(position: Position, game: Game) -> Scores:
    scored = score_players(position, game.rules)
    return Scores(players=tuple(s.score for s in scored),
                  winners=tuple(winner_names(scored, game.rules)))


@dataclass(frozen=True)
class Scored:
    board: PlayerBoard
    score: PlayerScore


def score_players(position: Position, rules: Rules) -> list[Scored]:
    markets = tuple(position.markets[v.id] for v in rules.vegetables)
    boxes = score_boxes([tally(p) for p in position.players], markets,
                        position.variant, rules)
    return [Scored(player, PlayerScore(player.name, sum(box.values()), box))
            for player, box in zip(position.players, boxes, strict=True)]


def tally(player: PlayerBoard) -> Tally:
    garden = player.garden
    return Tally(garden.planted_each, garden.complete_rows, player.pig)


def score_boxes(tallies: Sequence[Tally], markets: Sequence[int], variant: str,
                rules: Rules) -> list[dict[str, int]]:
    """Every player's score box, in seat order; `markets` per vegetable in sheet order."""
    boxes = [own_points(t, markets, rules) for t in tallies]
    majorities = rules.majorities
    if variant in majorities.variants:
        veg_index = {v.id: i for i, v in enumerate(rules.vegetables)}
        for award in majorities.awards:
            counts = {seat: _award_count(t, award.counts, veg_index, rules.pig)
                      for seat, t in enumerate(tallies)}
            leading = leaders(counts, majorities.min_count)
            for seat, box in enumerate(boxes):
                box[award.id] = majorities.points if seat in leading else 0
    return boxes


def own_points(player: Tally, markets: Sequence[int], rules: Rules) -> dict[str, int]:
    """The lines of the box a player's own sheet decides (no majorities)."""
    box = {v.id: n * m for v, n, m in zip(rules.vegetables, player.planted, markets,
                                          strict=True)}
    box["ribbons"] = player.complete_rows * rules.garden.ribbon_points
    box["pig"] = sum(rules.pig.row_points[:complete_pig_rows(player.pig, rules.pig)])
    return box


def winner_names(scored: list[Scored], rules: Rules) -> list[str]:
    return winners(scored, keys=[lambda s: s.score.total,
                                 lambda s: s.board.garden.planted,
                                 lambda s: pig_circles(s.board, rules.pig)],
                   name=lambda s: s.score.name)


def _award_count(player: Tally, counts: str, veg_index: dict[str, int], pen: Pig) -> int:
    """Pig circles the pen can show (as `pig_circles`), or a vegetable planted."""
    return min(max(player.pig, 0), pen.circles) if counts == PIG else \
        player.planted[veg_index[counts]]
