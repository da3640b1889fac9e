"""What the terminal that serves the boards shows: the address once, a QR code that a reader decodes on a dark
and on a light terminal alike (dark on light, four modules of quiet zone), one live line of the boards watching
that never pushes it away, and without --host the words and the command instead of a code no phone can open."""

from __future__ import annotations

import asyncio
import fcntl
import os
import re
import signal
import struct
import subprocess
import sys
import termios
import time
from typing import Any

import aiohttp
import pytest

from ..test_serve import free_port

SGR = re.compile(r"\x1b\[([0-9;]*)m")
CUBE = {16: (0, 0, 0), 231: (255, 255, 255)}
TOP, BOTTOM = {"█", "▀"}, {"█", "▄"}  # the characters whose upper / lower half is drawn in the foreground


def render(lines: list[str], foreground: int, background: int, scale: int = 4) -> tuple[bytes, int, int]:
    """The lines as a terminal draws them (grey pixels; each character two modules high): the terminal's own
    colours where the text sets none, the 256-colour cube's where it does."""
    pixels: list[list[int]] = []
    for line in lines:
        fg, bg = foreground, background
        top: list[int] = []
        bottom: list[int] = []
        for part in re.split(r"(\x1b\[[0-9;]*m)", line):
            found = SGR.fullmatch(part)
            if found:
                codes = [int(c) for c in found.group(1).split(";") if c] or [0]
                if codes == [0]:
                    fg, bg = foreground, background
                for i, code in enumerate(codes[:-2]):
                    if code in (38, 48) and codes[i + 1] == 5:
                        shade = sum(CUBE.get(codes[i + 2], (128, 128, 128))) // 3
                        fg, bg = (shade, bg) if code == 38 else (fg, shade)
                continue
            for char in part:
                top += [fg if char in TOP else bg] * scale
                bottom += [fg if char in BOTTOM else bg] * scale
        pixels += [top] * scale + [bottom] * scale
    width = max(len(row) for row in pixels)
    rows = [row + [background] * (width - len(row)) for row in pixels]
    # the terminal's own margin around it all
    margin = [background] * (width + 8 * scale)
    framed = [margin] * 4 * scale + [[background] * 4 * scale + r + [background] * 4 * scale for r in rows]
    framed += [margin] * 4 * scale
    return bytes(v for row in framed for v in row), width + 8 * scale, len(framed)


def zbar() -> Any:
    """pyzbar's reader, or None where it (or the zbar library under it) is not installed."""
    try:
        from pyzbar import pyzbar
    except ImportError:
        return None
    return pyzbar


needs_zbar = pytest.mark.skipif(
    zbar() is None, reason="needs pyzbar and zbar (pip install pyzbar; apt-get install libzbar0)"
)


def decoded(lines: list[str], foreground: int, background: int) -> list[str]:
    reader = zbar()
    image = render(lines, foreground, background)
    return [found.data.decode() for found in reader.decode(image, symbols=[reader.ZBarSymbol.QRCODE])]


@needs_zbar
def test_the_qr_code_has_its_quiet_zone_and_reads_on_dark_and_light_terminals():
    from scorepad.web.qr import QUIET, qr_for_terminal, qr_lines

    url = "http://192.168.1.20:8000/Cr3aGRwjiXLX-rNcDjZn2YmBmuda6kDR/"
    plain = qr_lines(url)
    assert QUIET == 4 and all(line.startswith("  ") and line.endswith("  ") for line in plain)  # 4 modules
    assert plain[0].strip() == "" and plain[1].strip() == ""
    coloured = qr_for_terminal(url, colour=True)
    for foreground, background in ((230, 20), (20, 240)):  # a dark terminal, a light one
        assert decoded(coloured, foreground, background) == [url]
    # drawn in the terminal's own colours the code reads on a light terminal only: on a dark one it is inverted
    assert decoded(plain, 20, 240) == [url] and decoded(plain, 230, 20) == []


def read_pty(fd: int, wanted: str, limit: float, seen: list[str]) -> str:
    deadline = time.monotonic() + limit
    while wanted not in seen[0]:
        assert time.monotonic() < deadline, f"never printed {wanted!r}: {seen[0]!r}"
        try:
            seen[0] += os.read(fd, 65536).decode("utf-8", "replace")
        except BlockingIOError:
            time.sleep(0.02)
    return seen[0]


def serve_in_a_terminal(*args: str) -> tuple[subprocess.Popen[bytes], int]:
    main, child = os.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 120, 0, 0))
    process = subprocess.Popen(
        [sys.executable, "-m", "scorepad", "serve", "--board", *args],
        stdin=child,
        stdout=child,
        stderr=child,
        start_new_session=True,
    )
    os.close(child)
    os.set_blocking(main, False)
    return process, main


async def test_the_terminal_prints_the_address_once_the_code_and_a_live_line_of_boards_watching():
    port = free_port()
    process, terminal = serve_in_a_terminal("--host", "0.0.0.0", "--port", str(port))
    seen = [""]
    try:
        text = await asyncio.to_thread(read_pty, terminal, "No board is watching yet.", 30, seen)
        url = re.search(r"(http://\S+/)", text)
        assert url is not None, text
        token = url.group(1).rstrip("/").rsplit("/", 1)[1]
        qr = [line for line in text.splitlines() if "\x1b[38;5;16;48;5;231m" in line]
        assert len(qr) >= 15
        assert "can see the score" in text
        local = f"http://127.0.0.1:{port}/{token}/"
        async with aiohttp.ClientSession() as session:
            await session.get(f"http://127.0.0.1:{port}/wrong/")  # refused: and not logged either
            async with session.get(local) as page:
                assert page.status == 200
            stream = await session.get(local + "events")
            await stream.content.readline()
            text = await asyncio.to_thread(read_pty, terminal, "One board is watching now.", 10, seen)
            stream.close()
            text = await asyncio.to_thread(read_pty, terminal, "\r\x1b[KNo board is watching yet.", 10, seen)
        after = text.split("\x1b[38;5;16;48;5;231m")[-1]
        assert token not in after, "the key was printed again after the address"
        assert "\n" not in after.split("Press Ctrl+C to stop.")[-1].strip("\r\n"), (
            "the live line pushed lines"
        )
        assert text.count(token) == 1
        if zbar() is not None:  # the code read back as a dark terminal shows it
            assert decoded(qr, 230, 20) == [url.group(1)]
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(10)
        os.close(terminal)


def test_without_host_it_says_phones_cannot_reach_it_and_shows_the_command_instead_of_a_code(tmp_path):
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "scorepad", "serve", "--board", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        printed = ""
        assert process.stdout is not None
        for line in process.stdout:
            printed += line
            if "Press Ctrl+C to stop" in line:
                break
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(10)
    assert re.search(r"^    http://127\.0\.0\.1:\d+/[\w-]{20,}/$", printed, re.M)
    assert "phones and tablets cannot reach 127.0.0.1" in printed
    assert f"    scorepad serve --board --host 0.0.0.0 --port {port}" in printed
    assert "▀" not in printed and "▄" not in printed and "\x1b" not in printed  # no code, no colour to a pipe
    assert "Up to 300 boards at once" in printed
