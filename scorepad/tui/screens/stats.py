"""Statistics across saved games: the same tables as `scorepad stats`.

Counted in a worker thread, with a "counting 120 of 500 games" line while the saved games' index is brought in
step with the files (scorepad.library: a game the index holds as its file is now is not read again), then
queried.
"""

from __future__ import annotations

import threading
import time

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Header, Static
from textual.worker import Worker, get_current_worker

from scorepad.library.stats import Statistics, collect_stats
from scorepad.locale import N_, _, formats
from scorepad.text.stats_table import stats_renderable
from scorepad.tui.screens.first_paint import first_paint, wait_for_first_paint
from scorepad.tui.widgets.fields import HEADER_ICON
from scorepad.tui.widgets.footer import Footer

PROGRESS_SECONDS = 0.25  # how often the reading line is brought up to date (not once per game)
COUNTING = "statistics"  # the worker group: one count at a time, stopped when the screen is left


class StatsScreen(Screen[None]):
    BINDINGS = [
        Binding("escape", "app.pop_screen", N_("Games")),
        Binding("r", "reload", N_("Reload")),
    ]
    DEFAULT_CSS = """
    StatsScreen #stats-body { padding: 1 2; }
    StatsScreen #stats-progress { color: $text-muted; }
    """

    stats: Statistics | None = None  # the figures shown, once counted
    counting: Worker[None] | None = None  # the count going on (r starts another and stops this one)

    def compose(self) -> ComposeResult:
        yield Header(icon=HEADER_ICON)
        with VerticalScroll(id="stats-body"):
            yield Static(id="stats-progress")
            yield Static(id="stats")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = _("statistics")
        self.action_reload()

    def action_reload(self) -> None:
        progress = self.query_one("#stats-progress", Static)
        progress.update(_("Counting your saved games…"))
        progress.display = True
        self.counting = self._count(first_paint(self))

    class Progress(Message):
        """How far the count is (posted from the worker, which goes on counting meanwhile)."""

        def __init__(self, worker: Worker[None], done: int, total: int) -> None:
            super().__init__()
            self.worker, self.done, self.total = worker, done, total

    @work(thread=True, exclusive=True, group=COUNTING)
    def _count(self, painted: threading.Event) -> None:
        wait_for_first_paint(painted)  # the screen and its reading line first
        worker = get_current_worker()
        shown = time.monotonic()

        def progress(done: int, total: int) -> None:
            nonlocal shown
            if time.monotonic() - shown >= PROGRESS_SECONDS and not worker.is_cancelled:
                # posted, not waited for: the worker would otherwise sit idle until the screen's thread took
                # its turn (on a busy machine, a wait for the scheduler each time)
                self.post_message(self.Progress(worker, done, total))
                shown = time.monotonic()

        def notice(line: str) -> None:
            self.app.call_from_thread(self.app.notify, line, severity="warning", timeout=10, markup=False)

        stats = collect_stats(progress=progress, cancelled=lambda: worker.is_cancelled, notice=notice)
        if stats is not None and not worker.is_cancelled:
            self.app.call_from_thread(self._take_figures, worker, stats)

    @on(Progress)
    def _show_progress(self, message: Progress) -> None:
        # only the count going on: not a line a stopped count posted before it stopped, nor one posted just
        # before the figures came
        if message.worker is self.counting:
            self.query_one("#stats-progress", Static).update(
                _("Counting your saved games: {done} of {total}…").format(
                    done=formats.count(message.done), total=formats.count(message.total)
                )
            )

    def _take_figures(self, worker: Worker[None], stats: Statistics) -> None:
        """A count's figures, taken on the screen's thread; not those of a count stopped (r pressed again) after
        it looked whether it was stopped and before the screen took them: they would stand, the reading line
        hidden, while the new count goes on (and may count other games)."""
        if not worker.is_cancelled:
            self._show(stats)

    def _show(self, stats: Statistics) -> None:
        self.stats = stats
        self.counting = None
        self.query_one("#stats-progress", Static).display = False
        self.query_one("#stats", Static).update(stats_renderable(stats))
