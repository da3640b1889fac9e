"""At 80×24, with a 40-character name in the game, no dialog cuts a title, a field's title or hint, or a button
("Cancel (Es", "…4 honou", "Hanna & Sepp or Ruedi &"): hints give way to shorter ones, titles wrap, buttons are
as wide as their words."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Input, Label

from .conftest import make_app, settle
from .test_totals_in_view import long_named

#: the keys that open each game's dialogs (ctrl+e enter: the last entry's correction)
DIALOGS = {
    "five_hundred": ["f4", "f6", "ctrl+r", "f10", "ctrl+e enter", "b tab 7 h f7"],  # a claim: in a contract
    "jass": ["f4", "f5", "f6", "ctrl+r", "f10", "ctrl+e enter"],
    "auction_bridge": ["f4", "f6", "f7", "ctrl+r", "f10", "ctrl+e enter"],
}


def cut_words(screen: Screen) -> list[str]:
    """What the dialog shows cut: a hint or a field's title wider than its field, a button's words wider than
    the button, a title wider than the box."""
    cut = []
    for field in screen.query(Input):
        if not field.display or not field.region.width:
            continue
        if cell_len(field.placeholder) > field.content_region.width:
            cut.append(f"hint {field.placeholder!r}")
        if cell_len(str(field.border_title or "")) > field.outer_size.width - 4:
            cut.append(f"title {field.border_title!r}")
    for button in screen.query(Button):
        if button.region.width and cell_len(str(button.label)) > button.content_region.width:
            cut.append(f"button {button.label!r}")
    for title in screen.query(".dialog-title"):
        assert isinstance(title, Label)
        box = title.parent
        assert box is not None
        if title.outer_size.width > box.content_region.width:
            cut.append(f"dialog title {title.render()!s}")
    return cut


@pytest.mark.parametrize("game", list(DIALOGS))
async def test_no_dialog_cuts_its_words_at_80x24(scorepad_home, game):
    app = make_app(open_path=long_named(game))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert not cut_words(app.screen)  # the game's own form first
        for keys in DIALOGS[game]:
            await pilot.press(*keys.split())
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, ModalScreen), keys
            assert not cut_words(screen), (keys, cut_words(screen))
            await pilot.press("escape")
            await settle(pilot)
            assert not isinstance(app.screen, ModalScreen), keys
