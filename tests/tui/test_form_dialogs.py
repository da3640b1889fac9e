"""Every dialog that asks for values behaves the same (FormDialog): it opens with its first field focused, Esc
closes it with nothing, a value that cannot be used is said on its one error line and the dialog stays open, and
what it reads is what it returns."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text
from textual.app import App
from textual.widgets import Input, Static

import scorepad.tui
from scorepad.log import ABResult, JassClaim, JassPenalty, Rename, parse_entry
from scorepad.rules import Replayer
from scorepad.rules.auction_bridge import Settings as BridgeSettings
from scorepad.rules.jass import Settings as JassSettings
from scorepad.tui.games.auction_bridge.dialogs import IrregularitiesScreen, ResultEditScreen, StopScreen
from scorepad.tui.games.auction_bridge.form import Extras
from scorepad.tui.games.five_hundred.dialogs import ClaimScreen, IrregularityScreen
from scorepad.tui.games.five_hundred.form import FiveHundredForm
from scorepad.tui.games.jass.screen import BedankenScreen, PenaltyScreen
from scorepad.tui.games.jass.shorthand import Table
from scorepad.tui.screens.correction import CorrectionScreen
from scorepad.tui.screens.form_dialog import ERROR_ID, FormDialog
from scorepad.tui.screens.modals import EditEntryScreen, RenameScreen
from tests.helpers import header

THREE = ["Ann", "Bob", "Cid"]
LETTERS = {"w": "We", "t": "They"}
SIDE_NAMES = {"We": "We", "They": "They"}
JASS = Table(
    players=("Ann", "Bob", "Cid", "Dan"),
    names={p: p for p in ("Ann", "Bob", "Cid", "Dan")},
    sides={"A": ("Ann", "Cid"), "B": ("Bob", "Dan")},
    side_names={"A": "Ann & Cid", "B": "Bob & Dan"},
    settings=JassSettings(),
)


@dataclass
class Case:
    make: Callable[[], FormDialog[Any]]
    first: str  # the id of the field focused on opening
    bad: list[str]  # keys that leave the dialog refusing (none: it takes whatever is typed)
    said: str  # a part of what its error line says then
    good: list[str]  # keys, typed into emptied fields from the first one, that it accepts
    accepts: Callable[[Any], bool] = field(default=lambda value: False)  # what it returns then


def _bid_correction() -> CorrectionScreen:
    """Correcting Cid's 8♥ (entry 3) after Bob's 7♥, in Five Hundred's form."""
    items = [
        {"type": "deal", "dealer": "Ann"},
        {"type": "bid", "player": "Bob", "call": "7H"},
        {"type": "bid", "player": "Cid", "call": "8H"},
    ]
    replayer = Replayer(header("five_hundred", THREE)).extend(
        parse_entry("five_hundred", {**item, "seq": n}) for n, item in enumerate(items, start=1)
    )
    return CorrectionScreen(
        FiveHundredForm(id="correction-form"), replayer, [(3, replayer.current_version(3))], "Correct #3"
    )  # type: ignore[list-item]


def _amend_to(call: str) -> list[Any]:
    return [
        parse_entry(
            "five_hundred",
            {"type": "amend", "target": 3, "entry": {"type": "bid", "player": "Cid", "call": call}},
        )
    ]


CASES: dict[type[FormDialog[Any]], Case] = {
    CorrectionScreen: Case(
        _bid_correction,
        "fh-call",
        ["ctrl+u", "6", "s", "enter"],
        "6♠ does not outrank 7♥",
        ["9", "h", "enter"],
        lambda value: value == _amend_to("9H"),
    ),
    IrregularityScreen: Case(
        lambda: IrregularityScreen(THREE, lambda kind: "the deal being entered"),
        "irr-kind",
        ["x", "enter"],
        "kind: r revoke",
        ["r", "tab", "b", "enter"],
        lambda value: value == ("revoke", "Bob"),
    ),
    ClaimScreen: Case(
        lambda: ClaimScreen(THREE, "During Ann's 6♠."),
        "claim-player",
        ["c", "enter"],
        "was the claim upheld? y or n",
        ["c", "tab", "n", "enter"],
        lambda value: value == ("Cid", False),
    ),
    IrregularitiesScreen: Case(
        lambda: IrregularitiesScreen(Extras(), LETTERS, SIDE_NAMES, BridgeSettings()),
        "revoke-side",
        ["x", "enter"],
        "which side? ",
        ["t", "tab", "p", "enter"],
        lambda value: value == Extras(("They", "points"), None),
    ),
    StopScreen: Case(
        lambda: StopScreen("We 120, They 30."),
        "stop-reason",
        [],
        "",
        ["l", "a", "t", "e", "enter"],
        lambda value: value == "late",
    ),
    ResultEditScreen: Case(
        lambda: ResultEditScreen(3, "We 4♥", ABResult(tricks=10), "H", LETTERS, SIDE_NAMES),
        "edit-tricks",
        ["x", "enter"],
        "tricks: a number from 0 to 13",
        ["9", "enter"],
        lambda value: isinstance(value, ABResult) and value.tricks == 9 and value.honours is None,
    ),
    PenaltyScreen: Case(
        lambda: PenaltyScreen(JASS),
        "penalty-kind",
        ["9", "enter"],
        "offence: a number from 1 to 6",
        ["1", "tab", "b", "enter"],
        lambda value: isinstance(value, JassPenalty) and (value.kind, value.against) == ("uncut_deck", "B"),
    ),
    BedankenScreen: Case(
        lambda: BedankenScreen(JASS, lambda claim: Text("")),
        "claim-team",
        ["z", "enter"],
        "which team thanks off?",
        ["a", "tab", "9", "2", "enter"],
        lambda value: value == JassClaim(team="A", counted=92),
    ),
    EditEntryScreen: Case(
        lambda: EditEntryScreen(Rename(player="Ann", new_name="Annie"), {"Ann": "Ann"}, 4),
        "edit-player",
        ["tab", "ctrl+u", "enter"],
        "new_name: ",
        ["A", "n", "n", "tab", "B", "o", "enter"],
        lambda value: isinstance(value, Rename) and (value.player, value.new_name) == ("Ann", "Bo"),
    ),
    RenameScreen: Case(
        lambda: RenameScreen({"Ann": "Ann", "Bob": "Bob"}),
        "rename-player",
        ["z", "enter"],
        "which player? one of Ann, Bob",
        ["ctrl+u", "b", "tab", "B", "o", "enter"],
        lambda value: value == ("Bob", "Bo"),
    ),
}
REFUSING = [cls for cls, case in CASES.items() if case.bad]


class Host(App[None]):
    CSS_PATH = Path(scorepad.tui.__file__).parent / "scorepad.tcss"

    def __init__(self, dialog: FormDialog[Any]):
        super().__init__()
        self.dialog = dialog
        self.results: list[Any] = []

    def on_mount(self) -> None:
        self.push_screen(self.dialog, self.results.append)


def _subclasses(cls: type) -> set[type]:
    found = set(cls.__subclasses__())
    return found.union(*(_subclasses(sub) for sub in found)) if found else found


def test_every_form_dialog_is_tried_here():
    assert _subclasses(FormDialog) <= set(CASES)


def error_line(dialog: FormDialog[Any]) -> str:
    return str(dialog.query_one(f"#{ERROR_ID}", Static).render())


@pytest.mark.parametrize("dialog_class", list(CASES), ids=lambda cls: cls.__name__)
async def test_a_form_dialog_opens_on_its_first_field_and_esc_cancels(dialog_class):
    case = CASES[dialog_class]
    app = Host(case.make())
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.pause()
        assert app.screen is app.dialog
        assert isinstance(app.focused, Input) and app.focused.id == case.first
        assert len(app.dialog.query(".error")) == 1 and error_line(app.dialog) == ""
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is not app.dialog
        assert app.results == [None]


@pytest.mark.parametrize("dialog_class", REFUSING, ids=lambda cls: cls.__name__)
async def test_a_form_dialog_says_what_is_wrong_and_stays_open(dialog_class):
    case = CASES[dialog_class]
    app = Host(case.make())
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.pause()
        await pilot.press(*case.bad)
        await pilot.pause()
        assert app.screen is app.dialog and app.results == []
        assert case.said in error_line(app.dialog)
        assert len(app.dialog.query(".error")) == 1
        await pilot.press("ctrl+s")  # Ctrl+S reads the same fields: still refused
        await pilot.pause()
        assert app.screen is app.dialog and app.results == []


@pytest.mark.parametrize("dialog_class", list(CASES), ids=lambda cls: cls.__name__)
async def test_a_form_dialog_returns_what_it_read(dialog_class):
    case = CASES[dialog_class]
    app = Host(case.make())
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.pause()
        for input_ in app.dialog.query(Input):
            input_.value = ""
        await pilot.press(*case.good)
        await pilot.pause()
        assert app.screen is not app.dialog
        assert len(app.results) == 1 and case.accepts(app.results[0]), app.results


async def test_the_error_line_shows_names_as_typed_never_as_markup():
    names = ["[b]Ann", "Bob\x1b[2J"]
    app = Host(IrregularityScreen(names, lambda kind: ""))
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.pause()
        await pilot.press("r", "tab", "z", "enter")
        await pilot.pause()
        said = error_line(app.dialog)
        assert "[b]Ann" in said and "Bob\\x1b[2J" in said and "\x1b" not in said
        assert (
            isinstance(app.focused, Input) and app.focused.id == "irr-player"
        )  # the cursor goes to the field at fault
