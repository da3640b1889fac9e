"""`scorepad board`: a Textual app of one read-only screen. Nothing here writes: no entry form, no key that
logs, no saved preference, no command palette (its screenshot command would write a file)."""

from __future__ import annotations

from pathlib import Path

from textual.app import App

from scorepad.config import load_config
from scorepad.tui.board.screen import BoardScreen
from scorepad.tui.themes import load_themes

FALLBACK_THEME = "textual-dark"


class BoardApp(App[None]):
    TITLE = "scorepad board"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, path: Path | None = None):
        super().__init__()
        self.path = path
        self.startup_notices: list[str] = []
        themes, problems = load_themes()  # the app's themes, the one chosen there; never saved from here
        for theme in themes:
            self.register_theme(theme)
        self.startup_notices += problems
        wanted = load_config().get("theme", "green-felt")
        self.theme = wanted if isinstance(wanted, str) and wanted in self.available_themes else FALLBACK_THEME

    def on_mount(self) -> None:
        self.push_screen(BoardScreen(self.path))
        for notice in self.startup_notices:
            self.notify(notice, severity="warning", timeout=8, markup=False)
