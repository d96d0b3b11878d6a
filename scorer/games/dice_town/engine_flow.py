"""The Dice Town round as steps the engine runs until a decision or a chance event is due.

A step is a tuple `(kind, *data)`; `advance` pops steps off `state.agenda` and runs them on a
copy of the state until one sets `state.need`; `Flow.steps` names the method of each kind. A
step that starts something longer pushes its parts to the front of the agenda, so what follows
a decision waits there meanwhile.

The locations are the round resolver's (round_resolver.py): who contends for each and the size
of its prize; ties go to whoever holds the badge when the location is resolved. A General Store
card is played as `("wanted", seat, card, effect, cancelled)`: the holder of the card that
cancels cards (Wanted Poster) may cancel it first.
"""

from __future__ import annotations

from collections.abc import Callable

from playtest.scorer.engine import CHANCE
from playtest.scorer.games.dice_town.cards import DEED_DECK, LoadedGame
from playtest.scorer.games.dice_town.position import RoundPlayer, RoundPosition
from playtest.scorer.games.dice_town.round_resolver import deeds_taken, resolve_round
from playtest.scorer.games.dice_town.rules import Rules
from playtest.scorer.games.dice_town.state import Cards, State, Step, without
from playtest.scorer.mechanics.tuples import put


class Flow:
    def __init__(self, game: LoadedGame) -> None:
        self.rules: Rules = game.rules
        self.cards = Cards.of(game)
        self.points = {cid: card.points for cid, card in self.cards.info.items()}
        self.rank = {face.label: face.rank for face in self.rules.dice.faces}
        # every kind of step, and the method that runs it
        self.steps: dict[str, Callable[..., None]] = {
            "reveal-deeds": self.step_reveal_deeds,
            "reveal-docs": self.step_reveal_docs,
            "round": self.step_round,
            "roll": self.step_roll,
            "reveal-keeps": self.step_reveal_keeps,
            "charge": self.step_charge,
            "after-keep": self.step_after_keep,
            "offer": self.step_offer,
            "offer-other": self.step_offer_other,
            "wanted": self.step_wanted,
            "effect": self.step_effect,
            "hold-up": self.step_hold_up,
            "resolve": self.step_resolve,
            "location": self.step_location,
            "win": self.step_win,
            "nuggets": self.step_nuggets,
            "cut": self.step_cut,
            "store-action": self.step_store_action,
            "saloon-action": self.step_saloon_action,
            "again": self.step_again,
            "badge": self.step_badge,
            "backhander": self.step_backhander,
            "doc-step": self.step_doc_step,
            "doc-visits": self.step_doc_visits,
            "visit": self.step_visit,
            "luck": self.step_luck,
            "give": self.step_give,
            "end-round": self.step_end_round,
        }

    # -- helpers shared by the steps and the decisions --------------------------------------
    @staticmethod
    def push(s: State, *steps: Step) -> None:
        s.agenda = steps + s.agenda

    def keep_cost(self, kept: int) -> int:
        rolling = self.rules.rolling
        if kept == 0:
            return rolling.keep_none_cost
        return max(0, kept - rolling.free_dice_per_roll) * rolling.extra_die_cost

    @staticmethod
    def pay(s: State, seat: int, dollars: int) -> None:
        """Money paid in the rolling phase goes under the bank (the box)."""
        s.dollars = put(s.dollars, seat, s.dollars[seat] - dollars)
        s.box += dollars

    @staticmethod
    def transfer(s: State, giver: int, taker: int, dollars: int) -> None:
        given = min(dollars, s.dollars[giver])
        s.dollars = put(
            put(s.dollars, giver, s.dollars[giver] - given), taker, s.dollars[taker] + given
        )

    def holder(self, s: State, power: str, but: int = -1) -> tuple[int, str] | None:
        for seat, hand in enumerate(s.store):
            card = self.cards.holding(hand, power)
            if card is not None and seat != but:
                return seat, card
        return None

    def active(self, s: State, power: str) -> tuple[str, int] | None:
        return next(
            ((card, seat) for card, seat in s.active if self.cards.power(card) == power), None
        )

    def stealable(self, s: State, seat: int) -> tuple[str, ...]:
        """What the Saloon may draw from a player: General Store cards and unprotected deeds."""
        return s.store[seat] + self.unprotected(s, seat)

    @staticmethod
    def unprotected(s: State, seat: int) -> tuple[str, ...]:
        return without(s.deeds[seat], *s.protected[seat])

    def gain(self, s: State, seat: int, card: str) -> None:
        """A card comes into a hand; a card played as soon as it is got (Hold-up) is played."""
        if self.cards.info[card].deck == DEED_DECK:
            s.deeds = put(s.deeds, seat, tuple(sorted((*s.deeds[seat], card))))
        elif self.cards.power(card) == "hold-up":
            self.push(s, ("hold-up", seat, card))
        else:
            s.store = put(s.store, seat, tuple(sorted((*s.store[seat], card))))

    def lose(self, s: State, seat: int, card: str) -> None:
        if card in s.store[seat]:
            s.store = put(s.store, seat, without(s.store[seat], card))
        else:
            s.deeds = put(s.deeds, seat, without(s.deeds[seat], card))

    def drawn(self, s: State, seat: int, cards: tuple[str, ...], source: int) -> None:
        """Cards drawn for `seat` to keep one (General Store: source -1; the Saloon: the seat
        drawn from); with one card there is nothing to choose."""
        if len(set(cards)) == 1:
            self.take_card(s, seat, cards, source, cards[0])
        else:
            s.need = ("take-card", seat, cards, source)

    def take_card(
        self, s: State, seat: int, drawn: tuple[str, ...], source: int, card: str
    ) -> None:
        if source < 0:  # the General Store: the rest go under the pile, in the order drawn
            s.store_under = (*s.store_under, *without(drawn, card))
        else:  # the Saloon: the card leaves its owner, the rest go back
            self.lose(s, source, card)
        self.gain(s, seat, card)

    def play(
        self, s: State, seat: int, card: str, args: tuple[str, ...], cancelled: Step | None = None
    ) -> None:
        """A General Store card leaves the hand; its effect waits for a Wanted Poster."""
        if card in s.store[seat]:
            s.store = put(s.store, seat, without(s.store[seat], card))
        s.used = put(s.used, seat, (*s.used[seat], card))
        power = self.cards.power(card)
        self.push(s, ("wanted", seat, card, ("effect", seat, power, card, args), cancelled))

    # -- running the agenda -----------------------------------------------------------------
    def advance(self, s: State) -> State:
        finish = self.rules.resolution.finish_round
        while s.need is None:
            if not s.agenda:
                s.over = True
                return s
            step, s.agenda = s.agenda[0], s.agenda[1:]
            if s.ending and not finish and step[0] != "end-round":
                continue  # the game stops at once: only the round's end is left
            self.steps[step[0]](s, *step[1:])
        return s

    # set-up and the rolling phase
    def step_reveal_deeds(self, s: State) -> None:
        missing = self.rules.display.deeds - len(s.deed_display)
        if missing <= 0:
            return
        if missing > len(s.deed_deck):
            s.ending = True  # the display can no longer be refilled
        count = min(missing, len(s.deed_deck))
        if count:
            s.need = ("deeds", CHANCE, count, -1)

    def step_reveal_docs(self, s: State) -> None:
        missing = self.rules.display.doc_badluck - len(s.doc_display)
        if missing <= 0:
            return
        if not s.doc_deck and self.rules.resolution.reshuffle_doc_badluck:
            s.doc_deck, s.doc_discard = tuple(sorted(s.doc_discard)), ()
        count = min(missing, len(s.doc_deck))
        if count:
            s.need = ("doc", CHANCE, count)

    def step_round(self, s: State) -> None:
        n = len(s.names)
        s.cups = (self.rules.dice.per_player,) * n
        s.kept = s.rolled = ((),) * n
        s.chosen = (None,) * n
        s.last_roll, s.won, s.active, s.visitors = False, (False,) * n, (), ()
        self.push(s, ("roll",))

    def step_roll(self, s: State) -> None:
        s.need = ("roll", CHANCE)

    def rolled(self, s: State, roll: tuple[tuple[int, tuple[str, ...]], ...]) -> None:
        """A roll fell: the last roll is kept whole; otherwise each player keeps in secret."""
        for seat, faces in roll:
            s.rolled = put(s.rolled, seat, faces)
        if s.last_roll:
            paid = self.rules.rolling.last_roll_paid
            for seat, faces in roll:
                self._keep(s, seat, faces)
                if paid:
                    self.pay(s, seat, min(self.keep_cost(len(faces)), s.dollars[seat]))
            self.push(s, ("after-keep",))
            return
        s.need = ("keep", roll[0][0])

    def _keep(self, s: State, seat: int, faces: tuple[str, ...]) -> None:
        s.kept = put(
            s.kept, seat, tuple(sorted((*s.kept[seat], *faces), key=self.rank.__getitem__))
        )
        s.cups = put(s.cups, seat, s.cups[seat] - len(faces))
        s.rolled = put(s.rolled, seat, ())

    def step_reveal_keeps(self, s: State) -> None:
        """Every player has chosen: the kept dice are shown and paid for together."""
        steps: list[Step] = []
        for seat, chosen in enumerate(s.chosen):
            if chosen is None:
                continue
            faces = tuple(f for f in chosen if f not in self.cards.info)
            scoundrel = next((c for c in chosen if c in self.cards.info), None)
            self._keep(s, seat, faces)
            cost = self.keep_cost(len(faces))
            if scoundrel is None:
                self.pay(s, seat, cost)
            else:
                s.store = put(s.store, seat, without(s.store[seat], scoundrel))
                s.used = put(s.used, seat, (*s.used[seat], scoundrel))
                steps.append(
                    (
                        "wanted",
                        seat,
                        scoundrel,
                        ("effect", seat, "scoundrel", scoundrel, ()),
                        ("charge", seat, cost),
                    )
                )
        s.chosen = (None,) * len(s.names)
        self.push(s, *steps, ("after-keep",))

    def step_charge(self, s: State, seat: int, cost: int) -> None:
        self.pay(s, seat, min(cost, s.dollars[seat]))

    def step_after_keep(self, s: State) -> None:
        if not any(s.cups):
            offers = [("offer", seat, "cardsharp") for seat in range(len(s.names))]
            self.push(s, *offers, ("resolve",))
        else:
            s.last_roll = s.last_roll or 0 in s.cups
            self.push(s, ("roll",))

    # playing cards
    def step_offer(self, s: State, seat: int, power: str) -> None:
        card = self.cards.holding(s.store[seat], power)
        if card is not None:
            s.need = ("play", seat, card, ())

    def step_offer_other(self, s: State, power: str, but: int) -> None:
        found = self.holder(s, power, but)
        if found is not None:
            s.need = ("play", found[0], found[1], ())

    def step_wanted(
        self, s: State, seat: int, card: str, effect: Step, cancelled: Step | None
    ) -> None:
        found = self.holder(s, "wanted-poster", but=seat)
        if found is None:
            self.push(s, effect)
        else:
            s.need = ("play", found[0], found[1], ("cancel", seat, card, effect, cancelled))

    def step_effect(
        self, s: State, seat: int, power: str, card: str, args: tuple[str, ...]
    ) -> None:
        amount = self.cards.info[card].amount
        if power == "cardsharp":
            face, new = args
            s.kept = put(
                s.kept,
                seat,
                tuple(sorted((*without(s.kept[seat], face), new), key=self.rank.__getitem__)),
            )
        elif power == "hold-up":
            self.transfer(s, s.names.index(args[0]), seat, amount)
        elif power == "lucky-tonic":
            s.visitors = (*s.visitors, seat)
        else:  # a power for the step being resolved (Dynamite, Tin Star, ...)
            s.active = (*s.active, (card, seat))

    def step_hold_up(self, s: State, seat: int, card: str) -> None:
        s.need = ("hold-up", seat, card)

    # the locations, left to right
    def step_resolve(self, s: State) -> None:
        position = RoundPosition(
            sheriff=s.names[s.sheriff],
            bank=s.bank,
            mine=None,
            deeds=tuple(self.points[d] for d in s.deed_display),
            players=tuple(
                RoundPlayer(name, dice) for name, dice in zip(s.names, s.kept, strict=True)
            ),
        )
        outcome = iter(resolve_round(position, self.rules).locations)
        steps: list[Step] = []
        for index, location in enumerate(self.rules.locations):
            if location.contest == "won-nothing":
                steps.append(("doc-step",))
                continue
            found = next(outcome)
            seats = tuple(s.names.index(name) for name in found.contenders)
            steps.append(("location", index, seats, found.amount))
        self.push(s, *steps, ("end-round",))

    def step_location(self, s: State, index: int, contenders: tuple[int, ...], amount: int) -> None:
        s.active = ()
        prize = self.rules.locations[index].prize
        if not contenders or amount <= 0 or (prize == "nuggets" and not s.mine):
            return  # nothing to take: no win
        if len(contenders) > 1:
            s.need = ("tie", s.sheriff, index, contenders, amount)
        else:
            self.push(s, ("win", index, contenders[0], amount))

    def step_win(self, s: State, index: int, seat: int, amount: int) -> None:
        prize = self.rules.locations[index].prize
        if prize == "sheriff-badge":
            if seat == s.sheriff:
                s.won = put(
                    s.won, seat, s.won[seat] or self.rules.resolution.keeping_badge_is_a_win
                )
            else:
                self.push(s, ("offer-other", "tin-star", seat), ("badge", seat))
            return
        if prize == "nuggets":
            self.push(s, ("offer", seat, "dynamite"), ("nuggets", seat, amount))
            return
        s.won = put(s.won, seat, True)
        if prize == "bank-money":
            taken, s.bank = s.bank, 0
            s.dollars = put(s.dollars, seat, s.dollars[seat] + taken)
            self.push(s, ("offer-other", "cut-of-the-loot", seat), ("cut", seat, taken))
        elif prize == "store-cards":
            self.push(s, ("offer", seat, "two-for-one"), ("store-action", seat, amount, 1))
        elif prize == "opponent-cards":
            self.push(s, ("offer", seat, "saloon-girl"), ("saloon-action", seat, amount, 1))
        elif prize == "deeds":
            values = tuple(self.points[d] for d in s.deed_display)
            deeds = deeds_taken(amount, values, self.rules.resolution.extra_deeds)
            if deeds.choose:
                s.need = ("deed-choice", seat, deeds.choose)
            else:
                self.take_deeds(s, seat, s.deed_display[: len(deeds.taken)])

    def take_deeds(self, s: State, seat: int, deeds: tuple[str, ...]) -> None:
        s.deed_display = without(s.deed_display, *deeds)
        for deed in deeds:
            self.gain(s, seat, deed)
        self.push(s, ("offer", seat, "backhander"), ("backhander", seat), ("reveal-deeds",))

    def step_nuggets(self, s: State, seat: int, amount: int) -> None:
        dynamite = self.active(s, "dynamite")
        times = self.cards.info[dynamite[0]].amount if dynamite else 1
        got = min(amount * times, s.mine)
        s.mine -= got
        s.nuggets = put(s.nuggets, seat, s.nuggets[seat] + got)
        s.won = put(s.won, seat, s.won[seat] or got > 0)
        s.ending = s.ending or s.mine == 0

    def step_cut(self, s: State, seat: int, taken: int) -> None:
        cut = self.active(s, "cut-of-the-loot")
        if cut is not None:
            self.transfer(s, seat, cut[1], taken // self.cards.info[cut[0]].amount)

    def step_store_action(self, s: State, seat: int, amount: int, nth: int) -> None:
        self.push(s, ("again", seat, "two-for-one", ("store-action", seat, amount, nth + 1), nth))
        count = min(amount, len(s.store_pile) + len(s.store_under))
        if count:
            s.need = ("store", CHANCE, count, seat, "keep")

    def step_saloon_action(self, s: State, seat: int, amount: int, nth: int) -> None:
        self.push(s, ("again", seat, "saloon-girl", ("saloon-action", seat, amount, nth + 1), nth))
        if any(self.stealable(s, other) for other in range(len(s.names)) if other != seat):
            s.need = ("saloon", seat, amount)

    def step_again(self, s: State, seat: int, power: str, action: Step, nth: int) -> None:
        """A card that repeats an action (Two for One, Saloon Girl): as many times as it says."""
        card = self.active(s, power)
        if card is not None and card[1] == seat and nth < self.cards.info[card[0]].amount:
            self.push(s, action)

    def step_badge(self, s: State, seat: int) -> None:
        if self.active(s, "tin-star") is None:
            s.sheriff = seat
            s.won = put(s.won, seat, True)

    def step_backhander(self, s: State, seat: int) -> None:
        card = self.active(s, "backhander")
        if card is not None and card[1] == seat and s.deed_deck:
            s.need = ("deeds", CHANCE, min(self.cards.info[card[0]].amount, len(s.deed_deck)), seat)

    # Doc Badluck
    def step_doc_step(self, s: State) -> None:
        s.active = ()
        offers = [("offer", seat, "lucky-tonic") for seat in range(len(s.names)) if s.won[seat]]
        self.push(s, *offers, ("doc-visits", None))

    def step_doc_visits(self, s: State, left: tuple[int, ...] | None) -> None:
        if left is None:
            left = tuple(
                seat for seat in range(len(s.names)) if not s.won[seat] or seat in s.visitors
            )
        if not left or not s.doc_display:
            return
        if len(left) == 1:
            self.push(s, ("visit", left[0]))
        else:
            s.need = ("doc-order", s.sheriff, left)

    def step_visit(self, s: State, seat: int) -> None:
        s.active = ()
        if s.doc_display:
            s.need = ("doc-pick", seat)

    def step_luck(self, s: State, seat: int, amount: int) -> None:
        count = min(amount, len(s.store_pile) + len(s.store_under))
        if count:
            s.need = ("store", CHANCE, count, seat, "gain")

    def step_give(self, s: State, giver: int, taker: int, pile: str) -> None:
        options = self.unprotected(s, giver) if pile == "deeds" else s.store[giver]
        if len(set(options)) == 1:
            self.lose(s, giver, options[0])
            self.gain(s, taker, options[0])
        elif options:
            s.need = ("give", giver, taker, pile)

    def step_end_round(self, s: State) -> None:
        s.bank += s.box
        s.box = 0
        s.rounds += 1
        s.active, s.visitors = (), ()
        if s.ending:
            s.over, s.agenda = True, ()
        else:
            self.push(s, ("round",))
