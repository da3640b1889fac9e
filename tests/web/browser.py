"""Headless Chromium driven over the DevTools protocol (aiohttp as the client): just enough to load a page at a
device's size, read what it shows, record every request it makes, and take a screenshot.

Events (the network's requests) are kept as they come; a command waits for its own result."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="needs chromium (apt-get install chromium)")

#: the screens of a card table: a phone held upright (touch, 3×), a tablet, a TV
SIZES = {
    "phone": {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True},
    "phone-landscape": {"width": 844, "height": 390, "deviceScaleFactor": 3, "mobile": True},
    "tablet": {"width": 768, "height": 1024, "deviceScaleFactor": 2, "mobile": True},
    "tv": {"width": 1920, "height": 1080, "deviceScaleFactor": 1, "mobile": False},
}
#: the colours each is seen in (the device's preference): the phone light, the others dark
SCHEMES = {"phone": "light", "phone-landscape": "dark", "tablet": "dark", "tv": "dark"}


class Chromium:
    """One headless Chromium and one page of it; `async with Chromium(profile) as browser:`."""

    def __init__(self, profile: Path, limit: float = 60):
        self.profile = profile
        self.limit = limit
        self.process: subprocess.Popen[bytes] | None = None
        self.requests: list[str] = []
        self.errors: list[str] = []  # the page's script errors and the browser's (a refused style or script)
        self._session: Any = None
        self._socket: Any = None
        self._reader: asyncio.Task[None] | None = None
        self._waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._last_id = 0

    async def __aenter__(self) -> Chromium:
        import aiohttp

        assert CHROMIUM is not None
        self.process = subprocess.Popen(
            [
                CHROMIUM,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-extensions",
                "--hide-scrollbars",
                f"--user-data-dir={self.profile}",
                "--remote-debugging-port=0",
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        port = await self._devtools_port()
        self._session = aiohttp.ClientSession()
        async with self._session.get(f"http://127.0.0.1:{port}/json/list") as response:
            targets = await response.json()
        page = next(t for t in targets if t["type"] == "page")
        self._socket = await self._session.ws_connect(page["webSocketDebuggerUrl"], max_msg_size=0)
        self._reader = asyncio.create_task(self._read())
        await self.call("Page.enable")
        await self.call("Network.enable")
        await self.call("Runtime.enable")
        await self.call("Log.enable")
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self._reader is not None:
            self._reader.cancel()
        if self._socket is not None:
            await self._socket.close()
        if self._session is not None:
            await self._session.close()
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(10)

    async def _devtools_port(self) -> str:
        found = self.profile / "DevToolsActivePort"
        deadline = time.monotonic() + self.limit
        while time.monotonic() < deadline:
            if found.exists() and found.read_text().strip():
                return found.read_text().split()[0]
            await asyncio.sleep(0.1)
        raise AssertionError("Chromium did not start")

    async def _read(self) -> None:
        async for message in self._socket:
            data = json.loads(message.data)
            if "id" in data:
                waiting = self._waiting.pop(data["id"], None)
                if waiting is not None and not waiting.done():
                    waiting.set_result(data)
            elif data.get("method") == "Network.requestWillBeSent":
                self.requests.append(data["params"]["request"]["url"])
            elif data.get("method") == "Runtime.exceptionThrown":
                self.errors.append(json.dumps(data["params"]["exceptionDetails"])[:500])
            elif data.get("method") == "Log.entryAdded" and data["params"]["entry"]["level"] == "error":
                self.errors.append(data["params"]["entry"]["text"])

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        self._last_id += 1
        answer = asyncio.get_running_loop().create_future()
        self._waiting[self._last_id] = answer
        await self._socket.send_json({"id": self._last_id, "method": method, "params": params})
        data = await asyncio.wait_for(answer, self.limit)
        if "error" in data:
            raise AssertionError(f"{method}: {data['error']}")
        result: dict[str, Any] = data["result"]
        return result

    async def evaluate(self, expression: str) -> Any:
        result = await self.call(
            "Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True
        )
        if "exceptionDetails" in result:
            raise AssertionError(f"page script failed: {result['exceptionDetails']}")
        return result["result"].get("value")

    async def emulate(self, size: str) -> None:
        metrics = SIZES[size]
        await self.call("Emulation.setDeviceMetricsOverride", **metrics)
        await self.call(
            "Emulation.setTouchEmulationEnabled", enabled=bool(metrics["mobile"]), maxTouchPoints=5
        )
        await self.call(
            "Emulation.setEmulatedMedia", features=[{"name": "prefers-color-scheme", "value": SCHEMES[size]}]
        )

    async def open(self, url: str) -> None:
        await self.call("Page.navigate", url=url)

    async def until(self, expression: str, limit: float, what: str) -> Any:
        """Poll `expression` in the page until it is truthy; its value."""
        deadline = time.monotonic() + limit
        while True:
            value = await self.evaluate(expression)
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"the page did not show {what} within {limit} s")
            await asyncio.sleep(0.05)

    async def screenshot(self, path: Path) -> None:
        await self.evaluate("new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
        png = (await self.call("Page.captureScreenshot", format="png"))["data"]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(png))
