"""Correcting the entries typed in a dialog (an irregularity, a claim, a penalty, a Bedanken, a bridge result with
its revoke, a stop) in that dialog: Ctrl+E, the entry, Enter; its fields filled as typed, the same checks, a line
saying what saving would do (scored again, too late by the laws, refused and why), then an amend in the log. And
the entry form's "Logged: …" line says what is logged after a correction."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, Label, Static

from scorepad.log import parse_entry
from scorepad.store.game_file import GameFile, create, load
from scorepad.tui.games.auction_bridge.dialogs import ResultEditScreen, StopScreen
from scorepad.tui.games.five_hundred.dialogs import ClaimScreen, IrregularityScreen
from scorepad.tui.games.jass.screen import BedankenScreen, PenaltyScreen
from scorepad.tui.screens.correction import CorrectionScreen
from scorepad.tui.screens.game import GameScreen
from scorepad.tui.screens.modals import EditEntryScreen, OverrideScreen, RenameScreen
from scorepad.tui.widgets.entry_form import EntryForm
from tests.helpers import header

from .conftest import make_app, no_blink, settle
from .test_auction_bridge_screen import deal, new_rubber, open_rubber
from .test_five_hundred_screen import FOUR, THREE, enter, quick, write_game

AC, BD = "Ann & Cid", "Bob & Dan"


def text(app, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


def preview_of(app) -> str:
    return text(app, "#correction-preview")


def title_of(app) -> str:
    return str(app.screen.query_one(".dialog-title", Label).render())


def values(app) -> list[tuple[str | None, str]]:
    return [(field.id, field.value) for field in app.screen.query(Input)]


def in_entry_form(app) -> bool:
    focused = app.focused
    return (
        isinstance(app.screen, GameScreen)
        and isinstance(focused, Input)
        and any(isinstance(a, EntryForm) and a.id == "entry-form" for a in focused.ancestors)
    )


async def open_from_log(pilot, ups: int = 0) -> None:
    """Ctrl+E (the log, on its last entry), ↑ to the entry, Enter: its correction opens. Far up (a long game),
    the cursor is put on the entry directly, as Page Up would, rather than by hundreds of ↑."""
    await pilot.press("ctrl+e", *["up"] * min(ups, 3))
    if ups > 3:
        from scorepad.tui.widgets.log_pane import LogPane

        log = pilot.app.screen.query_one(LogPane)
        log.move_cursor(row=log.cursor_row - (ups - 3))
        await pilot.pause()
    await pilot.press("enter")
    await settle(pilot)


def game_file(game: str, players: list[str], items: list[dict], **settings) -> Path:
    path = create(header(game, players, **settings))  # a fixed id and time: the same screen in every run
    with GameFile.open(path) as file:
        for item in items:
            file.append(parse_entry(game, item))
    return path


# ------------------------------------------------------------------------------------------ Five Hundred

REVOKED = [
    {"type": "deal", "dealer": "Ann"},
    {"type": "contract", "player": "Ann", "call": "8S"},
    {"type": "irregularity", "kind": "revoke", "player": "Bob", "note": "seen at trick 7"},
    {"type": "result", "tricks": {AC: 6, BD: 4}},
]  # Bob revoked: Ann's 8♠ counts as made


async def test_five_hundred_an_irregularity_is_corrected_in_its_dialog(scorepad_home):
    path = write_game(scorepad_home, FOUR, REVOKED)
    before = path.read_text().splitlines()
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert dict(screen.sheet.totals) == {AC: 240, BD: 0}
        await open_from_log(pilot, ups=1)  # #3, the revoke
        assert isinstance(app.screen, IrregularityScreen)
        assert title_of(app) == "Correct deal 1's irregularity: revoke by Bob"
        assert values(app) == [("irr-kind", "r"), ("irr-player", "Bob")]
        assert app.focused is app.screen.query_one("#irr-kind", Input)
        assert text(app, "#irr-where") == "revoke: belongs to deal 1"
        assert preview_of(app) == "As logged: change a field to correct it."
        await pilot.press("tab", "ctrl+u", "c")  # Cid revoked: the contractor's side, so the contract is set
        await settle(pilot)
        said = preview_of(app)
        assert "Scored again: Ann 8♠ set (revoke by Cid)" in said
        assert f"Totals: {AC} -240 (was 240) · {BD} 40 (was 0)" in said  # their 4 tricks count now
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen and in_entry_form(app)
        assert dict(screen.sheet.totals) == {AC: -240, BD: 40}
    lines = path.read_text().splitlines()
    assert lines[: len(before)] == before  # the log only grows
    amend = load(path).entries[-1]
    assert (amend.type, amend.target, amend.override) == ("amend", 3, False)
    # what the dialog does not ask is kept: the note
    assert (amend.entry.kind, amend.entry.player, amend.entry.note) == ("revoke", "Cid", "seen at trick 7")


async def test_five_hundred_a_late_irregularity_names_the_law_and_the_table_may_override(scorepad_home):
    path = write_game(
        scorepad_home,
        FOUR,
        [*REVOKED, {"type": "deal", "dealer": "Bob"}, {"type": "contract", "player": "Bob", "call": "6S"}],
    )
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await open_from_log(pilot, ups=3)
        assert isinstance(app.screen, IrregularityScreen)
        await pilot.press("tab", "ctrl+u", "c")
        await settle(pilot)
        said = preview_of(app)
        assert said.startswith(
            "Too late by the laws: correcting deal 1's irregularity is too late: deal 2 has had its first bid "
            "(an error in the record must be corrected before the first bid"
        )
        assert "Saving asks whether the table agrees" in said and f"{AC} -240 (was 240)" in said
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, OverrideScreen)
        assert "deal 2 has had its first bid" in text(app, "#override-reason")
        await pilot.press("y")
        await settle(pilot)
        assert app.screen is screen and in_entry_form(app)
        assert screen.sheet.totals[AC] == -240
        assert "Table overrides in this game: deal 1's irregularity" in text(app, "#prompt")
    amend = load(path).entries[-1]
    assert (amend.target, amend.override, amend.entry.player) == (3, True, "Cid")


async def test_five_hundred_a_claim_is_corrected_and_one_the_rules_refuse_is_not_saved(scorepad_home):
    items = [
        {"type": "deal", "dealer": "Ann"},
        *quick("Bob", "10C", {"Ann": 0, "Bob": 10, "Cid": 0}),
        {"type": "deal", "dealer": "Bob"},
        {"type": "contract", "player": "Cid", "call": "6S"},
        {"type": "claim", "player": "Bob", "upheld": True},
    ]
    path = write_game(scorepad_home, THREE, items)
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.sheet.winner == "Bob"
        await open_from_log(pilot)
        dialog = app.screen
        assert isinstance(dialog, ClaimScreen)
        assert title_of(app) == "Correct deal 2's claim: Bob claims the game — upheld"
        assert values(app) == [("claim-player", "Bob"), ("claim-upheld", "y")]
        assert app.focused is dialog.query_one("#claim-player", Input)
        await pilot.press("ctrl+u", "c")  # Cid is the contractor: he cannot claim
        await settle(pilot)
        assert preview_of(app) == (
            "Refused: correcting deal 2's claim: Cid is on the contracting side: only an opponent claims the game"
        )
        assert dialog.query_one("#correction-preview").has_class("-refused")
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is dialog  # not saved: the error line says why
        assert "only an opponent claims the game" in text(app, "#dialog-error")
        await pilot.press("ctrl+u", "b", "tab", "ctrl+u", "n")  # Bob's claim, not upheld
        await settle(pilot)
        assert "the game is no longer over: play goes on" in preview_of(app)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen and in_entry_form(app)
        assert not screen.sheet.finished and screen.sheet.view.phase == "play"
    amend = load(path).entries[-1]
    assert (amend.target, amend.entry.player, amend.entry.upheld) == (6, "Bob", False)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_five_hundred_the_irregularity_dialog_fits_the_screen(scorepad_home, size):
    app = make_app(open_path=write_game(scorepad_home, FOUR))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("a", "tab", "8", "s", "f6", "r")  # a revoke in the deal being typed
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, IrregularityScreen)
        box = dialog.query_one("#irregularity")
        keys = dialog.query(".hint").last()  # the keys line, last in the box
        assert keys.region.bottom <= box.content_region.bottom  # not cut off by the box
        assert "deal being entered (Ann 8♠)" in text(app, "#irr-where")
        short = size[1] < 28
        assert dialog.query_one("#irr-kinds").display is not short  # with room, all four kinds and effects
        assert dialog.query_one("#irr-effect").display is short  # short of rows, the effect of the one typed
        assert "the contract is set" in text(app, "#irr-effect")


# ------------------------------------------------------------------------------------------ Jass

JASS = ["Ann", "Bob", "Cid", "Dan"]
HAND = [
    {"type": "deal", "dealer": "Ann"},
    {"type": "trump", "player": "Bob", "contract": "hearts"},
    {"type": "tricks", "points": {AC: 100}},
]


async def test_jass_a_penalty_is_corrected_in_its_dialog(scorepad_home):
    path = game_file(
        "jass",
        JASS,
        [*HAND, {"type": "penalty", "kind": "uncut_deck", "against": BD}],
        rules={"preset": "flat_1000"},
    )
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert dict(screen.sheet.totals) == {AC: 150, BD: 57}
        await open_from_log(pilot)
        assert isinstance(app.screen, PenaltyScreen)
        assert title_of(app) == f"Correct hand 2's penalty: penalty uncut deck against {BD}"
        assert values(app) == [
            ("penalty-kind", "1"),
            ("penalty-against", BD),
            ("penalty-points", ""),
            ("penalty-note", ""),
        ]
        assert app.focused is app.screen.query_one("#penalty-kind", Input)
        await pilot.press("ctrl+u", "2", "tab", "ctrl+u", "a")  # a misdeal, by Ann & Cid
        await settle(pilot)
        said = preview_of(app)
        assert f"Scored again: Penalty (misdeal) against {AC}: {BD} +100" in said
        assert f"Totals: {AC} 100 (was 150) · {BD} 157 (was 57)" in said
        await pilot.press(
            "shift+tab", "ctrl+u", "7"
        )  # no such offence: the dialog's own check, nothing to preview
        await settle(pilot)
        assert preview_of(app) == ""
        await pilot.press("enter")
        await settle(pilot)
        assert "offence: a number from 1 to 6" in text(app, "#dialog-error")
        await pilot.press("ctrl+u", "2", "enter")
        await settle(pilot)
        assert app.screen is screen and in_entry_form(app)
        assert dict(screen.sheet.totals) == {AC: 100, BD: 157}
    amend = load(path).entries[-1]
    assert (amend.target, amend.entry.kind, amend.entry.against) == (4, "misdeal", AC)


async def test_jass_a_bedanken_is_corrected_in_its_dialog(scorepad_home):
    path = game_file(
        "jass",
        JASS,
        [
            *HAND,
            {"type": "deal", "dealer": "Bob"},
            {"type": "trump", "player": "Cid", "contract": "spades"},
            {"type": "claim", "team": AC, "counted": 50},
        ],
        rules={"preset": "flat_1000"},
    )
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await open_from_log(pilot)
        dialog = app.screen
        assert isinstance(dialog, BedankenScreen)
        assert values(app) == [("claim-team", AC), ("claim-counted", "50")]
        assert app.focused is dialog.query_one("#claim-team", Input)
        await pilot.press("tab", "ctrl+u", *"999")
        await settle(pilot)
        assert (
            preview_of(app)
            == "Refused: correcting hand 2's claim: a hand has 157 card points; 999 counted is more"
        )
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is dialog and "999 counted is more" in text(app, "#dialog-error")
        await pilot.press("ctrl+u", *"60")
        await settle(pilot)
        said = preview_of(app)
        assert said.startswith(f"Scored again: Hand 2: {AC} bedanken with 60 counted")
        assert said.endswith(
            f"and then the game ends: {BD} win: {AC} thanked off (bedanken) at 160, short of 1000"
        )
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen and screen.sheet.winner == BD
    amend = load(path).entries[-1]
    assert (amend.target, amend.entry.team, amend.entry.counted) == (6, AC, 60)


# ------------------------------------------------------------------------------------------ Auction Bridge


async def test_bridge_a_results_revoke_is_corrected_with_a_preview():
    path = new_rubber()
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_rubber(pilot)
        await deal(pilot, "a", "4h", "10", "w3")  # We 4♥ made with one over: 32 below, honours 16
        totals = dict(screen.sheet.totals)
        await open_from_log(pilot)
        dialog = app.screen
        assert isinstance(dialog, ResultEditScreen)
        assert title_of(app).startswith("Correct deal 1's result: Ann's 4♥") and "None" not in title_of(app)
        assert values(app) == [
            ("edit-tricks", "10"),
            ("edit-honours", "w3"),
            ("revoke-side", ""),
            ("revoke-choice", ""),
        ]
        assert app.focused is dialog.query_one("#edit-tricks", Input)
        assert preview_of(app) == "As logged: change a field to correct it."
        await pilot.press("tab", "tab", "t", "tab", "p")  # They revoked; the declarer takes the points
        await settle(pilot)
        said = preview_of(app)
        assert said.startswith("Scored again: ") and "(was " in said
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen and in_entry_form(app)
        assert dict(screen.sheet.totals) != totals
    amend = load(path).entries[-1]
    assert (amend.target, amend.entry.revoke.side, amend.entry.revoke.choice) == (3, "They", "points")
    assert (amend.entry.tricks, amend.entry.honours.holding) == (10, "3")


async def test_bridge_a_late_trick_correction_names_law_13_in_the_preview():
    path = new_rubber()
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_rubber(pilot)
        await deal(pilot, "a", "4h", "10", "w3")  # #1–#3: We game
        await deal(pilot, "b", "1nt", "7")  # #4–#6: a declaration in the next game
        await open_from_log(pilot, ups=3)
        assert isinstance(app.screen, ResultEditScreen)
        await pilot.press("tab", "ctrl+u", "w", "4", "h")  # honours only: allowed until the rubber is agreed
        await settle(pilot)
        assert preview_of(app).startswith("Scored again:")
        await pilot.press("shift+tab", "ctrl+u", "1", "1")  # and a trick more: Law 13's window has closed
        await settle(pilot)
        said = preview_of(app)
        assert said.startswith(
            "Too late by the laws: correcting deal 1's result is too late: Law 13: a trick-score error may "
            "be corrected only before a declaration has been made in the following game"
        )
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, OverrideScreen)
        await pilot.press("n")  # the table does not agree: nothing is logged
        await settle(pilot)
        assert app.screen is screen and in_entry_form(app)
    assert load(path).entries[-1].type == "result"


async def test_bridge_a_stop_is_corrected_in_its_dialog():
    path = new_rubber()
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_rubber(pilot)
        await deal(pilot, "a", "4h", "10")
        await pilot.press("f7", *"late", "enter")
        await settle(pilot)
        await open_from_log(pilot)
        assert isinstance(app.screen, StopScreen)
        assert values(app) == [("stop-reason", "late")]
        await pilot.press("ctrl+u", *"last train")
        await settle(pilot)
        assert "Totals: We 0 · They 0" in preview_of(app)  # a reason changes no score
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen
    amend = load(path).entries[-1]
    assert (amend.type, amend.entry.reason) == ("amend", "last train")


async def test_bridge_a_contract_is_corrected_in_the_entry_form_with_its_result():
    path = new_rubber()
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_rubber(pilot)
        await deal(pilot, "a", "4h", "10", "w3")
        await open_from_log(pilot, ups=1)  # #2, the contract: with the deal's result, as they were typed
        dialog = app.screen
        assert isinstance(dialog, CorrectionScreen) and [s for s, _ in dialog.targets] == [2, 3]
        assert [(f.id, f.value) for f in dialog.form.visible_inputs()] == [
            ("bridge-declarer", "Ann"),
            ("bridge-contract", "4h"),
            ("bridge-tricks", "10"),
            ("bridge-honours", "w3"),
        ]
        assert app.focused is dialog.query_one("#bridge-declarer", Input)
        await pilot.press("tab", "ctrl+u", *"3hx")  # 3♥ doubled
        await settle(pilot)
        assert preview_of(app).startswith("Scored again: Ann 3♥ doubled made")
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen and in_entry_form(app)
    amends = [e for e in load(path).entries if e.type == "amend"]
    assert [(a.target, a.entry.call, a.entry.double) for a in amends] == [
        (2, "3H", "doubled")
    ]  # the result kept


async def test_bridge_a_call_the_rules_refuse_is_not_saved():
    path = new_rubber()
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_rubber(pilot)
        await pilot.press("f5", "1", "h", "enter")  # Ann deals and calls 1♥ (worth 8)
        await settle(pilot)
        await pilot.press("2", "c", "enter")  # Bob: 2♣ (12)
        await settle(pilot)
        await open_from_log(pilot)  # Bob's 2♣, in the call field
        dialog = app.screen
        assert isinstance(dialog, CorrectionScreen)
        assert app.focused is dialog.query_one("#bridge-call", Input) and app.focused.value == "2c"
        await pilot.press("ctrl+u", "1", "c")  # 1♣ (6) does not beat 1♥: the rules' reason, as when typed new
        await settle(pilot)
        assert preview_of(app).startswith(
            "Refused: correcting deal 1's bid: 1♣ (6) does not beat Ann's 1♥ (8)"
        )
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is dialog  # not saved
        await pilot.press("ctrl+u", "2", "d", "enter")
        await settle(pilot)
        assert app.screen is screen
    amend = load(path).entries[-1]
    assert (amend.type, amend.target, amend.entry.call) == ("amend", 3, "2D")


# ------------------------------------------------------------------------------------------ any game


async def test_a_rename_is_corrected_in_the_rename_dialog(scorepad_home):
    path = write_game(scorepad_home, THREE)
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("ctrl+r", "a", "tab", *"Annie", "enter")  # renamed as the table does it
        await settle(pilot)
        assert text(app, "#form-status") == "Logged: Ann is now called Annie"
        await open_from_log(pilot)
        dialog = app.screen
        assert isinstance(dialog, RenameScreen)
        assert title_of(app) == "Correct the rename of Annie: Ann is now called Annie"
        assert values(app) == [("rename-player", "Annie"), ("rename-new", "Annie")]  # Ann, as called now
        assert app.focused is dialog.query_one("#rename-player", Input)
        await pilot.press("tab", "ctrl+u", *"Anna")
        await settle(pilot)
        assert preview_of(app).startswith("Totals:")
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen and in_entry_form(app)
        assert screen.sheet.names["Ann"] == "Anna"
        assert text(app, "#form-status") == "Logged: Ann is now called Anna"  # what is logged now
    amend = load(path).entries[-1]
    assert (amend.target, amend.entry.player, amend.entry.new_name) == (1, "Ann", "Anna")


async def test_a_note_keeps_the_record_editor_and_saved_unchanged_logs_nothing(scorepad_home):
    path = write_game(scorepad_home, THREE, [{"type": "note", "text": "Bob arrives late"}])
    before = path.read_text()
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await open_from_log(pilot)
        assert isinstance(app.screen, EditEntryScreen)
        assert "None" not in title_of(app)
        await pilot.press("ctrl+s")  # saved as it was: no correction
        await settle(pilot)
        assert app.screen is screen and in_entry_form(app)
    assert path.read_text() == before


# ------------------------------------------------------------------------------------------ the form's line


async def test_the_logged_line_says_the_entries_as_they_count_after_a_correction(scorepad_home):
    path = write_game(scorepad_home, THREE)
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await enter(pilot, "a", "7c", "7", "2")  # Ann 7♣: Ann 7, Bob 2 (Cid the rest)
        line = text(app, "#form-status")
        assert line.startswith("Logged: ") and "Bob 2" in line
        await open_from_log(pilot)  # the result
        await pilot.press("tab", "ctrl+u", "1", "enter")  # Bob 1 (Cid 2)
        await settle(pilot)
        assert app.screen is screen and in_entry_form(app)
        line = text(app, "#form-status")
        assert line.startswith("Logged: ") and "Bob 1" in line and "Bob 2" not in line
        screen.strike_out(screen.sheet.rows[0].seq)  # the result struck out
        await settle(pilot)
        assert text(app, "#form-status").endswith("since struck out: deal 1's result")


# ------------------------------------------------------------------------------------------ snapshots


def _five_hundred() -> Path:
    return game_file("five_hundred", FOUR, REVOKED)


def _jass() -> Path:
    return game_file(
        "jass",
        JASS,
        [*HAND, {"type": "penalty", "kind": "uncut_deck", "against": BD}],
        rules={"preset": "flat_1000"},
    )


def _bridge() -> Path:
    sides = {"We": ["Ann", "Cid"], "They": ["Bob", "Dan"]}
    return game_file(
        "auction_bridge",
        JASS,
        [
            {"type": "deal", "dealer": "Ann"},
            {"type": "contract", "player": "Ann", "call": "4H"},
            {"type": "result", "tricks": 10, "honours": {"side": "We", "holding": "3"}},
        ],
        sides=sides,
    )


@pytest.mark.parametrize(
    ("make", "ups", "keys"),
    [
        (_five_hundred, 1, ["tab", "ctrl+u", "c"]),
        (_jass, 0, ["ctrl+u", "2"]),
        (_bridge, 0, ["ctrl+u", "9"]),
    ],
    ids=["five_hundred_irregularity", "jass_penalty", "bridge_result"],
)
def test_dialog_correction_snapshots(snap_compare, snapshot_home, make, ups, keys):
    async def run_before(pilot) -> None:
        await settle(pilot)
        await open_from_log(pilot, ups)
        await pilot.press(*keys)
        await settle(pilot)
        no_blink(pilot.app)

    assert snap_compare(make_app(open_path=make()), terminal_size=(80, 24), run_before=run_before)
