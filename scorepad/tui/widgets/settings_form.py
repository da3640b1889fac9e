"""A ruleset's settings as a form, generated from the game's pydantic Settings model."""

from __future__ import annotations

import json
import types
import typing
from typing import Any, Literal

from pydantic import BaseModel
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.widget import Widget
from textual.widgets import Input, Label, Select, Switch


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


class SettingsForm(Widget):
    """One row per setting; `values()` gives the settings that differ from the base."""

    DEFAULT_CSS = """
    SettingsForm { height: auto; }
    SettingsForm .setting { height: auto; margin-bottom: 0; }
    SettingsForm .setting Label { width: 28; padding: 0 1 0 0; }
    SettingsForm .setting Switch { height: 1; border: none; padding: 0; }
    SettingsForm .setting Input { width: 1fr; }
    SettingsForm .setting Select { width: 1fr; }
    """

    def __init__(self, model: type[BaseModel], base: dict[str, Any], *, id: str | None = None):
        super().__init__(id=id)
        self.model = model
        self.base = base  # the values the form starts from (defaults, or a preset's)

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            for name, info in self.model.model_fields.items():
                if name == "preset":
                    continue
                value = self.base.get(name, info.default)
                with Horizontal(classes="setting"):
                    yield Label(name.replace("_", " "), classes="setting-name")
                    yield self._editor(name, info.annotation, value, info.description or "")

    def _editor(self, name: str, annotation: Any, value: Any, description: str) -> Widget:
        _, annotation = _is_optional(annotation)
        choices = _literal_choices(annotation)
        widget_id = f"setting-{name}"
        if annotation is bool:
            widget: Widget = Switch(value=bool(value), id=widget_id)
        elif choices is not None:
            widget = Select([(str(c), c) for c in choices], value=value, allow_blank=False, id=widget_id, compact=True)
        elif annotation is int:
            widget = Input(str(value), type="integer", id=widget_id, compact=True)
        elif annotation in (str, float):
            widget = Input(str(value), id=widget_id, compact=True)
        else:  # dicts and lists: edited as JSON
            widget = Input(json.dumps(value, ensure_ascii=False), id=widget_id, compact=True)
        widget.tooltip = description
        return widget

    def values(self) -> dict[str, Any]:
        """The settings the form changes from its base (JSON values), raising ValueError on bad text."""
        changed: dict[str, Any] = {}
        for name, info in self.model.model_fields.items():
            if name == "preset":
                continue
            widget = self.query_one(f"#setting-{name}")
            _, annotation = _is_optional(info.annotation)
            if isinstance(widget, Switch | Select):
                value = widget.value
            elif annotation is int:
                try:
                    value = int(widget.value)  # type: ignore[attr-defined]
                except ValueError:
                    raise ValueError(f"{name.replace('_', ' ')}: a whole number, please") from None
            elif annotation in (str, float):
                value = annotation(widget.value)  # type: ignore[attr-defined]
            else:
                try:
                    value = json.loads(widget.value)  # type: ignore[attr-defined]
                except ValueError:
                    raise ValueError(f"{name.replace('_', ' ')}: not valid JSON") from None
            base = self.base.get(name, info.default)
            if value != base:
                changed[name] = value
        return changed
