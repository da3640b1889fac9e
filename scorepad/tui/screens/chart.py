"""The course of the game: each side's total after every scored deal, one line per side."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, Sparkline, Static

from scorepad.rules.base import Sheet
from scorepad.tui.plain import plain

try:  # a line chart when textual-plotext is installed, one sparkline per side otherwise
    from textual_plotext import PlotextPlot
except ImportError:  # pragma: no cover - depends on the installation
    PlotextPlot = None  # type: ignore[assignment,misc]


def course(sheet: Sheet) -> dict[str, list[int]]:
    """Side (as shown) -> its total before the first deal and after every deal."""
    return {
        sheet.side_names.get(side, side): [0, *(row.totals[side] for row in sheet.rows)] for side in sheet.sides
    }


class ChartScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,f3", "close", "Close")]
    DEFAULT_CSS = """
    ChartScreen #chart-plot { height: 1fr; }
    ChartScreen #chart-empty { height: 1fr; }
    ChartScreen .chart-line { height: 3; margin-bottom: 1; }
    """

    def __init__(self, sheet: Sheet):
        super().__init__()
        self.sheet = sheet

    def compose(self) -> ComposeResult:
        lines = course(self.sheet)
        with Vertical(classes="dialog wide tall", id="chart"):
            yield Label("The course of the game: totals after each deal", classes="dialog-title")
            if not self.sheet.rows:
                yield Static("No deal has been scored yet.", id="chart-empty")
            elif PlotextPlot is not None:
                yield PlotextPlot(id="chart-plot")
            else:
                for name, totals in lines.items():
                    yield Label(plain(f"{name}: {totals[-1]}"))
                    yield Sparkline(totals, classes="chart-line")
            yield Static("Esc or F3 closes", classes="hint")

    def on_mount(self) -> None:
        plots = self.query("#chart-plot")
        if not plots:
            return
        plt = plots.first(PlotextPlot).plt
        lines = course(self.sheet)
        deals: list[float] = list(range(len(self.sheet.rows) + 1))
        for name, totals in lines.items():
            plt.plot(deals, totals, label=name, marker="braille")
        plt.xlabel("deal")
        plt.ylabel("total")
        plt.xticks(deals if len(deals) <= 20 else deals[:: max(1, len(deals) // 10)])

    def action_close(self) -> None:
        self.dismiss(None)
