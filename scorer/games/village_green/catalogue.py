"""The Village Green cards the scorer knows, read from the game's decks (`cards.yaml`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from playtest.scorer.mechanics.per_game import per_game
from pydantic import ValidationError

from playtest.errors import InputError, Problems
from playtest.model.components import Deck
from playtest.model.game import Game
from playtest.model.rules.village_green import AwardScoring

GREEN_DECK = "green"
AWARD_DECK = "awards"


@dataclass(frozen=True)
class GreenCard:
    id: str
    name: str
    feature: str  # pond, structure, trees or lawn
    flower: str | None  # None on lawns
    colour: str | None
    trees: tuple[str, ...]  # species of each tree icon; empty unless a tree card
    structure: str | None  # gazebo, fountain, ... (art only)

    @property
    def is_lawn(self) -> bool:
        return self.feature == "lawn"

    def describe(self) -> str:
        return f"{self.id} ({self.name.lower()})"


@dataclass(frozen=True)
class AwardCard:
    id: str
    name: str
    scoring: AwardScoring


@dataclass(frozen=True)
class Catalogue:
    green: dict[str, GreenCard]
    awards: dict[str, AwardCard]
    copies: dict[str, int]  # physical copies of each card (its `count:`)
    by_typed: dict[str, str]  # upper-case id -> id, to read ids in any case

    def resolve(self, typed: str) -> str | None:
        """The card id a player typed, case-insensitively; None when no such card."""
        return self.by_typed.get(typed.strip().upper())

    def id_hint(self) -> str:
        return f"expected a green card {_span(self.green)} or an award {_span(self.awards)}"


def _span(ids: dict[str, Any]) -> str:
    first, *rest = list(ids)
    return f"{first}–{rest[-1]}" if rest else first


@per_game
def load_catalogue(game: Game) -> Catalogue:
    """Cards of the `green` and `awards` decks, checked for what the scorer relies on: every
    flower card has a flower and a colour, a tree card its trees, an award its scoring (the
    loader has already checked that its printed medals match it)."""
    problems = Problems()
    green: dict[str, GreenCard] = {}
    awards: dict[str, AwardCard] = {}
    copies: dict[str, int] = {}
    for card in _deck(game, GREEN_DECK).cards:
        data = card.model_extra or {}
        green[card.id] = GreenCard(
            id=card.id, name=card.name or card.id, feature=data.get("feature", ""),
            flower=data.get("flower"), colour=data.get("colour"),
            trees=tuple(data.get("trees", ())),  # species checked by the loader (tree-icons)
            structure=data.get("structure"))
        copies[card.id] = card.count
        _check_green(game, green[card.id], problems)
    for card in _deck(game, AWARD_DECK).cards:
        data = card.model_extra or {}
        try:
            scoring = AwardScoring.model_validate(data.get("scoring"))
        except ValidationError:
            _report(game, card.id, problems, "scoring", "an award needs a valid `scoring:`")
            continue
        awards[card.id] = AwardCard(id=card.id, name=card.name or card.id, scoring=scoring)
        copies[card.id] = card.count
    problems.raise_if_any()
    by_typed = {cid.upper(): cid for cid in (*green, *awards)}
    return Catalogue(green=green, awards=awards, copies=copies, by_typed=by_typed)


def _deck(game: Game, deck_id: str) -> Deck:
    deck = next((d for d in game.decks if d.id == deck_id), None)
    if deck is None:
        raise InputError.one(str(game.folder), None, "decks",
                             f"the scorer needs a deck with id {deck_id!r}")
    return deck


def _check_green(game: Game, card: GreenCard, problems: Problems) -> None:
    if card.feature not in ("pond", "structure", "trees", "lawn"):
        _report(game, card.id, problems, "feature", "needs a feature (pond, structure, trees, "
                "lawn)")
    elif card.is_lawn and (card.flower or card.colour):
        _report(game, card.id, problems, "flower", "a lawn has no flower and no colour")
    elif not card.is_lawn and not (card.flower and card.colour):
        _report(game, card.id, problems, "flower", "needs a flower and a colour")
    for feature, name in (("trees", "trees"), ("structure", "structure")):
        has_field = bool(getattr(card, name))
        if card.feature == feature and not has_field:
            _report(game, card.id, problems, name, f"a {feature} card needs `{name}:`")
        elif card.feature != feature and has_field:
            _report(game, card.id, problems, name, f"only {feature} cards have `{name}:`")


def _report(game: Game, card_id: str, problems: Problems, field: str, message: str) -> None:
    src = game.sources.get(f"card:{card_id}")
    problems.add(src.file if src else str(game.folder), src.line if src else None,
                 f"{src.field}.{field}" if src else field, f"card {card_id}: {message}")
