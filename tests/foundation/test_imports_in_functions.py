"""No import of a product module sits inside a function to dodge an import cycle (an import
moved into a function to dodge a cycle is a cycle, not a fix): the few kept there for start-up
time are listed in STARTUP, each with its reason, and any other fails. While issue 39 moves the
code into its layers, PENDING lists the ones not yet moved to the top, by file and module: each
step deletes what it fixes, and neither list may hold an entry the code no longer has. After a
merge, regenerate PENDING rather than merging it: `python -m tests.foundation.import_graph
--pending`."""

from __future__ import annotations

import ast
from collections import Counter

from tests.foundation.import_graph import REPO, matches, product_imports, product_modules

# (where, what it may import there): why it waits until the function runs
STARTUP: dict[tuple[str, str], str] = {
    ("playtest/cli/*.py", "playtest"): "a command imports its library when it runs, so "
    "`playtest --help` and shell completion do not load every library; nothing imports the "
    "roof (pyproject.toml's layers contract), so no import here hides a cycle",
    (
        "generator/kit/build.py",
        "playtest.generator.kit.tts",
    ): "--tts only: its sheets are rasterised (PIL, pypdfium2)",
    ("scorer/games/*/game.py", "playtest.scorer"): "`later(_scorer)`: a kit imports a game's "
    "rules and cards, never its scorer",
    ("playtest/library/fields.py", "playtest.faces.fields"): "a game's fields are painted "
    "(reportlab, fonts, icons) only when asked: `playtest score` of a game scored in Python "
    "never imports the painter (importing it costs about 85 ms CPU more than the scorer's 280: "
    "medians of 5 fresh processes, 2026-12-07, load 4-5)",
}

# imports written in functions that issue 39 has yet to move to the top:
# (file, module imported) -> how many statements
PENDING: dict[tuple[str, str], int] = {
    ("generator/kit/build.py", "playtest.generator.kit.svg_files"): 1,
    ("playtest/lab/report.py", "playtest.lab.metrics"): 1,
    ("playtest/lab/runner.py", "playtest.library.loader"): 1,
    ("playtest/lab/runner.py", "playtest.log"): 1,
    ("playtest/lab/runner.py", "playtest.scorer.engine"): 2,
    ("playtest/scan/command.py", "playtest.scorer.fields_record"): 1,
    ("playtest/scan/sheets.py", "playtest.drawing.model"): 1,
    ("playtest/scan/sheets.py", "playtest.drawing.symbols"): 1,
    ("playtest/scan/sheets.py", "playtest.faces.component_faces"): 1,
    ("playtest/scan/sheets.py", "playtest.faces.fields"): 1,
    ("playtest/scan/sheets.py", "playtest.faces.painter"): 1,
    ("playtest/scan/sheets.py", "playtest.faces.scan_marks"): 1,
    ("playtest/scan/sheets.py", "playtest.generator.backends.pdf"): 1,
    ("playtest/scan/sheets.py", "playtest.model.print_options"): 1,
    ("playtest/scan/tableau.py", "playtest.faces.fields"): 1,
    ("playtest/scan/tableau.py", "playtest.faces.scan_marks"): 1,
    ("playtest/scan/tableau.py", "playtest.model.print_options"): 1,
    ("playtest/web/fonts.py", "playtest.generator.backends.svg_fonts"): 1,
    ("playtest/web/games/fields.py", "playtest.library.registry"): 1,
    ("playtest/web/pages.py", "playtest.web.scan"): 1,
    ("playtest/web/scan.py", "playtest.scorer.fields_record"): 1,
    ("playtest/web/server.py", "playtest.web.app"): 1,
    ("scorer/api.py", "playtest.scorer.yaml_game"): 1,
    ("scorer/engine.py", "playtest.library.registry"): 2,
    ("scorer/fields_record.py", "playtest.scorer.api"): 1,
    ("scorer/interface.py", "playtest.library.registry"): 1,
}


def inside() -> list:
    return [imp for imp in product_imports() if imp.inside]


def test_imports_in_functions_are_for_start_up_time_only() -> None:
    found = Counter(
        (imp.path, imp.target)
        for imp in inside()
        if not any(matches(imp, *place) for place in STARTUP)
    )
    extra = {key: n for key, n in found.items() if n > PENDING.get(key, 0)}
    lines = [
        f"{imp.path}:{imp.line}: {imp.target}"
        for imp in inside()
        if (imp.path, imp.target) in extra
    ]
    assert not extra, (
        "an import of a product module written inside a function: move it to the top (a cycle "
        "is solved by moving code, not by hiding the import), or list it in STARTUP with the "
        "start-up time it saves:\n" + "\n".join(lines)
    )
    stale = {key: n for key, n in PENDING.items() if found.get(key, 0) < n}
    assert not stale, f"PENDING lists imports the code no longer has (delete them): {stale}"


def test_every_start_up_entry_is_still_used() -> None:
    unused = [place for place in STARTUP if not any(matches(imp, *place) for imp in inside())]
    assert not unused, f"STARTUP entries no function import needs any more: {unused}"


def test_modules_are_imported_by_name_only_by_the_registry() -> None:
    """A dynamic import (importlib.import_module, __import__) could stand in for one written in
    a function: only the registry's `later(...)` and entry points import a module by name."""
    allowed = {"playtest/library/registry.py"}
    found = [
        f"{path}:{node.lineno}"
        for path in product_modules().values()
        if path.as_posix() not in allowed
        for node in ast.walk(ast.parse((REPO / path).read_text()))
        if isinstance(node, ast.Name | ast.Attribute | ast.alias)
        and {"import_module", "__import__"}
        & {getattr(node, "id", getattr(node, "attr", None)), getattr(node, "name", None)}
    ]
    assert not found, f"modules imported by name outside the registry: {found}"
