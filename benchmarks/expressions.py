"""Reading scoring expressions (playtest/expr/parse.py): the shipped games' expressions, and
1,500 generated ones of the grammar's every shape (seeded), and the same with a mistake each
(a word dropped: an error to report at its column), each read once in a fresh process, the
reader's import included. CPU time, fastest of five.
A game scored in YAML reads its expressions at every load: what matters is what a process
pays for the few a game has, and the cost of one."""

from __future__ import annotations

import random
from pathlib import Path

import yaml

from benchmarks.common import measure

COMPONENTS = Path(__file__).resolve().parent.parent / "components"
GENERATED = 1_500
READ = """
from playtest.expr.nodes import ExprError
from playtest.expr.parse import parse
for text in TEXTS:
    try:
        parse(text)
    except ExprError:
        pass
"""


def shipped() -> list[str]:
    """Every expression of the shipped games: categories' points, tie-breakers' values, checks'
    rules."""
    texts = []
    for path in sorted(COMPONENTS.glob("*/*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            continue
        scoring = data.get("scoring") or {}
        texts += [str(c["points"]) for c in scoring.get("categories", [])]
        texts += [str(b["value"]) for b in scoring.get("tie_breakers", [])]
        texts += [str(c["rule"]) for c in data.get("checks") or []]
    return texts


def generated(count: int = GENERATED, seed: int = 39) -> list[str]:
    rng = random.Random(seed)
    leaves = ["apples", "row#.box1", "rules.bonus", "3", "2.5", '"red"', "true", "total"]
    patterns = ['"row#.*"', '"market.*"', '"set*.apple"']

    def operand(depth: int) -> str:
        """A part of an operation: bracketed unless it is one word."""
        text = grow(depth)
        return text if " " not in text else f"({text})"

    def grow(depth: int) -> str:
        if depth == 0 or rng.random() < 0.3:
            return rng.choice(leaves)
        shape = rng.randrange(7)
        if shape == 0:
            op = rng.choice(["+", "-", "*", "//", "==", "<=", "and", "or"])
            return f"{operand(depth - 1)} {op} {operand(depth - 1)}"
        if shape == 1:
            return f"{rng.choice(['sum', 'count', 'all', 'complete'])}({rng.choice(patterns)})"
        if shape == 2:
            return f"lookup(rules.table, {grow(depth - 1)})"
        if shape == 3:
            return f"if {grow(depth - 1)} then {grow(depth - 1)} else {grow(depth - 1)}"
        if shape == 4:
            return f"({grow(depth - 1)})"
        if shape == 5:
            return f"not {operand(depth - 1)}"
        return f"[{grow(depth - 1)}, {grow(depth - 1)}][1]"

    return [grow(5) for _ in range(count)]


def mistaken(texts: list[str], seed: int = 39) -> list[str]:
    """Each text with one of its words left out (most are then mistakes)."""
    rng = random.Random(seed)
    out = []
    for text in texts:
        words = text.split(" ")
        del words[rng.randrange(len(words))]
        out.append(" ".join(words) or "(")
    return out


def run() -> list[tuple[str, ...]]:
    rows = []
    made = generated()
    for what, texts in (
        ("the shipped games'", shipped()),
        ("generated", made),
        ("generated, a word left out", mistaken(made)),
    ):
        timed = measure(READ, f"TEXTS = {texts!r}", repeat=5)
        chars = sum(map(len, texts)) / len(texts)
        rows.append(
            (
                what,
                f"{len(texts):,} ({chars:.0f} characters on average)",
                f"{timed['cpu'] * 1000:.0f} ms",
                f"{timed['cpu'] * 1000 / len(texts):.3f} ms",
            )
        )
    return rows
