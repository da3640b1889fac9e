"""Widgets told only what changes: what a frame repaints and lays out is what it shows anew.

`Static.update` repaints the widget and asks Textual for a layout of the screen whatever the new content is;
the form's notes, the preview line and the game's prompt mostly say the same from one deal to the next. Setting a
field's border title repaints it even when the title is the same (the tricks fields' titles after every deal)."""

from __future__ import annotations

from rich.text import Text
from textual.content import Content
from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets import Static


def update(static: Static, content: VisualType) -> bool:
    """`static.update(content)` unless it shows that already (equal content); True when it was updated."""
    if static.content == content:
        return False
    static.update(content)
    return True


def set_border_title(widget: Widget, title: str) -> bool:
    """`widget.border_title = Text(title)` (never markup) unless it has that title already: setting one repaints
    the widget whatever it says. True when it was set."""
    if widget.border_title == Content(title).markup:  # how the widget gives its title back: as markup
        return False
    widget.border_title = Text(title)
    return True
