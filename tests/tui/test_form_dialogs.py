"""Every dialog that asks for values behaves the same (FormDialog): it opens with its first field focused, Esc
closes it with nothing, a value that cannot be used is said on its one error line and the dialog stays open, and
what it reads is what it returns."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.widgets import Input, Static

import scorepad.tui
from scorepad.tui.games.five_hundred.dialogs import ClaimScreen, IrregularityScreen
from scorepad.tui.screens.form_dialog import ERROR_ID, FormDialog

THREE = ["Ann", "Bob", "Cid"]


@dataclass
class Case:
    make: Callable[[], FormDialog[Any]]
    first: str  # the id of the field focused on opening
    bad: list[str]  # keys that leave the dialog refusing
    said: str  # a part of what its error line says then
    good: list[str] = field(default_factory=list)  # keys, typed after `bad` was cleared, that it accepts
    value: Any = None  # what it returns then


CASES: dict[type[FormDialog[Any]], Case] = {
    IrregularityScreen: Case(lambda: IrregularityScreen(THREE, lambda kind: "the deal being entered"),
                             "irr-kind", ["x", "enter"], "kind: r revoke",
                             ["r", "tab", "b", "enter"], ("revoke", "Bob")),
    ClaimScreen: Case(lambda: ClaimScreen(THREE, "During Ann's 6♠."), "claim-player", ["c", "enter"],
                      "was the claim upheld? y or n", ["c", "tab", "n", "enter"], ("Cid", False)),
}


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


@pytest.mark.parametrize("dialog_class", list(CASES), ids=lambda cls: cls.__name__)
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
        if case.good:
            for field_ in app.dialog.query(Input):
                field_.value = ""
            app.dialog.query_one(f"#{case.first}", Input).focus()
            await pilot.press(*case.good)
            await pilot.pause()
            assert app.results == [case.value]


async def test_the_error_line_shows_names_as_typed_never_as_markup():
    names = ["[b]Ann", "Bob\x1b[2J"]
    app = Host(IrregularityScreen(names, lambda kind: ""))
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.pause()
        await pilot.press("r", "tab", "z", "enter")
        await pilot.pause()
        said = error_line(app.dialog)
        assert "[b]Ann" in said and "Bob\\x1b[2J" in said and "\x1b" not in said
        assert isinstance(app.focused, Input) and app.focused.id == "irr-player"  # the cursor goes to the field at fault
