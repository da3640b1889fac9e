"""`scorepad serve`: the app (or only boards) in a web browser, let in only through this machine's own page.

textual-serve's `Server` starts one app process per websocket and accepts any page's websocket. Here its web
app is wrapped, not copied: mounted under a random token (`/<token>/`, so the page, its static files and its
websocket all need the address `serve` printed), behind a middleware that refuses requests for another host
(DNS rebinding), without the token, and websockets whose Origin is not the served page. Simultaneous sessions
are capped; a page asked for when the cap is reached says so in words.

No stranger brings it down (scorepad.web.limits has the numbers): the port is bound before anything is
printed; open connections are capped and those that send no request are closed after a few seconds; each
app is told a clamped terminal size, has its memory bounded, and is ended (quit, SIGTERM, SIGKILL) when its
browser goes; and the log writes one line per problem, with nothing left to import when descriptors run out.
"""

from __future__ import annotations

import asyncio
import json
import logging
import shlex
import socket
from asyncio.subprocess import PIPE, Process
from collections.abc import Awaitable, Callable
from contextlib import suppress
from pathlib import Path

import aiohttp_jinja2
from aiohttp import WSCloseCode, WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager
from textual_serve.server import Server

from scorepad.locale import _, ngettext
from scorepad.web.guard import (
    PAGE_HEADERS,
    Guard,
    Handler,
    OneLineFormatter,
    ServeError,
    bind_or_exit,
    html_language,
    is_loopback,  # (for `scorepad serve`'s announcement)
    listen,
    listening_sockets,
    needs_its_key,
    public_url,
    refusal_page,
    serve_until_signal,
    start_logging,
)

__all__ = ["Guard", "GuardedServer", "OneLineFormatter", "ServeError", "is_loopback"]
from scorepad.web.limits import (
    APP_MEMORY,
    MEMORY_HEADROOM,
    REQUEST_TIMEOUT,
    ConnectionLimiter,
    clamp_size,
    connection_cap,
    descriptor_limit,
    limit_memory,
    resident_bytes,
)

DEFAULT_SESSIONS = 4  # the whole app: one scorekeeper, a few spare screens
TEMPLATES = Path(__file__).resolve().parent / "templates"
log = logging.getLogger("scorepad.web.serve")


# --------------------------------------------------------------------------- the page's words


def page_words() -> dict[str, str]:
    """The words of textual-serve's page (templates/app_index.html), in the language spoken: its template
    calls this at each request."""
    return {
        "lang": html_language(),
        "start": _("Start"),
        "ended": _("Session ended."),
        "restart": _("Restart"),
    }


# --------------------------------------------------------------------------- one browser's app process

QUIT_WAIT = 2.0  # seconds an app has to quit when asked, then to end on SIGTERM, before SIGKILL
STDIN_BACKLOG = 2**20  # bytes of input held for an app that reads none: beyond this, input is dropped
MEMORY_CHECK = 0.25  # seconds between looks at an app's memory


async def _ended(process: Process, within: float) -> bool:
    try:
        await asyncio.wait_for(process.wait(), within)
    except TimeoutError:
        return False
    return True


async def end_process(process: Process, grace: float = QUIT_WAIT) -> None:
    """Wait `grace` seconds for the process to end, then SIGTERM it, and SIGKILL it `grace` seconds later."""
    if process.returncode is not None or await _ended(process, grace):
        return
    with suppress(ProcessLookupError):
        process.terminate()
    if await _ended(process, grace):
        return
    with suppress(ProcessLookupError):
        process.kill()
    await _ended(process, grace)


class ServedApp(AppService):
    """textual-serve's AppService for one browser, made safe against it: the app runs without a shell (its pid
    is the app's), is told only clamped sizes, cannot grow past its memory bound, is never waited on for
    reading its input, and ends for certain when its browser goes."""

    def __init__(
        self,
        command: str,
        *,
        write_bytes: Callable[[bytes], Awaitable[None]],
        write_str: Callable[[str], Awaitable[None]],
        close: Callable[[], Awaitable[None]],
        download_manager: DownloadManager,
        debug: bool = False,
        memory: int = APP_MEMORY,
    ):
        super().__init__(
            command,
            write_bytes=write_bytes,
            write_str=write_str,
            close=close,
            download_manager=download_manager,
            debug=debug,
        )
        self.memory = memory
        self.ended_for_memory = False
        self._stopping: asyncio.Future[None] | None = None
        self._watch: asyncio.Task[None] | None = None

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Process:
        width, height = clamp_size(width, height)
        process = await asyncio.create_subprocess_exec(
            *shlex.split(self.command),
            stdin=PIPE,
            stdout=PIPE,
            stderr=PIPE,
            env=self._build_environment(width=width, height=height),
        )
        limit_memory(process.pid, self.memory + MEMORY_HEADROOM)
        assert process.stdin is not None
        self._process, self._stdin = process, process.stdin
        self._watch = asyncio.create_task(self._watch_memory(process))
        return process

    async def _watch_memory(self, process: Process) -> None:
        while process.returncode is None:
            held = resident_bytes(process.pid)
            if held is not None and held > self.memory:
                self.ended_for_memory = True
                words = _("a screen's app took more than {mib} MiB of memory and was ended")
                log.warning(words.format(mib=self.memory >> 20))
                with suppress(ProcessLookupError):
                    process.kill()
                return
            await asyncio.sleep(MEMORY_CHECK)

    def _send(self, packet: bytes) -> bool:
        # never wait on the app to read: one that reads nothing would hold this session (and its browser's
        # leaving unnoticed) for ever
        stdin = self._stdin
        if stdin is None or stdin.is_closing() or stdin.transport.get_write_buffer_size() > STDIN_BACKLOG:
            return False
        try:
            stdin.write(packet)
        except (RuntimeError, OSError):
            return False
        return True

    async def send_bytes(self, data: bytes) -> bool:
        return self._send(self.encode_packet(b"D", data))

    async def send_meta(self, data: dict[str, str | None | int | bool]) -> bool:
        return self._send(self.encode_packet(b"M", json.dumps(data).encode("utf-8")))

    async def set_terminal_size(self, width: int, height: int) -> None:
        await super().set_terminal_size(*clamp_size(width, height))

    async def run(self) -> None:
        try:
            await super().run()
        finally:
            if self._stopping is None:  # the app ended by itself (or for its memory): let its browser know
                with suppress(Exception):
                    await asyncio.wait_for(self.remote_close(), QUIT_WAIT)

    async def stop(self) -> None:
        """Ask the app to quit; SIGTERM then SIGKILL it if it does not. Safe to call again, and not undone by
        cancelling the caller (the server shutting down)."""
        if self._stopping is None:
            self._stopping = asyncio.ensure_future(self._stop())
        await asyncio.shield(self._stopping)

    async def _stop(self) -> None:
        process, task = self._process, self._task
        if task is not None:
            with suppress(Exception):
                await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)
        if process is not None:
            await self.send_meta({"type": "quit"})
            await end_process(process)
        if task is not None:
            with suppress(Exception, asyncio.CancelledError):  # its output has ended with the process
                await asyncio.wait_for(task, QUIT_WAIT)
            self._task = None
        if self._watch is not None:
            self._watch.cancel()


# --------------------------------------------------------------------------- the server

SHUTDOWN_WAIT = 10.0  # seconds for the sessions to end when serve stops (each app's own end is bounded too)


class GuardedServer(Server):
    """textual-serve's Server behind the token, the Host and Origin checks, a session cap and a connection cap."""

    def __init__(
        self,
        command: str,
        *,
        host: str,
        port: int,
        guard: Guard,
        sessions: int,
        announce: Callable[[], None] | None = None,
        title: str = "scorepad",
        app_memory: int = APP_MEMORY,
    ):
        self.guard = guard
        super().__init__(
            command,
            host=host,
            port=port,
            title=title,
            public_url=public_url(host, port),
            templates_path=TEMPLATES,  # textual-serve's page with a mobile viewport and no outside font
        )
        self.max_sessions = sessions
        self.sessions = 0
        self.announce = announce
        self.app_memory = app_memory
        self.apps: set[ServedApp] = set()
        self.limiter = ConnectionLimiter()
        self._sockets: list[socket.socket] = []
        self._listeners: list[asyncio.AbstractServer] = []
        self._runner: web.AppRunner | None = None
        self._websockets: set[web.WebSocketResponse] = set()

    @property
    def url(self) -> str:
        """The address to open: the page with its key."""
        return f"{self.public_url}/{self.guard.token}/"

    # ----------------------------------------------------------------------- running

    def initialize_logging(self) -> None:
        start_logging()

    def serve(self, debug: bool = False) -> None:
        """Bind, say where (`announce`), and serve until Ctrl+C or SIGTERM. A port in use, or a host that does
        not resolve or is not this machine's: one line on stderr and exit 2, before anything else is printed."""
        self.debug = debug
        self.initialize_logging()
        self._sockets = bind_or_exit(self.host, self.port)
        asyncio.run(serve_until_signal(self.start, self.close, self.announce))

    async def start(self) -> None:
        """Listen (binding first unless `serve` did) and answer, in the running event loop."""
        if not self._sockets:
            self._sockets = listening_sockets(self.host, self.port)
        self.limiter.cap = connection_cap(descriptor_limit(), self.max_sessions)
        # keepalive_timeout also closes a connection that has sent no complete request (aiohttp ≥ 3.10)
        self._runner = web.AppRunner(
            await self._make_app(),
            handle_signals=False,
            access_log=None,
            keepalive_timeout=REQUEST_TIMEOUT,
            shutdown_timeout=SHUTDOWN_WAIT,
        )
        self._listeners = await listen(self._runner, self._sockets, self.limiter)

    async def close(self) -> None:
        """Stop listening, end every session and its app."""
        for listener in self._listeners:
            listener.close()
        self._listeners.clear()
        if self._runner is not None:
            await self._runner.cleanup()  # on_shutdown closes the websockets: each session then ends its app
            self._runner = None
        await asyncio.gather(*(app.stop() for app in list(self.apps)), return_exceptions=True)
        for sock in self._sockets:
            sock.close()
        self._sockets.clear()

    async def on_startup(self, app: web.Application) -> None:
        """Nothing: textual-serve prints its logo here; `serve` prints the address once it listens."""

    async def on_shutdown(self, app: web.Application) -> None:
        async def going(websocket: web.WebSocketResponse) -> None:
            with suppress(Exception):
                await asyncio.wait_for(websocket.close(code=WSCloseCode.GOING_AWAY), QUIT_WAIT)

        await asyncio.gather(*(going(ws) for ws in list(self._websockets)))

    async def _make_app(self) -> web.Application:
        """The served web app: textual-serve's own (its routes, handlers and templates, unchanged), mounted
        under the token, behind the guard."""
        inner = await super()._make_app()
        aiohttp_jinja2.get_env(inner).globals["words"] = page_words  # the page's words, at each request
        root = web.Application(middlewares=[self._guard_middleware])
        root.add_subapp(f"/{self.guard.token}/", inner)
        return root

    # ----------------------------------------------------------------------- each request

    @web.middleware
    async def _guard_middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        guard = self.guard
        if not guard.host_ok(request.host):
            return refusal_page(
                403,
                _("Not this address"),
                _("This score pad answers only at the address scorepad serve printed."),
            )
        if not guard.token_ok(request.path):
            return refusal_page(403, *needs_its_key())
        if request.path.endswith("/ws") and not guard.origin_ok(request.headers.get("Origin")):
            return refusal_page(403, _("Refused"), _("Only the score pad's own page may connect."))
        if request.path.rstrip("/") == f"/{guard.token}" and self.sessions >= self.max_sessions:
            return self.fullrefusal_page()
        response = await handler(request)
        if not response.prepared:
            response.headers.update(PAGE_HEADERS)
        return response

    def fullrefusal_page(self) -> web.Response:
        return refusal_page(503, *self._full_words())

    def _full_words(self) -> tuple[str, str]:
        sentence = ngettext(
            "This score pad already has {count} screen open, as many as it serves at once. Close it, then "
            "reload this page.",
            "This score pad already has {count} screens open, as many as it serves at once. Close one of them, "
            "then reload this page.",
            self.max_sessions,
        )
        return _("All screens are taken"), sentence.format(count=self.max_sessions)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        # counted here, with no await between the check and the count, so two at once cannot both take the last
        if self.sessions >= self.max_sessions:
            raise web.HTTPServiceUnavailable(text=" ".join(self._full_words()), headers=PAGE_HEADERS)
        self.sessions += 1
        try:
            return await self._session(request)
        finally:
            self.sessions -= 1

    async def _session(self, request: web.Request) -> web.WebSocketResponse:
        """One browser's screen: textual-serve's, with its own app process (ServedApp), ended when it goes."""
        websocket = web.WebSocketResponse(heartbeat=15)
        width, height = clamp_size(request.query.get("width"), request.query.get("height"))

        async def close() -> None:
            await websocket.close()

        app = ServedApp(
            self.command,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=close,
            download_manager=self.download_manager,
            debug=self.debug,
            memory=self.app_memory,
        )
        self.apps.add(app)
        self._websockets.add(websocket)
        try:
            await websocket.prepare(request)
            await app.start(width, height)
            await self._process_messages(websocket, app)
        except web.HTTPException:  # not a websocket request at all: answered as such
            raise
        except Exception as error:  # the browser went mid-write, the app could not start …: this screen only
            log.warning(_("a screen ended early: {reason}").format(reason=error))
        finally:
            self._websockets.discard(websocket)
            await app.stop()
            self.apps.discard(app)
        return websocket

    async def _process_messages(self, websocket: web.WebSocketResponse, app_service: AppService) -> None:
        """What the browser sends: keys, sizes (clamped), pings, focus. Anything else is ignored, never an error."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
            except ValueError:
                continue
            if not isinstance(envelope, list) or not envelope:
                continue
            kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(data, str):
                await app_service.send_bytes(data.encode("utf-8", "replace"))
            elif kind == "resize" and isinstance(data, dict):
                await app_service.set_terminal_size(*clamp_size(data.get("width"), data.get("height")))
            elif kind == "ping":
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await app_service.blur()
            elif kind == "focus":
                await app_service.focus()
