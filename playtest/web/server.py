"""`playtest serve`: start the web scorer with uvicorn; off loopback only with a token."""

from __future__ import annotations

import io
import socket
import threading
from collections.abc import Callable
from pathlib import Path

from playtest.library.loader import Library
from playtest.web.security import LOOPBACK, new_token


def lan_address() -> str:
    """The address other devices on the network reach this machine at (best guess)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # no packet is sent: this only picks a route
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def qr_text(url: str) -> str:
    import qrcode  # type: ignore[import-untyped]

    code = qrcode.QRCode(border=1)
    code.add_data(url)
    out = io.StringIO()
    code.print_ascii(out=out, invert=True)
    return out.getvalue()


def start_message(host: str, port: int, token: str | None) -> str:
    if token is None:
        return f"playtest: scoring at http://{host}:{port}/  (Ctrl+C stops)"
    shown = lan_address() if host in ("0.0.0.0", "::") else host
    url = f"http://{shown}:{port}/?token={token}"
    return (
        f"playtest: scoring at {url}\n"
        "Open it on a phone on the same network (scan the code); without the token the "
        "server answers 403.\n" + qr_text(url) + "(Ctrl+C stops)"
    )


def serve(
    library: Library, host: str, port: int, db_path: Path, echo: Callable[[str], None]
) -> None:
    import uvicorn

    from playtest.web.app import create_app

    token = None if host in LOOPBACK else new_token()
    app = create_app(library, db_path, token=token, host=host)
    config = uvicorn.Config(
        app, host=host, port=port, log_level="warning", access_log=False, server_header=False
    )
    server = uvicorn.Server(config)
    original = server.startup

    async def startup(sockets=None) -> None:  # print the address once the port is open
        await original(sockets)
        if server.started:
            echo(start_message(host, port, token))
            threading.Thread(target=app.state.ctx.warm, name="warm-up", daemon=True).start()

    server.startup = startup  # type: ignore[method-assign]
    server.run()
