"""A ruleset's settings as a form, generated from the game's pydantic Settings model, in a card player's words.

Each setting gets the widget its type asks for: a Switch for on/off, a Select for a choice (its values in the
ruleset's words), an Input taking whole numbers only for a number, and a small grid of such Inputs for a table
(multipliers, penalties, trick values …). Nothing is typed as JSON.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel
from rich.cells import cell_len
from textual.app import ComposeResult
from textual.containers import Horizontal, HorizontalGroup
from textual.validation import Integer
from textual.widget import Widget
from textual.widgets import Input, Label, Select, Switch

from scorepad.locale import _
from scorepad.rules.wording import setting_description, setting_label, value_words
from scorepad.tui.widgets.steady_select import SteadySelect


def _literal_choices(annotation: Any) -> tuple[Any, ...] | None:
    if typing.get_origin(annotation) is Literal:
        return typing.get_args(annotation)
    return None


def _is_optional(annotation: Any) -> tuple[bool, Any]:
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        if len(args) == 1 and len(typing.get_args(annotation)) == 2:
            return True, args[0]
    return False, annotation


def _key_id(key: Any) -> str:
    """A table key as part of a widget id (keys such as "4_one_hand" or 3 are fine; anything else is spelled)."""
    text = str(key)
    return text if text.replace("_", "").isalnum() and text.isascii() else f"k{abs(hash(text))}"


class NumberInput(Input):
    """A whole number, checked as typed (Textual's Integer validator, with the setting's words)."""

    def __init__(self, value: int, what: str, *, id: str):
        super().__init__(
            str(value),
            type="integer",
            id=id,
            compact=True,
            validators=[Integer(failure_description=_("{what}: a whole number").format(what=what))],
        )


class NumberGrid(Widget):
    """A setting's table of numbers as cells (a name and its field) in as many columns as its width holds, so
    no cell is cut off at 80 columns and a wide screen uses fewer lines."""

    DEFAULT_CSS = """
    NumberGrid { layout: grid; grid-size: 3; grid-columns: auto; grid-gutter: 0 1; height: auto; width: 1fr; }
    NumberGrid > HorizontalGroup { height: auto; width: auto; }
    NumberGrid Label { width: auto; padding: 0 1 0 0; }
    """
    GUTTER = 1

    def __init__(self, cells: list[tuple[str, Input]], *, id: str):
        super().__init__(id=id, classes="grid")
        self.cells = cells
        self.widths = [cell_len(name) + 1 + 8 for name, _ in cells]  # label, its padding, the field

    def compose(self) -> ComposeResult:
        for name, field in self.cells:
            yield HorizontalGroup(Label(name), field)

    def columns_for(self, width: int) -> int:
        """The most columns whose widest cells, side by side, fit in `width`."""
        for columns in range(len(self.widths), 1, -1):
            need = sum(max(self.widths[c::columns]) for c in range(columns)) + self.GUTTER * (columns - 1)
            if need <= width:
                return columns
        return 1

    def on_mount(self) -> None:
        # a grid first laid out below the screen's fold gets no Resize when it is scrolled into view (its size was
        # set without one): its columns are fitted once it has a size, and again on each Resize
        self.call_after_refresh(self.on_resize)

    def on_resize(self) -> None:
        if not self.size.width:
            return
        columns = self.columns_for(self.size.width)
        if self.styles.grid_size_columns != columns:
            self.styles.grid_size_columns = columns


def changed_settings(values: Mapping[str, Any], base: Mapping[str, Any]) -> dict[str, Any]:
    """The settings in `values` that differ from `base` (the preset's), in `values`' order."""
    return {name: value for name, value in values.items() if name != "preset" and value != base.get(name)}


class SettingsForm(Widget):
    """One row per setting, starting at `start`; `values()` gives the settings that differ from the base."""

    DEFAULT_CSS = """
    SettingsForm { height: auto; }
    SettingsForm .setting { height: auto; margin-bottom: 0; }
    SettingsForm .setting > Label { width: 30; padding: 0 1 0 0; }
    SettingsForm .setting Switch { height: 1; border: none; padding: 0; }
    SettingsForm .setting Input { width: 1fr; }
    SettingsForm .setting Select { width: 1fr; }
    SettingsForm .setting .grid Input { width: 8; }
    """

    def __init__(
        self,
        game: str,
        model: type[BaseModel],
        base: Mapping[str, Any],
        start: Mapping[str, Any] | None = None,
        *,
        id: str | None = None,
    ):
        super().__init__(id=id)
        self.game = game
        self.model = model
        self.base = base  # the values the settings are told apart from (the defaults, or a preset's)
        self.start = base if start is None else start  # the values shown at first (a rematch's own settings)

    def fields(self) -> list[str]:
        return [name for name in self.model.model_fields if name != "preset"]

    def compose(self) -> ComposeResult:
        for name in self.fields():
            info = self.model.model_fields[name]
            value = self.start.get(name, info.default)
            with Horizontal(classes="setting"):
                yield Label(self._label(name), classes="setting-name")
                yield self._editor(name, info.annotation, value, self._description(name))

    def _label(self, name: str) -> str:
        if name == "suit_names":  # each player names the suits as he prefers (config.json's `suits`)
            return _("Suits, by default")
        return setting_label(self.game, name)

    def _description(self, name: str) -> str:
        if name == "suit_names":
            return _("Only the default: each player's own preference wins (Ctrl+P, Suits).")
        return setting_description(self.game, name)

    def _editor(self, name: str, annotation: Any, value: Any, description: str) -> Widget:
        _optional, annotation = _is_optional(annotation)
        choices = _literal_choices(annotation)
        widget_id = f"setting-{name}"
        what = setting_label(self.game, name)
        widget: Widget
        if annotation is bool:
            widget = Switch(value=bool(value), id=widget_id)
        elif choices is not None:
            widget = SteadySelect(
                [(value_words(self.game, name, c), c) for c in choices],
                value=value,
                allow_blank=False,
                id=widget_id,
                compact=True,
            )
        elif annotation is int:
            widget = NumberInput(int(value), what, id=widget_id)
        elif isinstance(value, Mapping):  # a table: one small number field per entry, named in words
            widget = NumberGrid(
                [
                    (
                        value_words(self.game, name, {key: ""}).strip() or str(key),
                        NumberInput(int(number), f"{what}, {key}", id=f"{widget_id}-{_key_id(key)}"),
                    )
                    for key, number in value.items()
                ],
                id=widget_id,
            )
        else:
            widget = Input(str(value), id=widget_id, compact=True)
        widget.tooltip = description
        return widget

    def values(self) -> dict[str, Any]:
        """The settings the form changes from its base, raising ValueError with the setting's words on bad text."""
        changed: dict[str, Any] = {}
        for name in self.fields():
            info = self.model.model_fields[name]
            base = self.base.get(name, info.default)
            what = setting_label(self.game, name)
            widget = self.query_one(f"#setting-{name}")
            if isinstance(widget, Switch | Select):
                value: Any = widget.value
            elif isinstance(widget, NumberGrid):
                value = {
                    key: self._number(
                        self.query_one(f"#setting-{name}-{_key_id(key)}", Input),
                        f"{what}, {value_words(self.game, name, {key: ''}).strip()}",
                    )
                    for key in self.start.get(name, base)
                }
            elif isinstance(widget, NumberInput):
                value = self._number(widget, what)
            else:
                value = widget.value  # type: ignore[attr-defined]
            if value != base:
                changed[name] = value
        return changed

    @staticmethod
    def _number(field: Input, what: str) -> int:
        try:
            return int(field.value.strip())
        except ValueError:
            raise ValueError(_("{what}: a whole number, please").format(what=what)) from None
