"""Who may talk to the server: the ``Host`` and ``Origin`` checks, the
security headers of every response, and the messages-per-second limit.

A page on another site cannot reach the server through the visitor's
browser: the ``Host`` header must name the address the server is bound
to (so a domain name pointed at 127.0.0.1, DNS rebinding, is refused),
and a browser's ``Origin`` must be the server's own on a WebSocket
handshake and on creating a table. Programs that are not browsers send
no ``Origin``; they still need a seat's token to play.
"""

from __future__ import annotations

import ipaddress
import time
from collections.abc import Iterable
from typing import Final

import attrs
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["HostPolicy", "Guard", "RateLimit", "is_loopback", "same_origin"]

HEADERS: Final[tuple[tuple[bytes, bytes], ...]] = (
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"cache-control", b"no-store"),
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' data:; script-src 'self'; style-src 'self'; "
        b"connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    ),
)
"""Sent with every HTTP response: no ``Referer`` leaves the page (its
address holds a seat's token in the fragment, which browsers never send,
and this keeps it so), nothing is framed, and the page loads nothing from
elsewhere."""


def is_loopback(host: str) -> bool:
    """Whether ``host`` names this machine only.

    >>> is_loopback("127.0.0.1"), is_loopback("::1"), is_loopback("0.0.0.0")
    (True, True, False)
    """
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host.strip("[]") if host.startswith("[") else host)
    except ValueError:
        return False
    return True


@attrs.frozen
class HostPolicy:
    """The ``Host`` headers the server answers.

    Build it with :meth:`for_address`. ``names`` are exact
    ``host[:port]`` values; with ``any_ip`` (a server bound to every
    address) any IP address with the server's port is also taken.

    >>> policy = HostPolicy.for_address("127.0.0.1", 8000)
    >>> policy.allows("127.0.0.1:8000"), policy.allows("localhost:8000")
    (True, True)
    >>> policy.allows("evil.example:8000"), policy.allows("127.0.0.1:8001")
    (False, False)
    """

    names: frozenset[str]
    port: int
    any_ip: bool = False

    @classmethod
    def for_address(cls, host: str, port: int, extra: Iterable[str] = ()) -> HostPolicy:
        """The policy of a server bound to ``host`` and ``port``; ``extra``
        are more host names (without the port) to answer to."""
        wildcard = host in ("0.0.0.0", "::", "")
        names = {host, *extra}
        if is_loopback(host) or wildcard:
            names |= {"127.0.0.1", "localhost", "::1"}
        bracketed = {f"[{name}]" if ":" in name else name for name in names}
        with_port = {f"{name}:{port}".lower() for name in bracketed}
        if port == 80:
            with_port |= {name.lower() for name in bracketed}
        return cls(frozenset(with_port), port, wildcard)

    def allows(self, host: str | None) -> bool:
        """Whether to answer a request whose ``Host`` header is ``host``."""
        if host is None:
            return False
        host = host.lower()
        if host in self.names:
            return True
        if not self.any_ip:
            return False
        name, _, port = host.rpartition(":")
        return port == str(self.port) and _is_ip(name)


def same_origin(headers: Headers) -> bool:
    """Whether the request's ``Origin`` (if any) is the server's own, the
    address its (checked) ``Host`` names.

    >>> same_origin(Headers({"host": "127.0.0.1:8000", "origin": "http://127.0.0.1:8000"}))
    True
    >>> same_origin(Headers({"host": "127.0.0.1:8000", "origin": "http://evil.example"}))
    False
    >>> same_origin(Headers({"host": "127.0.0.1:8000"}))
    True
    """
    origin = headers.get("origin")
    if origin is None:
        return True
    host = headers.get("host", "")
    return origin.lower() in (f"http://{host}".lower(), f"https://{host}".lower())


class Guard:
    """ASGI middleware: refuses a ``Host`` the policy does not allow, and
    adds the security headers to every HTTP response."""

    def __init__(self, app: ASGIApp, policy: HostPolicy) -> None:
        self.app = app
        self.policy = policy

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        if not self.policy.allows(Headers(scope=scope).get("host")):
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1008, "reason": "unknown host"})
                return
            body = b"unknown host: this server answers only to its own address\n"
            await send(
                {
                    "type": "http.response.start",
                    "status": 400,
                    "headers": [
                        (b"content-type", b"text/plain; charset=utf-8"),
                        (b"content-length", str(len(body)).encode()),
                        *HEADERS,
                    ],
                }
            )
            await send({"type": "http.response.body", "body": body})
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                have = {name for name, _ in message.get("headers", [])}
                message["headers"] = [
                    *message.get("headers", []),
                    *(header for header in HEADERS if header[0] not in have),
                ]
            await send(message)

        await self.app(scope, receive, send_with_headers)


class RateLimit:
    """A token bucket: ``rate`` messages a second, in bursts of up to
    ``burst``.

    >>> limit = RateLimit(rate=1.0, burst=2)
    >>> [limit.allow() for _ in range(3)]
    [True, True, False]
    """

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = burst
        self._tokens = float(burst)
        self._last = time.monotonic()

    def allow(self) -> bool:
        """Whether one more message may be taken now."""
        now = time.monotonic()
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
        self._last = now
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        return False
