"""Templates in layout text: `{name}` reads a field, `{rules.pig.row_points.0}` walks into the
game's rules, `{rules.markets.start_crosses.$variant}` takes a key from the field `variant`,
`{points:+d}` applies a Python format spec. A template that is only one `{...}`
keeps the value's type (a list of tree species, a number of pips).

Conditions (`when:`/`unless:`) map a field to a value, a list of values, or a comparison
`{lt: 0}` (lt, le, gt, ge, eq, ne); `true`/`false` test whether the field is set and non-empty.
Compared values may be templates too: `{i: {lt: "{rules.markets.start_crosses.basic}"}}`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from playtest.core.limits import MAX_FORMAT_WIDTH

FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_.\-$]*)(?::([^{}]*))?\}")
COMPARE = {
    "lt": lambda a, b: a < b,
    "le": lambda a, b: a <= b,
    "gt": lambda a, b: a > b,
    "ge": lambda a, b: a >= b,
    "eq": lambda a, b: a == b,
    "ne": lambda a, b: a != b,
}


class TemplateError(Exception):
    """A template names a field that is not there (reported with the component's place)."""


class Context:
    """Field lookup through scopes, innermost first (loop variables, the item, the game)."""

    def __init__(self, *scopes: Mapping[str, Any]) -> None:
        self.scopes = scopes

    def child(self, scope: Mapping[str, Any]) -> Context:
        return Context(scope, *self.scopes)

    def lookup(self, path: str) -> Any:
        parts = _PARTS.get(path)
        if parts is None:
            parts = _PARTS[path] = _parts(path)
            if len(_PARTS) > _KEEP:  # paths are a layout's: a few hundred
                _PARTS.clear()
        head, rest = parts
        for scope in self.scopes:
            if head in scope:
                value = scope[head]
                break
        else:
            known = sorted({str(k) for scope in self.scopes for k in scope})
            raise TemplateError(f"unknown field {head!r} (expected one of: {', '.join(known)})")
        for depth, part in enumerate(rest):
            if part.startswith("$"):  # `$variant`: the value of the field `variant`
                part = str(self.lookup(part[1:]))
            if isinstance(value, Mapping) and part in value:
                value = value[part]
            elif not part.lstrip("-").isdigit():
                raise TemplateError(f"{path!r}: {_missing(value, part, [head, *rest[:depth]])}")
            elif isinstance(value, Mapping) and int(part) in value:
                value = value[int(part)]  # a key YAML read as a number (`3: 4`, by players)
            elif isinstance(value, list | tuple) and -len(value) <= int(part) < len(value):
                value = value[int(part)]
            else:
                raise TemplateError(f"{path!r}: {_missing(value, part, [head, *rest[:depth]])}")
        return value

    def has(self, path: str) -> bool:
        try:
            self.lookup(path)
        except TemplateError:
            return False
        return True


def _missing(value: Any, part: str, walked: list[str]) -> str:
    """Why `part` is not found in `value`, reached by the path `walked`: what it has instead."""
    where = ".".join(walked)
    if isinstance(value, Mapping):
        has = ", ".join(str(key) for key in value) or "nothing"
        return f"{where} has no {part} (it has: {has})"
    if isinstance(value, list | tuple):
        return f"{where} has no item {part} (it has {len(value)}, from 0)"
    return f"{where} is {value!r}, which has no {part}"


def _parts(path: str) -> tuple[str, tuple[str, ...]]:
    head, *rest = path.split(".")
    return head, tuple(rest)


# a path's head and the rest (`rules.pig.rows`): every face looks the same few paths up
_PARTS: dict[str, tuple[str, tuple[str, ...]]] = {}

# a template: the field it is whole (keeping the value's type), or its pieces: text between
# fields and each field's (path, format spec); every face fills the same few templates in
Template = str | tuple[str | tuple[str, str | None], ...]
_TEMPLATES: dict[str, Template] = {}
_KEEP = 10_000


def _template(value: str) -> Template:
    whole = FIELD.fullmatch(value)
    if whole and whole.group(2) is None:
        return whole.group(1)
    pieces: list[str | tuple[str, str | None]] = []
    at = 0
    for match in FIELD.finditer(value):
        if match.start() > at:
            pieces.append(value[at : match.start()])
        pieces.append((match.group(1), match.group(2)))
        at = match.end()
    if at < len(value):
        pieces.append(value[at:])
    return tuple(pieces)


def resolve(value: Any, ctx: Context) -> Any:
    """Fill in a template; non-strings are returned unchanged."""
    if not isinstance(value, str) or "{" not in value:
        return value
    template = _TEMPLATES.get(value)
    if template is None:
        template = _TEMPLATES[value] = _template(value)
        if len(_TEMPLATES) > _KEEP:  # templates are a layout's: a few hundred
            _TEMPLATES.clear()
    if isinstance(template, str):
        return ctx.lookup(template)
    out: list[str] = []
    for piece in template:
        if isinstance(piece, str):
            out.append(piece)
            continue
        path, spec = piece
        found = ctx.lookup(path)
        if spec:
            check_spec(spec)
            try:
                out.append(format(found, spec))
            except (ValueError, TypeError) as exc:
                raise TemplateError(f"cannot format {found!r} as {spec!r}: {exc}") from None
        else:
            out.append("" if found is None else str(found))
    return "".join(out)


def check_spec(spec: str) -> None:
    """A width or precision is a number of characters to make: `{name:>1000000000}` is a
    gigabyte, `{x:.100000000f}` minutes of work."""
    if any(int(digits) > MAX_FORMAT_WIDTH for digits in re.findall(r"\d+", spec)):
        raise TemplateError(
            f"format {spec!r}: width and precision may be at most {MAX_FORMAT_WIDTH}"
        )


def matches(condition: Mapping[str, Any] | None, ctx: Context, *, default: bool) -> bool:
    if condition is None:
        return default
    return all(_test(ctx, name, want) for name, want in condition.items())


def _test(ctx: Context, name: str, want: Any) -> bool:
    try:
        value, present = ctx.lookup(name), True
    except TemplateError:
        value, present = None, False
    if isinstance(want, bool):
        return bool(value) is want if present else want is False
    if not present:
        return False
    if isinstance(want, list):
        return value in [resolve(w, ctx) for w in want]
    if isinstance(want, Mapping):
        try:
            return all(COMPARE[op](value, resolve(bound, ctx)) for op, bound in want.items())
        except KeyError as exc:
            raise TemplateError(
                f"unknown comparison {exc.args[0]!r} (expected one of: {', '.join(COMPARE)})"
            ) from None
        except TypeError:
            return False
    return value == resolve(want, ctx)
