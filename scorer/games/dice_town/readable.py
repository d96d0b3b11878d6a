"""JSON values that print as sentences.

`scorer/report.py` prints each `Result.extra` entry with `str()`; these containers keep the
JSON answer structured while the text answer reads as prose.
"""

from __future__ import annotations

from typing import Any


class ReadableDict(dict[str, Any]):
    def __init__(self, data: dict[str, Any], text: str) -> None:
        super().__init__(data)
        self.text = text

    def __str__(self) -> str:
        return self.text


class ReadableList(list[Any]):
    def __init__(self, items: list[Any], text: str) -> None:
        super().__init__(items)
        self.text = text

    def __str__(self) -> str:
        return self.text
