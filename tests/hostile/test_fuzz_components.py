"""Fuzzing the component loader and the kit builder: whatever the files hold, the answer is a
kit or located one-line problems (InputError, exit 2), never a crash, in bounded time."""

from __future__ import annotations

import copy
import shutil
import tempfile
from pathlib import Path

import yaml
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from playtest.core.errors import InputError
from playtest.generator.kit.build import BuildRequest, build_game
from playtest.library.loader import load_library
from tests.helpers import FIXTURES
from tests.hostile.strategies import mutations, trees

FILES = {
    name: yaml.safe_load((FIXTURES / "mini-game" / name).read_text())
    for name in ("cards.yaml", "layouts.yaml", "game.yaml")
}

FUZZ = settings(
    max_examples=60,
    deadline=20_000,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def load_and_build(mini_components: Path, name: str, text: str) -> None:
    work = Path(tempfile.mkdtemp(prefix="fuzz-", dir=mini_components.parent))
    try:
        root = work / "components"
        shutil.copytree(mini_components, root)
        (root / "mini-game" / name).write_text(text)
        try:
            game = load_library(root).game("mini-game")
            build_game(game, BuildRequest(formats=frozenset({"svg", "pdf"})), work / "out", None)
        except InputError as exc:
            assert exc.problems
            # every problem once, sorted by file and line (all reported in one pass)
            where = [(p.file, p.line or 0) for p in exc.problems]
            assert where == sorted(where) and len(set(exc.problems)) == len(exc.problems)
            for problem in exc.problems:
                line = str(problem)
                assert "\n" not in line and line.startswith(("components", "..", "/"))
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _with_list_in_enum() -> dict:
    """Found by this test: a list inside a field's allowed values crashed the reference check."""
    cards = copy.deepcopy(FILES["cards.yaml"])
    cards["decks"][0]["fields"]["colour"] = [[], "blue"]
    return cards


ONE_MUTATION = st.sampled_from(sorted(FILES)).flatmap(
    lambda name: st.tuples(st.just(name), mutations(FILES[name]))
)


@FUZZ
@given(case=ONE_MUTATION)
@example(case=("cards.yaml", _with_list_in_enum()))
def test_one_hostile_value_in_a_valid_file(mini_components: Path, case: tuple[str, object]) -> None:
    name, mutated = case
    load_and_build(mini_components, name, yaml.safe_dump(mutated, allow_unicode=True))


@FUZZ
@given(name=st.sampled_from(sorted(FILES)), tree=trees())
def test_a_random_tree_instead_of_a_file(mini_components: Path, name: str, tree: object) -> None:
    load_and_build(mini_components, name, yaml.safe_dump(tree, allow_unicode=True))
