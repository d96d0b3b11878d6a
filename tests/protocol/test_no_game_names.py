"""Nothing outside a game's own places names it (issue 24): shared code and shared tests reach
the games through the registry, so a fifth game needs no edit there. A game's own places are
its package (`scorer/games/<package>/`), its components (`components/<id>/`), its examples
and its tests (`tests/<package>/`); the few other places that may name a game are listed
below, each with why. The games' ids, names and package names are read from the registry and
the components, so the check covers whichever games are registered."""

from __future__ import annotations

import re

from playtest.library.loader import load_library
from playtest.library.registry import registrations
from tests.conftest import REPO
from tests.games import package_of

SHARED_CODE = ("playtest", "generator", "scorer")
SHARED_TESTS = "tests"
# places outside a game's package and tests that name games, by design
ALLOWED = {
    "playtest/web/static/games/": "each game's editor script, a file named by its game's id",
    "tests/golden/files/": "reference pictures of every game's kit, a folder per game id",
    "tests/kits/kit-digests.sha256": "the digest of every game's kit, by file name",
}
NOT_READ = ("__pycache__",)
NOT_TEXT = (".png", ".pdf", ".ttf", ".woff", ".woff2", ".sqlite", ".jpg")


def game_words() -> dict[str, set[str]]:
    """Every game's id, name and package name, by id: the games registered in code and every
    game of the components (scored in YAML, or not scored at all)."""
    library = load_library()
    words = {game_id: {game_id, package_of(game_id)} for game_id in registrations()}
    for game_id in library.game_ids:
        words.setdefault(game_id, {game_id, package_of(game_id)})
        words[game_id].add(library.game(game_id).info.name)
    return words


def naming(words: set[str]) -> re.Pattern[str]:
    """Any of the words in any case, their parts joined by `-`, `_` or a space."""
    spelt = sorted(r"[-_ ]".join(map(re.escape, re.split(r"[-_ ]", w))) for w in words)
    return re.compile(r"\b(" + "|".join(spelt) + r")\b", re.IGNORECASE)


def own_places() -> tuple[str, ...]:
    """Where a game may be named: its package and its tests."""
    folders = [package_of(game_id) for game_id in game_words()]
    return (
        *(f"scorer/games/{folder}/" for folder in folders),
        *(f"tests/{folder}/" for folder in folders),
    )


def files_naming_a_game() -> dict[str, str]:
    """Every shared file that names a game -> the first name found in it."""
    words = game_words()
    pattern = naming(set().union(*words.values()))
    skip = (*own_places(), *ALLOWED)
    found = {}
    for top in (*SHARED_CODE, SHARED_TESTS):
        for path in sorted((REPO / top).rglob("*")):
            shown = path.relative_to(REPO).as_posix()
            if (
                not path.is_file()
                or any(part in NOT_READ for part in path.parts)
                or path.suffix in NOT_TEXT
                or shown.startswith(skip)
            ):
                continue
            hit = pattern.search(path.read_text(encoding="utf-8", errors="replace"))
            if hit:
                found[shown] = hit.group(0)
    return found


def test_the_names_are_read_from_the_registry() -> None:
    words = game_words()
    assert len(words) >= 1
    for game_id, said in words.items():
        assert naming(said).search(f"the game {game_id}!")
        assert all(naming(said).search(f"({word})") for word in said)


def test_no_shared_code_or_shared_test_names_a_game() -> None:
    found = files_naming_a_game()
    assert not found, f"shared files naming a game (reach it through the registry): {found}"
