"""The web board's figures, for `python benchmarks/bench_board.py --web` (see its docstring). Prints; asserts
nothing."""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench_board import cpu_seconds
from tables import jass

OPENING = 120  # entries in the game when the boards open (a long evening's first hour)
CHROMIUM = shutil.which("chromium")
MiB = 2**20

# kept by the page as it loads: when its first total is on screen
FIRST_FIGURE = """
new MutationObserver((_, observer) => {
  if (document.querySelector("#scores .total")) { window.firstFigure = performance.now(); observer.disconnect(); }
}).observe(document, {childList: true, subtree: true});
"""


def resident(pid: int) -> tuple[int, int]:
    """(resident now, its peak) in bytes, from /proc."""
    found = dict(
        line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines() if ":" in line
    )
    return int(found["VmRSS"].split()[0]) * 1024, int(found["VmHWM"].split()[0]) * 1024


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


async def page_load(url: str, rounds: int = 20) -> list[float]:
    """Seconds to fetch the page, its style sheet and its script, one after the other (a fresh connection)."""
    import aiohttp

    times = []
    for _ in range(rounds):
        async with aiohttp.ClientSession() as session:
            start = time.perf_counter()
            for path in ("", "board.css", "board.js"):
                async with session.get(url + path) as response:
                    await response.read()
                    assert response.status == 200, (path, response.status)
            times.append(time.perf_counter() - start)
    return times


async def first_figure(url: str, rounds: int = 5) -> list[float]:
    """Seconds from navigation to the first total on screen, in headless Chromium (a new profile each time)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from tests.web.browser import Chromium

    times = []
    for _ in range(rounds):
        with tempfile.TemporaryDirectory() as profile:
            async with Chromium(Path(profile)) as browser:
                await browser.emulate("phone")
                await browser.call("Page.addScriptToEvaluateOnNewDocument", source=FIRST_FIGURE)
                await browser.open(url)
                shown = await browser.until("window.firstFigure", 30, "the first total")
                times.append(shown / 1000)
    return times


class Streams:
    """`count` update streams, each reading events as the page's EventSource does: when each saw each version."""

    def __init__(self, url: str, count: int):
        self.url = url + "events"
        self.count = count
        self.seen: list[dict[int, float]] = [{} for _ in range(count)]
        self.tasks: list[asyncio.Task[None]] = []
        self.session: Any = None

    async def open(self) -> None:
        import aiohttp

        self.session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0))
        self.tasks = [asyncio.create_task(self._read(i)) for i in range(self.count)]

    async def _read(self, index: int) -> None:
        async with self.session.get(self.url, timeout=None) as response:
            assert response.status == 200, response.status
            async for line in response.content:
                if line.startswith(b"id: "):
                    self.seen[index][int(line[4:])] = time.perf_counter()

    async def all_have(self, version: int, limit: float = 30) -> None:
        deadline = time.monotonic() + limit
        while not all(version in seen for seen in self.seen):
            assert time.monotonic() < deadline, f"version {version} never reached every stream"
            await asyncio.sleep(0.01)

    async def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        await self.session.close()


def append(path: Path, line: str) -> float:
    """Append one entry as the app does (one line, synced); the moment it is on disk."""
    with path.open("a", encoding="utf-8") as file:
        file.write(line + "\n")
        file.flush()
        os.fsync(file.fileno())
    return time.perf_counter()


async def web_figures(streams: int, changes: int, idle_seconds: float) -> None:
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "SCOREPAD_HOME": home}
        games = Path(home) / "games"
        games.mkdir()
        lines = jass(OPENING + 4 * changes + 40).text().splitlines()
        path = games / "2026-12-07-2000-jass-bench0001.jsonl"
        path.write_text("\n".join(lines[: OPENING + 1]) + "\n", encoding="utf-8")
        coming = iter(lines[OPENING + 1 :])
        port = free_port()
        server = subprocess.Popen(
            [sys.executable, "-m", "scorepad", "serve", "--board", str(path), "--port", str(port)],
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            start_new_session=True,
        )
        try:
            assert server.stdout is not None
            printed = ""
            while "Press Ctrl+C to stop" not in printed:
                printed += server.stdout.readline()
            found = re.search(r"(http://\S+/)\s*$", printed, re.M)
            assert found is not None, printed
            url = found.group(1)
            await asyncio.sleep(1)
            print(
                f"web board: a Jass game of {OPENING} entries, served by `scorepad serve --board FILE` (pid {server.pid})"
            )
            idle_rss, _ = resident(server.pid)
            print(f"  memory, no board open: {idle_rss / MiB:.1f} MiB resident")
            loads = await page_load(url)
            print(
                f"  page load (page + style sheet + script, {sum(len(b) for b in await _sizes(url))} bytes): "
                f"median {ms(statistics.median(loads))}, slowest {ms(max(loads))} over {len(loads)}"
            )
            if CHROMIUM:
                firsts = await first_figure(url)
                print(
                    f"  time to first figure (Chromium as a phone, navigation to the first total): "
                    f"median {ms(statistics.median(firsts))}, slowest {ms(max(firsts))} over {len(firsts)}"
                )
            else:
                print("  time to first figure: no chromium here, not measured")

            board = Streams(url, streams)
            start = time.perf_counter()
            await board.open()
            await board.all_have(1)
            print(f"  {streams} streams open, each with the state: {ms(time.perf_counter() - start)}")
            await asyncio.sleep(1)
            rss, _ = resident(server.pid)
            print(f"  memory, {streams} boards open: {rss / MiB:.1f} MiB resident")

            latencies: list[float] = []
            slowest: list[float] = []
            version = 1
            pause = random.Random(7)  # changes at no fixed step from the server's look at the file
            for _ in range(changes):
                written = append(path, next(coming))
                version += 1
                await board.all_have(version)
                arrived = [seen[version] - written for seen in board.seen]
                latencies += arrived
                slowest.append(max(arrived))
                await asyncio.sleep(pause.uniform(0.3, 0.8))
            latencies.sort()
            print(
                f"  fan-out, {changes} changes to {streams} streams (file written → event received): median "
                f"{ms(statistics.median(latencies))}, 95th percentile {ms(latencies[int(len(latencies) * 0.95)])}, "
                f"slowest {ms(max(latencies))}; each change's last stream: "
                + ", ".join(ms(s) for s in slowest)
            )
            cpu_before, wall_before = cpu_seconds(server.pid), time.monotonic()
            await asyncio.sleep(idle_seconds)
            used = cpu_seconds(server.pid) - cpu_before
            wall = time.monotonic() - wall_before
            print(
                f"  idle CPU, {streams} boards open and nobody writing: {100 * used / wall:.2f} % of one core "
                f"over {wall:.0f} s"
            )
            rss, peak = resident(server.pid)
            print(
                f"  memory at the end: {rss / MiB:.1f} MiB resident, peak {peak / MiB:.1f} MiB (goal: under 250 MiB)"
            )
            await board.close()
        finally:
            if server.poll() is None:
                os.killpg(server.pid, signal.SIGTERM)
                server.wait(10)


async def _sizes(url: str) -> list[bytes]:
    import aiohttp

    async with aiohttp.ClientSession() as session:
        out = []
        for path in ("", "board.css", "board.js"):
            async with session.get(url + path) as response:
                out.append(await response.read())
        return out


if __name__ == "__main__":
    print(json.dumps({"usage": "python benchmarks/bench_board.py --web"}))
