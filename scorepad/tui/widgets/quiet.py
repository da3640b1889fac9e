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
    """`static.update(content)` unless it shows that already; True when it was updated."""
    if _same(static.content, content):
        return False
    static.update(content)
    return True


def _same(shown: VisualType, content: VisualType) -> bool:
    """The same words in the same styles. (Rich's `Text ==` ignores a Text's own style and Textual's `Content ==`
    compares the words alone: those would let a line keep a style it should lose. Anything but a string or a
    Text is taken as changed.)"""
    if isinstance(shown, str) and isinstance(content, str):
        return shown == content
    if isinstance(shown, Text) and isinstance(content, Text):
        return same_text(shown, content)
    return False


def same_text(shown: Text, content: Text) -> bool:
    """Two Texts of the same words in the same styles (see `_same`)."""
    return (shown.plain == content.plain and shown.spans == content.spans and shown.style == content.style
            and shown.justify == content.justify and shown.no_wrap == content.no_wrap
            and shown.overflow == content.overflow and shown.end == content.end)


def set_border_title(widget: Widget, title: str) -> bool:
    """`widget.border_title = Text(title)` (never markup) unless it has that title already: setting one repaints
    the widget whatever it says. True when it was set."""
    if widget.border_title == Content(title).markup:  # how the widget gives its title back: as markup
        return False
    widget.border_title = Text(title)
    return True
