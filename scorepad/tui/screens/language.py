"""The language the app speaks, picked from a short list (the home screen's `l`; the palette's Language commands do
the same): each language named in its own words, the one spoken now highlighted."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from scorepad.locale import LANGUAGES, N_, _, language


class LanguageScreen(ModalScreen[str | None]):
    """Dismissed with the code of the language picked ("de" …), or None when left with Escape."""

    BINDINGS = [Binding("escape", "leave", N_("Leave it"))]
    DEFAULT_CSS = """
    LanguageScreen .dialog { width: 44; }
    LanguageScreen OptionList { height: auto; margin-bottom: 1; }
    """

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(_("Language"), classes="dialog-title")
            yield OptionList(*(Option(name, id=code) for code, name in LANGUAGES.items()), id="languages")
            yield Static(
                _("Enter speaks it from now on (kept for next time); Esc leaves it."), classes="hint"
            )

    def on_mount(self) -> None:
        choices = self.query_one(OptionList)
        choices.highlighted = list(LANGUAGES).index(language()) if language() in LANGUAGES else 0
        choices.focus()

    @on(OptionList.OptionSelected)
    def _picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_leave(self) -> None:
        self.dismiss(None)
