"""What the web scorer needs of each game, one small module each: the variants offered on
"new game", a blank record to start from, what the board editor picks from, and where each
violation is shown. Nothing here scores or checks: that is the scorer's, through the API.
A game's `WebGame` is the `web` part of its registration (`playtest/registry.py`)."""

from __future__ import annotations

from playtest.web.games.base import WebGame

__all__ = ["WebGame"]
