"""A check's `message` and `where` are templates: `{group}` is the group's value (a check with
`each:`) and `{rules.x}` a value of the game's `rules:` (`{rules.max_gap}`,
`{rules.bonus.1}`), so a message never repeats a number the rules hold. Read once when the
game loads: a name that is neither is a load error at the message's line, never text printed
raw to a player."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from playtest.expr.compile import rules_value

PLACE = re.compile(r"\{([^{}\s]+)\}")  # `{name}`; other braces are text


class TemplateError(ValueError):
    """A name the template cannot fill in; the message says which."""


@dataclass(frozen=True)
class Template:
    """Text and the places where the group's value goes (None in `parts`)."""

    parts: tuple[str | None, ...]

    def fill(self, group: str | None) -> str:
        return "".join(group or "" if part is None else part for part in self.parts)


def read_template(text: str, rules: Mapping[str, Any], grouped: bool) -> Template:
    """The template of `text`, its `rules.` values written in; TemplateError for the first
    name that is neither `group` (when `grouped`) nor a printable value of the rules."""
    parts: list[str | None] = []
    end = 0
    for found in PLACE.finditer(text):
        parts.append(text[end : found.start()])
        name = found.group(1)
        if name == "group" and grouped:
            parts.append(None)
        elif name.startswith("rules."):
            try:
                value = rules_value(rules, name)
            except LookupError as exc:
                raise TemplateError(f"{found.group(0)}: {exc.args[0]}") from None
            parts.append(_printed(found.group(0), value))
        else:
            raise TemplateError(
                f"{found.group(0)}: unknown name (expected {{group}} in a check with `each:`, "
                "or {rules.x})"
            )
        end = found.end()
    parts.append(text[end:])
    return Template(tuple(part for part in parts if part != ""))


def _printed(place: str, value: Any) -> str:
    """A value as a player reads it: a number or text as written, true or false, a list of
    them with commas."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float | str):
        return str(value)
    if isinstance(value, list) and all(
        isinstance(v, int | float | str) and not isinstance(v, bool) for v in value
    ):
        return ", ".join(map(str, value))
    what = (
        "a table"
        if isinstance(value, Mapping)
        else "a list of tables or lists"
        if isinstance(value, list)
        else "nothing"
    )
    raise TemplateError(f"{place}: {what}, not a value to print")


__all__ = ["Template", "TemplateError", "read_template"]
