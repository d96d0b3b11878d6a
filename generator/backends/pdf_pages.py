"""PDF pages written before, kept by what they were written from: a rebuild writes a page
whose drawing is unchanged from the bytes it gave last time, without drawing it again.

A page's bytes depend on more than its drawing: its text is written in the codes the font
subsets gave its characters, which the pages before it started (a character is given the
next code where it is first printed), and the symbols it places are named in the order
they were first placed. So a page is kept by its drawing, the symbols it defines, and the
document's state before it (every font's characters in the order of their codes, the names
given to fonts and symbols). A page kept also replays what it did to that state: the
characters it gave codes are given them again, in the same order, the fonts it named are
named again, and the forms of the symbols it defined are defined again from their recorded
operators. A change that gives a code to a
new character, or names a symbol earlier, changes the state of every later page: those are
drawn again, exactly as a clean build draws them."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from playtest.faces.memo import Kept
from playtest.generator.backends.reportlab_private import (
    fonts_named,
    subset_codes,
    subset_state,
)


@dataclass(frozen=True)
class FormRecord:
    symbol: str  # the symbol's id
    name: str  # its form's name
    box: tuple[float, float, float, float]  # lower x, lower y, upper x, upper y
    code: tuple[str, ...]  # its operators
    forms: tuple[str, ...]  # the forms it places


@dataclass(frozen=True)
class PageRecord:
    forms: tuple[FormRecord, ...]  # the symbols first placed on the page, defined before it
    named: tuple[str, ...]  # the fonts first printed with on the page, in that order
    coded: tuple[tuple[str, str], ...]  # (font, the characters it gave codes, in order)
    contents: bytes  # the page's compressed content stream
    placed: tuple[str, ...]  # the forms the page places
    key: str = ""  # what it was written from (`DocumentState` and the page): kept by it only


class PageMemo(Kept[PageRecord]):
    """Pages, by `DocumentState.key`."""


class DocumentState:
    """The digest of what the pages written so far left for the next one to depend on; worked
    out again only when it changed (a font gave new codes, a symbol was named)."""

    def __init__(self, canvas: Canvas, fonts: list[str]) -> None:
        self.canvas = canvas
        self.fonts = sorted(set(fonts))
        self._seen: tuple | None = None
        self._digest = ""
        self.before: tuple[tuple[int, str | None], ...] = ()

    def digest(self, forms: dict[str, str]) -> str:
        c = self.canvas
        # codes are only ever added: within one document, how many says which
        seen = (tuple(subset_state(c, f) for f in self.fonts), len(fonts_named(c)), len(forms))
        self.before = seen[0]
        if seen != self._seen:
            whole = (
                tuple((f, subset_codes(c, f), subset_state(c, f)[1]) for f in self.fonts),
                tuple(fonts_named(c)),
                tuple(forms.items()),
            )
            self._seen, self._digest = seen, hashlib.sha256(repr(whole).encode()).hexdigest()
        return self._digest

    def changes(self) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
        """What printing has done to the fonts since `digest` was last asked: the fonts
        named (in the order they were) and the characters given codes, by font."""
        c = self.canvas
        coded: list[tuple[str, str]] = []
        before = dict(zip(self.fonts, self.before, strict=True))
        for font, (count, _) in before.items():
            now, _ = subset_state(c, font)
            if now > count:
                coded.append((font, "".join(map(chr, subset_codes(c, font)[count:]))))
        named = (f for f in fonts_named(c) if f in before and before[f][1] is None)
        return tuple(named), tuple(coded)
