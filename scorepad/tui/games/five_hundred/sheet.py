"""The Five Hundred score sheet: a row per deal (dealer, bid, contractor, tricks, made / set / slam, each
side's delta and running total), or — a key away — the classic three-hand columns: won, lost and net."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from scorepad.locale import _, pgettext
from scorepad.rules.base import Row, Sheet
from scorepad.rules.five_hundred import won_lost_net
from scorepad.rules.five_hundred.view import DealCells
from scorepad.tui.widgets.sheet_table import SheetTable, cell_names

OUTCOME_STYLES = {  # not words: the outcome keys and their Rich styles
    "made": "green",
    "slam": "bold green",
    "set": "bold red",
}
#: this many sides (five players, each alone) and their scores come before the deal's columns: after them, most
#: would be off an 80-column screen
SCORES_FIRST_FROM = 4


class FiveHundredSheet(SheetTable):
    """Rows keyed by the result's seq, updated incrementally; `classic` switches the side columns to
    won / lost / net (the net is the running total)."""

    def __init__(self, *, id: str | None = "sheet"):
        super().__init__(id=id)
        self.classic = False

    # -- columns

    def game_columns(self, sheet: Sheet) -> list[str]:
        if self.classic:  # three columns a side: the deal's own columns make room
            return [_("bid"), _("by"), _("result")]
        return [_("dealer"), _("bid"), _("by"), pgettext("sheet column", "tricks"), _("result")]

    def game_cells(self, row: Row, sheet: Sheet) -> list[str | Text]:
        cells = DealCells.of(row, tuple(sheet.sides))
        # the names of now (a player renamed mid-game is shown so in every row), cut short
        names = cell_names(sheet)
        by = names.say(cells.contractor_seat or "")
        if cells.partner_seat:
            by += f" + {names.say(cells.partner_seat)}"
        if cells.call:
            tricks = str(cells.tricks_won)
        else:  # all passed, played at no trump: every side's tricks
            tricks = " ".join(str(cells.tricks[side]) for side in sheet.sides)
        # "set", not "open nullo set": the bid is beside it
        # the English key picks the colour, the words in the language are shown
        key = cells.short or cells.outcome
        words = (
            cells.short_words if cells.short else cells.outcome_words if cells.outcome else sheet.said(row)
        )
        outcome = names.say(words)
        word = key.split()[-1] if key else ""
        shown = Text(outcome, style=OUTCOME_STYLES.get(word, ""))
        if cells.irregularity:
            shown.append(f" ({names.say(cells.irregularity)})", style="italic yellow")
        if self.classic:
            return [cells.contract or "—", by or "—", shown]
        return [names.say(cells.dealer_seat), cells.contract or "—", by or "—", tricks, shown]

    def scores_first(self, sheet: Sheet) -> bool:
        return len(sheet.sides) >= SCORES_FIRST_FROM

    def side_columns(self, sheet: Sheet, side: str) -> list[tuple[str, str]]:
        name = sheet.side_names.get(side, side)
        if not self.classic:
            return [(name, f"side-{side}")]
        return [(f"{name} +", f"won-{side}"), ("−", f"lost-{side}"), (_("net"), f"net-{side}")]

    def side_cells(self, row: Row, side: str) -> list[str | Text]:
        if not self.classic:
            return [self.side_cell(row, side)]
        cells = DealCells.of(row, (side,))
        won, lost = cells.won[side], cells.lost[side]
        return [
            Text(str(won) if won else "·", style="green" if won else "dim"),
            Text(str(lost) if lost else "·", style="red" if lost else "dim"),
            Text(str(row.totals[side]), style="bold"),
        ]

    def layout_key(self, sheet: Sheet) -> tuple[object, ...]:
        return (*super().layout_key(sheet), self.classic)

    def toggle_classic(self, sheet: Sheet) -> None:
        self.classic = not self.classic
        self.show(sheet)


class WonLostNet(Static):
    """Under the classic sheet: each side's points won, points lost and the net, over the whole game."""

    DEFAULT_CSS = "WonLostNet { height: auto; padding: 0 1; color: $text-muted; }"

    def __init__(self, *, id: str | None = None):
        super().__init__("", id=id, markup=False)  # side names are not markup

    def show(self, sheet: Sheet, visible: bool) -> None:
        self.display = visible
        if not visible:
            return
        table = won_lost_net(sheet)
        parts = [
            f"{sheet.side_names.get(side, side)} {line['won']} − {line['lost']} = {line['net']}"
            for side, line in table.items()
        ]
        self.update(_("Won − lost = net:  {sides}").format(sides="   ".join(parts)))
