"""The one reader of scoring expressions: text to a tree of frozen nodes (nodes.py), or an
ExprError at a column. No Python `eval`, no recursion on the input (an explicit stack, so no
expression can exhaust Python's), and bounded before anything is kept: the text's length and
its nesting first, then the size of its tree.

    3 * count("row#.apple") + lookup(rules.set_bonus, sum("set.*"))
    if all("row1.*") then rules.row_bonus else 0
    if district in ["north", "east"] then ceil(pears / 2) else 0
    share(sum("market.*"), rules.majority_points)

The grammar, loosest first (tests/yaml_game/lark_oracle.py writes it for lark, which checks
this reader: the same trees, columns and errors on random expressions and near misses,
tests/yaml_game/test_one_parser.py):

    expr    := "if" expr "then" expr "else" expr | or
    or      := or "or" and | and            and := and "and" not | not
    not     := "not" not | compare          compare := sum [(COMPARE | "in") sum]  (one)
    sum     := sum ("+"|"-") product | product
    product := product ("*"|"/"|"//"|"%") unary | unary
    unary   := "-" unary | postfix          postfix := postfix "[" expr "]" | atom
    atom    := NUMBER | STRING | true | false | NAME | NAME "(" [expr ("," expr)*] ")"
             | "[" [expr ("," expr)*] "]" | "(" expr ")"

A mistake is reported where an LALR parser meets it, in its words: at the first token that
cannot continue what came before ("unexpected 'then'"), at a character no token starts
("unexpected '@'"), or one past the end ("the expression ends too soon"). Tokens are read as
a contextual lexer reads them: after an operand only what may follow one is tried, so `a andb`
is `a and b`; anywhere else a name is tried before a keyword, so `iffy` is a name. The size
of the tree is counted as the grammar's tree is (every token a node too), and a tree too deep
is reported at the part the same walk reaches first.

Why a reader of our own and not lark (measured 2026-12-02, benchmarks/README.md): lark costs
its import (60-66 ms CPU) in every process that loads a game scored in YAML, and ~0.47 ms an
expression against ~0.08 ms here; the kits benchmark's build was 7 % slower with it."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

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

NAME = r"(?!(?:if|then|else|and|or|not|true|false|in)\b)[a-z_#][a-z0-9_#]*(?:\.[a-z0-9_#]+)*"
COMPARE = r"==|!=|<=|>=|<|>"
MUL = r"//|/|\*|%"
# Every token, tried in this order where an operand may start (and to name what is unexpected)
ANY_TOKEN = re.compile(
    rf"(?P<NAME>{NAME})|(?P<STRING>\"[^\"\\\n]*\"|'[^'\\\n]*')|(?P<NUMBER>\d+(?:\.\d+)?)"
    rf"|(?P<WORD>false|else|then|true|and|not|if|or|in)|(?P<COMPARE>{COMPARE})|(?P<MUL>{MUL})"
    r"|(?P<MARK>[-+,()\[\]])"
)
# After an operand only these: a keyword that may follow one is read even where a name goes on
# (`a andb` is `a and b`, as lark's contextual lexer reads it)
AFTER_OPERAND = re.compile(
    rf"(?P<WORD>else|then|and|or|in)|(?P<COMPARE>{COMPARE})|(?P<MUL>{MUL})|(?P<MARK>[-+,()\[\]])"
)
SPACE = re.compile(r"[ \t\r\n]+")

# what an operand's place admits, from the most: `if` where a whole expression goes, `not`
# after `and`, `or` and `not`, and only a sign or an atom after the other operators
EXPR, NOT, UNARY = 0, 1, 2
# how tightly each operator binds: a pending one is applied before one binding less or as much
BINDS = {"or": 1, "and": 2, "not": 3, "COMPARE": 4, "in": 4, "+": 5, "-": 5, "MUL": 6, "neg": 7}


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
    _check_nesting(text)
    read = _Reader(text).read()
    if read.nodes > MAX_NODES or read.depth > MAX_DEPTH:
        _check_size(read.shape)
    return read.node


def _check_nesting(text: str) -> None:
    depth = 0
    for column, char in enumerate(text, 1):
        if char in "([":
            depth += 1
            if depth > MAX_NESTING:
                raise ExprError(column, f"nested more than {MAX_NESTING} deep")
        elif char in ")]":
            depth -= 1


# A part of the grammar's tree, for its size: (its column, its parts); a token has no parts.
Shape = tuple[int, tuple[Any, ...]]


def _check_size(shape: Shape) -> None:
    """The grammar's tree walked as lark's tree was: its last part first, every node counted;
    the first node past the limits names the mistake."""
    nodes = 0
    stack = [(shape, 1)]
    while stack:
        (column, parts), depth = stack.pop()
        nodes += 1
        if nodes > MAX_NODES:
            raise ExprError(1, f"more than {MAX_NODES} parts; split it into categories")
        if depth > MAX_DEPTH:
            raise ExprError(column, f"more than {MAX_DEPTH} operations inside one another")
        stack += [(part, depth + 1) for part in parts]


class Read:
    """A node read, with what the grammar's tree says of it: the column its text starts at
    (an outer parenthesis included: a node whose first part it is starts there), how many
    nodes and levels it has, and its shape."""

    __slots__ = ("depth", "node", "nodes", "shape", "start")

    def __init__(self, node: Node, start: int, nodes: int, depth: int, shape: Shape) -> None:
        self.node, self.start, self.nodes, self.depth, self.shape = node, start, nodes, depth, shape


def _token(column: int) -> Shape:
    return (column, ())


def _leaf(node: Node, column: int) -> Read:
    """A number, text or name: a tree holding its token."""
    return Read(node, column, 2, 2, (column, (_token(column),)))


def _operation(op: str, column: int, left: Read, right: Read) -> Read:
    """`a + b`, `a < b`: placed at its operator, whose token is in the tree too."""
    shape = (left.start, (left.shape, _token(column), right.shape))
    depth = 1 + max(left.depth, 1, right.depth)
    return Read(
        Op(column, op, (left.node, right.node)),
        left.start,
        2 + left.nodes + right.nodes,
        depth,
        shape,
    )


def _joined(word: str, left: Read, right: Read) -> Read:
    """`a and b`, `a or b`: placed at its first part."""
    shape = (left.start, (left.shape, right.shape))
    depth = 1 + max(left.depth, right.depth)
    node = Op(left.start, word, (left.node, right.node))
    return Read(node, left.start, 1 + left.nodes + right.nodes, depth, shape)


def _prefixed(op: str, column: int, inner: Read) -> Read:
    """`not a`, `-a`: placed at its word."""
    node = Op(column, op, (inner.node,))
    return Read(node, column, 1 + inner.nodes, 1 + inner.depth, (column, (inner.shape,)))


def _parts(node: Node, column: int, parts: list[Read]) -> Read:
    """A node of several parts (a call, a list, an index, an `if`), placed at `column`."""
    depth = 1 + max([0, *(part.depth for part in parts)])
    shape = (column, tuple(part.shape for part in parts))
    return Read(node, column, 1 + sum(part.nodes for part in parts), depth, shape)


class _Frame:
    """Something opened and not yet closed: a parenthesis, a call, a list, an index, or an `if`
    (its `key` says which keyword it waits for; after `else` it closes with its parent)."""

    __slots__ = ("column", "height", "key", "name")

    def __init__(self, key: str, column: int, height: int, name: str = "") -> None:
        self.key = key  # "(", "call", "[", "index", "if then", "if else", "if closing"
        self.column = column  # where its node is placed
        self.height = height  # how many operands were read before it
        self.name = name  # a call's function


# what each token after an operand may close (the `if` after `else` ends with its parent)
CLOSES = {
    ")": ("(", "call"),
    "]": ("[", "index"),
    ",": ("call", "["),
    "then": ("if then",),
    "else": ("if else",),
    "END": (),
}
ATOMS = ("NAME", "NUMBER", "STRING", "true", "false")
Pending = tuple[str, str, int]  # an operator: its kind (a key of BINDS), its text, its column


class _Reader:
    """Operator precedence on an explicit stack: the operands read, and the operators and
    frames pending, each operator applied when one binding less or as much comes, or a token
    that closes its frame."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0
        self.line_start = 0  # a column counts from the start of its line
        self.values: list[Read] = []
        self.pending: list[Pending | _Frame] = []

    def read(self) -> Read:
        values, pending = self.values, self.pending
        operand, admits, opened, named = True, EXPR, False, False
        while True:
            if operand:  # an operand, or what opens one
                kind, value, column = self._next(ANY_TOKEN)
                if kind in ATOMS:
                    values.append(_atom(kind, value, column))
                    operand, named = False, kind == "NAME"
                elif kind in ("(", "["):
                    pending.append(_Frame(kind, column, len(values)))
                    admits, opened = EXPR, kind == "["
                    continue
                elif kind == "-":
                    pending.append(("neg", kind, column))
                    admits = UNARY
                elif kind == "not" and admits <= NOT:
                    pending.append(("not", kind, column))
                    admits = NOT
                elif kind == "if" and admits == EXPR:
                    pending.append(_Frame("if then", column, len(values)))
                elif opened and (kind, self._top_key()) in ((")", "call"), ("]", "[")):
                    self._close(kind)  # `f()`, `[]`
                    operand = False
                else:
                    raise self._unexpected(kind, value, column)
                opened = False
                continue
            kind, value, column = self._next(AFTER_OPERAND)
            if kind == "(" and named:  # a call: the name just read is its function
                name = values.pop()
                assert isinstance(name.node, Name)
                pending.append(_Frame("call", name.start, len(values), name.node.name))
                operand, admits, opened, named = True, EXPR, True, False
                continue
            named = False
            if kind == "[":  # an index of the operand just read
                pending.append(_Frame("index", column, len(values)))
                operand, admits = True, EXPR
            elif kind in BINDS:
                if kind in ("COMPARE", "in") and self._comparing():
                    raise self._unexpected(kind, value, column)
                self._apply(BINDS[kind])
                pending.append((kind, value, column))
                operand, admits = True, NOT if kind in ("and", "or") else UNARY
            elif self._closing(kind, value, column) is None:
                return values[0]  # the end
            elif kind in ")]":
                self._close(kind)
            else:  # `,` then the next item, `then` or `else` then its part
                if kind != ",":
                    frame = pending[-1]
                    assert isinstance(frame, _Frame)
                    frame.key = "if else" if kind == "then" else "if closing"
                operand, admits = True, EXPR

    def _top_key(self) -> str:
        top = self.pending[-1]
        return top.key if isinstance(top, _Frame) else top[0]

    def _next(self, tokens: re.Pattern[str]) -> tuple[str, str, int]:
        """The next token: (its kind, its text, its column); a keyword's or a mark's kind is
        its text; ("END", "", one past the text) at the end."""
        text, at = self.text, self.at
        space = SPACE.match(text, at)
        if space is not None:
            newline = space.group().rfind("\n")
            if newline >= 0:
                self.line_start = at + newline + 1
            at = space.end()
        if at == len(text):
            self.at = at
            return "END", "", len(text) + 1
        column = at - self.line_start + 1
        found = tokens.match(text, at)
        if found is None:  # what stands here is named by the token it would be anywhere
            anywhere = ANY_TOKEN.match(text, at)
            if anywhere is None:
                raise ExprError(column, f"unexpected {text[at]!r}")
            raise ExprError(column, f"unexpected {anywhere.group()!r}")
        self.at = found.end()
        kind, value = found.lastgroup or "", found.group()
        return (value if kind in ("WORD", "MARK") else kind), value, column

    def _unexpected(self, kind: str, value: str, column: int) -> ExprError:
        if kind == "END":
            return ExprError(len(self.text) + 1, "the expression ends too soon")
        return ExprError(column, f"unexpected {value!r}")

    def _comparing(self) -> bool:
        """Whether the operand just read is the right side of a comparison (one at most)."""
        for item in reversed(self.pending):
            if isinstance(item, _Frame):
                return False
            binds = BINDS[item[0]]
            if binds <= BINDS["COMPARE"]:
                return binds == BINDS["COMPARE"]
        return False

    def _apply(self, binds: int) -> None:
        """Apply the pending operators that bind at least as tightly, down to a frame."""
        values, pending = self.values, self.pending
        while pending:
            top = pending[-1]
            if isinstance(top, _Frame) or BINDS[top[0]] < binds:
                return
            pending.pop()
            kind, text, column = top
            right = values.pop()
            if kind in ("neg", "not"):
                values.append(_prefixed(kind, column, right))
            elif kind in ("and", "or"):
                values.append(_joined(kind, values.pop(), right))
            else:
                values.append(_operation(text, column, values.pop(), right))

    def _closing(self, kind: str, value: str, column: int) -> _Frame | None:
        """The frame `kind` closes (None: the end), every operator and `if` inside it
        applied; raises when it closes nothing open."""
        pending, values = self.pending, self.values
        frame = next(
            (f for f in reversed(pending) if isinstance(f, _Frame) and f.key != "if closing"),
            None,
        )
        closes = CLOSES.get(kind)
        if closes is None or (frame.key not in closes if frame else kind != "END"):
            raise self._unexpected(kind, value, column)
        while True:
            self._apply(0)
            top = pending[-1] if pending else None
            if top is frame:
                return frame
            assert isinstance(top, _Frame)  # an `if` after its `else`: complete
            pending.pop()
            otherwise, then, test = values.pop(), values.pop(), values.pop()
            node = If(top.column, test.node, then.node, otherwise.node)
            values.append(_parts(node, top.column, [test, then, otherwise]))

    def _close(self, kind: str) -> None:
        """The frame on top closed by `)` or `]`: its operands made one."""
        frame = self.pending.pop()
        assert isinstance(frame, _Frame)
        values, column = self.values, frame.column
        parts = values[frame.height :]
        del values[frame.height :]
        nodes = tuple(part.node for part in parts)
        if frame.key == "(":
            (inner,) = parts
            inner.start = column  # a node whose first part this is starts at the parenthesis
            values.append(inner)
        elif frame.key == "call":
            parts.insert(0, Read(Name(column, frame.name), column, 1, 1, _token(column)))
            values.append(_parts(Call(column, frame.name, nodes), column, parts))
        elif frame.key == "[":
            values.append(_parts(ListOf(column, nodes), column, parts))
        else:  # an index: the operand before it, and its key
            target, key = values.pop(), parts[0]
            node = Index(target.start, target.node, key.node)
            values.append(_parts(node, target.start, [target, key]))


def _atom(kind: str, value: str, column: int) -> Read:
    if kind == "NUMBER":
        return _leaf(Const(column, float(value) if "." in value else int(value)), column)
    if kind == "STRING":
        return _leaf(Const(column, value[1:-1]), column)
    if kind == "NAME":
        return _leaf(Name(column, value), column)
    return Read(Const(column, kind == "true"), column, 1, 1, _token(column))  # true, false


__all__ = ["ExprError", "parse"]
