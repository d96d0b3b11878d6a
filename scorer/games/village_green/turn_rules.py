"""What a Village Green player may do at each point of a turn, and why a move breaks a rule.

One function per question (`move_problem`), and the legal moves are the candidates it accepts,
so the moves a bot is offered and the moves replay accepts can never disagree. Codes: the
record rules where a move would break one (VG-02 wrong kind of slot, VG-04 neighbours, VG-05
covering, VG-06 solo award covering), and VG-10..VG-15 for what only a move can do wrong
(docs/records.md, "Village Green log").
"""

from __future__ import annotations

from playtest.scorer.games.village_green.cards import Catalogue, GreenCard
from playtest.scorer.games.village_green.position import Board
from playtest.scorer.games.village_green.rules import Rules
from playtest.scorer.games.village_green.state import (
    AWARD,
    GREEN,
    STRUCTURE,
    TURN,
    State,
)
from playtest.scorer.games.village_green.tableau import (
    cell_name,
    left_slot_name,
    neighbours_match,
    top_slot_name,
)
from playtest.scorer.mechanics.grid import neighbour_table
from playtest.scorer.result import Violation

Move = tuple[str, str | None, int | None]  # (kind, card or deck, grid cell or award slot)

DECKS = ("green", "awards")
STOP: Move = ("stop", None, None)
PASS: Move = ("pass", None, None)

WHAT_NEXT = {
    TURN: "take a green card or an award (or use the village card)",
    GREEN: "place a green card from the hand (or put one under the green deck)",
    STRUCTURE: "take an award for the structure just placed",
    AWARD: "place the award just taken",
}
KINDS = {
    TURN: ("take", "draw", "village", "stop", "pass"),
    GREEN: ("place", "bottom"),
    STRUCTURE: ("take", "draw"),
    AWARD: ("award",),
}


class TurnRules:
    """The rules of a turn; the engine is one (it sets these attributes)."""

    rules: Rules
    catalogue: Catalogue
    rows: int
    columns: int
    slots: int  # award slots: the top ones (0..columns-1), then the left ones

    # -- names for people -------------------------------------------------------------------
    def slot_name(self, slot: int) -> str:
        return top_slot_name(slot) if slot < self.columns else left_slot_name(slot - self.columns)

    def cell_of(self, cell: int) -> str:
        return cell_name(*divmod(cell, self.columns))

    # -- the board --------------------------------------------------------------------------
    def slot_stack(self, board: Board, slot: int) -> tuple[str, ...]:
        return board.top[slot] if slot < self.columns else board.left[slot - self.columns]

    def top_green(self, board: Board, cell: int) -> GreenCard | None:
        stack = board.grid[cell // self.columns][cell % self.columns]
        return self.catalogue.green[stack[-1]] if stack else None

    def green_problem(
        self, board: Board, card: GreenCard, cell: int, player: str
    ) -> Violation | None:
        """Why `card` may not be placed at `cell` (the board's own rules), or None."""
        under = self.top_green(board, cell)
        if under is not None and not under.is_lawn and not board.village_face_up:
            return Violation(
                "VG-05",
                player,
                self.cell_of(cell),
                f"{under.describe()} lies here: only a lawn may be covered, or "
                "another card with the village card, which is already flipped",
            )
        if under is not None and under.is_lawn and card.is_lawn and not self.rules.lawn_covers_lawn:
            return Violation(
                "VG-15",
                player,
                self.cell_of(cell),
                f"{under.describe()} lies here: a lawn may not cover a lawn "
                "(rules.lawn_covers_lawn is false)",
            )
        r, c = divmod(cell, self.columns)
        for nr, nc in neighbour_table(self.rows, self.columns)[(r, c)]:
            other = self.top_green(board, nr * self.columns + nc)
            if not neighbours_match(card, other):
                assert other is not None
                return Violation(
                    "VG-04",
                    player,
                    self.cell_of(cell),
                    f"{card.colour} {card.flower} {card.id} next to "
                    f"{other.colour} {other.flower} {other.id} (row {nr + 1}, "
                    f"column {nc + 1}): they share neither flower nor colour",
                )
        return None

    def green_cells(self, board: Board, card: GreenCard) -> list[int]:
        return [
            cell
            for cell in range(self.rows * self.columns)
            if self.green_problem(board, card, cell, "") is None
        ]

    def can_place(self, board: Board, cards: tuple[str, ...]) -> bool:
        return any(self.green_cells(board, self.catalogue.green[c]) for c in set(cards))

    def empty_slot(self, board: Board) -> bool:
        return any(not self.slot_stack(board, s) for s in range(self.slots))

    # -- moves ------------------------------------------------------------------------------
    def candidates(self, state: State) -> list[Move]:
        """Every move worth asking about here (legal or not)."""
        seat, phase = state.seat, state.phase
        if phase in (TURN, STRUCTURE):
            moves: list[Move] = [
                ("take", c, None)
                for c in dict.fromkeys(
                    (*state.green_display, *state.award_display)
                    if phase == TURN
                    else state.award_display
                )
            ]
            moves += [("draw", deck, None) for deck in (DECKS if phase == TURN else DECKS[1:])]
            if phase == TURN:
                moves += [("village", deck, None) for deck in DECKS] + [STOP, PASS]
            return moves
        if phase == GREEN:
            hand = dict.fromkeys(state.hands[seat])
            return [
                *(("place", c, cell) for c in hand for cell in range(self.rows * self.columns)),
                *(("bottom", c, None) for c in hand),
            ]
        if phase == AWARD:
            return [("award", state.held, slot) for slot in range(self.slots)]
        return []

    def legal_moves(self, state: State) -> list[Move]:
        if state.phase not in KINDS or state.due:
            return []
        moves = [
            m for m in self.candidates(state) if m != PASS and self.move_problem(state, m) is None
        ]
        return moves or [PASS]

    def move_problem(self, state: State, move: Move) -> Violation | None:
        kind, card, where = move
        seat, phase = state.seat, state.phase
        player = state.names[seat]
        if kind not in KINDS.get(phase, ()):
            return Violation(
                "VG-11",
                player,
                "turn",
                f"not now: {_move_text(move)} while the player must {WHAT_NEXT.get(phase, 'wait')}",
            )
        if kind == "stop":
            return (
                None
                if state.solo
                else Violation("VG-11", player, "turn", "only a solo player may stop the game")
            )
        if kind == "pass":
            if self.legal_moves(state) != [PASS]:
                return Violation(
                    "VG-11", player, "turn", "a player may pass only when no card can be taken"
                )
            return None
        if kind == "village":
            return self._village_problem(state, card or "", player)
        if kind in ("take", "draw"):
            return self._take_problem(state, kind, card or "", player)
        if kind in ("place", "bottom"):
            return self._green_move_problem(state, kind, card or "", where, player)
        return self._award_problem(state, card or "", where or 0, player)

    def _village_problem(self, state: State, deck: str, player: str) -> Violation | None:
        if not state.boards[state.seat].village_face_up:
            return Violation(
                "VG-14",
                player,
                "village card",
                "the village card is already flipped: its action is once per game",
            )
        display = state.green_display if deck == "green" else state.award_display
        if not display:
            return Violation(
                "VG-10",
                player,
                f"{_deck_name(deck)} display",
                "no face-up card to put under the deck",
            )
        return None

    def _take_problem(self, state: State, kind: str, card: str, player: str) -> Violation | None:
        board = state.boards[state.seat]
        if kind == "draw":
            deck = card
            if state.phase == STRUCTURE and deck != "awards":
                return Violation(
                    "VG-11",
                    player,
                    "turn",
                    "not now: a structure brings an award, not a green card",
                )
            if (state.green if deck == "green" else state.awards).empty:
                return Violation("VG-10", player, f"{_deck_name(deck)} deck", "the deck is empty")
            taken: str | None = None
        else:
            on_display = (
                state.award_display
                if state.phase == STRUCTURE
                else (*state.green_display, *state.award_display)
            )
            if card not in on_display:
                display = "award display" if state.phase == STRUCTURE else "displays"
                shown = " ".join(on_display) or "nothing"
                return Violation(
                    "VG-10", player, display, f"{card} is not face up there (face up: {shown})"
                )
            deck, taken = ("green" if card in self.catalogue.green else "awards"), card
        if state.solo and state.phase == TURN:
            if deck == "green" and not self.can_place(
                board, (*state.hands[state.seat], *((taken,) if taken else ()))
            ):
                why = (
                    "none of the hand's cards nor " + card
                    if taken
                    else "none of the hand's cards (the card drawn may not fit either)"
                )
                return Violation(
                    "VG-13",
                    player,
                    "action A",
                    f"solo: {why} can be placed, and action A must place a card",
                )
            if deck == "awards" and not self.empty_slot(board):
                return Violation(
                    "VG-13",
                    player,
                    "action B",
                    "solo: every award slot is taken, and an award may not cover another",
                )
        return None

    def _green_move_problem(
        self, state: State, kind: str, card: str, cell: int | None, player: str
    ) -> Violation | None:
        hand = state.hands[state.seat]
        if card not in hand:
            if card in self.catalogue.awards:
                return Violation(
                    "VG-02",
                    player,
                    "hand",
                    f"award {card} is not a green card: awards go in the award slots",
                )
            return Violation(
                "VG-12", player, "hand", f"{card} is not in the hand (the hand: {' '.join(hand)})"
            )
        if kind == "bottom":
            if state.solo:
                return Violation(
                    "VG-13",
                    player,
                    "action A",
                    "solo: action A must place a card, none may go under the deck",
                )
            return None
        assert cell is not None
        return self.green_problem(
            state.boards[state.seat], self.catalogue.green[card], cell, player
        )

    def _award_problem(self, state: State, card: str, slot: int, player: str) -> Violation | None:
        if card != state.held:
            if card in self.catalogue.green:
                return Violation(
                    "VG-02",
                    player,
                    self.slot_name(slot) if slot < self.slots else "award slot",
                    f"green card {card} in an award slot: green cards go in the grid",
                )
            return Violation(
                "VG-12", player, "award", f"{card} is not the award taken ({state.held})"
            )
        board = state.boards[state.seat]
        if state.solo and not state.for_structure and self.slot_stack(board, slot):
            return Violation(
                "VG-06",
                player,
                self.slot_name(slot),
                f"solo: {card} would cover "
                f"{self.slot_stack(board, slot)[-1]}; an award may cover another "
                "only when taken for a structure",
            )
        return None


def _deck_name(deck: str) -> str:
    return "green" if deck == "green" else "award"


def _move_text(move: Move) -> str:
    kind, card, _ = move
    return {
        "take": f"taking {card}",
        "draw": f"drawing from the {_deck_name(card or '')} deck",
        "village": "using the village card",
        "stop": "stopping",
        "pass": "passing",
        "place": f"placing {card}",
        "bottom": f"putting {card} under the green deck",
        "award": f"placing the award {card}",
    }[kind]
