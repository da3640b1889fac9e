"""F10 on a game screen: how to show this game on a second screen (the board), or, with `serve --board`
running for it, the address to open and its QR code for phones."""

from __future__ import annotations

import shlex
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static
from yarl import URL

from scorepad.locale import _
from scorepad.rules.names import visible
from scorepad.web.board.terminal import DEFAULT_PORT, unreachable_lines
from scorepad.web.guard import is_loopback
from scorepad.web.notice import board_served_for
from scorepad.web.qr import STYLE, qr_lines


def board_words(path: Path) -> tuple[Text, str | None]:
    """What the dialog says, and the served address (None when no board is being served for this game)."""
    serving = board_served_for(path)
    address = URL(serving.url) if serving is not None else None
    if serving is not None and address is not None and is_loopback(address.host or ""):
        stop = _("stop that scorepad serve (Ctrl+C in its window)")
        lines = unreachable_lines(serving.board_file, address.port or DEFAULT_PORT, stop)
        text = Text.assemble(
            _("Boards of this game are being served at:"), "\n\n", (visible(serving.url), "bold"), "\n\n"
        )
        text.append("\n".join(lines))  # (the file named in the command is written out already)
        return text, serving.url
    if serving is not None:
        text = Text.assemble(
            _(
                "Boards of this game are being served. Open this address on the TV, a tablet or each player's "
                "phone (or scan the code):"
            ),
            "\n\n",
            (visible(serving.url), "bold"),
            "\n\n",
        )
        text.append("\n".join(qr_lines(serving.url)), style=STYLE)
        return text, serving.url
    quoted = visible(shlex.quote(str(path)))  # a file named with a control or bidi character: written out
    text = Text(_("The board shows this game's score live, read-only, made to be read across the room."))
    text.append("\n\n")
    text.append(
        Text.from_markup(
            # Translators: keep the [b]…[/b] around the words to stand out
            _("[b]On a second screen of this machine[/b] (another terminal window), type:")
        )
    )
    text.append("\n\n")
    text.append("    scorepad board", "bold")  # not words: the command
    text.append("\n\n")
    text.append(_("(it follows the game in play), or for this game by name:"))
    text.append("\n\n")
    text.append(_command("scorepad board", quoted), "bold")  # not words: the command
    text.append("\n\n")
    text.append(
        Text.from_markup(
            # Translators: keep the [b]…[/b] around the words to stand out
            _(
                "[b]For a TV or the players' phones[/b], serve boards and open the address it prints (it shows a "
                "QR code too):"
            )
        )
    )
    text.append("\n\n")
    text.append(_command("scorepad serve --board", quoted), "bold")  # not words: the command
    text.append("\n\n")
    text.append(
        _(
            "Add --host 0.0.0.0 to reach it from other devices: everyone on that network who has the address "
            "can then see the score (nobody can change it from there)."
        )
    )
    return text, None


def _command(command: str, path: str) -> str:
    """A command to type, indented; a long path on a line of its own after a shell's line continuation (wrapped
    at 80 columns, the path began at the left edge, under the prose)."""
    if len(command) + len(path) <= 56:
        return f"    {command} {path}"
    return f"    {command} \\\n        {path}"


class BoardInfoScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,f10", "close", "Close")]

    def __init__(self, path: Path):
        super().__init__()
        self.path = path

    def compose(self) -> ComposeResult:
        text, _served = board_words(self.path)
        with Vertical(classes="dialog wide tall"):  # not words: CSS classes
            yield Label(_("The board: this game on a second screen"), classes="dialog-title")
            with VerticalScroll():
                yield Static(text, id="board-info", markup=False)
            yield Static(_("Esc closes"), classes="hint")

    def action_close(self) -> None:
        self.dismiss(None)
