"""Harvest Dice as a program can play it: the round, basic and advanced sheets, every end trigger.

A state is a tuple of plain ints (the hot path of the balance lab's bots): a garden is one
bitmask of cells per vegetable (cell = row * columns + column), a die is one int
(`colour * DIE_BASE + value`). Every number comes from `rules:` in game.yaml. Scores and
checks are the scorer's own (`position` builds the record the scorer reads).

Where the write-up leaves a choice, the engine follows the playtest defaults of `rules.pig`
(docs/records.md, "Harvest Dice log"): `powers_spent` (when the die is taken, so it is then
planted or fed as changed and may be fed only when, as changed, it cannot be planted; or only
to plant it), `feed_changed_die` (whether a die changed by powers may then be fed) and
`new_power_from` (a power unlocked by feeding is usable from the next die, or next round).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from playtest.core.wording import plural
from playtest.scorer.engine import CHANCE, OVER, SetupError, check_player_count
from playtest.scorer.games.harvest_dice import checks, scoring
from playtest.scorer.games.harvest_dice.garden import Garden
from playtest.scorer.games.harvest_dice.notation import (
    DIE_BASE,
    format_dice,
    format_move,
    parse_dice,
    parse_move,
)
from playtest.scorer.games.harvest_dice.position import PlayerBoard, Position
from playtest.scorer.games.harvest_dice.rules import GAME_ID, LoadedGame, Rules
from playtest.scorer.games.harvest_dice.scoring import (
    Tally,
    complete_pig_rows,
    own_points,
    score_boxes,
)
from playtest.scorer.games.harvest_dice.state import State
from playtest.scorer.interface import evaluate
from playtest.scorer.mechanics.grid import bit_grid, bits
from playtest.scorer.mechanics.tuples import put
from playtest.scorer.result import Result, Violation

__all__ = ["CHANCE", "GAME_ID", "OVER", "Engine", "Move", "State"]

FEED = -1  # a move's cell when the die is fed to the pig

Move = tuple[int, int, int]  # (die taken, die after pig powers, cell or FEED)


def die_colour(die: int) -> int:
    return die // DIE_BASE


def die_value(die: int) -> int:
    return die % DIE_BASE


class Engine:
    chance_names = ("roll",)

    def __init__(self, game: LoadedGame) -> None:
        self.game = game
        rules: Rules = game.rules
        self.rules = rules
        self.letters = tuple(v.letter for v in rules.vegetables)
        self.veg_ids = tuple(v.id for v in rules.vegetables)
        self.faces = tuple(rules.dice.faces)
        self.lowest, self.highest = min(self.faces), max(self.faces)
        g = rules.garden
        self.rows, self.columns = g.rows, g.columns
        self.grid = bit_grid(g.rows, g.columns)
        self.full = self.grid.full
        self.adjacent = self.grid.adjacent
        first_column = sum(1 << (r * g.columns) for r in range(g.rows))
        self.column_masks = {
            face: sum(first_column << c for c, f in enumerate(g.column_faces) if f == face)
            for face in self.faces
        }
        # column masks by die value, as a list for speed (values without a column: no cells)
        self.column_list = [self.column_masks.get(v, 0) for v in range(DIE_BASE)]
        self.pig_circles = rules.pig.circles
        self.market_circles = rules.markets.circles
        self.left_over = rules.round.left_for_market
        # seat offsets from the start player, in the order the dice are taken: one die at a
        # time round the table, a seat dropping out when it has taken its share
        self.turns: dict[int, tuple[int, ...]] = {}
        for players, shares in rules.round.dice_taken.items():
            left, order = list(shares), []
            while any(left):
                for offset in range(players):
                    if left[offset]:
                        left[offset] -= 1
                        order.append(offset)
            self.turns[players] = tuple(order)
        self._finals: dict[tuple[int, int, str], tuple[tuple[int, int], ...]] = {}
        pen = rules.pig
        self.powers_when_taken = pen.powers_spent == "when_taken"
        self.feed_changed_die = pen.feed_changed_die and self.powers_when_taken
        self.powers_next_round = pen.new_power_from == "next_round"
        self._pig_rows = tuple(complete_pig_rows(c, pen) for c in range(pen.circles + 1))
        self._reach = lru_cache(maxsize=1 << 15)(self._reach_of)
        self._plant_moves: dict[tuple[int, int, int], tuple[Move, ...]] = {}
        self._gardens = lru_cache(maxsize=65536)(self._garden)
        # a seat's own total by its tally and the markets: the same few numbers come up again
        self._own_total = lru_cache(maxsize=1 << 17)(self._own_points_total)
        self._complete_rows = lru_cache(maxsize=1 << 16)(self.grid.complete_rows)

    # -- set-up and flow ------------------------------------------------------------------
    def variants(self) -> tuple[str, ...]:
        return tuple(self.rules.markets.start_crosses)

    def new_game(
        self,
        players: Sequence[str],
        variant: str | None = None,
        options: dict[str, bool] | None = None,
    ) -> State:
        variant = variant or self.variants()[0]
        if variant not in self.variants():
            raise SetupError(
                "variant",
                f"unknown variant {variant!r} (expected one of: {', '.join(self.variants())})",
            )
        check_player_count(len(players), self.turns)
        if options:
            raise SetupError(
                "options", f"unknown option {next(iter(options))!r} (Harvest Dice has none)"
            )
        n, veg = len(players), len(self.veg_ids)
        start = self.rules.markets.start_crosses[variant]  # type: ignore[index]
        return State(
            names=tuple(players),
            variant=variant,  # type: ignore[arg-type]
            start=0,
            rounds=0,
            pool=(),
            taken=0,
            gardens=((0,) * veg,) * n,
            pigs=(0,) * n,
            powers_used=(0,) * n,
            markets=(start,) * veg,
            over=False,
        )

    def players(self, state: State) -> tuple[str, ...]:
        return state.names

    def to_move(self, state: State) -> int:
        if state.over:
            return OVER
        if not state.pool:
            return CHANCE
        n = len(state.names)
        return (state.start + self.turns[n][state.taken]) % n

    def is_over(self, state: State) -> bool:
        return state.over

    # -- decisions ------------------------------------------------------------------------
    def powers_left(self, state: State, seat: int) -> int:
        """Powers unlocked and unused; with `new_power_from: next_round`, those unlocked when
        the round's dice were rolled."""
        pigs = state.round_pigs if self.powers_next_round and state.round_pigs else state.pigs
        return complete_pig_rows(pigs[seat], self.rules.pig) - state.powers_used[seat]

    def power_cost(self, variant: str, die: int, final: int) -> int | None:
        """Pig powers needed to turn `die` into `final`; None when no powers can."""
        step, powers = self.rules.pig.power_step, self.rules.pig.powers[variant]  # type: ignore[index]
        change = abs(die_value(final) - die_value(die))
        if (
            change % step
            or die_value(final) not in self.faces
            or (change and "value" not in powers)
        ):
            return None
        cost = change // step
        if die_colour(final) != die_colour(die):
            if "colour" not in powers:
                return None
            cost += 1
        return cost

    def finals(self, variant: str, die: int, powers: int) -> tuple[tuple[int, int], ...]:
        """Every die `die` can become with at most `powers` pig powers, with the cost."""
        key = (die, powers, variant)
        found = self._finals.get(key)
        if found is None:
            options = []
            for colour in range(len(self.veg_ids)):
                for face in self.faces:
                    final = colour * DIE_BASE + face
                    cost = self.power_cost(variant, die, final)
                    if cost is not None and cost <= powers:
                        options.append((final, cost))
            found = self._finals[key] = tuple(sorted(options, key=lambda o: (o[1], o[0])))
        return found

    def plant_cells(self, garden: tuple[int, ...], die: int) -> int:
        """The cells where this die may be planted, as a bitmask."""
        taken = 0
        for mask in garden:
            taken |= mask
        cells = self.column_masks.get(die_value(die), 0) & ~taken
        own = garden[die_colour(die)]
        return cells & self.adjacent(own) if own else cells

    def _reach_of(self, garden: tuple[int, ...]) -> tuple[int, ...]:
        """Per vegetable, the free cells it may grow in (next to its own kind, if any)."""
        free = self.full & ~sum(garden)  # the vegetables' masks never overlap
        return tuple(free & self.adjacent(mask) if mask else free for mask in garden)

    def legal_moves(self, state: State) -> list[Move]:
        # the bots' hot path: written out flat, the moves for a set of cells made once
        names, variant, start, _, pool, taken, gardens, pigs, used, _, over, round_pigs = state
        if over or not pool:
            return []
        n = len(names)
        seat = (start + self.turns[n][taken]) % n
        reach = self._reach(gardens[seat])
        unlocked = round_pigs if self.powers_next_round and round_pigs else pigs
        powers = self._pig_rows[unlocked[seat]] - used[seat]
        columns, made = self.column_list, self._plant_moves
        moves: list[Move] = []
        for die in dict.fromkeys(pool):
            plantable = False
            for final, _ in self.finals(variant, die, powers) if powers else ((die, 0),):
                cells = columns[final % DIE_BASE] & reach[final // DIE_BASE]
                if cells:
                    found = made.get((die, final, cells))
                    if found is None:
                        found = made[die, final, cells] = tuple(
                            (die, final, cell) for cell in bits(cells)
                        )
                    moves += found
                    plantable = True
                elif self.powers_when_taken and (final == die or self.feed_changed_die):
                    moves.append((die, final, FEED))
            if not plantable and not self.powers_when_taken:
                moves.append((die, die, FEED))  # powers only plant: fed as rolled
        return moves

    def move_problem(self, state: State, move: Move) -> Violation | None:
        die, final, cell = move
        seat = self.to_move(state)
        name = state.names[seat]
        if die not in state.pool:
            return Violation(
                "HD-10",
                name,
                "dice on the table",
                f"{self.die_text(die)} is not on the table (the dice there: "
                f"{format_dice(self, state.pool)})",
            )
        cost = self.power_cost(state.variant, die, final)
        if cost is None or cost > self.powers_left(state, seat):
            powers = self.rules.pig.powers[state.variant]
            waiting = (
                self.powers_next_round
                and state.round_pigs
                and self._pig_rows[state.pigs[seat]] > self._pig_rows[state.round_pigs[seat]]
            )
            why = (
                f"{cost} pig power{'s' * (cost != 1)} needed, {self.powers_left(state, seat)}"
                " unlocked and unused"
                + (
                    " (one unlocked this round is usable from the next "
                    "round: rules.pig.new_power_from)"
                    if waiting
                    else ""
                )
                if cost is not None
                else f"pig powers on the {state.variant} sheet change only the "
                f"{' or '.join(powers)} of a die, by {self.rules.pig.power_step}, "
                "within the faces"
            )
            return Violation(
                "HD-11",
                name,
                "pig powers",
                f"{self.die_text(die)} cannot become {self.die_text(final)}: {why}",
            )
        garden = state.gardens[seat]
        legal = self.plant_cells(garden, final)
        if cell == FEED:
            if final != die and not self.feed_changed_die:
                setting = (
                    "feed_changed_die: false"
                    if self.powers_when_taken
                    else "powers_spent: when_planted"
                )
                return Violation(
                    "HD-11",
                    name,
                    "pig powers",
                    f"{self.die_text(die)} as {self.die_text(final)}: a die changed "
                    f"by pig powers may not be fed to the pig (rules.pig.{setting})",
                )
            if legal:
                places = "; ".join(
                    f"column {column + 1}, row "
                    + " or ".join(
                        str(c // self.columns + 1)
                        for c in bits(legal)
                        if c % self.columns == column
                    )
                    for column in sorted({c % self.columns for c in bits(legal)})
                )
                return Violation(
                    "HD-13",
                    name,
                    "pig pen",
                    f"{self.die_text(final)} can be planted ({places}), so it may "
                    "not be fed to the pig",
                )
            return None if self.powers_when_taken else self._feed_as_rolled(state, seat, die)
        row, column = divmod(cell, self.columns)
        where = f"garden row {row + 1}, column {column + 1}"
        if not self.column_masks.get(die_value(final), 0) >> cell & 1:
            return Violation(
                "HD-12",
                name,
                where,
                f"column {column + 1} takes only "
                f"{self.rules.garden.column_faces[column]}s, not "
                f"{self.die_text(final)}",
            )
        if any(mask >> cell & 1 for mask in garden):
            return Violation("HD-12", name, where, "the cell is already planted")
        if not legal >> cell & 1:
            veg = self.rules.vegetables[die_colour(final)]
            return Violation(
                "HD-02",
                name,
                where,
                f"{veg.name.lower()} is not connected to the other {veg.plural.lower()}",
            )
        return None

    def _feed_as_rolled(self, state: State, seat: int, die: int) -> Violation | None:
        """With `powers_spent: when_planted` a die may be fed only when no use of the powers
        left would let it be planted."""
        for final, cost in self.finals(state.variant, die, self.powers_left(state, seat)):
            if cost and self.plant_cells(state.gardens[seat], final):
                return Violation(
                    "HD-13",
                    state.names[seat],
                    "pig pen",
                    f"{self.die_text(die)} can be planted as "
                    f"{self.die_text(final)} with pig powers, so it may not be fed "
                    "to the pig (rules.pig.powers_spent: when_planted)",
                )
        return None

    def apply(self, state: State, move: Move) -> State:
        die, final, cell = move
        (
            names,
            variant,
            start,
            rounds,
            pool_now,
            taken,
            gardens,
            pigs,
            used,
            markets,
            _,
            round_pigs,
        ) = state
        n = len(names)
        seat = (start + self.turns[n][taken]) % n
        pool = list(pool_now)
        pool.remove(die)
        if cell == FEED:
            pigs = put(pigs, seat, self._fed(pigs[seat], final))
        else:
            gardens = put(gardens, seat, self._planted_in(gardens[seat], final, cell))
        if final != die:
            cost = self.power_cost(variant, die, final)
            used = put(used, seat, used[seat] + (cost or 0))
        if len(pool) > self.left_over:
            return State(
                names,
                variant,
                start,
                rounds,
                tuple(pool),
                taken + 1,
                gardens,
                pigs,
                used,
                markets,
                False,
                round_pigs,
            )
        ended = State(
            names,
            variant,
            (start + 1) % n,
            rounds + 1,
            (),
            0,
            gardens,
            pigs,
            used,
            self._market_crosses(markets, pool),
            False,
            round_pigs,
        )
        return ended._replace(over=bool(self.end_triggers(ended)))

    def _fed(self, pig: int, die: int) -> int:
        return min(pig + die_value(die), self.pig_circles)  # pips beyond the pen are lost

    @staticmethod
    def _planted_in(garden: tuple[int, ...], die: int, cell: int) -> tuple[int, ...]:
        colour = die_colour(die)
        return put(garden, colour, garden[colour] | 1 << cell)

    def _market_crosses(self, markets: tuple[int, ...], left: list[int]) -> tuple[int, ...]:
        """The markets after a round: each die nobody took crosses a circle for everyone."""
        crossed = list(markets)
        for die in left:
            crossed[die_colour(die)] = min(crossed[die_colour(die)] + 1, self.market_circles)
        return tuple(crossed)

    def end_triggers(self, state: State) -> list[str]:
        found = []
        triggers = self.rules.end_triggers
        if "full_garden" in triggers and any(sum(g) == self.full for g in state.gardens):
            found.append("full_garden")
        if "full_pig" in triggers and any(p >= self.pig_circles for p in state.pigs):
            found.append("full_pig")
        if "full_market" in triggers and any(m >= self.market_circles for m in state.markets):
            found.append("full_market")
        return found

    # -- chance ---------------------------------------------------------------------------
    def sample_chance(self, state: State, rng: random.Random) -> tuple[int, ...]:
        per_colour = self.rules.dice.rolled_per_colour[len(state.names)]
        faces = self.faces
        return tuple(
            sorted(
                colour * DIE_BASE + rng.choice(faces)
                for colour in range(len(self.veg_ids))
                for _ in range(per_colour)
            )
        )

    def chance_problem(self, state: State, roll: tuple[int, ...]) -> str | None:
        per_colour = self.rules.dice.rolled_per_colour[len(state.names)]
        for die in roll:
            if die_value(die) not in self.faces:
                return f"{self.die_text(die)}: a die shows {self.lowest} to {self.highest}"
        for colour, letter in enumerate(self.letters):
            rolled = sum(die_colour(d) == colour for d in roll)
            if rolled != per_colour:
                return (
                    f"{plural(rolled, letter + ' die', letter + ' dice')} rolled; "
                    f"{plural(len(state.names), 'player')} roll "
                    f"{per_colour} of each colour"
                )
        return None

    def apply_chance(self, state: State, roll: tuple[int, ...]) -> State:
        return state._replace(pool=tuple(sorted(roll)), taken=0, round_pigs=state.pigs)

    # -- answers, from the scorer ---------------------------------------------------------
    def _garden(self, masks: tuple[int, ...]) -> Garden:
        return Garden.of(masks, self.grid)  # the scorer's garden is the same bitmasks

    def position(self, state: State) -> Position:
        """The typed position the checks and the scoring read, built without parsing."""
        markets = dict(zip(self.veg_ids, state.markets, strict=True))
        return Position(
            variant=state.variant,
            final=state.over,
            players=tuple(
                PlayerBoard(
                    name=name,
                    garden=self._gardens(garden),
                    pig=pig,
                    powers_used=used,
                    markets=markets,
                    own_markets=False,
                    this_round=taken,  # as the record writes it: no false HD-07 mid-round
                )
                for name, garden, pig, used, taken in zip(
                    state.names,
                    state.gardens,
                    state.pigs,
                    state.powers_used,
                    self.taken_this_round(state),
                    strict=True,
                )
            ),
        )

    def result(self, state: State) -> Result:
        return evaluate(checks, scoring, self.position(state), self.game)

    def _tally(self, garden: tuple[int, ...], pig: int) -> Tally:
        """What the scoring reads of a seat (scoring.Tally), from its bitmasks."""
        return Tally(tuple(map(int.bit_count, garden)), self._complete_rows(sum(garden)), pig)

    def tallies(self, state: State) -> list[Tally]:
        """What the scoring reads of each seat (scoring.Tally), from the bitmasks."""
        return [
            self._tally(garden, pig) for garden, pig in zip(state.gardens, state.pigs, strict=True)
        ]

    def scores(self, state: State) -> tuple[int, ...]:
        """The scorer's own score boxes (scoring.score_boxes, what `playtest score` runs)."""
        return tuple(
            sum(box.values())
            for box in score_boxes(self.tallies(state), state.markets, state.variant, self.rules)
        )

    def _own_points_total(self, player: Tally, markets: tuple[int, ...]) -> int:
        return sum(own_points(player, markets, self.rules).values())

    def seat_score(self, state: State, seat: int) -> int:
        """One seat's total (the greedy bot's question): without majorities a player's score
        is their own board's, so only its own lines are scored, by the scorer's own function
        (remembered: the same few numbers come up again and again)."""
        if state.variant in self.rules.majorities.variants:
            return self.scores(state)[seat]
        return self._own_total(self._tally(state.gardens[seat], state.pigs[seat]), state.markets)

    def move_scores(self, state: State, seat: int, moves: Sequence[Move]) -> list[int]:
        """`seat_score(apply(state, move), seat)` for each move of `seat` (the greedy bot's
        question), without making the positions: only the seat's own board and, at the end
        of a round, the markets change, as `apply` changes them."""
        if state.variant in self.rules.majorities.variants:
            return [self.seat_score(self.apply(state, move), seat) for move in moves]
        garden, pig, markets = state.gardens[seat], state.pigs[seat], state.markets
        # when the round ends, the die left over crosses a market circle: per die taken
        markets_after = (
            {die: self._market_crosses(markets, _without(state.pool, die)) for die in state.pool}
            if len(state.pool) - 1 <= self.left_over
            else dict.fromkeys(state.pool, markets)
        )
        # the seat's tally after a move, worked out from its tally now: planting adds one of
        # the die's vegetable in its cell (apply's `_planted_in`), feeding moves the pig
        planted = tuple(map(int.bit_count, garden))
        union = sum(garden)
        rows, total = self._complete_rows, self._own_total
        rows_now = rows(union)
        found = []
        for die, final, cell in moves:
            if cell == FEED:
                tally = Tally(planted, rows_now, self._fed(pig, final))
            else:
                colour = final // DIE_BASE
                tally = Tally(
                    (*planted[:colour], planted[colour] + 1, *planted[colour + 1 :]),
                    rows(union | 1 << cell),
                    pig,
                )
            found.append(total(tally, markets_after[die]))
        return found

    def record(self, state: State) -> dict[str, Any]:
        players: list[dict[str, Any]] = [
            {"name": name, "garden": self.garden_text(garden), "pig": pig, "powers_used": used}
            for name, garden, pig, used in zip(
                state.names, state.gardens, state.pigs, state.powers_used, strict=True
            )
        ]
        for player, taken in zip(players, self.taken_this_round(state), strict=True):
            if taken:  # mid-round: the dice accounting (HD-07) counts them with the rounds
                player["dice_this_round"] = taken
        return {
            "game": GAME_ID,
            "variant": state.variant,
            "final": state.over,
            "markets": dict(zip(self.veg_ids, state.markets, strict=True)),
            "players": players,
        }

    def taken_this_round(self, state: State) -> list[int]:
        """Dice each seat has taken in the round under way (none once it has ended)."""
        n = len(state.names)
        taken = [0] * n
        if not state.over:
            for turn in self.turns[n][: state.taken]:
                taken[(state.start + turn) % n] += 1
        return taken

    def garden_text(self, garden: tuple[int, ...]) -> str:
        rows = []
        for r in range(self.rows):
            cells = []
            for c in range(self.columns):
                bit = 1 << (r * self.columns + c)
                cells.append(
                    next(
                        (
                            letter
                            for letter, mask in zip(self.letters, garden, strict=True)
                            if mask & bit
                        ),
                        ".",
                    )
                )
            rows.append(" ".join(cells))
        return "\n".join(rows) + "\n"

    # -- log notation (notation.py) and text for people ------------------------------------
    def die_text(self, die: int) -> str:
        colour = die_colour(die)
        letter = self.letters[colour] if colour < len(self.letters) else "?"
        return f"{letter}{die_value(die)}"

    def format_move(self, state: State, move: Move) -> str:
        return format_move(self, move)

    def parse_move(self, state: State, text: str) -> Move:
        return parse_move(self, text)

    def format_chance(self, state: State, roll: tuple[int, ...]) -> tuple[str, str]:
        return "roll", format_dice(self, roll)

    def parse_chance(self, state: State, key: str, value: Any) -> tuple[int, ...]:
        return parse_dice(self, value)

    # -- the balance lab's view of a game ---------------------------------------------------
    def rounds(self, state: State) -> int:
        return state.rounds

    def features(self, state: State, seat: int) -> set[str]:
        """The strategies a seat followed, for the balance lab's weights: the crop it grew
        most, a pig fed to at least half its rows, pig powers used, a complete garden row."""
        garden = state.gardens[seat]
        counts = [mask.bit_count() for mask in garden]
        found = set()
        if counts.count(max(counts)) == 1:
            found.add(f"most planted: {self.veg_ids[counts.index(max(counts))]}")
        if complete_pig_rows(state.pigs[seat], self.rules.pig) * 2 >= self.rules.pig.rows:
            found.add("pig fed to half its rows or more")
        if state.powers_used[seat]:
            found.add("pig powers used")
        union = sum(garden)
        row = (1 << self.columns) - 1
        if any((union >> (r * self.columns)) & row == row for r in range(self.rows)):
            found.add("a complete garden row")
        return found

    def position_note(self, state: State) -> str | None:
        if state.pool and not state.over:
            return (
                "mid-round: a record of this position gives each player's `dice_this_round`, "
                "which the dice accounting (HD-07) counts with the rounds the markets show"
            )
        return None

    def describe(self, state: State) -> list[str]:
        seat = self.to_move(state)
        if seat == OVER:
            head = f"game over after round {state.rounds}"
        elif seat == CHANCE:
            head = f"round {state.rounds + 1}: {state.names[state.start]} rolls (start player)"
        else:
            head = (
                f"round {state.rounds + 1}: {state.names[seat]} takes a die; on the "
                f"table: {format_dice(self, state.pool)}"
            )
        lines = [
            head,
            "markets: "
            + ", ".join(f"{v} {m}" for v, m in zip(self.veg_ids, state.markets, strict=True)),
        ]
        for i, name in enumerate(state.names):
            lines.append(f"{name}: pig {state.pigs[i]}, powers used {state.powers_used[i]}")
            lines += ["  " + row for row in self.garden_text(state.gardens[i]).splitlines()]
        return lines


def _without(pool: tuple[int, ...], die: int) -> list[int]:
    rest = list(pool)
    rest.remove(die)
    return rest
