"""Safe by default: an access token when the server is reachable from the network, CSRF
tokens on every form and API write, a size limit on request bodies, and the headers that
keep every page (every route, whoever adds it) from being framed, sniffed or scripted."""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Mapping
from urllib.parse import urlencode

from starlette.datastructures import URL
from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

ACCESS_COOKIE = "playtest_access"
CSRF_COOKIE = "playtest_csrf"
CSRF_HEADER = "x-csrf-token"
CSRF_FIELD = "csrf"
LOOPBACK = ("127.0.0.1", "::1", "localhost")


def new_token() -> str:
    return secrets.token_urlsafe(24)


def same(a: str | None, b: str | None) -> bool:
    return bool(a) and bool(b) and hmac.compare_digest(str(a), str(b))


class AccessGuard:
    """With a token, every request needs it: once in the URL (`?token=...`, then kept in a
    cookie), or 403. Without a token (loopback only) every request passes."""

    def __init__(self, app: ASGIApp, token: str | None) -> None:
        self.app = app
        self.token = token

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.token is None or scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        given = request.query_params.get("token")
        if same(given, self.token):
            # keep the token in a cookie and take it out of the address bar and history
            rest = [(k, v) for k, v in request.query_params.multi_items() if k != "token"]
            target = URL(scope=scope).replace(query=urlencode(rest))
            response: Response = RedirectResponse(
                str(target.path) + (f"?{target.query}" if target.query else ""), status_code=303
            )
            response.set_cookie(ACCESS_COOKIE, self.token, httponly=True, samesite="strict")
        elif same(request.cookies.get(ACCESS_COOKIE), self.token):
            await self.app(scope, receive, send)
            return
        else:
            response = PlainTextResponse(
                "403: this playtest server needs its access token: open the address with "
                "?token=... printed where it was started",
                status_code=403,
            )
        await response(scope, receive, send)


# Scripts only from this server's own files (no inline script, no eval): a name that slips
# into a page cannot run. Styles may be inline: the kit's SVG pictures and the plots carry
# their own <style>. Nothing is framed, nothing is sent to another site.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
SECURITY_HEADERS = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
)


class SecurityHeaders:
    """Every response, error pages included, carries SECURITY_HEADERS."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {k.lower() for k, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in SECURITY_HEADERS if k not in names]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, with_headers)


class BodyLimit:
    """Refuse request bodies above `limit` bytes with 413, by the declared length or by
    counting as they arrive (a client may send no length). `larger`: the paths (by prefix)
    that take more, and how much (a photo to read)."""

    def __init__(self, app: ASGIApp, limit: int, larger: Mapping[str, int] | None = None) -> None:
        self.app = app
        self.limit = limit
        self.larger = dict(larger or {})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = str(scope.get("path", ""))
        limit = next((n for p, n in self.larger.items() if path.startswith(p)), self.limit)
        declared = dict(scope.get("headers") or []).get(b"content-length")
        too_big = PlainTextResponse(f"413: request body over {limit:,} bytes", status_code=413)
        if declared is not None and (not declared.isdigit() or int(declared) > limit):
            await too_big(scope, receive, send)
            return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    raise BodyTooLarge
            return message

        answer = Answer(send)
        try:
            await self.app(scope, counted, answer.send)
        except BodyTooLarge:
            if not answer.started:
                await too_big(scope, receive, send)


class Answer:
    """A request's `send`, noting whether its answer has started: after that, no other answer
    can be sent in its place."""

    def __init__(self, send: Send) -> None:
        self._send = send
        self.started = False

    async def send(self, message: Message) -> None:
        self.started = self.started or message["type"] == "http.response.start"
        await self._send(message)


class BodyTooLarge(Exception):
    pass


def csrf_token(request: Request) -> str:
    """This browser's CSRF token (made on its first page, kept in a cookie)."""
    token = request.cookies.get(CSRF_COOKIE) or getattr(request.state, "new_csrf", None)
    if not token:
        token = new_token()
        request.state.new_csrf = token
    return token


def set_csrf_cookie(request: Request, response: Response) -> Response:
    token = getattr(request.state, "new_csrf", None)
    if token:
        response.set_cookie(CSRF_COOKIE, token, httponly=True, samesite="strict")
    return response


def csrf_ok(request: Request, submitted: str | None) -> bool:
    """A write is genuine when it carries the token of the cookie this site set (a page of
    another site can neither read the cookie nor send it: SameSite=Strict)."""
    return same(request.cookies.get(CSRF_COOKIE), submitted)
