"""The grammar of scoring expressions, written for lark: the oracle the one parser
(playtest/expr/parse.py) is compared with, trees and errors alike
(tests/yaml_game/test_one_parser.py). lark is a test dependency only.

`lark_parse` is what `parse` answered when lark read the expressions: the same checks of
length and nesting first, then lark's LALR parser (its contextual lexer and its errors), the
size of lark's tree (its trees and tokens, counted without recursion), then the nodes."""

from __future__ import annotations

from functools import cache
from typing import Any

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

from playtest.expr.nodes import (
    MAX_DEPTH,
    MAX_EXPR_CHARS,
    MAX_NESTING,
    MAX_NODES,
    Call,
    Const,
    ExprError,
    If,
    Index,
    ListOf,
    Name,
    Node,
    Op,
)

GRAMMAR = r"""
?start: expr
?expr: "if" expr "then" expr "else" expr -> if_
     | or_
?or_: and_ | or_ "or" and_ -> or_
?and_: not_ | and_ "and" not_ -> and_
?not_: compare | "not" not_ -> not_
?compare: sum | sum COMPARE sum -> compare | sum IN sum -> compare
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
MUL: "*" | "//" | "/" | "%"
IN: "in"
NAME: /(?!(if|then|else|and|or|not|true|false|in)\b)[a-z_#][a-z0-9_#]*(\.[a-z0-9_#]+)*/
NUMBER: /\d+(\.\d+)?/
STRING: /"[^"\\\n]*"/ | /'[^'\\\n]*'/
%ignore /[ \t\r\n]+/
"""


@cache
def parser() -> Lark:
    return Lark(GRAMMAR, parser="lalr", propagate_positions=True, maybe_placeholders=False)


def lark_parse(text: str) -> Node:
    """The expression's tree as lark reads it; raises ExprError as `parse` does."""
    if not isinstance(text, str) or not text.strip():
        raise ExprError(1, "expected an expression")
    if len(text) > MAX_EXPR_CHARS:
        raise ExprError(MAX_EXPR_CHARS, f"longer than {MAX_EXPR_CHARS:,} characters")
    _check_nesting(text)
    try:
        tree = parser().parse(text)
    except UnexpectedCharacters as exc:
        raise ExprError(exc.column, f"unexpected {exc.char!r}") from None
    except UnexpectedToken as exc:
        if exc.token.type == "$END":
            raise ExprError(len(text) + 1, "the expression ends too soon") from None
        raise ExprError(exc.column, f"unexpected {str(exc.token)!r}") from None
    except UnexpectedEOF:
        raise ExprError(len(text) + 1, "the expression ends too soon") from None
    _check_size(tree)
    return _build(tree)


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


def _token(token: Token) -> Node:
    column = token.column or 1
    if token.type == "NUMBER":
        return Const(column, float(token) if "." in token else int(token))
    if token.type == "STRING":
        return Const(column, str(token)[1:-1])
    return Name(column, str(token))


def _build(item: Any) -> Node:
    if isinstance(item, Token):
        return _token(item)
    column = _column(item)
    kids = [child for child in item.children if child is not None]
    rule = item.data
    if rule in ("number", "text", "name"):
        return _token(kids[0])
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
    raise AssertionError(rule)
