"""The web board and `serve` in the table's language (issue #33): the page's own words, its `lang`, the words
the state carries, the refusals and the serving terminal's lines, in German and Russian; and in Chromium, at a
phone's size, every total in view and no label of the page cut, in German and Russian alike.

The words a game's rules say (the state in words, what a side needs) are the rules' to translate: these tests
ask only for the board's own."""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from scorepad.locale import set_language

from ..test_board import GAMES, game_file
from ..test_serve import Served, free_port, stop
from .browser import Chromium, needs_chromium
from .test_board_server import ServedBoards, first_state

SCREENSHOTS = Path(__file__).parent / "screenshots"
LOAD_LIMIT = 30  # seconds for the page's first figures on a loaded machine
WORDS_BLOCK = re.compile(r'<script id="words" type="application/json">(.*?)</script>', re.S)


def page_words(page: str) -> dict[str, str]:
    found = WORDS_BLOCK.search(page)
    assert found is not None, "the page has no words for its script"
    words: dict[str, str] = json.loads(found.group(1))
    return words


# --------------------------------------------------------------------------- the page and its state, served


@pytest.mark.parametrize(
    ("code", "lang", "page", "script"),
    [
        ("de", "de-CH", ["Hoher Kontrast", "Verbinde mit dem Spielstand…", "scorepad-Tafel"],
         {"tafel": "Jass-Tafel", "bergpreis": "★ Bergpreis", "below_line": "unter dem Strich"}),
        ("ru", "ru", ["Высокий контраст", "Подключение к счёту…", "табло scorepad"],
         {"tafel": "Ясс-доска", "rubber": "роббер", "below_line": "под чертой"}),
    ],
)  # fmt: skip
async def test_the_page_is_served_in_the_servers_language(tmp_path, code, lang, page, script):
    path = game_file(tmp_path, "jass")
    set_language(code)
    async with ServedBoards(path) as served, aiohttp.ClientSession() as session:
        async with session.get(served.page) as response:
            html = await response.text()
        assert response.status == 200 and f'<html lang="{lang}">' in html
        assert all(word in html for word in page), html
        assert "{{" not in html and "High contrast" not in html
        words = page_words(html)
        assert {name: words[name] for name in script} == script
        set_language("en")
        async with session.get(served.page) as response:  # one server, the language spoken at each request
            english = page_words(await response.text())
        assert words.keys() == english.keys() and all(words.values())
        assert sum(words[name] != english[name] for name in words) >= len(words) - 3  # (Jass-Tafel …)


@pytest.mark.parametrize(
    ("code", "game", "said"),
    [
        ("de", "jass",
         {"rows_title": "Letzte Runden", "rows_column": "Runde", "rows_none": "Noch keine Runde gezählt."}),
        ("ru", "auction_bridge", {"rows_title": "Последние сдачи", "rows_column": "сдача"}),
    ],
)  # fmt: skip
async def test_the_state_carries_the_boards_words_in_the_language(tmp_path, code, game, said):
    path = game_file(tmp_path, game)
    set_language(code)
    async with ServedBoards(path) as served, aiohttp.ClientSession() as session:
        async with session.get(served.events) as response:
            state = await first_state(response)
    assert {key: state[key] for key in said} == said
    assert [side["total"] for side in state["sides"]] == totals_of(
        path
    )  # the rules' figures, in any language
    if game == "auction_bridge":
        labels = [what for side in state["pad"]["above"] for what, _ in side]
        assert labels and all("honours" not in label for label in labels)
        assert any("онёры" in label for label in labels)


def totals_of(path: Path) -> list[int]:
    from scorepad.games import replay_file

    sheet, _ = replay_file(path)
    return list(sheet.totals.values())


def test_the_banner_says_who_won_in_the_language_when_the_rules_have_no_sentence(tmp_path):
    from dataclasses import replace

    from scorepad.follow import Follower
    from scorepad.web.board.state import banner

    follower = Follower(game_file(tmp_path, "jass"))
    follower.poll()
    sheet = follower.sheet
    assert sheet is not None
    over = replace(sheet, status="finished", result="", winner="Ann & Cid")
    set_language("de")
    assert banner(over, {"Ann & Cid": "Ann & Cid"}) == "Ann & Cid gewinnen"
    assert banner(replace(over, winner=None), {}) == "Spiel vorbei"
    set_language("ru")
    assert banner(replace(over, winner=None), {}) == "Партия окончена"
    assert banner(sheet, {}) == ""  # not over: no banner


async def test_refusals_and_the_busy_answer_are_in_the_language(tmp_path):
    from scorepad.web.limits import busy_response

    set_language("ru")
    path = game_file(tmp_path, "jass")
    async with ServedBoards(path, boards=1) as served, aiohttp.ClientSession() as session:
        async with session.get(f"{served.base}/nothing/") as response:
            text = await response.text()
            assert response.status == 403 and "Этому адресу нужен ключ" in text and "lang='ru'" in text
        async with session.get(served.page + "nowhere") as response:
            assert "Не здесь" in await response.text()
        first = await session.get(served.events)
        await first_state(first)
        async with session.get(served.events) as second:
            text = await second.text()
            assert second.status == 503 and "Все табло заняты" in text and "уже открыт 1 экран" in text
        first.close()
    assert "соединений".encode() in busy_response()
    set_language("de")
    assert b"Verbindungen" in busy_response() and busy_response().startswith(b"HTTP/1.1 503")


async def test_the_served_apps_page_speaks_the_language(tmp_path):
    set_language("de")
    async with Served(f"{sys.executable} -c pass") as served, aiohttp.ClientSession() as session:
        async with session.get(served.page) as response:
            page = await response.text()
        assert response.status == 200 and '<html lang="de-CH">' in page
        assert ">Starten</button>" in page and "Sitzung beendet." in page and ">Neu starten</button>" in page
        assert "Restart" not in page and "Session ended" not in page


# --------------------------------------------------------------------------- the serving terminal's lines


def test_the_serving_terminals_lines_are_in_the_language():
    from scorepad.web.board.terminal import announce_lines, watching_words
    from scorepad.web.notice import announce_lines as app_lines

    url = "http://192.168.1.20:8000/key/"
    set_language("de")
    lines = announce_lines(url, board_file=None, local=False, port=8000, boards=300, colour=False)
    assert lines[0].startswith("Tafeln des Spielstands") and lines[-1].startswith("Bis zu 300 Tafeln")
    assert "Jede Tafel folgt dem laufenden Spiel" in lines[4] and lines[4].endswith("kann ein Spiel ändern.")
    assert watching_words(1) == "Jetzt schaut eine Tafel zu."
    local = announce_lines(url, board_file=None, local=True, port=8000, boards=1, colour=False)
    assert "Nur dieser Computer kann sie öffnen: Handys und Tablets" in "\n".join(local)
    assert local[-1] == "Bis zu 1 Tafel gleichzeitig. Drücke Ctrl+C zum Beenden."
    set_language("ru")
    assert [line for line, _ in app_lines(url, local=True, sessions=4)][-1] == (
        "Одновременно — до 4 экранов. Нажмите Ctrl+C, чтобы остановить."
    )
    assert watching_words(0) == "Пока ни одно табло не подключено."


def test_a_board_waiting_for_its_file_says_so_in_the_language(tmp_path):
    from scorepad.follow import Follower

    set_language("de")
    follower = Follower(tmp_path / "game.jsonl")
    assert follower.poll()
    assert follower.problem == "game.jsonl ist nicht da: warte auf die Spieldatei" and follower.waiting
    set_language("ru")
    follower = Follower(tmp_path)  # a folder where the game file should be
    assert follower.poll()
    assert follower.problem == f"{tmp_path.name} — это каталог, а не файл партии: ждём файл партии"


def test_the_scripts_words_cannot_end_their_block():
    from scorepad.web.board.page import _script_json

    text = _script_json({"x": "</script><script>alert(1)</script> & <!--"})
    assert "<" not in text and ">" not in text and "&" not in text
    assert json.loads(text) == {"x": "</script><script>alert(1)</script> & <!--"}


# --------------------------------------------------------------------------- in Chromium, at a phone's size

PHONE_LAYOUT = """
(() => {
  const box = (node) => { const r = node.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  const cut = (node) => node.scrollWidth > node.clientWidth + 1;
  const contrast = document.getElementById("contrast");
  // the board's own words (a side's name is the table's, and may be cut short in a narrow column)
  const labels = [...document.querySelectorAll([
    "h1", "#contrast", "#rows th:nth-child(-n+2)", "#rows-title", "#picture h2", ".pad .entry",
    ".pad .entry .what", ".half h3", "#winner"].join(", "))];
  return {
    lang: document.documentElement.lang,
    width: window.innerWidth,
    height: window.innerHeight,
    scrollWidth: document.documentElement.scrollWidth,
    contrast: {text: contrast.textContent, ...box(contrast)},
    totals: [...document.querySelectorAll("#scores .total")].map((node) => ({text: node.textContent,
      ...box(node)})),
    // a figure of the pad broken over two lines ("24" above "4") reads as another figure
    broken: [...document.querySelectorAll(".pad .points")].filter((node) => node.getClientRects().length > 1
      || node.getBoundingClientRect().height > 1.6 * parseFloat(getComputedStyle(node).lineHeight || 0)
      ).map((node) => node.textContent),
    cut: labels.filter(cut).map((node) => node.textContent),
    labels: labels.map((node) => node.textContent),
  };
})()
"""


async def serve_board(path: Path, code: str) -> tuple[subprocess.Popen[str], str]:
    """`scorepad --lang CODE serve --board FILE`, and the address it prints."""
    port = free_port()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "scorepad",
            "--lang",
            code,
            "serve",
            "--board",
            str(path),
            "--port",
            str(port),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    assert server.stdout is not None
    printed = ""
    while "Ctrl+C" not in printed:  # the last line, in every language
        line = await asyncio.to_thread(server.stdout.readline)
        assert line, f"serve --board ended: {printed}"
        printed += line
    url = re.search(r"(http://\S+/)\s*$", printed, re.M)
    assert url is not None, printed
    return server, url.group(1)


@needs_chromium
@pytest.mark.parametrize(("code", "lang"), [("ru", "ru"), ("de", "de-CH")])
async def test_at_a_phones_size_every_total_is_in_view_and_no_label_is_cut(tmp_path, code, lang):
    from scorepad.games import replay_file

    servers: list[subprocess.Popen[str]] = []
    try:
        async with Chromium(tmp_path / "chromium") as browser:
            await browser.emulate("phone")
            for game in GAMES:
                path = game_file(tmp_path / game, game)
                sheet, _ = replay_file(path)
                server, url = await serve_board(path, code)
                servers.append(server)
                await browser.open(url)
                wanted = json.dumps([str(total) for total in sheet.totals.values()], separators=(",", ":"))
                await browser.until(
                    "JSON.stringify([...document.querySelectorAll('#scores .total')].map(n => n.textContent))"
                    f" === {json.dumps(wanted)} && !document.getElementById('recent').hidden",
                    LOAD_LIMIT,
                    "the totals",
                )
                layout: dict[str, Any] = await browser.evaluate(PHONE_LAYOUT)
                await browser.screenshot(SCREENSHOTS / f"{game}-{code}-phone.png")
                assert layout["lang"] == lang
                assert layout["scrollWidth"] <= layout["width"], f"{game}: the page is wider than the phone"
                contrast = layout["contrast"]
                assert contrast["text"] != "High contrast" and contrast["right"] <= layout["width"], contrast
                for total in layout["totals"]:
                    assert 0 <= total["top"] and total["bottom"] <= layout["height"], (game, total)
                    assert 0 <= total["left"] and total["right"] <= layout["width"], (game, total)
                assert layout["cut"] == [], f"{game}: labels cut: {layout['cut']}"
                assert layout["broken"] == [], f"{game}: figures broken over two lines: {layout['broken']}"
                assert (
                    len(layout["labels"]) > 3
                )  # (each server stops at the end: a page's stream would retry)
            assert not browser.errors, browser.errors
    finally:
        for server in servers:
            stop(server)
