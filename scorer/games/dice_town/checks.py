"""Position checks: what no real game of Dice Town can reach, each with its DT- code.

DT-01 more nuggets than the game has          DT-06 a card in the wrong pile (or a Doc Badluck
DT-02 more money than the table has                 card kept: they are used at once)
DT-03 a card listed more often than printed   DT-07 a player without five dice in a round
DT-04 face-up deeds the deck cannot show      DT-08 `final: true` with no end trigger
DT-05 not exactly one sheriff

A number of players the game does not allow is an input error, as in every game (the shared
record header); DT-09 is no longer used.
"""

from __future__ import annotations

from collections import Counter

from playtest.core.wording import plural
from playtest.scorer.games.dice_town.cards import (
    DEED_DECK,
    DOC_DECK,
    STORE_DECK,
    CardInfo,
    LoadedGame,
)
from playtest.scorer.games.dice_town.position import FinalPosition, RoundPosition
from playtest.scorer.games.dice_town.rules import Rules
from playtest.scorer.result import Violation

PILES = {"store": STORE_DECK, "deeds": DEED_DECK}
PILE_WORDS = {STORE_DECK: "a General Store card", DEED_DECK: "a property deed"}


def violations(position: FinalPosition | RoundPosition, game: LoadedGame) -> list[Violation]:
    if isinstance(position, RoundPosition):
        return check_round(position, game)
    return check_final(position, game)


def check_final(position: FinalPosition, game: LoadedGame) -> list[Violation]:
    rules: Rules = game.rules
    found: list[Violation] = []
    nuggets = sum(p.nuggets for p in position.players)
    if nuggets > rules.supply.nuggets:
        found.append(
            Violation(
                "DT-01",
                None,
                "nuggets",
                f"players hold {plural(nuggets, 'nugget')} but the game has {rules.supply.nuggets}",
            )
        )
    dollars = sum(p.dollars for p in position.players)
    found += _too_much_money(dollars, "players hold", "dollars", len(position.players), rules)
    found += _cards_listed_twice(position)
    sheriffs = [p.name for p in position.players if p.sheriff]
    if len(sheriffs) != rules.supply.sheriff_badges:
        who = (
            f"{len(sheriffs)} players ({', '.join(sheriffs)}) hold" if sheriffs else "nobody holds"
        )
        found.append(
            Violation(
                "DT-05",
                None,
                "sheriff",
                f"{who} the sheriff badge; the game has {rules.supply.sheriff_badges}",
            )
        )
    found += _wrong_piles(position)
    if position.final:
        found += _no_end_trigger(position, nuggets, game)
    return found


def check_round(position: RoundPosition, game: LoadedGame) -> list[Violation]:
    rules: Rules = game.rules
    found: list[Violation] = []
    if position.mine is not None and position.mine > rules.supply.nuggets:
        found.append(
            Violation(
                "DT-01",
                None,
                "mine",
                f"the mine holds {plural(position.mine, 'nugget')} "
                f"but the game has {rules.supply.nuggets}",
            )
        )
    found += _too_much_money(position.bank, "the bank holds", "bank", len(position.players), rules)
    if position.deeds is not None:
        found += _impossible_display(position.deeds, game)
    for player in position.players:
        if len(player.dice) != rules.dice.per_player:
            found.append(
                Violation(
                    "DT-07",
                    player.name,
                    "dice",
                    f"{plural(len(player.dice), 'die', 'dice')} "
                    f"instead of {rules.dice.per_player} (no Town Hall hand)",
                )
            )
    return found


def _too_much_money(
    dollars: int, holder: str, where: str, players: int, rules: Rules
) -> list[Violation]:
    """Money is conserved per table (each player's start and the bank's), within the box."""
    setup = rules.setup
    table = setup.table_money(players)
    if table < rules.supply.money and dollars > table:
        return [
            Violation(
                "DT-02",
                None,
                where,
                f"{holder} ${dollars} but a {players}-player "
                f"table has ${table} (${setup.starting_money} each and "
                f"${setup.bank_start} on the bank)",
            )
        ]
    if dollars > rules.supply.money:
        return [
            Violation(
                "DT-02", None, where, f"{holder} ${dollars} but the game has ${rules.supply.money}"
            )
        ]
    return []


def _cards_listed_twice(position: FinalPosition) -> list[Violation]:
    holders: dict[str, list[str]] = {}
    cards: dict[str, CardInfo] = {}
    for player in position.players:
        for card in (*player.store, *player.deeds):
            holders.setdefault(card.id, []).append(player.name)
            cards[card.id] = card
    found = []
    for card_id, names in holders.items():
        card = cards[card_id]
        if len(names) > card.copies:
            owners = sorted(set(names))
            found.append(
                Violation(
                    "DT-03",
                    owners[0] if len(owners) == 1 else None,
                    f"card {card_id}",
                    f"{card_id} ({card.name}) is listed {plural(len(names), 'time')} "
                    f"({', '.join(names)}) "
                    f"but {_copies(card.copies)} printed",
                )
            )
    return found


def _copies(count: int) -> str:
    return "1 copy is" if count == 1 else f"{count} copies are"


def _wrong_piles(position: FinalPosition) -> list[Violation]:
    found = []
    for player in position.players:
        for pile, deck in PILES.items():
            for index, card in enumerate(getattr(player, pile)):
                if card.deck == deck:
                    continue
                if card.deck == DOC_DECK:
                    why = "a Doc Badluck card is used at once and discarded, never kept"
                else:
                    why = f"it is {PILE_WORDS[card.deck]}, not {PILE_WORDS[deck]}"
                found.append(
                    Violation(
                        "DT-06", player.name, f"{pile}[{index}]", f"{card.id} ({card.name}): {why}"
                    )
                )
    return found


def _no_end_trigger(position: FinalPosition, nuggets: int, game: LoadedGame) -> list[Violation]:
    """The game ends when the mine is empty or the deed display cannot be refilled; nuggets and
    deeds never go back, so players then hold every nugget or all but a few deeds."""
    rules: Rules = game.rules
    total_deeds = len(game.catalogue.deed_values)
    held = sum(1 for p in position.players for c in (*p.store, *p.deeds) if c.deck == DEED_DECK)
    left = total_deeds - held
    if nuggets >= rules.supply.nuggets or left < rules.display.deeds:
        return []
    return [
        Violation(
            "DT-08",
            None,
            "end of game",
            f"the game is not over: the mine still holds "
            f"{rules.supply.nuggets - nuggets} of {rules.supply.nuggets} nuggets and "
            f"{plural(left, 'deed')} can still fill the {rules.display.deeds} face-up places",
        )
    ]


def _impossible_display(display: tuple[int, ...], game: LoadedGame) -> list[Violation]:
    rules: Rules = game.rules
    found = []
    if len(display) > rules.display.deeds:
        found.append(
            Violation(
                "DT-04",
                None,
                "deeds",
                f"{len(display)} face-up deeds; the Town Hall shows {rules.display.deeds}",
            )
        )
    printed = Counter(game.catalogue.deed_values)
    for value, shown in sorted(Counter(display).items()):
        if shown > printed[value]:
            found.append(
                Violation(
                    "DT-04",
                    None,
                    "deeds",
                    f"{shown} face-up deeds worth {value}; the deck has {printed[value]}",
                )
            )
    return found
