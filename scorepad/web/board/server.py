"""The board server: one aiohttp process for every board at the table, behind the same guard as `serve`.

Routes, all under the random key (`/<key>/`), all GET: the page (its words in the server's language: see
`page`), its style sheet and script (shipped in the package, read once), and `events`, the page's one update stream (Server-Sent Events: the whole state as JSON
at each change, a comment now and then so a dead connection is noticed). Nothing else: no route changes
anything. A request for another host name, without the key, or a stream asked for by another site's page (its
Origin, or the browser's Sec-Fetch-Site) is refused. The connections are capped and timed as `serve`'s are
(scorepad.web.limits), the streams are capped at `boards`, and nothing is logged but problems.
"""

from __future__ import annotations

import asyncio
import logging
import socket
from collections.abc import Callable
from contextlib import suppress
from importlib.resources import files

from aiohttp import web

from scorepad.locale import _, language, ngettext
from scorepad.web.board.feed import BoardFeed
from scorepad.web.board.page import render_page
from scorepad.web.guard import (
    PAGE_HEADERS,
    Guard,
    Handler,
    bind_or_exit,
    listen,
    listening_sockets,
    needs_its_key,
    public_url,
    refusal_page,
    serve_until_signal,
    start_logging,
)
from scorepad.web.limits import (
    REQUEST_TIMEOUT,
    ConnectionLimiter,
    connection_cap,
    descriptor_limit,
)

KEEPALIVE = 20.0  # seconds between comments on an idle stream: a phone gone to sleep is noticed and let go
RETRY_MS = 2000  # how soon a page's stream reconnects after a drop (the browser does it by itself)
SHUTDOWN_WAIT = 3.0
ASSETS = {  # path under the key -> content type: the page and everything it loads
    "": "text/html; charset=utf-8",
    "board.css": "text/css; charset=utf-8",
    "board.js": "text/javascript; charset=utf-8",
}
INDEX = "index.html"
CONTENT_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
STREAM_HEADERS = {
    "Content-Type": "text/event-stream; charset=utf-8",
    "Cache-Control": "no-store",
    "X-Accel-Buffering": "no",  # a proxy in between passes each event on at once
}
SAME_SITE = frozenset({"same-origin", "none"})  # Sec-Fetch-Site of the page's own stream, or one typed in

log = logging.getLogger("scorepad.web.board")


def read_assets() -> dict[str, bytes]:
    """The page's files, from the package (path under the key -> bytes)."""
    static = files("scorepad.web.board").joinpath("static")
    return {name: static.joinpath(name or INDEX).read_bytes() for name in ASSETS}


class BoardServer:
    """Serves the boards of `feed`'s game at `host`:`port` behind `guard`, at most `boards` streams at once."""

    def __init__(
        self,
        feed: BoardFeed,
        *,
        host: str,
        port: int,
        guard: Guard,
        boards: int,
        announce: Callable[[], None] | None = None,
    ):
        self.feed = feed
        self.host, self.port, self.guard = host, port, guard
        self.boards = boards
        self.announce = announce
        self.public_url = public_url(host, port)
        self.limiter = ConnectionLimiter(share=2)  # a room's phones may all come through one address
        self.assets = read_assets()
        self._pages: dict[str, bytes] = {}  # the page in each language it was asked in
        self._sockets: list[socket.socket] = []
        self._listeners: list[asyncio.AbstractServer] = []
        self._runner: web.AppRunner | None = None
        self._follow: asyncio.Task[None] | None = None

    @property
    def url(self) -> str:
        """The address to open: the page with its key."""
        return f"{self.public_url}/{self.guard.token}/"

    # ----------------------------------------------------------------------- running

    def serve(self) -> None:
        """Bind, say where (`announce`), and serve until Ctrl+C or SIGTERM. A port in use, or a host that is not
        this machine's: one line on stderr and exit 2, before anything else is printed."""
        start_logging()
        self._sockets = bind_or_exit(self.host, self.port)
        asyncio.run(serve_until_signal(self.start, self.close, self.announce))

    async def start(self) -> None:
        """Follow the game and listen (binding first unless `serve` did), in the running event loop."""
        if not self._sockets:
            self._sockets = listening_sockets(self.host, self.port)
        self.limiter.cap = connection_cap(descriptor_limit(), 0)
        self.feed.poll()  # the first page gets the game at once
        self._follow = asyncio.create_task(self.feed.run())
        self._runner = web.AppRunner(
            self.make_app(),
            handle_signals=False,
            access_log=None,
            keepalive_timeout=REQUEST_TIMEOUT,
            shutdown_timeout=SHUTDOWN_WAIT,
            handler_cancellation=True,  # a page that goes ends its stream at once (and the count with it)
        )
        self._listeners = await listen(self._runner, self._sockets, self.limiter)

    async def close(self) -> None:
        """Stop listening, end every stream and the following."""
        for listener in self._listeners:
            listener.close()
        self._listeners.clear()
        self.feed.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        if self._follow is not None:
            self._follow.cancel()
            with suppress(asyncio.CancelledError):
                await self._follow
            self._follow = None
        for sock in self._sockets:
            sock.close()
        self._sockets.clear()

    # ----------------------------------------------------------------------- the routes

    def make_app(self) -> web.Application:
        app = web.Application(middlewares=[self._guard_middleware])
        token = self.guard.token
        app.router.add_get(f"/{token}", self.redirect)
        app.router.add_get(f"/{token}/events", self.events, allow_head=False)
        for name in ASSETS:
            app.router.add_get(f"/{token}/{name}", self.asset)
        return app

    @web.middleware
    async def _guard_middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        guard = self.guard
        if not guard.host_ok(request.host):
            return refusal_page(
                403,
                _("Not this address"),
                _("This board answers only at the address scorepad serve printed."),
            )
        if not guard.token_ok(request.path):
            return refusal_page(403, *needs_its_key())
        try:
            response = await handler(request)
        except web.HTTPRedirection:
            raise
        except web.HTTPException as error:  # a path or a method the board has not: said plainly
            return refusal_page(
                error.status, _("Not here"), _("The board is at the address scorepad serve printed.")
            )
        if not response.prepared:
            for name, value in PAGE_HEADERS.items():
                response.headers.setdefault(name, value)  # the page's own policy stands
        return response

    async def redirect(self, request: web.Request) -> web.StreamResponse:
        raise web.HTTPPermanentRedirect(f"/{self.guard.token}/")

    async def asset(self, request: web.Request) -> web.Response:
        name = request.path.split("/", 2)[2]
        response = web.Response(body=self.page() if not name else self.assets[name])
        response.headers["Content-Type"] = ASSETS[name]
        response.headers["X-Content-Type-Options"] = "nosniff"
        if not name:
            response.headers["Content-Security-Policy"] = CONTENT_POLICY
        return response

    def page(self) -> bytes:
        """The page, its words in the language spoken."""
        code = language()
        if code not in self._pages:
            self._pages[code] = render_page(self.assets[""].decode("utf-8")).encode("utf-8")
        return self._pages[code]

    def _from_own_page(self, request: web.Request) -> bool:
        """The stream is asked for by the board's own page (or typed in), not by another site's."""
        origin = request.headers.get("Origin")
        if origin is not None and not self.guard.origin_ok(origin):
            return False
        site = request.headers.get("Sec-Fetch-Site")
        return site is None or site in SAME_SITE

    async def events(self, request: web.Request) -> web.StreamResponse:
        """The page's update stream: the state now, then each change as it comes."""
        if not self._from_own_page(request):
            return refusal_page(403, _("Refused"), _("Only the board's own page may follow the score."))
        feed = self.feed
        # counted here, with no await between the check and the count, so two at once cannot both take the last
        if feed.watching >= self.boards:
            sentence = ngettext(
                "This board already has {count} screen open, as many as it serves at once. Close it, then "
                "reload this page.",
                "This board already has {count} screens open, as many as it serves at once. Close one of them, "
                "then reload this page.",
                self.boards,
            )
            return refusal_page(503, _("All boards are taken"), sentence.format(count=self.boards))
        feed.count(+1)
        response = web.StreamResponse(headers={**PAGE_HEADERS, **STREAM_HEADERS})
        try:
            await response.prepare(request)
            seen = feed.version
            await response.write(f"retry: {RETRY_MS}\n\n".encode() + feed.event)
            while not feed.closed:
                if not await feed.changed(seen, KEEPALIVE):
                    await response.write(b": still here\n\n")
                elif not feed.closed:
                    seen = feed.version
                    await response.write(feed.event)
        except ConnectionError:  # the page went mid-write: nothing to say to anyone
            pass
        finally:
            feed.count(-1)
        return response
