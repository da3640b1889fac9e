"""The new game's dropdowns pick what the highlighted line says, whatever order their list keeps."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import OptionList, Select

from scorepad.tui.widgets.steady_select import SteadySelect

CHOICES = [("Five Hundred", "five_hundred"), ("Swiss Jass", "jass"), ("Auction Bridge", "auction_bridge")]


class OneDropdown(App[None]):
    def __init__(self, allow_blank: bool) -> None:
        super().__init__()
        self.allow_blank = allow_blank

    def compose(self) -> ComposeResult:
        yield SteadySelect(CHOICES, value="five_hundred", allow_blank=self.allow_blank, id="game")


async def _pick_the_first_line(app: OneDropdown, reorder: bool) -> tuple[SteadySelect, object]:
    async with app.run_test() as pilot:
        select = app.query_one(SteadySelect)
        select.focus()
        await pilot.pause()
        await pilot.press("enter")  # opens the list
        await pilot.pause()
        overlay = select.query_one(OptionList)
        if reorder:  # the list shows its lines in another order than they were given in
            options = list(overlay.options)
            overlay.clear_options()
            overlay.add_options(list(reversed(options)))
        overlay.highlighted = 0
        shown = overlay.highlighted_option
        assert shown is not None
        await pilot.press("enter")  # picks it
        await pilot.pause()
        assert not select.expanded and select.has_focus
        return select, shown.prompt


async def test_enter_picks_the_value_of_the_line_highlighted_even_in_another_order():
    select, prompt = await _pick_the_first_line(OneDropdown(allow_blank=False), reorder=True)
    assert prompt == "Auction Bridge"
    assert select.value == "auction_bridge"  # not the value given first, at the list's first place


async def test_enter_on_the_blank_line_clears_a_dropdown_that_may_be_blank():
    select, prompt = await _pick_the_first_line(OneDropdown(allow_blank=True), reorder=False)
    assert str(prompt) == "Select"  # Select's own blank line
    assert select.value is Select.NULL


async def test_enter_picks_in_the_given_order_too():
    select, prompt = await _pick_the_first_line(OneDropdown(allow_blank=False), reorder=False)
    assert prompt == "Five Hundred" and select.value == "five_hundred"
