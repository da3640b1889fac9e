"""Beyond the pad: the chart (F3), the export dialog (F4) and the statistics screen (home `s`)."""

from __future__ import annotations

import io
import json

from rich.console import Console
from textual.widgets import Input, Sparkline, Static

from scorepad.demo import FIVE_HUNDRED
from scorepad.games import replay_file
from scorepad.text.export import to_markdown
from scorepad.tui.screens import chart
from scorepad.tui.screens.chart import ChartScreen, course
from scorepad.tui.screens.export import ExportScreen
from scorepad.tui.screens.game import GameScreen
from scorepad.tui.screens.home import HomeScreen
from scorepad.tui.screens.stats import StatsScreen
from tests.helpers import entries, header, log_lines

from .conftest import make_app, settle

PLAYERS = ["Ann", "Bob", "Cid"]
DEALS = FIVE_HUNDRED[:6]  # the demo's first two deals: Bob 7♥ made, Cid 6NT set


def write_game(home, items=DEALS, name="friday.jsonl"):
    games = home / "games"
    games.mkdir(parents=True, exist_ok=True)
    path = games / name
    path.write_text(
        log_lines(header("five_hundred", PLAYERS, title="Friday"), entries("five_hundred", *items))
    )
    return path


async def test_f3_charts_each_sides_totals_and_escape_closes(scorepad_home):
    path = write_game(scorepad_home)
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        await pilot.press("f3")
        await settle(pilot)
        assert isinstance(app.screen, ChartScreen)
        assert app.screen.query("#chart-plot") or app.screen.query(Sparkline)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        await pilot.press("f3")
        await settle(pilot)
        await pilot.press("f3")  # the key that opens it closes it too
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)


async def test_without_plotext_each_side_gets_a_sparkline(scorepad_home, monkeypatch):
    monkeypatch.setattr(chart, "PlotextPlot", None)
    app = make_app(open_path=write_game(scorepad_home))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("f3")
        await settle(pilot)
        assert isinstance(app.screen, ChartScreen)
        assert len(app.screen.query(Sparkline)) == len(PLAYERS)


def test_course_starts_at_zero_and_follows_the_rows(scorepad_home):
    sheet, _ = replay_file(write_game(scorepad_home))
    lines = course(sheet)
    assert set(lines) == set(PLAYERS)
    for side, totals in lines.items():
        assert totals == [0, *(row.totals[side] for row in sheet.rows)]
    # written out: Bob's 7♥ made (200, the others 10 each), then Cid's 6NT set (−120, Ann 30, Bob 20)
    assert lines == {"Ann": [0, 10, 40], "Bob": [0, 200, 220], "Cid": [0, 10, -110]}


async def test_chart_of_a_game_without_deals_says_so(scorepad_home):
    path = write_game(scorepad_home, items=[])
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("f3")
        await settle(pilot)
        assert isinstance(app.screen, ChartScreen)
        assert "No deal" in str(app.screen.query_one("#chart-empty", Static).render())


async def test_f4_then_m_writes_markdown_to_the_exports_folder(scorepad_home):
    path = write_game(scorepad_home)
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("f4")
        await settle(pilot)
        assert isinstance(app.screen, ExportScreen)
        await pilot.press("m")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        written = scorepad_home / "exports" / path.with_suffix(".md").name  # never in the games folder
        assert sorted(p.name for p in path.parent.iterdir()) == [path.name]
        assert written.read_text(encoding="utf-8") == to_markdown(app.screen.sheet)
        assert any(str(written) in n.message for n in app._notifications)


async def test_export_to_a_typed_path_takes_its_format_from_the_suffix(scorepad_home, tmp_path):
    path = write_game(scorepad_home)
    target = tmp_path / "out" / "sheet.json"
    target.parent.mkdir()
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("f4")
        await settle(pilot)
        app.screen.query_one("#export-path", Input).value = str(target)
        app.screen.query_one("#export-path", Input).focus()
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
    data = json.loads(target.read_text(encoding="utf-8"))
    assert data["game"] == "five_hundred" and len(data["rows"]) == 2


async def test_export_refuses_a_path_without_a_format_and_escape_writes_nothing(scorepad_home, tmp_path):
    path = write_game(scorepad_home)
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("f4")
        await settle(pilot)
        field = app.screen.query_one("#export-path", Input)
        field.value = str(tmp_path / "sheet.txt")
        field.focus()
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ExportScreen)
        assert ".csv, .md or .json" in str(app.screen.query_one("#export-error", Static).render())
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
    assert not (tmp_path / "sheet.txt").exists()
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]


async def test_home_s_shows_statistics_and_escape_goes_back(scorepad_home):
    write_game(scorepad_home)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, StatsScreen)
        assert app.screen.stats.games["five_hundred"] == 1
        console = Console(width=120, record=True, file=io.StringIO())
        console.print(app.screen.query_one("#stats", Static).content)
        text = console.export_text()
        assert "Ann" in text and "Five Hundred" in text
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)


async def _export_to(pilot, target, button=None):
    await pilot.press("f4")
    await settle(pilot)
    assert isinstance(pilot.app.screen, ExportScreen)
    field = pilot.app.screen.query_one("#export-path", Input)
    field.focus()
    field.value = str(
        target
    )  # put there as a paste would: typing a long temporary path key by key takes seconds
    field.cursor_position = len(field.value)
    if button:
        await pilot.click(f"#export-{button}")
    else:
        await pilot.press("enter")
    await settle(pilot)


async def test_f4_refuses_the_games_own_file_and_the_games_folder(scorepad_home):
    path = write_game(scorepad_home)
    other = write_game(scorepad_home, name="other.jsonl")
    before = {p: p.read_bytes() for p in (path, other)}
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for target, button in [
            (path.with_suffix(".json"), None),
            (path, None),
            (path, "md"),
            (other, "csv"),
            (other.parent, "json"),
        ]:
            await _export_to(pilot, target, button)
            assert isinstance(app.screen, ExportScreen)
            said = str(app.screen.query_one("#export-error", Static).render())
            assert said.startswith("Not written: ") and ("games folder" in said or "own log" in said)
            await pilot.press("escape")
            await settle(pilot)
    assert {p: p.read_bytes() for p in (path, other)} == before
    assert sorted(p.name for p in path.parent.iterdir()) == ["friday.jsonl", "other.jsonl"]


async def test_f4_refuses_a_game_log_outside_the_games_folder(scorepad_home, tmp_path):
    path = write_game(scorepad_home)
    copy = tmp_path / "copy.json"
    copy.write_bytes(path.read_bytes())
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await _export_to(pilot, copy)
        assert "is a scorepad game log" in str(app.screen.query_one("#export-error", Static).render())
    assert copy.read_bytes() == path.read_bytes()


async def test_f4_replaces_an_existing_file_only_after_yes(scorepad_home, tmp_path):
    from scorepad.tui.screens.export import ReplaceScreen

    path = write_game(scorepad_home)
    target = tmp_path / "sheet.md"
    target.write_text("my notes\n")
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await _export_to(pilot, target)
        assert isinstance(app.screen, ReplaceScreen)
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, ExportScreen)
        assert target.read_text() == "my notes\n"
        await pilot.press("enter")  # the path is still typed: asked again
        await settle(pilot)
        assert isinstance(app.screen, ReplaceScreen)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert target.read_text(encoding="utf-8") == to_markdown(app.screen.sheet)
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".part")] == []


async def test_f4_twice_asks_before_replacing_the_first_export(scorepad_home):
    from scorepad.tui.screens.export import ReplaceScreen

    path = write_game(scorepad_home)
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for _ in range(2):
            await pilot.press("f4")
            await settle(pilot)
            await pilot.press("c")
            await settle(pilot)
        assert isinstance(app.screen, ReplaceScreen)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
    assert (scorepad_home / "exports" / "friday.csv").read_text(encoding="utf-8").startswith("#,deal,")
