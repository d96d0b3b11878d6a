"""Any error of one request is one line in the server's log and a short 500 answer, never a
traceback, and the server goes on (issue 38, item 6). Starlette's last-resort handler answers
the request but hands the exception on, and uvicorn prints its traceback: the middleware here
catches it first, says it in one line, and answers it itself."""

from __future__ import annotations

import sys
from collections.abc import Callable

from starlette.responses import JSONResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send

from playtest.core.control_chars import escape_controls
from playtest.core.errors import exception_line
from playtest.web.security import Answer

MESSAGE = "Something went wrong on the server; the game was not changed."


def server_error(path: str, headers: dict[str, str] | None = None) -> Response:
    """The answer to a request the server failed: JSON for the API, a line of text else."""
    if path.startswith("/api/"):
        body = {"ok": False, "errors": [{"field": "", "message": MESSAGE, "text": MESSAGE}]}
        return JSONResponse(body, status_code=500, headers=headers)
    return Response(MESSAGE, status_code=500, media_type="text/plain", headers=headers)


def _to_stderr(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


class OneLineErrors:
    """ASGI middleware: an exception a request raises is said in one line (`say`) and
    answered with `server_error` when no answer has started."""

    def __init__(self, app: ASGIApp, say: Callable[[str], None] = _to_stderr) -> None:
        self.app = app
        self.say = say

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        answer = Answer(send)
        try:
            await self.app(scope, receive, answer.send)
        except Exception as exc:
            where = f"{scope.get('method', '')} {scope.get('path', '')}"
            self.say(escape_controls(f"playtest: {where}: {exception_line(exc)}"))
            if not answer.started:
                await server_error(scope.get("path", ""))(scope, receive, send)
