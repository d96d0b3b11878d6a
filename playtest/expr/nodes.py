"""The tree of a scoring expression and the bounds of its size: frozen nodes that only name
fields, categories, `rules.` values and a fixed set of functions (parse.py builds them,
compile.py turns them into closures). A node's column counts from 1 on its line."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

MAX_EXPR_CHARS = 1_000  # an expression longer than this is refused before it is parsed
MAX_NESTING = 24  # brackets and parentheses inside one another
MAX_NODES = 400  # nodes of the parsed tree (counted as the grammar's tree: tokens too)
MAX_DEPTH = 48  # levels of the parsed tree (operators chained inside one another)


class ExprError(Exception):
    """An expression that cannot be used; `column` counts from 1 in the expression's text."""

    def __init__(self, column: int, message: str) -> None:
        super().__init__(f"column {column}: {message}")
        self.column = column
        self.message = message


@dataclass(frozen=True)
class Node:
    column: int


@dataclass(frozen=True)
class Const(Node):
    value: Any  # a whole or decimal number, a text, true or false


@dataclass(frozen=True)
class ListOf(Node):
    items: tuple[Node, ...]


@dataclass(frozen=True)
class Name(Node):
    name: str  # a field, a category, `total`, or `rules.` and a path


@dataclass(frozen=True)
class Call(Node):
    function: str
    args: tuple[Node, ...]


@dataclass(frozen=True)
class Index(Node):
    target: Node
    key: Node


@dataclass(frozen=True)
class Op(Node):
    op: str  # + - * // % == != < <= > >= and or not neg
    args: tuple[Node, ...]


@dataclass(frozen=True)
class If(Node):
    test: Node
    then: Node
    otherwise: Node
