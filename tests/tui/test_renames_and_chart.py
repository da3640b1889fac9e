"""One name for a player everywhere after a rename; the chart's ticks, steps, target and winner."""

from __future__ import annotations

from textual.widgets import Input

from scorepad.cli.main import main
from scorepad.log import Rename
from scorepad.rules.base import retold
from scorepad.text.export import to_csv, to_markdown
from scorepad.tui.screens.chart import steps, whole_ticks
from scorepad.tui.widgets.sheet_table import SheetTable

from .conftest import make_app, settle
from .test_layout import populated


def test_retold_changes_whole_names_only():
    then = {"Ann": "Ann", "Bob": "Bob", "Anna": "Anna"}
    now = {"Ann": "Annie", "Bob": "Bob", "Anna": "Anna"}
    assert retold("Ann 7♠ made; Anna and Bob", then, now) == "Annie 7♠ made; Anna and Bob"
    assert retold("Annie deals", now, now) == "Annie deals"  # said with the new name already: unchanged


async def test_after_a_rename_the_sheet_the_exports_list_and_replay_say_the_new_name(scorepad_home, capsys):
    path = populated("five_hundred")
    app = make_app(open_path=path)
    async with app.run_test(size=(160, 45)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.log_entries([Rename(player="Ann", new_name="Annie")])
        await settle(pilot)
        table = screen.query_one(SheetTable)
        first = [str(cell) for cell in table.get_row_at(0)]
        assert first[1] == "Annie" and "Ann" not in first  # the dealer column of deal 1
        third = [str(cell) for cell in table.get_row_at(2)]
        assert third[3] == "Annie"  # the "by" column: Annie's 8♠
        assert "Annie" in str(
            table.columns[next(k for k in table.columns if "side-Ann" in str(k.value))].label
        )
        sheet = screen.sheet
        assert "Annie" in to_csv(sheet).splitlines()[0] and "Ann +/-" not in to_csv(sheet)
        assert "Annie" in to_markdown(sheet) and "| Ann |" not in to_markdown(sheet)
        assert isinstance(app.focused, Input)
    assert main(["list"]) == 0
    assert "Annie, Bob, Cid" in capsys.readouterr().out
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Annie" in out and "Ann " not in out.replace("Annie", "")


def test_chart_ticks_are_whole_and_lines_step_per_deal():
    ticks = whole_ticks(-110, 541)
    assert all(isinstance(t, int) for t in ticks) and ticks[0] <= -110 and ticks[-1] >= 541
    assert len(set(b - a for a, b in zip(ticks, ticks[1:], strict=False))) == 1  # one round step
    xs, ys = steps([0, 10, 40])
    assert list(zip(xs, ys, strict=True)) == [(0, 0), (1, 0), (1, 10), (2, 10), (2, 40)]  # flat, then a step


async def test_the_chart_draws_the_target_and_marks_the_winner(scorepad_home):
    from scorepad.tui.screens.chart import ChartScreen

    app = make_app(open_path=populated("jass"))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("f3")
        await settle(pilot)
        chart = app.screen
        assert isinstance(chart, ChartScreen) and chart.target == 2500


def _finished_five_hundred():
    from scorepad.log import parse_entry
    from scorepad.store.game_file import GameFile, create

    from ..helpers import header

    path = create(header("five_hundred", ["Ann", "Bob", "Cid"]))
    items = [
        {"type": "deal", "dealer": "Ann"},
        {"type": "contract", "player": "Bob", "call": "8S"},
        {"type": "result", "tricks": {"Ann": 1, "Bob": 8, "Cid": 1}},
        {"type": "deal", "dealer": "Bob"},
        {"type": "contract", "player": "Cid", "call": "10NT"},
        {"type": "result", "tricks": {"Ann": 0, "Bob": 0, "Cid": 10}},
    ]
    with GameFile.open(path) as file:
        for item in items:
            file.append(parse_entry("five_hundred", item))
    return path


async def test_at_80x24_the_chart_reads_its_target_its_legend_and_its_winner(scorepad_home):
    from textual_plotext import PlotextPlot

    from scorepad.tui.screens.chart import ChartScreen

    app = make_app(open_path=_finished_five_hundred())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f3")
        await settle(pilot)
        assert isinstance(app.screen, ChartScreen)
        text = app.screen.query_one(PlotextPlot).render().plain  # type: ignore[union-attr]
        assert "target 500" in text  # not overwritten by the legend in the same corner
        for name in ("Ann", "Bob", "Cid — won"):
            assert name in text
        assert "★" in text  # the winner's last total marked
        ticks = [line.split("┤")[0].strip() for line in text.splitlines() if "┤" in line]
        assert ticks and all(tick.lstrip("-").isdigit() for tick in ticks if tick)  # whole numbers only


async def test_after_a_rename_the_forms_line_says_the_rename_not_the_old_name(scorepad_home):
    from textual.widgets import Static

    app = make_app(open_path=populated("five_hundred"))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press(
            *"c", "tab", *"6s", "tab", "6", "tab", "2", "enter"
        )  # Cid's 6♠: "Logged: … Ann 2 …"
        await settle(pilot)
        status = app.screen.query_one("#form-status", Static)
        assert "Ann" in str(status.render())
        await pilot.press("ctrl+r")
        await settle(pilot)
        await pilot.press("a", "tab", *"Annie", "enter")  # who, Tab, the new name, Enter
        await settle(pilot)
        said = str(status.render())
        assert "Annie" in app.screen.sheet.names.values()
        assert said == "Logged: Ann is now called Annie"
