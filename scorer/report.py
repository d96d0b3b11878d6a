"""Plain-text answers for people: a score table, the winners and any broken rules."""

from __future__ import annotations

from playtest.core.control_chars import escape_controls
from playtest.scorer.result import PlayerScore, Result

MAX_WIDTH = 120  # wider tables become one block per player


def violations_text(result: Result) -> list[str]:
    return [
        f"{v.code} {v.player + ': ' if v.player else ''}{v.where}: {v.message}"
        for v in result.violations
    ]


def _scalar(value: object) -> bool:
    return isinstance(value, str | int | float | bool) or value is None


def _table(players: tuple[PlayerScore, ...]) -> list[str]:
    columns: list[str] = []
    for player in players:
        columns += [k for k in player.breakdown if k not in columns]
    header = ["player", *columns, "total"]
    rows = [
        [p.name, *(str(p.breakdown.get(c, "")) for c in columns), str(p.total)] for p in players
    ]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    return [
        "  ".join(
            cell.ljust(w) if i == 0 else cell.rjust(w)
            for i, (cell, w) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in [header, *rows]
    ]


def _blocks(players: tuple[PlayerScore, ...]) -> list[str]:
    """One block per player, for breakdowns too wide (or too different) for one table."""
    lines: list[str] = []
    for player in players:
        width = max(len(k) for k in [*player.breakdown, "total"])
        lines.append(f"{player.name}:")
        lines += [f"  {key.ljust(width)}  {value:>4}" for key, value in player.breakdown.items()]
        lines.append(f"  {'total'.ljust(width)}  {player.total:>4}")
    return lines


def score_text(result: Result) -> str:
    title = result.game + (f" ({result.variant})" if result.variant else "")
    lines = [title]
    if result.players:
        table = _table(result.players)
        lines += table if max(len(line) for line in table) <= MAX_WIDTH else _blocks(result.players)
        for player in result.players:
            lines += [
                f"{player.name} {key}: {value}"
                for key, value in player.extra.items()
                if _scalar(value)
            ]
    if result.notes:
        lines += result.notes
    else:
        lines += [f"{key}: {value}" for key, value in result.extra.items() if _scalar(value)]
    if result.winners:
        lines.append(
            f"winner{'s' if len(result.winners) > 1 else ''}: " + ", ".join(result.winners)
        )
    if result.violations:
        lines.append("warning: the position breaks the rules:")
        lines += ["  " + v for v in violations_text(result)]
    return _joined(lines)


def check_text(result: Result) -> str:
    if result.legal:
        return escape_controls(f"{result.game}: legal")
    lines = [
        f"{result.game}: {len(result.violations)} broken rule"
        f"{'s' if len(result.violations) > 1 else ''}"
    ]
    return _joined(lines + ["  " + v for v in violations_text(result)])


def _joined(lines: list[str]) -> str:
    """One line of output per entry: a name holding a newline or a terminal escape is shown
    escaped, so it can neither forge a line (`Ann\\nwinner: Mallory`) nor drive the terminal."""
    return "\n".join(escape_controls(line) for line in lines)
