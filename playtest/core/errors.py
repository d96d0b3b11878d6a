"""Input problems people can act on: `file:line: field: what is wrong (what was expected)`."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from playtest.core.control_chars import escape_controls


@dataclass(frozen=True)
class Problem:
    file: str
    line: int | None
    field: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        field = f"{self.field}: " if self.field else ""
        return escape_controls(f"{where}: {field}{self.message}")  # always one line


class InputError(Exception):
    """Input that cannot be used. Carries every problem found, each printable on one line."""

    def __init__(self, problems: Iterable[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))

    def __reduce__(self) -> tuple[type[InputError], tuple[list[Problem]]]:
        return (InputError, (self.problems,))  # pickled whole (a worker's answer)

    @classmethod
    def one(cls, file: str, line: int | None, field: str, message: str) -> InputError:
        return cls([Problem(file, line, field, message)])


class Problems:
    """Collects problems so that all of them are reported at once, then raised together."""

    def __init__(self) -> None:
        self.items: list[Problem] = []

    def add(self, file: str, line: int | None, field: str, message: str) -> None:
        self.items.append(Problem(file, line, field, message))

    def extend(self, problems: Iterable[Problem]) -> None:
        self.items.extend(problems)

    def __bool__(self) -> bool:
        return bool(self.items)

    def raise_if_any(self) -> None:
        """Raise every problem once, in the order of the files and their lines (the order
        in which a person fixes them)."""
        if self.items:
            unique = list(dict.fromkeys(self.items))
            raise InputError(sorted(unique, key=lambda p: (p.file, p.line or 0)))


def exception_line(exc: BaseException) -> str:
    """An exception in one line, `ValueError: what it says` (its lines joined): a plugin's
    failure, or a bug a long-running command meets and goes on from."""
    said = " ".join(str(exc).split()) or "no message"
    return f"{type(exc).__name__}: {said}"
