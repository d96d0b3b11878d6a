"""The syntax of scoring expressions: a small grammar parsed by lark (LALR, no Python `eval`),
into a tree of frozen nodes that only name fields, categories, `rules.` values and a fixed set
of functions. Bounded before anything is built: an expression's length, its nesting and the
size of its tree, so no expression can be made to exhaust memory or the stack.

    3 * count("row#.apple") + lookup(rules.set_bonus, sum("set.*"))
    if all("row1.*") then rules.row_bonus else 0
    share(sum("market.*"), rules.majority_points)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

MAX_EXPR_CHARS = 1_000  # an expression longer than this is refused before it is parsed
MAX_NESTING = 24  # brackets and parentheses inside one another
MAX_NODES = 400  # nodes of the parsed tree
MAX_DEPTH = 48  # levels of the parsed tree (operators chained inside one another)

GRAMMAR = r"""
?start: expr
?expr: "if" expr "then" expr "else" expr -> if_
     | or_
?or_: and_ | or_ "or" and_ -> or_
?and_: not_ | and_ "and" not_ -> and_
?not_: compare | "not" not_ -> not_
?compare: sum | sum COMPARE sum -> compare
?sum: product | sum ADD product -> arith
?product: unary | product MUL unary -> arith
?unary: postfix | "-" unary -> neg
?postfix: atom | postfix "[" expr "]" -> index
?atom: NUMBER -> number
     | STRING -> text
     | "true" -> true
     | "false" -> false
     | NAME "(" [expr ("," expr)*] ")" -> call
     | NAME -> name
     | "[" [expr ("," expr)*] "]" -> list_
     | "(" expr ")"

COMPARE: "==" | "!=" | "<=" | ">=" | "<" | ">"
ADD: "+" | "-"
MUL: "*" | "//" | "%"
NAME: /(?!(if|then|else|and|or|not|true|false)\b)[a-z_#][a-z0-9_#]*(\.[a-z0-9_#]+)*/
NUMBER: /\d+(\.\d+)?/
STRING: /"[^"\\\n]*"/ | /'[^'\\\n]*'/
%ignore /[ \t\r\n]+/
"""


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


@cache
def _parser() -> Any:
    from lark import Lark

    return Lark(GRAMMAR, parser="lalr", propagate_positions=True, maybe_placeholders=False)


def parse(text: str) -> Node:
    """The expression's tree; raises ExprError (with the column) for anything else."""
    if not isinstance(text, str) or not text.strip():
        raise ExprError(1, "expected an expression")
    if len(text) > MAX_EXPR_CHARS:
        raise ExprError(MAX_EXPR_CHARS, f"longer than {MAX_EXPR_CHARS:,} characters")
    return _parsed(text)


@lru_cache(maxsize=4096)
def _parsed(text: str) -> Node:
    """Kept by its text (a tree is frozen): a check with `each:` is compiled once per group,
    5,000 times at most, from one text."""
    from playtest.expr.quick_parse import quick_parse

    _check_nesting(text)
    read = quick_parse(text)  # the usual expression, read without importing lark
    return read if read is not None else parse_with_lark(text)


def parse_with_lark(text: str) -> Node:
    """The tree lark reads, or its error: for what `quick_parse` does not read (a mistake,
    a tree past the limits), and to compare the two in tests."""
    from lark import Token, Tree
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

    try:
        tree = _parser().parse(text)
    except UnexpectedCharacters as exc:
        raise ExprError(exc.column, f"unexpected {exc.char!r}") from None
    except UnexpectedToken as exc:
        if exc.token.type == "$END":
            raise ExprError(len(text) + 1, "the expression ends too soon") from None
        raise ExprError(exc.column, f"unexpected {str(exc.token)!r}") from None
    except UnexpectedEOF:
        raise ExprError(len(text) + 1, "the expression ends too soon") from None
    if isinstance(tree, Tree):
        _check_size(tree)
    return _build(tree) if isinstance(tree, Tree) else _token(tree, Token)


def _check_nesting(text: str) -> None:
    depth = 0
    for column, char in enumerate(text, 1):
        if char in "([":
            depth += 1
            if depth > MAX_NESTING:
                raise ExprError(column, f"nested more than {MAX_NESTING} deep")
        elif char in ")]":
            depth -= 1


def _check_size(tree: Any) -> None:
    """Counted without recursion, before the tree is built into nodes (which recurses)."""
    from lark import Tree

    nodes = 0
    stack = [(tree, 1)]
    while stack:
        item, depth = stack.pop()
        nodes += 1
        if nodes > MAX_NODES:
            raise ExprError(1, f"more than {MAX_NODES} parts; split it into categories")
        if depth > MAX_DEPTH:
            raise ExprError(_column(item), f"more than {MAX_DEPTH} operations inside one another")
        if isinstance(item, Tree):
            stack += [(child, depth + 1) for child in item.children]


def _column(item: Any) -> int:
    meta = getattr(item, "meta", None)
    column = getattr(meta, "column", None) if meta is not None else getattr(item, "column", None)
    return column or 1


def _token(token: Any, _kind: Any) -> Node:
    column = token.column or 1
    if token.type == "NUMBER":
        return Const(column, float(token) if "." in token else int(token))
    if token.type == "STRING":
        return Const(column, str(token)[1:-1])
    return Name(column, str(token))


def _build(item: Any) -> Node:
    from lark import Token

    if isinstance(item, Token):
        return _token(item, Token)
    column = _column(item)
    kids = [child for child in item.children if child is not None]
    rule = item.data
    if rule == "number" or rule == "text" or rule == "name":
        return _token(kids[0], Token)
    if rule in ("true", "false"):
        return Const(column, rule == "true")
    if rule == "call":
        name = kids[0]
        return Call(name.column or column, str(name), tuple(_build(k) for k in kids[1:]))
    if rule == "list_":
        return ListOf(column, tuple(_build(k) for k in kids))
    if rule == "index":
        return Index(column, _build(kids[0]), _build(kids[1]))
    if rule == "if_":
        return If(column, _build(kids[0]), _build(kids[1]), _build(kids[2]))
    if rule in ("compare", "arith"):
        return Op(kids[1].column or column, str(kids[1]), (_build(kids[0]), _build(kids[2])))
    if rule == "neg":
        return Op(column, "neg", (_build(kids[0]),))
    if rule == "not_":
        return Op(column, "not", (_build(kids[0]),))
    if rule in ("and_", "or_"):
        return Op(column, rule[:-1], (_build(kids[0]), _build(kids[1])))
    raise ExprError(column, f"unexpected {rule}")  # pragma: no cover - the grammar has no more
