"""The running score sheet: a row per scored deal, keyed by the entry's seq, updated incrementally."""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from rich.text import Span, Text

from scorepad.locale import _
from scorepad.log import Entry, Rename
from scorepad.rules.base import Naming, Row, Sheet
from scorepad.rules.names import visible
from scorepad.tui.widgets.keyed_table import KeyedTable
from scorepad.tui.widgets.title import cut_name

#: more rows than this added at once (a game opened, the table laid out again after a rename) are put in words
#: only when drawn or read (KeyedTable.add_lazy_rows); fewer, as a deal logged adds, at once
LAZY_FROM = 16
#: a player's name in a sheet's cells (a dealer, a declarer, a Weis sentence) is cut to this many cells with a "…":
#: the header, the log and F1 say it whole, and the sides' scores keep their room
NAME_CELLS = 16


class SheetTable(KeyedTable):
    """Game screens subclass it to add their own columns (contract, tricks …)."""

    DEFAULT_CSS = "SheetTable { height: 1fr; }"
    fit_width = True  # every side's score in view at any width: the game's words are cut instead

    def __init__(self, *, id: str | None = "sheet"):
        super().__init__(id=id, zebra_stripes=True)
        self._shown: tuple[Row, ...] = ()
        self._layout: tuple[object, ...] = ()

    # -- what a game screen overrides

    def game_columns(self, sheet: Sheet) -> list[str]:
        """Columns between the deal number and the sides' scores, in the language in use."""
        return [_("deal")]

    def game_cells(self, row: Row, sheet: Sheet) -> list[str | Text]:
        return [row.text]

    def side_columns(self, sheet: Sheet, side: str) -> list[tuple[str, str]]:
        """(label, key) of each column a side gets: by default one, its delta and total."""
        return [(sheet.side_names.get(side, side), f"side-{side}")]

    def side_cells(self, row: Row, side: str) -> list[str | Text]:
        return [self.side_cell(row, side)]

    def side_cell(self, row: Row, side: str) -> Text:
        delta = row.delta[side]
        style = "green" if delta > 0 else "red" if delta < 0 else "dim"
        # "+120  340": built with its two spans at once (Text.assemble appends piece by piece, a table of a
        # long game makes thousands of these when it opens)
        end = len(f"{delta:+d}") if delta else 1
        plain = score_words(row, side)
        return Text(plain, spans=[Span(0, end, style), Span(end + 2, len(plain), "bold")])

    def side_heading(self, label: str) -> Text:
        """A side's column heading: its name, never markup, written out visibly."""
        return Text(visible(label))

    def scores_first(self, sheet: Sheet) -> bool:
        """Whether the sides' scores come straight after the deal's number, before the game's own columns (a
        game of many sides, whose scores would otherwise run off a narrow screen)."""
        return False

    def whole_column(self, key: str) -> bool:
        """Whether a game column's cells are kept whole like the scores (never cut to the screen's width)."""
        return False

    def column_width(self, key: str) -> int | None:
        """A column's fixed width (its cells wrap within it), or None: as wide as its cells."""
        return None

    def row_height(self, cells: list[str | Text]) -> int | None:
        """1, or None for a row whose cells take more lines: their own, or wrapped (see `column_width`)."""
        return 1

    def appended_height(self, cells: list[str | Text]) -> int | None:
        """The lines of a row of more than one line added to the table, counted from its cells (None: the table
        counts them, the same way)."""
        return self.cells_lines(cells)

    def row_lines(self, row: Row, sheet: Sheet) -> int:
        """The lines the rules' row takes in the table (a game whose rows take more than one line may count them
        more cheaply than with all their cells made). The row may not be in words yet: what is read of it is read
        unkept (`Row.unkept`), or a long game opened would keep every row's words."""
        # the deal's number is one line whatever it is
        return self.cells_lines(self.cells_of(0, row.unkept(), sheet))

    def cells_lines(self, cells: list[str | Text]) -> int:
        """The lines a row of these cells takes: a cell's own lines, wrapped to its column's set width (a
        column as wide as its cells wraps none of them)."""
        return 1 if self.row_height(cells) == 1 else self.lines_of(cells)

    def layout_key(self, sheet: Sheet) -> tuple[object, ...]:
        """What the columns depend on: when it changes, the table is laid out again."""
        # the players' names too: after a rename every row is said again with the new name
        return (tuple(sheet.sides), tuple(sheet.side_names.items()), tuple(sheet.names.items()))

    # -- updating

    def show(self, sheet: Sheet) -> None:
        """Bring the table up to `sheet`: rows that are the very same objects stay; of the rest, rows with the
        same key are changed only where their cells differ, and rows no longer on the sheet are removed."""
        layout = self.layout_key(sheet)
        if layout != self._layout or not self.columns:
            self.clear(columns=True)
            # the deal's number and the sides' scores are never cut to the screen's width; the game's own words
            # and the sides' names in the headings are, with a "…" (each row's detail and the log say them whole)
            self.add_column("#", key="n", whole=True)
            game = [
                (Text(label), f"col-{label}", self.whole_column(f"col-{label}"))
                for label in self.game_columns(sheet)
            ]
            sides = [
                (self.side_heading(label), key, True)
                for side in sheet.sides
                for label, key in self.side_columns(sheet, side)
            ]
            game_keys = {key for _, key, _ in game}
            for heading, key, whole in sides + game if self.scores_first(sheet) else game + sides:
                score = key not in game_keys
                self.add_column(heading, key=key, width=self.column_width(key), whole=whole, right=score)
            self._layout = layout
            self._shown = ()
        old, rows = self._shown, sheet.rows
        kept = same_prefix(old, rows)
        if kept == len(old) == len(rows):
            return
        old_keys = [str(row.seq) for row in old[kept:]]
        new_keys = [str(row.seq) for row in rows[kept:]]
        staying = set(new_keys)
        for key in old_keys:
            if key not in staying:
                self.remove_row(key)
        left = [key for key in old_keys if key in staying]
        if (
            left != new_keys[: len(left)]
        ):  # the rows left are no longer in order: redone from the first of them
            for key in left:
                self.remove_row(key)
            left = []
        # the rows kept, in words: a correction changes only the cells that differ (and a row's lines, when its
        # words now take more or fewer: a reason added to a penalty, a name that now wraps)
        columns = self.ordered_columns
        for number, (key, row) in enumerate(zip(left, rows[kept:], strict=False), start=kept + 1):
            cells = self.cells_of(number, row, sheet)
            for column, shown, cell in zip(columns, self.get_row(key), cells, strict=True):
                if shown != cell:
                    self.update_cell(key, column.key, cell)
            if not self._one_line_rows():
                self.set_row_height(key, self.cells_lines(cells))
        added = list(zip(new_keys, rows[kept:], strict=True))[len(left) :]
        if len(added) > LAZY_FROM:
            # each row kept as the rules' row (which the sheet holds anyway), put in words when drawn; its number
            # is its place in the table then. A sheet whose rows may take more lines has each row's lines
            # counted now (its words made and let go): the table places every row before its first paint
            self.add_lazy_rows(
                added,
                self._cells_later(sheet),
                self._cells_measured(sheet),
                None if self._one_line_rows() else self._lines(sheet),
            )
        else:
            for number, (key, row) in enumerate(added, start=kept + len(left) + 1):
                cells = self.cells_of(number, row, sheet)
                height = self.row_height(cells)
                self.add_row(
                    *cells, key=key, height=self.appended_height(cells) if height is None else height
                )
        self._shown = rows
        if rows and kept < len(rows):
            self.move_cursor(row=self.row_count - 1)

    def move_to_entry(self, seq: int) -> None:
        """The cursor on the row entry `seq` belongs to (the first row scored by it or after it: a deal's call
        belongs to the row its result scored; a row struck out leaves the one after it, or the last), and that
        row scrolled into view."""
        seqs = [row.seq for row in self._shown]
        index = bisect_left(seqs, seq)
        if seqs:
            self.move_cursor(row=min(index, len(seqs) - 1))

    def _one_line_rows(self) -> bool:
        """Whether every row is one line high whatever its cells say (a game's sheet may wrap its rows)."""
        return type(self).row_height is SheetTable.row_height

    def _lines(self, sheet: Sheet) -> Callable[[Row], int]:
        return lambda row: self.row_lines(row, sheet)

    def _cells_later(self, sheet: Sheet) -> Callable[[Row], list[str | Text]]:
        return lambda row: self.cells_of(self.get_row_index(str(row.seq)) + 1, row, sheet)

    def _cells_measured(self, sheet: Sheet) -> Callable[[Row], list[str | Text]]:
        # a row only measured (out of view) is put in words without the rules' row keeping them: a long game's
        # rows are all measured once it opens, and would otherwise each keep their words for good
        return lambda row: self.cells_of(self.get_row_index(str(row.seq)) + 1, row.unkept(), sheet)

    def cells_of(self, number: int, row: Row, sheet: Sheet) -> list[str | Text]:
        # not markup, and a note from a hand-edited file shown visibly
        game: list[str | Text] = [
            Text(visible(c, keep_lines=True)) if isinstance(c, str) else c
            for c in self.game_cells(row, sheet)
        ]
        sides: list[str | Text] = []
        for side in sheet.sides:
            sides += self.side_cells(row, side)
        # numbered as the table counts its deals (a deal thrown in has no row; a penalty goes with its hand)
        shown = row.number or number
        return [str(shown), *(sides + game if self.scores_first(sheet) else game + sides)]


def score_words(row: Row, side: str) -> str:
    """A side's score cell in words: the deal's change, then the total ("+120  340", "·  340")."""
    delta = row.delta[side]
    return f"{delta:+d}  {row.totals[side]}" if delta else f"·  {row.totals[side]}"


def same_prefix(old: tuple[object, ...], new: tuple[object, ...]) -> int:
    """How many leading rows two sheets of one game share (the very same objects).

    A fold makes a new Row for every deal it scores, in order; a row kept by two sheets means every row before
    it is kept too. So the shared part is found by halving, not by walking every row."""
    low, high = 0, min(len(old), len(new))  # old[:low] is new[:low]; beyond high they differ
    while low < high:
        middle = (low + high + 1) // 2
        if old[middle - 1] is new[middle - 1]:
            low = middle
        else:
            high = middle - 1
    return low


@dataclass(frozen=True)
class CellNames:
    """The names a sheet's cells say: each player's of now cut to `NAME_CELLS`, each side's made of those as the
    rules name sides (a side the table named itself cut the same)."""

    players: Mapping[str, str]
    sides: Mapping[str, str]
    #: every name a player has had in the game (its header name, each new name), the longest first, with the
    #: player's name of now as cut
    ever: tuple[tuple[str, str], ...] = ()

    def say(self, text: str) -> str:
        """Words the rules wrote in the names of their moment ("Sepp's four to the K♣"), with each player's name
        of now, cut: whole names only, the longest first (so "Sepp" inside "Sepp der Grosse" stays put)."""
        if not self.ever or not text:
            return text
        pattern, lookup = _name_pattern(self.ever)
        return pattern.sub(lambda match: lookup[match.group(0)], text)


#: the names last worked out (a sheet's cells, and its names whole), with the sheet they are of
_SAID: dict[int, tuple[Sheet | None, CellNames]] = {}


def cell_names(sheet: Sheet, cells: int = NAME_CELLS) -> CellNames:
    """The sheet's `CellNames`, each name cut to `cells` (0: whole, as the prompt and the banner say them);
    worked out once a sheet: every row of it asks."""
    said_of, said = _SAID.get(cells, (None, None))
    if said_of is not sheet or said is None:
        said = _cell_names(sheet, cells)
        _SAID[cells] = (sheet, said)
    return said


def _cell_names(sheet: Sheet, cells: int) -> CellNames:
    players = {player: cut_name(name, cells) if cells else name for player, name in sheet.names.items()}
    naming = Naming(players, sheet.sides)
    said = {side: naming.side_name(side) for side in sheet.sides}
    # a side named by its players is said with their names as cut; one the table named itself, cut alone
    sides = {
        side: (
            cut_name(sheet.side_names.get(side, side), cells) if cells else sheet.side_names.get(side, side)
        )
        if name == side
        else name
        for side, name in said.items()
    }
    # the rules' words say each player by his name of the moment: every name he has had, then his header name
    # and his name of now (a name of now wins over one given up), each said as his name of now, cut
    ever = {new_name: players[player] for player, new_name in _renames(sheet) if player in players}
    ever.update({player: players[player] for player in players})
    ever.update({name: players[player] for player, name in sheet.names.items()})
    if all(old == new for old, new in ever.items()):
        return CellNames(players, sides)  # nobody renamed, no name cut: the rules' words as they are
    # every name, the unchanged too: "Bob" inside "Bob der Grosse" (the name itself, matched first) stays put
    ordered = sorted(ever.items(), key=lambda pair: -len(pair[0]))
    return CellNames(players, sides, tuple(ordered))


#: the renames of the entries read last (the entries, how many were read, the renames among them): a deal logged
#: reads only the entries it added
_RENAMES: tuple[Sequence[Entry], int, tuple[tuple[str, str], ...]] = ((), 0, ())


def _renames(sheet: Sheet) -> tuple[tuple[str, str], ...]:
    """(player, new name) of every rename in the game's log, in order."""
    global _RENAMES
    entries = sheet.entries
    read, count, renames = _RENAMES
    if not (count <= len(entries) and (count == 0 or entries[count - 1] is read[count - 1])):
        count, renames = 0, ()  # another game, or entries no longer the same
    new = tuple((entry.player, entry.new_name) for entry in entries[count:] if isinstance(entry, Rename))
    _RENAMES = (entries, len(entries), renames + new)
    return _RENAMES[2]


@lru_cache(maxsize=8)
def _name_pattern(ever: tuple[tuple[str, str], ...]) -> tuple[re.Pattern[str], dict[str, str]]:
    pattern = re.compile("|".join(rf"(?<!\w){re.escape(old)}(?!\w)" for old, _ in ever))
    return pattern, dict(ever)
