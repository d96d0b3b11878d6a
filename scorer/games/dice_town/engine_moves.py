"""Decisions in Dice Town: the legal ones for what is due, applying one, and why one is illegal.

A move is a tuple of words, exactly as the log writes it (notation.py): `("keep", "9", "K")`,
`("keep", "none")`, `("GS01",)` (play a card), `("pass",)`, `("choose", "Bob")`, ... What is
due is `state.need` (engine_flow.py): its kind and the seat deciding.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import combinations

from playtest.core.wording import plural
from playtest.scorer.engine import CHANCE
from playtest.scorer.games.dice_town.engine_flow import Flow
from playtest.scorer.games.dice_town.state import State, without
from playtest.scorer.mechanics.tuples import put
from playtest.scorer.result import Violation

Move = tuple[str, ...]

# what each kind of decision asks, for the messages of DT-14
ASKS = {
    "keep": "keep dice from the roll (`keep 9 K`, `keep none`)",
    "play": "play the card or pass (`GS01`, `pass`)",
    "tie": "give the tied location to one of the tied players (`choose NAME`)",
    "take-card": "keep one of the cards drawn (`keep GS12`)",
    "hold-up": "name the player who pays (`from NAME`)",
    "saloon": "name the player whose cards the Saloon draws (`from NAME`)",
    "deed-choice": "take the extra deeds (`take P05`)",
    "doc-order": "name the next player to visit Doc Badluck (`next NAME`)",
    "doc-pick": "pick a face-up Doc Badluck card (`DB3`, `DB1 NAME`, `DB4 P05 P07`)",
    "give": "give a card (`give P05`)",
}


def _unique(moves: Iterable[Move]) -> list[Move]:
    return list(dict.fromkeys(moves))


class Decisions:
    def __init__(self, flow: Flow) -> None:
        self.flow = flow
        self.cards = flow.cards
        rules = flow.rules
        self.rank = {face.label: face.rank for face in rules.dice.faces}
        self.labels = tuple(face.label for face in rules.dice.faces)
        self.free = rules.rolling.free_dice_per_roll
        # every kind of decision: its legal moves, and applying one
        self.legal_of: dict[str, Callable[..., list[Move]]] = {
            "keep": self.legal_keep,
            "play": self.legal_play,
            "tie": self.legal_tie,
            "take-card": self.legal_take_card,
            "hold-up": self.legal_hold_up,
            "saloon": self.legal_saloon,
            "deed-choice": self.legal_deed_choice,
            "doc-order": self.legal_doc_order,
            "doc-pick": self.legal_doc_pick,
            "give": self.legal_give,
        }
        self.apply_of: dict[str, Callable[..., None]] = {
            "keep": self.apply_keep,
            "play": self.apply_play,
            "tie": self.apply_tie,
            "take-card": self.apply_take_card,
            "hold-up": self.apply_hold_up,
            "saloon": self.apply_saloon,
            "deed-choice": self.apply_deed_choice,
            "doc-order": self.apply_doc_order,
            "doc-pick": self.apply_doc_pick,
            "give": self.apply_give,
        }

    def sort_faces(self, faces: Iterable[str]) -> tuple[str, ...]:
        return tuple(sorted(faces, key=self.rank.__getitem__))

    # -- the legal moves --------------------------------------------------------------------
    def legal(self, s: State) -> list[Move]:
        need = s.need
        if need is None or s.over or need[1] == CHANCE:
            return []
        return self.legal_of[need[0]](s, *need[1:])

    def legal_keep(self, s: State, seat: int) -> list[Move]:
        dice = s.rolled[seat]
        money = s.dollars[seat]
        scoundrel = self.cards.holding(s.store[seat], "scoundrel")
        moves: list[Move] = []
        if self.flow.keep_cost(0) <= money:
            moves.append(("keep", "none"))
        for size in range(1, len(dice) + 1):
            cost = self.flow.keep_cost(size)
            for faces in dict.fromkeys(combinations(dice, size)):
                if cost <= money:
                    moves.append(("keep", *faces))
                if scoundrel and size > self.free:
                    moves.append(("keep", *faces, "with", scoundrel))
        return moves

    def legal_play(self, s: State, seat: int, card: str, context: tuple[object, ...]) -> list[Move]:
        if self.cards.power(card) != "cardsharp":
            return [(card,), ("pass",)]
        turns = [
            (card, face, "as", new)
            for face in self.sort_faces(set(s.kept[seat]))
            for new in self.labels
            if new != face
        ]
        return [*turns, ("pass",)]

    def legal_tie(
        self, s: State, seat: int, index: int, tied: tuple[int, ...], amount: int
    ) -> list[Move]:
        return [("choose", s.names[t]) for t in tied]

    def legal_take_card(
        self, s: State, seat: int, drawn: tuple[str, ...], source: int
    ) -> list[Move]:
        return _unique(("keep", card) for card in drawn)

    def legal_hold_up(self, s: State, seat: int, card: str) -> list[Move]:
        return [("from", name) for other, name in enumerate(s.names) if other != seat]

    def legal_saloon(self, s: State, seat: int, amount: int) -> list[Move]:
        return [
            ("from", name)
            for other, name in enumerate(s.names)
            if other != seat and self.flow.stealable(s, other)
        ]

    def legal_deed_choice(self, s: State, seat: int, choose: int) -> list[Move]:
        return _unique(
            ("take", *sorted(combo)) for combo in combinations(s.deed_display[1:], choose)
        )

    def legal_doc_order(self, s: State, seat: int, left: tuple[int, ...]) -> list[Move]:
        return [("next", s.names[other]) for other in left]

    def legal_doc_pick(self, s: State, seat: int) -> list[Move]:
        moves: list[Move] = []
        for card in s.doc_display:
            power, amount = self.cards.power(card), self.cards.info[card].amount
            if power in ("donation", "friendship"):
                pile = "deeds" if power == "donation" else "store"
                targets = [
                    name
                    for other, name in enumerate(s.names)
                    if other != seat and self._gives(s, other, pile)
                ]
                moves += [(card, name) for name in targets] or [(card,)]
            elif power == "protection":
                own = self.flow.unprotected(s, seat)
                moves += _unique(
                    (card, *combo) for combo in combinations(own, min(amount, len(own)))
                )
            else:
                moves.append((card,))
        return moves

    def _gives(self, s: State, seat: int, pile: str) -> tuple[str, ...]:
        return self.flow.unprotected(s, seat) if pile == "deeds" else s.store[seat]

    def legal_give(self, s: State, seat: int, taker: int, pile: str) -> list[Move]:
        return _unique(("give", card) for card in self._gives(s, seat, pile))

    # -- applying one (legal) move ----------------------------------------------------------
    def apply(self, state: State, move: Move) -> State:
        s = state.copy()
        need, s.need = s.need, None
        assert need is not None
        self.apply_of[need[0]](s, move, *need[1:])
        return self.flow.advance(s)

    def apply_keep(self, s: State, move: Move, seat: int) -> None:
        words = move[1:]
        faces = () if words == ("none",) else tuple(w for w in words if w in self.rank)
        card = words[-1] if "with" in words else None
        s.chosen = put(s.chosen, seat, faces + ((card,) if card else ()))
        nxt = next((other for other in range(seat + 1, len(s.names)) if s.cups[other]), None)
        if nxt is None:
            self.flow.push(s, ("reveal-keeps",))
        else:
            s.need = ("keep", nxt)

    def apply_play(
        self, s: State, move: Move, seat: int, card: str, context: tuple[object, ...]
    ) -> None:
        if context:  # a Wanted Poster, offered when another card was played
            _, _, _, effect, cancelled = context
            if move == ("pass",):
                self.flow.push(s, effect)  # type: ignore[arg-type]
            else:
                s.store = put(s.store, seat, without(s.store[seat], card))
                s.used = put(s.used, seat, (*s.used[seat], card))
                if cancelled is not None:
                    self.flow.push(s, cancelled)  # type: ignore[arg-type]
            return
        if move != ("pass",):
            self.flow.play(s, seat, card, tuple(w for w in move[1:] if w != "as"))

    def apply_tie(
        self, s: State, move: Move, seat: int, index: int, tied: tuple[int, ...], amount: int
    ) -> None:
        self.flow.push(s, ("win", index, s.names.index(move[1]), amount))

    def apply_take_card(
        self, s: State, move: Move, seat: int, drawn: tuple[str, ...], source: int
    ) -> None:
        self.flow.take_card(s, seat, drawn, source, move[1])

    def apply_hold_up(self, s: State, move: Move, seat: int, card: str) -> None:
        self.flow.play(s, seat, card, (move[1],))

    def apply_saloon(self, s: State, move: Move, seat: int, amount: int) -> None:
        target = s.names.index(move[1])
        count = min(amount, len(self.flow.stealable(s, target)))
        s.need = ("saloon-draw", CHANCE, count, target, seat)

    def apply_deed_choice(self, s: State, move: Move, seat: int, choose: int) -> None:
        self.flow.take_deeds(s, seat, (s.deed_display[0], *move[1:]))

    def apply_doc_order(self, s: State, move: Move, seat: int, left: tuple[int, ...]) -> None:
        visitor = s.names.index(move[1])
        self.flow.push(s, ("visit", visitor), ("doc-visits", without(left, visitor)))  # type: ignore[arg-type]

    def apply_doc_pick(self, s: State, move: Move, seat: int) -> None:
        card, args = move[0], move[1:]
        info = self.cards.info[card]
        s.doc_display = without(s.doc_display, card)
        s.doc_discard = (*s.doc_discard, card)
        s.used = put(s.used, seat, (*s.used[seat], card))
        steps: list[tuple[object, ...]] = []
        others = [other for other in range(len(s.names)) if other != seat]
        if info.power in ("donation", "friendship") and args:
            pile = "deeds" if info.power == "donation" else "store"
            steps.append(("give", s.names.index(args[0]), seat, pile))
        elif info.power == "wealth":
            for other in others:
                given = min(info.amount, s.nuggets[other])
                s.nuggets = put(
                    put(s.nuggets, other, s.nuggets[other] - given), seat, s.nuggets[seat] + given
                )
        elif info.power == "charm":
            for other in others:
                self.flow.transfer(s, other, seat, info.amount)
        elif info.power == "power" and seat != s.sheriff:
            steps += [("offer-other", "tin-star", seat), ("badge", seat)]
        elif info.power == "protection":
            s.protected = put(s.protected, seat, tuple(sorted((*s.protected[seat], *args))))
        elif info.power == "luck":
            steps.append(("luck", seat, info.amount))
        self.flow.push(s, *steps, ("reveal-docs",))

    def apply_give(self, s: State, move: Move, seat: int, taker: int, pile: str) -> None:
        self.flow.lose(s, seat, move[1])
        self.flow.gain(s, taker, move[1])

    # -- why a move is illegal --------------------------------------------------------------
    def problem(self, s: State, move: Move) -> Violation | None:
        if move in self.legal(s):
            return None
        need = s.need
        assert need is not None
        kind, seat = need[0], need[1]
        name = s.names[seat]
        verbs = {self._verb(m) for m in self.legal(s)}
        if self._verb(move) not in verbs:
            return Violation(
                "DT-14", name, kind, f"{name} must {ASKS[kind]} now, not `{' '.join(move)}`"
            )
        if kind == "keep":
            return self._keep_problem(s, seat, move)
        if kind == "play" and move[0] != need[2]:
            return Violation(
                "DT-12",
                name,
                "cards",
                f"{move[0]} is not the card {name} may "
                f"play now ({need[2]}, {self.cards.info[need[2]].name})",
            )
        if kind == "doc-pick" and move[0] not in s.doc_display:
            return Violation(
                "DT-13",
                name,
                "Doc Badluck",
                f"{move[0]} is not face up (face up: {', '.join(s.doc_display)})",
            )
        shown = ", ".join(f"`{' '.join(m)}`" for m in self.legal(s)[:8])
        more = ", ..." if len(self.legal(s)) > 8 else ""
        return Violation(
            "DT-13", name, kind, f"`{' '.join(move)}` is not among the choices ({shown}{more})"
        )

    def _verb(self, move: Move) -> str:
        return "card" if move and move[0] in self.cards.info else (move[0] if move else "")

    def _keep_problem(self, s: State, seat: int, move: Move) -> Violation:
        name = s.names[seat]
        words = list(move[1:])
        card = words[-1] if len(words) >= 2 and words[-2] == "with" else None
        faces = [w for w in words if w in self.rank]
        left = list(s.rolled[seat])
        rolled = " ".join(s.rolled[seat])
        for face in faces:
            if face not in left:
                return Violation(
                    "DT-10", name, "dice", f"keeps {' '.join(faces)} but the roll shows {rolled}"
                )
            left.remove(face)
        if card is not None:
            if card not in s.store[seat]:
                return Violation("DT-12", name, "cards", f"{name} does not hold {card}")
            if self.cards.power(card) != "scoundrel" or len(faces) <= self.free:
                return Violation(
                    "DT-12",
                    name,
                    "cards",
                    f"{card} "
                    f"({self.cards.info[card].name}) cannot pay for keeping "
                    f"{plural(len(faces), 'die', 'dice')}",
                )
        cost = self.flow.keep_cost(len(faces))
        what = "keeping no die" if not faces else f"keeping {plural(len(faces), 'die', 'dice')}"
        return Violation(
            "DT-11", name, "money", f"{what} costs ${cost}; {name} has ${s.dollars[seat]}"
        )
