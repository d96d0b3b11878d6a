"""Hypothesis strategies for hostile input: random YAML trees and one-value mutations of
valid files."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

WEIRD_TEXT = st.sampled_from(
    [
        "",
        " ",
        "null",
        "~",
        "-1",
        "1e309",
        "NaN",
        "0x10",
        "yes",
        "{",
        "}",
        "[",
        "*alias",
        "&a",
        "!!python/object:os.system",
        "💥",
        "\u202e",
        "a" * 300,
        "{name}",
        "{rules.x.99}",
        ":icon:",
        "../../etc/passwd",
        "#zzzzzz",
        "#12345",
        "\x07",
    ]
)
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30),
    WEIRD_TEXT,
)


def trees(max_leaves: int = 25) -> st.SearchStrategy[Any]:
    return st.recursive(
        SCALARS,
        lambda inner: st.one_of(
            st.lists(inner, max_size=5),
            st.dictionaries(st.text(max_size=12) | WEIRD_TEXT, inner, max_size=5),
        ),
        max_leaves=max_leaves,
    )


def paths(data: Any, prefix: tuple = ()) -> list[tuple]:
    """Every location in a tree of dicts and lists."""
    found = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            found += paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += paths(value, (*prefix, index))
    return found


def replaced(data: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    head, *rest = path
    if isinstance(data, dict):
        return {k: replaced(v, tuple(rest), value) if k == head else v for k, v in data.items()}
    return [replaced(v, tuple(rest), value) if i == head else v for i, v in enumerate(data)]


def deleted(data: Any, path: tuple) -> Any:
    if len(path) == 1:
        if isinstance(data, dict):
            return {k: v for k, v in data.items() if k != path[0]}
        return [v for i, v in enumerate(data) if i != path[0]]
    head, *rest = path
    if isinstance(data, dict):
        return {k: deleted(v, tuple(rest)) if k == head else v for k, v in data.items()}
    return [deleted(v, tuple(rest)) if i == head else v for i, v in enumerate(data)]


@st.composite
def mutations(draw: st.DrawFn, data: Any) -> Any:
    """`data` with one value replaced by something hostile, or one entry deleted."""
    where = draw(st.sampled_from(paths(data)))
    if where and draw(st.booleans()) and draw(st.booleans()):
        return deleted(data, where)
    return replaced(data, where, draw(trees(8)))
