"""Turn pydantic validation errors into `file:line: field: message` problems.

Schemas are pydantic models (typed, frozen, unknown keys forbidden); this module only translates
their errors into words and lines a designer can act on, and collects all of them.
"""

from __future__ import annotations

import re
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from playtest.errors import Problem
from playtest.yamlsource import Document, Loc, format_loc

M = TypeVar("M", bound=BaseModel)


def validate(model: type[M], doc: Document, loc: Loc = (), context: dict | None = None
             ) -> tuple[M | None, list[Problem]]:
    """Validate the value at `loc` in `doc` against `model`; return (instance or None, problems)."""
    value = _get(doc.data, loc)
    try:
        return model.model_validate(value, context=context), []
    except ValidationError as exc:
        return None, [to_problem(err, doc, loc) for err in exc.errors(include_url=False)]


def to_problem(err: Any, doc: Document, base: Loc) -> Problem:
    loc = _data_loc(doc.data, base, tuple(err["loc"]))
    return Problem(doc.display, doc.line_of(loc), format_loc(loc), _message(err))


def _get(data: Any, loc: Loc) -> Any:
    for part in loc:
        data = data[part]
    return data


def _data_loc(data: Any, base: Loc, err_loc: Loc) -> Loc:
    """Map pydantic's location (which includes union tags and validator names) onto the data."""
    loc = list(base)
    node = _get(data, base)
    parts = list(err_loc)
    for index, part in enumerate(parts):
        in_dict = isinstance(node, dict) and part in node
        if in_dict or (isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)):
            node = node[part]
            loc.append(part)
            continue
        if not isinstance(node, dict) or not isinstance(part, str):
            continue
        # not in the data: a union tag or wrapper (the next part is in the data), or the
        # name of a missing key (keep it, so the message names the field)
        following = parts[index + 1] if index + 1 < len(parts) else None
        if (following is None or following not in node) and not _looks_like_tag(part):
            loc.append(part)
    return tuple(loc)


def _looks_like_tag(part: str) -> bool:
    return part.startswith(("function-", "union[", "tagged-union[")) or "[" in part


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _message(err: Any) -> str:
    kind = err["type"]
    ctx = err.get("ctx") or {}
    got = err.get("input")
    if kind == "missing":
        return "required field is missing"
    if kind == "extra_forbidden":
        return "unknown field (check the spelling; see the YAML reference in README.md)"
    if kind == "literal_error":
        # pydantic says "'a', 'b' or 'c'"; people read lists as "a, b, c"
        expected = re.sub(r"'([^']*)'", r"\1", str(ctx.get("expected", ""))).replace(" or ", ", ")
        return f"unknown value {_short(got)} (expected one of: {expected})"
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return f"expected a whole number, got {_short(got)}"
    if kind in ("float_type", "float_parsing"):
        return f"expected a number, got {_short(got)}"
    if kind in ("string_type",):
        return f"expected text, got {_short(got)}"
    if kind in ("bool_type", "bool_parsing"):
        return f"expected true or false, got {_short(got)}"
    if kind in ("list_type", "tuple_type"):
        return f"expected a list, got {_short(got)}"
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return f"expected a mapping of fields, got {_short(got)}"
    if kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        bound = next(iter(ctx.values()), "")
        bound = f"{bound:g}" if isinstance(bound, float) else bound
        words = {"greater_than_equal": "at least", "greater_than": "more than",
                 "less_than_equal": "at most", "less_than": "less than"}[kind]
        return f"{_short(got)} is out of range (expected {words} {bound})"
    if kind in ("too_short", "too_long"):
        return f"{err['msg'][0].lower()}{err['msg'][1:]}"
    if kind == "value_error":
        return str(ctx.get("error", err["msg"]))
    if kind == "union_tag_invalid":
        tags = ctx.get("expected_tags")
        return f"unknown kind {_short(ctx.get('tag'))} (expected one of: {tags})"
    if kind == "union_tag_not_found":
        return "cannot tell what kind of entry this is"
    return err["msg"]
