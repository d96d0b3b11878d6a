"""Dice: the cube net folds into a cube with the right opposite faces and one glue tab per
seam; stickers come six to a row, labelled per die."""

from __future__ import annotations

from itertools import pairwise

import pdfplumber
import pytest

from playtest import components
from playtest.generator.impose.dice import net_layout, sticker_grid
from playtest.library.loader import load_library
from playtest.model.presets import Net
from playtest.model.print_options import PrintOptions
from tests.impose.pdfgeom import MM, Box, page_text, rects, sized

# rolling a cube: for each direction on the paper, how the cube's slots trade places
ROLL = {
    "right": {"bottom": "east", "east": "top", "top": "west", "west": "bottom"},
    "left": {"bottom": "west", "west": "top", "top": "east", "east": "bottom"},
    "down": {"bottom": "south", "south": "top", "top": "north", "north": "bottom"},
    "up": {"bottom": "north", "north": "top", "top": "south", "south": "bottom"},
}
STEP = {"right": (1, 0), "left": (-1, 0), "down": (0, 1), "up": (0, -1)}
EDGE_SLOT = {"top": "north", "bottom": "south", "left": "west", "right": "east"}
OPPOSITE = {"top": "bottom", "north": "south", "east": "west"}


def fold(net: Net) -> tuple[dict[str, int], dict[tuple[int, str], frozenset[str]]]:
    """Roll a labelled cube over the net's cells. Returns which net face ends on each cube
    side, and for every cell edge the cube edge (pair of sides) it becomes."""
    cells = {tuple(c): i for i, c in enumerate(net.cells)}
    start = tuple(net.cells[0])
    # slot -> cube side label; the cube starts with side "bottom" on the first cell
    slots = {s: s for s in ("bottom", "top", "north", "south", "east", "west")}
    side_of_face: dict[int, str] = {}
    edges: dict[tuple[int, str], frozenset[str]] = {}
    seen = {start}

    def visit(cell: tuple[int, int], slots: dict[str, str]) -> None:
        face = cells[cell]
        side_of_face[face] = slots["bottom"]
        for edge, slot in EDGE_SLOT.items():
            edges[(face, edge)] = frozenset({slots["bottom"], slots[slot]})
        for direction, (dc, dr) in STEP.items():
            nxt = (cell[0] + dc, cell[1] + dr)
            if nxt in cells and nxt not in seen:
                seen.add(nxt)
                rolled = dict(slots)
                for src, dst in ROLL[direction].items():
                    rolled[src] = slots[dst]
                visit(nxt, rolled)

    visit(start, slots)
    return {side: face for face, side in side_of_face.items()}, edges


def shipped_net() -> Net:
    return load_library(components.ROOT).shared[0].net


def test_net_folds_into_a_cube_with_opposite_faces_1_6_2_5_3_4() -> None:
    faces_by_side, _ = fold(shipped_net())
    assert len(faces_by_side) == 6  # six different sides: it closes into a cube
    for a, b in OPPOSITE.items():
        pair = {faces_by_side[a], faces_by_side[b]}
        # face indexes 0..5 in the die's order: 0/5, 1/4 and 2/3 opposite; pips sum to 7
        assert sum(pair) == 5
        assert sum(i + 1 for i in pair) == 7


# the cube's sides as vectors of a right-handed frame: x right, y up the paper, z out of it
SIDE_VECTOR = {
    "east": (1, 0, 0),
    "west": (-1, 0, 0),
    "north": (0, 1, 0),
    "south": (0, -1, 0),
    "top": (0, 0, 1),
    "bottom": (0, 0, -1),
}


def det(a: tuple, b: tuple, c: tuple) -> int:
    return (
        a[0] * (b[1] * c[2] - b[2] * c[1])
        - a[1] * (b[0] * c[2] - b[2] * c[0])
        + a[2] * (b[0] * c[1] - b[1] * c[0])
    )


def corner_turn(net: Net) -> int:
    """+1 when the faces 1, 2, 3 of the folded die run counter-clockwise round their shared
    corner, seen from outside (a right-handed die), -1 when clockwise.

    `fold` rolls a cube over the printed cells, so it sits on the print: the paper folded
    print outside is that cube mirrored in the paper (z turned over). Three outward normals
    run counter-clockwise seen from their corner exactly when their determinant is +1."""
    faces_by_side, _ = fold(net)
    side_of = {face: side for side, face in faces_by_side.items()}

    def outward(face: int) -> tuple[int, int, int]:
        x, y, z = SIDE_VECTOR[side_of[face]]
        return (x, y, -z)

    return det(outward(0), outward(1), outward(2))


def test_the_folded_net_is_a_right_handed_die() -> None:
    assert corner_turn(shipped_net()) == 1
    # the same net with the arms swapped is its mirror image: the check tells them apart
    net = shipped_net()
    cells = [list(c) for c in net.cells]
    cells[2], cells[3] = cells[3], cells[2]
    assert corner_turn(Net(cells=cells, tabs=[])) == -1


def test_every_seam_has_exactly_one_glue_tab() -> None:
    net = shipped_net()
    _, edges = fold(net)
    cells = {tuple(c): i for i, c in enumerate(net.cells)}
    step = {"top": (0, -1), "bottom": (0, 1), "left": (-1, 0), "right": (1, 0)}
    cut_edges = [
        (face, edge)
        for face, (c, r) in enumerate(net.cells)
        for edge, (dc, dr) in step.items()
        if (c + dc, r + dr) not in cells
    ]
    seams: dict[frozenset[str], list[tuple[int, str]]] = {}
    for key in cut_edges:
        seams.setdefault(edges[key], []).append(key)
    assert len(cut_edges) == 14 and len(seams) == 7
    assert all(len(v) == 2 for v in seams.values())
    tabs = {tuple(t) for t in net.tabs}
    for pair in seams.values():
        assert len(tabs & set(pair)) == 1, pair


def test_a_wrong_net_is_caught_by_the_fold() -> None:
    broken = Net(cells=[[1, 0], [1, 1], [0, 1], [2, 1], [1, 2], [1, 3]], tabs=[])
    faces_by_side, _ = fold(broken)
    assert {faces_by_side["top"], faces_by_side["bottom"]} != {0, 5} or {
        faces_by_side["north"],
        faces_by_side["south"],
    } != {1, 4}


def test_sticker_and_net_pages(kits) -> None:
    pdf = kits()
    # sheets (front and back): contents 1-2, alignment 3-4, cards 5-6, tokens 7-8, stickers 9,
    # nets 11
    text = page_text(pdf, 9)
    assert "Pip die 1 of 2" in text and "Pip die 2 of 2" in text
    stickers = sized(rects(pdf, 9), 16 * 12 / 16, 12)
    assert len(stickers) == 12  # the die's background, scaled to 12 mm, six per die
    rows = sorted({round(s.top, 2) for s in stickers})
    xs = sorted(s.x0 for s in stickers if round(s.top, 2) == rows[0])[:6]  # the first die
    assert [round(b - a, 2) for a, b in pairwise(xs)] == [15.0] * 5  # 12 mm + 3 mm gap
    assert "Pip die 1 of 2" in page_text(pdf, 11)
    faces = sized(rects(pdf, 11), 20, 20)
    assert len(faces) == 12  # two nets of six 20 mm faces
    # every glue tab (a grey trapezoid) is as deep as `glue_tab` says, on each of its 7 seams
    tabs = tab_boxes(pdf, 11)
    assert len(tabs) == 14
    glue_tab = load_library(components.ROOT).shared[0].print.glue_tab
    assert {round(min(t.width, t.height), 2) for t in tabs} == {glue_tab}


def tab_boxes(pdf, page: int) -> list[Box]:
    with pdfplumber.open(pdf) as doc:
        return [
            Box(c["x0"] / MM, c["top"] / MM, c["x1"] / MM, c["bottom"] / MM)
            for c in doc.pages[page - 1].curves
            if c.get("fill") and c["non_stroking_color"] in ((0.93, 0.93, 0.93), [0.93] * 3)
        ]


def test_sticker_size_is_an_option() -> None:
    presets = load_library(components.ROOT).shared[0]
    small = PrintOptions.from_presets(presets, sticker_size=10)
    large = PrintOptions.from_presets(presets, sticker_size=13)
    assert sticker_grid(small)[1] > sticker_grid(large)[1]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_at_least_six_cube_nets_of_20_mm_faces_fit_a_sheet(paper) -> None:
    """Issue 27: standing up, 4 nets fit a page and a game's 25 dice took 7 sheets."""
    presets = load_library(components.ROOT).shared[0]
    opts = PrintOptions.from_presets(presets, paper=paper)
    assert opts.net_face == 20
    assert len(net_layout(shipped_net(), opts).slots) >= 6
