"""Field patterns (`row#.box*`), matched in time linear in the id, never by backtracking, and
each matched against the game's fields once per load.

A pattern is dotted words like a field's id; in a word, `*` stands for any run of the id's
word characters (none too) and `#` for a run of at least one, which a check's `each:` or
`complete()` reads as a group. Neither crosses a dot, so a pattern matches only ids with as
many words, word by word. A word of the pattern is literal pieces between runs of wildcards
(`a*b#c`: `a`, `*`, `b`, `#`, `c`): its first piece starts the id's word, its last ends it,
and the pieces between are placed from the right, each as late as the pieces after it allow
(one `str.rfind` each): there is a match exactly when the first of them still fits after the
word's first piece. Placing every piece as late as it can go gives every run its longest span
in order from the left, which is what a backtracking regular expression with greedy runs
answers (`[a-z0-9_]*` for `*`, `([a-z0-9_]+)` for `#`), groups included, without its
exponential search: `*a*a*a...*ab` against a word of 41 `a` took minutes that way
(tests/yaml_game/test_patterns.py compares the two on random patterns and ids).

A word of an id is at most 80 characters (`layout/field.py`), so a word costs at most one
`rfind` per piece that fits in it: the work of matching one id is linear in its length."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

WILD = "*#"
GROUP = "#"

Info = TypeVar("Info")


@dataclass(frozen=True)
class _Word:
    """A word of a pattern: `pieces[0] runs[0] pieces[1] ... runs[-1] pieces[-1]`, each run a
    text of one or more wildcards, each piece between two runs non-empty."""

    pieces: tuple[str, ...]
    runs: tuple[str, ...]
    least: tuple[int, ...]  # characters each run takes at least: one per `#`
    shortest: int  # the shortest word it matches

    @classmethod
    def of(cls, text: str) -> _Word:
        pieces, runs = [""], list[str]()
        for char in text:
            if char in WILD:
                if len(runs) == len(pieces):  # a run going on: `**`, `*#`
                    runs[-1] += char
                else:
                    runs.append(char)
            elif len(runs) == len(pieces):
                pieces.append(char)
            else:
                pieces[-1] += char
        if len(runs) == len(pieces):  # ends with a run
            pieces.append("")
        least = tuple(run.count(GROUP) for run in runs)
        return cls(tuple(pieces), tuple(runs), least, sum(map(len, pieces)) + sum(least))

    def match(self, word: str) -> list[str] | None:
        """What each `#` stands for, or None when the word does not match."""
        pieces, runs, least = self.pieces, self.runs, self.least
        if not runs:
            return [] if word == pieces[0] else None
        first, last = pieces[0], pieces[-1]
        if len(word) < self.shortest or not word.startswith(first) or not word.endswith(last):
            return None
        # starts[i]: where pieces[i] is placed, from the right, each as late as it fits
        starts = [0] * len(pieces)
        starts[-1] = len(word) - len(last)
        for i in range(len(pieces) - 2, 0, -1):
            end = starts[i + 1] - least[i]  # the piece ends by here; rfind would read a
            found = word.rfind(pieces[i], len(first), end) if end > 0 else -1  # negative end
            if found < 0:  # from the word's end
                return None
            starts[i] = found
        if starts[1] - least[0] < len(first):
            return None
        groups: list[str] = []
        for i, run in enumerate(runs):
            if GROUP in run:
                groups += _spans(run, word, starts[i] + len(pieces[i]), starts[i + 1])
        return groups


def _spans(run: str, word: str, start: int, end: int) -> list[str]:
    """What each `#` of a run of wildcards covering word[start:end] stands for: its first
    wildcard takes all the others leave (greedy, as a regular expression's), the others their
    least (one character for `#`, none for `*`)."""
    rest = run[1:].count(GROUP)
    at = start + (end - start - rest)
    found = [word[start:at]] if run[0] == GROUP else []
    for char in run[1:]:
        if char == GROUP:
            found.append(word[at : at + 1])
            at += 1
    return found


class Pattern:
    """A pattern of field ids, ready to match."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.words = tuple(_Word.of(word) for word in text.split("."))

    def match(self, field_id: str) -> tuple[str, ...] | None:
        """What each `#` stands for, in order, or None when the id does not match."""
        words = field_id.split(".")
        if len(words) != len(self.words):
            return None
        groups: list[str] = []
        for pattern, word in zip(self.words, words, strict=True):
            found = pattern.match(word)
            if found is None:
                return None
            groups += found
        return tuple(groups)


class FieldIndex(Generic[Info]):
    """A game's fields by id, with what every pattern matches worked out once per load: each
    pattern is matched against each field once, however many expressions (or a check's
    groups) use it."""

    def __init__(self, fields: Mapping[str, Info]) -> None:
        self.fields = fields
        self._by_words: dict[int, list[str]] = {}
        for field_id in fields:
            self._by_words.setdefault(field_id.count(".") + 1, []).append(field_id)
        self._matched: dict[str, list[tuple[Info, tuple[str, ...]]]] = {}
        self._grouped: dict[str, dict[str, list[Info]]] = {}

    def matching(self, text: str) -> list[tuple[Info, tuple[str, ...]]]:
        """Every field the pattern matches, in the fields' order, with what its `#`s stand for."""
        if text not in self._matched:
            pattern = Pattern(text)
            candidates = self._by_words.get(len(pattern.words), [])
            found = [(fid, pattern.match(fid)) for fid in candidates]
            self._matched[text] = [(self.fields[f], g) for f, g in found if g is not None]
        return self._matched[text]

    def in_group(self, text: str, group: str) -> list[Info]:
        """The fields the pattern matches where every `#` stands for `group` (a check's `each:`
        group), found through one pass over the pattern's matches."""
        if text not in self._grouped:
            grouped: dict[str, list[Info]] = {}
            for info, groups in self.matching(text):
                if groups and all(g == groups[0] for g in groups):
                    grouped.setdefault(groups[0], []).append(info)
            self._grouped[text] = grouped
        return self._grouped[text].get(group, [])

    def groups(self, text: str) -> list[str]:
        """What the pattern's one `#` stands for in the fields it matches, each once."""
        return list(dict.fromkeys(groups[0] for _, groups in self.matching(text) if groups))


def grouped_by(matches: Iterable[tuple[Info, tuple[str, ...]]]) -> list[list[Info]]:
    """The matched fields in groups of the same `#` values, in order of first appearance."""
    found: dict[tuple[str, ...], list[Info]] = {}
    for info, groups in matches:
        found.setdefault(groups, []).append(info)
    return list(found.values())


__all__ = ["FieldIndex", "Pattern", "grouped_by"]
