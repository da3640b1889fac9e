"""A bracketed paste of deals is typed into the form: field by field, and logged deal by deal."""

from __future__ import annotations

from textual import events

from scorepad.store import create, load
from scorepad.tui.screens.game import GameScreen

from ..helpers import header
from .conftest import make_app, settle


async def _paste(pilot, text: str) -> None:
    pilot.app.post_message(events.Paste(text))
    for _ in range(3):
        await settle(pilot)
    await pilot.app.workers.wait_for_complete()
    await settle(pilot)


async def test_a_paste_of_two_five_hundred_deals_logs_both(scorepad_home):
    path = create(header("five_hundred", ["Ann", "Bob", "Cid"]))
    app = make_app(open_path=path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await _paste(pilot, "c\t8s\t8\t1\nb\t7h\t7\t2\n")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert len(screen.sheet.rows) == 2
    results = [e for e in load(path).entries if e.type == "result"]
    contracts = [(e.player, e.call) for e in load(path).entries if e.type == "contract"]
    assert contracts == [("Cid", "8S"), ("Bob", "7H")] and len(results) == 2


async def test_a_paste_of_one_word_stays_in_its_field(scorepad_home):
    path = create(header("five_hundred", ["Ann", "Bob", "Cid"]))
    app = make_app(open_path=path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        focused = app.focused
        await _paste(pilot, "cid")
        assert app.focused is focused and focused.value == "cid"
        assert not app.screen.sheet.rows
