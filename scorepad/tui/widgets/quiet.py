"""Widgets told only what changes: what a frame repaints and lays out is what it shows anew.

`Static.update` repaints the widget and asks Textual for a layout of the screen whatever the new content is;
the form's notes, the preview line and the game's prompt mostly say the same from one deal to the next. Setting a
field's border title repaints it even when the title is the same (the tricks fields' titles after every deal).

A layout of the screen is asked for only when a widget's size changes: a line saying something else in as many
lines (the form's status, the preview), or a field emptied (an Input's text sets its virtual size, and every
change of that asks Textual for a layout), would otherwise lay out the whole form again in the frame of a deal."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.content import Content
from textual.geometry import Size
from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets import Input, Static


def update(static: Static, content: VisualType) -> bool:
    """`static.update(content)` unless it shows that already; True when it was updated. The screen is laid out
    again only when the new content takes another size (`Static.update` asks for it whatever the size)."""
    if _same(static.content, content):
        return False
    static.update(content, layout=False)
    if _resized(static):
        static.refresh(layout=True)
    return True


def _resized(static: Static) -> bool:
    """Whether the static's content now needs another width or height than the last layout gave it (when in
    doubt, it does: not laid out yet, hidden)."""
    if not static.is_mounted or not static.display or not static.outer_size:
        return True
    styles, shown = static.styles, static.size  # `size`: the content area, as the layout measured the content
    viewport = static.screen.size
    if _auto(styles, "width") or not styles.has_rule("width") and _auto(static.parent, "width"):
        # its own width follows its words, or its container's does (through it)
        if static.get_content_width(static.container_size, viewport) != shown.width:
            return True
    if styles.height is None or styles.height.is_auto:  # no rule: a Static's own CSS gives it auto height
        if static.get_content_height(static.container_size, viewport, shown.width) != shown.height:
            return True
    return False


def _auto(node: object, dimension: str) -> bool:
    styles = getattr(node, "styles", node)
    rule = (
        getattr(styles, dimension, None) if getattr(styles, "has_rule", lambda _: False)(dimension) else None
    )
    return rule is not None and rule.is_auto


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
    return (
        shown.plain == content.plain
        and shown.spans == content.spans
        and shown.style == content.style
        and shown.justify == content.justify
        and shown.no_wrap == content.no_wrap
        and shown.overflow == content.overflow
        and shown.end == content.end
    )


def set_border_title(widget: Widget, title: str) -> bool:
    """`widget.border_title = Text(title)` (never markup) unless it has that title already: setting one repaints
    the widget whatever it says. True when it was set."""
    if widget.border_title == Content(title).markup:  # how the widget gives its title back: as markup
        return False
    widget.border_title = Text(title)
    return True


def clear(field: Input) -> bool:
    """`field.value = ""` without a layout of the screen; True when it held some text.

    An Input sets its virtual size to its text's width on every change of its text, and any change of that asks
    Textual to lay the whole screen out again, though the field keeps its size. So it is set first to what the
    change will set it to, and the change then asks for nothing. (A field whose own size follows its text is
    laid out as ever.)"""
    if not field.value:
        return False
    if not field.styles.auto_dimensions:
        # what Input._watch_value sets for an empty field: its placeholder's width, or one cell for the cursor
        field.set_reactive(
            Widget.virtual_size, Size(cell_len(field.placeholder) if field.placeholder else 1, 1)
        )
    field.value = ""
    return True
