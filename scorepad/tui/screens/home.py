"""Home: saved games, newest first. Enter resumes, n starts a new game.

The games are read in a worker thread (scorepad.library.reading: from the saved games' index, and through the
rules for a game new or changed since): the list paints at once, rows come in batches as they are read, with a
"reading 120 of 500 games" line, and the list can be used meanwhile.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Header, Static
from textual.widgets.data_table import RowDoesNotExist
from textual.worker import Worker, get_current_worker

from scorepad.locale import N_, _
from scorepad.locale.formats import count
from scorepad.rules import GAME_TITLES
from scorepad.rules.names import visible
from scorepad.store.files import games_dir
from scorepad.tui.screens.first_paint import first_paint, wait_for_first_paint
from scorepad.tui.screens.home_columns import Cells, Layout, heading_words, layout, row, wide_widths
from scorepad.tui.widgets.fields import HEADER_ICON
from scorepad.tui.widgets.footer import Footer

if TYPE_CHECKING:
    from scorepad.library.records import SavedGame

#: how often the worker hands what it read to the screen. The first screenful comes at once; after it, half a
#: second later, then each wait twice the one before (up to LONGEST_BATCH_SECONDS): each batch makes the table
#: work out its size again over every row and repaint what it shows (never one message per game), and those rows
#: are below the screenful the list shows. With 2,000 games to replay that was 20 batches and a second of the
#: screen's CPU taken from the reading; now 5 or 6. The reading line says how far it is meanwhile.
FIRST_ROWS = 25
BATCH_SECONDS = 0.5
LONGEST_BATCH_SECONDS = 4.0
BATCH_ROWS = 500
PROGRESS_SECONDS = 0.5  # how often the reading line is brought up to date between batches
#: the worker group of the reading: one at a time (a reload replaces it), stopped when the screen is left
READING = "saved-games"


def reading_line(done: int, total: int) -> str:
    return _("Reading your saved games: {done} of {total}…").format(done=count(done), total=count(total))


class HomeScreen(Screen[None]):
    BINDINGS = [
        # taken as the key arrives (no field here types an n), and the new-game screen is in place before the
        # next key is: "n" and the players' names typed or pasted behind it land in its fields, in order
        Binding("n", "new_game", N_("New game"), priority=True),
        Binding("enter", "resume", N_("Resume"), show=True, priority=False),
        Binding("s", "stats", N_("Statistics")),
        Binding("r", "reload", N_("Reload")),
        Binding("l", "language", N_("Language")),
        Binding("q", "app.quit", N_("Quit")),
    ]

    def compose(self) -> ComposeResult:
        yield Header(icon=HEADER_ICON)
        with Vertical(id="home"):
            yield Static(id="home-intro")
            yield DataTable(id="games", cursor_type="row", zebra_stripes=True)
            yield Static(id="home-progress")
            yield Static(id="damaged", classes="damaged")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = _("saved games")
        self._damaged: list[str] = []
        # the rows read, kept to lay the table out again when the width calls for other columns (no re-reading)
        self._rows: list[tuple[str, Cells]] = []
        self._widths: list[int] = []  # the five columns' widths side by side, for the rows read so far
        self._shown_layout: Layout | None = None
        self._fill()
        self.query_one("#home-progress", Static).display = False
        self.query_one("#damaged", Static).display = False

    def on_screen_resume(self) -> None:
        # listing reads every saved game: only when the list is seen (not under a game opened at start)
        if self.is_active:
            self.reload()

    def on_screen_suspend(self) -> None:
        # a game opened over the list: the reading stops (it starts again, from the index, on coming back)
        self.workers.cancel_group(self, READING)

    def on_resize(self) -> None:
        if self._shown_layout != layout(self._list_width(), self._widths):
            self._fill()

    def _list_width(self) -> int:
        """The room the table has: the screen's width less the margins around the list (#home's padding)."""
        width = self.size.width or self.app.size.width
        return width - self.query_one("#home").styles.gutter.width

    def _fill(self) -> None:
        """The table from the rows read, in the columns that fit the width."""
        table = self.query_one("#games", DataTable)
        shown = self._shown_layout = layout(self._list_width(), self._widths)
        table.clear(columns=True)
        for heading, width in zip(shown.headings, shown.widths, strict=True):
            table.add_column(heading_words(heading), width=width, key=heading)
        for key, cells in self._rows:
            texts, height = row(cells, shown)
            table.add_row(*texts, key=key, height=height)
        self._cursor_to_the_game_left(table)

    def reload(self) -> None:
        self.query_one("#games", DataTable).clear()
        self._rows, self._widths = [], []
        self._damaged = []
        self._show_damaged()
        self._show_intro(empty=False)
        progress = self.query_one("#home-progress", Static)
        progress.update(_("Reading your saved games…"))
        progress.display = True
        self._read_games(first_paint(self))

    @work(thread=True, exclusive=True, group=READING)
    def _read_games(self, painted: threading.Event) -> None:
        wait_for_first_paint(painted)  # the list is painted first
        from scorepad.library.reading import read_saved_games  # with the index (and the rules): only here

        worker = get_current_worker()
        batch: list[SavedGame] = []
        handed = told = time.monotonic()
        wait = BATCH_SECONDS
        total = total_handed = 0

        def progress(done: int, count: int) -> None:
            nonlocal total
            total = count

        def notice(line: str) -> None:
            self.app.call_from_thread(self.app.notify, line, severity="warning", timeout=10, markup=False)

        for game in read_saved_games(progress=progress, cancelled=lambda: worker.is_cancelled, notice=notice):
            batch.append(game)
            first = not total_handed and len(batch) >= min(FIRST_ROWS, BATCH_ROWS)
            now = time.monotonic()
            if first or len(batch) >= BATCH_ROWS or now - handed >= wait:
                if worker.is_cancelled:
                    return
                self.app.call_from_thread(self._take_rows, worker, batch, total)
                total_handed += len(batch)
                if not first:
                    wait = min(2 * wait, LONGEST_BATCH_SECONDS)
                batch, handed = [], time.monotonic()
                told = handed
            elif now - told >= PROGRESS_SECONDS and not worker.is_cancelled:
                # posted, not waited for: the reading goes on while the screen takes its turn
                self.post_message(self.Reading(total_handed + len(batch), total, worker))
                told = now
        if not worker.is_cancelled:
            self.app.call_from_thread(self._take_rows, worker, batch, total, True)

    class Reading(Message):
        """How far the reading is, between two batches of rows (posted from the worker)."""

        def __init__(self, done: int, total: int, worker: Worker[None]) -> None:
            super().__init__()
            self.done, self.total, self.worker = done, total, worker

    @on(Reading)
    def _show_reading(self, message: Reading) -> None:
        progress = self.query_one("#home-progress", Static)
        shown = self.query_one("#games", DataTable).row_count + len(self._damaged)
        # (never a reading stopped since, nor behind the rows listed, nor after the end)
        if progress.display and not message.worker.is_cancelled and message.done > shown:
            progress.update(reading_line(message.done, message.total))

    def _take_rows(
        self, worker: Worker[None], games: list[SavedGame], total: int, finished: bool = False
    ) -> None:
        """A batch handed over by a reading, taken on the screen's thread. A reading stopped (the list read again,
        or left) after it looked whether it was stopped and before the screen took its rows: they are not this
        list's (the new reading lists those games; listed twice, they stopped the app with DuplicateKey)."""
        if not worker.is_cancelled:
            self._add_games(games, total, finished)

    def _add_games(self, games: list[SavedGame], total: int, finished: bool = False) -> None:
        table = self.query_one("#games", DataTable)
        added = []
        for game in games:
            if game.readable:
                added.append((str(game.path), self._cells(game)))
            else:
                self._damaged.append(game.error)
        self._rows += added
        self._widths = wide_widths([cells for _, cells in added], self._widths)
        if self._shown_layout != layout(self._list_width(), self._widths):
            self._fill()  # a row too wide for the five columns: the table folds (every row laid out again)
        else:
            assert self._shown_layout is not None
            for key, cells in added:
                texts, height = row(cells, self._shown_layout)
                table.add_row(*texts, key=key, height=height)
            self._cursor_to_the_game_left(table)
        if any(game.error for game in games):
            self._show_damaged()
        done = table.row_count + len(self._damaged)
        progress = self.query_one("#home-progress", Static)
        progress.update(reading_line(done, total))
        progress.display = not finished
        if finished and not table.row_count:
            self._show_intro(empty=True)
        if table.row_count and not table.has_focus and self.focused is None:
            table.focus()

    def _cursor_to_the_game_left(self, table: DataTable[Any]) -> None:
        """Back from a game, the cursor is on it (once its row is read), unless it was moved meanwhile."""
        left = getattr(self.app, "left_game", None)
        if left is None or table.cursor_row != 0:
            return
        try:
            index = table.get_row_index(left)
        except RowDoesNotExist:
            return  # not read yet
        table.move_cursor(row=index, animate=False)
        self.app.left_game = None  # type: ignore[attr-defined]

    def _show_intro(self, empty: bool) -> None:
        # paths are shown as plain text: a "[" in them is not markup
        intro = self.query_one("#home-intro", Static)
        if empty:
            intro.update(
                Content(
                    _(
                        "No games yet in {folder}.\nPress n to start one — or run 'scorepad demo' to add demo games."
                    ).format(folder=visible(str(games_dir())))
                )
            )
        else:
            intro.update(
                Content(
                    _(
                        "Your games ({folder}). Enter resumes the one under the cursor; n starts a new game."
                    ).format(folder=visible(str(games_dir())))
                )
            )

    def _show_damaged(self) -> None:
        # file names and causes are shown as plain text, visibly: a "[" is not markup, no control character raw
        problems = self.query_one("#damaged", Static)
        problems.update(
            Content(
                "\n".join(visible(_("Cannot read {problem}").format(problem=line)) for line in self._damaged)
            )
        )
        problems.display = bool(self._damaged)

    @staticmethod
    def _cells(game: SavedGame) -> Cells:
        # what a hand-edited file holds is shown visibly: no control character reaches the terminal (and the
        # cells are plain text, not markup: a "[" in a name stays a "[")
        return (
            _(GAME_TITLES[game.game]),
            visible(game.title),
            visible(", ".join(game.players)),
            visible(game.status),
            game.modified,
        )

    def action_reload(self) -> None:
        self.reload()

    def action_language(self) -> None:
        from scorepad.tui.screens.language import LanguageScreen

        def speak(code: str | None) -> None:
            if code is not None:
                self.app.switch_language(code)  # type: ignore[attr-defined]

        self.app.push_screen(LanguageScreen(), speak)

    async def action_new_game(self) -> None:
        await self.app.action_new_game()  # type: ignore[attr-defined]

    def action_stats(self) -> None:
        from scorepad.tui.screens.stats import StatsScreen

        self.app.push_screen(StatsScreen())

    def action_resume(self) -> None:
        table = self.query_one("#games", DataTable)
        if not table.row_count:
            return
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key
        self.app.open_game(Path(str(key.value)))  # type: ignore[attr-defined]

    @on(DataTable.RowSelected, "#games")
    def _row_selected(self, event: DataTable.RowSelected) -> None:
        self.app.open_game(Path(str(event.row_key.value)))  # type: ignore[attr-defined]
        event.stop()
