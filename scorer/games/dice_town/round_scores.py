"""A resolved round as the scores of a position: per player what they surely take at each location
(`total` = locations won outright), each hand, and every location in words and in JSON."""

from __future__ import annotations

from typing import Any

from playtest.core.wording import plural
from playtest.scorer.games.dice_town.position import RoundPosition
from playtest.scorer.games.dice_town.round_resolver import (
    LocationOutcome,
    RoundOutcome,
    deeds_taken,
)
from playtest.scorer.games.dice_town.round_text import doc_badluck_text, location_text
from playtest.scorer.games.dice_town.rules import Rules
from playtest.scorer.interface import Scores
from playtest.scorer.result import PlayerScore


def round_scores(position: RoundPosition, outcome: RoundOutcome, rules: Rules) -> Scores:
    players = []
    notes = []
    for player in position.players:
        breakdown = {
            o.location.id: o.amount if o.winner == player.name else 0 for o in outcome.locations
        }
        won = sum(o.winner == player.name and o.rewards(player.name) for o in outcome.locations)
        hand = outcome.hands.get(player.name)
        shown = hand.to_json() if hand else {"category": None}
        notes.append(
            f"{player.name} hand: "
            + (hand.describe() if hand else f"no hand ({plural(len(player.dice), 'die', 'dice')})")
        )
        players.append(PlayerScore(player.name, won, breakdown, {"hand": shown}))
    extra_deeds = rules.resolution.extra_deeds
    lines = [
        location_text(o, position.deeds, position.sheriff, extra_deeds) for o in outcome.locations
    ]
    located = [
        _location_json(o, text, position, extra_deeds)
        for o, text in zip(outcome.locations, lines, strict=True)
    ]
    extra: dict[str, Any] = {"kind": "round", "locations": located}
    notes += ["kind: round", "locations: resolved left to right", *(f"  {t}" for t in lines)]
    doc = outcome.doc_badluck
    if doc is not None:
        location_names = {loc.id: loc.name for loc in rules.locations}
        text = doc_badluck_text(doc, location_names)
        extra["doc_badluck"] = {
            "visitors": list(doc.visitors),
            "unless": {p: list(t) for p, t in doc.unless.items()},
            "order_chosen_by": list(doc.order_by),
            "text": text,
        }
        notes.append(f"doc_badluck: {text}")
    return Scores(players=tuple(players), winners=(), extra=extra, notes=tuple(notes))


def _location_json(
    outcome: LocationOutcome, text: str, position: RoundPosition, extra_deeds: str
) -> dict[str, Any]:
    out: dict[str, Any] = {
        "location": outcome.location.id,
        "name": outcome.location.name,
        "winner": outcome.winner,
        "tied": list(outcome.tied),
        "decided_by": list(outcome.decided_by) if outcome.tied else [],
        "prize": outcome.location.prize,
        "amount": outcome.amount,
    }
    if outcome.counts is not None:
        out["counts"] = dict(outcome.counts)
    if outcome.hand is not None:
        out["hand"] = outcome.hand.to_json()
    if outcome.location.prize == "deeds" and position.deeds is not None:
        deeds = deeds_taken(outcome.amount, position.deeds, extra_deeds)
        out["deeds"] = {
            "taken": list(deeds.taken),
            "choose": deeds.choose,
            "among": list(deeds.among),
        }
    out["text"] = text
    return out
