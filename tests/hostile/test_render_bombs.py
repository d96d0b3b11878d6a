"""Render-time bombs: a few bytes of YAML or SVG that would allocate gigabytes, draw millions
of shapes or loop for minutes are refused (or drawn within bounds) in a fresh process, in under
10 s and 500 MB, with a located one-line error."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import edit_once, make_components
from tests.hostile.fresh import run_fresh

LAYOUTS = Path("mini-game") / "layouts.yaml"


def _build(tmp_path: Path, *args: str):
    return run_fresh("build", "--components", "components", "-q", *args, cwd=tmp_path)


@pytest.mark.parametrize(
    ("old", "new", "error"),
    [
        (
            '"{name}", x: 10, y: 10',
            '"{name:>1000000000}", x: 10, y: 10',
            "components/mini-game/sheets.yaml",
        ),
        (
            'text: {text: "{item}"',
            'text: {text: "{item:.100000000f}"',
            "components/mini-game/sheets.yaml",
        ),
    ],
)
def test_format_width_and_precision_are_capped(
    old: str, new: str, error: str, tmp_path: Path
) -> None:
    root = make_components(tmp_path)
    edit_once(root / LAYOUTS, old, new)
    run = _build(tmp_path)
    assert run.returncode == 2 and run.within_bounds(), run
    assert "width and precision may be at most 200" in run.stderr, run.stderr
    assert len(run.stderr.splitlines()) == 1 and run.stderr.startswith("components/mini-game/")


def _nest_repeats(root: Path, outer: str) -> None:
    """The board's layout gets `outer` items of 1,000 rects each."""
    edit_once(
        root / LAYOUTS,
        """      - repeat:
          count: 7""",
        f"""      - repeat:
          count: {outer}
          elements:
            - repeat:
                count: 1000
                elements:
                  - rect: {{x: 1, y: 1, w: 1, h: 1, fill: ink}}
      - repeat:
          count: 7""",
    )


def test_a_repeat_inside_a_repeat_is_refused_at_load(tmp_path: Path) -> None:
    """Number counts are known before anything is drawn: 3,000 items of 1,000 rects each are
    refused when the components are loaded, at the outer repeat (issue 26, item 6)."""
    root = make_components(tmp_path)
    _nest_repeats(root, "3000")
    run = _build(tmp_path)
    assert run.returncode == 2 and run.within_bounds(), run
    assert run.stderr == (
        "components/mini-game/layouts.yaml:45: layouts.board.elements[1].repeat: every face "
        "drawn with this layout draws at least 3,003,007 shapes (3,003,000 here), more than "
        "the 20,000 a face may (a repeat inside a repeat?)\n"
    )
    assert not (tmp_path / "output").exists()


def test_a_repeat_inside_a_repeat_is_bounded_by_the_face(tmp_path: Path) -> None:
    """A count filled in from the rules is known only as the face is drawn: the face's own
    count stops it there."""
    root = make_components(tmp_path)
    _nest_repeats(root, '"{rules.bonus}000"')
    run = _build(tmp_path)
    assert run.returncode == 2 and run.within_bounds(), run
    # located at the layout's line, naming the component drawn (issue 13: errors point where
    # the mistake is)
    assert run.stderr.startswith(
        "components/mini-game/layouts.yaml:48: "
        "layouts.board.elements[1].repeat.elements[0].repeat: board "
        "board (components/mini-game/cards.yaml:33)"
    )
    assert (
        run.stderr.endswith(
            ": the face draws more than 20,000 shapes (a repeat inside a repeat?)\n"
        )
        and run.stderr.count("\n") == 1
    )


def test_a_repeat_over_a_huge_list_is_refused(tmp_path: Path) -> None:
    root = make_components(tmp_path)
    edit_once(
        root / "mini-game" / "game.yaml",
        "  bonus: 5",
        "  bonus: 5\n  many: [" + "0," * 50_000 + "0]",
    )
    edit_once(root / LAYOUTS, "over: rules.points", "over: rules.many")
    run = _build(tmp_path)
    assert run.returncode == 2 and run.within_bounds(), run
    assert run.stderr.startswith(
        "components/mini-game/layouts.yaml:26: layouts.sheet.elements[1].repeat.over: "
    ), run.stderr
    assert run.stderr.endswith(
        ": 'rules.many' has 50,001 items, more than the 10,000 a repeat may draw\n"
    ), run.stderr


def test_a_list_of_400000_values_is_refused_while_loading(tmp_path: Path) -> None:
    root = make_components(tmp_path)
    edit_once(
        root / "mini-game" / "game.yaml",
        "  bonus: 5",
        "  bonus: 5\n  many: [" + "0," * 400_000 + "0]",
    )
    run = _build(tmp_path)
    assert run.returncode == 2 and run.within_bounds(), run
    assert run.stderr == "components/mini-game/game.yaml:10: more than 100,000 values\n"


def test_shrinking_text_to_fit_is_bounded(tmp_path: Path) -> None:
    root = make_components(tmp_path)
    # 800 words that can never fit a 18x4 mm box, allowed (house minimum and style) to
    # shrink to 1e-300 pt: 13,600 steps of wrapping 800 words each, unless the steps are
    # bounded
    edit_once(root / LAYOUTS, "style: id}", "style: id, min_size: 1.0e-300}")
    edit_once(root / "_shared" / "style.yaml", "min_text_size: 6", "min_text_size: 1.0e-300")
    edit_once(root / LAYOUTS, 'text: "{id}"', 'text: "' + "wide words " * 400 + '"')
    run = run_fresh("build", "--components", "components", "--format", "pdf", cwd=tmp_path)
    assert run.returncode == 0 and run.within_bounds(), run
    assert "text does not fit its 18x4 mm box even at 0.0 pt" in run.stderr, run.stderr


def test_an_icon_whose_uses_nest_ten_deep_is_refused(tmp_path: Path) -> None:
    root = make_components(tmp_path)
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
        ' viewBox="0 0 100 100"><defs><rect id="a0" width="1" height="1"/>'
    ]
    for level in range(1, 11):
        parts.append(f'<g id="a{level}">' + f'<use xlink:href="#a{level - 1}"/>' * 10 + "</g>")
    parts.append('</defs><use xlink:href="#a10"/></svg>')
    icon = "".join(parts)
    assert len(icon) < 3000
    (root / "mini-game" / "icons" / "leaf.svg").write_text(icon)
    run = _build(tmp_path)
    assert run.returncode == 2 and run.within_bounds(), run
    assert run.stderr == (
        "components/mini-game/icons/leaf.svg: icon draws more than 20,000 "
        "elements once its <use> are expanded\n"
    )


@pytest.mark.parametrize(
    "svg",
    [
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1e-320 1e-320">'
        '<path d="M0 0 L1e-320 1e-320 Z"/></svg>',
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
        '<path d="M0 0 L1e999 50 L50 50 Z"/></svg>',
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
        '<path d="M10 10 A1e300 1e300 0 0 1 50 50 Z"/></svg>',
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
        '<path d="M10 10 A1e-300 1e-300 0 0 1 50 50 Z"/></svg>',
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
        '<path d="M10 10 L50 50" stroke="#000000" stroke-width="1e999"/></svg>',
    ],
    ids=[
        "tiny viewBox",
        "coordinate 1e999",
        "arc radius 1e300",
        "arc radius 1e-300",
        "stroke 1e999",
    ],
)
def test_an_icon_with_unusable_numbers_is_a_located_error(
    svg: str, tmp_path: Path, run_cli, monkeypatch
) -> None:
    root = make_components(tmp_path)
    (root / "mini-game" / "icons" / "leaf.svg").write_text(svg)
    monkeypatch.chdir(tmp_path)
    result = run_cli("build", "--components", root, "-q")
    assert result.exit_code == 2
    assert result.stderr.startswith("components/mini-game/icons/leaf.svg: "), result.stderr
    assert len(result.stderr.splitlines()) == 1
    assert not (tmp_path / "output").exists() or not any((tmp_path / "output").iterdir())


@pytest.mark.parametrize(
    ("where", "old", "new"),
    [
        ("cards.yaml", "size: poker", "size: [2, 2]"),
        ("tokens", "size: [20, 20]", "size: [2, 2]"),
        ("paper", "a4: [210, 297]", "a4: [2000, 2000]"),
    ],
)
def test_tiny_items_and_huge_paper_make_a_kit(
    where: str, old: str, new: str, tmp_path: Path
) -> None:
    root = make_components(tmp_path)
    path = (
        root / "_shared" / "print.yaml" if where == "paper" else root / "mini-game" / "cards.yaml"
    )
    edit_once(path, old, new)
    run = _build(tmp_path, "--format", "pdf")
    assert run.returncode == 0 and run.within_bounds(), run
    from pypdf import PdfReader

    assert len(PdfReader(tmp_path / "output" / "mini-game" / "mini-game-kit.pdf").pages) > 3
