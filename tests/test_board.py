"""The read-only board (`scorepad board`): it follows a game file that another process writes, within a second,
corrections included; it never locks or writes; it picks up a rematch; a snapshot of each game's board at 80×24
and 160×45; and `scorepad serve --board` serves boards that refuse everything a browser sends (tests/web/ has the
web board's own tests)."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from scorepad.games import replay_file
from scorepad.log import parse_entry
from scorepad.store.game_file import create, new_id
from scorepad.tui.board.app import BoardApp
from scorepad.tui.board.screen import BoardScreen
from scorepad.tui.board.widgets import SideScore, StateLines

from .helpers import header

FOLLOW_LIMIT = 1.0  # seconds from the entry on disk to the board showing it

# the games the board is shown with (the demo's, written out here so the snapshots stand on their own)
FIVE_HUNDRED = [
    {"type": "deal", "dealer": "Ann"},
    {"type": "contract", "player": "Bob", "call": "7H"},
    {"type": "result", "tricks": {"Ann": 1, "Bob": 8, "Cid": 1}},
    {"type": "deal", "dealer": "Bob"},
    {"type": "contract", "player": "Cid", "call": "6NT"},
    {"type": "result", "tricks": {"Ann": 3, "Bob": 2, "Cid": 5}},
    {"type": "deal", "dealer": "Cid"},
    {"type": "contract", "player": "Ann", "call": "8S"},
    {"type": "result", "tricks": {"Ann": 10, "Bob": 0, "Cid": 0}},
    {"type": "deal", "dealer": "Ann"},
    {"type": "contract", "player": "Bob", "call": "nullo"},
    {"type": "result", "tricks": {"Ann": 6, "Bob": 0, "Cid": 4}},
    {"type": "deal", "dealer": "Bob"},
    {"type": "contract", "player": "Cid", "call": "7D"},
    {"type": "result", "tricks": {"Ann": 2, "Bob": 1, "Cid": 7}},
]

JASS = [
    {"type": "deal", "dealer": "Ann"},
    {"type": "trump", "player": "Bob", "contract": "hearts"},
    {
        "type": "weis",
        "player": "Bob",
        "melds": [{"kind": "sequence", "length": 4, "top": "K", "suit": "clubs"}],
    },
    {"type": "tricks", "points": {"Ann & Cid": 61}},
    {"type": "deal", "dealer": "Bob"},
    {"type": "trump", "player": "Ann", "contract": "obenabe", "pushed": True},
    {"type": "tricks", "points": {"Ann & Cid": 157}, "match": "Ann & Cid"},
    {"type": "deal", "dealer": "Cid"},
    {"type": "trump", "player": "Dan", "contract": "spades"},
    {"type": "stoeck", "player": "Ann"},
    {"type": "tricks", "points": {"Ann & Cid": 104}},
]

BRIDGE = [
    {"type": "deal", "dealer": "Ann"},
    {"type": "contract", "player": "Ann", "call": "1NT"},
    {"type": "result", "tricks": 9, "honours": {"side": "We", "holding": "3_aces"}},
    {"type": "deal", "dealer": "Bob"},
    {"type": "contract", "player": "Bob", "call": "3H", "double": "doubled"},
    {"type": "result", "tricks": 7, "honours": {"side": "They", "holding": "3"}},
    {"type": "deal", "dealer": "Cid"},
    {"type": "contract", "player": "Dan", "call": "2D"},
    {"type": "result", "tricks": 8, "honours": {"side": "We", "holding": "3"}},
]


# each game: its table, the deals written before the board starts, the last deal written while it runs,
# and a correction of that deal's result (inside the laws' window) that changes the totals
GAMES: dict[str, dict[str, Any]] = {
    "five_hundred": {
        "players": ["Ann", "Bob", "Cid"],
        "sides": None,
        "entries": FIVE_HUNDRED,
        "correction": {"type": "result", "tricks": {"Ann": 3, "Bob": 1, "Cid": 6}},
    },
    "jass": {
        "players": ["Ann", "Bob", "Cid", "Dan"],
        "sides": None,
        "entries": JASS,
        "correction": {"type": "tricks", "points": {"Ann & Cid": 60}},
    },
    "auction_bridge": {
        "players": ["Ann", "Bob", "Cid", "Dan"],
        "sides": {"We": ["Ann", "Cid"], "They": ["Bob", "Dan"]},
        "entries": BRIDGE,
        "correction": {**BRIDGE[-1], "tricks": 7},  # the same honours, one trick fewer
    },
}

# another process writing as the app does: the store's own append (lock, one line, fsync)
WRITER = """
import json, sys
from scorepad.log import parse_entry
from scorepad.store.game_file import GameFile
with GameFile.open(sys.argv[1]) as game:
    if game.readonly:
        sys.exit("the game was not writable: " + "; ".join(game.notices))
    for item in json.loads(sys.argv[2]):
        game.append(parse_entry(game.header.game, item))
"""


def game_file(directory: Path, game: str, upto: int | None = None, title: str = "Friday") -> Path:
    """A game file with the game's deals up to `upto` entries, written through the store."""
    from scorepad.store.game_file import GameFile

    spec = GAMES[game]
    head = header(game, spec["players"], sides=spec["sides"], title=title)
    path = create(head.model_copy(update={"id": new_id()}), directory)  # a file of its own per game
    with GameFile.open(path) as opened:
        for item in spec["entries"][:upto]:
            opened.append(parse_entry(game, item))
    return path


async def write(path: Path, *items: dict[str, Any]) -> None:
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-c", WRITER, str(path), json.dumps(items), stderr=asyncio.subprocess.PIPE
    )
    _, error = await process.communicate()
    assert process.returncode == 0, error.decode()


def shown(app: BoardApp) -> dict[str, tuple[str, str]]:
    """side -> (its line in words, its big digits) as the board shows them now."""
    return {
        score.side: (str(score.line.render()), score.digits.value) for score in app.screen.query(SideScore)
    }


async def until(pilot, condition, limit: float, what: str) -> float:
    """Wait (the app running) until `condition()` holds; the seconds it took."""
    start = time.monotonic()
    while not condition():
        assert time.monotonic() - start < limit, f"the board did not show {what} within {limit} s"
        await pilot.pause(0.02)
    return time.monotonic() - start


def totals_match(app: BoardApp, path: Path):
    sheet, _ = replay_file(path)  # the rules' totals of the file as it is now

    def check() -> bool:
        now = shown(app)
        return bool(now) and all(
            now[side][1] == str(total) and f"{sheet.side_names[side]}  {total}" in now[side][0]
            for side, total in sheet.totals.items()
        )

    return check, dict(sheet.totals)


@pytest.mark.parametrize("game", list(GAMES))
async def test_the_board_follows_another_process_writing_within_a_second(tmp_path, scorepad_home, game):
    spec = GAMES[game]
    path = game_file(tmp_path, game, upto=-3)
    last_deal = spec["entries"][-3:]
    app = BoardApp(path)
    async with app.run_test(size=(80, 24)) as pilot:
        check, before = totals_match(app, path)
        await until(pilot, check, FOLLOW_LIMIT, "the game as it was")

        await write(path, *last_deal)
        check, after = totals_match(app, path)
        assert after != before
        await until(pilot, check, FOLLOW_LIMIT, f"the new deal's totals {after}")

        result_seq = len(spec["entries"])
        await write(path, {"type": "amend", "target": result_seq, "entry": spec["correction"]})
        check, corrected = totals_match(app, path)
        assert corrected != after, "the correction changes the score"
        await until(pilot, check, FOLLOW_LIMIT, f"the corrected totals {corrected}")
        assert isinstance(app.screen, BoardScreen)
    # the board only read: no lock taken (the writer got the file writable), nothing written beside it
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]
    assert not (scorepad_home / "config").exists()


async def test_the_board_says_the_state_in_the_rules_words(tmp_path):
    path = game_file(tmp_path, "five_hundred", upto=-1)  # deal 5 dealt, Cid's 7♦ the contract
    app = BoardApp(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        words = str(app.screen.query_one(StateLines).render())
        assert "Deal 5: Bob dealt" in words and "Contract: Cid 7♦" in words and "Game to 500" in words
        await write(path, GAMES["five_hundred"]["entries"][-1])
        await until(
            pilot,
            lambda: "Deal 6: Cid deals, Ann bids first" in str(app.screen.query_one(StateLines).render()),
            FOLLOW_LIMIT,
            "who deals next",
        )


async def test_the_board_shows_the_winner_and_the_game_over_line(tmp_path):
    items = [
        {"type": "deal", "dealer": "Ann"},
        {"type": "contract", "player": "Ann", "call": "10NT"},
        {"type": "result", "tricks": {"Ann": 10, "Bob": 0, "Cid": 0}},
    ]
    path = game_file(tmp_path, "five_hundred", upto=0)
    await write(path, *items)
    app = BoardApp(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        words = str(app.screen.query_one(StateLines).render())
        assert words.startswith("Game over: Ann")
        winner = [score for score in app.screen.query(SideScore) if score.has_class("-winner")]
        assert [score.side for score in winner] == ["Ann"] and "wins" in str(winner[0].line.render())


async def test_a_file_that_stops_reading_is_said_and_the_last_good_score_stays(tmp_path):
    path = game_file(tmp_path, "jass", upto=4)
    app = BoardApp(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = shown(app)
        with path.open("ab") as out:
            out.write(b'{"seq": 5, "type": "nonsense"}\n')
        await until(
            pilot,
            lambda: "Cannot follow the game just now" in str(app.screen.query_one(StateLines).render()),
            FOLLOW_LIMIT,
            "that the file does not read",
        )
        assert shown(app) == before


async def test_without_a_file_it_follows_the_game_in_play_and_moves_on_to_a_rematch(tmp_path, scorepad_home):
    from scorepad.store.game_file import games_dir

    games = games_dir()
    games.mkdir(parents=True)
    finished = game_file(games, "five_hundred", upto=0, title="Yesterday")
    await write(
        finished,
        {"type": "deal", "dealer": "Ann"},
        {"type": "contract", "player": "Ann", "call": "10NT"},
        {"type": "result", "tricks": {"Ann": 10, "Bob": 0, "Cid": 0}},
    )
    playing = game_file(games, "jass", upto=4, title="Tonight")
    os.utime(finished, None)  # the finished game changed last, but the board wants the one in play
    app = BoardApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        title = lambda: str(app.screen.query_one("#board-title").render())  # noqa: E731
        await until(pilot, lambda: "Tonight" in title(), FOLLOW_LIMIT, "the game in play")
        rematch = game_file(games, "jass", upto=0, title="Rematch")
        await until(pilot, lambda: "Rematch" in title(), 2 * FOLLOW_LIMIT, "the rematch")
        assert shown(app)["Ann & Cid"][1] == "0"
        await write(rematch, *GAMES["jass"]["entries"][:4])
        check, _ = totals_match(app, rematch)
        await until(pilot, check, FOLLOW_LIMIT, "the rematch's first hand")
    assert playing.exists()


async def test_with_no_game_yet_the_board_waits_and_says_so(scorepad_home):
    app = BoardApp(None)
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        assert "No game to show yet" in str(app.screen.query_one("#waiting").render())


@pytest.mark.parametrize("size", [(40, 12), (60, 20), (80, 24), (160, 45), (200, 60)])
@pytest.mark.parametrize("game", list(GAMES))
async def test_the_board_picks_its_layout_by_size(tmp_path, game, size):
    path = game_file(tmp_path, game)
    app = BoardApp(path)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        detail = screen.query_one("#detail")
        assert detail.display == (size[0] >= 60 and size[1] >= 20)
        for score in screen.query(SideScore):  # every side's total is on the screen, in words
            assert score.region.height >= 1 and screen.region.contains_region(score.line.region)
        state = screen.query_one(StateLines)
        assert screen.region.contains_region(state.region), "the state in words is in sight"


@pytest.mark.parametrize("size, rows", [((80, 24), 3), ((100, 30), 3), ((160, 45), 13), ((200, 60), 15)])
async def test_the_digits_grow_with_a_tv_sized_terminal(tmp_path, size, rows):
    path = game_file(tmp_path, "jass")
    app = BoardApp(path)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for score in app.screen.query(SideScore):
            shown = score.big if score.has_class("-big") else score.digits
            assert shown.region.height == rows, (size, shown.region)
            assert app.screen.region.contains_region(shown.region)
        state = app.screen.query_one(StateLines)
        assert app.screen.region.contains_region(state.region), "the state in words is in sight"


def test_the_big_digits_draw_each_figure_in_square_pixels():
    from scorepad.tui.board.widgets import FONT, big_number_lines

    lines = big_number_lines("-207", 2)  # 5 pixels of 2 half rows each: 5 rows; 4 characters of 3, 1 between
    assert len(lines) == 5 and all(len(line) == 2 * (4 * 3 + 3) for line in lines)
    assert lines[0][8:14] == "██████" and lines[0][:6] == " " * 6  # the 2's top bar; no bar above the minus
    assert lines[2][:6] == "█" * 6  # the minus: at this scale a pixel is a whole row
    assert big_number_lines("8", 3)[1] == "███▀▀▀███"  # at 3, a pixel is three half rows wide and high
    assert "".join(FONT["7"]) == "###..#..#..#..#"


async def test_ctrl_c_and_q_end_the_board_at_once(tmp_path):
    path = game_file(tmp_path, "five_hundred")
    for key in ("ctrl+c", "q"):
        app = BoardApp(path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press(key)
            await pilot.pause()
            assert app.return_code == 0, key


# --------------------------------------------------------------------------- snapshots


@pytest.mark.parametrize("size", [(80, 24), (160, 45)])
@pytest.mark.parametrize("game", list(GAMES))
def test_board_snapshot(snap_compare, tmp_path, monkeypatch, game, size):
    monkeypatch.setenv("SCOREPAD_HOME", str(tmp_path / "home"))  # the default theme
    path = game_file(tmp_path, game)
    assert snap_compare(BoardApp(path), terminal_size=size)


# --------------------------------------------------------------------------- served


async def test_the_served_board_refuses_every_write_and_the_game_stays_as_it_was(tmp_path, scorepad_home):
    import aiohttp

    from .test_serve import free_port

    table = tmp_path / "table"
    path = game_file(table, "five_hundred")
    before = path.read_bytes()
    port = free_port()
    server = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "scorepad",
        "serve",
        "--board",
        str(path),
        "--port",
        str(port),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        printed = ""
        while "Press Ctrl+C to stop" not in printed:
            line = await asyncio.wait_for(server.stdout.readline(), 30)
            assert line, f"serve --board ended: {printed}"
            printed += line.decode()
        url = re.search(r"(http://\S+/)\s*$", printed, re.M).group(1)
        assert "Nothing a browser sends can change a game" in printed
        async with aiohttp.ClientSession() as session:
            async with session.get(url + "events") as first, session.get(url + "events") as second:
                for stream in (first, second):  # several boards at once
                    line = b""
                    while not line.startswith(b"data: "):
                        line = await asyncio.wait_for(stream.content.readline(), 30)
                    assert json.loads(line[6:])["title"] == "Five Hundred — Friday"
                # whatever a browser sends, to whatever address: refused, and nothing written
                for method in ("POST", "PUT", "DELETE", "PATCH"):
                    for where in ("", "events", "ws", "undo", "entries"):
                        async with session.request(method, url + where, json={"type": "undo"}) as response:
                            assert response.status in (404, 405), (method, where)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        await server.wait()
    assert path.read_bytes() == before
    assert sorted(p.name for p in table.iterdir()) == [path.name]


# --------------------------------------------------------------------------- from the app: F10


@pytest.mark.parametrize("serving", [None, "127.0.0.1", "192.168.1.20"])
async def test_f10_on_the_game_screen_says_how_to_open_the_board(tmp_path, scorepad_home, serving):
    from scorepad.tui.app import ScorepadApp
    from scorepad.tui.board.info import BoardInfoScreen
    from scorepad.web.notice import clear_serving, write_serving

    path = game_file(tmp_path, "jass", upto=4)
    url = f"http://{serving or '127.0.0.1'}:8123/k3y/"
    if serving:
        write_serving(url, boards=True, board_file=path)  # as `serve --board FILE` does while it runs
    try:
        app = ScorepadApp(open_path=path, remember_theme=False)
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            await pilot.press("f10")
            await pilot.pause()
            assert isinstance(app.screen, BoardInfoScreen)
            # (a long path goes on a line of its own after a shell's line continuation)
            words = str(app.screen.query_one("#board-info").render()).replace(" \\\n        ", " ")
            if serving == "192.168.1.20":
                assert url in words and "▀" in words  # the address and its QR code
            elif (
                serving
            ):  # this machine's own address: the command for the phones, no code that leads nowhere
                assert (
                    url in words and "▀" not in words and "phones and tablets cannot reach 127.0.0.1" in words
                )
                assert f"scorepad serve --board {path} --host 0.0.0.0 --port 8123" in words
            else:
                assert "scorepad board" in words and f"scorepad serve --board {path}" in words
                assert url not in words
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(app.screen, BoardInfoScreen)
    finally:
        clear_serving(url)


def test_a_served_board_of_another_game_or_a_stopped_serve_is_not_offered(tmp_path, scorepad_home):
    import json as json_

    from scorepad.web.notice import board_served_for, serving_dir, write_serving

    path = game_file(tmp_path, "jass", upto=0)
    other = game_file(tmp_path, "jass", upto=0, title="Other")
    write_serving("http://127.0.0.1:8124/a/", boards=True, board_file=other)
    assert board_served_for(path) is None
    write_serving("http://127.0.0.1:8125/b/", boards=True, board_file=None)  # boards of the game in play
    assert board_served_for(path).url == "http://127.0.0.1:8125/b/"
    stale = serving_dir() / "8125.json"
    data = json_.loads(stale.read_text())
    stale.write_text(json_.dumps({**data, "pid": 2**22 + 12345}))  # a serve that is gone
    assert board_served_for(path) is None
    assert (stale.stat().st_mode & 0o777) == 0o600


# --------------------------------------------------------------------------- the commands


def run_cli(*args: str):
    import subprocess

    return subprocess.run(
        [sys.executable, "-m", "scorepad", *args],
        capture_output=True,
        text=True,
        timeout=30,
        stdin=subprocess.DEVNULL,
    )


def test_board_and_serve_board_refuse_a_file_that_does_not_read_in_one_line(tmp_path):
    missing = tmp_path / "nothing.jsonl"
    for args in (("board", str(missing)), ("serve", "--board", str(missing))):
        result = run_cli(*args)
        assert result.returncode == 2 and "no such file" in result.stderr, args
        assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr
    result = run_cli("board")
    assert result.returncode == 2 and "needs a terminal" in result.stderr


def test_board_help_says_what_it_follows():
    text = " ".join(run_cli("board", "--help").stdout.split())
    assert (
        "read-only board" in text
        and "the game in progress played most recently" in text
        and "rematch" in text
    )


# --------------------------------------------------------------------------- the rules' words for the board


def board_lines(game: str, items: list[dict[str, Any]]) -> tuple[str, ...]:
    from scorepad.rules import Replayer

    from .helpers import entries

    spec = GAMES[game]
    return (
        Replayer(header(game, spec["players"], sides=spec["sides"]))
        .extend(entries(game, *items))
        .state.board_lines()
    )


def test_jass_words_say_who_deals_who_names_trump_and_the_contract():
    assert board_lines("jass", [])[0] == "Hand 1: Ann deals, Bob names trump or pushes"
    dealt = board_lines("jass", JASS[:1])
    assert dealt[0] == "Hand 1: Ann dealt, Bob names trump or pushes to Dan"
    named = board_lines("jass", JASS[:3])
    assert named[0] == "Hand 1: ♥ hearts ×1 named by Bob" and any("Weis" in line for line in named)
    assert board_lines("jass", JASS[:5])[0].startswith("Hand 2: Bob dealt")
    assert board_lines("jass", JASS)[-1].startswith("Game to 2500")


def test_bridge_words_say_the_deal_the_auction_the_contract_and_the_rubber():
    assert board_lines("auction_bridge", [])[0] == "Deal 1: Ann deals and bids first"
    bidding = board_lines(
        "auction_bridge", [{"type": "deal", "dealer": "Ann"}, {"type": "bid", "player": "Ann", "call": "1H"}]
    )
    assert bidding[1] == "Bob to call, 1♥ by Ann to beat"
    playing = board_lines("auction_bridge", BRIDGE[:2])
    assert playing[1] == "Contract: Ann 1NT, 7 tricks to make"
    stage = board_lines("auction_bridge", BRIDGE)[-1]
    assert stage == "Game 2 of the rubber · games won: We 1, They 0 · to make game: We 30, They 16"


def test_the_qr_code_holds_every_module_of_the_address():
    import segno

    from scorepad.web.qr import HALF_BLOCKS, QUIET, qr_lines

    url = "http://192.168.1.20:8000/Cr3aGRwjiXLX-rNcDjZn2YmBmuda6kDR/"
    lines = qr_lines(url)
    halves = {char: pair for pair, char in HALF_BLOCKS.items()}
    modules = [[halves[c][row] for c in line] for line in lines for row in (0, 1)]
    matrix = [[bool(m) for m in row] for row in segno.make(url, error="m").matrix]
    size = len(matrix)
    assert all(len(line) == size + 2 * QUIET for line in lines)
    inner = [row[QUIET : QUIET + size] for row in modules[QUIET : QUIET + size]]
    assert inner == matrix
    assert not any(any(row) for row in modules[:QUIET] + modules[QUIET + size :])  # the light margin


def test_serve_board_beyond_this_machine_says_who_can_see_the_score():
    import subprocess

    from .test_serve import free_port

    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "scorepad", "serve", "--board", "--host", "0.0.0.0", "--port", str(port)],
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
    assert "everyone on that network who has this address (or scans the code) can see the score" in printed
    assert "type into the score pad" not in printed and "Up to 300 boards at once" in printed


async def test_a_theme_chosen_in_the_app_shows_on_the_board_and_nothing_is_written(tmp_path, scorepad_home):
    from scorepad.store.config import config_path, update_config

    path = game_file(tmp_path, "jass", upto=4)
    app = BoardApp(path)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.theme == "green-felt"
        update_config(theme="chalkboard")  # the scorekeeper's app saves the choice
        await until(pilot, lambda: app.theme == "chalkboard", 5, "the theme chosen in the app")
        before = config_path().read_bytes()
        app.theme = "paper-pad"
        await pilot.pause()
    assert config_path().read_bytes() == before  # the board keeps no preference of its own


async def test_a_fifo_named_like_a_game_is_refused_in_words_not_read(tmp_path):
    fifo = tmp_path / "game.jsonl"
    os.mkfifo(fifo)
    app = BoardApp(fifo)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        words = str(app.screen.query_one("#waiting").render())
        assert words == "game.jsonl is a pipe, not a game file: waiting for the game file"
