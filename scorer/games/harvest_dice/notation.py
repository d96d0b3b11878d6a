"""Harvest Dice's log notation (docs/records.md): a die is its vegetable letter and value
(`L5`); a roll lists the dice (`L3 L5 T1 T6 T2 C4 C4 C1 L6`); a move is the die taken, what
pig powers made of it, and where it went:

    L5 row 2            take the lettuce 5, plant it in row 2 (its column is the 5 column)
    C6 pig              take the carrot 6, feed it to the pig
    L4 as L5 row 2      take the lettuce 4, one pig power makes it a 5, plant it
    T2 as L2 row 3      advanced sheet: one pig power makes the tomato a lettuce
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playtest.scorer.games.harvest_dice.engine import Engine, Move

_DIE = re.compile(r"([A-Za-z])(\d{1,2})")
_MOVE = re.compile(
    r"\s*([A-Za-z]\d{1,2})(?:\s+as\s+([A-Za-z]\d{1,2}))?\s+"
    r"(?:row\s+(\d{1,2})(?:\s+column\s+(\d{1,2}))?|(pig))\s*",
    re.IGNORECASE,
)
DIE_BASE = 64  # a die's code is colour index * DIE_BASE + value


def parse_die(engine: Engine, text: str) -> int:
    found = _DIE.fullmatch(text.strip())
    letters = ", ".join(engine.letters)
    if not found:
        raise ValueError(
            f"cannot read die {text!r} (expected a vegetable letter, one of "
            f"{letters}, and a value, e.g. {engine.letters[0]}5)"
        )
    letter, value = found.group(1).upper(), int(found.group(2))
    if letter not in engine.letters:
        raise ValueError(
            f"unknown die {text!r}: no vegetable has the letter {letter!r} "
            f"(expected one of: {letters})"
        )
    return engine.letters.index(letter) * DIE_BASE + value


def parse_dice(engine: Engine, value: Any) -> tuple[int, ...]:
    if isinstance(value, list):
        words = [str(v) for v in value]
    elif isinstance(value, str):
        words = value.replace(",", " ").split()
    else:
        raise ValueError(
            f"expected the dice rolled, e.g. {engine.letters[0]}3 "
            f"{engine.letters[-1]}5, got {value!r:.40}"
        )
    return tuple(sorted(parse_die(engine, word) for word in words))


def format_dice(engine: Engine, dice: tuple[int, ...]) -> str:
    return " ".join(engine.die_text(d) for d in dice)


def parse_move(engine: Engine, text: Any) -> Move:
    found = _MOVE.fullmatch(text) if isinstance(text, str) else None
    if not found:
        raise ValueError(
            f"cannot read move {text!r:.60} (expected e.g. `L5 row 2`, "
            "`C6 pig` or `L4 as L5 row 2`)"
        )
    die = parse_die(engine, found.group(1))
    final = parse_die(engine, found.group(2)) if found.group(2) else die
    if found.group(5):
        return die, final, -1
    row = int(found.group(3))
    if not 1 <= row <= engine.rows:
        raise ValueError(f"row {row} is not in the garden (rows 1 to {engine.rows})")
    faces = engine.rules.garden.column_faces
    if found.group(4):
        column = int(found.group(4))
        if not 1 <= column <= engine.columns:
            raise ValueError(
                f"column {column} is not in the garden (columns 1 to {engine.columns})"
            )
    else:  # the column of the die's value; an illegal value is caught as a move (HD-12)
        value = final % DIE_BASE
        column = faces.index(value) + 1 if value in faces else 1
    return die, final, (row - 1) * engine.columns + column - 1


def format_move(engine: Engine, move: Move) -> str:
    die, final, cell = move
    text = engine.die_text(die) + (f" as {engine.die_text(final)}" if final != die else "")
    if cell < 0:
        return text + " pig"
    row, column = divmod(cell, engine.columns)
    faces = engine.rules.garden.column_faces
    value = final % DIE_BASE
    plain = faces.count(value) == 1 and faces.index(value) == column
    return text + f" row {row + 1}" + ("" if plain else f" column {column + 1}")
