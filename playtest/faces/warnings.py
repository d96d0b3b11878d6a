"""A build's warnings (text that had to overflow its box, for instance): each said once, in
order, those of one element that differ only in their values said as one line with a count."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

WarningLine = tuple[Hashable, str]  # (the key it is said once for, or None; the line)


@dataclass(frozen=True)
class Alike:
    """The `once` key of a warning that one element gives again and again with different
    values (each item of a repeat too small): said once, with how many more there were."""

    family: str  # the element's place, the component and the kind of warning
    once: Hashable = None  # the warning's own key, if it is said only once anyway


@dataclass
class WarningLog:
    """A build's warnings in order, each key said once. While a face is drawn its warnings are
    captured instead, kept with the face, and said when the face is placed: the same lines in
    the same order whether the face is drawn now or kept from an earlier build. Warnings
    `Alike` of one family are one line, which counts the others."""

    lines: list[str]
    seen: set[Hashable] = field(default_factory=set)
    capture: list[WarningLine] | None = None
    families: dict[str, tuple[int, str, int]] = field(default_factory=dict)  # line, text, more

    def add(self, once: Hashable, line: str) -> None:
        if self.capture is not None:
            self.capture.append((once, line))
            return
        own = once.once if isinstance(once, Alike) else once
        if own is not None:
            if own in self.seen:
                return
            self.seen.add(own)
        if isinstance(once, Alike):
            if once.family in self.families:
                index, first, more = self.families[once.family]
                self.families[once.family] = (index, first, more + 1)
                self.lines[index] = f"{first} (and {more + 1} more like it at this element)"
                return
            self.families[once.family] = (len(self.lines), line, 0)
        self.lines.append(line)

    def capturing(self) -> list[WarningLine]:
        """Start capturing (returns the previous capture, for `restore`)."""
        outer = self.capture
        self.capture = []
        return outer  # type: ignore[return-value]

    def restore(self, outer: list[WarningLine] | None) -> list[WarningLine]:
        captured = self.capture or []
        self.capture = outer
        return captured
