"""A page asked for with its game's id in another case (`/new/My-Game`), as the command
line and records accept an id, is sent to the page's own address: one address per page, so
links, history and the browser's cache agree."""

from __future__ import annotations

import re
from urllib.parse import quote, unquote

from starlette.responses import RedirectResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from playtest.core.game_ids import canonical_id
from playtest.library.loader import Library

# the pages a person types or keeps: the game is the second segment
_PAGE = re.compile(r"^/(new|play|stats|preview)/([^/]+)(/.*)?$")


class CanonicalGameIds:
    def __init__(self, app: ASGIApp, library: Library) -> None:
        self.app = app
        self.library = library

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        match = _PAGE.match(scope["path"]) if scope["type"] == "http" else None
        if match is not None and scope["method"] in ("GET", "HEAD"):
            typed = unquote(match[2])
            game = canonical_id(typed, self.library.game_ids)
            if game is not None and game != typed:
                path = f"/{match[1]}/{quote(game)}{match[3] or ''}"
                query = scope.get("query_string", b"").decode("latin-1")
                await RedirectResponse(f"{path}?{query}" if query else path, 308)(
                    scope, receive, send
                )
                return
        await self.app(scope, receive, send)
