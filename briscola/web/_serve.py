"""``briscola serve``: bind, print the address, and run the server."""

from __future__ import annotations

import logging
import os
import socket
import sys
from collections.abc import Sequence
from typing import TextIO

import uvicorn

from ._app import Settings, create_app
from ._safety import HostPolicy, is_loopback
from ._store import default_path

__all__ = ["serve"]


def _bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host`` and ``port`` (0: a free port)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if family == socket.AF_INET6 and host == "::":
        sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
    sock.bind((host, port))
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def bind_warning(host: str) -> str | None:
    """What to tell the user about listening on ``host``: nothing on
    loopback, a warning elsewhere.

    >>> bind_warning("127.0.0.1") is None
    True
    >>> print(bind_warning("0.0.0.0"))
    listening on 0.0.0.0, not on loopback: other machines can reach this server (an invite link works from them only so)
    """
    if is_loopback(host):
        return None
    return (
        f"listening on {host}, not on loopback: other machines can reach this server "
        "(an invite link works from them only so)"
    )


def address(host: str, port: int) -> str:
    """The page's address.

    >>> address("127.0.0.1", 8000), address("::1", 8000)
    ('http://127.0.0.1:8000/', 'http://[::1]:8000/')
    """
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def serve(
    host: str = "127.0.0.1",
    port: int = 0,
    database: str | os.PathLike[str] | None = None,
    *,
    allow_hosts: Sequence[str] = (),
    bot_delay: float = 0.6,
    max_tables: int = 500,
    out: TextIO | None = None,
) -> int:
    """Run the web table until interrupted; returns the exit status.

    Args:
        host: The address to bind (loopback by default: only this machine
            can connect).
        port: The port; 0 picks a free one.
        database: The tables' SQLite file (default: under the user's data
            folder, see :func:`default_path`).
        allow_hosts: More host names the server answers to (for a name
            that points at the machine, when bound to another address).
        bot_delay: The seconds a bot waits before moving.
        max_tables: The most tables in play at once.
        out: Where to print the address (standard output by default).
    """
    out = out or sys.stdout
    path = os.fspath(database) if database is not None else os.fspath(default_path())
    try:
        listening = _bind(host, port)
    except OSError as error:
        print(f"briscola serve: error: cannot listen on {host}:{port}: {error}", file=sys.stderr)
        return 1
    port = listening.getsockname()[1]
    warning = bind_warning(host)
    if warning is not None:
        print(f"briscola serve: warning: {warning}", file=sys.stderr)
    settings = Settings(
        database=path,
        hosts=HostPolicy.for_address(host, port, allow_hosts),
        bot_delay=bot_delay,
        max_tables=max_tables,
    )
    app = create_app(settings)
    print(f"briscola serve: {address(host, port)} (tables in {path}; Ctrl+C stops)", file=out)
    out.flush()
    logging.basicConfig(level=logging.WARNING, format="briscola serve: %(message)s")
    config = uvicorn.Config(
        app,
        access_log=False,  # the log would hold every address asked for
        log_level="warning",
        server_header=False,
        proxy_headers=False,
        ws_max_size=65536,
        # Compression costs more processor time than loopback or a home
        # network saves.
        ws_per_message_deflate=False,
        ws="websockets-sansio",
        lifespan="on",
    )
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[listening])
    except KeyboardInterrupt:
        pass
    finally:
        listening.close()
    return 0
