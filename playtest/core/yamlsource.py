"""Safe YAML (or JSON) loading that remembers the line of every value and refuses hostile files.

PyYAML's SafeLoader builds plain Python objects but forgets where they came from. We compose the
node graph ourselves so every value keeps its line, and so that aliases cannot expand without
bound (a "billion laughs" file), nesting cannot overflow the stack, and duplicate keys are errors.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from playtest.core import yaml_events
from playtest.core.errors import InputError
from playtest.core.input_files import display_path, read_bounded
from playtest.core.limits import MAX_COMPONENT_BYTES, MAX_DEPTH, MAX_INTEGER, MAX_NODES

Loc = tuple[str | int, ...]


class _Composer(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """libyaml's composer when PyYAML has it (it does in the usual wheels: ten times faster),
    with the tag of a plain value remembered: a card file says `red` or `2` hundreds of times,
    and PyYAML would run its regular expressions over each."""

    _tags: dict[tuple[str, tuple[bool, bool]], str] = {}

    def resolve(self, kind: type, value: object, implicit: object) -> str:
        if kind is yaml.ScalarNode and isinstance(value, str) and isinstance(implicit, tuple):
            key = (value, implicit)
            tag = self._tags.get(key)
            if tag is None:
                if len(self._tags) > 100_000:
                    self._tags.clear()
                tag = self._tags[key] = super().resolve(kind, value, implicit)
            return tag
        resolved: str = super().resolve(kind, value, implicit)
        return resolved


COMPOSER = _Composer
MAX_BYTES = MAX_COMPONENT_BYTES
STR_TAG = "tag:yaml.org,2002:str"
INT_TAG = "tag:yaml.org,2002:int"


@dataclass
class Document:
    """A loaded file: its data as plain dicts/lists/scalars, and the line of each location."""

    path: Path
    display: str
    data: Any
    lines: dict[Loc, int] = field(default_factory=dict)

    def line_of(self, loc: Loc) -> int | None:
        """Line of the deepest known prefix of `loc` (a missing key reports its parent's line)."""
        for end in range(len(loc), -1, -1):
            line = self.lines.get(tuple(loc[:end]))
            if line is not None:
                return line
        return None

    def error(self, loc: Loc, message: str) -> InputError:
        return InputError.one(self.display, self.line_of(loc), format_loc(loc), message)


def format_loc(loc: Loc) -> str:
    """(`cards`, 3, `name`) -> `cards[3].name`."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif not _PLAIN_KEY.match(str(part)):
            out += f"[{str(part)!r}]"  # a key with spaces, dots or worse: quoted, on one line
        else:
            out += f".{part}" if out else str(part)
    return out


_PLAIN_KEY = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_-]*$")


def load_document(path: Path, *, max_bytes: int = MAX_BYTES) -> Document:
    path = Path(path)
    return parse_document(read_bounded(path, max_bytes), path, display_path(path))


def parse_document(raw: bytes, path: Path, shown: str) -> Document:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise InputError.one(shown, line, "", "not UTF-8 text (is this a binary file?)") from None
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        raise InputError.one(shown, line, "", "NUL byte in text (is this a binary file?)")
    _refuse_too_many_values(text, shown)
    if path.suffix.lower() == ".json":
        _check_json(text, shown)
    try:  # the usual document straight from libyaml's events; anything else read with care
        data, lines = yaml_events.read(text, COMPOSER)
        return Document(path=path, display=shown, data=data, lines=lines)
    except (yaml_events.Unusual, yaml.YAMLError):
        return read_carefully(text, path, shown)


def read_carefully(text: str, path: Path, shown: str) -> Document:
    """Any YAML document through the node graph: aliases bounded, merge keys, tags, and every
    mistake explained at its line."""
    try:
        try:
            node = yaml.compose(text, Loader=COMPOSER)
        except (yaml.YAMLError, RecursionError) as exc:
            if "nesting depth" in str(exc):  # libyaml's own limit: refuse before recursing
                mark = getattr(exc, "problem_mark", None)
                raise InputError.one(
                    shown,
                    mark.line + 1 if mark else None,
                    "",
                    f"nested more than {MAX_DEPTH} levels deep",
                ) from None
            # libyaml's messages are terser; the pure-Python parser explains the problem
            node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.reader.ReaderError as exc:
        raise InputError.one(
            shown,
            text[: exc.position].count("\n") + 1,
            "",
            f"invalid character {exc.character!r} in text (is this a binary file?)",
        ) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        what = " ".join(str(exc.problem or exc.context or "invalid YAML").split())
        raise InputError.one(
            shown, mark.line + 1 if mark else None, "", f"invalid YAML: {what}"
        ) from None
    except yaml.YAMLError as exc:
        what = " ".join(str(exc).split())
        raise InputError.one(shown, None, "", f"invalid YAML: {what}") from None
    except RecursionError:
        raise InputError.one(shown, None, "", "nesting is too deep") from None
    doc = Document(path=path, display=shown, data=None)
    if node is not None:
        doc.data = _Builder(doc).build(node, (), 0)
    return doc


def _check_json(text: str, shown: str) -> None:
    """A .json file is read as JSON (YAML reads it too, and gives every value its line), so
    its mistakes are named in JSON's words."""
    try:
        json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError.one(shown, exc.lineno, "", f"invalid JSON: {exc.msg}") from None
    except RecursionError:
        raise InputError.one(shown, None, "", f"nested more than {MAX_DEPTH} levels deep") from None


def _refuse_too_many_values(text: str, shown: str) -> None:
    """Refuse a file of too many values before libyaml builds a node for each (a 4 MB flow
    list is two million nodes and gigabytes). Every value but the first follows one of these
    characters, so their count bounds the values; only past the bound are events counted,
    which costs little memory, as the parser hands them over one by one."""
    if sum(text.count(c) for c in ",\n[{:-?") < MAX_NODES:
        return
    values = 0
    try:
        for event in yaml.parse(text, Loader=COMPOSER):
            if isinstance(event, yaml.NodeEvent):
                values += 1
                if values > MAX_NODES:
                    mark = event.start_mark
                    raise InputError.one(
                        shown,
                        mark.line + 1 if mark else None,
                        "",
                        f"more than {MAX_NODES:,} values",
                    )
    except yaml.YAMLError:
        return  # the parse below explains what is wrong, with its place


class _Builder:
    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.count = 0
        self.constructor = yaml.SafeLoader("")

    def fail(self, node: yaml.Node, loc: Loc, message: str) -> InputError:
        return InputError.one(self.doc.display, node.start_mark.line + 1, format_loc(loc), message)

    def construct(self, node: yaml.Node, loc: Loc) -> Any:
        """A scalar's value (a key's too: `!tag key:` is refused like `key: !tag`)."""
        try:
            return self.constructor.construct_object(node)
        except yaml.YAMLError as exc:
            raise self.fail(node, loc, f"invalid value: {getattr(exc, 'problem', exc)}") from None
        except ValueError as exc:
            if node.tag == INT_TAG:  # more digits than Python converts: far past any bound
                raise self.unusable(node, loc) from None
            raise self.fail(node, loc, f"invalid value: {exc}") from None

    def unusable(self, node: yaml.Node, loc: Loc) -> InputError:
        text = str(node.value)
        shown = text if len(text) <= 24 else f"{text[:20]}..."
        return self.fail(
            node,
            loc,
            f"{shown!r} is not a usable number (expected a "
            f"finite number of at most {MAX_INTEGER:.0e} either way)",
        )

    def build(self, node: yaml.Node, loc: Loc, depth: int) -> Any:
        self.count += 1
        if self.count > MAX_NODES:
            # name the top-level entry being expanded: the deep path would say nothing useful
            top = loc[:1]
            line = self.doc.lines.get(top, node.start_mark.line + 1)
            raise InputError.one(
                self.doc.display,
                line,
                format_loc(top),
                f"more than {MAX_NODES:,} values (alias bomb?)",
            )
        if depth > MAX_DEPTH:  # name where the nest starts: its full path is a wall of [0]
            raise self.fail(node, loc[:1], f"nested more than {MAX_DEPTH} levels deep")
        self.doc.lines.setdefault(loc, node.start_mark.line + 1)
        if isinstance(node, yaml.MappingNode):
            explicit = sum(1 for k, _ in node.value if k.tag != "tag:yaml.org,2002:merge")
            self.constructor.flatten_mapping(node)  # honours `<<: *defaults` merge keys
            merged = len(node.value) - explicit  # flatten puts merged pairs first
            out: dict[Any, Any] = {}
            explicit_keys: set[Any] = set()
            for index, (key_node, value_node) in enumerate(node.value):
                if not isinstance(key_node, yaml.ScalarNode):
                    raise self.fail(key_node, loc, "a key must be a plain value")
                key = (
                    key_node.value
                    if key_node.tag == STR_TAG
                    else self.construct(key_node, (*loc, key_node.value))
                )
                if not isinstance(key, str | int) or isinstance(key, bool):
                    key = str(key)
                if index >= merged:
                    if key in explicit_keys:
                        raise self.fail(key_node, (*loc, key), "duplicate key")
                    explicit_keys.add(key)
                self.doc.lines[(*loc, key)] = key_node.start_mark.line + 1
                out[key] = self.build(value_node, (*loc, key), depth + 1)
            return out
        if isinstance(node, yaml.SequenceNode):
            return [self.build(item, (*loc, i), depth + 1) for i, item in enumerate(node.value)]
        if node.tag == STR_TAG:  # most values: text needs no constructing
            return node.value
        value = self.construct(node, loc)
        if (
            isinstance(value, int | float)
            and not isinstance(value, bool)
            and not -MAX_INTEGER <= value <= MAX_INTEGER
        ):  # NaN fails this too
            raise self.unusable(node, loc)
        return value
