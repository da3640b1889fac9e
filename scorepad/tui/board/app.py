"""`scorepad board`: a Textual app of one read-only screen. Nothing here writes: no entry form, no key that
logs, no saved preference, no command palette (its screenshot command would write a file)."""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.binding import Binding

from scorepad.locale import _
from scorepad.store.config import config_path, load_config
from scorepad.tui.board.screen import POLL_SECONDS, BoardScreen
from scorepad.tui.themes import load_themes

FALLBACK_THEME = "textual-dark"
THEME_CHECK_SECONDS = 2.0


class BoardApp(App[None]):
    ENABLE_COMMAND_PALETTE = False
    # a board has nothing to lose: Ctrl+C and q end it at once (the app's own Ctrl+C only says to press Ctrl+Q)
    BINDINGS = [
        Binding("ctrl+c", "quit", "Quit", show=False, priority=True),
        Binding("q", "quit", "Quit", show=False),
    ]

    def __init__(self, path: Path | None = None, poll_seconds: float = POLL_SECONDS):
        super().__init__()
        self.title = _("scorepad board")
        self.path = path
        self.poll_seconds = poll_seconds  # how often the game file is looked at (shorter in tests)
        self.startup_notices: list[str] = []
        themes, problems = load_themes()  # the app's themes, the one chosen there; never saved from here
        for theme in themes:
            self.register_theme(theme)
        self.startup_notices += problems
        self.theme = self.saved_theme() or FALLBACK_THEME
        self._config_seen = self._config_stamp()

    def saved_theme(self) -> str | None:
        wanted = load_config().get("theme", "green-felt")
        return wanted if isinstance(wanted, str) and wanted in self.available_themes else None

    @staticmethod
    def _config_stamp() -> int | None:
        try:
            return config_path().stat().st_mtime_ns
        except OSError:
            return None

    def on_mount(self) -> None:
        self.push_screen(BoardScreen(self.path, self.poll_seconds))
        for notice in self.startup_notices:
            self.notify(notice, severity="warning", timeout=8, markup=False)
        self.set_interval(THEME_CHECK_SECONDS, self.follow_theme)

    def follow_theme(self) -> None:
        """A theme chosen in the app while the board runs shows here too (read, never written)."""
        stamp = self._config_stamp()
        if stamp != self._config_seen:
            self._config_seen = stamp
            theme = self.saved_theme()
            if theme is not None and theme != self.theme:
                self.theme = theme
