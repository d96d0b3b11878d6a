"""Control characters in names and text: escaped in everything printed for people (a name must
not set the terminal's title, clear the screen or forge a line of output) and stripped from
everything printed on paper (they are invalid in SVG and mean nothing in a PDF)."""

from __future__ import annotations

import re

# C0 (but tab), DEL, C1, and the bidirectional overrides that reorder what a terminal shows
_UNSAFE = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
# what XML 1.0 cannot hold at all, plus DEL and C1 (shown as boxes or nothing)
_UNPRINTABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufffe\uffff]")
# what a one-line name must not hold: every control character (tab and C1's NEL too) and the
# line and paragraph separators (U+2028, U+2029: line breaks to YAML and JavaScript)
_NOT_IN_A_NAME = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\x1b": "\\e"}


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    if char in _NAMED:
        return _NAMED[char]
    return f"\\x{ord(char):02x}" if ord(char) <= 0xFF else f"\\u{ord(char):04x}"


def escape_controls(text: str) -> str:
    """`text` safe for one line of a terminal: every control character shown as an escape."""
    return _UNSAFE.sub(_escape, text)


def name_problem(name: str) -> str | None:
    """Why `name` cannot be a player's name (None when it can): a name is one line of text that
    every writer (terminal, YAML comment, HTML, CSV) shows as typed."""
    found = _NOT_IN_A_NAME.search(name)
    if found:
        shown = _NOT_IN_A_NAME.sub(_escape, name)
        return (
            f"player name '{shown}' holds a control character or line break "
            f"({_escape(found)}): a name is one line of text"
        )
    if not name.strip():
        return "player name is empty"
    return None


def escape_json_controls(text: str) -> str:
    """JSON text with C1 controls and bidi overrides as \\u escapes (json.dumps escapes C0
    itself): the same JSON value, harmless on a terminal."""
    return re.sub(
        "[\x7f-\x9f\u202a-\u202e\u2066-\u2069]", lambda m: f"\\u{ord(m.group()):04x}", text
    )


def strip_controls(text: str, keep_newlines: bool = True) -> str:
    """`text` without the characters that cannot be printed (newlines kept when asked)."""
    text = _UNPRINTABLE.sub("", text)
    return text if keep_newlines else text.replace("\r", "").replace("\n", " ")
