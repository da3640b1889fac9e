"""What an Enter in the entry form does beyond the new row: only the work that changes what is shown.

The form follows the sheet once, with its fields emptied (not once for the deal just logged and again after
clearing); a line that says what it said already is not redrawn; the first deal logged after a long game opens
composes only the rows it changes (not every row in view again)."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.content import Content
from textual.widgets import Input, Static

from scorepad.tui.games.five_hundred.form import FiveHundredForm
from scorepad.tui.widgets import quiet
from scorepad.tui.widgets.keyed_table import KeyedTable
from scorepad.tui.widgets.log_pane import LogPane
from scorepad.tui.widgets.sheet_table import SheetTable

from .conftest import make_app, settle
from .test_five_hundred_screen import THREE, quick, status, write_game


def deals(count: int) -> list[dict]:
    items: list[dict] = []
    for number in range(count):
        contractor = THREE[number % 3]
        others = [p for p in THREE if p != contractor]
        items += [
            {"type": "deal", "dealer": THREE[(number + 2) % 3]},
            *quick(contractor, "7H", {contractor: 7, others[0]: 2, others[1]: 1}),
        ]
    return items


async def test_a_deal_logged_lays_the_form_out_once_for_the_next_deal(scorepad_home, monkeypatch):
    app = make_app(open_path=write_game(scorepad_home, THREE, deals(1)))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press(*"b", "tab", *"8h", "tab", "8", "tab", "1")
        await settle(pilot)
        assert "Bob 8♥ made" in str(screen.query_one("#fh-preview", Static).render())  # the preview as typed
        previews: list[list[str]] = []
        worked_out = FiveHundredForm.preview

        def preview(form: FiveHundredForm) -> str:
            previews.append([field.value for field in form.query(Input)])
            return worked_out(form)

        monkeypatch.setattr(FiveHundredForm, "preview", preview)
        await pilot.press("enter")
        await settle(pilot)
        assert len(screen.sheet.rows) == 2
        assert previews == [[""] * len(screen.query(Input))]  # once, for the emptied form
        assert app.focused is screen.query_one("#fh-contractor", Input)
        assert status(screen).startswith("Logged: Ann deals; contract: Bob 8♥")
        assert str(screen.query_one("#fh-rest", Static).render()).endswith(": the rest")
        monkeypatch.setattr(FiveHundredForm, "preview", worked_out)
        await pilot.press(*"c", "tab", *"7s")  # and the next deal previews as it is typed
        await settle(pilot)
        assert "Enter would be refused" not in str(screen.query_one("#fh-preview", Static).render())
        await pilot.press("tab", "7", "tab", "2")
        await settle(pilot)
        assert "Cid 7♠ made" in str(screen.query_one("#fh-preview", Static).render())


async def test_a_deal_not_written_keeps_its_fields_and_the_form_follows_the_game_again(
    scorepad_home, monkeypatch
):
    from scorepad.store.game_file import StoreError

    app = make_app(open_path=write_game(scorepad_home, THREE, deals(1)))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        write = screen.game_file.append_many

        def disk_full(entries):
            raise StoreError("the disk is full; nothing was logged")

        monkeypatch.setattr(screen.game_file, "append_many", disk_full)
        await pilot.press(*"b", "tab", *"8h", "tab", "8", "tab", "1", "enter")
        await settle(pilot)
        assert status(screen).startswith("Not saved: the disk is full")
        assert [field.value for field in screen.query(Input) if field.value] == ["b", "8h", "8", "1"]
        monkeypatch.setattr(screen.game_file, "append_many", write)
        await pilot.press("enter")  # the same deal again, now written: the form is laid out for the next one
        await settle(pilot)
        assert len(screen.sheet.rows) == 2
        assert [field.value for field in screen.query(Input) if field.value] == []
        assert app.focused is screen.query_one("#fh-contractor", Input)
        assert status(screen).startswith("Logged: Ann deals; contract: Bob 8♥")


class Said(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("Next: Ann deals", id="said")


async def test_a_line_told_what_it_says_already_is_not_redrawn():
    app = Said()
    async with app.run_test() as pilot:
        await pilot.pause()
        said = app.query_one("#said", Static)
        refreshed: list[bool] = []
        original = said.refresh

        def refresh(*regions, **kwargs):
            refreshed.append(True)
            return original(*regions, **kwargs)

        said.refresh = refresh  # type: ignore[method-assign]
        assert not quiet.update(said, "Next: Ann deals")
        assert refreshed == []
        assert quiet.update(said, "Next: Bob deals")
        assert refreshed and said.content == "Next: Bob deals"
        await pilot.pause()
        assert "Next: Bob deals" in str(said.render())


async def test_a_line_told_the_same_words_in_another_style_is_redrawn():
    # the same words are not enough: a line that was red (or had a bold span) and is told it plainly loses it
    app = Said()
    async with app.run_test() as pilot:
        await pilot.pause()
        said = app.query_one("#said", Static)
        said.update(Text("Ann 7♠ made", style="red"))
        assert quiet.update(said, Text("Ann 7♠ made"))
        assert said.content.style == ""
        spanned = Text("Ann 7♠ made")
        spanned.stylize("bold", 0, 3)
        assert quiet.update(said, spanned)
        assert not quiet.update(said, spanned.copy())
        assert quiet.update(said, Text("Ann 7♠ made"))
        assert not quiet.update(said, Text("Ann 7♠ made"))
        assert quiet.update(said, Content("Ann 7♠ made"))  # not a Text or a string: shown anew


async def test_the_first_deal_logged_after_a_long_game_opens_composes_only_the_rows_it_changes(
    scorepad_home, monkeypatch
):
    # each table keeps the lines it drew: the first deal logged draws the new row and the rows the cursor left and
    # entered, not every row in view again (the view scrolled by a line)
    app = make_app(open_path=write_game(scorepad_home, THREE, deals(60), rules={"target": 100_000}))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        sheet, log = screen.query_one(SheetTable), screen.query_one(LogPane)
        assert sheet.scroll_y > 0 and log.scroll_y > 0  # both tables full, scrolled to their foot
        await pilot.press(*"b", "tab", *"8h", "tab", "8", "tab", "1")
        await settle(pilot)
        composed: list[str] = []
        draw_row = KeyedTable._draw_row

        def drawn(table, *args, **kwargs):
            composed.append(table.id)
            return draw_row(table, *args, **kwargs)

        monkeypatch.setattr(KeyedTable, "_draw_row", drawn)
        await pilot.press("enter")
        await settle(pilot)
        assert len(screen.sheet.rows) == 61
        # the new row and the cursor's old row, in each table (the log took a deal's three entries)
        assert composed.count(sheet.id) <= 3, composed
        assert composed.count(log.id) <= 5, composed


async def test_an_entry_after_a_notice_finds_the_screens_widgets_without_walking_the_screen(
    scorepad_home, monkeypatch
):
    # a notice (or any widget mounted on the screen) made every query walk the widgets again: four walks inside
    # the next entry's frame; the frame's widgets are found once and kept while they stay on the screen
    import sys

    from textual.screen import Screen

    app = make_app(open_path=write_game(scorepad_home, THREE, deals(3)))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press(*"a", "tab", *"7s", "tab", "7", "tab", "2", "enter")  # a deal, as the table plays
        await settle(pilot)
        app.notify("a notice", timeout=30)
        await settle(pilot)
        queried: list[object] = []
        query_one = Screen.query_one

        def counted(self, *args, **kwargs):
            caller = sys._getframe(1).f_code.co_filename
            if (
                "scorepad" in caller and "/tests/" not in caller
            ):  # scorepad's own queries (Textual has its own)
                queried.append(args[0])
            return query_one(self, *args, **kwargs)

        monkeypatch.setattr(Screen, "query_one", counted)
        await pilot.press(*"b", "tab", *"8h", "tab", "8", "tab", "1", "enter")
        await settle(pilot)
        assert len(screen.sheet.rows) == 5
        assert queried == []


async def test_a_widget_found_once_is_found_anew_when_it_was_replaced(scorepad_home):
    app = make_app(open_path=write_game(scorepad_home, THREE, deals(1)))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        banner = screen.one("#banner", Static)
        assert banner is screen.query_one("#banner", Static)
        await banner.remove()
        again = Static("", id="banner")
        await screen.mount(again)
        assert screen.one("#banner", Static) is again


async def test_a_deal_logged_does_not_restyle_the_emptied_preview(scorepad_home, monkeypatch):
    # the preview's muted colour while blank showed nothing, and switching it restyled the line with every deal
    app = make_app(open_path=write_game(scorepad_home, THREE, deals(1)))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press(*"b", "tab", *"8h", "tab", "8", "tab", "1")
        await settle(pilot)
        restyled: list[str | None] = []
        update_nodes = app.stylesheet.update_nodes

        def counted(nodes, animate=False):
            nodes = list(nodes)
            restyled.extend(node.id for node in nodes)
            return update_nodes(nodes, animate=animate)

        monkeypatch.setattr(app.stylesheet, "update_nodes", counted)
        await pilot.press("enter")
        await settle(pilot)
        assert len(screen.sheet.rows) == 2
        assert str(screen.query_one("#fh-preview", Static).render()).strip() == ""
        assert "fh-preview" not in restyled
        assert (
            restyled.count("fh-contractor") == 1
        )  # the focus comes back to the first field: restyled for it


def _layouts_asked(monkeypatch) -> list[str]:
    """The widgets that ask Textual for a layout of the screen from now on (by id or class name)."""
    from textual.widget import Widget

    asked: list[str] = []
    refresh = Widget.refresh

    def counted(self, *regions, **kwargs):
        if kwargs.get("layout"):
            asked.append(self.id or type(self).__name__)
        return refresh(self, *regions, **kwargs)

    monkeypatch.setattr(Widget, "refresh", counted)
    return asked


async def test_a_deal_logged_asks_no_layout_of_the_form(scorepad_home, monkeypatch):
    # the emptied fields and the form's lines keep their sizes: laying the form out again (its rows, fields and
    # lines) was a sixth of the frame. The tables still ask for one (a row more to scroll)
    app = make_app(open_path=write_game(scorepad_home, THREE, deals(1)))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        form = screen.query_one(FiveHundredForm)
        await pilot.press(*"b", "tab", *"8h", "tab", "8", "tab", "1")
        await settle(pilot)
        sizes = {field.id: field.outer_size for field in form.query(Input)}
        asked = _layouts_asked(monkeypatch)
        await pilot.press("enter")
        await settle(pilot)
        assert len(screen.sheet.rows) == 2
        in_form = {widget.id or type(widget).__name__ for widget in form.walk_children()}
        assert not in_form & set(asked), asked
        assert {"sheet", "log"} <= set(asked)
        assert all(field.value == "" for field in form.query(Input))
        assert {field.id: field.outer_size for field in form.query(Input)} == sizes
        assert status(screen).startswith("Logged: Ann deals; contract: Bob 8♥")
        assert str(screen.query_one("#fh-rest", Static).render()).endswith(": the rest")
        assert app.focused is screen.query_one("#fh-contractor", Input)
        await pilot.press(*"cid")  # the emptied field takes typing as ever, and shows it
        await settle(pilot)
        assert app.focused.value == "cid" and app.focused.cursor_position == 3
        assert "cid" in "".join(
            strip.text for strip in app.focused.render_lines(app.focused.region.reset_offset)
        )


class Lines(App[None]):
    CSS = "Static { width: 30; } Input { width: 20; }"

    def compose(self) -> ComposeResult:
        yield Static("one line", id="line")
        yield Static("below", id="below")
        yield Input(placeholder="initial", id="field")


async def test_a_line_saying_more_lines_is_laid_out_and_one_as_long_is_not(monkeypatch):
    app = Lines()
    async with app.run_test(size=(40, 12)) as pilot:
        line, below = app.query_one("#line", Static), app.query_one("#below", Static)
        await pilot.pause()
        asked = _layouts_asked(monkeypatch)
        assert quiet.update(line, "another line")  # as many lines: drawn anew, the screen not laid out
        await pilot.pause()
        assert asked == [] and str(line.render()) == "another line" and below.region.y == 1
        assert quiet.update(line, Text("a line long enough to wrap onto a second one"))
        await pilot.pause()
        assert set(asked) == {"line"} and line.outer_size.height == 2 and below.region.y == 2
        asked.clear()
        assert quiet.update(line, "short again")
        await pilot.pause()
        assert set(asked) == {"line"} and line.outer_size.height == 1 and below.region.y == 1


async def test_a_field_emptied_quietly_is_as_one_emptied_the_usual_way(monkeypatch):
    app = Lines()
    async with app.run_test(size=(40, 12)) as pilot:
        field = app.query_one(Input)
        field.focus()
        await pilot.press(*"a long name typed")
        await pilot.pause()
        asked = _layouts_asked(monkeypatch)
        assert quiet.clear(field) and not quiet.clear(field)  # emptied once; an empty field is left alone
        await pilot.pause()
        assert asked == [] and field.value == "" and field.cursor_position == 0 and field.scroll_x == 0
        quietly = field.virtual_size
        await pilot.press(*"abc")
        await pilot.pause()
        field.value = ""  # the usual way, for comparison
        assert field.virtual_size == quietly
        await pilot.pause()
        assert "initial" in "".join(strip.text for strip in field.render_lines(field.region.reset_offset))
