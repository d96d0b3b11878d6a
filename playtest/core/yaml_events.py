"""The fast way to read a plain YAML document with the line of every value: built straight
from libyaml's events, without the node graph in between (a folder of records is thousands of
small files, and composing nodes was most of their reading).

It handles what records and component files nearly always are: mappings, lists and scalars,
anchors and aliases (an alias is a copy of its anchor's value, its lines those of the anchor's
values, as the careful reader builds it again at each alias), without merge keys or explicit
tags, within the limits. Anything else, and anything that would be an error, gives up
(`Unusual`): the caller then reads the document the careful way (`yamlsource`), which builds
the same data and lines, or explains what is wrong.
"""

from __future__ import annotations

from copy import deepcopy
from typing import Any, NamedTuple

import yaml

from playtest.core.limits import MAX_DEPTH, MAX_INTEGER, MAX_NODES

Loc = tuple[str | int, ...]

STR_TAG = "tag:yaml.org,2002:str"
_NUMBER_TAGS = (
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
)
_MAX_CACHED = 100_000


class Unusual(Exception):
    """This document needs the careful reader."""


# plain scalars seen before, as their value (text, a number, true, null): a folder of records
# repeats the same few hundred; every such value is immutable
_plain: dict[str, Any] = {}
_constructor = yaml.SafeLoader("")


def read(text: str, loader_class: Any) -> tuple[Any, dict[Loc, int]]:
    """The data of a one-document YAML text and the line of each value; Unusual (or a
    yaml.YAMLError) when the careful reader must read it."""
    loader = loader_class(text)
    try:
        reader = Reader(loader, loader_class._tags)
        return reader.document(), reader.lines
    finally:
        loader.dispose()


class Anchored(NamedTuple):
    """An anchored value, and what the careful reader does again at each of its aliases."""

    value: Any
    line: int  # the anchored value's own line
    lines: list[tuple[Loc, int]]  # the lines of the values inside it, by place within it
    nodes: int  # values counted, its own included
    depth: int  # levels below it


class Reader:
    """One document's events in, its data out, with `lines[loc]` = the 1-based line of each
    value (a mapping's value: the line of its key)."""

    def __init__(self, loader: Any, tags: dict[tuple[str, tuple[bool, bool]], str]) -> None:
        self.loader = loader
        self.next = loader.get_event
        self.tags = tags  # the loader's cache of plain scalars' tags
        self.lines: dict[Loc, int] = {}
        self.count = 0
        self.anchors: dict[str, Anchored] = {}

    def document(self) -> Any:
        """The document's data (None for an empty stream); Unusual for anything else."""
        take = self.next
        take()  # stream start
        event = take()
        if isinstance(event, yaml.StreamEndEvent):
            return None
        data = self.value(take(), (), 0)
        take()  # document end
        if not isinstance(take(), yaml.StreamEndEvent):
            raise Unusual  # a second document: the careful reader names it
        if self.count > MAX_NODES:
            raise Unusual  # past the bound by a mapping's plain values: the careful reader says
        return data

    def value(self, event: Any, loc: Loc, depth: int) -> Any:
        self.count += 1
        kind = type(event)
        if kind is yaml.AliasEvent:
            return self.alias(event.anchor, loc, depth)
        if self.count > MAX_NODES or depth > MAX_DEPTH or event.tag is not None:
            raise Unusual
        if event.anchor is not None:
            return self.anchored(event, loc, depth)
        return self.node(event, kind, loc, depth)

    def anchored(self, event: Any, loc: Loc, depth: int) -> Any:
        """The value, remembered under its anchor with the lines and count it gave."""
        if event.anchor in self.anchors:
            raise Unusual  # the careful reader says what a second anchor of a name is
        counted, known = self.count - 1, len(self.lines)
        value = self.node(event, type(event), loc, depth)
        inside = [
            (where[len(loc) :], line)
            for where, line in list(self.lines.items())[known:]
            if len(where) > len(loc)
        ]
        self.anchors[event.anchor] = Anchored(
            value,
            event.start_mark.line + 1,
            inside,
            self.count - counted,
            max((len(where) for where, _ in inside), default=0),
        )
        return value

    def alias(self, anchor: str, loc: Loc, depth: int) -> Any:
        """The anchored value again, as the careful reader builds it again here: its values
        counted again, and their lines those of the anchored values."""
        known = self.anchors.get(anchor)
        if known is None:
            raise Unusual  # an alias before its anchor: the careful reader explains
        self.count += known.nodes - 1
        if self.count > MAX_NODES or depth + known.depth > MAX_DEPTH:
            raise Unusual  # too many values (an alias bomb?) or too deep: it says where
        lines = self.lines
        lines.setdefault(loc, known.line)
        for where, line in known.lines:
            lines.setdefault((*loc, *where), line)
        return deepcopy(known.value)

    def node(self, event: Any, kind: type, loc: Loc, depth: int) -> Any:
        self.lines.setdefault(loc, event.start_mark.line + 1)
        if kind is yaml.ScalarEvent:
            return (
                event.value
                if not event.implicit[0]
                else _plain.get(event.value) or self.plain(event.value)
            )
        take = self.next
        if kind is yaml.MappingStartEvent:
            out: dict[Any, Any] = {}
            lines = self.lines
            while True:
                event = take()
                if (
                    type(event) is not yaml.ScalarEvent
                    or event.anchor is not None
                    or event.tag is not None
                ):
                    if type(event) is yaml.MappingEndEvent:
                        return out
                    raise Unusual  # a key that is a list, a mapping, an alias or tagged
                key = event.value if not event.implicit[0] else self.plain(event.value)
                if type(key) is not str and type(key) is not int:
                    raise Unusual  # a key that the careful reader turns into text (`1.5:`)
                if key in out:
                    raise Unusual  # the careful reader says "duplicate key" at its line
                where = (*loc, key)
                lines[where] = event.start_mark.line + 1  # type: ignore[union-attr]  # always set by libyaml
                event = take()
                if (
                    type(event) is yaml.ScalarEvent
                    and event.anchor is None
                    and event.tag is None
                    and depth < MAX_DEPTH  # else too deep: `value` gives up, as it does below
                ):  # the usual value, at its key's line (counted; the total is checked at the end)
                    self.count += 1
                    out[key] = (
                        event.value
                        if not event.implicit[0]
                        else _plain.get(event.value) or self.plain(event.value)
                    )
                else:
                    out[key] = self.value(event, where, depth + 1)
        if kind is yaml.SequenceStartEvent:
            items: list[Any] = []
            while True:
                event = take()
                if type(event) is yaml.SequenceEndEvent:
                    return items
                items.append(self.value(event, (*loc, len(items)), depth + 1))
        raise Unusual  # not a value: the careful reader explains

    def plain(self, text: str) -> Any:
        """A plain scalar's value: text, a number, true or null, as the careful reader reads
        it (quoted text and blocks of text are always text)."""
        try:
            return _plain[text]
        except KeyError:
            pass
        implicit = (True, False)
        tag = self.tags.get((text, implicit))
        if tag is None:
            tag = self.loader.resolve(yaml.ScalarNode, text, implicit)
        if tag == STR_TAG:
            value: Any = text
        elif tag not in _NUMBER_TAGS:
            raise Unusual  # a date, binary data, or a merge key
        else:
            try:
                value = _constructor.construct_object(yaml.ScalarNode(tag, text))
            except (yaml.YAMLError, ValueError):
                raise Unusual from None  # the careful reader says what is wrong with it
            finally:
                _constructor.constructed_objects.clear()
            if (
                isinstance(value, int | float)
                and not isinstance(value, bool)
                and not -MAX_INTEGER <= value <= MAX_INTEGER
            ):  # NaN fails this too
                raise Unusual  # the careful reader says why it is not a usable number
        if len(_plain) > _MAX_CACHED:
            _plain.clear()
        _plain[text] = value
        return value
