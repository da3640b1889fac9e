"""Home: saved games, newest first. Enter resumes, n starts a new game."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static

from scorepad.games import listings, replay_log, status_text
from scorepad.rules import GAME_TITLES
from scorepad.rules.names import visible
from scorepad.store import GameListing, games_dir
from scorepad.tui.widgets.fields import HEADER_ICON


class HomeScreen(Screen[None]):
    BINDINGS = [
        Binding("n", "new_game", "New game"),
        Binding("enter", "resume", "Resume", show=True, priority=False),
        Binding("s", "stats", "Statistics"),
        Binding("r", "reload", "Reload"),
        Binding("q", "app.quit", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        yield Header(icon=HEADER_ICON)
        with Vertical(id="home"):
            yield Static(id="home-intro")
            yield DataTable(id="games", cursor_type="row", zebra_stripes=True)
            yield Static(id="damaged", classes="damaged")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "saved games"
        table = self.query_one("#games", DataTable)
        table.add_columns("game", "title", "players", "status", "last played")

    def on_screen_resume(self) -> None:
        # listing replays every saved game: only when the list is seen (not under a game opened at start)
        if self.is_active:
            self.reload()

    def reload(self) -> None:
        table = self.query_one("#games", DataTable)
        table.clear()
        damaged: list[str] = []
        for listing in listings():
            if listing.log is None:
                damaged.append(listing.error)
                continue
            table.add_row(*self._cells(listing), key=str(listing.path))
        # paths and errors are shown as plain text: a "[" in them is not markup
        intro = self.query_one("#home-intro", Static)
        if table.row_count:
            intro.update(Content(
                f"Your games ({visible(str(games_dir()))}). Enter resumes the one under the cursor; n starts a new game."
            ))
        else:
            intro.update(Content(
                f"No games yet in {visible(str(games_dir()))}.\nPress n to start one — or run 'scorepad demo' to add demo games."
            ))
        problems = self.query_one("#damaged", Static)
        problems.update(Content("\n".join(visible(f"Cannot read {line}") for line in damaged)))
        problems.display = bool(damaged)
        if table.row_count:
            table.focus()

    @staticmethod
    def _cells(listing: GameListing) -> tuple[Text, ...]:
        assert listing.log is not None
        header = listing.log.header
        sheet = replay_log(listing.log)
        cells = (
            GAME_TITLES[header.game],
            header.title or "—",
            ", ".join(sheet.names[p] for p in header.players),
            status_text(sheet),
            listing.modified.strftime("%Y-%m-%d %H:%M"),
        )
        # plain text (as the table would make of a str, but no markup: a "[" in a name stays a "[")
        # and what a hand-edited file holds is shown visibly: no control character reaches the terminal
        return tuple(Text(visible(cell), no_wrap=True, end="") for cell in cells)

    def action_reload(self) -> None:
        self.reload()

    def action_new_game(self) -> None:
        self.app.action_new_game()  # type: ignore[attr-defined]

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
