"""`scorepad serve`: the app (or only boards) in a web browser, let in only through this machine's own page.

textual-serve's `Server` starts one app process per websocket and accepts any page's websocket. Here it is
wrapped, not copied: its whole web app is mounted under a random token (`/<token>/`, so the page, its static
files and its websocket all need the address `serve` printed), and a middleware in front refuses requests
for another host (DNS rebinding), without the token, and websockets whose Origin is not the served page.
Simultaneous sessions are capped; a page asked for when the cap is reached says so in words.
"""

from __future__ import annotations

import asyncio
import html
import ipaddress
import secrets
import socket
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from aiohttp import web
from textual_serve.server import Server
from yarl import URL

DEFAULT_SESSIONS = 4  # the whole app: one scorekeeper, a few spare screens
DEFAULT_BOARD_SESSIONS = 8  # boards: the TV and each player's phone
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


def _page(status: int, title: str, sentence: str) -> web.Response:
    body = (
        "<!DOCTYPE html><html><head><meta charset='utf-8'><meta name='viewport' content='width=device-width'>"
        f"<title>scorepad: {html.escape(title)}</title></head>"
        "<body style='font-family: sans-serif; background: #0c181f; color: #eee; padding: 2em; font-size: 1.4em'>"
        f"<h1>{html.escape(title)}</h1><p>{html.escape(sentence)}</p></body></html>"
    )
    return web.Response(status=status, text=body, content_type="text/html", headers=PAGE_HEADERS)


class GuardedServer(Server):
    """textual-serve's Server behind the token, the Host and Origin checks, and a session cap."""

    def __init__(self, command: str, *, host: str, port: int, guard: Guard, sessions: int,
                 announce: Callable[[], None] | None = None, title: str = "scorepad"):
        self.guard = guard
        shown = this_machine_address() if host in WILDCARDS else host
        shown = f"[{shown}]" if ":" in shown else shown
        super().__init__(command, host=host, port=port, title=title, public_url=f"http://{shown}:{port}")
        self.max_sessions = sessions
        self.sessions = 0
        self.announce = announce

    @property
    def url(self) -> str:
        """The address to open: the page with its token."""
        return f"{self.public_url}/{self.guard.token}/"

    async def _make_app(self) -> web.Application:
        """The served web app: textual-serve's own (its routes, handlers and templates, unchanged), mounted
        under the token, behind the guard. `Server.serve` runs the app this returns."""
        inner = await super()._make_app()
        root = web.Application(middlewares=[self._guard_middleware])
        root.add_subapp(f"/{self.guard.token}/", inner)
        return root

    make_app = _make_app  # for running the server inside a test's event loop

    @web.middleware
    async def _guard_middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        guard = self.guard
        if not guard.host_ok(request.host):
            return _page(403, "Not this address", "This score pad answers only at the address scorepad serve printed.")
        if not guard.token_ok(request.path):
            return _page(403, "This address needs its key",
                         "Open the whole address that scorepad serve printed (or scan its QR code).")
        if request.path.endswith("/ws") and not guard.origin_ok(request.headers.get("Origin")):
            return _page(403, "Refused", "Only the score pad's own page may connect.")
        if request.path.rstrip("/") == f"/{guard.token}" and self.sessions >= self.max_sessions:
            return self.full_page()
        response = await handler(request)
        if not response.prepared:
            response.headers.update(PAGE_HEADERS)
        return response

    def full_page(self) -> web.Response:
        return _page(503, *self._full_words())

    def _full_words(self) -> tuple[str, str]:
        return ("All screens are taken",
                f"This score pad already has {self.max_sessions} screens open, as many as it serves at once. "
                "Close one of them, then reload this page.")

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        # counted here, with no await between the check and the count, so two at once cannot both take the last
        if self.sessions >= self.max_sessions:
            raise web.HTTPServiceUnavailable(text=" ".join(self._full_words()), headers=PAGE_HEADERS)
        self.sessions += 1
        try:
            return await super().handle_websocket(request)
        finally:
            self.sessions -= 1

    async def on_startup(self, app: web.Application) -> None:
        # the server starts listening only after the start-up signals: say the address once it answers
        if self.announce is not None:
            self._announcing = asyncio.ensure_future(self._announce_when_listening())

    async def _announce_when_listening(self) -> None:
        own = {"0.0.0.0": "127.0.0.1", "::": "::1"}.get(self.host, self.host)
        for _ in range(500):  # ten seconds at most
            try:
                _, writer = await asyncio.open_connection(own, self.port)
            except OSError:
                await asyncio.sleep(0.02)
                continue
            writer.close()
            break
        if self.announce is not None:
            self.announce()
