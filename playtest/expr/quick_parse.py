"""The usual expression read without lark: what `parse` answers, at a fraction of the cost.

Importing lark and building its LALR parser costs ~0.12 s CPU, a sixth of a cold build of the
four kits, to read a few dozen short expressions. `quick_parse` reads the grammar of
`parse.GRAMMAR` by recursive descent, with lark's terminals tried in lark's order, and builds
the same nodes with the same columns (lark's: a node placed by its first part starts at that
part's outermost parenthesis). It answers only for an expression it reads whole within the
limits; for anything else (a mistake to report, a tree too large) it answers None and `parse`
asks lark, whose errors and columns are the ones users see. An expression read here is one
lark reads to the same tree: each token was one the grammar allows where it stands, so
lark's contextual lexer, which tries the same terminals in the same order, takes it too
(tests/yaml_game/test_quick_parse.py compares the two on random expressions).

Why not lark alone, measured 2026-12-02 07:09-07:12 (load 9 to 10 on two cores, fresh
processes, medians of 6-7; benchmarks/README.md, "Why expressions have a reader of their
own"): with its LALR table cached in a file (`cache=`), lark still costs its import, 60-66 ms
CPU, and ~0.47 ms an expression against ~0.08 ms here. The components' 21 expressions: 7 ms
here, 65 ms with lark's table cached, 98 ms with lark's standalone generated parser (its
table is read back each time), 110 ms with the table built. The kits benchmark's build (the
five kits, PDF): 1.13 s CPU here, 1.21 s with lark cached, 7 % slower: beyond its noise.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

from playtest.expr.parse import (
    MAX_DEPTH,
    MAX_NODES,
    Call,
    Const,
    If,
    Index,
    ListOf,
    Name,
    Node,
    Op,
)

# lark's terminals in the order its lexer tries them (longest possible match first, then the
# literal's length); a keyword is a NAME's prefix only where no NAME may stand
TOKEN = re.compile(
    r"(?P<WS>[ \t\r\n]+)"
    r"|(?P<NAME>(?!(if|then|else|and|or|not|true|false)\b)[a-z_#][a-z0-9_#]*(\.[a-z0-9_#]+)*)"
    r"|(?P<NUMBER>\d+(\.\d+)?)"
    r"|(?P<STRING>\"[^\"\\\n]*\"|'[^'\\\n]*')"
    r"|(?P<COMPARE>==|!=|<=|>=|<|>)"
    r"|(?P<MUL>//|\*|%)"
    r"|(?P<WORD>false|then|else|true|and|not|if|or)"
    r"|(?P<MARK>[-+\[\](),])"
)
END = ("END", "", 0)


class _Unread(Exception):
    """Not read here: lark reads it (and says what is wrong)."""


class Read(NamedTuple):
    node: Node
    start: int  # the column lark places a node at when this one is its first part
    nodes: int  # lark's tree: its trees and tokens
    depth: int  # lark's tree: levels, a token one below its tree


def _tokens(text: str) -> list[tuple[str, str, int]]:
    """(kind, text, column); a keyword's or a mark's kind is its text."""
    found, at, line_start = [], 0, 0
    while at < len(text):
        match = TOKEN.match(text, at)
        if match is None:
            raise _Unread
        kind, value = match.lastgroup or "", match.group()
        if kind == "WS":
            newline = value.rfind("\n")
            if newline >= 0:
                line_start = at + newline + 1
        else:
            found.append((value if kind in ("WORD", "MARK") else kind, value, at - line_start + 1))
        at = match.end()
    found.append(END)
    return found


def quick_parse(text: str) -> Node | None:
    """The expression's tree as `parse` gives it, or None when lark is to read it."""
    try:
        tokens = _tokens(text)
        reader = _Reader(tokens)
        read = reader.expr(0)
        if reader.tokens[reader.at] is not END:
            return None
    except (_Unread, RecursionError):
        return None
    if read.nodes > MAX_NODES or read.depth > MAX_DEPTH:
        return None
    return read.node


def _number(value: str) -> float | int:
    return float(value) if "." in value else int(value)


class _Reader:
    def __init__(self, tokens: list[tuple[str, str, int]]) -> None:
        self.tokens = tokens
        self.at = 0

    def _kind(self) -> str:
        return self.tokens[self.at][0]

    def _take(self, kind: str) -> tuple[str, str, int]:
        token = self.tokens[self.at]
        if token[0] != kind:
            raise _Unread
        self.at += 1
        return token

    def expr(self, level: int) -> Read:
        if level > MAX_DEPTH:  # its tree would be too deep: lark says where
            raise _Unread
        if self._kind() != "if":
            return self._binary(0, level)
        column = self._take("if")[2]
        test = self.expr(level + 1)
        self._take("then")
        then = self.expr(level + 1)
        self._take("else")
        otherwise = self.expr(level + 1)
        parts = (test, then, otherwise)
        return Read(
            If(column, test.node, then.node, otherwise.node),
            column,
            1 + sum(p.nodes for p in parts),
            1 + max(p.depth for p in parts),
        )

    # or, and (joined by a word, the node placed at its first part), then `not`, a comparison
    # (one at most), + -, * // %: the grammar's levels from the loosest
    def _binary(self, rank: int, level: int) -> Read:
        if rank == 2:
            return self._not(level)
        word = ("or", "and")[rank]
        left = self._binary(rank + 1, level)
        while self._kind() == word:
            self.at += 1
            right = self._binary(rank + 1, level)
            left = Read(
                Op(left.start, word, (left.node, right.node)),
                left.start,
                1 + left.nodes + right.nodes,
                1 + max(left.depth, right.depth),
            )
        return left

    def _not(self, level: int) -> Read:
        return self._prefixed("not", "not", self._compare, level)

    def _compare(self, level: int) -> Read:
        left = self._sum(level)
        if self._kind() != "COMPARE":
            return left
        operator = self.tokens[self.at]
        self.at += 1
        return _operation(left, operator, self._sum(level))

    def _sum(self, level: int) -> Read:
        return self._chain(("+", "-"), self._product, level)

    def _product(self, level: int) -> Read:
        return self._chain(("MUL",), self._unary, level)

    def _unary(self, level: int) -> Read:
        return self._prefixed("-", "neg", self._postfix, level)

    def _chain(self, kinds: tuple[str, ...], part: Callable[[int], Read], level: int) -> Read:
        """Parts joined by operators of one level, from the left."""
        left = part(level)
        while self._kind() in kinds:
            operator = self.tokens[self.at]
            self.at += 1
            left = _operation(left, operator, part(level))
        return left

    def _prefixed(self, kind: str, op: str, part: Callable[[int], Read], level: int) -> Read:
        """`not not x`, `- -x`: each one placed at its word, as many as there are."""
        columns = []
        while self._kind() == kind:
            columns.append(self.tokens[self.at][2])
            self.at += 1
        read = part(level)
        for column in reversed(columns):
            read = Read(Op(column, op, (read.node,)), column, read.nodes + 1, read.depth + 1)
        return read

    def _postfix(self, level: int) -> Read:
        read = self._atom(level)
        while self._kind() == "[":
            self.at += 1
            key = self.expr(level + 1)
            self._take("]")
            read = Read(
                Index(read.start, read.node, key.node),
                read.start,
                1 + read.nodes + key.nodes,
                1 + max(read.depth, key.depth),
            )
        return read

    def _atom(self, level: int) -> Read:
        kind, value, column = self.tokens[self.at]
        if kind == "END":
            raise _Unread
        self.at += 1
        if kind == "NUMBER":
            return Read(Const(column, _number(value)), column, 2, 2)
        if kind == "STRING":
            return Read(Const(column, value[1:-1]), column, 2, 2)
        if kind in ("true", "false"):
            return Read(Const(column, kind == "true"), column, 1, 1)
        if kind == "NAME" and self._kind() != "(":
            return Read(Name(column, value), column, 2, 2)
        if kind == "(":  # placed at its outermost parenthesis, as lark places it
            inner = self.expr(level + 1)
            self._take(")")
            return inner._replace(start=column)
        if kind == "NAME":  # a call
            self.at += 1
            args = self._items(")", level)
            return Read(
                Call(column, value, tuple(a.node for a in args)),
                column,
                2 + sum(a.nodes for a in args),
                1 + max([1, *(a.depth for a in args)]),
            )
        if kind == "[":
            items = self._items("]", level)
            return Read(
                ListOf(column, tuple(i.node for i in items)),
                column,
                1 + sum(i.nodes for i in items),
                1 + max([0, *(i.depth for i in items)]),
            )
        raise _Unread

    def _items(self, close: str, level: int) -> list[Read]:
        """Expressions parted by commas, up to `close` (taken)."""
        items = []
        if self._kind() != close:
            items.append(self.expr(level + 1))
            while self._kind() == ",":
                self.at += 1
                items.append(self.expr(level + 1))
        self._take(close)
        return items


def _operation(left: Read, operator: tuple[str, str, int], right: Read) -> Read:
    """An arithmetic operation or a comparison: placed at its operator, whose token is in
    lark's tree too."""
    column = operator[2]
    return Read(
        Op(column, operator[1], (left.node, right.node)),
        left.start,
        2 + left.nodes + right.nodes,
        1 + max(left.depth, 1, right.depth),
    )
