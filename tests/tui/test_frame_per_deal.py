"""One frame per deal: what a deal logged does to the footer, the header and the form, beyond the sheet.

The footer keeps its keys while the focus moves between the form's fields (and follows a real change of keys);
the header shows the new totals with the new row; the form is cleared and its notes said once."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Input, Static

from scorepad.tui.games.five_hundred.screen import FiveHundredScreen
from scorepad.tui.widgets.footer import KeysFooter

from .conftest import make_app, settle
from .test_five_hundred_screen import THREE, quick, write_game


def footer_keys(app) -> list:
    return list(app.screen.query_one(KeysFooter).query("FooterKey"))


async def test_the_footer_keeps_its_keys_while_the_focus_moves_through_the_form(scorepad_home):
    app = make_app(open_path=write_game(scorepad_home, THREE))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        keys = footer_keys(app)
        assert {"Games", "Undo", "Edit"} <= {str(key.description) for key in keys}
        visited = set()
        for _ in range(3):  # contractor → bid → tricks → tricks
            await pilot.press("tab")
            await settle(pilot)
            visited.add(app.focused.id)
        assert visited == {
            "fh-bid",
            "fh-tricks-0",
            "fh-tricks-1",
        }  # the focus went through the form's fields …
        assert all(old is new for old, new in zip(keys, footer_keys(app), strict=True))  # … the keys stayed
        await pilot.press("shift+tab", "shift+tab", "shift+tab")
        await pilot.press(
            *"b", "tab", *"8h", "tab", "8", "tab", "1", "enter"
        )  # a deal logged: the focus moves
        await settle(pilot)
        assert len(app.screen.sheet.rows) == 1 and app.focused.id == "fh-contractor"
        assert all(old is new for old, new in zip(keys, footer_keys(app), strict=True))


class Board(Static, can_focus=True):
    BINDINGS = [Binding("f7", "noop", "Seven")]


class Keys(App[None]):
    def compose(self) -> ComposeResult:
        yield Input(id="one")
        yield Input(id="two")
        yield Board("board")
        yield KeysFooter()


async def test_the_footer_follows_a_change_of_keys():
    app = Keys()
    async with app.run_test() as pilot:
        await pilot.pause()
        before = footer_keys(app)
        assert "f7" not in [key.key for key in before]
        app.screen.set_focus(app.query_one("#two"))
        await pilot.pause()
        assert all(old is new for old, new in zip(before, footer_keys(app), strict=True))
        app.screen.set_focus(app.query_one(Board))
        await pilot.pause()
        assert "f7" in [key.key for key in footer_keys(app)]
        app.screen.set_focus(app.query_one("#one"))
        await pilot.pause()
        assert "f7" not in [key.key for key in footer_keys(app)]


async def test_the_header_shows_the_new_totals_with_the_new_row(scorepad_home):
    app = make_app(open_path=write_game(scorepad_home, THREE))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, FiveHundredScreen)
        title = screen.query_one("HeaderTitle", Static)
        assert "Ann 0" in str(title.render())
        await pilot.press(*"b", "tab", *"8h", "tab", "8", "tab", "1", "enter")
        await settle(pilot)
        assert screen.sub_title == "Ann 10  ·  Bob 300  ·  Cid 10"
        assert "Ann 10  ·  Bob 300  ·  Cid 10" in str(title.render())


async def test_after_a_deal_the_form_is_empty_and_says_what_comes_next(scorepad_home):
    app = make_app(open_path=write_game(scorepad_home, THREE))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press(*"b", "tab", *"8h", "tab", "8", "tab", "1")
        await settle(pilot)
        preview = screen.query_one("#fh-preview", Static)
        assert "Bob 8♥ made" in str(preview.render()) and preview.display
        assert "Ann" in str(screen.query_one("#fh-rest", Static).render())
        await pilot.press("enter")
        await settle(pilot)
        assert [field.value for field in screen.query(Input)] == [""] * len(screen.query(Input))
        assert (
            preview.display and not str(preview.render()).strip()
        )  # nothing typed: nothing to preview (the line kept)
        assert str(screen.query_one("#fh-rest", Static).render()).endswith(": the rest")
        assert app.focused is screen.query_one("#fh-contractor", Input)
        assert "Logged: Ann deals" in str(screen.query_one("#form-status", Static).render())


async def test_the_collector_runs_once_the_screen_is_idle_not_between_an_enter_and_its_frame(scorepad_home):
    import gc

    app = make_app(open_path=write_game(scorepad_home, THREE))
    collections: list[int] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, FiveHundredScreen)

        def seen(phase: str, info: dict) -> None:
            if phase == "start" and screen.collector.held:  # from an Enter until the screen is idle again
                collections.append(info["generation"])

        assert gc.isenabled()
        gc.callbacks.append(seen)
        try:
            await pilot.press(*"b", "tab", *"8h", "tab", "8", "tab", "1")
            await settle(pilot)
            collections.clear()
            screen.collector.idle_after = 60  # the table takes its time: the collector waits
            await pilot.press("enter")
            await pilot.pause()  # the new row is on screen
            assert len(screen.sheet.rows) == 1
            assert not gc.isenabled() and screen.collector.held
            assert collections == []  # nothing collected from the Enter to the frame
            frozen = gc.get_freeze_count()
            screen.collector.idle_after = 0.05
            screen.collector.hold()  # as another entry would: the wait starts again, now a short one
            for _ in range(100):  # idle a moment: one full collection, and what survives it frozen
                if gc.isenabled():
                    break
                await pilot.pause(0.05)
            assert gc.isenabled() and not screen.collector.held
            assert collections == [2]  # one collection, a full one, once idle
            assert gc.get_freeze_count() >= frozen
        finally:
            gc.callbacks.remove(seen)
    assert gc.isenabled()


async def test_the_form_keeps_one_height_while_a_deal_is_typed_refused_and_logged(scorepad_home):
    # a form that grows or shrinks by a line resizes the sheet and the log: Textual lays the screen out again.
    # One deal is logged already (before the first, the form also asks who deals, and its notes are longer)
    first = [{"type": "deal", "dealer": "Ann"}, *quick("Bob", "7H", {"Ann": 2, "Bob": 7, "Cid": 1})]
    app = make_app(open_path=write_game(scorepad_home, THREE, first))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        form, sheet = screen.query_one("#entry-form"), screen.query_one("#sheet")
        heights = {"opened": (form.outer_size.height, sheet.outer_size.height)}
        await pilot.press(*"c", "tab", *"8h", "tab", "8", "tab", "1")
        await settle(pilot)
        assert "Cid 8♥ made" in str(screen.query_one("#fh-preview", Static).render())
        heights["previewed"] = (form.outer_size.height, sheet.outer_size.height)
        await pilot.press("9")  # 19 tricks: refused as typed
        await settle(pilot)
        assert screen.query_one("#form-status", Static).has_class("-error")
        heights["refused"] = (form.outer_size.height, sheet.outer_size.height)
        await pilot.press("backspace", "enter")
        await settle(pilot)
        assert len(screen.sheet.rows) == 2
        assert "Logged" in str(screen.query_one("#form-status", Static).render())
        heights["logged"] = (form.outer_size.height, sheet.outer_size.height)
        assert len(set(heights.values())) == 1, heights


async def test_the_focus_moving_repaints_the_fields_not_the_whole_screen(scorepad_home, monkeypatch):
    app = make_app(open_path=write_game(scorepad_home, THREE))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        repaints: list[tuple] = []
        refresh = screen.refresh

        def counted(*regions, **kwargs):
            repaints.append((regions, kwargs))
            return refresh(*regions, **kwargs)

        monkeypatch.setattr(screen, "refresh", counted)
        await pilot.press(
            *"b", "tab", *"8h", "tab", "8", "tab", "1", "enter"
        )  # Tab by Tab, then back to the first
        await settle(pilot)
        assert len(screen.sheet.rows) == 1 and app.focused.id == "fh-contractor"
        assert (
            repaints == []
        )  # each field that gained or lost the focus repainted itself, and nothing else did
        assert app.focused.has_focus and not screen.query_one("#fh-tricks-1", Input).has_focus
