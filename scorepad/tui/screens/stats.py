"""Statistics across saved games: the same tables as `scorepad stats`."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from scorepad.stats import collect_stats, stats_renderable
from scorepad.tui.widgets.fields import HEADER_ICON


class StatsScreen(Screen[None]):
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Games"),
        Binding("r", "reload", "Reload"),
    ]
    DEFAULT_CSS = """
    StatsScreen #stats-body { padding: 1 2; }
    """

    def compose(self) -> ComposeResult:
        yield Header(icon=HEADER_ICON)
        with VerticalScroll(id="stats-body"):
            yield Static(id="stats")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "statistics"
        self.action_reload()

    def action_reload(self) -> None:
        self.stats = collect_stats()
        self.query_one("#stats", Static).update(stats_renderable(self.stats))
