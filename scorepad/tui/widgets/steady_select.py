"""A dropdown whose Enter takes the pick at once, so keys typed right behind it reach the next field."""

from __future__ import annotations

import contextlib
from collections.abc import Iterable
from typing import Any

from rich.console import RenderableType
from textual.binding import Binding
from textual.css.query import NoMatches
from textual.widgets import OptionList, Select

from scorepad.locale import N_


class SteadySelect(Select[Any]):
    """A `Select` whose Enter picks the highlighted option as the key arrives.

    Why: Textual routes each key to the widget focused when the key arrives, but a plain Select takes its pick
    only after the Enter has passed through its list and the screen, and then re-focuses itself. Keys typed
    at once behind the Enter (Tab, a title, the players) went to the closed list or were undone by that late
    re-focus. Picking on arrival keeps them in order with a screen's priority Tab.

    The pick is the value given with the highlighted option's prompt (`Option.prompt` is the prompt as given),
    whatever order the list keeps its options in; the blank line is the only option with a prompt of its own.
    """

    BINDINGS = [
        Binding("enter", "pick", N_("Pick"), show=False, priority=True),
        # the highlight moved as the arrow arrives too: an Enter typed right behind it picks the line moved to
        Binding("down", "step(1)", N_("Next"), show=False, priority=True),
        Binding("up", "step(-1)", N_("Previous"), show=False, priority=True),
    ]

    def __init__(
        self, options: Iterable[tuple[RenderableType, Any]], *, allow_blank: bool = True, **kwargs: Any
    ) -> None:
        options = list(options)
        self._choices = options
        self._blank_allowed = allow_blank
        super().__init__(options, allow_blank=allow_blank, **kwargs)

    def set_options(self, options: Iterable[tuple[RenderableType, Any]]) -> None:
        options = list(options)
        self._choices = options
        super().set_options(options)

    def value_of(self, prompt: object) -> Any:
        """The value given with `prompt` (the very object given), or `Select.NULL` for a prompt not given (the
        blank line's)."""
        for given, value in self._choices:
            if given is prompt:
                return value
        for given, value in self._choices:  # a prompt copied on its way: the equal one
            if given == prompt:
                return value
        return Select.NULL

    def on_mount(self) -> None:
        self.watch_expanded(self.expanded)

    def watch_expanded(self, expanded: bool) -> None:
        # the list takes the focus only while open: Select asks for it as the list opens, and that request,
        # carried out after the keys typed at once, came after the pick had closed the list again
        with contextlib.suppress(NoMatches):
            self.query_one(OptionList).can_focus = expanded

    def action_show_overlay(self) -> None:
        super().action_show_overlay()
        # the list focused now (Select focuses it after the keys already typed): they move in the list
        self.screen.set_focus(self.query_one(OptionList), scroll_visible=False)

    def action_step(self, step: int) -> None:
        if not self.expanded:
            self.action_show_overlay()  # as Select's own arrows: they open the list
            return
        options = self.query_one(OptionList)
        if step > 0:
            options.action_cursor_down()
        else:
            options.action_cursor_up()

    def action_pick(self) -> None:
        if not self.expanded:
            self.action_show_overlay()
            return
        option = self.query_one(OptionList).highlighted_option
        self.expanded = False
        self.screen.set_focus(self)  # now, not after the keys already typed behind the Enter
        if option is None:
            return
        value = self.value_of(option.prompt)
        if value != self.value and (value is not Select.NULL or self._blank_allowed):
            self.value = value
