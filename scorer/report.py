"""Plain-text answers for people: a score table, the winners and any broken rules."""

from __future__ import annotations

from scorer.result import Result


def violations_text(result: Result) -> list[str]:
    return [f"{v.code} {v.player + ': ' if v.player else ''}{v.where}: {v.message}"
            for v in result.violations]


def score_text(result: Result) -> str:
    title = result.game + (f" ({result.variant})" if result.variant else "")
    lines = [title]
    if result.players:
        columns: list[str] = []
        for player in result.players:
            columns += [k for k in player.breakdown if k not in columns]
        header = ["player", *columns, "total"]
        rows = [[p.name, *(str(p.breakdown.get(c, "")) for c in columns), str(p.total)]
                for p in result.players]
        widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
        for row in [header, *rows]:
            lines.append("  ".join(cell.ljust(w) if i == 0 else cell.rjust(w)
                                   for i, (cell, w) in enumerate(zip(row, widths, strict=True))))
        for player in result.players:
            for key, value in player.extra.items():
                lines.append(f"{player.name} {key}: {value}")
    for key, value in result.extra.items():
        lines.append(f"{key}: {value}")
    if result.winners:
        lines.append(f"winner{'s' if len(result.winners) > 1 else ''}: "
                     + ", ".join(result.winners))
    if result.violations:
        lines.append("warning: the position breaks the rules:")
        lines += ["  " + v for v in violations_text(result)]
    return "\n".join(lines)


def check_text(result: Result) -> str:
    if result.legal:
        return f"{result.game}: legal"
    lines = [f"{result.game}: {len(result.violations)} broken rule"
             f"{'s' if len(result.violations) > 1 else ''}"]
    return "\n".join(lines + ["  " + v for v in violations_text(result)])
