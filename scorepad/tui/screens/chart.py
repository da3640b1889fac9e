"""The course of the game: each side's total after every scored deal, one line per side."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, Sparkline, Static

from scorepad.locale import N_, _
from scorepad.rules.base import Sheet
from scorepad.tui.plain import plain

try:  # a line chart when textual-plotext is installed, one sparkline per side otherwise
    from textual_plotext import PlotextPlot
except ImportError:  # pragma: no cover - depends on the installation
    PlotextPlot = None  # type: ignore[assignment,misc]


def course(sheet: Sheet) -> dict[str, list[int]]:
    """Side (as shown) -> its total before the first deal and after every deal."""
    return {
        sheet.side_names.get(side, side): [0, *(row.totals[side] for row in sheet.rows)]
        for side in sheet.sides
    }


def whole_ticks(low: int, high: int, most: int = 8) -> list[int]:
    """Whole-number ticks covering low..high at a round step (1, 2, 5, 10, 20, 50 …), at most about `most`."""
    low, high = min(low, high), max(low, high)
    span = max(high - low, 1)
    step, scale = 1, 1
    while span / step > most:
        for factor in (2, 5, 10):
            step = factor * scale
            if span / step <= most:
                break
        scale *= 10
    first = (low // step) * step
    return list(range(first, high + step, step))


def steps(totals: list[int]) -> tuple[list[float], list[float]]:
    """A staircase: each total held until the next deal, then a step (no diagonal between deals)."""
    xs: list[float] = [0]
    ys: list[float] = [totals[0]]
    for deal, total in enumerate(totals[1:], start=1):
        xs += [deal, deal]
        ys += [ys[-1], total]
    return xs, ys


class ChartScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,f3", "close", N_("Close"))]
    DEFAULT_CSS = """
    ChartScreen #chart-plot { height: 1fr; }
    ChartScreen #chart-empty { height: 1fr; }
    ChartScreen .chart-line { height: 3; margin-bottom: 1; }
    """

    def __init__(self, sheet: Sheet, target: int | None = None):
        super().__init__()
        self.sheet = sheet
        self.target = target  # the game's target, drawn as a line (none for a bridge rubber)

    def compose(self) -> ComposeResult:
        lines = course(self.sheet)
        with Vertical(classes="dialog wide tall", id="chart"):  # not words: CSS classes
            yield Label(_("The course of the game: totals after each deal"), classes="dialog-title")
            if not self.sheet.rows:
                yield Static(_("No deal has been scored yet."), id="chart-empty")
            elif PlotextPlot is not None:
                yield PlotextPlot(id="chart-plot")
            else:
                for name, totals in lines.items():
                    yield Label(plain(f"{name}: {totals[-1]}"))
                    yield Sparkline(totals, classes="chart-line")
            yield Static(_("Esc or F3 closes"), classes="hint")

    def on_mount(self) -> None:
        plots = self.query("#chart-plot")
        if not plots:
            return
        plt = plots.first(PlotextPlot).plt
        lines = course(self.sheet)
        winner = (
            self.sheet.side_names.get(self.sheet.winner, self.sheet.winner) if self.sheet.winner else None
        )
        deals: list[float] = list(range(len(self.sheet.rows) + 1))
        for name, totals in lines.items():
            xs, ys = steps(totals)
            plt.plot(xs, ys, label=f"{name} — won" if name == winner else name, marker="braille")
            if name == winner:  # the winner's last total, marked
                plt.scatter([deals[-1]], [totals[-1]], marker="★")
        values: list[int] = [v for totals in lines.values() for v in totals]
        if (
            self.target is not None
        ):  # a line of its own in the legend: a label written on the plot can land on it
            plt.plot(
                [0, deals[-1]],
                [self.target, self.target],
                label=_("target {target}").format(target=self.target),
                marker="─",
            )
            values.append(self.target)
        plt.xlabel(_("deal"))
        plt.ylabel(_("total"))
        plt.xticks(deals if len(deals) <= 20 else deals[:: max(1, len(deals) // 10)])
        ticks = whole_ticks(min(values), max(values))
        plt.yticks(
            [float(tick) for tick in ticks], [str(tick) for tick in ticks]
        )  # whole numbers, written so

    def action_close(self) -> None:
        self.dismiss(None)
