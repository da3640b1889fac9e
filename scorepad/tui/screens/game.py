"""The frame every game's screen fills in: score sheet, log pane, entry form, and the keys they share.

A game screen subclasses `GameScreen`, sets `form_class` (its entry form) and optionally
`sheet_class` (its score sheet) and `compose_board()` (extra widgets such as the Jass-Tafel),
and may react to `sheet_changed()`. Logging, undo, edit, overrides, renames and the
end-of-game banner live here once.
"""

from __future__ import annotations

import asyncio
import gc
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Header, Input, Label, Static

from scorepad.gcpause import gc_paused
from scorepad.locale import N_, _, ngettext
from scorepad.log import Amend, Entry, Rename, Void, amend_model, void_model
from scorepad.rules import GAME_TITLES, Replayer
from scorepad.rules.base import LastDeal, Sheet, deal_noun
from scorepad.rules.names import visible
from scorepad.rules.wording import capitalized
from scorepad.store.game_file import FileChanged, GameFile, StoreError
from scorepad.text.describe import describe, described, next_line
from scorepad.tui.collector import IdleCollector
from scorepad.tui.plain import plain
from scorepad.tui.widgets import quiet
from scorepad.tui.widgets.entry_form import EntryForm
from scorepad.tui.widgets.fields import HEADER_ICON
from scorepad.tui.widgets.footer import KeysFooter
from scorepad.tui.widgets.log_pane import LogPane
from scorepad.tui.widgets.needs import needs_line
from scorepad.tui.widgets.sheet_table import SheetTable, cell_names
from scorepad.tui.widgets.title import fit_title

if TYPE_CHECKING:  # the dialogs are imported when first opened, not before the game's first paint
    from scorepad.tui.screens.correcting import Correcting
    from scorepad.tui.screens.form_dialog import FormDialog
    from scorepad.tui.screens.modals import RenameScreen

T = TypeVar("T")
W = TypeVar("W", bound=Widget)


#: the notes a correction leaves in the log: the log's own words, the same in every language
AGREED_NOTE = "table agreed"  # not words: a note kept in the log
UNDO_NOTE = "undo, table agreed"  # not words: a note kept in the log
STRUCK_NOTE = "struck out"  # not words: a note kept in the log
#: what Ctrl+Z asks before it reaches into an earlier deal, by the game's word for one (Jass counts hands)
UNDO_EARLIER = {"deal": N_("Undo an earlier deal too?"), "hand": N_("Undo an earlier hand too?")}


class GameScreen(Screen[None]):
    BINDINGS = [
        # short words: the frame's keys fit one compact footer line at 80 columns, the game's own after them
        Binding("escape", "leave", N_("Games")),
        Binding("ctrl+z", "undo", N_("Undo")),
        Binding("ctrl+e", "edit", N_("Edit"), priority=True),  # over the Input's ctrl+e (end of line)
        Binding("f1", "help", N_("Laws")),
        Binding("f2", "table", N_("Table")),
        Binding("f3", "chart", N_("Chart")),
        Binding("f4", "export", N_("Export")),
        Binding("f9", "toggle_log", N_("Log")),
        Binding("ctrl+r", "rename", N_("Rename"), show=False),
        Binding("ctrl+n", "rematch", N_("Rematch")),
        Binding("f10", "board", N_("Board"), show=False),  # how to show this game on a second screen
        Binding(
            "ctrl+s", "save_as_new", N_("Save as new"), show=False
        ),  # once the file was lost: the banner says it
        # Tab moves on before the next key is handed to a field: typed fast or pasted, "a⇥7h⇥8" lands in three
        # fields (as a screen binding, the Tab waits its turn behind the field and the keys after it do not).
        # In the entry form it goes round the form's fields (see `action_next_field`)
        Binding("tab", "next_field", show=False, priority=True),
        Binding("shift+tab", "previous_field", show=False, priority=True),
        # likewise Enter in the entry form logs the deal before the keys typed after it reach a field
        Binding("enter", "enter_field", show=False, priority=True),
    ]

    #: the totals, shown in the header. Screen's own sub_title repaints the whole screen on every change;
    #: nothing of the screen itself shows it, so here only the header (which watches it) repaints
    sub_title: Reactive[str | None] = Reactive(None, compute=False, repaint=False)
    #: the widget with the focus. Screen's own repaints the whole screen whenever it moves (after every Enter, from
    #: the last field to the first; at every Tab): the frame then draws every widget again, not only the two
    #: fields. Nothing of the screen itself shows it; the widgets that gain and lose it repaint themselves
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)

    # below 120 columns the log pane folds away (F9 shows it) and the sheet has the width; below 28 rows the
    # boards that can (the Jass-Tafel, the bridge pad) shrink
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (120, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (28, "-tall")]

    form_class: type[EntryForm] | None = None
    sheet_class: type[SheetTable] = SheetTable
    #: what each side needs has its own line under the prompt (a game whose board says it sets this False)
    needs_in_frame = True

    def __init__(self, game_file: GameFile):
        super().__init__()
        self.game_file = game_file
        self.header = game_file.header
        with gc_paused():  # a whole log: rows, deals and positions that are all kept
            self.replayer = Replayer(game_file.header).extend(game_file.entries)
        self.sheet: Sheet = self.replayer.sheet()
        self._form: EntryForm | None = None
        self._log_for_pick = False  # the log pane was shown by Ctrl+E only, to pick an entry
        self._appended: list[int] = []  # the seqs of the entries the last write logged
        self._undone_last = (
            False  # the last thing written was an undo: the next one asks before going further
        )
        self.collector = IdleCollector(self)  # no collection between an Enter and the frame that shows it
        self._resumed = False  # the first ScreenResume comes as the screen is pushed, right after it mounted
        self._found: dict[tuple[str | type, type | None], Widget] = {}  # see `one`

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        self._breakpoints_now()
        yield Header(icon=HEADER_ICON)
        with Horizontal(id="game-body"):
            with Vertical(id="board"):
                yield Static(id="banner")
                yield Static(id="prompt")
                if self.needs_in_frame:
                    yield Static(id="needs", markup=False)
                yield from self.compose_board()
            with Vertical(id="log-side"):
                yield Label(_("Log — Ctrl+E to pick an entry to correct"), classes="pane-title")
                yield LogPane()
                yield Static(id="log-whole")  # the entry at the cursor, whole, when its row folds it
        if self.game_file.readonly:
            yield Static(Text(self._readonly_text()), id="readonly")
        elif self.form_class is not None:
            yield self.form_class()
        yield Static(self.game_keys(), id="game-keys", markup=False)
        yield KeysFooter(compact=True, show_command_palette=False)  # Ctrl+P still opens it

    def _readonly_text(self) -> str:
        reason = self.game_file.readonly_reason or _("this game is open in another scorepad")
        if self.game_file.changed:
            return _(
                "Read-only: {reason}. Nothing more is written to it. "
                "Ctrl+S saves the game as it stands here as a new game file."
            ).format(reason=reason)
        return _("Read-only: {reason}. Nothing can be entered here.").format(reason=reason)

    def compose_board(self) -> ComposeResult:
        yield self.sheet_class()

    def own_bindings(self) -> list[Binding]:
        """The game's own shown keys (F5 Penalty, F6 Bedanken …), besides the frame's that every game has."""
        frame = {binding.key for binding in GameScreen.BINDINGS if isinstance(binding, Binding)}
        return [b for b in type(self).BINDINGS if isinstance(b, Binding) and b.show and b.key not in frame]

    def game_keys(self) -> str:
        """The game's own keys in one line (F5 Penalty · F6 Bedanken …): the compact footer has room for the
        frame's keys at 80 columns, these follow them there only when the screen is wide."""
        return " · ".join(f"{b.key.upper()} {_(b.description)}" for b in self.own_bindings())

    def keys_shown_elsewhere(self) -> list[str]:
        """The footer leaves out the game's own keys while their line shows them (not -wide: scorepad.tcss)."""
        return [] if self.has_class("-wide") else [b.action for b in self.own_bindings()]

    def on_resize(self) -> None:
        self.place_log()
        self._set_title()
        self._show_needs(self.sheet)
        self.call_after_refresh(
            self.refresh_bindings
        )  # the footer follows the width class set on this resize

    def board_width(self) -> int:
        """The width the board (the sheet, the pad) has, or will have once laid out: a table that lays its
        columns out by its width draws its first frame with the right ones, not with a guess."""
        board = self.one("#board", Widget)
        if board.size.width:
            return board.size.width
        width = self.size.width or self.app.size.width
        if not self.log_open() or self.has_class("-log-alone"):
            return width
        return self._board_beside_log(width)

    def _board_beside_log(self, width: int) -> int:
        # as scorepad.tcss lays it out: 40 % for the log shown on a narrow screen, else board 2fr, log 1fr
        narrow = width < self.HORIZONTAL_BREAKPOINTS[1][0]
        return width - width * 2 // 5 if narrow else width * 2 // 3

    def log_open(self) -> bool:
        """Whether the log pane is shown: by F9 (or Ctrl+E), or on a wide screen unless F9 folded it."""
        if self.has_class("-log-folded"):
            return False
        return self.has_class("-log-shown") or not self.has_class("-narrow")

    def place_log(self) -> None:
        """The log pane beside the board where the sheet keeps its scores and readable columns beside it;
        otherwise, while it is open, in the board's place (the header keeps every side's total)."""
        width = self.size.width or self.app.size.width
        alone = self.log_open() and self._board_beside_log(width) < self.one(SheetTable).readable_width()
        self.set_class(alone, "-log-alone")

    def log_width(self) -> int:
        """The width the log pane has, or will have once laid out (0 while it is folded away)."""
        log = self.one(LogPane)
        if log.region.width:
            return log.region.width
        width = self.size.width or self.app.size.width
        board = self.board_width()
        return max(width - board - 1, 0) if board < width else 0  # the log side's border takes a column

    @on(LogPane.RowHighlighted, "LogPane")
    def show_whole_entry(self) -> None:
        """Below the log pane, the entry at its cursor whole when its row folds it (nothing when it fits)."""
        whole = self.one(LogPane).whole_entry()
        shown = self.one("#log-whole", Static)
        if whole is not None:
            quiet.update(shown, whole)
        if shown.display != (whole is not None):
            shown.display = whole is not None
            log = self.one(LogPane)  # the pane made shorter or taller: its cursor's row stays in view
            log.call_after_refresh(lambda: log.move_cursor(row=log.cursor_row))

    def _set_title(self) -> None:
        # the header holds the game and every side's score at any width (the table's title where there is room);
        # what a hand-edited file holds is written out visibly
        sheet = self.sheet
        scores = [(visible(sheet.side_names.get(s, s)), sheet.totals[s]) for s in sheet.sides]
        title, sub_title = fit_title(
            self.size.width or self.app.size.width,
            _(GAME_TITLES[self.header.game]),
            visible(self.header.title),
            scores,
        )
        if title == self.title:
            self._show_totals(sub_title)  # the scores alone changed: shown in this frame, without a layout
        else:
            self.title, self.sub_title = title, sub_title

    def _breakpoints_now(self) -> None:
        """The width and height classes (-narrow, -short …) set for the app's size before the first layout.
        Textual sets them at the screen's first Resize, after the first layout: that frame was laid out with
        neither (the log pane shown at 80 columns, the sheet's columns planned for 50), then again.
        Set in one batch as the screen composes, before it has a child: each class changed later restyles every
        widget of the screen (two whole restyles, a tenth of the start with 1,000 deals)."""
        width, height = self.app.size
        classes: dict[str, bool] = {}
        for breakpoints, size in ((self.HORIZONTAL_BREAKPOINTS, width), (self.VERTICAL_BREAKPOINTS, height)):
            reached = [name for at, name in sorted(breakpoints) if size >= at]
            classes.update((name, bool(reached) and name == reached[-1]) for _, name in breakpoints)
        self.update_classes(classes, animate=False)

    def on_mount(self) -> None:
        self._breakpoints_now()  # already set as it composed, unless the app was resized since: then once more
        self._set_title()
        self.refresh_sheet()
        form = self.form
        if form is not None:
            form.focus_first()
        # The game, its tables and the app are all in memory now, to stay while the game is open. The
        # cyclic collector would walk them all at every full collection (~50-90 ms with 1,000 deals, a
        # visible stall every few entries); frozen, they are left out of collections until the game closes.
        gc.freeze()

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        if not self._resumed:
            # pushed just now: every widget was styled as it mounted, a moment ago, and nothing has changed since;
            # Textual's restyle of the whole screen on resuming would do it all again before the first paint
            self._resumed = True
            event.refresh_styles = False
        # back from any dialog (a correction, a rename, F1 …): the keys go to the entry form again, so the next
        # key is not lost in the log pane and the next Tab lands in the form's next field
        form = self.form
        if form is not None and not self.game_file.readonly:
            form.focus_first()
        if self._log_for_pick:  # shown only to pick the entry (Ctrl+E on a narrow screen): folded again
            self._log_for_pick = False
            self.set_class(False, "-log-shown")
            self.place_log()

    def on_unmount(self) -> None:
        self.game_file.close()
        self.collector.close()
        gc.unfreeze()  # what the closed game leaves behind can be collected again

    def one(self, selector: str | type[W], expect_type: type[W] | None = None) -> W:
        """`query_one`, remembered while the widget found stays on the screen. The frame's widgets (the sheet,
        the log, the header, the lines above the form) stay from compose on, and a query walks every widget of
        the screen again each time its children changed (a notice shown, a dialog's widgets): a walk per widget
        inside the first entry's frame after that (~4,000 calls a correction)."""
        key = (selector, expect_type)
        found = self._found.get(key)
        if found is None or not found.is_attached or found.screen is not self:
            found = self._found[key] = (
                self.query_one(selector, expect_type)  # type: ignore[arg-type]
                if expect_type is not None
                else self.query_one(selector)
            )
        return found  # type: ignore[return-value]

    @property
    def form(self) -> EntryForm | None:
        form = self._form
        if form is None or form.parent is None:  # looked up once (a query walks every widget of the screen)
            forms = self.query(EntryForm)
            form = self._form = forms.first() if forms else None
        return form

    # ------------------------------------------------------------------ the sheet

    def refresh_sheet(self) -> None:
        with self.app.batch_update():  # one repaint for the table, the log, the banner and the form
            self._show(self.replayer.sheet())

    def _show(self, sheet: Sheet) -> None:
        self.sheet = sheet
        self.one(SheetTable).show(sheet)
        self.place_log()  # a longer name or score may leave the sheet no room beside the log
        self.one(LogPane).show(sheet)
        self.show_whole_entry()  # the entry at the cursor may have been corrected or renamed
        self._set_title()
        banner = self.one("#banner", Static)
        now = cell_names(sheet, 0)  # the rules' words in the names of their moment, said with those of now
        if sheet.finished:
            banner.update(
                plain(
                    _("🏆  {result}   (Ctrl+N: new game, same players)").format(
                        result=now.say(sheet.result or _("The game is over."))
                    )
                )
            )
        banner.display = sheet.finished
        prompt = self.one("#prompt", Static)
        asked = sheet.prompt in sheet.questions  # a question is the next thing to enter: say it once
        lines = [] if sheet.finished or asked or not sheet.prompt else [next_line(sheet)]
        lines += [_("Question for the table: {question}").format(question=q) for q in sheet.questions]
        lines = [now.say(line) for line in lines]  # the names of now, after a rename
        if sheet.overrides:
            lines.append(
                _("Table overrides in this game: {entries}").format(entries=", ".join(sheet.overridden))
            )
        quiet.update(
            prompt, Text("\n".join(visible(line) for line in lines))
        )  # mostly as it was: no repaint then
        prompt.display = bool(lines)  # nothing to ask (the game over): no blank line under the banner
        self._show_needs(sheet)
        if self.form is not None:
            self.form.update_sheet(sheet)
        self.sheet_changed(sheet)

    def correction_words(self, correction: Amend | Void) -> str:
        """A correction in words, its entry named by its deal: "struck out deal 5's bid", "deal 5's contract
        corrected: contract: Bob 7♠"."""
        label = self.replayer.entry_label(correction.target)
        if isinstance(correction, Amend):
            entry = describe(correction.entry, self.sheet.names, self.sheet.side_names)
            return _("{label} corrected: {entry}").format(label=capitalized(label), entry=entry)
        return _("Struck out {label}").format(label=label)

    def _show_needs(self, sheet: Sheet) -> None:
        """The line of what each side still needs (the rules' words), fitted to the board's width."""
        if not self.needs_in_frame:
            return
        line = self.one("#needs", Static)
        width = self.board_width() - line.styles.gutter.width
        said = needs_line(sheet.view.needs, sheet.view.outlook, width, self.needs_lead())
        quiet.update(line, Text(said))
        line.display = bool(said)

    def needs_lead(self) -> str | None:
        """What each side's points to go are, said before them where the rules' words do not fit ("To reach
        500: "); None: the words, cut."""
        target = getattr(self.replayer.settings, "target", None)  # Five Hundred and Jass play to one
        return _("To reach {target}: ").format(target=target) if isinstance(target, int) else None

    def _show_totals(self, totals: str) -> None:
        """The totals in the header, in this frame. Set as usual, the header's own watcher would put them in its
        title only after this frame, and lay the whole screen out again for it in a second one; its title
        takes the width of the header whatever it says, so it is changed here without a layout."""
        if totals == self.sub_title:
            return
        header = self.one(Header)
        title = self._found.get(("HeaderTitle", None))
        if title is None or not title.is_attached:
            titles = header.query("HeaderTitle")
            title = titles.first() if titles else None
            if title is not None:
                self._found[("HeaderTitle", None)] = title
        if not isinstance(title, Static):
            self.sub_title = totals  # not the Header this was written for: its own way
            return
        self.set_reactive(GameScreen.sub_title, totals)
        title.update(header.format_title(), layout=False)

    def sheet_changed(self, sheet: Sheet) -> None:
        """Hook for game screens with more than the table to update."""

    # ------------------------------------------------------------------ logging

    def _form_field(self) -> Input | None:
        """The entry form's field that has the focus, if one has."""
        focused, form = self.focused, self.form
        if form is None or not isinstance(focused, Input) or form not in focused.ancestors:
            return None
        return focused

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "enter_field":
            return self._form_field() is not None  # elsewhere (the log pane …) Enter does what it does there
        if action == "save_as_new":
            return bool(self.game_file.changed)
        return True

    async def action_enter_field(self) -> None:
        field, form = self._form_field(), self.form
        if field is None or form is None:
            return
        self.collector.hold()
        # keys typed before the Enter may still wait in the field's queue: let it take them first. The app
        # hands out no further key meanwhile, so those typed after the Enter go to the next deal's first field.
        taken = asyncio.Event()
        if field.call_later(taken.set):
            try:
                await asyncio.wait_for(taken.wait(), timeout=1)
            except TimeoutError:  # never hold the keyboard: read the fields as they are
                pass
        form.enter_from(field)

    # ------------------------------------------------------------------ Tab

    def action_next_field(self) -> None:
        """Tab: the next field; past the form's last field, its first again. The sheet beyond it shows no focus
        and takes no typing: the keys typed next were lost there until Tab came round. (From the sheet or the
        log, reached by the mouse or Ctrl+E, Tab goes on through the screen as ever.)"""
        self._go_round(forward=True)

    def action_previous_field(self) -> None:
        """Shift+Tab: the previous field; before the form's first field, its last."""
        self._go_round(forward=False)

    def _go_round(self, forward: bool) -> None:
        field, form = self._form_field(), self.form
        if field is not None and form is not None:
            fields = [widget for widget in self.focus_chain if form in widget.ancestors]
            if fields and field is fields[-1 if forward else 0]:
                self.set_focus(fields[0 if forward else -1])
                return
        if forward:
            self.focus_next()
        else:
            self.focus_previous()

    # ------------------------------------------------------------------ a paste is typing

    def paste_as_typing(self, text: str) -> bool:
        """Take a paste with Tabs or line ends into the entry form as if typed; False leaves it to the field."""
        if self._form_field() is None or not any(mark in text for mark in ("\t", "\n", "\r")):
            return False
        self.run_worker(self._type_paste(text), group="paste", exclusive=False)
        return True

    async def _type_paste(self, text: str) -> None:
        went_in, line = 0, ""  # the deals the paste logged; what it typed of the one being typed
        for piece in re.split(r"(\t|\r\n|\n|\r)", text):
            if not piece:
                continue
            if piece == "\t":
                line += " ⇥ "
                self.action_next_field()  # as a Tab typed: round the form's fields
            elif piece in ("\r\n", "\n", "\r"):
                logged = len(self.sheet.entries)
                await self.action_enter_field()
                await self._settled()
                form = self.form
                if len(self.sheet.entries) == logged and self._form_field() is not None and form is not None:
                    # refused: the paste stops there, its words taken out of the fields (a deal typed after it
                    # would have landed in the fields it left), and the line says what went in and why not
                    reason = (form.error or "refused").rstrip(".")
                    form.clear_fields()
                    deals = ngettext("{n} deal", "{n} deals", went_in).format(n=went_in)
                    form.show_error(
                        _(
                            "The paste logged {deals}; the next ({line}) was refused: {reason}. "
                            "Nothing after it was typed."
                        ).format(deals=deals, line=line.strip(" ⇥"), reason=reason)
                    )
                    return
                went_in, line = went_in + (len(self.sheet.entries) > logged), ""
            else:
                field = self._form_field()
                if field is None:  # the form took the focus away (the game ended): the rest is not typed
                    return
                line += piece
                field.insert_text_at_cursor(piece)
            await self._settled()  # the form follows each piece (fields shown, focus moved) before the next

    async def _settled(self) -> None:
        done = asyncio.Event()
        self.call_after_refresh(done.set)
        await done.wait()

    def log_entries(self, entries: list[Entry], form: EntryForm | None = None) -> bool:
        """Check the entries together against the rules; log them all, or none with the reason."""
        if not entries:
            return False
        self.collector.hold()
        reason = self.replayer.check_many(entries)
        if reason:
            self._say_error(reason, form)
            return False
        with self.app.batch_update():  # the new rows, the cleared form and its line: one frame
            if not self._append(entries, form):
                return False
            if form is not None:
                form.logged()
                form.show_logged(self._appended, self._logged_line(entries))
        return True

    def _logged_line(self, entries: list[Entry]) -> str:
        return _("Logged: {entries}").format(entries="; ".join(described(e, self.sheet) for e in entries))

    def _say_logged_again(self) -> None:
        """After a correction: the form's "Logged: …" line says those entries as they count now."""
        form = self.form
        if form is None or not form.logged_seqs:
            return
        entries = self.sheet.entries
        now = [self._current_version(seq) or entries[seq - 1] for seq in form.logged_seqs]
        line = self._logged_line(now)
        struck = [seq for seq in form.logged_seqs if self._current_version(seq) is None]
        if struck:
            line += _(" — since struck out: {entries}").format(
                entries=", ".join(map(self.replayer.entry_label, struck))
            )
        form.show_logged(form.logged_seqs, line)

    def _append(self, entries: list[Entry], form: EntryForm | None = None) -> bool:
        """Write the entries in one go (all or nothing) and say the write's real outcome."""
        self._undone_last = False  # (an undo says so itself, once its entries are written)
        try:
            logged = self.game_file.append_many(entries)
        except FileChanged as error:
            self._say_error(_("Not saved: {cause}").format(cause=error), form)
            self._file_lost()
            return False
        except (StoreError, OSError) as error:
            self._say_error(_("Not saved: {cause}").format(cause=error), form)
            return False
        for entry in logged:
            self.replayer.push(entry)
        self._appended = [entry.seq for entry in logged if entry.seq is not None]
        self.refresh_sheet()
        corrected = [entry.target for entry in logged if isinstance(entry, Amend | Void)]
        if corrected:
            self.one(SheetTable).move_to_entry(min(corrected))  # the row corrected in view, not the latest
            self._say_logged_again()
        return True

    def _file_lost(self) -> None:
        """The game's file went away or changed underneath: no more entries here; offer to save what the
        table has (including what was just entered) as a new game file."""
        form = self.form
        if form is not None:
            form.remove()
            self._form = None
        for old in self.query("#readonly"):
            old.remove()
        self.mount(Static(Text(self._readonly_text()), id="readonly"), before=self.query_one(Footer))
        self.refresh_bindings()
        self.action_save_as_new()

    def action_save_as_new(self) -> None:
        from scorepad.tui.screens.modals import SaveAsNewScreen

        game_file = self.game_file
        if not game_file.changed:
            return
        waiting = len(game_file.unsaved)
        said = _(
            "{what}. Nothing more is written to it.\n"
            "The game as it stands here ({entries} entries, {waiting} of them not yet on disk) can be saved "
            "as a new game file."
        ).format(
            what=f"{game_file.changed[0].upper()}{game_file.changed[1:]}",
            entries=len(game_file.entries) + waiting,
            waiting=waiting,
        )

        def decided(agreed: bool | None) -> None:
            if not agreed:
                return
            try:
                path = game_file.save_as_new()
            except (StoreError, OSError) as error:
                self.notify(str(error), title=_("Not saved"), severity="error", timeout=12, markup=False)
                return
            self.app.pop_screen()
            if self.app.open_game(path):  # type: ignore[attr-defined]
                self.app.notify(_("Saved as a new game file; play on here."), title=_("Saved"))

        self.app.push_screen(SaveAsNewScreen(said), decided)

    def _say_error(self, reason: str, form: EntryForm | None = None) -> None:
        if form is not None:
            form.show_error(reason)
        else:
            self.notify(visible(reason, keep_lines=True), severity="error", timeout=8, markup=False)

    # ------------------------------------------------------------------ corrections

    def correct(self, correction: Amend | Void) -> None:
        """Log an amend/void; if the laws' window has closed, ask whether the table overrides; if it would leave
        later entries refused, say which and ask first."""
        self.collector.hold()
        reason = self.replayer.check(correction)
        if reason is None:

            def corrected() -> None:
                if not self._append([correction]):
                    return  # the reason was said
                self.notify(self.correction_words(correction), title=_("Corrected"), markup=False)

            self._mind_the_knock_on(correction, corrected)
            return
        overridden = correction.model_copy(
            update={
                "override": True,
                "note": correction.note or AGREED_NOTE,
            }  # not words: a note kept in the log, the same in every language
        )
        if self.replayer.check(overridden) is not None:  # not a matter of time: the change itself is refused
            self.notify(
                visible(reason, keep_lines=True),
                title=_("Not corrected"),
                severity="error",
                timeout=10,
                markup=False,
            )
            return

        def overridden_now() -> None:
            if not self._append([overridden]):
                return
            self.notify(_("Logged as a table override."), title=_("Corrected"), severity="warning")

        def decided(agreed: bool | None) -> None:
            if agreed:
                self._mind_the_knock_on(overridden, overridden_now)

        from scorepad.tui.screens.modals import OverrideScreen  # a dialog's module: loaded when first asked

        self.app.push_screen(OverrideScreen(reason), decided)

    def _mind_the_knock_on(self, correction: Entry, make_it: Callable[[], None]) -> None:
        refused = self.replayer.knock_on(correction)  # resumed from the checkpoint before the corrected entry
        if not refused:
            make_it()
            return
        from scorepad.tui.screens.modals import KnockOnScreen

        def decided(agreed: bool | None) -> None:
            if agreed:
                make_it()

        self.app.push_screen(
            KnockOnScreen([(r.seq, r.reason) for r in refused], self.replayer.entry_label), decided
        )

    def action_undo(self) -> None:
        """Take back the newest deal (hand): every entry of it that counts, scored or still being entered, in
        one go. Pressed again right after, it would reach into an earlier deal: the table is asked first."""
        taken = self.replayer.last_deal()
        if taken is None:
            self.say_on_form(_("Nothing to undo."))
            return
        if self._undone_last and taken.number:
            from scorepad.tui.screens.modals import UndoEarlierScreen

            self.app.push_screen(
                UndoEarlierScreen(
                    self._taken_words(taken),
                    UNDO_EARLIER.get(self.replayer.rules.deal_word, UNDO_EARLIER["deal"]),
                ),
                lambda agreed: self._undo(taken) if agreed else None,
            )
            return
        self._undo(taken)

    def _undo(self, taken: LastDeal) -> None:
        voids: list[Void] = taken.voids()
        preview = self.replayer.preview_correction(*voids)
        if preview.refusal and not preview.overridable:
            self.say_on_form(_("Not undone: {reason}").format(reason=preview.refusal), error=True)
            return
        said = self._taken_words(taken)

        def made(entries: list[Void]) -> None:
            if self._append(list(entries)):
                self.say_on_form(_("Undone: {deal}").format(deal=said))
                self._undone_last = True

        def knock_on_minded(entries: list[Void]) -> None:
            if not preview.knock_on:
                made(entries)
                return
            from scorepad.tui.screens.modals import KnockOnScreen

            self.app.push_screen(
                KnockOnScreen([(r.seq, r.reason) for r in preview.knock_on], self.replayer.entry_label),
                lambda agreed: made(entries) if agreed else None,
            )

        if preview.refusal is None:
            knock_on_minded(voids)
            return
        overridden = [v.model_copy(update={"override": True, "note": UNDO_NOTE}) for v in voids]
        from scorepad.tui.screens.modals import OverrideScreen

        self.app.push_screen(
            OverrideScreen(preview.refusal),
            lambda agreed: knock_on_minded(overridden) if agreed else None,
        )

    def _taken_words(self, taken: LastDeal) -> str:
        """What an undo takes back, in words: the deal and its points, or what was entered of it so far."""
        if taken.scored or not taken.number:
            return taken.words
        entered = "; ".join(described(e, self.sheet) for e in taken.entries)
        word = deal_noun(self.replayer.rules.deal_word)
        return _("{deal} {number} so far ({entered})").format(deal=word, number=taken.number, entered=entered)

    def say_on_form(self, text: str, error: bool = False) -> None:
        """A line under the form, where the table looks (a notice would cover the form); a notice when there
        is no form (the game's file went away)."""
        form = self.form
        if form is None:
            self.notify(
                visible(text, keep_lines=True), severity="error" if error else "information", markup=False
            )
        elif error:
            form.show_error(text)
        else:
            form.show_info(text)

    def action_toggle_log(self) -> None:
        """Show or fold the log pane; the choice holds at any width until the next F9."""
        shown = self.log_open()
        self.set_class(not shown, "-log-shown")
        self.set_class(shown, "-log-folded")
        self.place_log()
        if shown and self.query_one(LogPane).has_focus and self.form is not None:
            self.form.focus_first()

    def action_edit(self) -> None:
        if not self.log_open():
            self.set_class(True, "-log-shown")
            self.set_class(False, "-log-folded")
            self.place_log()
            self._log_for_pick = True
        log = self.query_one(LogPane)
        log.focus()
        self.notify(
            _("Pick the entry with ↑↓ and press Enter to correct it (Delete strikes it out)."), timeout=5
        )

    @on(SheetTable.RowSelected, "#sheet")
    def _sheet_row_selected(self, event: SheetTable.RowSelected) -> None:
        """Enter (or a click) on a row of the sheet: the row whole, its names and words not cut to the screen."""
        event.stop()
        from scorepad.tui.screens.modals import TextScreen

        row = next((r for r in self.sheet.rows if str(r.seq) == event.row_key), None)
        if row is None:
            return
        now = cell_names(self.sheet, 0)
        lines = [_markdown_text(visible(now.say(row.text))), ""]
        for side in self.sheet.sides:
            name = visible(self.sheet.side_names.get(side, side))
            lines.append(
                _("- {side}: {points}, total {total}").format(
                    side=_markdown_text(name), points=f"{row.delta[side]:+d}", total=row.totals[side]
                )
            )
        lines += ["", _("(Ctrl+E corrects it: pick it in the log.)")]
        deal = deal_noun(self.replayer.rules.deal_word)
        number = row.number or event.cursor_row + 1  # a row scored outside a deal (a penalty): its place
        title = _("{deal} {number} in full").format(deal=capitalized(deal), number=number)
        self.app.push_screen(TextScreen(title, "\n".join(lines)))

    @on(LogPane.RowSelected, "LogPane")
    def _log_row_selected(self, event: LogPane.RowSelected) -> None:
        event.stop()
        self.edit_entry(int(event.row_key))

    def edit_entry(self, seq: int) -> None:
        from scorepad.tui.screens.correcting import same
        from scorepad.tui.screens.modals import EditEntryScreen

        entry = self.sheet.entries[seq - 1]
        if isinstance(entry, Amend | Void):
            label = self.replayer.entry_label(entry.target)
            self.notify(
                _("That line is itself a correction: correct {label} instead.").format(label=label),
                markup=False,
            )
            return
        current = self._current_version(seq)
        if current is None:
            self.notify(
                _("{label} is struck out.").format(label=capitalized(self.replayer.entry_label(seq))),
                markup=False,
            )
            return

        self.app.clear_notifications()  # "pick the entry …" is done with: it would cover the dialog
        dialog: FormDialog[Any] | None = (
            self._rename_dialog(seq, current)
            if isinstance(current, Rename)
            else self.correction_dialog(seq, current)
        )
        if dialog is not None:

            def corrected(value: object | None) -> None:
                if value is None:
                    return  # cancelled
                amendments = dialog.corrections(value)
                if not amendments:
                    self.notify(_("Nothing changed."))
                    return
                self.correct_all(amendments)

            self.app.push_screen(dialog, corrected)
            return

        if not EditEntryScreen.fields_of(
            current
        ):  # the rubber's score agreed …: an empty editor says nothing
            self.notify(
                _("Nothing to correct in {label} ({entry}): Delete strikes it out.").format(
                    label=self.replayer.entry_label(seq),
                    entry=describe(current, self.sheet.names, self.sheet.side_names),
                ),
                markup=False,
            )  # a described entry may hold names: not markup
            return

        def edited(replacement: Entry | None) -> None:
            if replacement is None:
                return  # cancelled
            if same(replacement, current):  # saved as it was (the entry has its seq, the replacement none)
                self.notify(_("Nothing changed."))
                return
            self.correct(amend_model(self.header.game)(target=seq, entry=replacement))

        self.app.push_screen(
            EditEntryScreen(
                current,
                dict(self.sheet.names),
                seq,
                dict(self.sheet.side_names),
                label=self.replayer.entry_label(seq),
            ),
            edited,
        )

    def correction_dialog(self, seq: int, current: Entry) -> FormDialog[Any] | None:
        """The game's own form or dialog to correct entry `seq` in (a `CorrectionScreen`, or the dialog it was
        typed in, `correcting` it), or None for the record editor (a note, a rename …): game screens say which
        of their entries they can type."""
        return None

    def _rename_dialog(self, seq: int, current: Rename) -> RenameScreen:
        """A rename is corrected in the dialog it was typed in (Ctrl+R)."""
        from scorepad.tui.screens.modals import RenameScreen

        dialog = RenameScreen(dict(self.sheet.names))
        return dialog.correcting(
            self.correcting(
                seq,
                current,
                (current.player, current.new_name),
                lambda choice: Rename(player=choice[0], new_name=choice[1]),
            )
        )

    def correcting(
        self, seq: int, current: Entry, initial: T, to_entry: Callable[[T], Entry]
    ) -> Correcting[T]:
        """How a dialog corrects entry `seq`: filled with `initial`, titled by the entry, judged by the rules."""
        from scorepad.tui.screens.correcting import Correcting

        title = f"Correct {self.replayer.entry_label(seq)}: {describe(current, self.sheet.names, self.sheet.side_names)}"
        return Correcting(self.replayer, seq, current, initial, title, to_entry)

    def following(self, seq: int, kind: type[Entry], skip: tuple[str, ...] = ()) -> tuple[int, Entry] | None:
        """The entry after `seq` that still counts, if it is of `kind` (entries of the types in `skip`, notes,
        renames and corrections are passed over): the result of a deal's contract, say."""
        for entry in self.sheet.entries[seq:]:
            if entry.type in ("amend", "void", "note", "rename", *skip):
                continue
            later = entry.seq or 0
            version = self._current_version(later)
            if version is None:  # struck out
                continue
            return (later, version) if isinstance(version, kind) else None
        return None

    def correct_all(self, corrections: list[Amend]) -> None:
        """Log corrections of several entries made together (a deal's contract and result): judged together,
        as one, with the same questions as `correct` asks of one."""
        if len(corrections) == 1:
            self.correct(corrections[0])
            return
        preview = self.replayer.preview_correction(*corrections)
        if preview.refusal and not preview.overridable:
            self.notify(
                visible(preview.refusal, keep_lines=True),
                title=_("Not corrected"),
                severity="error",
                timeout=10,
                markup=False,
            )
            return

        def make(entries: list[Amend], said: str) -> None:
            def made() -> None:
                if self._append(list(entries)):
                    self.notify(said, title=_("Corrected"), markup=False)

            if not preview.knock_on:
                made()
                return
            from scorepad.tui.screens.modals import KnockOnScreen

            self.app.push_screen(
                KnockOnScreen([(r.seq, r.reason) for r in preview.knock_on], self.replayer.entry_label),
                lambda agreed: made() if agreed else None,
            )

        if preview.refusal is None:
            make(corrections, "; ".join(map(self.correction_words, corrections)))
            return
        overridden = [
            c.model_copy(update={"override": True, "note": c.note or AGREED_NOTE}) for c in corrections
        ]
        from scorepad.tui.screens.modals import OverrideScreen

        self.app.push_screen(
            OverrideScreen(preview.refusal),
            lambda agreed: make(overridden, _("Logged as a table override.")) if agreed else None,
        )

    def _current_version(self, seq: int) -> Entry | None:
        return self.replayer.current_version(seq)  # None when struck out

    def strike_out(self, seq: int) -> None:
        entry = self.sheet.entries[seq - 1]
        if isinstance(entry, Amend | Void):
            self.notify(_("That line is itself a correction: it is not struck out."))
            return
        self.correct(void_model(self.header.game)(target=seq, note=STRUCK_NOTE))

    def on_key(self, event: events.Key) -> None:
        log = self.query_one(LogPane)
        if event.key == "delete" and log.has_focus and log.cursor_key is not None:
            self.strike_out(int(log.cursor_key))
            event.stop()

    # ------------------------------------------------------------------ the rest

    def action_rename(self) -> None:
        from scorepad.tui.screens.modals import RenameScreen

        def renamed(choice: tuple[str, str] | None) -> None:
            if not choice:
                return
            rename = Rename(player=choice[0], new_name=choice[1])
            form = self.form
            if (
                self.log_entries([rename]) and form is not None
            ):  # the line said the last deal with the old name
                form.show_logged(self._appended, self._logged_line([rename]))  # a correction says it anew

        self.app.push_screen(RenameScreen(dict(self.sheet.names)), renamed)

    def action_help(self) -> None:
        from scorepad.help import laws_in_brief
        from scorepad.tui.screens.modals import TextScreen

        self.app.push_screen(
            TextScreen(
                _("{game}: the laws in brief").format(game=_(GAME_TITLES[self.header.game])),
                laws_in_brief(self.header.game, self.replayer.settings),
                "f1",
            )
        )

    def table_markdown(self) -> str | None:
        """The game's table (bid values …) as Markdown, for F2; game screens provide it."""
        return None

    def action_table(self) -> None:
        from scorepad.tui.screens.modals import TextScreen

        text = self.table_markdown()
        if text is None:
            self.notify(_("This game has no table to show."))
            return
        self.app.push_screen(
            TextScreen(_("{game}: the table").format(game=_(GAME_TITLES[self.header.game])), text, "f2")
        )

    def action_chart(self) -> None:
        from scorepad.tui.screens.chart import ChartScreen

        target = getattr(self.replayer.settings, "target", None)  # Five Hundred and Jass play to one
        self.app.push_screen(ChartScreen(self.sheet, target if isinstance(target, int) else None))

    def action_board(self) -> None:
        from scorepad.tui.board.info import BoardInfoScreen

        self.app.push_screen(BoardInfoScreen(self.game_file.path))

    def action_export(self) -> None:
        from scorepad.tui.screens.export import ExportScreen

        self.app.push_screen(ExportScreen(self.sheet, self.game_file.path))

    def action_rematch(self) -> None:
        from scorepad.tui.screens.new_game import NewGameScreen

        players = [self.sheet.names[p] for p in self.header.players]
        sides = list(self.header.sides) if self.header.sides else []
        # the table's own title goes with it (a rematch is the same evening's next game)
        self.app.push_screen(
            NewGameScreen(self.header.game, players, dict(self.header.rules), sides, title=self.header.title)
        )

    def action_leave(self) -> None:
        self.app.action_go_home()  # type: ignore[attr-defined]  # always the saved games, whatever lies between


def _markdown_text(text: str) -> str:
    """Words shown on a Markdown page as written: a name's "*" or "_" is not emphasis there."""
    return re.sub(r"([\\`*_{}\[\]()<>#+|!~-])", r"\\\1", text)
