"""Every face painted from its layout: the face painter (the build's state: the game, its fonts,
its icons as symbols, the warnings, the face memo, the scan marks), which makes each face's
immutable `PaintContext` for the verbs; fonts (reportlab metrics), icons, scan marks and their
codes, version marks, layout places, a drawing's digest, and the fields of sheets and boards
with their boxes. A layer above the component model and below the library: the kit and the
scorer's field reading both stand on it (pyproject.toml's layers contract)."""
