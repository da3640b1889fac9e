"""What a stranger's browser may cost `scorepad serve`: descriptors, connections, terminal sizes, app memory.

Pure asyncio and the standard library (no aiohttp, no Textual), so each limit is tested on its own.
"""

from __future__ import annotations

import asyncio
import math
import os
import resource
from collections.abc import Callable
from functools import cache

from scorepad.locale import _, language

# A terminal a browser may ask for: wide enough for a TV at a small font, small enough that no app is asked to
# draw millions of cells (100000×100000 spun a core and grew without bound).
MAX_COLUMNS, MAX_ROWS = 500, 200
MIN_COLUMNS, MIN_ROWS = 20, 5
DEFAULT_COLUMNS, DEFAULT_ROWS = 80, 24

MAX_CONNECTIONS = 512  # open at once, whatever the descriptor limit: far more than a card table needs
BACKLOG = (
    100  # connections asyncio may accept in one go before any is refused: each holds a descriptor briefly
)
RESERVED_DESCRIPTORS = 64  # standard streams, the event loop, listening sockets, templates and static files
DESCRIPTORS_PER_SESSION = 8  # a session's websocket, its app's three pipes, the child watcher and spare
REQUEST_TIMEOUT = 5.0  # seconds a connection may stay open without a complete request

APP_MEMORY = 400 * 2**20  # a served app resident beyond this is ended
MEMORY_HEADROOM = 64 * 2**20  # and it cannot take more than this beyond it at all (RLIMIT_DATA)
BUSY_STATUS = "HTTP/1.1 503 Service Unavailable"  # not words: HTTP's own, in every language


def busy_text() -> str:
    return _("This score pad is busy: too many connections are open at once. Try again in a moment.")


def busy_response() -> bytes:
    """The whole answer to a connection beyond the cap, in the language spoken (made once per language: a
    flood is answered without a lookup)."""
    return _busy_response(language())


@cache
def _busy_response(code: str) -> bytes:
    text = busy_text().encode()
    head = (
        f"{BUSY_STATUS}\r\nContent-Type: text/plain; charset=utf-8\r\nRetry-After: 10\r\n"  # not words: HTTP
        f"Connection: close\r\nContent-Length: {len(text)}\r\n\r\n"
    )
    return head.encode() + text


def _cells(value: object, default: int, low: int, high: int) -> int:
    """A count of columns or rows from whatever a browser sent: a number (or its text), else the default."""
    if isinstance(value, bool):
        number: float = default
    elif isinstance(value, int | float):
        number = value
    elif isinstance(value, str):
        try:
            number = float(value.strip()[:16])  # a digit string of any length never reaches int()
        except ValueError:
            number = default
    else:
        number = default
    if math.isnan(number):
        number = default
    return int(min(max(number, low), high))


def clamp_size(width: object, height: object) -> tuple[int, int]:
    """The terminal size an app is told, from what a browser asked: within MIN..MAX columns and rows."""
    return (
        _cells(width, DEFAULT_COLUMNS, MIN_COLUMNS, MAX_COLUMNS),
        _cells(height, DEFAULT_ROWS, MIN_ROWS, MAX_ROWS),
    )


# --------------------------------------------------------------------------- descriptors and connections


def descriptor_limit() -> int:
    """How many files this process may have open (its soft limit)."""
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return soft if soft != resource.RLIM_INFINITY else 65536


def raise_descriptor_limit() -> int:
    """Raise this process's soft limit on open files to its hard limit; the soft limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
    if soft == resource.RLIM_INFINITY or soft >= wanted:
        return soft if soft != resource.RLIM_INFINITY else wanted
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    except (ValueError, OSError):  # some systems refuse their own hard limit (macOS): keep what we have
        return soft
    return wanted


def connection_cap(descriptors: int, sessions: int) -> int:
    """How many connections may be open at once: what the descriptors leave after the server's own, the
    connections being accepted and every session's app, and never more than MAX_CONNECTIONS."""
    spare = descriptors - RESERVED_DESCRIPTORS - BACKLOG - DESCRIPTORS_PER_SESSION * sessions
    return max(16, min(MAX_CONNECTIONS, spare))


class ConnectionLimiter:
    """Counts the open connections: one beyond the cap, or beyond a `share` of it from one address (a quarter:
    one stranger's flood leaves room for the table's own screens), is answered 503 and closed at once, before
    any parsing; one let in that has not sent a whole request within `request_timeout` seconds is closed."""

    def __init__(self, cap: int = MAX_CONNECTIONS, request_timeout: float = REQUEST_TIMEOUT, share: int = 4):
        self.cap = cap
        self.request_timeout = request_timeout
        self.share = share  # one address may hold 1/share of the cap
        self.open = 0
        self.by_address: dict[str, int] = {}
        self.refused = 0
        self.timed_out = 0

    @property
    def per_address(self) -> int:
        return max(8, self.cap // self.share)  # a browser opens six at most, plus one per screen

    def admit(self, address: str) -> bool:
        """Count a connection from `address` in, if there is room for it."""
        held = self.by_address.get(address, 0)
        if self.open >= self.cap or held >= self.per_address:
            self.refused += 1
            return False
        self.open += 1
        self.by_address[address] = held + 1
        return True

    def release(self, address: str) -> None:
        self.open -= 1
        held = self.by_address.pop(address, 1) - 1
        if held > 0:
            self.by_address[address] = held

    def wrap(self, factory: Callable[[], asyncio.Protocol]) -> Callable[[], asyncio.Protocol]:
        """A protocol factory for `loop.create_server`: `factory`'s protocols, counted, capped and timed."""
        return lambda: _Counted(self, factory)


class _Counted(asyncio.Protocol):
    """Hands everything to the inner protocol (aiohttp's request handler), made only once the connection is let
    in. The first request's deadline is kept here, whatever aiohttp's version does about it; the web app's
    keep-alive timeout closes a connection idle after that."""

    def __init__(self, limiter: ConnectionLimiter, factory: Callable[[], asyncio.Protocol]):
        self._limiter = limiter
        self._factory = factory
        self._inner: asyncio.Protocol | None = None
        self._transport: asyncio.BaseTransport | None = None
        self._deadline: asyncio.TimerHandle | None = None
        self._tail = b""  # the last bytes seen before the end of the first request's head
        self._address = ""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        limiter = self._limiter
        peer = transport.get_extra_info("peername")
        self._address = str(peer[0]) if isinstance(peer, tuple) and peer else ""
        if not limiter.admit(self._address):
            if isinstance(transport, asyncio.WriteTransport):
                transport.write(busy_response())
            transport.close()  # its descriptor goes on the loop's next turn
            return
        self._transport = transport
        self._deadline = asyncio.get_running_loop().call_later(limiter.request_timeout, self._no_request)
        self._inner = self._factory()
        self._inner.connection_made(transport)

    def _no_request(self) -> None:
        self._deadline = None
        if self._inner is not None and self._transport is not None:
            self._limiter.timed_out += 1
            self._transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        inner, self._inner = self._inner, None
        self._transport = None
        if inner is not None:
            self._limiter.release(self._address)
            inner.connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._deadline is not None:
            seen = self._tail + data
            if b"\r\n\r\n" in seen:  # the request's head is whole: the web app takes it from here
                self._deadline.cancel()
                self._deadline = None
            self._tail = seen[-3:]
        if self._inner is not None:
            self._inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self._inner.eof_received() if self._inner is not None else None

    def pause_writing(self) -> None:
        if self._inner is not None:
            self._inner.pause_writing()

    def resume_writing(self) -> None:
        if self._inner is not None:
            self._inner.resume_writing()


# --------------------------------------------------------------------------- an app process's memory


def limit_memory(pid: int, limit: int) -> None:
    """Cap a child's data (heap and private mappings) from outside, right after it starts: no pre-exec hook,
    which is unsafe in a process with threads. Linux only; elsewhere the RSS watch alone holds the bound."""
    prlimit = getattr(resource, "prlimit", None)
    if prlimit is None:
        return
    try:
        prlimit(pid, resource.RLIMIT_DATA, (limit, limit))
    except (OSError, ValueError):  # already gone, or a system that refuses: the watch still ends it
        pass


_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def resident_bytes(pid: int) -> int | None:
    """How much memory a process holds (its resident set), or None where /proc cannot tell."""
    try:
        with open(f"/proc/{pid}/statm", "rb") as statm:
            return int(statm.read().split()[1]) * _PAGE
    except (OSError, ValueError, IndexError):
        return None
