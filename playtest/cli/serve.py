"""`playtest serve`: the web scorer and playtest log on this machine."""

from __future__ import annotations

import socket
from pathlib import Path

import click

from playtest.cli.common import components_option, friendly_errors, plugin_warnings_at_once
from playtest.cli.log import db_option, open_log
from playtest.core.errors import InputError


@click.command("serve")
@click.option(
    "--port",
    type=click.IntRange(1, 65535),
    default=8000,
    show_default=True,
    help="Port to listen on (refused, with why, when it is taken).",
)
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on; 0.0.0.0 lets a phone on the same network in "
    "(with an access token printed at start).",
)
@db_option
@components_option
def serve_command(port: int, host: str, db_path: Path, components_dir: Path | None) -> None:
    """Score games at the table on a phone, and keep them in the playtest log.

    \b
    playtest serve                      # http://127.0.0.1:8000/ on this computer
    playtest serve --host 0.0.0.0       # a phone on the same network: scan the QR code
    """

    friendly_errors(_serve)(port, host, db_path, components_dir)


def _serve(port: int, host: str, db_path: Path, components_dir: Path | None) -> None:
    from playtest.library.loader import check_components_folder, load_library
    from playtest.web.server import serve

    library = load_library(components_dir)
    check_components_folder(library.root)  # one line now, not a traceback at warm-up
    with plugin_warnings_at_once():  # a server does not end soon: a game left out is said now
        open_log(db_path)  # a bad --db is a one-line error now, not a failed first save
        _check_port(host, port)
        serve(library, host, port, db_path, lambda text: click.echo(text, err=True))


def _check_port(host: str, port: int) -> None:
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as exc:
        raise InputError.one("playtest", None, "--host", f"{host!r}: {exc.strerror}") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as exc:
            raise InputError.one(
                "playtest", None, "--port", f"cannot listen on {host}:{port} ({exc.strerror})"
            ) from None
