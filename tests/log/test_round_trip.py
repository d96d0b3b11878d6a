"""Export -> import -> export gives the same bytes, for random games (names, dates, start
seats, sources, kit versions): nothing a game holds is lost on the way, and the stats of a
log equal the stats of its re-import. A game already in the log is not stored again."""

from __future__ import annotations

import copy
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from playtest.core.output_files import write_bytes
from playtest.core.yamlsource import load_document
from playtest.log import PlaytestLog, new_game
from playtest.log.records import export_all, import_files
from playtest.log.stats import game_stats
from playtest.log.values import SOURCES
from tests.conftest import REPO

EXAMPLES = sorted(
    p.relative_to(REPO / "examples").as_posix()
    for p in (REPO / "examples").glob("*/*.yaml")
    if not p.name.startswith("log-")
)
# one line of text: no control character, line or paragraph separator, or surrogate
NAME = st.text(
    st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp"), blacklist_characters="\ufeff"),
    min_size=1,
    max_size=40,
).filter(lambda n: n.strip() != "")
TRICKY = st.sampled_from(["yes", "null", "# Ann", "- Bob", "a: b", "'", '"', "~", "0x1F", "<!--"])


def _renamed(value: Any, names: dict[str, str]) -> Any:
    """The record with every player's name replaced wherever it is written (`sheriff: Ann`)."""
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [_renamed(v, names) for v in value]
    if isinstance(value, dict):
        return {k: _renamed(v, names) for k, v in value.items()}
    return value


@st.composite
def games(draw, library) -> Any:
    doc = load_document(REPO / "examples" / draw(st.sampled_from(EXAMPLES)))
    old = [p["name"] for p in doc.data["players"]]
    new = draw(st.lists(NAME | TRICKY, min_size=len(old), max_size=len(old), unique=True))
    data = _renamed(copy.deepcopy(doc.data), dict(zip(old, new, strict=True)))
    renamed = type(doc)(path=doc.path, display=doc.display, data=data, lines=doc.lines)
    entry, _ = new_game(
        renamed,
        library,
        played_on=draw(st.dates()).isoformat(),
        start_seat=draw(st.integers(0, len(old) - 1)),
        source=draw(st.sampled_from(SOURCES)),
        version=draw(st.sampled_from([None, "0.1+abcdef012345", "yaml-0123456789ab"])),
    )
    return entry


def _export(log: PlaytestLog, folder: Path) -> list[bytes]:
    folder.mkdir()
    export_all(folder, log.games(), write_bytes)
    return sorted(p.read_bytes() for p in folder.iterdir())


def _stats(log: PlaytestLog, library) -> dict[tuple[str, str, str], Any]:
    """Every group's stats, in an order that does not depend on the ids given."""
    found = {}
    for game, version, _ in log.versions():
        for source in ("played", "simulated"):
            stats = game_stats(log.games(game, version, source), {})
            found[(game, version, source)] = (
                stats.games,
                stats.seats,
                sorted(stats.totals),
                sorted(stats.winning_totals),
                {k: round(v, 9) for k, v in stats.breakdown.items()},
            )
    return found


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_export_import_export_is_byte_for_byte(library, data) -> None:
    entries = data.draw(st.lists(games(library), min_size=1, max_size=4))
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        first = PlaytestLog(root / "first.db")
        ids = [first.save(e) for e in entries]
        exported = _export(first, root / "out1")
        second = PlaytestLog(root / "second.db")
        report = import_files(second, [root / "out1"], library)
        assert len(report.imported) == len(ids) and report.already == []
        assert exported == _export(second, root / "out2")
        by_identity = {g.uid: g for g in second.games()}
        for game in first.games():
            again = by_identity[game.uid]
            for field in ("game", "variant", "played_on", "kit_version", "record"):
                assert getattr(again, field) == getattr(game, field), field
            assert (again.start_seat, again.source) == (game.start_seat, game.source)
            assert [p["name"] for p in again.players] == [p["name"] for p in game.players]
        assert _stats(second, library) == _stats(first, library)

        # the same files again, and the export back into its own log: nothing is added
        assert import_files(second, [root / "out1"], library).imported == []
        back = import_files(first, [root / "out2"], library)
        assert back.imported == [] and sorted(back.already) == sorted(ids)
        assert first.count() == len(ids) and second.count() == len(ids)
