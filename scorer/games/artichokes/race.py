"""The race to shed every Artichoke, and the one moment it is won."""

from __future__ import annotations

from playtest.scorer.games.artichokes.cards import ARTICHOKE
from playtest.scorer.games.artichokes.position import PlayerZones, Position
from playtest.scorer.games.artichokes.rules import Rules
from playtest.scorer.result import PlayerScore

TOTAL_MEANS = "Artichokes left in deck, hand and discard (fewest leads)"


def standings(position: Position) -> tuple[PlayerScore, ...]:
    return tuple(_standing(player) for player in position.players)


def _standing(player: PlayerZones) -> PlayerScore:
    breakdown = {
        "deck": player.deck.size,
        "hand": player.hand.size,
        "discard": player.discard.size,
        "artichokes_in_deck": player.deck.count(ARTICHOKE),
        "artichokes_in_hand": player.hand.count(ARTICHOKE),
        "artichokes_in_discard": player.discard.count(ARTICHOKE),
    }
    return PlayerScore(player.name, player.owned.count(ARTICHOKE), breakdown)


def winners(position: Position, rules: Rules) -> tuple[str, ...]:
    """Only the hand drawn at the end of one's own turn wins; no Artichoke earlier is no win."""
    player = position.current
    if rules.reached(position.phase, "draw") and not player.hand.count(ARTICHOKE):
        return (player.name,)
    return ()
