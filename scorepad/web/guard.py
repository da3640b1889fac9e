"""Who may come in to a served page, and the port it listens on: shared by `serve` (the app, through
textual-serve) and `serve --board` (scorepad's own board server).

The `Guard` is pure: the random key in the address, the host names this server answers to, the Origin of its own
page. `listening_sockets` binds before a word is printed, and says why not in words. `OneLineFormatter` writes a
problem as one line, with nothing to import (it must work when a flood has taken every descriptor).
"""

from __future__ import annotations

import asyncio
import errno
import html
import ipaddress
import logging
import secrets
import signal
import socket
import sys
from collections.abc import Awaitable, Callable
from contextlib import suppress
from dataclasses import dataclass

from aiohttp import web
from yarl import URL

from scorepad.locale import _, language
from scorepad.store.files import one_line
from scorepad.web.limits import BACKLOG, ConnectionLimiter, raise_descriptor_limit

LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
WILDCARDS = frozenset({"0.0.0.0", "::"})
PAGE_HEADERS = {
    "Referrer-Policy": "no-referrer",  # the token is in the address: never hand it on
    "X-Frame-Options": "DENY",  # no foreign page may frame the score pad and click for the user
    "Content-Security-Policy": "frame-ancestors 'none'",
    "Cache-Control": "no-store",
}

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def is_loopback(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def this_machine_address() -> str:
    """The address other devices reach this machine at (the interface of the default route).

    A UDP socket's `connect` only picks the route: no packet is sent."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere real
            return str(probe.getsockname()[0])
    except OSError:
        return socket.gethostname()


@dataclass(frozen=True)
class Guard:
    """Who may come in: the token, the host names this server answers to, and its port. Pure: no I/O."""

    token: str
    port: int
    hosts: frozenset[str]  # lower-case names or addresses, IPv6 without brackets
    any_address: bool = False  # bound to every interface: any address literal of this machine

    @classmethod
    def for_host(cls, host: str, port: int, token: str | None = None) -> Guard:
        token = token or secrets.token_urlsafe(24)
        if host in WILDCARDS:
            names = {socket.gethostname().lower(), socket.getfqdn().lower(), *LOOPBACK_NAMES}
            return cls(token, port, frozenset(names), any_address=True)
        if is_loopback(host):
            return cls(token, port, LOOPBACK_NAMES | {host.lower().strip("[]")})
        return cls(token, port, frozenset({host.lower().strip("[]")}))

    def _known(self, url: URL) -> bool:
        host = (url.host or "").lower()
        if url.port != self.port:
            return False
        return host in self.hosts or (self.any_address and _is_ip(host))

    def host_ok(self, host_header: str) -> bool:
        """The request was made for this server (not a foreign name pointed at it)."""
        try:
            return self._known(URL(f"http://{host_header}"))
        except ValueError:
            return False

    def origin_ok(self, origin: str | None) -> bool:
        """A websocket's Origin is the served page itself (browsers always send one)."""
        if not origin:
            return False
        try:
            url = URL(origin)
        except ValueError:
            return False
        return url.scheme == "http" and url.path in ("", "/") and self._known(url)

    def token_ok(self, path: str) -> bool:
        parts = path.split("/", 2)  # "/<token>/…" -> ["", token, …]
        first = parts[1] if len(parts) > 1 and parts[0] == "" else ""
        return secrets.compare_digest(first.encode(), self.token.encode())


def html_language() -> str:
    """The `lang` of a page in the language spoken: German is written as in Switzerland."""
    code = language()
    return "de-CH" if code == "de" else code


def refusal_page(status: int, title: str, sentence: str) -> web.Response:
    body = (
        f"<!DOCTYPE html><html lang='{html_language()}'><head><meta charset='utf-8'>"  # not words: HTML
        "<meta name='viewport' content='width=device-width'>"
        f"<title>scorepad: {html.escape(title)}</title></head>"
        "<body style='font-family: sans-serif; background: #0c181f; color: #eee; padding: 2em; font-size: 1.4em'>"
        f"<h1>{html.escape(title)}</h1><p>{html.escape(sentence)}</p></body></html>"
    )
    return web.Response(status=status, text=body, content_type="text/html", headers=PAGE_HEADERS)


def needs_its_key() -> tuple[str, str]:
    """The refusal of an address without its key (a title and a sentence), for `serve` and `serve --board`."""
    return (
        _("This address needs its key"),
        _("Open the whole address that scorepad serve printed (or scan its QR code)."),
    )


# --------------------------------------------------------------------------- binding, before a word is printed


class ServeError(Exception):
    """Why `serve` cannot start, in one line for the person at the keyboard."""


def _looks_like_an_address(host: str) -> bool:
    """Digits and dots (an IPv4 address) or colons (IPv6): never to be looked up as a name."""
    return ":" in host or (bool(host) and all(c.isdigit() or c == "." for c in host))


def _bind_words(host: str, port: int, error: OSError) -> str:
    if error.errno == errno.EADDRINUSE:
        other = port + 1 if port < 65535 else 8000
        return _(
            "port {port} is already in use (by another scorepad serve, or another program); try --port {other}"
        ).format(port=port, other=other)
    if error.errno == errno.EACCES:
        return _("port {port} needs administrator rights on this machine; try --port 8000").format(port=port)
    if error.errno == errno.EADDRNOTAVAIL:
        return _("--host {host} is not an address of this machine (127.0.0.1 is this machine only)").format(
            host=host
        )
    return _("cannot listen at {host} port {port}: {reason}").format(
        host=host, port=port, reason=error.strerror or error
    )


def listening_sockets(host: str, port: int) -> list[socket.socket]:
    """Sockets bound to `host`:`port` and listening (every address the host name has), or a ServeError that
    says why in words. Called before anything is printed, so a busy port never shows an address."""
    name = host.strip("[]")
    if _looks_like_an_address(name) and not _is_ip(name):
        raise ServeError(
            _("--host {host} is not an address (an address looks like 127.0.0.1 or 192.168.1.20)").format(
                host=host
            )
        )
    try:
        found = socket.getaddrinfo(name, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError, ValueError):
        raise ServeError(
            _("--host {host}: no machine of that name was found (127.0.0.1 is this machine only)").format(
                host=host
            )
        ) from None
    bound: list[socket.socket] = []
    skipped: OSError | None = None
    seen: set[tuple[int, object]] = set()
    try:
        for family, kind, proto, _name, address in found:
            if (family, address) in seen:
                continue
            seen.add((family, address))
            sock = socket.socket(family, kind, proto)
            try:
                sock.setsockopt(
                    socket.SOL_SOCKET, socket.SO_REUSEADDR, 1
                )  # as asyncio does: not a port in use
                if family == socket.AF_INET6:
                    sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
                sock.bind(address)
                sock.listen(BACKLOG)
                sock.setblocking(False)
            except OSError as error:
                sock.close()
                if error.errno in (errno.EADDRINUSE, errno.EACCES):
                    raise
                skipped = error  # this address only (::1 of "localhost" where IPv6 is off): the others may do
                continue
            bound.append(sock)
    except OSError as error:
        for sock in bound:
            sock.close()
        raise ServeError(_bind_words(host, port, error)) from None
    if not bound:
        unreachable = OSError(errno.EADDRNOTAVAIL, "no address")  # not words: never shown (its errno is)
        raise ServeError(_bind_words(host, port, skipped or unreachable))
    return bound


# --------------------------------------------------------------------------- the log: one line, nothing to import


class OneLineFormatter(logging.Formatter):
    """A problem as one line, its exception named but no traceback: formatting one needs no file and no
    import, so it still works when a flood has taken every descriptor (Rich's tracebacks import on first use)."""

    def __init__(self) -> None:
        super().__init__()
        one_line("\x1b")  # its codec loaded now: once a flood takes every descriptor, no module can be opened

    def format(self, record: logging.LogRecord) -> str:
        text = record.getMessage()
        error = record.exc_info[1] if record.exc_info else None
        if error is not None:
            text = f"{text} ({type(error).__name__}: {error})"
        return one_line(f"scorepad serve: {text}")  # not words: the command, then its line


# --------------------------------------------------------------------------- serving: what both servers do alike


def public_url(host: str, port: int) -> str:
    """The address a person opens (without its key): this machine's own address when serving on every one."""
    shown = this_machine_address() if host in WILDCARDS else host
    return f"http://[{shown}]:{port}" if ":" in shown else f"http://{shown}:{port}"


def start_logging() -> None:
    """Problems logged as one line each on stderr (`OneLineFormatter`), nothing else."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(OneLineFormatter())
    logging.basicConfig(level=logging.WARNING, handlers=[handler], force=True)


def bind_or_exit(host: str, port: int) -> list[socket.socket]:
    """The listening sockets, with room for many descriptors; a port in use, or a host that is not this machine's:
    one line on stderr and exit 2, before anything else is printed."""
    raise_descriptor_limit()  # the usual 1024 is a flood's first target
    try:
        return listening_sockets(host, port)
    except ServeError as error:
        print(one_line(f"scorepad serve: {error}"), file=sys.stderr)  # not words: the command, its line
        raise SystemExit(2) from None


async def serve_until_signal(
    start: Callable[[], Awaitable[None]],
    close: Callable[[], Awaitable[None]],
    announce: Callable[[], None] | None,
) -> None:
    """Start, say where (`announce`), and serve until Ctrl+C or SIGTERM; then close."""
    loop = asyncio.get_running_loop()
    stopped = asyncio.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with suppress(NotImplementedError):
            loop.add_signal_handler(signum, stopped.set)
    try:
        await start()
        if announce is not None:
            announce()
        await stopped.wait()
    finally:
        await close()


async def listen(
    runner: web.AppRunner, sockets: list[socket.socket], limiter: ConnectionLimiter
) -> list[asyncio.AbstractServer]:
    """The runner set up and answering on each socket, every connection counted by `limiter` first."""
    await runner.setup()
    handler = runner.server
    assert handler is not None
    loop = asyncio.get_running_loop()
    return [await loop.create_server(limiter.wrap(handler), sock=sock, backlog=BACKLOG) for sock in sockets]
