"""The Jass (Schieber) screen: the hand table, the Jass-Tafel, the one-row entry form, and two dialogs.

Keys besides the frame's: F5 a penalty (the ruleset's table, or a custom ± with its reason), F6
bedanken (a team claims the win with the points it has counted: it wins or loses at once), F7 the
big Z on the Tafel. Everything shown comes from the replayed sheet; every number from the ruleset.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Input, Static

from scorepad.locale import N_, _
from scorepad.log import Entry, JassClaim, JassPenalty, JassStoeck, JassTricks, JassTrump, JassWeis
from scorepad.rules.base import Row, Sheet
from scorepad.rules.jass import (
    PENALTY_KINDS,
    PENALTY_LABELS,
    Settings,
)
from scorepad.rules.jass.table import ruleset_sections, ruleset_summary
from scorepad.rules.jass.view import HandCells, HandOutline, JassView
from scorepad.text.describe import describe
from scorepad.tui.games.jass.form import JassForm, Table
from scorepad.tui.games.jass.tafel import JassTafel
from scorepad.tui.plain import plain
from scorepad.tui.screens.form_dialog import FormDialog, Refused
from scorepad.tui.screens.game import GameScreen
from scorepad.tui.widgets import quiet
from scorepad.tui.widgets.sheet_table import SheetTable, cell_names

WEIS_WIDTH = 26  # the Weis column wraps its sentence at this width


class JassSheetTable(SheetTable):
    """A row per hand (and per penalty): trump × multiplier, card points, whose Weis won and why."""

    def game_columns(self, sheet: Sheet) -> list[str]:
        return [_("trump"), _("cards"), _("Weis · Stöck")]

    def row_height(self, cells: list[str | Text]) -> int | None:
        return None  # a hand takes two lines or more: the trump and who named it, a Weis sentence wrapped

    def row_lines(self, row: Row, sheet: Sheet) -> int:
        # every column is as wide as its cells: a row takes its game cells' own lines (the deal's number and
        # the sides' scores are one line each), counted from their words as `game_cells` puts them, without
        # a Text made (a long game's every row is counted as it opens)
        outline = HandOutline.of(row)
        if outline is not None and not outline.weis_said and not outline.stoeck:
            # about half the hands: no Weis sentence and no Stöck, so the Weis column is "–"; counted from what
            # the rules kept, without the row's words
            trump = (
                2
                + outline.contract.count("\n")
                + cell_names(sheet).say(sheet.retold(outline.trump_by, row.naming)).count("\n")
            )
            return max(trump, 2 if outline.match else 1)
        cells = HandCells.of(row.unkept(), list(sheet.sides))
        if cells.penalty:
            return max(
                2 + PENALTY_LABELS[cells.penalty].count("\n"), _lines(_wrap(_penalty_words(cells, sheet)))
            )
        trump = (
            2
            + cells.contract.count("\n")
            + cell_names(sheet).say(sheet.retold(cells.trump_by, cells.naming)).count("\n")
        )
        if cells.claim:
            trump += 1 + cell_names(sheet).sides.get(cells.claim, cells.claim).count("\n")
            cards = 2
        else:
            cards = 2 if cells.match else 1
        return max(trump, cards, _lines(_weis_words(cells, sheet) or "–"))

    def game_cells(self, row: Row, sheet: Sheet) -> list[str | Text]:
        sides = list(sheet.sides)
        cells = HandCells.of(row, sides)
        if cells.penalty:
            label = PENALTY_LABELS[cells.penalty]
            return [
                Text(_("penalty") + f"\n{label}", style="yellow"),
                "",
                _wrap(_penalty_words(cells, sheet)),
            ]
        trump = Text(cells.contract, style="bold")
        trump.append(f"\n{cell_names(sheet).say(sheet.retold(cells.trump_by, cells.naming))}", style="dim")
        if cells.claim:
            team = cell_names(sheet).sides.get(cells.claim, cells.claim)
            cards = Text(f"{cells.counted}\n" + _("bedanken"), style="magenta")
            trump.append("\n" + _("{team} thank off").format(team=team), style="magenta")
        else:
            cards = Text(" : ".join(str(cells.cards[s]) for s in sides))
            if cells.match:
                cards.append("\n" + _("Match"), style="bold green")
        weis = Text(_wrap(cell_names(sheet).say(sheet.retold(_verdict(cells.weis_verdict), cells.naming))))
        stoeck = [f"{cell_names(sheet).sides.get(s, s)} +{cells.stoeck[s]}" for s in sides if cells.stoeck[s]]
        if stoeck:
            if weis.plain:
                weis.append("\n")
            weis.append(_("Stöck: {teams}").format(teams=", ".join(stoeck)), style="cyan")
        if cells.bergpreis:
            weis.append(
                ("\n" if weis.plain else "") + _("Bergpreis: {team}").format(team=cells.bergpreis),
                style="yellow",
            )
        return [trump, cards, weis if weis.plain else Text("–", style="dim")]


def _penalty_words(cells: HandCells, sheet: Sheet) -> str:
    note = f" — {cells.note}" if cells.note else ""
    against = cells.against or ""
    return _("against {team}").format(team=cell_names(sheet).sides.get(against, against)) + note


def _weis_words(cells: HandCells, sheet: Sheet) -> str:
    """The Weis column's words, as `JassSheetTable.game_cells` styles them ("" when it has none)."""
    names = cell_names(sheet)
    words = _wrap(names.say(sheet.retold(_verdict(cells.weis_verdict), cells.naming)))
    stoeck = [f"{names.sides.get(s, s)} +{cells.stoeck[s]}" for s in sheet.sides if cells.stoeck[s]]
    if stoeck:
        words += ("\n" if words else "") + _("Stöck: {teams}").format(teams=", ".join(stoeck))
    if cells.bergpreis:
        words += ("\n" if words else "") + _("Bergpreis: {team}").format(team=cells.bergpreis)
    return words


def _lines(cell: str | Text) -> int:
    return (cell.plain if isinstance(cell, Text) else cell).count("\n") + 1


def _verdict(sentence: str) -> str:
    return sentence.removeprefix("Weis: ")


@lru_cache(maxsize=512)  # a long game's sentences come back hand after hand (the same Weis, the same names)
def _wrap(text: str, width: int = WEIS_WIDTH) -> str:
    return "\n".join(textwrap.wrap(text, width)) if text else ""


# --------------------------------------------------------------------------- dialogs


class PenaltyScreen(FormDialog[JassPenalty]):
    """A penalty: which offence (1-5 from the ruleset, 6 a custom ±), the offender's team, a reason."""

    HEADING = N_("Penalty — the points go to the offender's opponents")
    HINT = N_("Enter logs it · Esc cancels · a custom one needs points and its reason")
    BOX_ID = "penalty-dialog"

    def __init__(self, table: Table):
        super().__init__()
        self.table = table

    def heading(self) -> str:
        return super().heading() if self.correction is not None else _(self.HEADING)

    def hint(self) -> str:
        return super().hint() if self.correction is not None else _(self.HINT)

    def compose_fields(self) -> ComposeResult:
        penalties = self.table.settings.penalties
        lines = [
            f"{n}  {PENALTY_LABELS[kind]:<24} {penalties[kind]:>4}"
            for n, kind in enumerate(PENALTY_KINDS, start=1)
        ]
        lines.append(f"{len(PENALTY_KINDS) + 1}  " + _("custom ± (a correction; give the reason)"))
        yield Static("\n".join(lines), id="penalty-kinds")
        with Horizontal(classes="field"):
            yield self._input("kind", _("offence"), f"1-{len(PENALTY_KINDS) + 1}")
            yield self._input("against", _("against team"), self.table.teams_keys())
        with Horizontal(classes="field"):
            yield self._input("points", _("points (custom)"), _("± to the other team"))
            yield self._input("note", _("reason"), _("what happened"))

    @staticmethod
    def _input(name: str, title: str, placeholder: str) -> Input:
        field = Input(placeholder=placeholder, id=f"penalty-{name}")
        field.border_title = title
        return field

    def value(self, name: str) -> str:
        return self.query_one(f"#penalty-{name}", Input).value.strip()

    def fill(self, value: JassPenalty) -> None:
        kinds = [*PENALTY_KINDS, "custom"]
        texts = {
            "kind": str(kinds.index(value.kind) + 1),
            "against": self.table.team_name(value.against),
            "points": "" if value.points is None else str(value.points),
            "note": value.note,
        }
        for name, text in texts.items():
            self.query_one(f"#penalty-{name}", Input).value = text

    def read(self) -> JassPenalty:
        kinds = [*PENALTY_KINDS, "custom"]
        kind_text = self.value("kind").lower()
        kind = None
        if kind_text.isdigit() and 1 <= int(kind_text) <= len(kinds):
            kind = kinds[int(kind_text) - 1]
        else:
            words = {k: k for k in kinds} | {PENALTY_LABELS[k]: k for k in kinds}
            found = [k for w, k in words.items() if kind_text and w.startswith(kind_text)]
            kind = found[0] if len(set(found)) == 1 else None
        if kind is None:
            raise Refused(
                _("offence: a number from 1 to {most}").format(most=len(kinds)), field="penalty-kind"
            )
        against = self.table.team(self.value("against")) if self.value("against") else None
        if against is None:
            raise Refused(
                _("against which team? {teams} (a player's initial is enough)").format(
                    teams=self.table.teams_hint()
                ),
                field="penalty-against",
            )
        note = self.value("note")
        if kind != "custom":
            if self.value("points"):
                raise Refused(
                    _("only a custom penalty takes points; the others come from the ruleset's table"),
                    field="penalty-points",
                )
            return JassPenalty.model_validate({"kind": kind, "against": against, "note": note})
        points_text = self.value("points").replace(" ", "")
        if not re.fullmatch(r"[+-]?\d+", points_text) or int(points_text) == 0:
            raise Refused(
                _("points: a custom penalty needs its points, e.g. 50 or -30"), field="penalty-points"
            )
        if not note:
            raise Refused(
                _("reason: say why (a custom penalty is a correction the table agreed)"), field="penalty-note"
            )
        return JassPenalty(kind="custom", against=against, points=int(points_text), note=note)


class BedankenScreen(FormDialog[JassClaim]):
    """Bedanken: a team claims the win with the points it has counted (its card points so far with the Weis and
    Stöck it has shown, before the multiplier); says what would happen."""

    HEADING = N_("Bedanken — a team claims it has reached the target")
    HINT = N_("Enter logs the claim · Esc cancels")
    BOX_ID = "bedanken-dialog"

    def __init__(self, table: Table, outcome: Callable[[JassClaim], Text], question: str = ""):
        super().__init__()
        self.table = table
        self.outcome = outcome
        self.question = question

    def heading(self) -> str:
        return super().heading() if self.correction is not None else _(self.HEADING)

    def hint(self) -> str:
        return super().hint() if self.correction is not None else _(self.HINT)

    def compose_fields(self) -> ComposeResult:
        yield Static(
            plain(
                self.question
                or _("A claim with enough points wins at once; one without enough loses the game.")
            ),
            classes="hint",
        )
        with Horizontal(classes="field"):
            team = Input(placeholder=self.table.teams_keys(), id="claim-team")
            team.border_title = _("team")
            yield team
            # the count is the card points so far plus the Weis and Stöck the team has shown (rules/jass.md)
            counted = Input(placeholder=_("cards + Weis + Stöck"), id="claim-counted")
            counted.border_title = _("points counted")
            yield counted
        yield Static("", id="claim-outcome")

    def fill(self, value: JassClaim) -> None:
        self.query_one("#claim-team", Input).value = self.table.team_name(value.team)
        self.query_one("#claim-counted", Input).value = str(value.counted)

    def read(self) -> JassClaim:
        team_text = self.query_one("#claim-team", Input).value.strip()
        team = self.table.team(team_text) if team_text else None
        if team is None:
            raise Refused(
                _("which team thanks off? {teams}").format(teams=self.table.teams_hint()), field="claim-team"
            )
        counted = self.query_one("#claim-counted", Input).value.strip()
        if not counted.isdigit():
            raise Refused(
                _("counted: the team's card points so far with the Weis and Stöck it has shown"),
                field="claim-counted",
            )
        return JassClaim(team=team, counted=int(counted))

    @on(Input.Changed)
    def _changed(self, event: Input.Changed) -> None:
        try:
            claim = self.read()
        except Refused:
            self.query_one("#claim-outcome", Static).update("")
            return
        self.query_one("#claim-outcome", Static).update(self.outcome(claim))


# --------------------------------------------------------------------------- the screen


class JassScreen(GameScreen):
    BINDINGS = [
        Binding("f5", "penalty", N_("Penalty")),
        Binding("f6", "bedanken", N_("Bedanken")),
        Binding("f7", "toggle_z", N_("Tafel")),
    ]

    DEFAULT_CSS = """
    JassScreen #jass-hand { color: $text; padding: 0 1; height: auto; }
    /* short of rows the Tafel folds away: the hand table keeps both teams' totals; F7 shows it in the table's
       place (beside it, the table would keep no row), and F7 again the table */
    JassScreen.-short JassTafel { display: none; }
    JassScreen.-short.-tafel-shown JassTafel { display: block; }
    JassScreen.-short.-tafel-shown JassSheetTable { display: none; }
    """

    form_class = JassForm
    sheet_class = JassSheetTable

    @property
    def settings(self) -> Settings:
        settings: Settings = self.replayer.settings
        return settings

    def compose_board(self) -> ComposeResult:
        yield Static(id="jass-hand")
        yield JassTafel()
        yield self.sheet_class()

    def sheet_changed(self, sheet: Sheet) -> None:
        tafel = self.one(JassTafel)
        view = sheet.view
        tafel.show(
            sheet.totals,
            sheet.side_names,
            self.settings.target,
            sheet.winner,
            view.bergpreis if isinstance(view, JassView) else None,
        )
        line = self.hand_line(sheet)
        hand = self.one("#jass-hand", Static)
        if line is not None:
            quiet.update(hand, line)  # the same until a Weis or the Stöck
        hand.display = line is not None

    def hand_line(self, sheet: Sheet) -> Text | None:
        """The hand in play: Weis and Stöck so far and whose Weis wins (the prompt names the contract, the line
        under it what each team needs); None when nothing is shown yet."""
        view = sheet.view
        if not isinstance(view, JassView) or not view.trump_named:
            return None
        names = sheet.names
        said = [f"{names.get(p, p)}: {', '.join(melds)}" for p, melds in view.weis.items()]
        if view.stoeck:
            said.append(f"Stöck {names.get(view.stoeck, view.stoeck)}")
        if not said:
            return None
        line = Text(_("Shown: {melds}").format(melds=" · ".join(said)))
        if view.weis_verdict:
            line.append("\n" + view.weis_verdict, style="cyan")
        return line

    # ------------------------------------------------------------------ keys

    def _table(self) -> Table:
        return Table.of(self.sheet, self.replayer.settings)

    def action_toggle_z(self) -> None:
        """F7: short of rows, shows or folds the Tafel; with room, draws or hides its big Z."""
        if self.has_class("-short"):
            self.toggle_class("-tafel-shown")
            return
        tafel = self.query_one(JassTafel)
        tafel.z = not tafel.z

    def action_penalty(self) -> None:
        def chosen(penalty: JassPenalty | None) -> None:
            if penalty is not None:
                form = self.form
                if isinstance(form, JassForm):
                    form.keep_fields = True
                if not self.log_entries([penalty], form) and isinstance(form, JassForm):
                    form.keep_fields = False

        self.app.push_screen(PenaltyScreen(self._table()), chosen)

    def _claim_entries(self, claim: JassClaim) -> list[Entry]:
        """The claim, after the deal and trump (and Weis) still in the form, if the hand is not logged yet."""
        form = self.form
        before: list[Entry] = []
        if isinstance(form, JassForm) and not self.sheet.questions:
            try:
                before = form.hand_entries(tricks=False)
            except Refused:
                before = []
        return [*before, claim]

    def claim_outcome(self, claim: JassClaim) -> Text:
        """What logging the claim would do, in the rules' own words: green if it wins, red if it loses."""
        preview = self.replayer.preview(self._claim_entries(claim))
        if preview.refusal:
            return Text(_("Refused: {reason}").format(reason=preview.refusal), style="bold red")
        if not preview.result:
            return Text("")
        return Text(
            _("If logged: {result}").format(result=preview.result),
            style="bold green" if preview.winner == claim.team else "bold red",
        )

    def action_bedanken(self) -> None:
        def chosen(claim: JassClaim | None) -> None:
            if claim is not None:
                self.log_entries(self._claim_entries(claim), self.form)

        question = self.sheet.questions[0] if self.sheet.questions else ""
        self.app.push_screen(BedankenScreen(self._table(), self.claim_outcome, question), chosen)

    # ------------------------------------------------------------------ corrections

    def correction_dialog(self, seq: int, current: Entry) -> FormDialog[Any] | None:
        """The trump, the card points, a Weis or a Stöck is corrected in the hand's form; a penalty or a
        Bedanken in its dialog."""
        from scorepad.tui.screens.correction import CorrectionScreen

        if isinstance(current, JassPenalty):
            # every field as read: a penalty made standard loses the custom one's points
            dialog = PenaltyScreen(self._table())
            return dialog.correcting(
                self.correcting(
                    seq,
                    current,
                    current,
                    lambda typed: JassPenalty.model_validate(typed.model_dump(exclude={"seq", "at"})),
                )
            )
        if isinstance(current, JassClaim):
            # what the claim would do is the correction's line, not the line of a new claim
            claim = BedankenScreen(self._table(), lambda typed: Text(""))
            return claim.correcting(self.correcting(seq, current, current, lambda typed: typed))
        if not isinstance(current, JassTrump | JassTricks | JassWeis | JassStoeck):
            return None
        label = self.replayer.entry_label(seq)
        title = _("Correct {entries}").format(
            entries=f"{label}: {describe(current, self.sheet.names, self.sheet.side_names)}"
        )
        return CorrectionScreen(JassForm(id="correction-form"), self.replayer, [(seq, current)], title)

    # ------------------------------------------------------------------ F2

    def table_markdown(self) -> str | None:
        return jass_table_markdown(self.settings, self._table())


def jass_table_markdown(settings: Settings, table: Table | None = None) -> str:
    """The ruleset's numbers (from the rules) and the form's shorthands, for F2 (with the game's own initials
    where its `table` is given)."""
    points, weis = "97, a97, b 60, m, m b", "a 4-Kh 4J b st"
    if table is not None:
        first, second = list(table.sides)[:2]
        points = f"97, {table.points_example(first)}, {table.points_example(second, 60)}, m, m {table.team_key(second)}"
        weis = table.weis_hint().replace(" · ", " ")
    lines = [ruleset_summary(settings), ""]
    lines += [
        _("## Typing a hand"),
        "",
        _("| field | type | means |"),
        "|---|---|---|",
        _("| named by | blank, or an initial | blank = the player after the dealer; the partner = pushed |"),
        _("| trump | h d c s o u, ♥, Rosen …; h+p | the contract; pushed: add +p (h+p, or hp) |"),
        _("| card points | {points} | one team's points (bare: the trump team); m = Match |").format(
            points=points
        ),
        _(
            "| Weis · Stöck | {weis} | a player, then 4-Kh = four to the K♥, 4J = four Jacks, st = Stöck |"
        ).format(weis=weis),
        "",
        _(
            "Enter in the Weis field logs the Weis at once; Enter elsewhere logs the hand as far as it is "
            "typed. The deal is logged by itself. F5 penalty · F6 bedanken · F7 the Tafel (on a short screen, "
            "shows or folds it; with room, its big Z)."
        ),
        "",
    ]
    return "\n".join(lines + ruleset_sections(settings))
