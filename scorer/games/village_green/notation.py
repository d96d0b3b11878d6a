"""Village Green's log notation (docs/records.md, "Village Green log"). Cards are their printed
ids (any case). Chance: `deal:` (the set-up) and `draw:` (one card off a deck: into the hand,
as the award taken, or refilling a display). Decisions:

    take G17          take the face-up green card G17 (or award: take A05)
    draw green        take the top card of the green deck (draw award: of the award deck)
    G17 r2c3          place G17 in grid row 2, column 3 (on a non-lawn card: the village card)
    G17 bottom        place nothing: put G17 under the green deck
    A05 top 2         place the award A05 above column 2 (A05 left 3: left of row 3)
    village greens    flip the village card: the green display under its deck, 3 new shown
                      (village awards: the award display)
    stop              solo: end the game;  pass: nothing can be taken
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playtest.scorer.games.village_green.engine import Deal, Engine
    from playtest.scorer.games.village_green.turn_rules import Move

_PLACE = re.compile(r"r(\d{1,2})\s*c(\d{1,2})", re.IGNORECASE)
_SLOT = re.compile(r"(top|left)\s+(\d{1,2})", re.IGNORECASE)
DISPLAY = "display"  # the deal's key for the face-up cards beside the decks
EXAMPLES = "`take G17`, `draw green`, `G17 r2c3`, `G17 bottom`, `A05 top 2` or `village greens`"


def card_id(engine: Engine, text: str) -> str:
    return engine.catalogue.lookup.get(text)


def parse_move(engine: Engine, text: Any) -> Move:
    words = text.split(None, 1) if isinstance(text, str) else []
    if not words:
        raise ValueError(f"cannot read move {text!r:.60} (expected e.g. {EXAMPLES})")
    head, rest = words[0].lower(), (words[1].strip().lower() if len(words) > 1 else "")
    if head in ("stop", "pass") and not rest:
        return head, None, None
    if head == "take":
        return "take", card_id(engine, rest), None
    if head in ("draw", "village"):
        deck = {"green": "green", "greens": "green", "award": "awards", "awards": "awards"}.get(
            rest
        )
        if deck is None:
            raise ValueError(
                f"cannot read move {text!r:.60}: {head} green or {head} "
                f"award{'s' if head == 'village' else ''}"
            )
        return head, deck, None
    card = card_id(engine, words[0])
    if rest == "bottom":
        return "bottom", card, None
    if found := _PLACE.fullmatch(rest):
        row, column = int(found.group(1)), int(found.group(2))
        if not (1 <= row <= engine.rows and 1 <= column <= engine.columns):
            raise ValueError(
                f"r{row}c{column} is not in the grid (rows 1 to {engine.rows}, "
                f"columns 1 to {engine.columns})"
            )
        return "place", card, (row - 1) * engine.columns + column - 1
    if found := _SLOT.fullmatch(rest):
        side, number = found.group(1).lower(), int(found.group(2))
        count = engine.columns if side == "top" else engine.rows
        if not 1 <= number <= count:
            raise ValueError(f"there is no award slot {side} {number} (1 to {count})")
        return "award", card, number - 1 + (0 if side == "top" else engine.columns)
    raise ValueError(f"cannot read move {text!r:.60} (expected e.g. {EXAMPLES})")


def format_move(engine: Engine, move: Move) -> str:
    kind, card, where = move
    if kind in ("stop", "pass"):
        return kind
    if kind in ("draw", "village"):
        return f"{kind} {'green' if card == 'green' else 'award'}{'s' * (kind == 'village')}"
    if kind == "take":
        return f"take {card}"
    if kind == "bottom":
        return f"{card} bottom"
    assert where is not None
    if kind == "place":
        row, column = divmod(where, engine.columns)
        return f"{card} r{row + 1}c{column + 1}"
    if where < engine.columns:
        return f"{card} top {where + 1}"
    return f"{card} left {where - engine.columns + 1}"


def _cards(engine: Engine, value: Any, what: str) -> tuple[str, ...]:
    if isinstance(value, str):
        words = value.replace(",", " ").split()
    elif isinstance(value, list):
        words = [str(v) for v in value]
    else:
        raise ValueError(f"{what}: expected card ids, e.g. G05 G13 G28 A12 A02 A24")
    return tuple(card_id(engine, word) for word in words)


def parse_deal(engine: Engine, names: tuple[str, ...], value: Any) -> Deal:
    """`{Ann: G05 G13 G28 A12 A02 A24, ..., display: G01 G02 G03 A07 A08 A09}`: each player's
    hand and top award slots (left to right), then the face-up cards."""
    if not isinstance(value, dict):
        raise ValueError(
            "expected each player's cards and the display, e.g. {Ann: G05 G13 "
            "G28 A12 A02 A24, display: G01 G02 G03 A07 A08 A09}"
        )
    keys = {str(k): v for k, v in value.items()}
    wanted = (*names, DISPLAY)
    unknown = [k for k in keys if k not in wanted]
    if unknown:
        raise ValueError(
            f"unknown key {unknown[0]!r} in the deal (expected the players and {DISPLAY})"
        )
    missing = [k for k in wanted if k not in keys]
    if missing:
        raise ValueError(f"the deal has no {missing[0]!r} (every player and the {DISPLAY})")
    split = [_split(engine, _cards(engine, keys[k], k)) for k in wanted]
    return (
        tuple(g for g, _ in split[:-1]),
        tuple(a for _, a in split[:-1]),
        split[-1][0],
        split[-1][1],
    )


def _split(engine: Engine, cards: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    return (
        tuple(c for c in cards if c in engine.catalogue.green),
        tuple(c for c in cards if c in engine.catalogue.awards),
    )


def format_deal(names: tuple[str, ...], deal: Deal) -> dict[str, str]:
    hands, tops, greens, awards = deal
    out = {
        name: " ".join((*hand, *top)) for name, hand, top in zip(names, hands, tops, strict=True)
    }
    out[DISPLAY] = " ".join((*greens, *awards))
    return out
