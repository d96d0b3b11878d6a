"""The score box: vegetables × market value, ribbons, pig rows, and the advanced majorities;
then the winners by total, most vegetables planted, most pig circles.

The box is worked out from a few plain numbers per player (a `Tally`): a record's garden and
the engine's bitmasks both come down to them, so `playtest score`, the engines and the bots
share this one scoring code.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from operator import mul
from typing import NamedTuple

from playtest.core.per_object import per_object
from playtest.scorer.games.harvest_dice.position import Position
from playtest.scorer.games.harvest_dice.rules import PIG, LoadedGame, Pig, Rules
from playtest.scorer.interface import Scores
from playtest.scorer.mechanics.ranking import leading, winners
from playtest.scorer.result import PlayerScore


class Tally(NamedTuple):
    """What a player's score depends on."""

    planted: tuple[int, ...]  # vegetables planted, per vegetable in sheet order
    complete_rows: int  # garden rows with every cell planted
    pig: int  # pig circles as recorded


def complete_pig_rows(circles: int, pen: Pig) -> int:
    return min(max(circles // pen.circles_per_row, 0), pen.rows)


def score(position: Position, game: LoadedGame) -> Scores:
    players = score_players(position, game.rules)
    return Scores(players=players, winners=tuple(winner_names(position, players, game.rules)))


@dataclass(frozen=True)
class BoxLines:
    """The score box as the rules lay it out, worked out once per rules object: a folder of
    records, and the bots at every move, score against the same rules again and again."""

    vegetables: tuple[str, ...]  # vegetable ids, in sheet order
    ribbon_points: int
    pig_circles: int
    pig_points: tuple[int, ...]  # by circles crossed: none, one, ... all
    majority_variants: tuple[str, ...]
    awards: tuple[tuple[str, int | None], ...]  # (box line, vegetable index; None: pig circles)
    award_points: int
    min_count: int


@per_object
def box_lines(rules: Rules) -> BoxLines:
    index = {v.id: i for i, v in enumerate(rules.vegetables)}
    pen, majorities = rules.pig, rules.majorities
    return BoxLines(
        vegetables=tuple(index),
        ribbon_points=rules.garden.ribbon_points,
        pig_circles=pen.circles,
        pig_points=tuple(
            sum(pen.row_points[: complete_pig_rows(circles, pen)])
            for circles in range(pen.circles + 1)
        ),
        majority_variants=tuple(majorities.variants),
        awards=tuple(
            (a.id, None if a.counts == PIG else index[a.counts]) for a in majorities.awards
        ),
        award_points=majorities.points,
        min_count=majorities.min_count,
    )


def score_players(position: Position, rules: Rules) -> tuple[PlayerScore, ...]:
    markets = position.markets
    tallies = [
        Tally(p.garden.planted_each, p.garden.complete_rows, p.pig) for p in position.players
    ]
    boxes = score_boxes(
        tallies, tuple(markets[v] for v in box_lines(rules).vegetables), position.variant, rules
    )
    return tuple(
        [
            PlayerScore(player.name, sum(box.values()), box)
            for player, box in zip(position.players, boxes, strict=True)
        ]
    )


def score_boxes(
    tallies: Sequence[Tally], markets: Sequence[int], variant: str, rules: Rules
) -> list[dict[str, int]]:
    """Every player's score box, in seat order; `markets` per vegetable in sheet order."""
    lines = box_lines(rules)
    boxes = [_own_box(t, markets, lines) for t in tallies]
    if tallies and variant in lines.majority_variants:
        # what each award counts, seat by seat: a vegetable planted, or the pig circles shown
        planted = list(zip(*(t.planted for t in tallies), strict=True))
        shown = tuple(_shown(t.pig, lines.pig_circles) for t in tallies)
        points, minimum = lines.award_points, lines.min_count
        for line, vegetable in lines.awards:
            flags = leading(shown if vegetable is None else planted[vegetable], minimum)
            for box, lead in zip(boxes, flags, strict=True):
                box[line] = points if lead else 0
    return boxes


def own_points(player: Tally, markets: Sequence[int], rules: Rules) -> dict[str, int]:
    """The lines of the box a player's own sheet decides (no majorities)."""
    return _own_box(player, markets, box_lines(rules))


def _own_box(player: Tally, markets: Sequence[int], lines: BoxLines) -> dict[str, int]:
    box = dict(zip(lines.vegetables, map(mul, player.planted, markets), strict=True))
    box["ribbons"] = player.complete_rows * lines.ribbon_points
    box["pig"] = lines.pig_points[min(max(player.pig, 0), lines.pig_circles)]  # as _shown
    return box


def winner_names(position: Position, players: Sequence[PlayerScore], rules: Rules) -> list[str]:
    """By total, then most vegetables planted, then most pig circles the pen can show."""
    boards, circles = position.players, box_lines(rules).pig_circles
    return winners(
        range(len(players)),
        keys=[
            lambda seat: players[seat].total,
            lambda seat: boards[seat].garden.planted,
            lambda seat: _shown(boards[seat].pig, circles),
        ],
        name=lambda seat: players[seat].name,
    )


def _shown(circles: int, most: int) -> int:
    """Circles the pen can show: a record beyond its ends (HD-03) counts as empty or full."""
    return min(max(circles, 0), most)
