"""pdfminer (under pdfplumber) parses a form XObject's content again at every place it is
drawn: a kit page of nine cards parses its card forms nine times, and reading one kit's card
pages for the version-mark test cost two minutes of CPU. This keeps the objects one parse of a form
gave and replays them at its next use, so a form is parsed once per document. The
interpreter still executes every operator at every place, so what pdfplumber reports is
unchanged; only the tokenising is shared. Installed for the tests by tests/conftest.py."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from pdfminer import pdfinterp
from pdfminer.psparser import PSEOF

_Parser = pdfinterp.PDFContentParser
# objects of the streams parsed, by the stream (kept so its id is not reused)
_SEEN: dict[tuple[int, ...], tuple[Sequence[object], list[tuple[int, object]]]] = {}
_KEPT = 0
_MOST = 1_000_000  # objects kept at most (~150 MB); all forgotten at once beyond that


class _Replay:
    def __init__(self, objects: list[tuple[int, object]]) -> None:
        self._next: Iterator[tuple[int, object]] = iter(objects)

    def nextobject(self) -> tuple[int, object]:
        for found in self._next:
            return found
        raise PSEOF("end of the stream")


def _content_parser(streams: Sequence[object]) -> object:
    global _KEPT
    if not (len(streams) == 1 and "BBox" in getattr(streams[0], "attrs", {})):
        return _Parser(streams)  # a page's own content is parsed once anyway
    key = tuple(id(s) for s in streams)
    if key in _SEEN:
        return _Replay(_SEEN[key][1])
    parser = _Parser(streams)  # raises PSEOF for no content, as the interpreter expects
    objects = []
    while True:
        try:
            objects.append(parser.nextobject())
        except PSEOF:
            break
    if _KEPT + len(objects) > _MOST:
        _SEEN.clear()
        _KEPT = 0
    _SEEN[key] = (list(streams), objects)
    _KEPT += len(objects)
    return _Replay(objects)


def install() -> None:
    pdfinterp.PDFContentParser = _content_parser  # type: ignore[assignment,misc]
