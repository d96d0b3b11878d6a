"""What importing a layer loads, in a fresh process: a low layer pulls in nothing above it and
none of the libraries its upper neighbours draw or write with (the contract in pyproject.toml
checks the imports written; this checks what actually runs)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from playtest.library.loader import load_library
from tests.games import example_records, game_ids, games_with

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


def loaded_by_scoring(records: list[Path], prefixes: tuple[str, ...]) -> dict[str, list[str]]:
    """In a new process: the modules of `prefixes` that `import playtest.scorer.api` loads,
    then those that scoring each record (loading its game) adds."""
    code = (
        "import sys\n"
        f"prefixes = {prefixes!r}\n"
        "def loaded():\n"
        "    return {m for m in sys.modules if m.startswith(prefixes)}\n"
        "from playtest.scorer.api import evaluate_file\n"
        "print('import', *sorted(loaded()))\n"
        "from pathlib import Path\n"
        f"for record in {[str(r) for r in records]!r}:\n"
        "    before = loaded()\n"
        "    result = evaluate_file(Path(record))\n"
        "    assert result.players, record\n"
        "    print(f'{Path(record).parent.name}/{Path(record).name}', *sorted(loaded() - before))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=300
    )
    return {line.split()[0]: line.split()[1:] for line in done.stdout.splitlines()}


def yaml_scored_games() -> list[str]:
    """The games of the components scored in YAML (`scoring:`): their fields are painted when
    they load."""
    library = load_library()
    return [g for g in sorted(library.game_ids) if library.game(g).scoring is not None]


def test_scoring_loads_nothing_of_the_kit() -> None:
    """The scorer stands beside the kit, not on it: importing it and scoring every example
    record (a game scored in YAML has its fields painted when it loads, since its scoring reads
    them) load no module of generator/ (imposition, backends, the kit)."""
    painted = yaml_scored_games()
    records = [r for g in sorted({*game_ids(), *painted}) for r in example_records(g)]
    assert any(r.parent.name in painted for r in records)
    loaded = loaded_by_scoring(records, ("playtest.generator",))
    assert loaded == {"import": [], **{f"{r.parent.name}/{r.name}": [] for r in records}}


def test_a_game_scored_in_python_paints_nothing() -> None:
    """Scoring a record of a game scored in Python reads no field, so it loads neither the face
    painter nor reportlab (`playtest.library.fields` imports them when fields are asked)."""
    records = [r for g in games_with(lambda parts: parts.scorer) for r in example_records(g)]
    assert records
    loaded = loaded_by_scoring(records, ("playtest.faces", "reportlab"))
    assert loaded == {"import": [], **{f"{r.parent.name}/{r.name}": [] for r in records}}


def test_boxes_are_found_without_reading_svg_back() -> None:
    """The web editor's crops of every sheet and the photo reader's templates of every
    scan-ready sheet ask the drawing model where each place is: no SVG is written and parsed
    back with svgelements (left to the icons the fast reader refuses: the shipped ones have
    none)."""
    code = (
        "import sys\n"
        "from playtest.library.loader import load_library\n"
        "from playtest.scan.sheets import scan_sheets\n"
        "from playtest.web.pictures import Pictures\n"
        "library = load_library()\n"
        "pictures = Pictures(library)\n"
        "crops = [pictures.sheet_crops(g, s.id) for g in sorted(library.game_ids)\n"
        "         for s in library.game(g).sheets]\n"
        "assert any(crops) and scan_sheets(library)\n"
        "print('svgelements' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=300
    )
    assert done.stdout.split() == ["False"]
