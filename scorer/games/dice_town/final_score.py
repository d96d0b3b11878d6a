"""End-of-game scores: printed deed and General Store points, nuggets, money and the badge."""

from __future__ import annotations

from playtest.scorer.games.dice_town.position import FinalPlayer, FinalPosition
from playtest.scorer.mechanics.ranking import winners
from playtest.scorer.result import PlayerScore

from playtest.model.rules.dice_town import Rules


def player_score(player: FinalPlayer, rules: Rules) -> PlayerScore:
    scoring = rules.scoring
    breakdown = {
        "deeds": sum(card.points for card in player.deeds),
        "store": sum(card.points for card in player.store),
        "nuggets": player.nuggets * scoring.points_per_nugget,
        "money": player.dollars // scoring.dollars_per_point,
        "sheriff": scoring.sheriff_badge_points if player.sheriff else 0,
    }
    return PlayerScore(player.name, sum(breakdown.values()), breakdown)


def final_scores(position: FinalPosition, rules: Rules) -> tuple[list[PlayerScore], list[str]]:
    """Every player's score and the winners; a tie is shared (no source gives a tie-breaker)."""
    scores = [player_score(p, rules) for p in position.players]
    return scores, winners(scores, [lambda s: s.total], lambda s: s.name)
