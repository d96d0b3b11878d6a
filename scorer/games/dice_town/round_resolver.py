"""Resolve one round's locations left to right: who wins each, who is tied for the sheriff to
choose, how big each prize is, and who visits Doc Badluck."""

from __future__ import annotations

from dataclasses import dataclass

from playtest.scorer.games.dice_town.poker import Hand, HandRanker
from playtest.scorer.games.dice_town.position import RoundPlayer, RoundPosition
from playtest.scorer.games.dice_town.rules import Location, Rules
from playtest.scorer.mechanics.ranking import leaders


@dataclass(frozen=True)
class LocationOutcome:
    location: Location
    contenders: tuple[str, ...]  # one: the winner; several: tied, the sheriff chooses; none
    amount: int  # what the winner takes (nuggets, dollars, cards to draw, badge, deeds); 0: nothing
    decided_by: tuple[str, ...]  # who may hold the badge when a tie here is decided
    counts: dict[str, int] | None = None  # dice of the face, for most-of-face contests
    hand: Hand | None = None  # the best hand, for the Town Hall
    keeps_badge: bool = False  # the Sheriff, when keeping the badge is no win by the rules
    badge_holder: str | None = None  # who held the badge as this location was resolved

    @property
    def winner(self) -> str | None:
        return self.contenders[0] if len(self.contenders) == 1 else None

    @property
    def tied(self) -> tuple[str, ...]:
        return self.contenders if len(self.contenders) > 1 else ()

    def rewards(self, player: str) -> bool:
        """Whether `player`, among the contenders, takes something here: an empty prize (an
        empty bank or mine, no deed face up) or a badge merely kept (when the rules say so)
        is no win, in the totals and for Doc Badluck alike."""
        return (
            self.amount > 0
            and player in self.contenders
            and not (self.keeps_badge and player == self.badge_holder)
        )


@dataclass(frozen=True)
class DocBadluckOutcome:
    location: Location
    visitors: tuple[str, ...]  # won nothing whatever the sheriff decides
    unless: dict[str, tuple[str, ...]]  # player -> tied locations; visits unless given one
    order_by: tuple[str, ...]  # who may hold the badge when the order of visits is chosen


@dataclass(frozen=True)
class RoundOutcome:
    locations: tuple[LocationOutcome, ...]
    doc_badluck: DocBadluckOutcome | None
    hands: dict[str, Hand]  # only players with the right number of dice have a hand


def resolve_round(position: RoundPosition, rules: Rules) -> RoundOutcome:
    resolution = rules.resolution
    ranker = HandRanker(rules)
    hands = {
        p.name: ranker.hand(p.dice)
        for p in position.players
        if len(p.dice) == rules.dice.per_player
    }
    by_name = {p.name: p for p in position.players}
    # the sheriff decides ties; the badge may change mid-round
    badge: tuple[str, ...] = (position.sheriff,)
    outcomes: list[LocationOutcome] = []
    doc: DocBadluckOutcome | None = None
    for location in rules.locations:
        if location.contest == "won-nothing":
            doc = _doc_badluck(location, outcomes, position, badge)
            continue
        if location.contest == "most-of-face":
            counts = {p.name: p.dice.count(location.face or "") for p in position.players}
            contenders = tuple(leaders(counts, minimum=resolution.min_dice_to_win))
            best_hand = None
        else:  # best-poker-hand
            counts = None
            contenders = tuple(leaders({n: h.strength for n, h in hands.items()}, minimum=0))
            best_hand = hands[contenders[0]] if contenders else None
        amount = _prize(location, by_name[contenders[0]], position, rules) if contenders else 0
        keeps = location.prize == "sheriff-badge" and not resolution.keeping_badge_is_a_win
        outcomes.append(
            LocationOutcome(
                location,
                contenders,
                amount,
                badge,
                counts,
                best_hand,
                keeps_badge=keeps,
                badge_holder=badge[0] if len(badge) == 1 else None,
            )
        )
        if location.prize == "sheriff-badge" and contenders:
            badge = contenders  # a tie here leaves the next decisions to whoever gets it
    return RoundOutcome(tuple(outcomes), doc, hands)


def _prize(location: Location, player: RoundPlayer, position: RoundPosition, rules: Rules) -> int:
    """Tied players hold as many dice of the counted face, so any one of them sizes the prize."""
    if location.prize == "bank-money":
        return position.bank
    if location.prize == "sheriff-badge":
        return 1
    amount = 0
    if location.amount is not None:
        rule = location.amount
        amount = rule.base + rule.per_die * player.dice.count(location.counted_face() or "")
        if rule.cap is not None:
            amount = min(amount, rule.cap)
    if location.prize == "nuggets":
        amount = min(amount, rules.supply.nuggets if position.mine is None else position.mine)
    if location.prize == "deeds":
        amount = min(amount, rules.display.deeds if position.deeds is None else len(position.deeds))
    return amount


def _doc_badluck(
    location: Location,
    outcomes: list[LocationOutcome],
    position: RoundPosition,
    badge: tuple[str, ...],
) -> DocBadluckOutcome:
    """A location with an empty prize ($0 on the bank) gives nothing, so it spares nobody."""
    visitors: list[str] = []
    unless: dict[str, tuple[str, ...]] = {}
    for player in position.players:
        rewarded = [o for o in outcomes if o.rewards(player.name)]
        if any(o.winner == player.name for o in rewarded):
            continue
        if rewarded:
            unless[player.name] = tuple(o.location.id for o in rewarded)
        else:
            visitors.append(player.name)
    return DocBadluckOutcome(location, tuple(visitors), unless, badge)


@dataclass(frozen=True)
class DeedsTaken:
    taken: tuple[int, ...]  # values surely taken, the bottom card's first
    choose: int  # how many more the winner chooses ...
    among: tuple[int, ...]  # ... among these values


def deeds_taken(amount: int, display: tuple[int, ...], extra_deeds: str) -> DeedsTaken:
    """The bottom card of the display (the record lists it first, as Deed 1 on the board),
    then one more per Ace: the next ones up (`from-bottom`) or, by `choice`, any of the rest."""
    if amount <= 0 or not display:
        return DeedsTaken((), 0, ())
    upwards = display
    rest, extra = upwards[1:], min(amount - 1, len(upwards) - 1)
    if extra_deeds == "from-bottom" or extra == len(rest) or extra == 0 or len(set(rest)) == 1:
        return DeedsTaken(upwards[: 1 + extra], 0, ())  # nothing left to choose
    return DeedsTaken(upwards[:1], extra, tuple(sorted(rest)))
