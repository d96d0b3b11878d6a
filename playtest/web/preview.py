"""The live preview (`/preview/<game>`): the face a designer is editing, drawn by the kit's own
SVG renderer (generator/kit/svg_files.py, the code that writes the kit's SVG files), redrawn when
a component file changes, with the warnings the build would print and any error in the YAML.
The page polls a small state answer; faces are kept by what they are drawn from
(playtest/faces/memo.py), so a save redraws only what it changed."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playtest.core.errors import InputError, exception_line
from playtest.drawing.symbols import SymbolTable
from playtest.faces.memo import FaceMemo
from playtest.faces.painter import FaceError, FacePainter, face_error
from playtest.generator.kit.svg_files import SvgFile, svg_files, svg_text
from playtest.generator.kit.watch import Snapshot, snapshot
from playtest.library.loader import load_library
from playtest.model.print_options import PrintOptions


@dataclass
class Drawn:
    """One game as last drawn: its faces' SVG files (the last good ones when the YAML has an
    error), the build's warnings and the errors of the files as they are now."""

    version: int = 0
    seen: Snapshot | None = None
    env: FacePainter | None = None
    files: dict[str, SvgFile] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    svgs: dict[str, str] = field(default_factory=dict)  # drawn in this version, by face
    name: str | None = None  # the game's name, from its files as last drawn


class Preview:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.lock = threading.Lock()
        self.games: dict[str, Drawn] = {}
        self.memo = FaceMemo()

    def name(self, game_id: str) -> str:
        """The game's name as its files say it now, or its id while they cannot be read (the
        page then shows what is wrong with them)."""
        drawn = self._fresh(game_id)
        return drawn.name or game_id

    def state(self, game_id: str) -> dict[str, Any]:
        drawn = self._fresh(game_id)
        return {
            "version": drawn.version,
            "faces": [{"name": n, "title": f.face.title} for n, f in drawn.files.items()],
            "warnings": drawn.warnings,
            "errors": drawn.errors,
        }

    def svg(self, game_id: str, name: str) -> str | None:
        drawn = self._fresh(game_id)
        with self.lock:
            file = drawn.files.get(name)
            if file is None or drawn.env is None:
                return None
            if name not in drawn.svgs:
                drawn.svgs[name] = svg_text(file, drawn.env)
            return drawn.svgs[name]

    def _fresh(self, game_id: str) -> Drawn:
        """The game, drawn again if any of its files or the shared ones changed."""
        with self.lock:
            drawn = self.games.setdefault(game_id, Drawn())
            now = snapshot([self.root / game_id, self.root / "_shared"])
            if now == drawn.seen:
                return drawn
            drawn.seen = now
            drawn.version += 1
            drawn.svgs = {}
            try:
                game = load_library(self.root).game(game_id)
                opts = PrintOptions.from_presets(game.presets)
                env = FacePainter.for_game(game, SymbolTable(), opts.bleed, faces=self.memo)
                try:
                    files = svg_files(game, env, {}, opts=opts)
                except FaceError as exc:
                    raise face_error(game, exc) from None
            except InputError as exc:
                drawn.errors = [str(problem) for problem in exc.problems]
                return drawn
            except Exception as exc:  # a bug (a plugin's code, or ours): one line, and on
                drawn.errors = [f"{game_id}: {exception_line(exc)}"]
                return drawn
            # keep this version's faces for the next; forget the old games' digests
            self.memo.kept, self.memo.used, self.memo.contexts = self.memo.used, {}, {}
            drawn.env, drawn.errors, drawn.warnings = env, [], list(env.warnings)
            drawn.name = game.info.name
            drawn.files = {file.name: file for file in files}
            return drawn
