"""Property: whatever a layout holds (any verb, any numbers, NaN, infinities, huge values,
hostile templates), the whole build answers with located one-line problems or a valid PDF and
valid SVG, never a traceback, and never writes NaN or an infinity."""

from __future__ import annotations

import os
import re
import shutil
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, event, given, settings
from pypdf import PdfReader

from playtest.core.errors import InputError
from playtest.generator.kit.build import BuildRequest, build_game
from playtest.library.loader import load_library
from tests.helpers import FIXTURES
from tests.hostile.layouts import elements

CARDS = yaml.safe_load((FIXTURES / "mini-game" / "cards.yaml").read_text())
LAYOUTS = yaml.safe_load((FIXTURES / "mini-game" / "layouts.yaml").read_text())
NOT_A_NUMBER = re.compile(rb"(?<![A-Za-z])(nan|inf)(?![A-Za-z])", re.IGNORECASE)
FUZZ = settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", 120)),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _components(mini_components: Path, card_elements: list) -> Path:
    """The mini game cut down to its main deck (fast to build), its card face replaced."""
    root = Path(tempfile.mkdtemp(prefix="case-", dir=mini_components.parent)) / "components"
    shutil.copytree(mini_components, root)
    cards = {"decks": CARDS["decks"][:1]}
    layouts = {
        "layouts": {
            "card": {"elements": card_elements},
            "card-back": LAYOUTS["layouts"]["card-back"],
        }
    }
    (root / "mini-game" / "cards.yaml").write_text(yaml.safe_dump(cards, allow_unicode=True))
    (root / "mini-game" / "layouts.yaml").write_text(yaml.safe_dump(layouts, allow_unicode=True))
    return root


def _content_streams(pdf: PdfReader) -> list[bytes]:
    """Page contents and form XObjects: where numbers are written (fonts are binary)."""
    found: list[bytes] = []
    seen: set[int] = set()

    def forms(resources: Any) -> None:
        xobjects = resources.get("/XObject") if resources else None
        for name in xobjects or {}:
            ref = xobjects.raw_get(name)
            form = ref.get_object()
            if form.get("/Subtype") == "/Form" and ref.idnum not in seen:
                seen.add(ref.idnum)
                found.append(form.get_data())
                forms(form.get("/Resources"))

    for page in pdf.pages:
        found.append(page.get_contents().get_data())
        forms(page.get("/Resources"))
    return found


def _check_kit(kit: Path) -> None:
    pdf = PdfReader(kit / "mini-game-kit.pdf")
    assert len(pdf.pages) >= 2
    for stream in _content_streams(pdf):
        assert not NOT_A_NUMBER.search(stream), NOT_A_NUMBER.search(stream)
    svgs = sorted((kit / "svg").glob("*.svg"))
    assert svgs
    for svg in svgs:
        ET.parse(svg)  # well-formed XML: no control character got through
        for element in ET.parse(svg).iter():
            for value in element.attrib.values():
                assert not NOT_A_NUMBER.search(value.encode()), (svg.name, value)


@FUZZ
@given(card_elements=elements())
def test_any_layout_builds_or_is_refused_with_a_located_error(
    mini_components: Path, card_elements: list
) -> None:
    root = _components(mini_components, card_elements)
    try:
        try:
            game = load_library(root).game("mini-game")
            kit = root.parent / "out" / "mini-game"
            build_game(game, BuildRequest(formats=frozenset({"pdf", "svg"})), kit, None)
        except InputError as exc:
            event("refused: " + re.sub(r"^.*?: ", "", str(exc.problems[0]))[:60])
            assert exc.problems
            for problem in exc.problems:
                line = str(problem)
                assert "\n" not in line and re.match(
                    r"components/mini-game/\w+\.yaml:\d+: ", _relative(line, root)
                ), line
            return
        event("built")
        _check_kit(kit)
    finally:
        shutil.rmtree(root.parent, ignore_errors=True)


def _relative(line: str, root: Path) -> str:
    """Problems name files as the user would type them; here, relative to the case folder."""
    return re.sub(r"^.*?components/", "components/", line)
