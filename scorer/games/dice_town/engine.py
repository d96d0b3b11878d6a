"""Dice Town as a program can play it: the rolling phase, the locations (the round resolver's),
the General Store and Doc Badluck cards as printed, the deeds and the end.

The state is plain data (state.py); the round runs as steps until a decision or a chance
event is due (engine_flow.py); decisions are engine_moves.py, chance engine_chance.py, the log
notation notation.py. Every number comes from `rules:` in game.yaml and cards.yaml (a card's
`power` and `amount`); scores and checks are the scorer's own, on the position built here.
Interpretations where the write-up leaves a choice: docs/records.md, "Dice Town log".
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from playtest.core.wording import plural
from playtest.scorer.engine import CHANCE, OVER, SetupError, check_player_count
from playtest.scorer.games.dice_town import checks, scoring
from playtest.scorer.games.dice_town.cards import LoadedGame
from playtest.scorer.games.dice_town.engine_chance import KEYS, Chance, Chances
from playtest.scorer.games.dice_town.engine_flow import Flow
from playtest.scorer.games.dice_town.engine_moves import ASKS, Decisions, Move
from playtest.scorer.games.dice_town.final_score import player_score
from playtest.scorer.games.dice_town.notation import (
    format_chance,
    format_move,
    parse_chance,
    parse_move,
)
from playtest.scorer.games.dice_town.position import FinalPlayer, FinalPosition
from playtest.scorer.games.dice_town.rules import GAME_ID, Rules
from playtest.scorer.games.dice_town.state import State, new_state
from playtest.scorer.interface import evaluate
from playtest.scorer.mechanics.tuples import put
from playtest.scorer.result import Result, Violation

__all__ = ["CHANCE", "GAME_ID", "OVER", "Engine", "Move", "State"]


class Engine:
    chance_names = ("roll", "deeds", "doc", "store", "saloon")

    def __init__(self, game: LoadedGame) -> None:
        self.game = game
        self.rules: Rules = game.rules
        self.flow = Flow(game)
        self.cards = self.flow.cards
        self.moves = Decisions(self.flow)
        self.chances = Chances(self.flow)
        self.labels = {face.label.upper(): face.label for face in self.rules.dice.faces}
        self.lookup = game.catalogue.lookup

    # -- set-up and flow --------------------------------------------------------------------
    def variants(self) -> tuple[str, ...]:
        return ()

    def new_game(
        self,
        players: Sequence[str],
        variant: str | None = None,
        options: dict[str, bool] | None = None,
    ) -> State:
        low, high = self.game.info.players
        if variant is not None:
            raise SetupError("variant", f"Dice Town has no variants (got {variant!r})")
        if options:
            raise SetupError(
                "options", f"unknown option {next(iter(options))!r} (Dice Town has none)"
            )
        check_player_count(len(players), range(low, high + 1))
        return self.flow.advance(new_state(tuple(players), self.rules, self.cards))

    def players(self, state: State) -> tuple[str, ...]:
        return state.names

    def to_move(self, state: State) -> int:
        return OVER if state.over else state.decider()

    def is_over(self, state: State) -> bool:
        return state.over

    # -- decisions and chance ---------------------------------------------------------------
    def legal_moves(self, state: State) -> list[Move]:
        return self.moves.legal(state)

    def move_problem(self, state: State, move: Move) -> Violation | None:
        return self.moves.problem(state, move)

    def apply(self, state: State, move: Move) -> State:
        return self.moves.apply(state, move)

    def sample_chance(self, state: State, rng: random.Random) -> Chance:
        return self.chances.sample(state, rng)

    def chance_problem(self, state: State, chance: Chance) -> str | None:
        return self.chances.problem(state, chance)

    def apply_chance(self, state: State, chance: Chance) -> State:
        return self.chances.apply(state, chance)

    # -- answers, from the scorer -----------------------------------------------------------
    def final_player(self, state: State, seat: int) -> FinalPlayer:
        info = self.cards.info
        return FinalPlayer(
            name=state.names[seat],
            nuggets=state.nuggets[seat],
            dollars=state.dollars[seat],
            sheriff=state.sheriff == seat,
            store=tuple(info[c] for c in state.store[seat]),
            deeds=tuple(info[c] for c in state.deeds[seat]),
        )

    def position(self, state: State) -> FinalPosition:
        return FinalPosition(
            tuple(self.final_player(state, seat) for seat in range(len(state.names))),
            final=state.over,
        )

    def result(self, state: State) -> Result:
        return evaluate(checks, scoring, self.position(state), self.game)

    def scores(self, state: State) -> tuple[int, ...]:
        return tuple(self.seat_score(state, seat) for seat in range(len(state.names)))

    def seat_score(self, state: State, seat: int) -> int:
        return player_score(self.final_player(state, seat), self.rules).total

    def record(self, state: State) -> dict[str, Any]:
        return {
            "game": GAME_ID,
            "kind": "final",
            **({} if state.over else {"final": False}),  # mid-game: what each holds so far
            "players": [
                {
                    "name": name,
                    "nuggets": state.nuggets[seat],
                    "dollars": state.dollars[seat],
                    "sheriff": state.sheriff == seat,
                    "store": list(state.store[seat]),
                    "deeds": list(state.deeds[seat]),
                }
                for seat, name in enumerate(state.names)
            ],
        }

    # -- the log notation -------------------------------------------------------------------
    def card_id(self, text: str) -> str | None:
        card = self.lookup.find(text)
        return None if card is None else card.id

    def face_label(self, text: str) -> str | None:
        return self.labels.get(text.strip().upper())

    def format_move(self, state: State, move: Move) -> str:
        return format_move(move)

    def parse_move(self, state: State, text: Any) -> Move:
        return parse_move(self, state, text)

    def format_chance(self, state: State, chance: Chance) -> tuple[str, Any]:
        return format_chance(state, chance)

    def parse_chance(self, state: State, key: str, value: Any) -> Chance:
        return parse_chance(self, state, key, value)

    def chance_due(self, state: State) -> str:
        return KEYS[state.need[0]] if state.need else self.chance_names[0]

    # -- the balance lab's view of a game ---------------------------------------------------
    def rounds(self, state: State) -> int:
        return state.rounds

    def features(self, state: State, seat: int) -> set[str]:
        """The cards a seat holds at the end or used during the game (General Store cards
        played, Doc Badluck cards picked), by deck and name: the weights #17 measures."""
        decks = {deck.id: deck.name.removesuffix(" cards") for deck in self.game.decks}
        decks["deeds"] = "deed"
        info = self.cards.info
        held = (*state.store[seat], *state.deeds[seat], *state.used[seat])
        return {f"{decks[info[c].deck]}: {info[c].name}" for c in held}

    def determinise(self, state: State, seat: int, rng: random.Random) -> State:
        """What `seat` cannot see dealt again: the other players' General Store cards (with
        the pile), and the dice in the other cups and kept in secret this roll."""
        s = state.copy()
        others = [o for o in range(len(s.names)) if o != seat]
        # cards `seat` is looking at (drawn from a hand at the Saloon) stay where they are
        seen = set(s.need[2]) if s.need and s.need[0] == "take-card" else set()
        hidden = {o: [c for c in s.store[o] if c not in seen] for o in others}
        pool = [*(c for o in others for c in hidden[o]), *s.store_pile, *s.store_under]
        playable = [c for c in pool if self.cards.power(c) != "hold-up"]  # never held
        rng.shuffle(playable)
        for o in others:
            count = len(hidden[o])
            s.store = put(
                s.store,
                o,
                tuple(sorted((*playable[:count], *(c for c in s.store[o] if c in seen)))),
            )
            playable = playable[count:]
        rest = list(pool)
        for card in (c for o in others for c in s.store[o] if c not in seen):
            rest.remove(card)
        rng.shuffle(rest)
        s.store_under = tuple(rest[: len(s.store_under)])
        s.store_pile = tuple(sorted(rest[len(s.store_under) :]))
        faces = self.moves.labels
        for o in others:
            if s.rolled[o]:
                s.rolled = put(
                    s.rolled, o, self.moves.sort_faces(rng.choice(faces) for _ in s.rolled[o])
                )
            if s.chosen[o] is not None:
                s.chosen = put(s.chosen, o, (s.rolled[o][0],))  # a free die: always legal
        return s

    # -- text for people --------------------------------------------------------------------
    def position_note(self, state: State) -> str | None:
        if state.over:
            return None
        return (
            "mid-game: the record holds what each player holds so far (`final: false`); "
            "the money on the bank and in the box, the mine, the decks and the dice are not "
            "part of it"
        )

    def describe(self, state: State) -> list[str]:
        seat = self.to_move(state)
        need = state.need
        if seat == OVER:
            head = f"game over after round {state.rounds}"
        elif seat == CHANCE:
            assert need is not None
            head = f"round {state.rounds + 1}: a `{KEYS[need[0]]}` is due"
        else:
            assert need is not None
            head = f"round {state.rounds + 1}: {state.names[seat]} must {ASKS[need[0]]}"
        lines = [
            head,
            f"mine {state.mine}, bank ${state.bank}, paid this round ${state.box}, "
            f"sheriff {state.names[state.sheriff]}",
            "deeds face up (bottom first): " + (" ".join(state.deed_display) or "none"),
            "Doc Badluck face up: " + (" ".join(state.doc_display) or "none"),
        ]
        for i, name in enumerate(state.names):
            dice = " ".join(state.kept[i])
            cup = f", {state.cups[i]} in the cup" if state.cups[i] else ""
            lines.append(
                f"{name}: ${state.dollars[i]}, {plural(state.nuggets[i], 'nugget')}, "
                f"store [{' '.join(state.store[i])}], deeds "
                f"[{' '.join(state.deeds[i])}], dice [{dice}]{cup}"
            )
        return lines
