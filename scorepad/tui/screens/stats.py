"""Statistics across saved games: the same tables as `scorepad stats`.

Counted in a worker thread, with a "reading 120 of 500 games" line; games the home screen has already read are
not read again (scorepad.history keeps what each file gave while it is unchanged).
"""

from __future__ import annotations

import threading
import time

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Static
from textual.worker import get_current_worker

from scorepad.history import collect_stats
from scorepad.stats import Stats, stats_renderable
from scorepad.tui.screens.first_paint import first_paint, wait_for_first_paint
from scorepad.tui.widgets.fields import HEADER_ICON

PROGRESS_SECONDS = 0.25  # how often the reading line is brought up to date (not once per game)
COUNTING = "statistics"  # the worker group: one count at a time, stopped when the screen is left


class StatsScreen(Screen[None]):
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Games"),
        Binding("r", "reload", "Reload"),
    ]
    DEFAULT_CSS = """
    StatsScreen #stats-body { padding: 1 2; }
    StatsScreen #stats-progress { color: $text-muted; }
    """

    stats: Stats | None = None  # the figures shown, once counted

    def compose(self) -> ComposeResult:
        yield Header(icon=HEADER_ICON)
        with VerticalScroll(id="stats-body"):
            yield Static(id="stats-progress")
            yield Static(id="stats")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "statistics"
        self.action_reload()

    def action_reload(self) -> None:
        progress = self.query_one("#stats-progress", Static)
        progress.update("Counting your saved games…")
        progress.display = True
        self._count(first_paint(self))

    @work(thread=True, exclusive=True, group=COUNTING)
    def _count(self, painted: threading.Event) -> None:
        wait_for_first_paint(painted)  # the screen and its reading line first
        worker = get_current_worker()
        shown = time.monotonic()

        def progress(done: int, total: int) -> None:
            nonlocal shown
            if time.monotonic() - shown >= PROGRESS_SECONDS and not worker.is_cancelled:
                self.app.call_from_thread(self._show_progress, done, total)
                shown = time.monotonic()

        stats = collect_stats(progress=progress, cancelled=lambda: worker.is_cancelled)
        if not worker.is_cancelled:
            self.app.call_from_thread(self._show, stats)

    def _show_progress(self, done: int, total: int) -> None:
        self.query_one("#stats-progress", Static).update(f"Counting your saved games: {done} of {total}…")

    def _show(self, stats: Stats) -> None:
        self.stats = stats
        self.query_one("#stats-progress", Static).display = False
        self.query_one("#stats", Static).update(stats_renderable(stats))
