"""The board server without a browser: who is let in (the key, the host, the stream's origin), that nothing
changes a game, the cap on boards, every change to every stream, and the state it sends (the rules' words and
figures, a game file's text made harmless, the app's theme colours)."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from yarl import URL

from scorepad.games import replay_file

from ..test_board import GAMES, game_file, write
from ..test_serve import free_port


class ServedBoards:
    """A BoardServer in the test's own event loop on 127.0.0.1."""

    def __init__(self, path: Path | None, boards: int = 300):
        from scorepad.web.board.feed import BoardFeed
        from scorepad.web.board.server import BoardServer
        from scorepad.web.guard import Guard

        self.port = free_port()
        self.guard = Guard.for_host("127.0.0.1", self.port)
        self.feed = BoardFeed(path, poll_seconds=0.05)
        self.server = BoardServer(
            self.feed, host="127.0.0.1", port=self.port, guard=self.guard, boards=boards
        )
        self.base = f"http://127.0.0.1:{self.port}"

    @property
    def page(self) -> str:
        return f"{self.base}/{self.guard.token}/"

    @property
    def events(self) -> str:
        return self.page + "events"

    async def __aenter__(self) -> ServedBoards:
        await self.server.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.server.close()


async def first_state(response: aiohttp.ClientResponse) -> dict[str, Any]:
    """The state the stream sends first."""
    async for line in response.content:
        if line.startswith(b"data: "):
            return json.loads(line[6:])
    raise AssertionError("the stream ended without a state")


async def test_the_page_and_its_stream_need_the_key_the_host_and_the_pages_own_origin(tmp_path):
    path = game_file(tmp_path, "jass")
    async with ServedBoards(path) as served, aiohttp.ClientSession() as session:
        async with session.get(served.page) as response:
            page = await response.text()
            assert response.status == 200 and 'name="viewport"' in page
            assert response.headers["X-Frame-Options"] == "DENY"
            assert "default-src 'none'" in response.headers["Content-Security-Policy"]
        wrong = served.guard.token[:-1] + ("x" if served.guard.token[-1] != "x" else "y")
        for url in (
            served.base + "/",
            f"{served.base}/{wrong}/",
            f"{served.base}/{wrong}/events",
            served.base + "/events",
            served.base + "/board.js",
        ):
            async with session.get(url) as response:
                assert response.status == 403, url
                assert "needs its key" in await response.text()
        async with session.get(served.page, headers={"Host": f"evil.example:{served.port}"}) as response:
            assert response.status == 403  # another name pointed at this machine (DNS rebinding)
        for headers in (
            {"Origin": "http://evil.example"},
            {"Origin": f"http://evil.example:{served.port}"},
            {"Origin": "null"},
            {"Sec-Fetch-Site": "cross-site"},
            {"Sec-Fetch-Site": "same-site"},
        ):
            async with session.get(served.events, headers=headers) as response:
                assert response.status == 403, headers
        for headers in ({}, {"Origin": served.base}, {"Sec-Fetch-Site": "same-origin"}):
            async with session.get(served.events, headers=headers) as response:
                assert response.status == 200, headers
                assert response.headers["Content-Type"].startswith("text/event-stream")
                assert (await first_state(response))["game"] == "jass"


async def test_nothing_a_browser_sends_changes_anything(tmp_path):
    table = tmp_path / "table"
    path = game_file(table, "five_hundred")
    before = path.read_bytes()
    async with ServedBoards(path) as served, aiohttp.ClientSession() as session:
        for method in ("POST", "PUT", "PATCH", "DELETE"):
            for url in (served.page, served.events, served.page + "board.js"):
                async with session.request(method, url, data=b'{"type": "undo"}') as response:
                    assert response.status == 405, (method, url)
        for path_ in ("nothing", "static/x", "events/more", "../", "ws"):
            async with session.get(served.page + path_) as response:
                assert response.status in (403, 404), path_
        # the same sent as typed, not tidied by the client: no file beside or above the page's own is served
        for raw in ("../../../etc/passwd", "..%2f..%2f..%2fetc%2fpasswd", "static/../../board.js"):
            async with session.get(URL(served.page + raw, encoded=True)) as response:
                body = await response.read()
                assert response.status in (403, 404) and b"root:" not in body, raw
        async with session.get(served.page.rstrip("/"), allow_redirects=False) as response:
            assert response.status == 308 and response.headers["Location"] == f"/{served.guard.token}/"
    assert path.read_bytes() == before
    assert sorted(p.name for p in table.iterdir()) == [path.name]


async def test_boards_beyond_the_cap_are_told_all_are_taken(tmp_path):
    path = game_file(tmp_path, "jass")
    async with ServedBoards(path, boards=2) as served, aiohttp.ClientSession() as session:
        first = await session.get(served.events)
        second = await session.get(served.events)
        await first_state(first)
        await first_state(second)
        async with session.get(served.events) as third:
            assert third.status == 503 and "already has 2 screens open" in await third.text()
        first.close()
        deadline = time.monotonic() + 5
        while served.feed.watching > 1:  # the page that went is let go at once
            assert time.monotonic() < deadline, "a closed stream still counted"
            await asyncio.sleep(0.02)
        async with session.get(served.events) as again:
            assert again.status == 200
        second.close()


@pytest.mark.parametrize("game", list(GAMES))
async def test_a_change_reaches_every_open_stream(tmp_path, game):
    """200 pages' streams: a deal another program appends reaches each of them, as the rules' totals."""
    entries = GAMES[game]["entries"]
    path = game_file(tmp_path, game, upto=len(entries) - 3)
    async with (
        ServedBoards(path) as served,
        aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session,
    ):
        streams = await asyncio.gather(*(session.get(served.events) for _ in range(200)))
        firsts = await asyncio.gather(*(first_state(s) for s in streams))
        sheet, _ = replay_file(path)
        assert all([side["total"] for side in f["sides"]] == list(sheet.totals.values()) for f in firsts)
        await write(path, *entries[-3:])
        after, _ = replay_file(path)
        wanted = list(after.totals.values())

        async def until_totals(response: aiohttp.ClientResponse) -> None:
            while True:
                state = await first_state(response)
                if [side["total"] for side in state["sides"]] == wanted:
                    return

        await asyncio.wait_for(asyncio.gather(*(until_totals(s) for s in streams)), 30)
        assert served.feed.watching == 200
        for stream in streams:
            stream.close()


def test_the_state_is_the_rules_and_a_files_text_is_made_harmless(tmp_path):
    from scorepad.follow import Follower
    from scorepad.web.board.state import follower_state

    path = game_file(tmp_path, "jass", title="Fri\u202eday\x1b[31m")
    follower = Follower(path)
    follower.poll()
    state = follower_state(follower)
    sheet = follower.sheet
    assert sheet is not None and follower.replayer is not None
    assert "\u202e" not in state["title"] and "\x1b" not in state["title"] and "Fri" in state["title"]
    assert state["state"] == list(follower.replayer.state.board_lines())
    assert [side["total"] for side in state["sides"]] == list(sheet.totals.values())
    assert [side["need"] for side in state["sides"]] == [need.text for need in sheet.view.needs]
    assert state["sides"][0]["need"] == f"{2500 - sheet.totals['Ann & Cid']} to go"  # the rules' words
    assert len(state["tafel"]) == 2 and state["rows"][-1]["seq"] == sheet.rows[-1].seq
    assert [row["number"] for row in state["rows"]] == [
        row.number for row in sheet.rows[-len(state["rows"]) :]
    ]
    assert state["rows"][-1]["number"] == sheet.rows[-1].number > 0  # the table's deal number, not the log's
    # the whole state is JSON (numbers stay numbers)
    assert json.loads(json.dumps(state)) == state

    waiting = follower_state(Follower(tmp_path / "gone.jsonl"))
    assert (
        waiting["game"] is None
        and waiting["waiting"]
        == "No game to show yet. Start one in scorepad: this board follows it as the score is kept."
    )


def test_bridge_and_five_hundred_say_what_each_side_needs(tmp_path):
    from scorepad.follow import Follower
    from scorepad.web.board.state import follower_state

    follower = Follower(game_file(tmp_path, "auction_bridge"))
    follower.poll()
    state = follower_state(follower)
    assert [side["need"] for side in state["sides"]] == ["needs 30 for game", "needs 16 for game"]
    assert state["outlook"] == "a game by We ends the rubber"
    assert state["pad"]["total"] == [side["total"] for side in state["sides"]]
    assert state["pad"]["games"][0]["winner"] == 0  # the first game, won by We

    follower = Follower(game_file(tmp_path, "five_hundred"))
    follower.poll()
    sides = follower_state(follower)["sides"]
    assert [side["need"] for side in sides] == [
        "needs 190 to reach 500",
        "needs 20 to reach 500",
        "needs 430 to reach 500",
    ]
    assert not any(side["out"] for side in sides)


def test_the_app_s_theme_colours_go_to_the_page_and_a_bad_theme_file_gives_nothing_but_colours(scorepad_home):
    from scorepad.store.config import update_config
    from scorepad.store.files import config_home
    from scorepad.web.board.theme import palettes

    shipped = palettes()
    assert (
        shipped["dark"]["background"].lower() == "#0e3b2c"
        and shipped["light"]["background"].lower() == "#fbf6e9"
    )
    update_config(theme="chalkboard")
    assert palettes()["dark"]["background"].lower() == "#2f3a36"
    themes = config_home() / "themes"
    themes.mkdir(parents=True)
    (themes / "odd.toml").write_text(
        'name = "odd"\ndark = false\nbackground = "#ffffff"\nforeground = "#000000"\n'
        'primary = "red; } body { display: none"\naccent = "#12345"\n'
    )
    update_config(theme="odd")
    light = palettes()["light"]
    assert light == {"background": "#ffffff", "foreground": "#000000"}
    update_config(theme="../../etc/passwd")
    assert palettes() == shipped


def test_the_wheel_ships_the_board_page_and_the_serve_template(tmp_path):
    import zipfile

    from hatchling.builders.wheel import WheelBuilder

    root = Path(__file__).resolve().parents[2]
    (wheel,) = WheelBuilder(str(root)).build(directory=str(tmp_path), versions=["standard"])
    names = set(zipfile.ZipFile(wheel).namelist())
    static = {f"scorepad/web/board/static/{name}" for name in ("index.html", "board.css", "board.js")}
    assert static | {"scorepad/web/templates/app_index.html"} <= names


async def test_without_a_file_the_feed_follows_the_game_in_play_and_moves_on_to_a_rematch(
    tmp_path, scorepad_home
):
    import os

    from scorepad.store.game_file import games_dir
    from scorepad.web.board.feed import BoardFeed

    games = games_dir()
    games.mkdir(parents=True)
    finished = game_file(games, "five_hundred", upto=0, title="Yesterday")
    await write(
        finished,
        {"type": "deal", "dealer": "Ann"},
        {"type": "contract", "player": "Ann", "call": "10NT"},
        {"type": "result", "tricks": {"Ann": 10, "Bob": 0, "Cid": 0}},
    )
    tonight = game_file(games, "jass", upto=4, title="Tonight")
    later = tonight.stat().st_mtime_ns + 10**9  # file times tick coarsely: say outright which came later
    os.utime(
        finished, ns=(later, later)
    )  # the finished game changed last, but the boards want the one in play
    feed = BoardFeed(None)
    feed.poll()
    assert feed.state["title"] == "Jass (Schieber) — Tonight" and feed.version == 1
    rematch = game_file(games, "jass", upto=0, title="Rematch")
    os.utime(rematch, ns=(later + 10**9, later + 10**9))
    for _ in range(8):  # it looks for a newer game once a second (every fourth look)
        feed.poll()
    assert feed.state["title"] == "Jass (Schieber) — Rematch" and feed.version == 2
    assert [side["total"] for side in feed.state["sides"]] == [0, 0]
    assert feed.event.startswith(b"id: 2\nevent: board\ndata: {")


def test_a_finished_game_says_the_winner_plainly(tmp_path):
    from scorepad.follow import Follower
    from scorepad.web.board.state import follower_state

    path = game_file(tmp_path, "five_hundred", upto=0)
    from scorepad.log import parse_entry
    from scorepad.store.game_file import GameFile

    with GameFile.open(path) as game:
        for item in (
            {"type": "deal", "dealer": "Ann"},
            {"type": "contract", "player": "Ann", "call": "10NT"},
            {"type": "result", "tricks": {"Ann": 10, "Bob": 0, "Cid": 0}},
        ):
            game.append(parse_entry("five_hundred", item))
    follower = Follower(path)
    follower.poll()
    state = follower_state(follower)
    assert state["over"] and state["winner"] == "Ann" and state["result"]
    assert [side["winner"] for side in state["sides"]] == [True, False, False]
    assert all(side["need"] == "" for side in state["sides"])  # nothing to need once it is over
