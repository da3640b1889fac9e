"""A dropdown whose Enter takes the pick at once, so keys typed right behind it reach the next field."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.console import RenderableType
from textual.binding import Binding
from textual.widgets import OptionList, Select


class SteadySelect(Select[Any]):
    """A `Select` whose Enter picks the highlighted option as the key arrives.

    Why: Textual routes each key to the widget focused when the key arrives, but a plain Select takes its pick
    only after the Enter has passed through its list and the screen, and then re-focuses itself. Keys typed
    at once behind the Enter (Tab, a title, the players) went to the closed list or were undone by that late
    re-focus. Picking on arrival keeps them in order with a screen's priority Tab.
    """

    BINDINGS = [Binding("enter", "pick", "Pick", show=False, priority=True)]

    def __init__(self, options: Iterable[tuple[RenderableType, Any]], *, allow_blank: bool = True,
                 **kwargs: Any) -> None:
        options = list(options)
        self._blank_first = allow_blank
        self._values = self._option_values(options)
        super().__init__(options, allow_blank=allow_blank, **kwargs)

    def _option_values(self, options: list[tuple[RenderableType, Any]]) -> list[Any]:
        # the list shows a blank line first when the dropdown may stay empty
        return [Select.NULL] * self._blank_first + [value for _, value in options]

    def set_options(self, options: Iterable[tuple[RenderableType, Any]]) -> None:
        options = list(options)
        self._values = self._option_values(options)
        super().set_options(options)

    def action_pick(self) -> None:
        if not self.expanded:
            self.action_show_overlay()
            return
        index = self.query_one(OptionList).highlighted
        self.expanded = False
        self.screen.set_focus(self)  # now, not after the keys already typed behind the Enter
        if index is not None and self._values[index] != self.value:
            self.value = self._values[index]
