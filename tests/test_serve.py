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

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs /usr/bin/chromium (apt-get install chromium)")

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


def start(command: list[str], **kwargs: Any) -> subprocess.Popen:
    # a session of its own, so the process and its children (the app, Chromium's helpers) end together
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
                            **kwargs)


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
        result = await self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
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
    from scorepad.store import game_paths

    ensure_demo_games()
    paths = game_paths()
    five_hundred = next(p for p in paths if "five_hundred" in p.name)
    an_hour_ago = time.time() - 3600
    for path in paths:
        if path != five_hundred:
            os.utime(path, (an_hour_ago, an_hour_ago))
    return five_hundred


async def browse(port: int, profile: Path, shot: Path, expected: list[str]) -> tuple[str, dict[str, int]]:
    import aiohttp

    deadline = time.monotonic() + TIME_LIMIT
    chromium = start([
        str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        f"--user-data-dir={profile}", "--remote-debugging-port=0", "--window-size=1280,800", "about:blank",
    ])
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
                await browser.call("Page.navigate", url=f"http://localhost:{port}/")
                await browser.screen_when(["saved games", "Demo: Five Hundred, cut-throat"], deadline)
                await browser.press_enter()
                screen = await browser.screen_when(expected, deadline)
                # two animation frames: the canvas has drawn what the buffer holds before the picture is taken
                await browser.evaluate("new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
                png = (await browser.call("Page.captureScreenshot", format="png"))["data"]
                shot.write_bytes(base64.b64decode(png))
                picture = await browser.evaluate(COUNT_COLOURS % png)
                return screen, picture
    finally:
        stop(chromium)


async def test_serve_shows_a_game_sheet_in_chromium(tmp_path, scorepad_home):
    from scorepad.games import replay_file

    game = demo_five_hundred_on_top()
    sheet, _ = replay_file(game)
    totals = "  ·  ".join(f"{sheet.side_names[s]} {sheet.totals[s]}" for s in sheet.sides)
    from scorepad.describe import describe

    # the title, the running totals and the log's first and last entries, as the game screen shows them
    first, last = (describe(sheet.entries[i], sheet.names) for i in (1, -1))
    expected = ["Five Hundred — Demo: Five Hundred, cut-throat", totals, first, last]

    port = free_port()
    env = {**os.environ, "SCOREPAD_HOME": str(scorepad_home)}
    server = start([sys.executable, "-m", "scorepad", "serve", "--port", str(port)], env=env)
    shot = tmp_path / "scorepad-serve.png"
    try:
        screen, picture = await asyncio.wait_for(browse(port, tmp_path / "chromium", shot, expected), TIME_LIMIT)
    finally:
        stop(server)

    assert "saved games" not in screen  # the game's screen, not the list
    assert shot.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert picture["width"] >= 1000 and picture["height"] >= 500
    assert picture["colours"] >= 8, f"the screenshot looks blank: {picture}"
