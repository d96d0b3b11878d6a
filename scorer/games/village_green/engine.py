"""Village Green as a program can play it: the set-up deal, the turn (a card taken, where it
may go, covering, structures and their awards, the village card), the end and solo mode.

A state is plain data (state.py); what a move may do is turn_rules.py, the log notation
notation.py. Every number comes from `rules:` in game.yaml and every card from cards.yaml;
scores and checks are the scorer's own (`position` builds the position the scorer reads).

Where the write-up leaves a choice (docs/records.md, "Village Green log"):
- the village card's second action is used by placing a green card on a non-lawn card: the
  card is flipped then (no separate announcement);
- the village card's first action puts the display under its deck in the order it lay;
- a lawn may cover a lawn while `rules.lawn_covers_lawn` is true (the playtest default);
- solo: action A may be chosen only when a card can then be placed (a face-up card taken, or
  one of the hand when drawing blind), action B only with an empty award slot; the usual end
  conditions also end a solo game, and `stop` ends it at the start of any turn.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from playtest.scorer.engine import CHANCE, OVER, SetupError
from playtest.scorer.games.village_green import checks, scoring
from playtest.scorer.games.village_green.cards import LoadedGame
from playtest.scorer.games.village_green.notation import (
    card_id,
    format_deal,
    format_move,
    parse_deal,
    parse_move,
)
from playtest.scorer.games.village_green.position import Board, Position
from playtest.scorer.games.village_green.rules import GAME_ID, Rules
from playtest.scorer.games.village_green.scoring import breakdown, score_players
from playtest.scorer.games.village_green.state import (
    AWARD,
    DEAL,
    ENDED,
    GREEN,
    PUBLIC,
    STRUCTURE,
    TURN,
    Deck,
    State,
)
from playtest.scorer.games.village_green.tableau import visible
from playtest.scorer.games.village_green.turn_rules import Move, TurnRules
from playtest.scorer.interface import evaluate
from playtest.scorer.mechanics.tuples import put
from playtest.scorer.result import Result

__all__ = ["CHANCE", "GAME_ID", "OVER", "Engine", "Move", "State"]

# the chance draws a state can be waiting for: which deck, and where the card goes
DRAWS = ("green:hand", "green:display", "awards:held", "awards:display")

Deal = tuple[
    tuple[tuple[str, ...], ...], tuple[tuple[str, ...], ...], tuple[str, ...], tuple[str, ...]
]  # per seat the hand, per seat the top awards, the two displays


class Engine(TurnRules):
    chance_names = ("deal", "draw")

    def __init__(self, game: LoadedGame) -> None:
        self.game = game
        rules: Rules = game.rules
        self.rules = rules
        self.catalogue = game.catalogue
        self.rows, self.columns = rules.grid.green_rows, rules.grid.green_columns
        self.slots = rules.grid.top_award_slots + rules.grid.left_award_slots
        copies = self.catalogue.copies
        self.green_cards = tuple(sorted(c for c in self.catalogue.green for _ in range(copies[c])))
        self.award_cards = tuple(sorted(c for c in self.catalogue.awards for _ in range(copies[c])))

    # -- set-up and flow ------------------------------------------------------------------
    def variants(self) -> tuple[str, ...]:
        return ("multiplayer", "solo")

    def new_game(
        self,
        players: Sequence[str],
        variant: str | None = None,
        options: dict[str, bool] | None = None,
    ) -> State:
        n = len(players)
        variant = variant or ("solo" if n == 1 else "multiplayer")
        if variant not in self.variants():
            raise SetupError(
                "variant",
                f"unknown variant {variant!r} (expected one of: {', '.join(self.variants())})",
            )
        if options:
            raise SetupError(
                "options", f"unknown option {next(iter(options))!r} (Village Green has none)"
            )
        counts = sorted(self.rules.setup.removed)
        fewest, most = (
            (1, 1) if variant == "solo" else (min(c for c in counts if c > 1), max(counts))
        )
        if not fewest <= n <= most or n not in counts:
            raise SetupError(
                "players",
                f"a {variant} game is for {fewest}"
                f"{f' to {most}' if most != fewest else ''} players, got {n}",
            )
        removed = self.rules.setup.removed[n]
        grid = self.rules.grid
        empty_board = {
            "village_face_up": True,
            "top": ((),) * grid.top_award_slots,
            "left": ((),) * grid.left_award_slots,
            "grid": (((),) * self.columns,) * self.rows,
        }
        return State(
            names=tuple(players),
            solo=variant == "solo",
            green=Deck(self.green_cards, len(self.green_cards) - removed.green, (), ()),
            awards=Deck(self.award_cards, len(self.award_cards) - removed.awards, (), ()),
            green_display=(),
            award_display=(),
            hands=((),) * n,
            boards=tuple(Board(player=name, **empty_board) for name in players),  # type: ignore[arg-type]
            seat=0,
            phase=DEAL,
            due=(),
            held=None,
            for_structure=False,
            rounds=0,
            ending=False,
        )

    def players(self, state: State) -> tuple[str, ...]:
        return state.names

    def to_move(self, state: State) -> int:
        if state.phase == ENDED:
            return OVER
        if state.phase == DEAL or state.due:
            return CHANCE
        return state.seat

    def is_over(self, state: State) -> bool:
        return state.phase == ENDED

    # -- decisions (what may be done: turn_rules.py) ---------------------------------------
    def apply(self, state: State, move: Move) -> State:
        kind, card, where = move
        seat = state.seat
        if kind == "stop":
            return state._replace(phase=ENDED)
        if kind == "pass":
            return self._end_turn(state)
        if kind == "village":
            board = state.boards[seat]
            state = state._replace(
                boards=put(state.boards, seat, _replace(board, village_face_up=False))
            )
            if card == "green":
                state = state._replace(
                    green=state.green.under(state.green_display),
                    green_display=(),
                    due=("green:display",) * self.rules.setup.green_display,
                )
            else:
                state = state._replace(
                    awards=state.awards.under(state.award_display),
                    award_display=(),
                    due=("awards:display",) * self.rules.setup.award_display,
                )
            return self._settle(state)
        if kind == "draw":
            if card == "green":
                return state._replace(phase=GREEN, due=("green:hand",))
            return state._replace(
                phase=AWARD, due=("awards:held",), for_structure=state.phase == STRUCTURE
            )
        assert card is not None
        if kind == "take":
            if card in self.catalogue.green:
                return self._settle(
                    state._replace(
                        phase=GREEN,
                        green_display=_without(state.green_display, card),
                        hands=put(state.hands, seat, tuple(sorted((*state.hands[seat], card)))),
                        due=("green:display",),
                    )
                )
            return self._settle(
                state._replace(
                    phase=AWARD,
                    award_display=_without(state.award_display, card),
                    held=card,
                    for_structure=state.phase == STRUCTURE,
                    due=("awards:display",),
                )
            )
        if kind == "bottom":
            return self._end_turn(
                state._replace(
                    hands=put(state.hands, seat, _without(state.hands[seat], card)),
                    green=state.green.under((card,), seat),
                )
            )
        if kind == "place":
            assert where is not None
            return self._place_green(state, card, where)
        assert where is not None
        board = state.boards[seat]
        if where < self.columns:
            board = _replace(board, top=put(board.top, where, (*board.top[where], card)))
        else:
            r = where - self.columns
            board = _replace(board, left=put(board.left, r, (*board.left[r], card)))
        return self._end_turn(
            state._replace(boards=put(state.boards, seat, board), held=None, for_structure=False)
        )

    def _place_green(self, state: State, card: str, cell: int) -> State:
        seat = state.seat
        board = state.boards[seat]
        under = self.top_green(board, cell)
        r, c = divmod(cell, self.columns)
        row = put(board.grid[r], c, (*board.grid[r][c], card))
        board = _replace(
            board,
            grid=put(board.grid, r, row),
            village_face_up=board.village_face_up and (under is None or under.is_lawn),
        )
        state = state._replace(
            boards=put(state.boards, seat, board),
            hands=put(state.hands, seat, _without(state.hands[seat], card)),
        )
        if self.catalogue.green[card].feature == "structure" and (
            state.award_display or not state.awards.empty
        ):
            return state._replace(phase=STRUCTURE)
        return self._end_turn(state)

    def _end_turn(self, state: State) -> State:
        n = len(state.names)
        ending = state.ending or bool(self.end_conditions(state))
        last = state.seat == n - 1
        if ending and last:
            return state._replace(phase=ENDED, rounds=state.rounds + 1, ending=True)
        return state._replace(
            phase=TURN, seat=(state.seat + 1) % n, ending=ending, rounds=state.rounds + last
        )

    def end_conditions(self, state: State) -> list[str]:
        found = []
        most = self.rules.end_visible_green_cards
        # the engine keeps green cards in the grid only, so every non-empty cell shows one
        if any(sum(1 for row in b.grid for stack in row if stack) >= most for b in state.boards):
            found.append(f"{most} visible green cards")
        if state.green.empty:
            found.append("the green deck is empty")
        if state.awards.empty:
            found.append("the award deck is empty")
        return found

    def _settle(self, state: State) -> State:
        """Drop the display refills that cannot happen (their deck is empty)."""
        due = tuple(
            d
            for d in state.due
            if not (
                d.endswith(":display")
                and (state.green if d.startswith("green") else state.awards).empty
            )
        )
        return state if due == state.due else state._replace(due=due)

    # -- chance ---------------------------------------------------------------------------
    def sample_chance(self, state: State, rng: random.Random) -> Deal | str:
        if state.phase == DEAL:
            return self._random_deal(state, rng)
        deck = state.green if state.due[0].startswith("green") else state.awards
        return rng.choice(deck.drawable())

    def _random_deal(self, state: State, rng: random.Random) -> Deal:
        n, setup = len(state.names), self.rules.setup
        tops = self.rules.grid.top_award_slots
        greens = rng.sample(state.green.unseen, n * setup.hand_green_cards + setup.green_display)
        awards = rng.sample(state.awards.unseen, n * tops + setup.award_display)
        hand = setup.hand_green_cards
        return (
            tuple(tuple(sorted(greens[i * hand : (i + 1) * hand])) for i in range(n)),
            tuple(tuple(awards[i * tops : (i + 1) * tops]) for i in range(n)),
            tuple(greens[n * hand :]),
            tuple(awards[n * tops :]),
        )

    def chance_problem(self, state: State, chance: Deal | str) -> str | None:
        if state.phase == DEAL:
            assert isinstance(chance, tuple)
            return self._deal_problem(state, chance)
        assert isinstance(chance, str)
        due = state.due[0]
        deck = state.green if due.startswith("green") else state.awards
        if chance in deck.drawable():
            return None
        kind = "green card" if due.startswith("green") else "award"
        if (chance in self.catalogue.green) != due.startswith("green"):
            return (
                f"{chance} is not a{'n' * (kind == 'award')} {kind}: the "
                f"{'green' if kind == 'green card' else 'award'} deck is drawn"
            )
        if not deck.left and chance in deck.unseen:
            return (
                f"{chance} is not in the deck: its shuffled cards are all drawn, the next "
                f"is {deck.bottom[0]}, put under it"
            )
        return f"{chance} is not in the deck: it is {self.whereabouts(state, chance)}"

    def _deal_problem(self, state: State, deal: Deal) -> str | None:
        hands, tops, greens, awards = deal
        setup, need_tops = self.rules.setup, self.rules.grid.top_award_slots
        for name, hand, top in zip(state.names, hands, tops, strict=True):
            if len(hand) != setup.hand_green_cards or len(top) != need_tops:
                return (
                    f"{name} is dealt {len(hand)} green cards and {len(top)} awards "
                    f"(expected {setup.hand_green_cards} and {need_tops})"
                )
        if len(greens) != setup.green_display or len(awards) != setup.award_display:
            return (
                f"the display shows {len(greens)} green cards and {len(awards)} awards "
                f"(expected {setup.green_display} and {setup.award_display})"
            )
        for cards, deck in (
            ((*(c for h in hands for c in h), *greens), state.green),
            ((*(c for t in tops for c in t), *awards), state.awards),
        ):
            left = list(deck.unseen)
            for c in cards:
                if c not in left:
                    return f"{c} is dealt twice"
                left.remove(c)
        return None

    def apply_chance(self, state: State, chance: Deal | str) -> State:
        if state.phase == DEAL:
            assert isinstance(chance, tuple)
            return self._apply_deal(state, chance)
        assert isinstance(chance, str)
        due, seat = state.due[0], state.seat
        state = state._replace(due=state.due[1:])
        if due == "green:hand":
            state = state._replace(
                green=state.green.without(chance),
                hands=put(state.hands, seat, tuple(sorted((*state.hands[seat], chance)))),
            )
        elif due == "green:display":
            state = state._replace(
                green=state.green.without(chance), green_display=(*state.green_display, chance)
            )
        elif due == "awards:held":
            state = state._replace(awards=state.awards.without(chance), held=chance)
        else:
            state = state._replace(
                awards=state.awards.without(chance), award_display=(*state.award_display, chance)
            )
        return self._settle(state)

    def _apply_deal(self, state: State, deal: Deal) -> State:
        hands, tops, greens, awards = deal
        green, award = state.green, state.awards
        for c in (*(c for h in hands for c in h), *greens):
            green = green.without(c)
        for c in (*(c for t in tops for c in t), *awards):
            award = award.without(c)
        boards = tuple(
            _replace(b, top=tuple((a,) for a in top))
            for b, top in zip(state.boards, tops, strict=True)
        )
        return state._replace(
            green=green,
            awards=award,
            green_display=greens,
            award_display=awards,
            hands=tuple(tuple(sorted(h)) for h in hands),
            boards=boards,
            phase=TURN,
        )

    def whereabouts(self, state: State, card: str) -> str:
        """Where a card is, for people ("in Bob's hand", "on Ann's board", ...)."""
        for name, hand, board in zip(state.names, state.hands, state.boards, strict=True):
            if card in hand:
                return f"in {name}'s hand"
            stacks = (*board.top, *board.left, *(s for row in board.grid for s in row))
            if any(card in s for s in stacks):
                return f"on {name}'s board"
        if card in (*state.green_display, *state.award_display):
            return "face up on the display"
        if card == state.held:
            return "the award just taken"
        if card in (*state.green.bottom, *state.awards.bottom):
            return "under the deck"
        return "not a card of the game"

    # -- answers, from the scorer ---------------------------------------------------------
    def position(self, state: State) -> Position:
        return Position(
            variant="solo" if state.solo else "multiplayer",
            boards=state.boards,
            catalogue=self.catalogue,
        )

    def result(self, state: State) -> Result:
        return evaluate(checks, scoring, self.position(state), self.game)

    def scores(self, state: State) -> tuple[int, ...]:
        return tuple(p.total for p in score_players(self.position(state), self.rules)[0])

    def seat_score(self, state: State, seat: int) -> int:
        """One seat's total by the scorer's own breakdown (no winners worked out)."""
        board = state.boards[seat]
        return sum(
            breakdown(visible(board, self.catalogue), board.village_face_up, self.rules).values()
        )

    def record(self, state: State) -> dict[str, Any]:
        def slot(stack: tuple[str, ...]) -> Any:
            return None if not stack else stack[0] if len(stack) == 1 else list(stack)

        return {
            "game": GAME_ID,
            "variant": "solo" if state.solo else "multiplayer",
            "players": [
                {
                    "name": b.player,
                    "village": "face-up" if b.village_face_up else "flipped",
                    "top": [slot(s) for s in b.top],
                    "left": [slot(s) for s in b.left],
                    "grid": [[slot(s) for s in row] for row in b.grid],
                }
                for b in state.boards
            ],
        }

    # -- log notation (notation.py) and text for people ------------------------------------
    def format_move(self, state: State, move: Move) -> str:
        return format_move(self, move)

    def parse_move(self, state: State, text: str) -> Move:
        return parse_move(self, text)

    def format_chance(self, state: State, chance: Deal | str) -> tuple[str, Any]:
        if state.phase == DEAL:
            assert isinstance(chance, tuple)
            return "deal", format_deal(state.names, chance)
        return "draw", chance

    def parse_chance(self, state: State, key: str, value: Any) -> Deal | str:
        if (key == "deal") != (state.phase == DEAL):
            raise ValueError(
                "the set-up deal is due, not a draw"
                if state.phase == DEAL
                else "the deal is at set-up only; a card off a deck is a `draw`"
            )
        if key == "deal":
            return parse_deal(self, state.names, value)
        if not isinstance(value, str):
            raise ValueError(f"expected the card drawn, e.g. G17, got {value!r:.40}")
        return card_id(self, value)

    def position_note(self, state: State) -> str | None:
        name = state.names[state.seat]
        if state.phase == DEAL:
            return "before the deal: no card is on the table yet"
        if state.phase in (GREEN, STRUCTURE, AWARD):
            return f"mid-turn: {name} is to {_NEXT[state.phase]}" + (
                f" ({state.held})" if state.held else ""
            )
        return None

    def describe(self, state: State) -> list[str]:
        seat = self.to_move(state)
        if seat == OVER:
            head = f"game over after round {state.rounds}"
        elif state.phase == DEAL:
            head = "set-up: the deal is due"
        elif seat == CHANCE:
            head = f"round {state.rounds + 1}: a card is drawn ({state.due[0]})"
        else:
            head = f"round {state.rounds + 1}: {state.names[seat]} is to {_NEXT[state.phase]}"
        lines = [
            head,
            f"green display: {' '.join(state.green_display) or '-'} "
            f"(deck {state.green.left + len(state.green.bottom)})",
            f"award display: {' '.join(state.award_display) or '-'} "
            f"(deck {state.awards.left + len(state.awards.bottom)})",
        ]
        for name, hand, board in zip(state.names, state.hands, state.boards, strict=True):
            village = "face up" if board.village_face_up else "flipped"
            lines.append(f"{name}: hand {' '.join(hand) or '-'}, village {village}")
            lines.append("  top:  " + " ".join(s[-1] if s else "." for s in board.top))
            for r, row in enumerate(board.grid):
                left = board.left[r][-1] if board.left[r] else "."
                lines.append(f"  {left:<4} | " + " ".join(s[-1] if s else "." for s in row))
        return lines

    # -- the balance lab's view of a game ---------------------------------------------------
    def rounds(self, state: State) -> int:
        return state.rounds

    def features(self, state: State, seat: int) -> set[str]:
        """The awards visible on the seat's board at the end (their weight is what the lab
        measures), and whether it used the village card."""
        tableau = visible(state.boards[seat], self.catalogue)
        found = {f"{a.id} {a.name}" for a in (*tableau.top, *tableau.left) if a is not None}
        if not state.boards[seat].village_face_up:
            found.add("village card used")
        return found

    def determinise(self, state: State, seat: int, rng: random.Random) -> State:
        """What `seat` cannot see dealt again: the other hands and the green cards others put
        under the deck come from the unseen cards (the deck and the box) at random."""
        green = state.green
        pool = [
            *green.unseen,
            *(c for s, h in enumerate(state.hands) if s != seat for c in h),
            *(
                c
                for c, who in zip(green.bottom, green.hidden, strict=True)
                if who not in (PUBLIC, seat)
            ),
        ]
        rng.shuffle(pool)
        hands = list(state.hands)
        for s, hand in enumerate(state.hands):
            if s != seat:
                hands[s] = tuple(sorted(pool[: len(hand)]))
                del pool[: len(hand)]
        bottom = list(green.bottom)
        for i, who in enumerate(green.hidden):
            if who not in (PUBLIC, seat):
                bottom[i] = pool.pop()
        return state._replace(
            hands=tuple(hands),
            green=green._replace(unseen=tuple(sorted(pool)), bottom=tuple(bottom)),
        )


_NEXT = {
    TURN: "take a card",
    GREEN: "place a green card",
    STRUCTURE: "take an award for a structure",
    AWARD: "place the award taken",
}


def _without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def _replace(board: Board, **changes: Any) -> Board:
    return replace(board, **changes)
