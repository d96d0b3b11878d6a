"""JSON text as `json.dumps(value, indent=2, ensure_ascii=False)` writes it, about three times
faster: with `indent` Python 3.11's json module leaves its C encoder for a pure-Python one
(generators, one yield per token), which took a tenth of `playtest score DIR --json`.

Each container is one list comprehension whose scalars go through the C helpers the json
module itself uses (`encode_basestring`, `int.__repr__`, `float.__repr__`), joined with the
separator of its depth. Anything written differently from plain data — a key that is not a
str, NaN or infinity, a subclass or another type, nesting deeper than `MAX_DEPTH`, a
circular reference — is handed to `json.dumps`, so the text (or the error) never changes.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from json.encoder import encode_basestring  # the C function when the json module has it
from typing import Any

# deeper values are rare; json.dumps writes them (and reports circular references)
MAX_DEPTH = 100


class _Fallback(Exception):
    """A value this writer does not write the way json.dumps does."""


def _float_text(number: float) -> str:
    if number != number or number in (float("inf"), float("-inf")):
        raise _Fallback  # json's NaN / Infinity are not JSON; leave them to json.dumps
    return float.__repr__(number)


def _give_up(value: Any) -> str:
    raise _Fallback


# exact types only: a subclass (an IntEnum, an OrderedDict) goes to json.dumps
_SCALARS: dict[type, Callable[[Any], str]] = {
    str: encode_basestring,
    int: int.__repr__,
    bool: {True: "true", False: "false"}.__getitem__,
    type(None): {None: "null"}.__getitem__,
    float: _float_text,
}
_scalar = _SCALARS.get


def _container_writer(depth: int, inner: Callable[[Any], str]) -> Callable[[Any], str]:
    """The writer of a dict or list at `depth`; `inner` writes the containers it holds."""
    indent = "\n" + "  " * (depth + 1)
    separator = "," + indent
    close = "\n" + "  " * depth

    def write(value: Any) -> str:
        kind = type(value)
        if kind is dict:
            if not value:
                return "{}"
            # a key that is not a str makes encode_basestring raise TypeError: json.dumps
            # turns int, float, bool and None keys into text of its own
            return (
                "{"
                + indent
                + separator.join(
                    [
                        f"{encode_basestring(key)}: {_scalar(type(item), inner)(item)}"
                        for key, item in value.items()
                    ]
                )
                + close
                + "}"
            )
        if kind is list or kind is tuple:
            if not value:
                return "[]"
            return (
                "["
                + indent
                + separator.join([_scalar(type(item), inner)(item) for item in value])
                + close
                + "]"
            )
        raise _Fallback

    return write


def _writers() -> Callable[[Any], str]:
    """One writer per depth, built from the deepest up so each knows the next."""
    writer: Callable[[Any], str] = _give_up
    for depth in range(MAX_DEPTH - 1, -1, -1):
        writer = _container_writer(depth, writer)
    return writer


_write_top = _writers()


def indented_json(value: Any) -> str:
    """Exactly `json.dumps(value, indent=2, ensure_ascii=False)`, faster for plain data
    (dicts with str keys, lists, str, int, float, bool, None)."""
    try:
        return _scalar(type(value), _write_top)(value)
    except (_Fallback, TypeError, ValueError, RecursionError):
        # ValueError: an int too long for str() (json.dumps raises the same error)
        return reference_json(value)


def reference_json(value: Any) -> str:
    """What `indented_json` writes, the slow way: for whatever it does not write itself."""
    return json.dumps(value, indent=2, ensure_ascii=False)
