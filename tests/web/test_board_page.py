"""The web board (`scorepad serve --board FILE`) in a real headless Chromium, as a phone, a tablet and a TV.

At each size: the page names a mobile viewport, every side's total is text inside the screen without scrolling,
big enough (40 px at least; 8 % of the height on the TV), and the page is no wider than the screen. A deal
appended by another program shows within a second without a reload. No request leaves the server's origin.
Screenshots are kept in tests/web/screenshots/ (never committed) for a person to look at.
"""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scorepad.games import replay_file

from ..test_board import GAMES, game_file, write
from ..test_serve import free_port, stop
from .browser import SIZES, Chromium, needs_chromium

SCREENSHOTS = Path(__file__).parent / "screenshots"
FOLLOW_LIMIT = 1.0  # seconds from the deal on disk to the page showing it
LOAD_LIMIT = 30  # seconds for the page's first figures on a loaded machine

LAYOUT = """
(() => {
  const box = (node) => { const r = node.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  return {
    viewport: (document.querySelector('meta[name="viewport"]') || {}).content || "",
    width: window.innerWidth,
    height: window.innerHeight,
    scrollWidth: document.documentElement.scrollWidth,
    scrollY: window.scrollY,
    totals: [...document.querySelectorAll("#scores .total")].map((node) => ({
      text: node.textContent, font: parseFloat(getComputedStyle(node).fontSize), ...box(node)})),
    names: [...document.querySelectorAll("#scores .name")].map((node) => node.textContent),
    state: document.getElementById("state").innerText,
  };
})()
"""


def totals_shown(totals: list[int]) -> str:
    return (
        "JSON.stringify([...document.querySelectorAll('#scores .total')].map(n => n.textContent)) === "
        + json.dumps(json.dumps([str(t) for t in totals], separators=(",", ":")))
    )


async def serve_board(path: Path) -> tuple[subprocess.Popen[str], str]:
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "scorepad", "serve", "--board", str(path), "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    assert server.stdout is not None
    printed = ""
    while "Press Ctrl+C to stop" not in printed:
        line = await asyncio.to_thread(server.stdout.readline)
        assert line, f"serve --board ended: {printed}"
        printed += line
    url = re.search(r"(http://\S+/)\s*$", printed, re.M)
    assert url is not None, printed
    return server, url.group(1)


@needs_chromium
@pytest.mark.parametrize("game", list(GAMES))
async def test_the_board_page_fits_each_screen_and_follows_the_game(tmp_path, scorepad_home, game):
    entries = GAMES[game]["entries"]
    last = (
        3 if game != "jass" else 4
    )  # the game's last deal (Jass: its last hand), appended while it is shown
    path = game_file(tmp_path / "table", game, upto=len(entries) - last)
    before, _ = replay_file(path)
    server, url = await serve_board(path)
    origin = url.split("/", 3)[:3]
    try:
        async with Chromium(tmp_path / "chromium") as browser:
            for size, metrics in SIZES.items():
                await browser.emulate(size)
                await browser.open(url)
                await browser.until(totals_shown(list(before.totals.values())), LOAD_LIMIT, "the totals")
                layout = await browser.evaluate(LAYOUT)
                await browser.screenshot(SCREENSHOTS / f"{game}-{size}.png")
                assert "width=device-width" in layout["viewport"]
                assert layout["width"] == metrics["width"] and layout["height"] == metrics["height"]
                assert layout["scrollWidth"] <= layout["width"], f"{size}: the page is wider than the screen"
                assert layout["names"] == [before.side_names[s] for s in before.sides]
                least = max(40, 0.08 * layout["height"]) if size == "tv" else 40
                for total in layout["totals"]:
                    assert total["font"] >= least, (size, total)
                    assert total["top"] >= 0 and total["bottom"] <= layout["height"], (size, total)
                    assert total["left"] >= 0 and total["right"] <= layout["width"], (size, total)
                assert before.view.number and layout["state"].strip(), "the state in words"

            # a deal appended by another program shows without a reload, within a second
            await browser.evaluate("window.notReloaded = true")
            await write(path, *entries[len(entries) - last :])
            written = time.monotonic()
            after, _ = replay_file(path)
            assert after.totals != before.totals
            await browser.until(totals_shown(list(after.totals.values())), FOLLOW_LIMIT + 1, "the new deal")
            took = time.monotonic() - written
            assert await browser.evaluate("window.notReloaded === true"), "the page was reloaded"
            assert took <= FOLLOW_LIMIT, f"the new deal showed after {took:.2f} s"
            assert await browser.evaluate("document.querySelectorAll('.changed').length > 0"), "no highlight"
            await browser.screenshot(SCREENSHOTS / f"{game}-tv-after-a-deal.png")

            foreign = [
                u for u in browser.requests if u.split("/", 3)[:3] != origin and not u.startswith("data:")
            ]
            assert not foreign, f"requests to other hosts: {foreign}"
            assert any(u.endswith("/events") for u in browser.requests)
            assert not browser.errors, browser.errors
    finally:
        stop(server)


@needs_chromium
async def test_the_winner_is_said_plainly_and_high_contrast_is_a_tap_away(tmp_path, scorepad_home):
    from scorepad.log import parse_entry
    from scorepad.store.game_file import GameFile

    path = game_file(tmp_path / "table", "five_hundred", upto=0)
    with GameFile.open(path) as game:
        for item in (
            {"type": "deal", "dealer": "Ann"},
            {"type": "contract", "player": "Ann", "call": "10NT"},
            {"type": "result", "tricks": {"Ann": 10, "Bob": 0, "Cid": 0}},
        ):
            game.append(parse_entry("five_hundred", item))
    sheet, _ = replay_file(path)
    server, url = await serve_board(path)
    try:
        async with Chromium(tmp_path / "chromium") as browser:
            await browser.emulate("phone")
            await browser.open(url)
            banner = await browser.until(
                "(() => { const b = document.getElementById('winner'); return b && !b.hidden && b.innerText; })()",
                LOAD_LIMIT,
                "the winner",
            )
            assert banner == sheet.result and banner.startswith("Ann wins")
            state = await browser.evaluate("document.getElementById('state').innerText")
            assert sheet.result not in state  # said once, in the banner
            # the screen is kept on, or one line says how (a browser may refuse the wake lock)
            awake = await browser.evaluate("document.getElementById('awake').textContent")
            assert awake == "" or "To keep this screen on" in awake
            await browser.evaluate("document.getElementById('contrast').click()")
            assert await browser.evaluate("document.documentElement.classList.contains('contrast')")
            assert await browser.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(0, 0, 0)"
            await browser.screenshot(SCREENSHOTS / "five_hundred-over-phone-high-contrast.png")
            assert not browser.errors, browser.errors
    finally:
        stop(server)


@needs_chromium
async def test_a_name_written_as_html_shows_as_text_and_runs_nothing(tmp_path, scorepad_home):
    from tests.helpers import entries, header, log_lines

    evil = "<img src=x onerror=alert('taken')>"  # (a name has at most 40 characters)
    table = tmp_path / "table"
    table.mkdir()
    path = table / "evil.jsonl"
    path.write_text(
        log_lines(
            header("five_hundred", [evil, "Bob", "Cid"], title="<script>document.title='taken'</script>"),
            entries(
                "five_hundred",
                {"type": "deal", "dealer": "Bob"},
                {"type": "contract", "player": evil, "call": "6S"},
                {"type": "result", "tricks": {evil: 6, "Bob": 2, "Cid": 2}},
            ),
        )
    )
    sheet, _ = replay_file(path)
    assert sheet.rows  # the deal scored: the last deals show it
    server, url = await serve_board(path)
    try:
        async with Chromium(tmp_path / "chromium") as browser:
            await browser.emulate("phone")
            await browser.open(url)
            await browser.until(totals_shown(list(sheet.totals.values())), LOAD_LIMIT, "the totals")
            seen = await browser.evaluate(
                "({names: [...document.querySelectorAll('#scores .name')].map((n) => n.textContent),"
                " images: document.querySelectorAll('img').length,"
                " scripts: [...document.scripts].filter((s) => s.textContent.includes('taken')).length,"
                " title: document.title, rows: document.body.textContent})"
            )
    finally:
        stop(server)
    assert seen["names"][0] == evil  # the name as it was typed, as text
    assert seen["images"] == 0 and seen["scripts"] == 0
    assert seen["title"].startswith("Five Hundred — <script>")  # the game's title as text, not run
    assert evil in seen["rows"]  # the last deals name the contractor as text too
