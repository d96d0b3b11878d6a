"""The rules reference's paragraphs as the kit prints them: its templates filled in from the
rules, the cards and the game (a list prints as `1, 2, 3`), every playtest-default value
followed by the reference's mark, conditional paragraphs kept or dropped by the options in
force. Every word comes from the YAML."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from playtest.core.errors import InputError
from playtest.layout.templates import FIELD, Context, TemplateError, check_spec, matches
from playtest.model.game import Game
from playtest.model.reference import Reference, ReferenceLine


@dataclass(frozen=True)
class Paragraph:
    kind: str  # title | heading | text | reading
    text: str
    marked: bool = False  # carries the playtest-default mark


def reference_context(game: Game, scan: bool = False) -> Context:
    """What a reference's templates and conditions read: `rules`, `game`, `cards`, and `scan`
    (true in a kit built with scan marks, absent otherwise, as on a sheet)."""
    cards = {card.id: card.model_dump(mode="json") for deck in game.decks for card in deck.cards}
    data: dict[str, Any] = {
        "rules": game.rules_data,
        "game": game.info.model_dump(mode="json"),
        "cards": cards,
    }
    if scan:
        data["scan"] = True
    return Context(data)


def _is_default(path: str, reference: Reference) -> bool:
    return any(path == d or path.startswith(d + ".") for d in reference.defaults)


def states_default(item: ReferenceLine, reference: Reference) -> bool:
    """Whether the paragraph is chosen by the value of a playtest default: it then states
    that default in words, and carries the mark."""
    keys = [*(item.when or {}), *(item.unless or {})]
    return item.default or any(_is_default(str(key), reference) for key in keys)


def _shown(value: Any) -> str:
    if isinstance(value, list | tuple):
        return ", ".join(_shown(v) for v in value)
    if isinstance(value, bool):
        return "on" if value else "off"
    return "" if value is None else str(value)


def fill(text: str, ctx: Context, reference: Reference) -> tuple[str, bool]:
    """`text` with its templates filled in; whether it printed a playtest default."""
    marked = False

    def one(match: re.Match[str]) -> str:
        nonlocal marked
        path, spec = match.group(1), match.group(2)
        value = ctx.lookup(path)
        if spec:
            check_spec(spec)
            try:
                shown = format(value, spec)
            except (ValueError, TypeError) as exc:
                raise TemplateError(f"cannot format {value!r} as {spec!r}: {exc}") from None
        else:
            shown = _shown(value)
        if _is_default(path, reference):
            marked = True
            return shown + reference.mark
        return shown

    return FIELD.sub(one, text), marked


def paragraphs(game: Game, scan: bool = False) -> list[Paragraph]:
    """The reference of `game` (with its options in force; `scan`: in a kit built with scan
    marks), title first; none without one."""
    reference = game.reference
    if reference is None:
        return []
    ctx = reference_context(game, scan)
    src = game.sources["reference"]
    where = "reference.title"  # the place an error is reported at
    try:
        title, _ = fill(reference.title, ctx, reference)
        out = [Paragraph("title", title)]
        for s, section in enumerate(reference.sections):
            where = f"reference.sections[{s}].title"
            heading, _ = fill(section.title, ctx, reference)
            out.append(Paragraph("heading", heading))
            for n, line in enumerate(section.lines):
                src = game.sources.get(f"reference:{s}:{n}", src)
                where = src.field
                item = ReferenceLine(text=line) if isinstance(line, str) else line
                if not matches(item.when, ctx, default=True) or matches(
                    item.unless, ctx, default=False
                ):
                    continue
                kind = "text" if item.reading is None else "reading"
                text, marked = fill(item.text or item.reading or "", ctx, reference)
                if states_default(item, reference) and not text.endswith(reference.mark):
                    text, marked = text + reference.mark, True
                if kind == "reading":
                    text = f"{reference.reading_label} {text}"
                out.append(Paragraph(kind, text, marked))
    except TemplateError as exc:
        raise InputError.one(src.file, src.line, where, str(exc)) from None
    return out
