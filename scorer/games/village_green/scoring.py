"""Final scores (game facts): the village card face up, visible ponds, and every visible award
on its column or row; winners by total, then most visible green cards; the solo rank."""

from __future__ import annotations

from playtest.scorer.games.village_green.award_points import award_points
from playtest.scorer.games.village_green.cards import AwardCard, LoadedGame
from playtest.scorer.games.village_green.position import Position
from playtest.scorer.games.village_green.rules import Rules
from playtest.scorer.games.village_green.tableau import Line, Tableau, visible
from playtest.scorer.interface import Scores
from playtest.scorer.mechanics.ranking import winners
from playtest.scorer.result import PlayerScore


def award_key(award: AwardCard, line_name: str) -> str:
    return f"{award.id} {award.name} ({line_name})"


def breakdown(tableau: Tableau, village_face_up: bool, rules: Rules) -> dict[str, int]:
    ponds = sum(card is not None and card.feature == "pond" for row in tableau.grid for card in row)
    out = {
        "village": rules.village_face_up_points if village_face_up else 0,
        "ponds": rules.pond_points * ponds,
    }
    lines: list[tuple[AwardCard | None, str, Line]] = [
        *((award, f"column {c + 1}", tableau.column(c)) for c, award in enumerate(tableau.top)),
        *((award, f"row {r + 1}", tableau.row(r)) for r, award in enumerate(tableau.left)),
    ]
    for award, line_name, line in lines:
        if award is not None:
            out[award_key(award, line_name)] = award_points(award.scoring, line)
    return out


def score(position: Position, game: LoadedGame) -> Scores:
    players, first = score_players(position, game.rules)
    return Scores(players=tuple(players), winners=tuple(first))


def score_players(position: Position, rules: Rules) -> tuple[list[PlayerScore], list[str]]:
    scored: list[tuple[PlayerScore, int]] = []
    for board in position.boards:
        tableau = visible(board, position.catalogue)
        parts = breakdown(tableau, board.village_face_up, rules)
        total = sum(parts.values())
        extra = {"rank": rules.solo_rank(total)} if position.variant == "solo" else {}
        scored.append(
            (PlayerScore(board.player, total, parts, extra), tableau.visible_green_cards())
        )
    first = winners(scored, keys=[lambda s: s[0].total, lambda s: s[1]], name=lambda s: s[0].name)
    return [player for player, _ in scored], first
