"""The fast reader (libyaml's events) and the careful reader (the node graph) agree: the same
data, the same line for every value, the same answer to everything the fast one gives up on."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import example, given, settings
from hypothesis import strategies as st

from playtest.core import yaml_events
from playtest.core.errors import InputError
from playtest.core.limits import MAX_DEPTH, MAX_NODES
from playtest.core.yamlsource import COMPOSER, display_path, parse_document, read_carefully
from tests.games import a_game
from tests.helpers import make_components
from tests.hostile.strategies import trees

ROOT = Path(__file__).resolve().parents[2]
YAML_FILES = sorted(
    p for folder in ("components", "examples", "tests") for p in (ROOT / folder).rglob("*.y*ml")
)


def careful(text: str):
    return read_carefully(text, Path("x.yaml"), "x.yaml")


def fast(text: str):
    return yaml_events.read(text, COMPOSER)


def test_the_repository_yaml_is_read_fast_and_alike() -> None:
    """Every YAML file we ship or test with: read fast when it is plain, and the same."""
    read_fast = 0
    for path in YAML_FILES:
        text = path.read_text(encoding="utf-8", errors="replace")
        try:
            expected = careful(text)
        except InputError:
            continue  # a broken file on purpose: the fast reader must not accept it either
        try:
            data, lines = fast(text)
        except (yaml_events.Unusual, yaml.YAMLError):
            continue
        read_fast += 1
        assert data == expected.data, path
        assert lines == expected.lines, path
    assert read_fast > 0.9 * len(YAML_FILES)  # the fast way is the usual way


@pytest.mark.parametrize(
    "text",
    [
        "a: 1\na: 2\n",  # duplicate key
        "base: &b {x: 1}\nitem:\n  <<: *b\n  y: 3\n",  # anchor, alias, merge key
        "a: !!str 5\n",  # explicit tag
        "a: 2001-12-14\n",  # a date
        "a: 1.0e+999\n",  # not a usable number
        "? [1, 2]\n: x\n",  # a list as a key
        "1.5: x\nnull: y\n",  # keys the careful reader makes text
        "a: 1\n---\nb: 2\n",  # two documents
        "a: [1, 2\n",  # invalid YAML
    ],
)
def test_what_the_fast_reader_leaves_to_the_careful_one(text: str) -> None:
    with pytest.raises((yaml_events.Unusual, yaml.YAMLError)):
        fast(text)


def _same_answer(text: str) -> None:
    raw = text.encode()
    try:
        expected = careful(text)
    except InputError as exc:
        with pytest.raises(InputError) as got:
            parse_document(raw, Path("x.yaml"), "x.yaml")
        assert str(got.value) == str(exc)
        return
    got_doc = parse_document(raw, Path("x.yaml"), "x.yaml")
    assert got_doc.data == expected.data
    assert got_doc.lines == expected.lines


@settings(max_examples=300, deadline=None)
@given(trees(), st.sampled_from([None, 2, 80]), st.booleans())
@example({"a": 1, "b": [1, "2", None, True, 1.5, {"c": "x"}]}, None, False)
def test_any_document_reads_the_same_as_with_care(
    data: object, width: int | None, flow: bool
) -> None:
    text = yaml.safe_dump(
        data, width=width, default_flow_style=flow, allow_unicode=True, sort_keys=False
    )
    _same_answer(text)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ab:-[]{}, \n'\"&*!<>|#1.\t?", max_size=60))
@example("1: a\n2: [b, 0, '0', null, ~, yes]\n0: {x: false}\n")
@example("a: |\n  1\n  2\nb: >\n  x\n")
def test_any_text_reads_the_same_as_with_care(text: str) -> None:
    _same_answer(text)


ANCHORED = [
    "a: &x 5\nb: *x\nc: [*x, *x]\n",  # a scalar
    "base: &b\n  x: 1\n  y: [2, 3]\nitems:\n  - *b\n  - z: *b\n",  # a mapping, in a list
    "- &l [1, {k: v}]\n- *l\n- - *l\n",  # a list, and the alias as a list item at its line
    "a: &outer\n  inner: &in {q: 1}\n  again: *in\nb: *outer\nc: *in\n",  # aliases inside
    "&root {a: 1}\n",  # the whole document anchored
    "a: &e []\nb: *e\nc: &n\nd: *n\n",  # empty list, null
]


@pytest.mark.parametrize("text", ANCHORED)
def test_anchors_and_aliases_are_read_fast_as_with_care(text: str) -> None:
    data, lines = fast(text)
    expected = careful(text)
    assert data == expected.data and lines == expected.lines
    _same_answer(text)


def test_an_alias_is_a_copy_as_with_care() -> None:
    data, _ = fast("a: &x {k: [1]}\nb: *x\n")
    assert data["a"] == data["b"] and data["a"] is not data["b"]
    assert data["a"]["k"] is not data["b"]["k"]


@pytest.mark.parametrize(
    "text",
    [
        "a: *nowhere\n",  # an alias before any anchor
        "a: &x 1\nb: &x 2\nc: *x\n",  # an anchor named twice
        "a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\n"  # an alias bomb: past the values' bound
        + "".join(
            f"{n}: &{n} [{', '.join([f'*{p}'] * 10)}]\n"
            for p, n in zip("abcdef", "bcdefg", strict=True)
        ),
    ],
)
def test_what_aliases_leave_to_the_careful_reader(text: str) -> None:
    with pytest.raises((yaml_events.Unusual, yaml.YAMLError)):
        fast(text)
    _same_answer(text)


@settings(max_examples=150, deadline=None)
@given(
    trees(max_leaves=8).filter(lambda t: isinstance(t, list | dict)),
    st.lists(st.sampled_from(["key", "list", "nested"]), min_size=1, max_size=4),
    st.sampled_from([None, 2, 80]),
    st.booleans(),
)
def test_a_value_given_again_by_alias_reads_the_same_as_with_care(
    shared: object, places: list[str], width: int | None, flow: bool
) -> None:
    """PyYAML writes a value held in several places once, anchored, then as aliases."""
    data: dict[str, object] = {"first": shared}
    for i, place in enumerate(places):
        data[f"p{i}"] = {"key": shared, "list": [1, shared], "nested": {"in": [shared]}}[place]
    text = yaml.safe_dump(
        data, width=width, default_flow_style=flow, allow_unicode=True, sort_keys=False
    )
    assert "*id001" in text
    _same_answer(text)


def _nest(kinds: list[str], leaf: object) -> object:
    """`leaf` inside one mapping or list per kind, outermost first."""
    for kind in reversed(kinds):
        leaf = {"k": leaf} if kind == "map" else [leaf]
    return leaf


@settings(max_examples=120, deadline=None)
@given(
    st.integers(min_value=MAX_DEPTH - 3, max_value=MAX_DEPTH + 2),
    st.lists(st.sampled_from(["map", "list"]), min_size=MAX_DEPTH + 3, max_size=MAX_DEPTH + 3),
    st.sampled_from([1, "x", None, True, "two words", "multi\nline"]),
    st.booleans(),
)
@example(MAX_DEPTH, ["map"] * (MAX_DEPTH + 3), 1, False)  # a plain value one level too deep
@example(MAX_DEPTH, ["map"] * (MAX_DEPTH + 3), "multi\nline", False)  # a block of text
def test_a_nest_at_the_depth_bound_reads_as_with_care(
    levels: int, kinds: list[str], leaf: object, flow: bool
) -> None:
    """Nested mappings and lists around the depth bound, ending in a mapping's plain value
    (the value the fast reader takes at its key without a call), in block and flow style:
    refused by both readers with the same line at the same depth, or read alike."""
    data = _nest([*kinds[: levels - 1], "map"], leaf)
    text = yaml.safe_dump(data, default_flow_style=flow, width=10_000, sort_keys=False)
    _same_answer(text)


def test_plain_values_past_the_bound_of_values_are_refused_as_with_care() -> None:
    """Aliases bring the count of values just under the bound, then a mapping's plain values
    pass it: both readers refuse the file, with the same line."""
    ten = ", ".join(["1"] * 10)
    text = f"a: &a [{ten}]\n"  # 11 values
    for prev, name in zip("abcd", "bcde", strict=True):  # 111, 1,111, 11,111, 111,111 ...
        text += f"{name}: &{name} [{', '.join([f'*{prev}'] * 10)}]\n"
    # a: 11, b: 111, c: 1,111, d: 11,111 values; eight more copies of d come to 99,999 + 1
    text = text.rsplit("e:", 1)[0] + f"e: [{', '.join(['*d'] * 7)}]\n"
    total = 1 + 11 + 111 + 1_111 + 11_111 + (1 + 7 * 11_111)
    text += "".join(f"p{i}: {i}\n" for i in range(MAX_NODES - total + 1))
    with pytest.raises(InputError, match="more than 100,000 values") as refused:
        careful(text)
    with pytest.raises((yaml_events.Unusual, yaml.YAMLError)):
        fast(text)
    with pytest.raises(InputError) as got:
        parse_document(text.encode(), Path("x.yaml"), "x.yaml")
    assert str(got.value) == str(refused.value)


def _deep_mapping(levels: int, first: str) -> str:
    """`first`, then a key holding `levels` mappings inside one another, the last holding a
    plain value: that value is `levels + 1` deep."""
    keys = "".join(f"{'  ' * i}k{i}:\n" for i in range(levels))
    return f"{first}\n{keys}{'  ' * levels}leaf: 1\n"


@pytest.mark.parametrize("first", ["game: {game}", "game: !!str {game}"])
def test_a_record_nested_too_deep_is_one_located_line(first: str, tmp_path: Path, run_cli):
    """Read the fast way, or the careful way (a tag sends it there): the same one line."""
    record = tmp_path / "deep.yaml"
    record.write_text(_deep_mapping(MAX_DEPTH, first.format(game=a_game())))
    result = run_cli("score", record)
    assert result.exit_code == 2
    line = MAX_DEPTH + 2  # the plain value's key
    shown = display_path(record)
    assert result.output == f"{shown}:{line}: k0: nested more than {MAX_DEPTH} levels deep\n"


@pytest.mark.parametrize("first", ["game:", "game: !!map"])
def test_a_component_file_nested_too_deep_is_one_located_line(
    first: str, tmp_path: Path, run_cli, monkeypatch
):
    root = make_components(tmp_path)
    monkeypatch.chdir(tmp_path)
    # under `game:`, the nest's plain value one level too deep
    nest = _deep_mapping(MAX_DEPTH - 1, "").replace("\n", "\n  ").rstrip(" ")
    (root / "mini-game" / "deep.yaml").write_text(f"{first}{nest}")
    result = run_cli("list", "--components", root)
    assert result.exit_code == 2
    line = MAX_DEPTH + 1  # the plain value's key
    assert (
        f"components/mini-game/deep.yaml:{line}: game: nested more than {MAX_DEPTH} levels deep\n"
        in result.output
    )
