"""End-of-game scores: printed deed and General Store points, nuggets, money and the badge."""

from __future__ import annotations

from playtest.scorer.games.dice_town.position import FinalPlayer, FinalPosition
from playtest.scorer.games.dice_town.rules import Rules
from playtest.scorer.mechanics.ranking import winners
from playtest.scorer.result import PlayerScore


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
    """Every player's score and the winners. No source gives a tie-breaker: by the rules'
    `first_place_tie`, a tie is shared, or won by a tied player holding the sheriff badge."""
    scores = [player_score(p, rules) for p in position.players]
    keys = [lambda s: s.total]
    if rules.scoring.first_place_tie == "sheriff":
        badge = {p.name for p in position.players if p.sheriff}
        keys.append(lambda s: s.name in badge)
    return scores, winners(scores, keys, lambda s: s.name)
