"""The fast reader (libyaml's events) and the careful reader (the node graph) agree: the same
data, the same line for every value, the same answer to everything the fast one gives up on."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import example, given, settings
from hypothesis import strategies as st

from playtest import yaml_events
from playtest.errors import InputError
from playtest.yamlsource import COMPOSER, parse_document, read_carefully
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
