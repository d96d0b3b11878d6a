"""What the web scorer needs of each game, one small module each: the variants offered on
"new game", a blank record to start from, what the board editor picks from, and where each
violation is shown. Nothing here scores or checks: that is the scorer's, through the API."""

from __future__ import annotations

from playtest.web.games.artichokes import ARTICHOKES
from playtest.web.games.base import WebGame
from playtest.web.games.dice_town import DICE_TOWN
from playtest.web.games.harvest_dice import HARVEST_DICE
from playtest.web.games.village_green import VILLAGE_GREEN

WEB_GAMES: dict[str, WebGame] = {
    g.id: g for g in (HARVEST_DICE, VILLAGE_GREEN, DICE_TOWN, ARTICHOKES)
}

__all__ = ["WEB_GAMES", "WebGame"]
