"""The board at its edges ("Safe at every edge"): a pipe, a device or a directory in the game file's place never
hangs it (it says so on one line, keeps answering its keys, and follows the game again once the file is back),
and no text of a hand-edited file reaches the terminal as a control or a text-direction character."""

from __future__ import annotations

import json
import os
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from textual.geometry import Region

import scorepad.follow as follow
from scorepad.follow import Follower
from scorepad.tui.board.app import BoardApp
from scorepad.tui.board.widgets import RecentDeals, SideScore, StateLines, board_text

from .helpers import entries, header, log_lines
from .test_board import FOLLOW_LIMIT, GAMES, game_file, totals_match, until, write

POLL = 0.02  # the board's poll interval here: the tests wait for what it shows, not for a quarter second
RELEASE_AFTER = 3.0  # a board blocked on the FIFO this long is let go by the test (so it fails, not hangs)
PIPE = "game.jsonl is a pipe, not a game file: waiting for the game file"


class Race:
    """The race of the issue, made certain: scorepad.follow's `os`, whose stat of the game file sees the regular
    file (moved aside) while a FIFO stands at the path, as a stat does just before a FIFO is renamed in.

    A reader that then opens the path blocking waits for a writer that never comes: a watchdog opens the FIFO
    for writing once the test has waited RELEASE_AFTER seconds, so a board that blocks ends up failing the test
    (`released` says it had to) instead of hanging it."""

    def __init__(self, path: Path, aside: Path):
        self.path, self.aside = path, aside
        self.active = False
        self.released = False
        self._stop = threading.Event()
        self._watchdog: threading.Thread | None = None

    def __getattr__(self, name: str) -> Any:
        return getattr(os, name)

    def stat(self, path: Any, *args: Any, **kwargs: Any) -> os.stat_result:
        if self.active and Path(path) == self.path:
            return os.stat(self.aside, *args, **kwargs)
        return os.stat(path, *args, **kwargs)

    def swap_in_fifo(self) -> None:
        """The game file moved aside, a FIFO renamed into its place, and the stat made to miss it."""
        os.rename(self.path, self.aside)
        fifo = self.path.with_name(".fifo")
        os.mkfifo(fifo)
        os.rename(fifo, self.path)
        self.active = True
        self._stop.clear()
        self._watchdog = threading.Thread(target=self._release, daemon=True)
        self._watchdog.start()

    def move_back(self) -> None:
        """The game file renamed back over the FIFO."""
        self.done()
        self.active = False
        os.replace(self.aside, self.path)

    def done(self) -> None:
        self._stop.set()
        if self._watchdog is not None:
            self._watchdog.join(5)

    def _release(self) -> None:
        if self._stop.wait(RELEASE_AFTER):
            return
        while not self._stop.is_set():  # a writer opening the FIFO lets a reader blocked in open() go (EOF)
            try:
                os.close(os.open(self.path, os.O_WRONLY | os.O_NONBLOCK))
                self.released = True
            except OSError:
                pass
            time.sleep(0.05)


@pytest.fixture
def race(tmp_path, monkeypatch):
    path = tmp_path / "game.jsonl"
    made = Race(path, tmp_path / "aside.jsonl")
    monkeypatch.setattr(follow, "os", made)
    yield made
    made.done()


def new_game(path: Path, game: str, upto: int) -> Path:
    """The game's deals up to `upto` at `path` (the same game_file, under the name the test wants)."""
    os.rename(game_file(path.parent, game, upto=upto), path)
    return path


def state_words(app: BoardApp) -> str:
    return str(app.screen.query_one(StateLines).render())


# --------------------------------------------------------------------------- never blocked


def test_the_follower_meets_a_fifo_renamed_in_after_its_stat_and_does_not_block(race):
    spec = GAMES["five_hundred"]
    new_game(race.path, "five_hundred", upto=3)
    follower = Follower(race.path)
    assert follower.poll() and follower.sheet is not None and not follower.problem
    totals = dict(follower.sheet.totals)

    race.swap_in_fifo()
    with race.aside.open("ab") as out:  # the game goes on in the file moved aside: the stat sees it grow
        head = header("five_hundred", spec["players"])
        lines = log_lines(head, entries("five_hundred", *spec["entries"][:6])).splitlines(True)
        out.write("".join(lines[-3:]).encode())  # the next deal, whole
    start = time.monotonic()
    assert follower.poll()
    assert not race.released, "the follower blocked opening the FIFO"
    assert time.monotonic() - start < 1
    assert follower.problem == PIPE and follower.waiting
    assert dict(follower.sheet.totals) == totals  # the last good score stays
    assert not follower.poll()  # said once

    race.move_back()
    assert follower.poll() and not follower.problem and not follower.waiting
    assert dict(follower.sheet.totals) != totals  # the deal written meanwhile is read


async def test_a_fifo_swapped_in_while_the_board_runs_is_said_and_the_game_is_followed_again(race):
    spec = GAMES["five_hundred"]
    new_game(race.path, "five_hundred", upto=6)
    app = BoardApp(race.path, poll_seconds=POLL)
    async with app.run_test(size=(80, 24)) as pilot:
        check, before = totals_match(app, race.path)
        await until(pilot, check, FOLLOW_LIMIT, "the game as it was")

        race.swap_in_fifo()
        await write(race.aside, *spec["entries"][6:9])  # the stat sees the game grow; the open meets the FIFO
        await until(
            pilot, lambda: PIPE in state_words(app), FOLLOW_LIMIT, "that a pipe stands in the game's place"
        )
        assert not race.released, "the board blocked opening the FIFO"
        assert state_words(app).splitlines()[-1] == PIPE, "the report is a line of its own"
        assert check(), "the last good score stays"

        race.move_back()
        check, after = totals_match(app, race.path)
        assert after != before
        await until(pilot, check, FOLLOW_LIMIT, f"the game again, with the deal written meanwhile {after}")
        assert PIPE not in state_words(app)

        race.swap_in_fifo()  # and again, then Ctrl+Q at once: the board still answers its quit key
        await write(race.aside, *spec["entries"][9:12])
        await until(pilot, lambda: PIPE in state_words(app), FOLLOW_LIMIT, "the pipe again")
        await pilot.press("ctrl+q")
        start = time.monotonic()
    assert app.return_code == 0 and time.monotonic() - start < FOLLOW_LIMIT
    assert not race.released, "the board blocked opening the FIFO"


def _pipe(path: Path) -> str:
    os.mkfifo(path)
    return "a pipe"


def _directory(path: Path) -> str:
    path.mkdir()
    return "a directory"


def _link_to_a_pipe(path: Path) -> str:
    os.mkfifo(path.with_name("elsewhere"))
    path.symlink_to(path.with_name("elsewhere"))
    return "a pipe"


def _link_to_a_device(path: Path) -> str:
    path.symlink_to("/dev/zero")  # endless bytes: read, it would never end
    return "a device"


@pytest.mark.parametrize("put", [_pipe, _directory, _link_to_a_pipe, _link_to_a_device])
async def test_anything_but_a_game_file_in_its_place_is_said_on_one_line_and_the_file_is_followed_back(
    tmp_path, put
):
    path = new_game(tmp_path / "game.jsonl", "jass", upto=4)
    aside = tmp_path / "aside.jsonl"
    app = BoardApp(path, poll_seconds=POLL)
    async with app.run_test(size=(80, 24)) as pilot:
        check, before = totals_match(app, path)
        await until(pilot, check, FOLLOW_LIMIT, "the game")
        os.rename(path, aside)
        what = put(path)
        report = f"game.jsonl is {what}, not a game file: waiting for the game file"
        await until(pilot, lambda: report in state_words(app), FOLLOW_LIMIT, report)
        assert check(), "the last good score stays"
        await write(aside, *GAMES["jass"]["entries"][4:7])
        if path.is_dir() and not path.is_symlink():
            path.rmdir()
        os.replace(aside, path)
        check, after = totals_match(app, path)
        assert after != before
        await until(pilot, check, FOLLOW_LIMIT, "the game back, as it went on")
        assert report not in state_words(app)


async def test_a_game_file_that_goes_away_is_waited_for(tmp_path):
    path = new_game(tmp_path / "game.jsonl", "jass", upto=4)
    app = BoardApp(path, poll_seconds=POLL)
    async with app.run_test(size=(80, 24)) as pilot:
        check, _ = totals_match(app, path)
        await until(pilot, check, FOLLOW_LIMIT, "the game")
        os.rename(path, tmp_path / "aside.jsonl")
        gone = "game.jsonl is not there: waiting for the game file"
        await until(pilot, lambda: gone in state_words(app), FOLLOW_LIMIT, gone)
        os.rename(tmp_path / "aside.jsonl", path)
        await until(pilot, lambda: gone not in state_words(app), FOLLOW_LIMIT, "the game back")
        assert check()


# --------------------------------------------------------------------------- nothing raw reaches the terminal

RAW = ("\u202e", "\u2066", "\u200b", "\x1b")  # none of these may reach the terminal
TITLE = "Fri\u202eday \u2066night\u2069 zero\u200bwidth \x1b[31mred"
HOSTILE = {"Ann": "A\u202enn", "Bob": "B\u2066ob", "Cid": "C\u200bid", "Dan": "D\x1b[31man"}


def hostile_items(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The game's entries with each player called by a hostile name (side labels made of names follow)."""
    text = json.dumps(items)
    for plain, hostile in HOSTILE.items():
        text = text.replace(plain, json.dumps(hostile)[1:-1])
    return json.loads(text)


def hostile_game(path: Path, game: str) -> Path:
    spec = GAMES[game]
    players = [HOSTILE[p] for p in spec["players"]]
    sides = None
    if spec["sides"]:  # the bridge sides' labels are the file's words too
        sides = {
            "W\u202ee": [HOSTILE["Ann"], HOSTILE["Cid"]],
            "They\u200b\x1b[31m": [HOSTILE["Bob"], HOSTILE["Dan"]],
        }
    items = hostile_items(spec["entries"])
    if sides:
        for plain, label in zip(("We", "They"), sides, strict=True):
            items = json.loads(json.dumps(items).replace(json.dumps(plain), json.dumps(label)))
    path.write_text(
        log_lines(header(game, players, sides=sides, title=TITLE), entries(game, *items)), encoding="utf-8"
    )
    return path


def rendered(app: BoardApp) -> str:
    """What the board puts on the terminal: the screen as the terminal gets it, and each widget's own text."""
    parts = [app.export_screenshot()]
    screen = app.screen
    parts.append(str(screen.query_one("#board-title").render()))
    parts += [str(score.line.render()) for score in screen.query(SideScore)]
    parts.append(state_words(app))
    for widget in screen.query("RecentDeals, JassTafel, BridgePad"):
        parts += [strip.text for strip in widget.render_lines(Region(0, 0, *widget.size))]
    return "\n".join(parts)


def raw_in(text: str) -> list[str]:
    return [repr(char) for char in RAW if char in text]


@pytest.mark.parametrize("size", [(80, 24), (160, 45)])
@pytest.mark.parametrize("game", list(GAMES))
async def test_title_names_rows_and_reports_never_reach_the_terminal_raw(tmp_path, game, size):
    path = hostile_game(tmp_path / "fri\u202eday.jsonl", game)
    app = BoardApp(path, poll_seconds=POLL)
    async with app.run_test(size=size) as pilot:
        await until(
            pilot,
            lambda: (
                bool(app.screen.query(SideScore))
                and any(
                    "\\u" in str(score.line.render()) or "\\x1b" in str(score.line.render())
                    for score in app.screen.query(SideScore)
                )
            ),
            FOLLOW_LIMIT,
            "the game",
        )
        await pilot.pause()
        title = str(app.screen.query_one("#board-title").render())
        assert "Fri\\u202eday \\u2066night\\u2069 zero\\u200bwidth \\x1b[31mred" in title
        names = " ".join(str(score.line.render()) for score in app.screen.query(SideScore))
        assert "\\u202e" in names and "\\u200b" in names
        if app.screen.query(RecentDeals):
            assert app.screen.query_one(RecentDeals).sheet is not None
        assert raw_in(rendered(app)) == []

        # a line the board cannot follow quotes the file's words in its report: made visible too
        with path.open("a", encoding="utf-8") as out:
            out.write(
                json.dumps(
                    {
                        "seq": len(GAMES[game]["entries"]) + 1,
                        "type": "note",
                        "text": "x",
                        "at": "2026-11-29T20:15:00+00:00",
                        "b\u202ead\u200b\x1b[31m": 1,
                    }
                )
                + "\n"
            )
        await until(
            pilot,
            lambda: "Cannot follow the game just now" in state_words(app),
            FOLLOW_LIMIT,
            "that a line does not read",
        )
        assert "b\\u202ead\\u200b\\x1b[31m" in state_words(app)
        assert raw_in(rendered(app)) == []

        # and the file's name, when a pipe stands in its place
        os.rename(path, tmp_path / "aside.jsonl")
        os.mkfifo(path)
        report = "fri\\u202eday.jsonl is a pipe, not a game file: waiting for the game file"
        await until(pilot, lambda: report in state_words(app), FOLLOW_LIMIT, report)
        assert raw_in(rendered(app)) == []


def test_board_text_writes_out_every_control_and_format_character():
    assert board_text("A\u202enn \u2066B\u2069 C\u200bid \u200d\u2060\ufeff\u00ad \x1b[31m \x9b \n") == (
        "A\\u202enn \\u2066B\\u2069 C\\u200bid \\u200d\\u2060\\ufeff\\xad \\x1b[31m \\x9b \\n"
    )
    assert board_text("Zoë & Jürg ♥ 7NT") == "Zoë & Jürg ♥ 7NT"
    once = board_text(TITLE)
    assert board_text(once) == once  # text already made visible stays as it is
