"""Text from a game file or the table as the app shows it: never markup, no control characters.

Every place a name, a title, a note or a reason meets a Textual widget goes through `plain()`: a player
called "[/]" is shown as typed (it is not markup), "[link=…]" makes no hyperlink, and an escape sequence a
hand-edited file holds is written out ("\\x1b") instead of reaching the terminal."""

from __future__ import annotations

from rich.text import Text

from scorepad.rules.names import visible


def plain(text: str, style: str = "") -> Text:
    """The text as a Text (never markup), its control characters written out; its line breaks kept."""
    return Text(visible(text, keep_lines=True), style=style)
