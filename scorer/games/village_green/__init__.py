"""Village Green scorer: reads a record (records.md), checks VG-01..VG-06 and scores it.

Small files: `catalogue` (the cards, from cards.yaml), `record` (the record's schema),
`tableau` (what is visible), `award_points` (the award vocabulary evaluated), `checks` and
`scoring`.
"""

from __future__ import annotations

from playtest.scorer.games.village_green.catalogue import load_catalogue
from playtest.scorer.games.village_green.checks import check_record
from playtest.scorer.games.village_green.record import Record, read_record
from playtest.scorer.games.village_green.scoring import score_players
from playtest.scorer.result import Result

from playtest.model.game import Game
from playtest.yamlsource import Document

GAME_ID = "village-green"


class Scorer:
    def parse(self, doc: Document, game: Game) -> Record:
        return read_record(doc, game, load_catalogue(game))

    def evaluate(self, record: Record, game: Game) -> Result:
        players, first = score_players(record, game.rules)
        return Result(game=GAME_ID, variant=record.variant,
                      violations=tuple(check_record(record)), players=tuple(players),
                      winners=tuple(first))
