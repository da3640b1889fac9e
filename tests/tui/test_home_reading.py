"""Saved games are read in a worker: the home list and the statistics paint at once, show how far the reading
is, fill in as games come, stop when left, and say one line for a file they cannot read."""

from __future__ import annotations

import asyncio
import io
import os
import shutil
import threading
from pathlib import Path

import pytest
from rich.console import Console
from textual.widgets import DataTable, Static

from scorepad.demo import FIVE_HUNDRED
from scorepad.library import saved
from scorepad.library.stats import collect_stats
from scorepad.rules.base import Replayer
from scorepad.tui.screens import home, stats
from scorepad.tui.screens.game import GameScreen
from scorepad.tui.screens.home import HomeScreen
from scorepad.tui.screens.stats import StatsScreen
from tests.helpers import entries, header, log_lines

from .conftest import make_app, settle

GAMES = 60
PLAYERS = ["Ann", "Bob", "Cid"]


def write_games(home_dir: Path, count: int = GAMES) -> list[Path]:
    games = home_dir / "games"
    games.mkdir(parents=True, exist_ok=True)
    text = log_lines(
        header("five_hundred", PLAYERS, title="Friday"), entries("five_hundred", *FIVE_HUNDRED[:6])
    )
    paths = []
    for number in range(count):
        path = games / f"game-{number:03}.jsonl"
        path.write_text(text)
        os.utime(path, (1_700_000_000 - number * 60, 1_700_000_000 - number * 60))  # game-000 is the newest
        paths.append(path)
    return paths


class Gate:
    """Lets the reading through `open_after` games, then holds it until `release()`: the test sees the screen
    while the reading is under way, without timing anything. Counts the games read through the rules (a game the
    index holds as its file is now is not)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, open_after: int):
        self.read = 0
        self.open_after = open_after
        self.event = threading.Event()
        self.holding = threading.Event()
        real = saved.read_game

        def gated(*args, **kwargs):
            self.read += 1
            if self.read > self.open_after:
                self.holding.set()
                assert self.event.wait(timeout=60), "the test never released the reading"
            return real(*args, **kwargs)

        monkeypatch.setattr(saved, "read_game", gated)

    async def held(self, pilot) -> None:
        """Until the reading is held at the gate (what came before it was handed to the screen)."""
        assert await asyncio.to_thread(self.holding.wait, 60), "the reading never reached the gate"
        await pilot.pause()

    def release(self) -> None:
        self.event.set()


async def until(pilot, condition, rounds: int = 500) -> None:
    """Let the app run until `condition()` holds (a state, not a time)."""
    for _ in range(rounds):
        if condition():
            return
        await pilot.pause()
    raise AssertionError("the screen never got there")


def text_of(screen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


async def test_the_list_shows_rows_and_progress_before_all_are_read_then_fills(scorepad_home, monkeypatch):
    paths = write_games(scorepad_home)
    monkeypatch.setattr(home, "BATCH_ROWS", 5)
    monkeypatch.setattr(home, "BATCH_SECONDS", 3600)  # batches by count alone: a slow machine changes nothing
    gate = Gate(monkeypatch, open_after=12)
    app = make_app()
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.screen
            assert isinstance(screen, HomeScreen)
            table = screen.query_one("#games", DataTable)
            await gate.held(pilot)
            assert table.row_count == 10  # painted and usable before the reading is done
            assert screen.query_one("#home-progress", Static).display
            assert f"of {GAMES}" in text_of(screen, "#home-progress")
            assert table.has_focus
            await pilot.press("down", "down")
            assert table.cursor_row == 2
            gate.release()
            await settle(pilot)
            assert table.row_count == GAMES
            assert not screen.query_one("#home-progress", Static).display
            assert table.cursor_row == 2  # the rows that came later did not move the cursor
            assert [str(table.get_row_at(0)[3]), table.coordinate_to_cell_key((0, 0)).row_key.value] == [
                "in play, 2 scored",
                str(paths[0]),
            ]
    finally:
        gate.release()


async def test_between_two_batches_of_rows_the_reading_line_says_how_far_the_reading_is(
    scorepad_home, monkeypatch
):
    write_games(scorepad_home)
    monkeypatch.setattr(home, "FIRST_ROWS", 5)
    monkeypatch.setattr(home, "BATCH_ROWS", 10_000)
    monkeypatch.setattr(home, "BATCH_SECONDS", 3600)  # after the first five rows, no batch until the end
    monkeypatch.setattr(home, "PROGRESS_SECONDS", 0)  # the line told after every game
    gate = Gate(monkeypatch, open_after=12)
    app = make_app()
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.screen
            table = screen.query_one("#games", DataTable)
            await gate.held(pilot)
            await until(pilot, lambda: "12 of" in text_of(screen, "#home-progress"))
            assert table.row_count == 5  # the rows wait for their batch; the line does not
            assert text_of(screen, "#home-progress") == home.reading_line(12, GAMES)
            gate.release()
            await settle(pilot)
            assert table.row_count == GAMES
            assert not screen.query_one("#home-progress", Static).display
    finally:
        gate.release()


async def test_enter_on_a_row_already_listed_opens_it_while_the_rest_is_read(scorepad_home, monkeypatch):
    paths = write_games(scorepad_home)
    monkeypatch.setattr(home, "BATCH_ROWS", 5)
    monkeypatch.setattr(home, "BATCH_SECONDS", 3600)  # batches by count alone: a slow machine changes nothing
    gate = Gate(monkeypatch, open_after=7)
    app = make_app()
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            table = app.screen.query_one("#games", DataTable)
            await gate.held(pilot)
            assert table.row_count == 5
            await pilot.press("down", "enter")
            await until(pilot, lambda: isinstance(app.screen, GameScreen))
            assert app.screen.game_file.path == paths[1]
            gate.release()
            await settle(pilot)
            assert gate.read < GAMES  # the reading stopped when the game opened over the list
            await pilot.press("escape")
            await settle(pilot)
            assert isinstance(app.screen, HomeScreen)
            assert app.screen.query_one("#games", DataTable).row_count == GAMES
    finally:
        gate.release()


async def test_coming_back_to_the_list_reads_only_what_changed(scorepad_home, monkeypatch):
    paths = write_games(scorepad_home, count=8)
    gate = Gate(monkeypatch, open_after=10_000)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert gate.read == 8
        with paths[3].open("a") as file:  # one game played on a deal: it is read again, the others are kept
            file.writelines(
                log_lines(
                    header("five_hundred", PLAYERS), entries("five_hundred", *FIVE_HUNDRED[:9])
                ).splitlines(keepends=True)[-3:]
            )
        await pilot.press("r")
        await settle(pilot)
        assert gate.read == 9
        statuses = [str(app.screen.query_one("#games", DataTable).get_row_at(row)[3]) for row in range(8)]
        assert statuses.count("in play, 2 scored") == 7 and statuses.count("in play, 3 scored") == 1


async def test_a_hostile_file_among_many_is_one_line(scorepad_home, monkeypatch):
    write_games(scorepad_home, count=20)
    games = scorepad_home / "games"
    (games / "noise.jsonl").write_bytes(b"\x1b[31m\x00\xff not a game\n")
    stumbles = games / "stumbles.jsonl"
    stumbles.write_text(
        log_lines(header("five_hundred", PLAYERS), entries("five_hundred", *FIVE_HUNDRED[:3]))
    )
    extend = Replayer.extend

    def stumbling(self, entries):
        if not self.header.title:  # stumbles.jsonl's alone (the others are "Friday")
            raise KeyError("a law the rules did not expect")
        return extend(self, entries)

    monkeypatch.setattr(Replayer, "extend", stumbling)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.query_one("#games", DataTable).row_count == 20
        lines = text_of(screen, "#damaged").splitlines()
        assert len(lines) == 2 and all(line.startswith("Cannot read ") for line in lines)
        assert "noise.jsonl" in lines[0] or "noise.jsonl" in lines[1]
        assert any("stumbles.jsonl: cannot be scored (a fault of scorepad's" in line for line in lines)
        assert not any("KeyError" in line or "law the rules" in line for line in lines)
        assert not any("\x1b" in line or "\x00" in line for line in lines)
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, StatsScreen)
        assert app.screen.stats is not None and len(app.screen.stats.damaged) == 2
        assert app.screen.stats.games["five_hundred"] == 20


async def test_statistics_show_progress_then_the_figures(scorepad_home, monkeypatch):
    write_games(scorepad_home, count=30)
    monkeypatch.setattr(stats, "PROGRESS_SECONDS", 0)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        gate = Gate(monkeypatch, open_after=0)
        shutil.rmtree(scorepad_home / "cache")  # counted from the files, not from the index the list filled
        try:
            await pilot.press("s")
            screen = app.screen
            assert isinstance(screen, StatsScreen)
            await gate.held(pilot)
            await until(pilot, lambda: "of 30" in text_of(screen, "#stats-progress"))
            assert screen.stats is None and text_of(screen, "#stats") == ""
            gate.release()
            await settle(pilot)
        finally:
            gate.release()
        assert not screen.query_one("#stats-progress", Static).display
        assert screen.stats is not None and screen.stats.games["five_hundred"] == 30
        console = Console(width=80, record=True, file=io.StringIO())
        console.print(screen.query_one("#stats", Static).content)
        assert "30 games (30 Five Hundred), 0 finished." in console.export_text()


async def test_leaving_the_statistics_stops_the_count(scorepad_home, monkeypatch):
    write_games(scorepad_home, count=30)
    counted: list[int] = []
    real = stats.collect_stats

    def counting(*, progress, cancelled, **rest):
        def seen(done: int, total: int) -> None:
            counted.append(done)
            progress(done, total)

        return real(progress=seen, cancelled=cancelled, **rest)

    monkeypatch.setattr(stats, "collect_stats", counting)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        shutil.rmtree(scorepad_home / "cache")
        gate = Gate(monkeypatch, open_after=3)
        try:
            await pilot.press("s")
            await gate.held(pilot)  # the count is held at the fourth game
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, HomeScreen))
            gate.release()
            await settle(pilot)
        finally:
            gate.release()
        assert counted and max(counted) == 4  # the fourth game was read; none after it
        assert app.screen.query_one("#games", DataTable).row_count == 30


def test_the_list_and_the_statistics_wait_for_their_first_frame_the_same_way():
    # one constant for both readings, in a module of its own (stats importing home would be a cycle)
    import ast
    import inspect

    from scorepad.tui.screens import first_paint
    from tests.test_layers import imports_of

    for screen in ("scorepad.tui.screens.home", "scorepad.tui.screens.stats"):
        assert "scorepad.tui.screens.first_paint" in imports_of(screen), screen
        assert "scorepad.tui.screens.home" not in imports_of("scorepad.tui.screens.stats")
    for module in (home, stats):
        waits = [
            node
            for node in ast.walk(ast.parse(inspect.getsource(module)))
            if isinstance(node, ast.Attribute) and node.attr == "wait"
        ]
        assert waits == [], f"{module.__name__} waits on its own"
    assert first_paint.FIRST_PAINT_WAIT > 0


async def test_back_from_a_game_the_cursor_is_on_the_game_left(scorepad_home):
    paths = write_games(scorepad_home, count=5)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen.query_one("#games", DataTable)
        assert table.row_count == 5 and table.cursor_row == 0
        await pilot.press("down", "down", "enter")  # the third game, game-002
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and app.screen.game_file.path == paths[2]
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        table = app.screen.query_one("#games", DataTable)
        assert table.row_count == 5
        assert table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value == str(paths[2])
        await pilot.press("up", "enter")  # and the keys go on from there
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and app.screen.game_file.path == paths[1]


@pytest.mark.parametrize("between", ["reload", "resize"])  # what the screen does before it takes the rows
async def test_rows_handed_over_by_a_reading_stopped_meanwhile_are_not_listed_twice(
    scorepad_home, monkeypatch, between
):
    # a reading hands its rows to the screen's thread and waits; if the list was read again (r, coming back to it)
    # before the screen took them, they belonged to the stopped reading: listed, then listed again by the new one,
    # they raised DuplicateKey (and a Resize re-filling the table from the rows read did too)
    paths = write_games(scorepad_home)
    monkeypatch.setattr(home, "BATCH_SECONDS", 3600)  # the first screenful, then the rest at the end
    gate = Gate(monkeypatch, open_after=home.FIRST_ROWS)
    app = make_app()
    handing = threading.Event()
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.screen
            assert isinstance(screen, HomeScreen)
            table = screen.query_one("#games", DataTable)
            await gate.held(pilot)
            assert table.row_count == home.FIRST_ROWS
            real = app.call_from_thread

            def handed(callback, *args, **kwargs):
                handing.set()
                return real(callback, *args, **kwargs)

            monkeypatch.setattr(app, "call_from_thread", handed)
            gate.release()
            # this thread held until the reading has handed over its last rows: they wait for it meanwhile
            assert handing.wait(timeout=60), "the reading never handed its rows over"
            screen.reload()
            if between == "resize":  # the table filled again in wider columns between the two readings' rows
                await pilot.resize_terminal(160, 45)
            await settle(pilot)
            if between == "resize":
                await pilot.resize_terminal(80, 24)
                await settle(pilot)
            keys = [row.key.value for row in table.ordered_rows]
            assert keys == [str(path) for path in paths]
            assert not screen.query_one("#home-progress", Static).display
    finally:
        gate.release()


async def test_figures_handed_over_by_a_count_stopped_meanwhile_are_not_shown(scorepad_home, monkeypatch):
    # r pressed on the statistics just as the count before handed its figures over: they are not shown (the new
    # count's reading line stays until its own figures come, and those count the game played meanwhile)
    paths = write_games(scorepad_home, count=10)
    app = make_app()
    handing, go = threading.Event(), threading.Event()
    gate = None
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            real = app.call_from_thread

            def handed(callback, *args, **kwargs):
                if not handing.is_set():  # the count's figures (it looked: not stopped), held a moment
                    handing.set()
                    assert go.wait(timeout=60), "the test never let the figures go"
                return real(callback, *args, **kwargs)

            monkeypatch.setattr(app, "call_from_thread", handed)
            await pilot.press("s")
            screen = app.screen
            assert isinstance(screen, StatsScreen)
            assert await asyncio.to_thread(handing.wait, 60), "the count never handed its figures over"
            paths[0].write_text(
                "".join(
                    log_lines(
                        header("five_hundred", PLAYERS, title="Friday"),
                        entries("five_hundred", *FIVE_HUNDRED),
                    )
                )
            )
            gate = Gate(monkeypatch, open_after=0)  # the new count held at the game played since
            screen.action_reload()
            go.set()  # the stopped count's figures reach the screen now, behind the new count's start
            await gate.held(pilot)
            await pilot.pause()
            assert screen.stats is None
            assert screen.query_one("#stats-progress", Static).display
            gate.release()
            await settle(pilot)
            assert screen.stats is not None and not screen.query_one("#stats-progress", Static).display
            assert screen.stats == collect_stats(scorepad_home / "games")
    finally:
        go.set()
        if gate is not None:
            gate.release()


async def test_counting_again_shows_the_new_counts_progress_and_not_a_stopped_counts(
    scorepad_home, monkeypatch
):
    write_games(scorepad_home, count=30)
    monkeypatch.setattr(stats, "PROGRESS_SECONDS", 0)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("s")
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        await settle(pilot)
        first = screen.counting
        assert screen.stats is not None and first is None  # the first count's figures stand
        gate = Gate(monkeypatch, open_after=0)
        shutil.rmtree(scorepad_home / "cache")
        try:
            await pilot.press("r")
            await gate.held(pilot)
            await until(pilot, lambda: "of 30" in text_of(screen, "#stats-progress"))
            stopped = screen.counting
            assert stopped is not None
            screen.action_reload()  # r again: a line the stopped count posted late is not shown
            screen.post_message(StatsScreen.Progress(stopped, 7, 99))
            await pilot.pause()
            await pilot.pause()
            assert "of 99" not in text_of(screen, "#stats-progress")
            gate.release()
            await settle(pilot)
        finally:
            gate.release()
        assert screen.counting is None and not screen.query_one("#stats-progress", Static).display
        assert screen.stats is not None and screen.stats.games["five_hundred"] == 30
