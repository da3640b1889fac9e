"""Tab in a game's entry form goes round the form's fields: past the last field it comes back to the first (and
Shift+Tab before the first to the last), so the keys typed next land in a field, never in the sheet, which shows
no focus and takes no typing."""

from __future__ import annotations

from textual.widgets import Input

from scorepad.store.game_file import create, new_header
from scorepad.tui.widgets.log_pane import LogPane

from .conftest import make_app, settle
from .test_five_hundred_screen import THREE, logged, quick, write_game

#: one deal logged (the dealer's field, shown before the first deal only, is gone)
ONE_DEAL = [{"type": "deal", "dealer": "Cid"}, *quick("Ann", "7H", {"Ann": 7, "Bob": 2, "Cid": 1})]


def field(app, name: str) -> Input:
    return app.screen.query_one(f"#{name}", Input)


async def test_five_hundred_tab_past_the_last_field_comes_round_to_the_first(scorepad_home):
    path = write_game(scorepad_home, THREE, ONE_DEAL)
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert app.focused is field(app, "fh-contractor")
        await pilot.press("b", "tab", *"8h", "tab", "8", "tab")
        assert app.focused is field(app, "fh-tricks-1")  # the last field of the deal
        await pilot.press("tab", "backspace", "c")  # one Tab too many, and the contractor typed again
        assert app.focused is field(app, "fh-contractor")
        assert field(app, "fh-contractor").value == "c"
        await pilot.press("shift+tab", "2")  # before the first field: the last one again
        assert app.focused is field(app, "fh-tricks-1")
        assert field(app, "fh-tricks-1").value == "2"
        await pilot.press("enter")
        await settle(pilot)
        assert len(app.screen.sheet.rows) == 2
        contract, result = logged(path)[-2:]
        assert contract["player"] == "Cid" and contract["call"] == "8H"
        assert result["tricks"] == {"Cid": 8, "Ann": 2, "Bob": 0}
        assert app.focused is field(app, "fh-contractor")  # the next deal's first field


async def test_from_the_log_tab_goes_back_into_the_form(scorepad_home):
    app = make_app(open_path=write_game(scorepad_home, THREE, ONE_DEAL))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+e")  # the log, to pick an entry
        assert isinstance(app.focused, LogPane)
        await pilot.press("tab", "a")
        assert app.focused is field(app, "fh-contractor")
        assert field(app, "fh-contractor").value == "a"


async def test_jass_tab_goes_round_the_hands_fields(scorepad_home):
    app = make_app(
        open_path=create(new_header("jass", ["Ann", "Bob", "Cid", "Dan"], rules={"preset": "flat_1000"}))
    )
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert app.focused is field(app, "jass-trump")
        await pilot.press(
            "tab", "tab", "tab"
        )  # the points, the Weis, then round to the first: who names trump
        assert app.focused is field(app, "jass-caller")
        await pilot.press("b")
        assert field(app, "jass-caller").value == "b"
        await pilot.press("shift+tab")
        assert app.focused is field(app, "jass-weis")


async def test_bridge_tab_goes_round_the_deals_fields(scorepad_home):
    sides = {"We": ["Ann", "Cid"], "They": ["Bob", "Dan"]}
    app = make_app(open_path=create(new_header("auction_bridge", ["Ann", "Bob", "Cid", "Dan"], sides=sides)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.focused is field(app, "bridge-declarer")
        await pilot.press("shift+tab", "w")  # before the first field: the last, the honours
        assert app.focused is field(app, "bridge-honours")
        assert field(app, "bridge-honours").value == "w"
        await pilot.press("tab", "a")
        assert app.focused is field(app, "bridge-declarer")
        assert field(app, "bridge-declarer").value == "a"
