"""Correcting an entry in the game's own form: Ctrl+E, the entry, its fields filled as they were typed, the same
shorthands and checks, what the correction would do shown before it is saved, and an amend appended to the log."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Label, Static

from scorepad.store.game_file import load
from scorepad.tui.games.jass.shorthand import Table, parse_points, parse_weis, points_text, weis_text
from scorepad.tui.screens.correction import CorrectionScreen
from scorepad.tui.screens.game import GameScreen
from scorepad.tui.screens.modals import EditEntryScreen
from scorepad.tui.widgets.entry_form import EntryForm

from .conftest import make_app, no_blink, settle
from .test_five_hundred_screen import THREE, write_game
from .test_layout import populated

AC, BD = "Ann & Cid", "Bob & Dan"


def preview_of(app) -> str:
    return str(app.screen.query_one("#correction-preview", Static).render())


def status_of(screen) -> str:
    return str(screen.query_one("#form-status", Static).render())


def in_entry_form(app) -> bool:
    focused = app.focused
    return (
        isinstance(app.screen, GameScreen)
        and isinstance(focused, Input)
        and any(isinstance(a, EntryForm) and a.id == "entry-form" for a in focused.ancestors)
    )


# ------------------------------------------------------------------------------------------ Five Hundred


async def test_five_hundred_a_deals_tricks_corrected_in_the_form(scorepad_home):
    path = populated("five_hundred")  # five deals; the last: Cid 7♦ made with 7 tricks (Ann 2, Bob 1)
    lines_before = path.read_text().splitlines()
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        totals = dict(screen.sheet.totals)
        await pilot.press("ctrl+e", "enter")  # the log, on its last entry: the last deal's result
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, CorrectionScreen)
        title = str(dialog.query_one(".dialog-title", Label).render())
        assert title.startswith("Correct deal 5's result: ") and "None" not in title
        fields = [f for f in dialog.form.visible_inputs()]
        assert [(str(f.border_title), f.value) for f in fields] == [("Cid tricks", "7"), ("Ann tricks", "2")]
        assert app.focused is fields[0]
        assert "As logged" in preview_of(app)
        await pilot.press("ctrl+u", "6")  # Cid 6, Ann 2: Bob has the rest (2)
        await settle(pilot)
        assert "Cid 7♦ set" in preview_of(app) and "Cid -180" in preview_of(app)
        assert "Cid -290 (was 70)" in preview_of(app)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen and in_entry_form(app)
        # 7♦ is 180: made it counted +180, set it counts −180; the opponents keep 10 a trick (Bob 1 → 2)
        assert dict(screen.sheet.totals) == {
            "Ann": totals["Ann"],
            "Bob": totals["Bob"] + 10,
            "Cid": totals["Cid"] - 360,
        }
    lines_after = path.read_text().splitlines()
    assert lines_after[: len(lines_before)] == lines_before  # the log only grows
    amend = load(path).entries[-1]
    assert (amend.type, amend.target, dict(amend.entry.tricks)) == (
        "amend",
        15,
        {"Cid": 6, "Ann": 2, "Bob": 2},
    )


async def test_five_hundred_a_contract_is_corrected_with_its_bid_shorthand(scorepad_home):
    path = populated("five_hundred")
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        cid = screen.sheet.totals["Cid"]
        await pilot.press("ctrl+e", "up", "enter")  # #14, the contract: with the deal's tricks, as typed
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, CorrectionScreen) and [s for s, _ in dialog.targets] == [14, 15]
        assert [f.value for f in dialog.form.visible_inputs()] == ["Cid", "7♦", "7", "2"]
        await pilot.press("tab", "ctrl+u", "8", "d", "enter")  # 8♦ (280) with 7 tricks: set
        await settle(pilot)
        assert app.screen is screen and screen.sheet.totals["Cid"] == cid - 180 - 280
    amends = [e for e in load(path).entries if e.type == "amend"]
    assert [(a.target, a.entry.call) for a in amends] == [(14, "8D")]  # the result as it was: not amended


async def test_five_hundred_cancelling_changes_nothing(scorepad_home):
    path = populated("five_hundred")
    before = path.read_text()
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        totals = dict(screen.sheet.totals)
        await pilot.press("ctrl+e", "enter", "ctrl+u", "6", "escape")
        await settle(pilot)
        assert app.screen is screen and dict(screen.sheet.totals) == totals
        assert in_entry_form(app)
        await pilot.press("7")  # the next key lands in the entry form's first field
        await settle(pilot)
        assert app.focused.value == "7"
    assert path.read_text() == before


async def test_five_hundred_a_call_the_rules_refuse_shows_their_reason(scorepad_home):
    items = [
        {"type": "deal", "dealer": "Ann"},
        {"type": "bid", "player": "Bob", "call": "7H"},
        {"type": "bid", "player": "Cid", "call": "8H"},
        {"type": "bid", "player": "Ann", "call": "pass"},
    ]
    path = write_game(scorepad_home, THREE, items)
    app = make_app(open_path=path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = app.screen
        screen.edit_entry(3)  # Cid's 8♥: the call field, Cid to call
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, CorrectionScreen)
        call = dialog.query_one("#fh-call", Input)
        assert app.focused is call and call.value == "8♥" and str(call.border_title) == "Cid calls"
        await pilot.press("ctrl+u", "6", "s")
        await settle(pilot)
        assert "6♠ does not outrank 7♥" in status_of(dialog)  # the rules' check, as when typing it new
        assert "Refused: correcting deal 1's bid: 6♠ does not outrank 7♥" in preview_of(app)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is dialog and "6♠ does not outrank 7♥" in status_of(dialog)  # not saved
        await pilot.press("ctrl+u", "9", "h", "enter")
        await settle(pilot)
        assert app.screen is screen and screen.sheet.view.contract == "9H"
    assert [e.type for e in load(path).entries] == ["deal", "bid", "bid", "bid", "amend"]


async def test_keys_typed_at_once_after_the_dialog_opens_are_not_lost(scorepad_home):
    path = populated("five_hundred")
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press(
            "ctrl+e", "enter", "ctrl+u", "6", "enter"
        )  # no pause: typed as fast as a player can
        await settle(pilot)
        assert app.screen is screen
        assert load(path).entries[-1].entry.tricks["Cid"] == 6


async def test_a_tab_typed_fast_moves_on_before_the_next_key(scorepad_home):
    from textual import events

    app = make_app(open_path=populated("jass"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.edit_entry(9)  # hand 3's trump: named by Dan, spades
        await settle(pilot)
        for key, character in (("tab", "\t"), ("h", "h")):  # both waiting at once, as a fast typist's keys do
            app.post_message(events.Key(key, character))
        await settle(pilot)
        assert [f.value for f in app.screen.form.visible_inputs()] == ["Dan", "h"]


async def test_an_entry_corrected_twice_is_named_by_its_deal(scorepad_home):
    path = populated("five_hundred")
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        for tricks in ("6", "5"):
            screen.edit_entry(15)
            await settle(pilot)
            title = str(app.screen.query_one(".dialog-title", Label).render())
            assert title.startswith("Correct deal 5's result: ") and "None" not in title
            await pilot.press("ctrl+u", tricks, "enter")
            await settle(pilot)
        screen.edit_entry(15)
        await settle(pilot)
        assert app.screen.query_one("#fh-tricks-0", Input).value == "5"  # the entry as it counts now


async def test_an_entry_without_a_form_keeps_the_record_editor(scorepad_home):
    path = write_game(scorepad_home, THREE, [{"type": "note", "text": "Bob arrives late"}])
    app = make_app(open_path=path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        app.screen.edit_entry(1)
        await settle(pilot)
        assert isinstance(app.screen, EditEntryScreen)
        assert app.focused is app.screen.query_one("#edit-text", Input)


# ------------------------------------------------------------------------------------------ Jass


async def test_jass_card_points_corrected_with_their_shorthand(scorepad_home):
    path = populated("jass")  # hand 3: ♠ ×2, Ann & Cid 104 (Bob & Dan 53), Ann's Stöck
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        totals = dict(screen.sheet.totals)
        await pilot.press("ctrl+e", "enter")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, CorrectionScreen)
        points = dialog.query_one("#jass-points", Input)
        assert app.focused is points and points.value == "Ann & Cid 104"
        assert [f.id for f in dialog.form.visible_inputs()] == ["jass-points"]
        await pilot.press("ctrl+u", *"b60")  # Bob & Dan 60, so Ann & Cid 97
        await settle(pilot)
        assert "Bob & Dan 60, Ann & Cid 97" in status_of(dialog)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen and in_entry_form(app)
        # spades count double: Ann & Cid 7 points fewer, Bob & Dan 7 more, each × 2
        assert dict(screen.sheet.totals) == {AC: totals[AC] - 14, BD: totals[BD] + 14}
    amend = load(path).entries[-1]
    assert (amend.type, amend.target, dict(amend.entry.points)) == ("amend", 11, {BD: 60})


async def test_jass_card_points_corrected_after_a_rename_name_the_team_as_it_is_called_now(scorepad_home):
    path = populated("jass")  # hand 3: Ann & Cid 104
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+r", "c", "tab", *"Cyd", "enter")  # Cid is called Cyd from now on
        await settle(pilot)
        await pilot.press("ctrl+e", "up", "enter")  # the hand's card points, logged before the rename
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, CorrectionScreen)
        points = dialog.query_one("#jass-points", Input)
        assert points.value == "Ann & Cyd 104"
        await pilot.press("ctrl+u", *"cyd 100")  # the team typed by the new name
        await settle(pilot)
        assert "Ann & Cyd 100, Bob & Dan 57" in status_of(dialog)
        assert "Cid" not in status_of(dialog) + preview_of(app)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
    amend = load(path).entries[-1]
    assert (amend.type, amend.target, dict(amend.entry.points)) == ("amend", 11, {AC: 100})


async def test_jass_card_points_emptied_to_be_typed_again_say_nothing_yet(scorepad_home):
    app = make_app(open_path=populated("jass"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+e", "enter")
        await settle(pilot)
        await pilot.press("ctrl+u")
        await settle(pilot)
        assert isinstance(app.screen, CorrectionScreen)
        assert preview_of(app) == ""  # not "this corrects the card points only", which an empty field is not
        await pilot.press(*"b60")
        await settle(pilot)
        assert "Totals:" in preview_of(app)


async def test_jass_a_late_weis_correction_asks_the_table_and_cancelling_changes_nothing(scorepad_home):
    path = populated("jass")
    before = path.read_text()
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        screen.edit_entry(3)  # hand 1's Weis: Bob, four to the K♣
        await settle(pilot)
        weis = app.screen.query_one("#jass-weis", Input)
        assert app.focused is weis and weis.value == "Bob 4-Kc"
        await pilot.press("ctrl+u", *"b 5-Kc")
        await settle(pilot)
        assert "Too late by the laws" in preview_of(app) and "hand 2's trump is named" in preview_of(app)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen and in_entry_form(app)
    assert path.read_text() == before


async def test_jass_a_stoeck_the_rules_refuse_is_not_saved(scorepad_home):
    path = populated("jass")
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        screen.edit_entry(9)  # hand 3's trump: Dan, spades, with Ann's Stöck after it
        await settle(pilot)
        dialog = app.screen
        assert [f.value for f in dialog.form.visible_inputs()] == ["Dan", "s"]
        await pilot.press("tab", "ctrl+u", "o")  # Obenabe has no Stöck: the Stöck after it would be refused
        await settle(pilot)
        assert "hand 3's Stöck" in preview_of(app) and "refused" in preview_of(app)


async def test_jass_a_stoeck_is_not_turned_into_a_weis(scorepad_home):
    path = populated("jass")
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.edit_entry(10)  # Ann's Stöck
        await settle(pilot)
        dialog = app.screen
        await pilot.press("ctrl+u", *"a 4J")
        await settle(pilot)
        assert "This corrects one player's Stöck only" in preview_of(app)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is dialog and "one player's Stöck only" in str(
            dialog.query_one("#dialog-error").render()
        )
    assert load(path).entries[-1].type == "tricks"  # nothing logged


def test_the_jass_shorthands_of_a_logged_entry_read_back_as_it():
    from scorepad.log import JassStoeck, JassWeis, parse_entry
    from scorepad.rules import Replayer
    from tests.helpers import header

    replayer = Replayer(header("jass", ["Ann Marie", "Bob", "Cid", "Dan"]))
    sheet = replayer.sheet()
    table = Table.of(sheet, replayer.settings)
    weis = parse_entry(
        "jass",
        {
            "type": "weis",
            "player": "Ann Marie",
            "melds": [
                {"kind": "sequence", "length": 3, "top": "10", "suit": "clubs"},
                {"kind": "four", "rank": "J"},
            ],
        },
    )
    assert isinstance(weis, JassWeis)
    text = weis_text(weis, table, "hearts")
    assert text == "Ann 3-10c 4J"
    (shown,) = parse_weis(text, table, "hearts")
    assert shown.player == "Ann Marie" and tuple(shown.melds) == weis.melds
    assert weis_text(JassStoeck(player="Bob"), table, "hearts") == "Bob st"
    side = next(iter(sheet.sides))
    other = next(s for s in sheet.sides if s != side)
    for points, match in (({other: 60}, None), ({other: 157}, other), ({side: 97}, None)):
        assert parse_points(points_text(points, match, table, side), table, side) == (points, match)


# ------------------------------------------------------------------------------------------ snapshots


async def _correcting(pilot, keys: list[str]) -> None:
    await settle(pilot)
    await pilot.press("ctrl+e", "enter", *keys)
    await settle(pilot)
    no_blink(pilot.app)


@pytest.mark.parametrize(
    ("game", "keys"), [("five_hundred", ["ctrl+u", "6"]), ("jass", ["ctrl+u", "b", "6", "0"])]
)
def test_correction_dialog_snapshots(snap_compare, snapshot_home, game, keys):
    from scorepad.log import parse_entry
    from scorepad.store.game_file import GameFile, create
    from tests.helpers import header

    from .test_layout import GAMES

    players, sides, items = GAMES[game]
    # no title: the header shows the game's name at any width (a title is shortened below 120 columns)
    path = create(header(game, players, sides=sides, title=""))
    with GameFile.open(path) as file:
        for item in items:
            file.append(parse_entry(game, item))

    async def run_before(pilot) -> None:
        await _correcting(pilot, keys)

    assert snap_compare(make_app(open_path=path), terminal_size=(80, 24), run_before=run_before)
