"""`scorepad serve` in a real headless Chromium: the page connects, the app starts, Enter opens a game.

Chromium is driven over the DevTools protocol (aiohttp, a textual-serve dependency, is the client).
textual-serve draws the terminal with xterm.js on a canvas, so the text is not in the DOM: a script
added before the page loads keeps a reference to the xterm.js `Terminal` when the page's code stores
it (as `this.terminal`), and the test reads the screen from that terminal's own buffer — the text
the browser is showing. A screenshot is saved under the test's tmp dir and checked for content.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
TIME_LIMIT = 90  # seconds for the whole browser session

needs_chromium = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="needs /usr/bin/chromium (apt-get install chromium)"
)

# Keep the page's xterm.js Terminal when textual.js assigns it (`this.terminal = new Terminal(…)`).
KEEP_TERMINAL = """
Object.defineProperty(Object.prototype, "terminal", {
  configurable: true,
  set(value) {
    Object.defineProperty(this, "terminal", {value, writable: true, configurable: true, enumerable: true});
    if (value && value.buffer && typeof value.write === "function") { window.__scorepadTerminal = value; }
  },
});
"""
READ_SCREEN = """
(() => {
  const term = window.__scorepadTerminal;
  if (!term) { return ""; }
  const buffer = term.buffer.active;
  const lines = [];
  for (let y = 0; y < term.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    lines.push(line ? line.translateToString(true) : "");
  }
  return lines.join("\\n");
})()
"""
COUNT_COLOURS = """
(async () => {
  const image = new Image();
  image.src = "data:image/png;base64,%s";
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = image.width;
  canvas.height = image.height;
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  const pixels = context.getImageData(0, 0, image.width, image.height).data;
  const colours = new Set();
  for (let i = 0; i < pixels.length; i += 4) { colours.add((pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2]); }
  return {width: image.width, height: image.height, colours: colours.size};
})()
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start(command: list[str], stdout: Any = subprocess.DEVNULL, **kwargs: Any) -> subprocess.Popen:
    # a session of its own, so the process and its children (the app, Chromium's helpers) end together
    return subprocess.Popen(
        command, stdout=stdout, stderr=subprocess.DEVNULL, start_new_session=True, **kwargs
    )


def printed_url(server: subprocess.Popen) -> str:
    """The address (with its key) that `scorepad serve` prints once it listens."""
    import re

    assert server.stdout is not None
    for line in server.stdout:
        found = re.search(r"(http://\S+/)\s*$", line)
        if found:
            return found.group(1)
    raise AssertionError("scorepad serve printed no address")


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(5)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(5)


async def wait_for_port(port: int, deadline: float) -> None:
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            await asyncio.sleep(0.1)
    raise AssertionError(f"scorepad serve did not listen on port {port}")


async def wait_for_file(path: Path, deadline: float) -> str:
    while time.monotonic() < deadline:
        if path.exists() and path.read_text().strip():
            return path.read_text()
        await asyncio.sleep(0.1)
    raise AssertionError(f"Chromium did not write {path}")


class DevTools:
    """Just enough of the DevTools protocol: commands and their results (events are dropped)."""

    def __init__(self, websocket: Any):
        self.websocket = websocket
        self.last_id = 0

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        self.last_id += 1
        await self.websocket.send_json({"id": self.last_id, "method": method, "params": params})
        while True:
            message = json.loads((await self.websocket.receive()).data)
            if message.get("id") == self.last_id:
                if "error" in message:
                    raise AssertionError(f"{method}: {message['error']}")
                return message["result"]

    async def evaluate(self, expression: str) -> Any:
        result = await self.call(
            "Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True
        )
        if "exceptionDetails" in result:
            raise AssertionError(f"page script failed: {result['exceptionDetails']}")
        return result["result"].get("value")

    async def screen_when(self, wanted: list[str], deadline: float) -> str:
        screen = ""
        while time.monotonic() < deadline:
            screen = await self.evaluate(READ_SCREEN)
            if all(text in screen for text in wanted):
                return screen
            await asyncio.sleep(0.25)
        raise AssertionError(f"the browser never showed {wanted}; its terminal shows:\n{screen}")

    async def press_enter(self) -> None:
        await self.evaluate("window.__scorepadTerminal.focus()")
        key = {"key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13, "nativeVirtualKeyCode": 13}
        await self.call("Input.dispatchKeyEvent", type="keyDown", text="\r", **key)
        await self.call("Input.dispatchKeyEvent", type="keyUp", **key)


def demo_five_hundred_on_top() -> Path:
    """The demo games, with Five Hundred the most recently played (the home screen's first row)."""
    from scorepad.demo import ensure_demo_games
    from scorepad.store.game_file import game_paths

    ensure_demo_games()
    paths = game_paths()
    five_hundred = next(p for p in paths if "five_hundred" in p.name)
    an_hour_ago = time.time() - 3600
    for path in paths:
        if path != five_hundred:
            os.utime(path, (an_hour_ago, an_hour_ago))
    return five_hundred


async def browse(
    url: str, port: int, profile: Path, shot: Path, expected: list[str]
) -> tuple[str, dict[str, int]]:
    import aiohttp

    deadline = time.monotonic() + TIME_LIMIT
    chromium = start(
        [
            str(CHROMIUM),
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            f"--user-data-dir={profile}",
            "--remote-debugging-port=0",
            "--window-size=1280,800",
            "about:blank",
        ]
    )
    try:
        devtools_port = (await wait_for_file(profile / "DevToolsActivePort", deadline)).split()[0]
        async with aiohttp.ClientSession() as session:
            async with session.get(f"http://127.0.0.1:{devtools_port}/json/list") as response:
                targets = await response.json()
            page = next(t for t in targets if t["type"] == "page")
            async with session.ws_connect(page["webSocketDebuggerUrl"], max_msg_size=0) as websocket:
                browser = DevTools(websocket)
                await browser.call("Page.enable")
                await browser.call("Page.addScriptToEvaluateOnNewDocument", source=KEEP_TERMINAL)
                await wait_for_port(port, deadline)
                await browser.call("Page.navigate", url=url)
                await browser.screen_when(["saved games", "Demo: Five Hundred, cut-throat"], deadline)
                await browser.press_enter()
                screen = await browser.screen_when(expected, deadline)
                # two animation frames: the canvas has drawn what the buffer holds before the picture is taken
                await browser.evaluate(
                    "new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"
                )
                png = (await browser.call("Page.captureScreenshot", format="png"))["data"]
                shot.write_bytes(base64.b64decode(png))
                picture = await browser.evaluate(COUNT_COLOURS % png)
                return screen, picture
    finally:
        stop(chromium)


@needs_chromium
async def test_serve_shows_a_game_sheet_in_chromium(tmp_path, scorepad_home):
    from scorepad.games import replay_file

    game = demo_five_hundred_on_top()
    sheet, _ = replay_file(game)
    totals = "  ·  ".join(f"{sheet.side_names[s]} {sheet.totals[s]}" for s in sheet.sides)
    from scorepad.text.describe import describe

    # the title, the running totals and the log's first and last entries, as the game screen shows them
    first, last = (describe(sheet.entries[i], sheet.names) for i in (1, -1))
    expected = ["Five Hundred — Demo: Five Hundred, cut-throat", totals, first, last]

    port = free_port()
    env = {**os.environ, "SCOREPAD_HOME": str(scorepad_home)}
    server = start(
        [sys.executable, "-m", "scorepad", "serve", "--port", str(port)],
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )
    shot = tmp_path / "scorepad-serve.png"
    try:
        url = printed_url(server)
        screen, picture = await asyncio.wait_for(
            browse(url, port, tmp_path / "chromium", shot, expected), TIME_LIMIT
        )
    finally:
        stop(server)

    assert "saved games" not in screen  # the game's screen, not the list
    assert shot.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert picture["width"] >= 1000 and picture["height"] >= 500
    assert picture["colours"] >= 8, f"the screenshot looks blank: {picture}"


# --------------------------------------------------------------------------- who is let in (no browser needed)

DUMMY_APP = """
import sys
sys.stdout.write("__GANGLION__\\n"); sys.stdout.flush()
seen = b""
while b'"quit"' not in seen:
    data = sys.stdin.buffer.read1(4096)
    if not data:
        break
    seen = (seen + data)[-64:]
"""


def guard_for(host: str, port: int = 8000):
    from scorepad.web.serve import Guard

    return Guard.for_host(host, port, token="k3y")


def test_guard_lets_in_only_the_served_host_and_its_own_page():
    guard = guard_for("127.0.0.1")
    assert guard.host_ok("127.0.0.1:8000") and guard.host_ok("localhost:8000") and guard.host_ok("[::1]:8000")
    assert not guard.host_ok("evil.example:8000")  # a foreign name pointed at this machine (DNS rebinding)
    assert not guard.host_ok("127.0.0.1:8001") and not guard.host_ok("")
    assert guard.origin_ok("http://127.0.0.1:8000") and guard.origin_ok("http://localhost:8000")
    for origin in (
        None,
        "",
        "null",
        "http://evil.example",
        "http://evil.example:8000",
        "https://127.0.0.1:8000",
        "http://127.0.0.1:9999",
        "http://127.0.0.1.evil.example:8000",
        "file://",
        "http://[::1",
    ):
        assert not guard.origin_ok(origin), origin
    assert (
        guard.token_ok("/k3y/") and guard.token_ok("/k3y/ws") and guard.token_ok("/k3y/static/js/textual.js")
    )
    for path in ("/", "/ws", "/k3", "/k3y0/", "/K3Y/", "/static/js/textual.js", "//k3y/"):
        assert not guard.token_ok(path), path


def test_guard_for_a_named_host_or_every_interface():
    named = guard_for("192.168.1.20")
    assert named.origin_ok("http://192.168.1.20:8000") and not named.origin_ok("http://192.168.1.21:8000")
    assert not named.host_ok("localhost:8000")
    every = guard_for("0.0.0.0")
    assert every.host_ok("192.168.1.20:8000") and every.origin_ok("http://10.0.0.7:8000")
    assert not every.host_ok("evil.example:8000") and not every.origin_ok("http://evil.example:8000")


class Served:
    """A GuardedServer running in the test's own event loop on 127.0.0.1, with its connection cap."""

    def __init__(self, command: str, sessions: int = 4, **options: Any):
        from scorepad.web.serve import Guard, GuardedServer

        self.port = free_port()
        self.guard = Guard.for_host("127.0.0.1", self.port)
        self.server = GuardedServer(
            command,
            host="127.0.0.1",
            port=self.port,
            guard=self.guard,
            sessions=sessions,
            announce=lambda: None,
            **options,
        )
        self.base = f"http://127.0.0.1:{self.port}"
        self.origin = self.base

    async def __aenter__(self) -> Served:
        await self.server.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.sessions_below(1)  # each app process is stopped and waited for before the loop closes
        await self.server.close()

    async def sessions_below(self, count: int) -> None:
        deadline = time.monotonic() + 10
        while self.server.sessions >= count:
            assert time.monotonic() < deadline, f"{self.server.sessions} sessions still open"
            await asyncio.sleep(0.05)

    @property
    def page(self) -> str:
        return f"{self.base}/{self.guard.token}/"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}/{self.guard.token}/ws?width=80&height=24"


def dummy_command() -> str:
    import shlex

    return f"{shlex.quote(sys.executable)} -c {shlex.quote(DUMMY_APP)}"


async def refused_upgrade(session, url: str, **kwargs: Any) -> int:
    import aiohttp

    try:
        async with session.ws_connect(url, **kwargs):
            return 101
    except aiohttp.WSServerHandshakeError as error:
        return error.status


async def test_the_page_and_its_websocket_need_the_token_and_the_pages_own_origin():
    import aiohttp

    async with Served(dummy_command()) as served, aiohttp.ClientSession() as session:
        async with session.get(served.page) as response:
            page = await response.text()
            assert response.status == 200
            assert response.headers["X-Frame-Options"] == "DENY"
        # the page's own code connects to the websocket under the token (textual.js adds ?width=…&height=…)
        assert f'ws://127.0.0.1:{served.port}/{served.guard.token}/ws"' in page
        # made for a tablet too, and nothing from another host: its font comes from this server
        assert 'name="viewport" content="width=device-width' in page
        assert "googleapis" not in page and "https://" not in page
        async with session.get(f"{served.page}static/fonts/RobotoMono-VariableFont_wght.ttf") as response:
            assert response.status == 200 and len(await response.read()) > 10_000
        for path in ("/", "/ws", "/static/js/textual.js", "/wrong-key/", f"/{served.guard.token[:-1]}/"):
            async with session.get(served.base + path) as response:
                assert response.status == 403, path
                assert "needs its key" in await response.text()
        async with session.get(f"{served.page}static/js/textual.js") as response:
            assert response.status == 200
        # another name for this machine (DNS rebinding): refused even with the token
        async with session.get(served.page, headers={"Host": f"evil.example:{served.port}"}) as response:
            assert response.status == 403

        assert await refused_upgrade(session, served.ws) == 403  # no Origin at all
        assert await refused_upgrade(session, served.ws, origin="http://evil.example") == 403
        assert await refused_upgrade(session, served.ws, origin=f"http://evil.example:{served.port}") == 403
        no_token = f"ws://127.0.0.1:{served.port}/ws?width=80&height=24"
        assert await refused_upgrade(session, no_token, origin=served.origin) == 403
        assert await refused_upgrade(session, served.ws, origin=served.origin) == 101


async def test_sessions_beyond_the_cap_see_a_page_saying_all_are_taken():
    import aiohttp

    async with Served(dummy_command(), sessions=2) as served, aiohttp.ClientSession() as session:
        first = await session.ws_connect(served.ws, origin=served.origin)
        second = await session.ws_connect(served.ws, origin=served.origin)
        try:
            assert await refused_upgrade(session, served.ws, origin=served.origin) == 503
            async with session.get(served.page) as response:
                assert response.status == 503
                text = await response.text()
            assert "already has 2 screens open" in text and "Close one of them" in text
        finally:
            await first.close()
        await served.sessions_below(2)  # the closed one is let go
        async with session.get(served.page) as response:
            assert response.status == 200
        third = await session.ws_connect(served.ws, origin=served.origin)
        await third.close()
        await second.close()


def run_serve(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "scorepad", "serve", *args], capture_output=True, text=True, timeout=30
    )


def test_serve_refuses_an_empty_host_and_a_bad_port():
    result = run_serve("--host", "")
    assert result.returncode == 2 and "--host needs an address" in result.stderr
    result = run_serve("--port", "70000")
    assert result.returncode == 2 and "not a port number" in result.stderr


def test_serve_help_describes_each_option():
    result = subprocess.run(
        [sys.executable, "-m", "scorepad", "serve", "--help"], capture_output=True, text=True
    )
    text = " ".join(result.stdout.split())
    for option, words in (
        ("--port", "the port to listen on"),
        ("--host", "this machine only"),
        ("--host", "everyone on that network"),
        ("--sessions", "how many browser screens"),
        ("--board", "read-only boards"),
    ):
        assert option in text and words in text, (option, words)


async def read_until(stream: asyncio.StreamReader, wanted: str, deadline: float) -> str:
    seen = ""
    while wanted not in seen:
        line = await asyncio.wait_for(stream.readline(), max(0.1, deadline - time.monotonic()))
        if not line:
            raise AssertionError(f"serve ended before printing {wanted!r}: {seen}")
        seen += line.decode()
    return seen


@pytest.mark.parametrize("host, warned", [("127.0.0.1", False), ("0.0.0.0", True)])
async def test_serve_prints_the_address_with_its_key_and_warns_beyond_this_machine(host, warned):
    import re

    port = free_port()
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "scorepad",
        "serve",
        "--host",
        host,
        "--port",
        str(port),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        text = await read_until(process.stdout, "Press Ctrl+C to stop", time.monotonic() + 30)
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        await process.wait()
    url = re.search(r"http://\S+/([\w-]{20,})/", text)
    assert url is not None, text
    assert ("can type into the score pad" in text) is warned
    assert ("Only this machine can open it" in text) is not warned
    assert "Up to 4 screens at once" in text
