"""The one registry of games: every part a game has, declared once by the game, found one way.

A game package declares a `GameRegistration` (by convention `GAME` in its `game.py`) and is
registered by a Python entry point in the group `playtest.games`, the entry point's name being
the game's id. The four games shipped are declared in pyproject.toml that way; a plugin game
installed with pip declares its own in its own pyproject.toml:

    [project.entry-points."playtest.games"]
    my-game = "my_game.game:GAME"

Everything outside a game (the loader, the CLI, the web scorer, the engines' replay, the lab,
the tests) reaches it only through `registration(id)` or `registrations()`; the games a record
may name (those with a scorer, and a components folder's games scored in YAML) are
`record_games(library)`. The scorer, engine, web page and fields may be declared
`later("module:NAME")` (`Later`) and are read with `part(name)`, which imports them the first
time: loading a game for a kit does not import its engine or web page.
`register(game)` adds a game object directly: entry-point discovery
calls it, and so can a test or a program that makes a game on the fly.

Plugins are guests. A game's code that fails while it is found (an exception or `SystemExit`
at import, a wrong object) leaves that game out and no other: a command that names the game
gets its error as one line of `InputError` (exit 2); every command meets it as one warning
line (`warnings_at_once`, or `take_warnings` at its end), and the other games work. An entry point
whose name is not a game id is left out so, and so is one from another package that names a
game playtest-kit ships (the shipped game stays), or a game two other packages both declare.
A game's code run later, while its game is loaded (its rules' and field schemas' validators,
its check, its catalogue), runs through `guest`: what it raises is one line naming the game,
the code and its package, exit 2, before anything is written.
"""

from __future__ import annotations

import dataclasses
import re
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module
from importlib.metadata import EntryPoint, entry_points
from typing import TYPE_CHECKING, Any, Literal, TypeVar, overload

from pydantic import BaseModel

from playtest.core.errors import InputError, Problem, exception_line

if TYPE_CHECKING:  # the parts' types; importing them here would load the scorer for a kit
    from playtest.library.loader import Library
    from playtest.model.game import Game
    from playtest.scorer.engine import Engine
    from playtest.scorer.fields_record import FieldsMapping
    from playtest.scorer.interface import GameInterface
    from playtest.scorer.web_game import WebGame

ENTRY_POINTS = "playtest.games"
DISTRIBUTION = "playtest-kit"  # the package whose entry points are the games shipped
# a game's id: its folder under components/, a part of the web scorer's addresses, `game:` in
# a record and in the playtest log (playtest/log/values.py reads it from here)
GAME_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")
CODE_PREFIX = re.compile(r"[A-Z][A-Z0-9]*")  # as a `checks:` code's (playtest/expr/schema.py)
# the parts a game may declare `later(...)`: those a kit does not need
LaterPart = Literal["scorer", "engine", "web", "fields"]
LATER_PARTS: tuple[LaterPart, ...] = ("scorer", "engine", "web", "fields")


@dataclass(frozen=True)
class OptionShortcut:
    """A command-line flag that switches one of the game's options on: `--with-rhubarb` for
    `--option rhubarb=on`. Declared by the game; `build` and `preview` offer it."""

    flag: str  # without the dashes: "with-rhubarb"
    option: str  # the option of `game.yaml`'s `options:` it switches on: "rhubarb"

    @property
    def help(self) -> str:
        return f"Shortcut for --option {self.option}=on."


_NOT_YET = object()  # a `Later` whose part is not imported yet
T = TypeVar("T")


class Later:
    """A part of a game imported the first time it is used: `later("my_game.engine:Engine")`
    (a module and a name in it), or `later(make)`, a function of no arguments that returns
    the part. A kit needs a game's rules and cards, not its engine, web page or record
    reader, whose imports were a third of what a new `playtest build` spent loading a game."""

    __slots__ = ("_part", "target")

    def __init__(self, target: str | Callable[[], Any]) -> None:
        self.target = target
        self._part: Any = _NOT_YET

    def load(self, game_id: str) -> Any:
        """The part, imported the first time and kept; a failure is one line, as a game's code
        that fails while it is found."""
        if self._part is _NOT_YET:
            self._part = self._import(game_id)
        return self._part

    def _import(self, game_id: str) -> Any:
        target = self.target
        try:
            if callable(target):
                return target()
            module, _, name = target.partition(":")
            return getattr(import_module(module), name)
        except (Exception, SystemExit) as exc:  # a game's own code: one line, never a traceback
            where = target if isinstance(target, str) else getattr(target, "__qualname__", "?")
            said = f"{where}: {exception_line(exc)}"
            raise InputError.one(ENTRY_POINTS, None, game_id, said) from None


def later(target: str | Callable[[], Any]) -> Later:
    """A part imported when first used (`Later`), for the `LATER_PARTS` of a registration."""
    return Later(target)


@dataclass(frozen=True)
class GameRegistration:
    """Every part of one game, as the game declares it; a part the game does not have is left
    out (None). The scorer, engine, web page and fields may be declared `later(...)`: their
    fields hold what was declared, and `part(name)` gives the part itself (imported the first
    time, then kept by its `Later`). A copy (`dataclasses.replace`), a comparison or a repr
    imports nothing."""

    id: str  # the game's folder under components/, and `game:` in a record
    # the rules model: the schema of `rules:` in game.yaml (without one, `rules:` stays plain
    # data), schemas a deck's `fields:` may name, and checks of rules that span files
    rules: type[BaseModel] | None = None
    field_schemas: Mapping[str, type[BaseModel]] = field(default_factory=dict)
    check: Callable[[Game], Sequence[Problem]] | None = None
    # the game's cards as its rules see them, built once when the game is loaded
    catalogue: Callable[[Game], object] | None = None
    # reading a record, its checks and its scoring (scorer/interface.py)
    scorer: GameInterface | Later | None = None
    # the prefix of its violation codes, `HD` for HD-07: its checks' and its engine's alike
    # (records.md); a game with a scorer declares one (a game scored in YAML gives each code
    # in its `checks:`)
    code_prefix: str | None = None
    # the game played by a program: a class (or function) making the engine of a loaded game;
    # the engine holds its log notation and the bots' optional hooks (scorer/engine.py)
    engine: Callable[[Game], Engine[Any, Any, Any]] | Later | None = None
    # what the web scorer's editor needs (scorer/web_game.py)
    web: WebGame | Later | None = None
    # command-line shortcuts for the game's options
    shortcuts: tuple[OptionShortcut, ...] = ()
    # how its sheets' fields (`playtest fields`) make its usual record, and back
    # (scorer/fields_record.py); a game scored in YAML needs none
    fields: FieldsMapping | Later | None = None

    @overload
    def part(self, name: Literal["scorer"]) -> GameInterface | None: ...
    @overload
    def part(self, name: Literal["engine"]) -> Callable[[Game], Engine[Any, Any, Any]] | None: ...
    @overload
    def part(self, name: Literal["web"]) -> WebGame | None: ...
    @overload
    def part(self, name: Literal["fields"]) -> FieldsMapping | None: ...
    def part(self, name: LaterPart) -> Any:
        """The part itself, imported now if it was declared `later` and not yet imported."""
        if name not in LATER_PARTS:
            raise ValueError(f"{name!r} is not one of {LATER_PARTS}")
        declared = getattr(self, name)
        return declared.load(self.id) if isinstance(declared, Later) else declared

    def declares(self, part: str) -> bool:
        """Whether the game has this part, without importing a part declared `later`."""
        return getattr(self, part) is not None


_registered: dict[str, GameRegistration] = {}
_loaded: set[str] = set()  # the names of the entry points looked at (once per process)
_packages: dict[str, str] = {}  # the package that declares each game found by entry point
_left_out: dict[str, Problem] = {}  # a game whose code is left out: why (its error, when named)
_warned: set[Problem] = set()  # each said once, though a part may fail each time it is asked
_unsaid: list[Problem] = []  # what was left out and not said yet
_say: Callable[[str], None] | None = None  # where to say it at once (`warnings_at_once`)
_finding = threading.RLock()  # a server's requests look for the games at the same time
_NOT_AN_ID = (
    "not a game id (lower-case letters, digits and '-', a letter or digit first, "
    "at most 64 characters): the plugin is left out"
)


def register(game: GameRegistration) -> None:
    """Add a game; a second, different game under an id already taken is refused."""
    if not isinstance(game, GameRegistration):
        raise InputError.one(
            ENTRY_POINTS, None, "", f"expected a GameRegistration, got {type(game).__name__}"
        )
    if not isinstance(game.id, str) or not GAME_ID.fullmatch(game.id):
        raise InputError.one(ENTRY_POINTS, None, repr(game.id), _NOT_AN_ID)
    if game.declares("scorer") and not CODE_PREFIX.fullmatch(game.code_prefix or ""):
        raise InputError.one(
            ENTRY_POINTS,
            None,
            game.id,
            f"code_prefix: expected capitals and digits, starting with a capital (HD for HD-07), "
            f"got {game.code_prefix!r}: a game with a scorer declares its violation codes' prefix",
        )
    early = [f.name for f in dataclasses.fields(game) if f.name not in LATER_PARTS]
    if any(isinstance(getattr(game, name), Later) for name in early):
        raise InputError.one(
            ENTRY_POINTS,
            None,
            game.id,
            f"only {', '.join(LATER_PARTS)} may be declared later(...): "
            "a kit needs every other part when the game is loaded",
        )
    known = _registered.get(game.id)
    if known is not None and known is not game:
        raise InputError.one(ENTRY_POINTS, None, game.id, "a second game registered with this id")
    _registered[game.id] = game


def unregister(game_id: str) -> None:
    """Remove a game registered with `register` (a test's throwaway game)."""
    _registered.pop(game_id, None)


def registrations() -> dict[str, GameRegistration]:
    """Every registered game by id, sorted by id (a game whose code is left out is not one)."""
    _discover(_entry_points())
    return dict(sorted(_registered.items()))


def registration(game_id: str) -> GameRegistration | None:
    """The game registered under this id, or None (a components folder may hold a game that
    has no code: its `rules:` stay plain data and it has no scorer). Only this game's entry
    point is loaded, so another game's broken code does not stop this one; this game's own,
    left out, is its InputError."""
    _discover([p for p in _entry_points() if p.name == game_id])
    left_out = _left_out.get(game_id)
    if left_out is not None:
        if left_out in _unsaid:  # said now, as the error: not again as a warning
            _unsaid.remove(left_out)
        raise InputError([left_out])
    return _registered.get(game_id)


def guest(game_id: str, what: str, code: object, call: Callable[[], T]) -> T:
    """`call()`, which runs the game's own code `code` (its `what`: "check", "rules schema");
    anything it raises but an InputError, or a `SystemExit`, is one line (InputError) naming
    the game, the code and the package that declares it: a plugin's bug is never a
    traceback, and the command stops before it writes anything. The games shipped are
    not guests: a bug of ours shows its traceback (as in `scorer/api.py`)."""
    where = f"{getattr(code, '__module__', '?')}.{getattr(code, '__qualname__', '?')}"
    if where.startswith("playtest."):
        return call()
    try:
        return call()
    except InputError:
        raise
    except (Exception, SystemExit) as exc:  # a game's own code: one line, never a traceback
        package = _packages.get(game_id)
        origin = f"of the package {package}" if package else "registered by a program"
        said = exception_line(exc) if isinstance(exc, Exception) else f"SystemExit: {exc.code!r}"
        raise InputError.one(
            ENTRY_POINTS, None, game_id, f"its {what} ({where}, {origin}) failed: {said}"
        ) from None


def parts(name: LaterPart) -> dict[str, Any]:
    """Every registered game's part `name` that it has, by id, imported now; a game whose part
    fails to import is left out with a warning (asked for by itself, it is its error)."""
    found = {}
    for game_id, game in registrations().items():
        try:
            part = game.part(name)
        except InputError as exc:
            for problem in exc.problems:
                _warn(problem)
            continue
        if part is not None:
            found[game_id] = part
    return found


def take_warnings() -> list[str]:
    """What was left out since last asked, one line each, each said once: a command says
    them as it ends."""
    lines = [_warning(problem) for problem in _unsaid]
    _unsaid.clear()
    return lines


@contextmanager
def warnings_at_once(say: Callable[[str], None]) -> Iterator[None]:
    """Say what is left out at once while the block runs (a server, a watch: they do not end
    soon), beginning with what was left out so far; after it, however it ends, warnings wait
    for the end of a command again (a command run in the same process, as tests do)."""
    global _say
    before, _say = _say, say
    try:
        for line in take_warnings():
            say(line)
        yield
    finally:
        _say = before


def _warning(problem: Problem) -> str:
    return f"{problem.file}: warning: {problem.field}: {problem.message}"


def _warn(problem: Problem) -> None:
    if problem in _warned:
        return
    _warned.add(problem)
    if _say is not None:
        _say(_warning(problem))
    else:
        _unsaid.append(problem)


def _leave_out(name: str, problem: Problem) -> None:
    _left_out[name] = problem
    _warn(problem)


def record_games(library: Library) -> list[str]:
    """The games a record may name in `game:`, by id: every game registered with a scorer,
    then each game of the library scored in YAML (its folder declares `scoring:` or
    `checks:`). The one list that says which games can be scored."""
    coded = [game_id for game_id, game in registrations().items() if game.declares("scorer")]
    return [*coded, *(g for g in library.declared_scored_in_yaml if g not in coded)]


@cache
def _entry_points() -> list[EntryPoint]:
    """The group's entry points, read once per process (a scan of every installed package)."""
    found = list(entry_points(group=ENTRY_POINTS))
    if not found:  # the four games shipped are always declared
        raise InputError.one(
            ENTRY_POINTS,
            None,
            "",
            "no games registered: the installed metadata is out of date "
            "(reinstall playtest-kit: pip install -e .)",
        )
    return found


def _discover(points: list[EntryPoint]) -> None:
    with _finding:  # a name is marked looked at before its game is registered
        named: dict[str, list[EntryPoint]] = {}
        for point in points:
            if point.name not in _loaded:
                named.setdefault(point.name, []).append(point)
        for name, same in named.items():
            _loaded.add(name)
            _take(name, same)


def _take(name: str, points: list[EntryPoint]) -> None:
    """Register the game of the entry points named `name`, or leave it out, said."""
    shipped = [p for p in points if _package(p) == DISTRIBUTION]
    if shipped:
        for point in points:
            if point not in shipped:
                _warn(  # the shipped game stays
                    Problem(
                        ENTRY_POINTS,
                        None,
                        name,
                        f"the package {_package(point)} ({point.value}) may not replace the "
                        f"game {DISTRIBUTION} ships: it is left out",
                    )
                )
        points = shipped[:1]
    packages = sorted({_package(p) for p in points})
    if len(packages) > 1:
        said = f"the packages {', '.join(packages)} all declare this game: each is left out"
        _leave_out(name, Problem(ENTRY_POINTS, None, name, said))
        return
    point = points[0]
    if not GAME_ID.fullmatch(name):
        said = f"{point.value} of the package {_package(point)}: {_NOT_AN_ID}"
        _leave_out(name, Problem(ENTRY_POINTS, None, repr(name), said))
        return
    try:
        game = _load(point)
        if game.id != point.name:
            raise ValueError(f"its GameRegistration's id is {game.id!r}")
        register(game)
        _packages[name] = _package(point)
    except InputError as exc:
        _leave_out(name, exc.problems[0])
    except (Exception, SystemExit) as exc:  # a game's own code: one line, never a traceback
        _leave_out(name, Problem(ENTRY_POINTS, None, name, _one_line(point, exc)))


def _package(point: EntryPoint) -> str:
    """The name of the installed package that declares the entry point, normalised as pip
    does (`Playtest_Kit` is `playtest-kit`)."""
    dist = point.dist
    return re.sub(r"[-_.]+", "-", dist.name).lower() if dist is not None else "?"


def _load(point: EntryPoint) -> GameRegistration:
    game = point.load()
    if not isinstance(game, GameRegistration):
        raise TypeError(f"expected a GameRegistration, got {type(game).__name__}")
    return game


def _one_line(point: EntryPoint, exc: BaseException) -> str:
    if isinstance(exc, SystemExit):
        return f"{point.value}: exits when imported (SystemExit: {exc.code!r})"
    return f"{point.value}: {exception_line(exc)}"
