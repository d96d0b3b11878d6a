"""The score box: vegetables × market value, ribbons, pig rows, and the advanced majorities;
then the winners by total, most vegetables planted, most pig circles."""

from __future__ import annotations

from dataclasses import dataclass

from playtest.scorer.games.harvest_dice.record import PlayerBoard, Position
from playtest.scorer.interface import Scores
from playtest.scorer.mechanics.ranking import leaders, winners
from playtest.scorer.result import PlayerScore

from playtest.model.game import Game
from playtest.model.rules.harvest_dice import PIG, Pig, Rules


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
    boxes = [_own_points(player, position, rules) for player in position.players]
    majorities = rules.majorities
    if position.variant in majorities.variants:
        for award in majorities.awards:
            counts = {p.name: _award_count(p, award.counts, rules) for p in position.players}
            leading = leaders(counts, majorities.min_count)
            for player, box in zip(position.players, boxes, strict=True):
                box[award.id] = majorities.points if player.name in leading else 0
    return [Scored(player, PlayerScore(player.name, sum(box.values()), box))
            for player, box in zip(position.players, boxes, strict=True)]


def winner_names(scored: list[Scored], rules: Rules) -> list[str]:
    return winners(scored, keys=[lambda s: s.score.total,
                                 lambda s: s.board.garden.planted,
                                 lambda s: pig_circles(s.board, rules.pig)],
                   name=lambda s: s.score.name)


def _own_points(player: PlayerBoard, position: Position, rules: Rules) -> dict[str, int]:
    box = {v.id: player.garden.count(v.id) * position.markets[v.id] for v in rules.vegetables}
    box["ribbons"] = player.garden.complete_rows * rules.garden.ribbon_points
    rows = complete_pig_rows(player.pig, rules.pig)
    box["pig"] = sum(rules.pig.row_points[:rows])
    return box


def _award_count(player: PlayerBoard, counts: str, rules: Rules) -> int:
    return pig_circles(player, rules.pig) if counts == PIG else player.garden.count(counts)
