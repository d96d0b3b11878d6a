"""Chance in Dice Town: the dice rolled and the cards turned up or drawn, drawn from a seeded
generator or given (a replayed log), checked against what can fall, and applied.

A roll is `((seat, faces), ...)` for every player still rolling, in seat order; a draw is the
card ids in the order drawn. Decks are shuffled, so their order is not in the state: a draw
is any of the cards left (the General Store cards put under the pile come last, in order).
"""

from __future__ import annotations

import random

from playtest.core.wording import plural
from playtest.scorer.games.dice_town.engine_flow import Flow
from playtest.scorer.games.dice_town.state import State, without

Roll = tuple[tuple[int, tuple[str, ...]], ...]
Chance = Roll | tuple[str, ...]

KEYS = {
    "roll": "roll",
    "deeds": "deeds",
    "doc": "doc",
    "store": "store",
    "saloon-draw": "saloon",
}  # what is due -> its key in a log


class Chances:
    def __init__(self, flow: Flow) -> None:
        self.flow = flow
        self.faces = tuple(face.label for face in flow.rules.dice.faces)
        self.rank = {face.label: face.rank for face in flow.rules.dice.faces}

    def rolling(self, s: State) -> tuple[int, ...]:
        return tuple(seat for seat, cup in enumerate(s.cups) if cup)

    def sample(self, s: State, rng: random.Random) -> Chance:
        need = s.need
        assert need is not None
        kind = need[0]
        if kind == "roll":
            return tuple(
                (
                    seat,
                    tuple(
                        sorted(
                            (rng.choice(self.faces) for _ in range(s.cups[seat])),
                            key=self.rank.__getitem__,
                        )
                    ),
                )
                for seat in self.rolling(s)
            )
        count = need[2]
        if kind == "store":
            fresh = min(count, len(s.store_pile))
            return (*rng.sample(s.store_pile, fresh), *s.store_under[: count - fresh])
        return tuple(rng.sample(self.source(s), count))

    def source(self, s: State) -> tuple[str, ...]:
        """The cards a draw comes from (not the General Store: see `problem`)."""
        need = s.need
        assert need is not None
        if need[0] == "deeds":
            return s.deed_deck
        if need[0] == "doc":
            return s.doc_deck
        return self.flow.stealable(s, need[3])  # the Saloon: the target's cards

    def problem(self, s: State, chance: Chance) -> str | None:
        need = s.need
        assert need is not None
        if need[0] == "roll":
            return self._roll_problem(s, chance)  # type: ignore[arg-type]
        cards: tuple[str, ...] = chance  # type: ignore[assignment]
        count = need[2]
        if len(cards) != count:
            return (
                f"{plural(len(cards), 'card')} drawn; {count} {'is' if count == 1 else 'are'} due"
            )
        if need[0] == "store":
            fresh = min(count, len(s.store_pile))
            if not _drawn_from(cards[:fresh], s.store_pile):
                return (
                    f"{' '.join(cards[:fresh])}: not all in the General Store pile (left: "
                    f"{' '.join(s.store_pile) or 'none'})"
                )
            if cards[fresh:] != s.store_under[: count - fresh]:
                return (
                    f"the cards put under the pile come next, in order: "
                    f"{' '.join(s.store_under[: count - fresh])}"
                )
            return None
        if not _drawn_from(cards, self.source(s)):
            where = (
                "the deed deck"
                if need[0] == "deeds"
                else "the Doc Badluck deck"
                if need[0] == "doc"
                else f"{s.names[need[3]]}'s cards"
            )
            return f"{' '.join(cards)}: not all in {where} (there: {' '.join(self.source(s))})"
        return None

    def _roll_problem(self, s: State, roll: Roll) -> str | None:
        rolling = self.rolling(s)
        seats = tuple(seat for seat, _ in roll)
        if seats != rolling:
            names = ", ".join(s.names[seat] for seat in rolling)
            return f"the players rolling are {names} (those with dice in the cup)"
        for seat, faces in roll:
            if len(faces) != s.cups[seat]:
                return (
                    f"{s.names[seat]} rolls {plural(s.cups[seat], 'die', 'dice')}, not {len(faces)}"
                )
        return None

    def apply(self, state: State, chance: Chance) -> State:
        s = state.copy()
        need, s.need = s.need, None
        assert need is not None
        kind = need[0]
        flow = self.flow
        if kind == "roll":
            flow.rolled(s, chance)  # type: ignore[arg-type]
            return flow.advance(s)
        cards: tuple[str, ...] = chance  # type: ignore[assignment]
        if kind == "deeds":
            s.deed_deck = without(s.deed_deck, *cards)
            if need[3] < 0:
                s.deed_display = (*s.deed_display, *cards)
            else:  # Backhander: straight into the hand
                for card in cards:
                    flow.gain(s, need[3], card)
        elif kind == "doc":
            s.doc_deck = without(s.doc_deck, *cards)
            s.doc_display = (*s.doc_display, *cards)
        elif kind == "store":
            fresh = min(len(cards), len(s.store_pile))
            s.store_pile = without(s.store_pile, *cards[:fresh])
            s.store_under = s.store_under[len(cards) - fresh :]
            if need[4] == "keep":
                flow.drawn(s, need[3], cards, -1)
            else:
                for card in cards:
                    flow.gain(s, need[3], card)
        else:  # the Saloon: the winner sees the cards drawn and keeps one
            flow.drawn(s, need[4], cards, need[3])
        return flow.advance(s)


def _drawn_from(cards: tuple[str, ...], pile: tuple[str, ...]) -> bool:
    left = list(pile)
    for card in cards:
        if card not in left:
            return False
        left.remove(card)
    return True
