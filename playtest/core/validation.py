"""Turn pydantic validation errors into `file:line: field: message` problems.

Schemas are pydantic models (typed, frozen, unknown keys forbidden); this module only translates
their errors into words and lines a designer can act on, and collects all of them.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from playtest.core.errors import Problem
from playtest.core.schema import PATTERN_WORDS
from playtest.core.wording import plural
from playtest.core.yamlsource import Document, Loc, format_loc

M = TypeVar("M", bound=BaseModel)


YAML_REFERENCE = "docs/yaml-reference.md"  # where a component file's every key is written
RECORDS_DOC = "docs/records.md"  # where a record's every field is written


def validate(
    model: type[M],
    doc: Document,
    loc: Loc = (),
    context: dict[str, Any] | None = None,
    *,
    reference: str = YAML_REFERENCE,
) -> tuple[M | None, list[Problem]]:
    """Validate the value at `loc` in `doc` against `model`; return (instance or None, problems).
    `reference` is the document that holds the format, named by a misspelt field's message."""
    value = _get(doc.data, loc)
    try:
        return model.model_validate(value, context=context), []
    except ValidationError as exc:
        problems = to_problems(exc.errors(include_url=False), doc, loc)
        return None, [_pointing(p, reference) for p in problems]


def _pointing(problem: Problem, reference: str) -> Problem:
    if problem.message != UNKNOWN_FIELD.format(reference=YAML_REFERENCE):
        return problem
    return replace(problem, message=UNKNOWN_FIELD.format(reference=reference))


def to_problem(err: Any, doc: Document, base: Loc) -> Problem:
    loc = _data_loc(doc.data, base, tuple(err["loc"]))
    return Problem(doc.display, doc.line_of(loc), format_loc(loc), _message(err))


def to_problems(errors: list[Any], doc: Document, base: Loc) -> list[Problem]:
    """One problem per place: the branches of a union that all failed at one value are one
    message ("expected text or a list, got 20"), and a branch that got further inside the
    value (a bad number in `[20, -1]`) hides the branches that failed at its top."""
    grouped: dict[Loc, list[Any]] = {}
    for err in errors:
        grouped.setdefault(_data_loc(doc.data, base, tuple(err["loc"])), []).append(err)
    problems = []
    for loc, errs in grouped.items():
        in_union = all(_in_union(err) for err in errs)
        deeper = any(len(other) > len(loc) and other[: len(loc)] == loc for other in grouped)
        if in_union and deeper:
            continue
        message = _message(errs[0]) if len(errs) == 1 else _union_message(errs)
        problems.append(Problem(doc.display, doc.line_of(loc), format_loc(loc), message))
    return problems


def _in_union(err: Any) -> bool:
    return any(
        isinstance(part, str) and (part in _TYPE_TAGS or _looks_like_tag(part))
        for part in err["loc"]
    )


_TYPE_TAGS = {
    "str",
    "int",
    "float",
    "bool",
    "list",
    "tuple",
    "dict",
    "constrained-str",
    "constrained-int",
    "constrained-float",
    "none",
}
_WANTED = {
    "string_type": "text",
    "list_type": "a list",
    "tuple_type": "a list",
    "int_type": "a whole number",
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "float_type": "a number",
    "float_parsing": "a number",
    "bool_type": "true or false",
    "bool_parsing": "true or false",
    "dict_type": "a mapping",
    "model_type": "a mapping",
    "model_attributes_type": "a mapping",
    "none_required": "null",
}


_BOUNDS = {
    "greater_than_equal",
    "greater_than",
    "less_than_equal",
    "less_than",
    "too_short",
    "too_long",
}


def _union_message(errs: list[Any]) -> str:
    # a value of the right type out of its bounds: the bound is the problem, not the other types
    bound = next((err for err in errs if err["type"] in _BOUNDS), None)
    if bound is not None:
        return _message(bound)
    wanted: list[str] = []
    for err in errs:
        if err["type"] == "string_pattern_mismatch":
            pattern = (err.get("ctx") or {}).get("pattern", "")
            want = PATTERN_WORDS.get(pattern, f"text matching {pattern}")
        else:
            want = _WANTED.get(err["type"], _message(err))
        if want not in wanted:
            wanted.append(want)
    if "a number" in wanted and "a whole number" in wanted:  # `int | float`: any number will do
        wanted.remove("a whole number")
    listed = ", ".join(wanted[:-1]) + " or " + wanted[-1] if len(wanted) > 1 else wanted[0]
    return f"expected {listed}, got {_short(errs[0].get('input'))}"


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
        following = parts[index + 1] if index + 1 < len(parts) else None
        after_index = index > 0 and isinstance(parts[index - 1], int)
        if (
            after_index
            and part == following
            and isinstance(node, dict)
            and isinstance(node.get(part), dict)
        ):
            continue  # a list entry's union tag, named like its key: `- {text: {text: ...}}`
        in_dict = isinstance(node, dict) and part in node
        if in_dict or (isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)):
            node = node[part]
            loc.append(part)
            continue
        if not isinstance(node, dict) or not isinstance(part, str):
            if isinstance(part, int) and isinstance(node, list):  # a list too short
                loc.append(part)
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


UNKNOWN_FIELD = "unknown field (check the spelling; every field is in {reference})"


def _message(err: Any) -> str:
    kind = err["type"]
    ctx = err.get("ctx") or {}
    got = err.get("input")
    if kind == "missing":
        last = err["loc"][-1] if err["loc"] else None
        if isinstance(last, int):  # a fixed-length list, like [min, max]
            return f"too few values: value {last + 1} is missing"
        return "required field is missing"
    if kind == "extra_forbidden":
        return UNKNOWN_FIELD.format(reference=YAML_REFERENCE)
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
        words = {
            "greater_than_equal": "at least",
            "greater_than": "more than",
            "less_than_equal": "at most",
            "less_than": "less than",
        }[kind]
        return f"{_short(got)} is out of range (expected {words} {bound})"
    if kind == "too_short":
        return (
            f"expected at least {plural(ctx.get('min_length', 0), 'item')}, "
            f"got {ctx.get('actual_length')}"
        )
    if kind == "too_long":
        return (
            f"expected at most {plural(ctx.get('max_length', 0), 'item')}, "
            f"got {ctx.get('actual_length')}"
        )
    if kind == "string_pattern_mismatch":
        pattern = ctx.get("pattern", "")
        return (
            f"expected {PATTERN_WORDS.get(pattern, f'text matching {pattern}')}, got {_short(got)}"
        )
    if kind == "value_error":
        return str(ctx.get("error", err["msg"]))
    if kind == "union_tag_invalid":
        tags = ctx.get("expected_tags")
        return f"unknown kind {_short(ctx.get('tag'))} (expected one of: {tags})"
    if kind == "unknown_element":
        known = ctx.get("expected", "")
        if isinstance(got, dict) and len(got) == 1:
            return f"unknown element {_short(next(iter(got)))} (expected one of: {known})"
        return f"an element is a mapping of one key naming what to draw (one of: {known})"
    if kind == "union_tag_not_found":
        return "cannot tell what kind of entry this is"
    message: str = err["msg"]
    return message
