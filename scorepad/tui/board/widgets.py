"""The board's pieces: a side's score (big digits and plain words), the state in words, the last deals.

Every text the board takes from a game file (the title, player and side names, the rows' and the state's words,
the report of a problem) goes through `board_text()` on its way to the screen: nothing in a hand-edited file
reaches the terminal as a control or a text-direction character."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Digits, Static

from scorepad.locale import _, pgettext
from scorepad.rules.base import Row, Sheet
from scorepad.rules.names import visible
from scorepad.text.describe import recent_words


def _escape(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def board_text(text: str) -> str:
    """`text` as the board shows it: escaped as the app, replay, list and the exports escape it (`visible`:
    controls, line breaks, bidi overrides, isolates and marks, zero-width and other invisible characters)."""
    return visible(text)


def board_names(names: Mapping[str, str]) -> dict[str, str]:
    """Side (or player) -> its name as the board shows it."""
    return {key: board_text(name) for key, name in names.items()}


# A pixel font for the digits of a big screen: three pixels wide, five high ("#" drawn)
FONT = {
    "0": ("###", "#.#", "#.#", "#.#", "###"),
    "1": (".#.", "##.", ".#.", ".#.", "###"),
    "2": ("###", "..#", "###", "#..", "###"),
    "3": ("###", "..#", "###", "..#", "###"),
    "4": ("#.#", "#.#", "###", "..#", "..#"),
    "5": ("###", "#..", "###", "..#", "###"),
    "6": ("###", "#..", "###", "#.#", "###"),
    "7": ("###", "..#", "..#", "..#", "..#"),
    "8": ("###", "#.#", "###", "#.#", "###"),
    "9": ("###", "#.#", "###", "..#", "###"),
    "-": ("...", "...", "###", "...", "..."),
}
HALVES = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}


def big_number_lines(number: str, scale: int) -> list[str]:
    """`number` in the pixel font, each pixel `scale` columns wide and `scale` half rows high (a terminal's cell is
    about twice as high as wide: the pixels are square), a pixel's gap between the digits."""
    rows: list[list[bool]] = []
    for row in range(5):
        pixels: list[bool] = []
        for index, char in enumerate(number):
            if index:
                pixels += [False] * scale
            for pixel in FONT.get(char, FONT["-"])[row]:
                pixels += [pixel == "#"] * scale
        rows += [pixels] * scale
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))
    return [
        "".join(HALVES[pair] for pair in zip(upper, lower, strict=True))
        for upper, lower in zip(rows[::2], rows[1::2], strict=True)
    ]


def big_number_rows(scale: int) -> int:
    """The rows a number takes at `scale`."""
    return (5 * scale + 1) // 2


class BigDigits(Static):
    """A total in the pixel font, as big as the screen lets it be (`scale`): for a TV-sized terminal."""

    DEFAULT_CSS = "BigDigits { width: 1fr; height: auto; text-align: center; }"

    def __init__(self) -> None:
        super().__init__("", markup=False)
        self.number = "0"
        self.scale = 2

    def show(self, number: str, scale: int) -> None:
        if (number, scale) != (self.number, self.scale):
            self.number, self.scale = number, scale
            self.update("\n".join(big_number_lines(number, scale)))


class SideScore(Vertical):
    """One side: its name and total in words (for screen readers and copying), and the total in big digits
    (Textual's, three rows high; on a big screen the pixel font's, grown with the screen)."""

    DEFAULT_CSS = """
    SideScore { height: auto; width: 1fr; padding: 0 1; }
    SideScore .side-line { width: 1fr; text-style: bold; }
    SideScore Digits { width: auto; }
    SideScore BigDigits { display: none; }
    SideScore.-big BigDigits { display: block; }
    SideScore.-big Digits { display: none; }
    SideScore.-winner .side-line { color: $success; }
    SideScore.-winner Digits, SideScore.-winner BigDigits { color: $success; }
    """

    def __init__(self, side: str):
        super().__init__(classes="side-score")
        self.side = side
        self.line = Static("", classes="side-line", markup=False)
        self.digits = Digits("0")
        self.big = BigDigits()

    def compose(self) -> ComposeResult:
        yield self.line
        yield self.digits
        yield self.big

    def grow(self, scale: int) -> None:
        """Show the total in the pixel font at `scale` (0 or 1: Textual's digits)."""
        self.set_class(scale > 1, "-big")
        if scale > 1:
            self.big.show(self.digits.value, scale)

    def show(self, name: str, total: int, winner: bool, note: str = "") -> None:
        words = Text.assemble((board_text(name), "bold"), "  ", (str(total), "bold"))
        if winner:
            # Translators: a tag after the winning side's name and total on the board ("Ann  520  wins")
            wins = pgettext("board", "wins")
            words.append(f"  {wins}", style="bold")
        if note:
            words.append(f"  {note}", style="dim")
        self.line.update(words)
        self.digits.update(str(total))
        self.set_class(winner, "-winner")


class StateLines(Static):
    """The state of the game in words, from the rules (`State.board_lines`)."""

    DEFAULT_CSS = "StateLines { height: auto; padding: 0 1; color: $accent; text-style: bold; }"

    rows = 0  # lines shown (the layout makes room for them)

    def show(self, lines: Sequence[str], report: str = "") -> None:
        """`report`: why the game cannot be followed just now, one line in the board's words."""
        text = Text("\n".join(board_text(line) for line in lines))
        if report:
            text.append(("\n" if lines else "") + board_text(report), style="bold red")
        self.rows = len(text.plain.splitlines())
        self.update(text)


def recent_table(sheet: Sheet, rows: Sequence[Row], totals: bool) -> Table:
    """The last deals: what happened in the rules' words, each side's points, and (room permitting) the totals."""
    table = Table(box=None, expand=True, show_edge=False, pad_edge=False, header_style="bold")
    table.add_column("#", justify="right", style="dim", no_wrap=True)
    table.add_column(recent_words(sheet)[0], ratio=1, overflow="ellipsis", no_wrap=True)
    for side in sheet.sides:
        table.add_column(
            Text(board_text(sheet.side_names.get(side, side))),
            justify="right",
            no_wrap=True,
            overflow="ellipsis",
            max_width=18,
        )
    for row in rows:
        cells: list[Text | str] = [str(row.number or ""), Text(board_text(sheet.said(row)))]
        for side in sheet.sides:
            delta = row.delta.get(side, 0)
            text = Text(
                f"{delta:+d}" if delta else "·", style="green" if delta > 0 else "red" if delta < 0 else "dim"
            )
            if totals:
                text.append(f"  {row.totals.get(side, 0)}", style="bold")
            cells.append(text)
        table.add_row(*cells)
    return table


class RecentDeals(Static):
    """As many of the last scored deals as the pane has room for, newest at the bottom."""

    DEFAULT_CSS = "RecentDeals { width: 1fr; height: 1fr; padding: 0 1; border: round $primary; }"

    def __init__(self, *, id: str | None = "recent"):
        super().__init__("", id=id)
        self.sheet: Sheet | None = None
        self.border_title = _("Last deals")

    def show(self, sheet: Sheet) -> None:
        self.sheet = sheet
        self.border_title = recent_words(sheet)[1]
        self._draw()

    def on_resize(self) -> None:
        self._draw()

    def _draw(self) -> None:
        sheet = self.sheet
        if sheet is None:
            return
        room = max(1, (self.content_size.height or 6) - 1)  # the header row takes one
        rows = sheet.rows[-room:]
        if not rows:
            self.update(Text(recent_words(sheet)[2], style="dim"))
            return
        wide = (self.content_size.width or 60) >= 30 + 16 * len(sheet.sides)
        self.update(recent_table(sheet, rows, totals=wide))
