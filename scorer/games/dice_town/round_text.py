"""The round's outcome in words, one sentence per location (the text answer and `text` in JSON)."""

from __future__ import annotations

from collections.abc import Sequence

from playtest.scorer.games.dice_town.round_resolver import (
    DocBadluckOutcome,
    LocationOutcome,
    deeds_taken,
)


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def names(people: Sequence[str], joiner: str = "and") -> str:
    return people[0] if len(people) == 1 else f"{', '.join(people[:-1])} {joiner} {people[-1]}"


def sheriff(badge: Sequence[str]) -> str:
    if len(badge) == 1:
        return f"the sheriff ({badge[0]})"
    return f"the sheriff ({names(badge, 'or')}, whoever gets the badge)"


EMPTY = {
    "nuggets": "the mine is empty",
    "bank-money": "the bank is empty",
    "deeds": "no deed is face up",
}


def prize(
    outcome: LocationOutcome, display: tuple[int, ...] | None, holder: str, extra_deeds: str
) -> str:
    amount, kind = outcome.amount, outcome.location.prize
    if kind == "nuggets":
        return f"takes {plural(amount, 'nugget')}"
    if kind == "bank-money":
        return f"takes the ${amount} on the bank"
    if kind == "store-cards":
        return f"draws {plural(amount, 'General Store card')} and keeps one"
    if kind == "opponent-cards":
        return f"draws {plural(amount, 'card')} from one player of their choice and keeps one"
    if kind == "sheriff-badge":
        return "keeps the sheriff badge" if outcome.winner == holder else "takes the sheriff badge"
    if kind == "deeds":
        return f"takes {plural(amount, 'deed')}" + _deeds_detail(amount, display, extra_deeds)
    return "wins"


def _deeds_detail(amount: int, display: tuple[int, ...] | None, extra_deeds: str) -> str:
    if display is None:
        return ""
    deeds = deeds_taken(amount, display, extra_deeds)
    if not deeds.choose:
        worth = ", ".join(map(str, deeds.taken))
        bottom = "one" if len(deeds.taken) == 1 else str(len(deeds.taken))
        return f" (the bottom {bottom}, worth {worth})"
    return (
        f" (the bottom one, worth {deeds.taken[0]}, and {deeds.choose} more of their choice "
        f"among those worth {', '.join(map(str, deeds.among))})"
    )


def location_text(
    outcome: LocationOutcome, display: tuple[int, ...] | None, holder: str, extra_deeds: str
) -> str:
    location = outcome.location
    what = f"most {location.face}s" if location.face else "best poker hand"
    head = f"{location.name} ({what}): "
    if not outcome.contenders:
        if location.prize == "bank-money":
            return head + f"nobody has a {location.face}; the money stays on the bank"
        return head + (f"nobody has a {location.face}" if location.face else "nobody has a hand")
    if outcome.counts is not None:
        shown = f"{outcome.counts[outcome.contenders[0]]} × {location.face}"
    else:
        shown = outcome.hand.describe() if outcome.hand else ""
    empty = EMPTY.get(location.prize) if outcome.amount == 0 else None
    if outcome.winner:
        won = f"takes nothing: {empty}" if empty else prize(outcome, display, holder, extra_deeds)
        return head + f"{outcome.winner} ({shown}) {won}"
    each = " each" if outcome.counts is not None else ", the same hand"
    tie = f"tie between {names(outcome.tied)} ({shown}{each})"
    if empty:
        return head + f"{tie}, but {empty}: nothing to take"
    return head + (
        f"{tie}: {sheriff(outcome.decided_by)} chooses who "
        f"{prize(outcome, display, holder, extra_deeds)}"
    )


def doc_badluck_text(doc: DocBadluckOutcome, location_names: dict[str, str]) -> str:
    parts = []
    if doc.visitors:
        verb = "visits" if len(doc.visitors) == 1 else "visit"
        order = f", in the order {sheriff(doc.order_by)} chooses" if len(doc.visitors) > 1 else ""
        parts.append(f"{names(doc.visitors)} {verb}{order}")
    for player, tied in doc.unless.items():
        where = names([f"the {location_names[t]}" for t in tied], "or")
        parts.append(f"{player} visits unless the sheriff gives them {where}")
    return "; ".join(parts) if parts else "nobody visits"
