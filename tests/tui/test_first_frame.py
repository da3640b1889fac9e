"""The first frame of a game's screen is already the right one: the Auction Bridge deal list and pad are drawn at
the width they keep (not squeezed, then laid out again), and the pad's side names stay in view at 80×24."""

from __future__ import annotations

import gc

import pytest
from textual.app import App
from textual.containers import VerticalScroll

from scorepad.demo import BRIDGE
from scorepad.log import parse_entry
from scorepad.store.game_file import GameFile, create
from scorepad.tui.app import ScorepadApp
from scorepad.tui.games.auction_bridge.pad import BridgePad, BridgePadHeading, BridgeSheet
from scorepad.tui.screens.game import GameScreen
from scorepad.tui.screens.home import HomeScreen

from ..helpers import header
from .conftest import make_app, settle


def bridge_demo():
    path = create(
        header(
            "auction_bridge",
            ["Ann", "Bob", "Cid", "Dan"],
            title="Club",
            sides={"We": ["Ann", "Cid"], "They": ["Bob", "Dan"]},
        )
    )
    with GameFile.open(path) as game:
        for item in BRIDGE:
            game.append(parse_entry("auction_bridge", item))
    return path


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (160, 45)], ids=lambda size: f"{size[0]}x{size[1]}")
async def test_the_bridge_deal_list_and_pad_are_drawn_first_as_they_stay(size, monkeypatch):
    first: dict[str, object] = {}
    sheet_lines, pad_lines = BridgeSheet.render_lines, BridgePad.render_lines

    def sheet_drawn(self, crop):
        first.setdefault("sheet", (self.plan, tuple(c.get_render_width(self) for c in self.ordered_columns)))
        return sheet_lines(self, crop)

    def pad_drawn(self, crop):
        first.setdefault("pad", str(self.render()))
        return pad_lines(self, crop)

    monkeypatch.setattr(BridgeSheet, "render_lines", sheet_drawn)
    monkeypatch.setattr(BridgePad, "render_lines", pad_drawn)
    app = make_app(open_path=bridge_demo())
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        sheet, pad = app.screen.query_one(BridgeSheet), app.screen.query_one(BridgePad)
        assert first["sheet"] == (sheet.plan, tuple(c.get_render_width(sheet) for c in sheet.ordered_columns))
        assert first["pad"] == str(pad.render())


async def test_the_pad_keeps_its_side_names_in_view_when_it_scrolls_to_its_foot():
    app = make_app(open_path=bridge_demo())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        box = screen.query_one("#bridge-pad-box", VerticalScroll)
        assert (
            box.max_scroll_y > 0 and box.scroll_y == box.max_scroll_y
        )  # the foot: the latest deals, the totals
        heading = screen.query_one(BridgePadHeading)
        names = str(heading.render())
        assert "We" in names and "They" in names
        assert heading.region.height >= 1 and screen.region.contains_region(heading.region)
        assert "total" in str(screen.query_one(BridgePad).render())


async def test_the_collector_waits_for_the_games_first_paint_and_runs_again_after_it(monkeypatch):
    # a game opened from the command line is built with the cyclic collector off (its passes found nothing to
    # free), and the collector is on again once the game is on screen
    composed_with: list[bool] = []
    compose = GameScreen.compose

    def composing(self):
        composed_with.append(gc.isenabled())
        return compose(self)

    monkeypatch.setattr(GameScreen, "compose", composing)
    assert gc.isenabled()
    app = make_app(open_path=bridge_demo())
    assert gc.isenabled()  # made, not yet running: the collector is left alone
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert composed_with == [False]
        assert gc.isenabled()
    assert gc.isenabled()


async def test_a_game_that_does_not_open_leaves_the_collector_on(tmp_path):
    app = make_app(open_path=tmp_path / "gone.jsonl")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        assert gc.isenabled()
    assert gc.isenabled()


async def test_an_app_closed_before_its_game_is_shown_leaves_the_collector_on():
    app = make_app(open_path=bridge_demo())
    app.on_load()  # what Textual sends as the app starts running
    assert not gc.isenabled()
    app.on_unmount()  # what Textual calls as the app closes, whenever it does
    assert gc.isenabled()


def test_an_app_made_and_never_run_leaves_the_collector_on():
    # before, the collector was switched off as the app was made, and an app never run left it off for good
    app = make_app(open_path=bridge_demo())
    assert gc.isenabled()
    del app
    assert gc.isenabled()


async def test_an_app_whose_game_fails_to_open_with_an_error_lets_the_collector_go(monkeypatch):
    # an exception on the way to the game's first paint ends the run: the collector is on again all the same
    def broken(self, path):
        raise RuntimeError("the game could not be shown")

    monkeypatch.setattr(ScorepadApp, "open_game", broken)
    app = make_app(open_path=bridge_demo())
    with pytest.raises(RuntimeError, match="could not be shown"):
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
    assert gc.isenabled()


def test_the_app_run_as_a_program_lets_the_collector_go_when_it_ends(monkeypatch):
    # App.run (run_async) holds the collector from before the stylesheets are read, and lets it go at the end,
    # an error or not
    seen: list[bool] = []

    async def failing(self, **kwargs):
        seen.append(gc.isenabled())
        raise RuntimeError("the terminal went away")

    monkeypatch.setattr(App, "run_async", failing)
    app = make_app(open_path=bridge_demo())
    with pytest.raises(RuntimeError, match="went away"):
        app.run(headless=True)
    assert seen == [False]
    assert gc.isenabled()
