"""Abandon All Artichokes as a program can play it: set-up, the turn (replenish, harvest, play
with every ability, discard, draw) and the win.

A state is plain tuples (state.py, table.py). Chance is every card turned over from a face-down
pile: the row dealt, a hand drawn, a card revealed, Beet's blind swap; a chance event with
only one possible outcome (a deck of nothing but Artichokes) happens without being asked.
Every number comes from `rules:` in game.yaml and the cards' fields (abilities.py); scores and
checks are the scorer's own, on the position this state is (`position`). Where the write-up
leaves a choice, docs/records.md ("Abandon All Artichokes log") says what the engine does.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from playtest.scorer.engine import CHANCE, OVER, SetupError, check_player_count
from playtest.scorer.games.artichokes import abilities, checks, moves, notation, scoring
from playtest.scorer.games.artichokes.cards import ARTICHOKE, RHUBARB_OPTION, CardKind, LoadedGame
from playtest.scorer.games.artichokes.hidden import determinise
from playtest.scorer.games.artichokes.piles import Pile
from playtest.scorer.games.artichokes.position import GardenStack, PlayerZones, Position
from playtest.scorer.games.artichokes.race import standings
from playtest.scorer.games.artichokes.rules import GAME_ID, Rules
from playtest.scorer.games.artichokes.rules import SETUP as SETUP_PHASE
from playtest.scorer.games.artichokes.state import (
    CHANCE_STEPS,
    DEAL,
    DRAW,
    GIVE,
    HARVEST,
    LEEK,
    PASS,
    PLAY,
    RHUBARB,
    SETUP,
    SWAP,
    TURN,
    State,
)
from playtest.scorer.games.artichokes.state import OVER as ENDED
from playtest.scorer.games.artichokes.table import (
    Counts,
    Seat,
    Unavailable,
    add,
    draw,
    merge,
    pile_counts,
    pile_size,
    sample,
)
from playtest.scorer.interface import evaluate
from playtest.scorer.mechanics.tuples import put
from playtest.scorer.result import Result, Violation

__all__ = ["CHANCE", "GAME_ID", "OVER", "Engine", "Move", "State"]

Move = tuple[Any, ...]  # (verb, ...): moves.py lists them
Chance = tuple[int, ...]  # the cards turned over, in order (a swap: taken, given)
CHANCE_KEYS = {DEAL: "row", DRAW: "draw", SWAP: "swap", "reveal": "reveal"}


class Engine:
    chance_names = ("row", "draw", "reveal", "swap")

    def __init__(self, game: LoadedGame) -> None:
        self.game = game
        self.rules: Rules = game.rules
        self.kinds: tuple[CardKind, ...] = game.catalogue.kinds
        self.vegetables = tuple(k.vegetable for k in self.kinds)
        self.art = self.vegetables.index(ARTICHOKE)
        self.low, self.high = game.info.players

    # -- set-up and flow ------------------------------------------------------------------
    def variants(self) -> tuple[str, ...]:
        return ("base", RHUBARB_OPTION)

    def new_game(
        self,
        players: Sequence[str],
        variant: str | None = None,
        options: dict[str, bool] | None = None,
    ) -> State:
        check_player_count(len(players), range(self.low, self.high + 1))
        chosen = dict(self.game.info.options)
        for name, on in (options or {}).items():
            if name not in chosen:
                raise SetupError(
                    "options", f"unknown option {name!r} (expected one of: {', '.join(chosen)})"
                )
            chosen[name] = on
        if variant is not None:
            if variant not in self.variants():
                raise SetupError(
                    "variant",
                    f"unknown variant {variant!r} (expected one of: {', '.join(self.variants())})",
                )
            chosen[RHUBARB_OPTION] = variant == RHUBARB_OPTION
        in_play = self.game.catalogue.in_play(frozenset(o for o, on in chosen.items() if on))
        stack = tuple(
            k.copies if k in in_play and i != self.art else 0 for i, k in enumerate(self.kinds)
        )
        deck = add(self.none, self.art, self.rules.artichokes_per_player)
        n = len(players)
        sole = frozenset(
            i
            for i, k in enumerate(self.kinds)
            if k.sole_play_option and chosen.get(k.sole_play_option)
        )
        state = State(
            names=tuple(players),
            rhubarb=chosen[RHUBARB_OPTION],
            sole=sole,
            seats=(Seat(self.none, (deck,), self.none),) * n,
            stack=(stack,),
            row=self.none,
            compost=self.none,
            turn=n - 1,
            phase="draw",
            due=(DEAL, SETUP),
            played=0,
            sole_done=False,
            in_play=-1,
            turns=0,
            used=(0,) * n,
            winner=-1,
        )
        return self.settle(state)

    @property
    def none(self) -> Counts:
        return (0,) * len(self.kinds)

    def players(self, state: State) -> tuple[str, ...]:
        return state.names

    def to_move(self, state: State) -> int:
        step = state.due[0]
        if step == ENDED:
            return OVER
        if step in CHANCE_STEPS:
            return CHANCE
        return state.due[1] if step == "pass" else state.turn

    def is_over(self, state: State) -> bool:
        return state.over

    def settle(self, state: State) -> State:
        """Chance with one possible outcome happens at once."""
        while state.due[0] in CHANCE_STEPS:
            forced = self._outcome(state, None)
            if forced is None:
                return state
            state = self.apply_chance(state, forced)
        return state

    def start_turn(self, state: State) -> State:
        """The next player's turn: the row is replenished first (the turn passes once it is)."""
        return self._replenish(state, TURN)

    def _replenish(self, state: State, after: str) -> State:
        if sum(state.row) < self.rules.garden_row_size and state.stack:
            return state._replace(due=(DEAL, after))
        return self._row_done(state, after)

    def _row_done(self, state: State, after: str) -> State:
        if after == SETUP:
            return state._replace(due=(DRAW, 0, True))
        if after == TURN:
            state = state._replace(
                turn=(state.turn + 1) % len(state.names),
                played=0,
                sole_done=False,
                phase="replenish",
            )
        return self._harvest(state, self.rules.cards_harvested, after == RHUBARB)

    def _harvest(self, state: State, left: int, rhubarb: bool) -> State:
        if left and any(state.row):
            return state._replace(due=(HARVEST, left, rhubarb))
        return state._replace(due=(PLAY,), phase=state.phase if rhubarb else "harvest")

    def harvested(self, state: State, kind: int) -> State:
        seat = state.seats[state.turn]
        _, left, rhubarb = state.due
        state = state._replace(
            row=add(state.row, kind, -1),
            seats=put(state.seats, state.turn, seat._replace(hand=add(seat.hand, kind))),
        )
        return self._harvest(state, left - 1, rhubarb)

    def end_play(self, state: State) -> State:
        """Discard every card left in hand, then draw."""
        seat = state.seats[state.turn]
        seat = seat._replace(discard=merge(seat.discard, seat.hand), hand=self.none)
        return state._replace(
            seats=put(state.seats, state.turn, seat), phase="discard", due=(DRAW, state.turn, False)
        )

    def _drawn(self, state: State) -> State:
        _, seat, set_up = state.due
        if set_up:
            if seat + 1 < len(state.names):
                return state._replace(due=(DRAW, seat + 1, True))
            return self.start_turn(state)
        state = state._replace(phase="draw", turns=state.turns + 1)
        if not state.seats[seat].hand[self.art]:  # no Artichoke in the hand drawn: won
            return state._replace(due=(ENDED,), winner=seat)
        return self.start_turn(state)

    # -- decisions (moves.py) -------------------------------------------------------------
    def legal_moves(self, state: State) -> list[Move]:
        return moves.legal_moves(self, state)

    def move_problem(self, state: State, move: Move) -> Violation | None:
        return moves.move_problem(self, state, move)

    def apply(self, state: State, move: Move) -> State:
        return self.settle(moves.apply_move(self, state, move))

    # -- chance ---------------------------------------------------------------------------
    def _source(self, state: State) -> tuple[Any, Counts | None, int]:
        """The pile a chance event draws from, the discard refilling it, and how many cards."""
        step = state.due[0]
        if step == DEAL:
            return (
                state.stack,
                None,
                min(self.rules.garden_row_size - sum(state.row), pile_size(state.stack)),
            )
        if step == DRAW:
            seat = state.seats[state.due[1]]
            return (
                seat.deck,
                seat.discard,
                min(self.rules.hand_size, pile_size(seat.deck) + sum(seat.discard)),
            )
        _, purpose, whose, n = state.due
        if purpose == "peas":
            return state.stack, None, n
        return state.seats[whose].deck, None, n

    def _outcome(self, state: State, rng: random.Random | None) -> Chance | None:
        if state.due[0] == SWAP:
            mine = state.seats[state.turn].hand
            theirs = state.seats[state.due[1]].hand
            took = sample(((theirs,)), None, 1, rng)
            gave = sample(((mine,)), None, 1, rng)
            return None if took is None or gave is None else (took[0], gave[0])
        pile, refill, n = self._source(state)
        cards = sample(pile, refill, n, rng)
        return None if cards is None else tuple(cards)

    def sample_chance(self, state: State, rng: random.Random) -> Chance:
        found = self._outcome(state, rng)
        assert found is not None
        return found

    def chance_problem(self, state: State, chance: Chance) -> str | None:
        step = state.due[0]
        if step == SWAP:
            them = state.due[1]
            if len(chance) != 2:
                return (
                    f"a swap is 2 cards (the one {state.names[state.turn]} took, then the "
                    f"one {state.names[them]} took), not {len(chance)}"
                )
            for kind, whose, verb in (
                (chance[0], them, "took from"),
                (chance[1], state.turn, "gave from"),
            ):
                if not state.seats[whose].hand[kind]:
                    return (
                        f"{state.names[state.turn]} {verb} {state.names[whose]}'s hand a "
                        f"{self.kinds[kind].name}, but it holds none"
                    )
            return None
        pile, refill, n = self._source(state)
        if len(chance) != n:
            return f"{n} card{'s' if n != 1 else ''} to turn over here, not {len(chance)}"
        try:
            draw(pile, refill, chance)
        except Unavailable as missing:
            where = self.pile_name(state)
            could = ", ".join(self.vegetables[k] for k, c in enumerate(missing.could) if c)
            return (
                f"card {missing.index + 1}, {self.vegetables[missing.kind]}, is not in "
                f"{where} (it can be: {could or 'nothing'})"
            )
        return None

    def pile_name(self, state: State) -> str:
        step = state.due[0]
        if step == DEAL or (step == "reveal" and state.due[1] == "peas"):
            return "the Garden Stack"
        whose = state.due[1] if step == DRAW else state.due[2]
        return f"{state.names[whose]}'s deck"

    def apply_chance(self, state: State, chance: Chance) -> State:
        step = state.due[0]
        if step == SWAP:
            return self.settle(abilities.swap(self, state, chance[0], chance[1]))
        pile, refill, _ = self._source(state)
        pile, refill = draw(pile, refill, chance)
        if step == DEAL:
            return self.settle(self._dealt(state._replace(stack=pile), chance))
        if step == DRAW:
            whose = state.due[1]
            seat = state.seats[whose]
            seat = seat._replace(
                deck=pile, discard=refill or self.none, hand=merge(seat.hand, _counts(self, chance))
            )
            return self.settle(self._drawn(state._replace(seats=put(state.seats, whose, seat))))
        _, purpose, whose, _ = state.due
        if purpose == "peas":
            state = state._replace(stack=pile)
        else:
            state = state._replace(
                seats=put(state.seats, whose, state.seats[whose]._replace(deck=pile))
            )
        return self.settle(abilities.revealed(self, state, chance))

    def _dealt(self, state: State, cards: Chance) -> State:
        """Cards dealt into the row; too many of one vegetable sends the row back (when a
        deal could avoid it: `rules.stuck_row` otherwise)."""
        after = state.due[1]
        state = state._replace(row=merge(state.row, _counts(self, cards)))
        threshold = self.rules.reshuffle_threshold
        if max(state.row) < threshold:
            return self._replenish(state, after)
        if self.row_avoidable(state.row, pile_counts(state.stack, len(self.kinds))):
            stack = merge(state.row, pile_counts(state.stack, len(self.kinds)))
            return state._replace(stack=(stack,), row=self.none, due=(DEAL, after))
        if self.rules.stuck_row == "end":
            return state._replace(due=(ENDED,))
        return self._row_done(state, after)

    def row_avoidable(self, row: Counts, stack: Counts) -> bool:
        """Whether some deal of a full row from these cards shows fewer than
        `reshuffle_threshold` of every vegetable."""
        cards = merge(row, stack)
        size = min(self.rules.garden_row_size, sum(cards))
        most = self.rules.reshuffle_threshold - 1
        return sum(min(n, most) for n in cards) >= size

    # -- answers, from the scorer ---------------------------------------------------------
    def pile(self, counts: Counts) -> Pile:
        return Pile(
            tuple((v, n) for v, n in sorted(zip(self.vegetables, counts, strict=True)) if n)
        )

    def position(self, state: State) -> Position:
        """The typed position the checks and the scoring read, built without parsing."""
        kinds = len(self.kinds)
        turn, phase = self.record_turn(state)
        return Position(
            rhubarb=state.rhubarb,
            turn=turn,
            phase=phase,  # type: ignore[arg-type]
            garden_stack=GardenStack(cards=self.pile(pile_counts(state.stack, kinds))),
            garden_row=self.pile(state.row),
            compost=self.pile(state.compost),
            players=tuple(
                PlayerZones(
                    name,
                    self.pile(pile_counts(s.deck, kinds)),
                    self.pile(s.hand),
                    self.pile(s.discard),
                )
                for name, s in zip(state.names, state.seats, strict=True)
            ),
            set_aside=self.pile(self.set_aside(state)),
            harvest_due=self.harvest_due(state),
        )

    def record_turn(self, state: State) -> tuple[str, str]:
        """Whose turn and which step a record names: during the set-up (the first row dealt,
        the hands drawn) the first player and `setup`, though the engine holds the turn
        before the first (so that the first turn starts as every other does)."""
        if state.due[0] in (DEAL, DRAW) and state.due[-1] in (SETUP, True):
            return state.names[0], SETUP_PHASE
        return state.names[state.turn], state.phase

    def set_aside(self, state: State) -> Counts:
        """Cards in no zone while a card is resolved: the card played until it goes where it
        says, Leek's card turned over, the Peas turned over, the cards set aside to pass."""
        out = self.none if state.in_play < 0 else _counts(self, (state.in_play,))
        step = state.due[0]
        if step == LEEK:
            out = add(out, state.due[2])
        elif step == GIVE:
            out = merge(out, _counts(self, state.due[1]))
        elif step == PASS:
            out = merge(out, *state.due[3])
        return out

    def harvest_due(self, state: State) -> int:
        """Cards still to harvest from the row a Rhubarb deals (during the play step)."""
        if state.due[0] == HARVEST and state.due[2]:
            return int(state.due[1])
        if state.due == (DEAL, RHUBARB):
            return self.rules.cards_harvested
        return 0

    def result(self, state: State) -> Result:
        return evaluate(checks, scoring, self.position(state), self.game)

    def scores(self, state: State) -> tuple[int, ...]:
        """Higher is better, as the bots and the lab read a score: minus the Artichokes each
        player still owns (the scorer's total, where fewest leads)."""
        return tuple(-p.total for p in standings(self.position(state)))

    def seat_score(self, state: State, seat: int) -> int:
        return self.scores(state)[seat]

    def record(self, state: State) -> dict[str, Any]:
        kinds = len(self.kinds)
        turn, phase = self.record_turn(state)
        mid_card: dict[str, Any] = {}  # written only while a card is resolved
        if any(aside := self.set_aside(state)):
            mid_card["set_aside"] = self.zone(aside)
        if due := self.harvest_due(state):
            mid_card["harvest_due"] = due
        return {
            "game": GAME_ID,
            "rhubarb": state.rhubarb,
            "turn": turn,
            "phase": phase,
            "garden_stack": self.zone(pile_counts(state.stack, kinds)),
            "garden_row": self.zone(state.row),
            "compost": self.zone(state.compost),
            **mid_card,
            "players": [
                {
                    "name": name,
                    "deck": self.zone(pile_counts(s.deck, kinds)),
                    "hand": self.zone(s.hand),
                    "discard": self.zone(s.discard),
                }
                for name, s in zip(state.names, state.seats, strict=True)
            ],
        }

    def zone(self, counts: Counts) -> dict[str, int]:
        return {v: n for v, n in zip(self.vegetables, counts, strict=True) if n}

    def resting(self, state: State) -> bool:
        """A position a record can hold: between steps, no card half played."""
        step = state.due[0]
        if step == ENDED:
            return True
        if step == HARVEST:
            return not state.due[2]
        if step == DRAW:
            return not state.due[2]  # not while the hands are dealt at set-up
        if step == DEAL:
            return bool(state.due[1] == TURN)
        return step == PLAY and state.in_play < 0

    def position_note(self, state: State) -> str | None:
        return None  # a record says every position: mid-card, `set_aside` and `harvest_due`

    # -- log notation (notation.py) and text for people ------------------------------------
    def format_move(self, state: State, move: Move) -> str:
        return notation.format_move(self, state, move)

    def parse_move(self, state: State, text: Any) -> Move:
        return notation.parse_move(self, state, text)

    def format_chance(self, state: State, chance: Chance) -> tuple[str, str]:
        return CHANCE_KEYS[state.due[0]], notation.format_cards(self, chance)

    def parse_chance(self, state: State, key: str, value: Any) -> Chance:
        due = CHANCE_KEYS[state.due[0]]
        if key != due:
            raise ValueError(f"a {due} is due here ({notation.chance_help(due)}), not a {key}")
        return notation.parse_cards(self, value)

    def describe(self, state: State) -> list[str]:
        return notation.describe(self, state)

    # -- the balance lab's view of a game ---------------------------------------------------
    def rounds(self, state: State) -> int:
        """Rounds finished: turns over the number of players."""
        return state.turns // len(state.names)

    def features(self, state: State, seat: int) -> set[str]:
        """The cards a seat played during the game, for the lab's per-card weight."""
        used = state.used[seat]
        return {f"played: {k.name}" for i, k in enumerate(self.kinds) if used >> i & 1}

    def determinise(self, state: State, seat: int, rng: random.Random) -> State:
        return determinise(self, state, seat, rng)


def _counts(engine: Engine, cards: Sequence[int]) -> Counts:
    out = [0] * len(engine.kinds)
    for kind in cards:
        out[kind] += 1
    return tuple(out)
