"""Dice Town's log notation (docs/records.md, "Dice Town"): a move is a few words, dice faces
as printed (`9 10 J Q K A`, any case), cards by their printed ids (`GS01`, `P05`, `DB3`) and
players by name:

    keep 9 K            keep two dice of this roll ($1 for the second)
    keep none           keep no die ($1) and roll them all again
    keep 9 K K with GS09    Scoundrel: the extra dice cost nothing
    GS01 / pass         play the card offered now (Dynamite), or not
    GS10 9 as A         Cardsharp: turn a 9 of the hand into an Ace
    choose Bob          the sheriff gives a tied location to Bob
    keep GS12           keep one of the cards drawn (General Store, Saloon)
    from Bob            Hold-up or the Saloon: Bob is the one who pays or is drawn from
    take P05            the Town Hall's extra deed, among the rest of the display
    next Ann            the sheriff: Ann visits Doc Badluck next
    DB1 Bob / DB4 P05 P07 / DB3   a Doc Badluck card (and whom or what it names)
    give P05            a card given (Donation, Friendship)

Chance events: `roll: {Ann: 9 9 K Q A, Bob: 10 J}` (every player still rolling, the faces of
the dice in their cup), `deeds: P05 P12 P03` (deeds turned up, or Backhander's), `doc: DB1`,
`store: GS03 GS12` (General Store cards drawn, top first), `saloon: P05 GS12` (drawn from the
Saloon's target).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from playtest.scorer.games.dice_town.engine_chance import KEYS, Chance, Roll

if TYPE_CHECKING:
    from playtest.scorer.games.dice_town.engine import Engine
    from playtest.scorer.games.dice_town.engine_moves import Move
    from playtest.scorer.games.dice_town.state import State

VERBS = ("keep", "pass", "choose", "from", "next", "take", "give")
NAMED = ("choose", "from", "next")  # the rest of the move is a player's name
WORDS = ("as", "with", "none")


def format_move(move: Move) -> str:
    return " ".join(move)


def parse_move(engine: Engine, state: State, text: Any) -> Move:
    if isinstance(text, (int, float)) and not isinstance(text, bool):
        text = str(text)
    if not isinstance(text, str) or not text.split():
        raise ValueError(
            f"cannot read move {text!r:.60} (expected e.g. `keep 9 K`, "
            "`keep none`, `GS01`, `pass`, `choose Bob`, `DB3`)"
        )
    first, *rest = text.split()
    if first.lower() in VERBS:
        head = first.lower()
    else:
        card = engine.card_id(first)
        if card is None:
            raise ValueError(
                f"cannot read move {text!r:.60}: {first!r} is neither a "
                f"decision ({', '.join(VERBS)}) nor a printed card id"
            )
        head = card
    named = head in NAMED or (
        head in engine.cards.info
        and rest
        and engine.cards.power(head) in ("donation", "friendship")
    )
    if named:
        return (head, _player(state, " ".join(rest)))
    words = tuple(_word(engine, token) for token in rest)
    if head == "keep":
        faces = engine.moves.sort_faces(w for w in words if w in engine.moves.rank)
        others = tuple(w for w in words if w not in engine.moves.rank)
        return (head, *faces, *others)
    if head in ("take", "give") or (
        head in engine.cards.info and engine.cards.power(head) == "protection"
    ):
        return (head, *sorted(words))
    return (head, *words)


def _word(engine: Engine, token: str) -> str:
    if token.lower() in WORDS:
        return token.lower()
    face = engine.face_label(token)
    if face is not None:
        return face
    card = engine.card_id(token)
    if card is None:
        raise ValueError(
            f"unknown word {token!r} (expected a die face, "
            f"{', '.join(engine.moves.labels)}, a printed card id, or "
            f"{', '.join(WORDS)})"
        )
    return card


def _player(state: State, name: str) -> str:
    if name in state.names:
        return name
    found = [n for n in state.names if n.lower() == name.lower()]
    if len(found) == 1:
        return found[0]
    raise ValueError(f"unknown player {name!r} (the players: {', '.join(state.names)})")


def format_chance(state: State, chance: Chance) -> tuple[str, Any]:
    need = state.need
    assert need is not None
    key = KEYS[need[0]]
    if key == "roll":
        roll: Roll = chance  # type: ignore[assignment]
        return key, {state.names[seat]: " ".join(faces) for seat, faces in roll}
    cards: tuple[str, ...] = chance  # type: ignore[assignment]
    return key, " ".join(cards)


def parse_chance(engine: Engine, state: State, key: str, value: Any) -> Chance:
    need = state.need
    due = KEYS[need[0]] if need is not None else None
    if key != due:
        raise ValueError(f"a `{due}` is due here, not a `{key}`")
    if key == "roll":
        if not isinstance(value, dict):
            raise ValueError(
                "expected each rolling player's dice, e.g. `roll: {Ann: 9 9 K Q A, Bob: 10 J}`"
            )
        roll = []
        for name, dice in value.items():
            seat = state.names.index(_player(state, str(name)))
            roll.append((seat, engine.moves.sort_faces(_faces(engine, dice))))
        return tuple(sorted(roll))
    words = value.split() if isinstance(value, str) else value
    if not isinstance(words, list) or not words:
        raise ValueError(f"expected card ids, e.g. `{key}: P05 P12`, got {value!r:.40}")
    return tuple(
        _each(words, engine.card_id, lambda word: f"unknown card {word!r} (expected a printed id)")
    )


def _faces(engine: Engine, dice: Any) -> list[str]:
    words = dice if isinstance(dice, list) else str(dice).replace(",", " ").split()
    return _each(
        words,
        engine.face_label,
        lambda word: f"a die shows {', '.join(engine.moves.labels)}, not {word!r}",
    )


def _each(
    words: list[Any], find: Callable[[str], str | None], refusal: Callable[[Any], str]
) -> list[str]:
    """Each word as `find` reads it (a card id, a die face); the first it cannot read is a
    ValueError saying why."""
    found = []
    for word in words:
        value = find(str(word))
        if value is None:
            raise ValueError(refusal(word))
        found.append(value)
    return found
