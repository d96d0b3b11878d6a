"""What importing a layer loads, in a fresh process: a low layer pulls in nothing above it and
none of the libraries its upper neighbours draw or write with (the contract in pyproject.toml
checks the imports written; this checks what actually runs)."""

from __future__ import annotations

import subprocess
import sys

DRAWING = ("face", "geometry", "model", "svgpath", "symbols", "text")


def loaded_by(modules: list[str], prefixes: tuple[str, ...]) -> list[str]:
    """The modules of `prefixes` in sys.modules after importing `modules` in a new process."""
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        f"print('\\n'.join(sorted(m for m in sys.modules if m.startswith({prefixes!r}))))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    return done.stdout.split()


def test_the_drawing_model_loads_no_backend_and_nothing_above_it() -> None:
    """Shapes, geometry, symbols, SVG paths and text layout are pure: fonts reach text layout
    as a `Measure`, so reportlab (and the kit, the verbs, the component model) stay out."""
    loaded = loaded_by(
        [f"playtest.drawing.{name}" for name in DRAWING],
        ("reportlab", "svgwrite", "playtest.generator", "playtest.layout", "playtest.model"),
    )
    assert loaded == []
