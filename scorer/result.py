"""What the scorer answers: violations, per-player breakdowns and the winners (records.md)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Violation:
    code: str
    player: str | None
    where: str
    message: str

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "player": self.player,
            "where": self.where,
            "message": self.message,
        }


@dataclass(frozen=True)
class PlayerScore:
    name: str
    total: int
    breakdown: dict[str, int]
    extra: dict[str, Any] = field(default_factory=dict)  # e.g. a solo rank

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "total": self.total,
            "breakdown": dict(self.breakdown),
            **self.extra,
        }


@dataclass(frozen=True)
class Result:
    game: str
    variant: str | None
    violations: tuple[Violation, ...]
    players: tuple[PlayerScore, ...]
    winners: tuple[str, ...]
    extra: dict[str, Any] = field(default_factory=dict)  # game-specific additions to the JSON
    notes: tuple[str, ...] = ()  # game-specific lines for the text answer (not in the JSON)

    @property
    def legal(self) -> bool:
        return not self.violations

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"game": self.game}
        if self.variant is not None:
            out["variant"] = self.variant
        out["legal"] = self.legal
        out["violations"] = [v.to_json() for v in self.violations]
        out["players"] = [p.to_json() for p in self.players]
        out["winners"] = list(self.winners)
        out.update(self.extra)
        return out
