"""The Jass screen by keys: hands, Weis and Stöck, Match, penalties, bedanken, corrections, the Jass-Tafel."""

from __future__ import annotations

import re

from textual.widgets import Input, Static

from scorepad.log import JassPenalty
from scorepad.rules.jass import Settings, tafel
from scorepad.store.game_file import create, load, new_header
from scorepad.tui.games.jass.form import Refused, Table, parse_points, parse_trump, parse_weis
from scorepad.tui.games.jass.screen import BedankenScreen, JassScreen, PenaltyScreen, jass_table_markdown
from scorepad.tui.games.jass.tafel import JassTafel, tafel_lines
from scorepad.tui.screens.correction import CorrectionScreen
from scorepad.tui.screens.modals import OverrideScreen, TextScreen
from tests.helpers import entries, header, log_lines

from .conftest import make_app, settle

PLAYERS = ["Ann", "Bob", "Cid", "Dan"]
AC, BD = "Ann & Cid", "Bob & Dan"
KEY_NAMES = {"tab", "enter", "escape", "backspace", "up", "down"}


def new_game(rules: dict | None = None) -> object:
    return create(new_header("jass", PLAYERS, rules=rules or {"preset": "flat_1000"}))


def status(app) -> str:
    return str(app.screen.query_one("#form-status", Static).render())


def logged_types(path) -> list[str]:
    return [e.type for e in load(path).entries]


async def keys(pilot, *pressed: str) -> None:
    """Press keys one after another (a string of several characters is typed letter by letter)."""
    for key in pressed:
        if len(key) > 1 and key not in KEY_NAMES and not re.fullmatch(r"f\d+|ctrl\+.", key):
            await pilot.press(*key)
        else:
            await pilot.press(key)
    await settle(pilot)


# --------------------------------------------------------------------------- the Tafel


def test_tafel_157_is_one_hundred_one_fifty_rest_7():
    assert tafel(157).marks() == ("|", "/", "", "7")
    top, middle, bottom = tafel_lines(157, z=False)
    assert top == "100 |"
    assert middle == " 50 /"
    assert bottom.startswith(" 20 ") and bottom.rstrip().endswith("7") and "|" not in bottom


def test_tafel_771_is_v_two_hundreds_a_fifty_a_twenty_rest_1():
    top, middle, bottom = tafel_lines(771, z=False)
    assert top == "100 V  ||"
    assert middle == " 50 /"
    assert bottom.count("|") == 1 and bottom.rstrip().endswith(" 1")


def test_tafel_with_the_z_puts_the_strokes_on_its_bars():
    lines = tafel_lines(771, width=30, z=True)
    assert len(lines) == 5
    top, *diagonal, bottom = lines
    assert top.startswith("──V──┼┼─")
    assert sum(row.count("╱") for row in diagonal) == 2 and sum(row.count("╳") for row in diagonal) == 1
    assert bottom.count("┼") == 1 and bottom.endswith(" 1")
    plain_157 = tafel_lines(157, width=30, z=True)
    assert plain_157[0].count("┼") == 1 and "V" not in plain_157[0]
    assert plain_157[-1].count("┼") == 0 and plain_157[-1].endswith(" 7")


def test_tafel_negative_and_large_totals():
    top, _, bottom = tafel_lines(-30, z=False)
    assert bottom.rstrip().endswith("-10")
    top, _, _ = tafel_lines(2400, z=False)
    assert top == "100 V V V V  ||||"


def test_tafel_of_a_very_high_total_counts_its_vs_and_keeps_to_its_width():
    # a game to a high target: 1,280 Vs would be a row thousands of characters long, built for every frame
    top, _, bottom = tafel_lines(640_123, width=30, z=False)
    assert top == "100 Vx1280  |" and bottom.rstrip().endswith(" 3")
    lines = tafel_lines(640_123, width=30, z=True)
    assert lines[0].startswith("──Vx1280──┼─") and all(len(line) <= 30 for line in lines)
    assert tafel_lines(5_400, width=36, z=True)[0].count("V") == 10  # ten Vs still drawn where they fit


# --------------------------------------------------------------------------- the shorthands


def table(rules: dict | None = None) -> Table:
    sides = {AC: ("Ann", "Cid"), BD: ("Bob", "Dan")}
    return Table(
        tuple(PLAYERS), {p: p for p in PLAYERS}, sides, {s: s for s in sides}, Settings(**(rules or {}))
    )


def test_trump_shorthands():
    assert parse_trump("h") == ("hearts", False)
    assert parse_trump("hp") == ("hearts", True)
    assert parse_trump("h+p") == ("hearts", True)  # as the field's hint "+p" reads
    assert parse_trump("o +p") == ("obenabe", True)
    assert parse_trump("oben") == ("obenabe", False)
    assert parse_trump("u p") == ("undenufe", True)
    assert parse_trump("Schellen") == ("clubs", False)
    assert parse_trump("♠") == ("spades", False)


def test_points_shorthands():
    t = table()
    assert parse_points("97", t, AC) == ({AC: 97}, None)
    assert parse_points("b60", t, AC) == ({BD: 60}, None)
    assert parse_points("cid 40", t, BD) == ({AC: 40}, None)
    assert parse_points("m", t, BD) == ({BD: 157}, BD)
    assert parse_points("m a", t, BD) == ({AC: 157}, AC)
    for bad, why in (("158", "157"), ("x 12", "which team"), ("97", "whose")):
        try:
            parse_points(bad, t, None)
        except Refused as refused:
            assert why in str(refused)
        else:
            raise AssertionError(bad)


def test_weis_shorthands_and_what_they_refuse():
    t = table()
    shown = parse_weis("a 4-Kh 4J b st", t, "spades")
    assert [(s.player, len(s.melds), s.stoeck) for s in shown] == [("Ann", 2, False), ("Bob", 0, True)]
    ann = shown[0].melds
    assert (ann[0].kind, ann[0].length, ann[0].top, ann[0].suit) == ("sequence", 4, "K", "hearts")
    assert (ann[1].kind, ann[1].rank) == ("four", "J")
    assert parse_weis("c3-10c", t)[0].melds[0].top == "10"
    assert parse_weis("d 5 10s", t)[0].melds[0].length == 5
    assert parse_weis("d 4 K", t)[0].melds[0].rank == "K"
    refusals = {
        "a 6-10c": "cannot be headed by the 10",  # only 10 9 8 7 6 run down from the ten
        "a 4-Kh 3-Jh": "the J♥ is in both",  # the Jack twice in one hand
        "a 3-Kh b 3-Kh": "cannot be in both",  # two players, one card
        "a st": "no Stöck in Obenabe",
        "4-Kh": "whose Weis",
        "a 4-Kx": "not a suit",
    }
    for text, why in refusals.items():
        try:
            parse_weis(text, t, "obenabe")
        except Refused as refused:
            assert why in str(refused), (text, str(refused))
        else:
            raise AssertionError(text)


# --------------------------------------------------------------------------- a game by keys


async def test_a_whole_game_to_1000_by_keys():
    path = new_game()
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, JassScreen)
        assert app.focused.id == "jass-trump"

        # hand 1, a typical one in six keys: Ann deals (automatic), Bob names hearts, Ann & Cid take 97
        await keys(pilot, "h", "tab", "a97", "enter")
        assert dict(screen.sheet.totals) == {AC: 97, BD: 60}
        assert logged_types(path) == ["deal", "trump", "tricks"]
        assert app.focused.id == "jass-trump"

        # hand 2: Cid names spades; Weis and Stöck logged at once (Enter in the Weis field), then a Match
        await keys(pilot, "s", "tab", "tab", "c 4-Kh b st", "enter")
        assert logged_types(path)[-4:] == ["deal", "trump", "weis", "stoeck"]
        assert app.focused.id == "jass-points"
        assert screen.query_one("#jass-trump", Input).disabled
        hand = str(screen.query_one("#jass-hand", Static).render())
        assert "Cid: four to the K♥" in hand and "Stöck Bob" in hand and "no Weis against it" in hand
        await keys(pilot, "m", "enter")
        row = screen.sheet.rows[-1]
        assert dict(row.delta) == {AC: 257 + 50, BD: 20}
        assert row.cells.match == AC and "Cid's four to the K♥" in row.cells.weis_verdict
        assert dict(screen.sheet.totals) == {AC: 404, BD: 80}

        # hand 3: Dan pushes, Bob names hearts ("hp") -- and a penalty by F5 while it is being typed:
        # playing out of turn (3) against Bob & Dan -> Ann & Cid +20; the typed trump stays
        await keys(pilot, "hp", "f5")
        assert isinstance(app.screen, PenaltyScreen)
        await keys(pilot, "3", "tab", "b", "enter")
        assert isinstance(app.screen, JassScreen)
        assert dict(screen.sheet.totals) == {AC: 424, BD: 80}
        assert screen.query_one("#jass-trump", Input).value == "hp" and app.focused.id == "jass-trump"
        # Bob & Dan take 100
        await keys(pilot, "tab", "b100", "enter")
        trump = load(path).entries[-2]
        assert (trump.player, trump.pushed) == ("Bob", True)
        assert dict(screen.sheet.totals) == {AC: 481, BD: 180}

        for contract, points in (("o", "a120"), ("u", "b80"), ("c", "a130"), ("d", "a100")):
            await keys(pilot, contract, "tab", points, "enter")
        assert dict(screen.sheet.totals) == {AC: 908, BD: 381}
        assert not screen.sheet.finished

        # hand 8: Ann names hearts; during play Ann & Cid thank off with 92 counted -> 1000, they win
        await keys(pilot, "h", "f6")
        assert isinstance(app.screen, BedankenScreen)
        await keys(pilot, "a", "tab", "92")
        assert "If logged: Ann & Cid win" in str(app.screen.query_one("#claim-outcome", Static).render())
        await keys(pilot, "enter")
        assert isinstance(app.screen, JassScreen)
        sheet = screen.sheet
        assert sheet.finished and sheet.winner == AC
        assert dict(sheet.totals) == {AC: 1000, BD: 381}
        banner = str(screen.query_one("#banner", Static).render())
        assert "Ann & Cid win: they thanked off (bedanken) with 1000, reaching 1000" in banner
        tafel_text = str(screen.query_one(JassTafel).render())
        assert "Ann & Cid  1000  wins" in tafel_text
        assert all(field.disabled for field in screen.query(Input))  # the game is over: Ctrl+N for the next
        await keys(pilot, "ctrl+z")  # undo takes hand 8 back whole: its deal, its trump and the claim
        assert not screen.sheet.finished and app.focused.id == "jass-trump"
        assert str(screen.query_one("#form-status", Static).render()).startswith(
            "Undone: Hand 8: Ann & Cid bedanken"
        )
        await keys(pilot, "h", "f6", "a", "tab", "92", "enter")
        assert screen.sheet.winner == AC

    logged = load(path).entries
    assert [e.type for e in logged].count("trump") == 9
    claim = logged[-1]
    assert (claim.type, claim.team, claim.counted) == ("claim", AC, 92)
    assert [e.type for e in logged[-9:-3]] == ["deal", "trump", "claim", "void", "void", "void"]
    penalty = next(e for e in logged if e.type == "penalty")
    assert (penalty.kind, penalty.against) == ("out_of_turn", BD)


async def test_refused_entries_say_why_and_log_nothing():
    path = new_game({"preset": "classic_2500"})
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        # points before any trump
        await keys(pilot, "tab", "a97", "enter")
        assert "name the trump first" in status(app)
        assert logged_types(path) == []
        # a sequence longer than its top card allows, typed in the Weis field
        await keys(pilot, "tab", "a 6-10c")
        weis = screen.query_one("#jass-weis", Input)
        assert not weis.is_valid
        assert "cannot be headed by the 10" in status(app)
        await keys(pilot, "enter")
        assert logged_types(path) == []
        # Stöck in Obenabe
        weis.value = ""
        screen.query_one("#jass-points", Input).value = ""
        screen.query_one("#jass-trump", Input).value = "o"
        weis.focus()
        await keys(pilot, "b st", "enter")
        assert "no Stöck in Obenabe" in status(app)
        assert logged_types(path) == []
        # the first hand, then the wrong player names the trump of the second: the rules' reason
        weis.value = ""
        screen.query_one("#jass-points", Input).focus()
        await keys(pilot, "a97", "enter")
        assert logged_types(path) == ["deal", "trump", "tricks"]
        screen.query_one("#jass-caller", Input).focus()
        await keys(pilot, "d", "tab", "h", "tab", "97", "enter")
        assert "Cid (after the dealer Bob) names the trump, or pushes it to Ann" in status(app)
        assert logged_types(path) == ["deal", "trump", "tricks"]
        # a custom penalty without its reason
        await keys(pilot, "f5", "6", "tab", "a", "tab", "-30", "enter")
        assert isinstance(app.screen, PenaltyScreen)
        assert "say why" in str(app.screen.query_one("#dialog-error", Static).render())
        assert app.focused is app.screen.query_one("#penalty-note", Input)  # the cursor goes to the reason
        await keys(pilot, "miscounted", "enter")
        assert isinstance(app.screen, JassScreen)
    penalty = load(path).entries[-1]
    assert isinstance(penalty, JassPenalty)
    assert (penalty.kind, penalty.against, penalty.points, penalty.note) == ("custom", AC, -30, "miscounted")


async def test_weis_comparison_and_multiplier_in_the_rows():
    """Worked example 2 (classic, spades ×2): A 97, B 60 with a Vierblatt and Stöck -> A +194, B +260."""
    path = new_game({"preset": "classic_2500"})
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        await keys(pilot, "s", "tab", "tab", "b 4-9h st", "enter")
        await keys(pilot, "a97", "enter")
        assert dict(screen.sheet.rows[-1].delta) == {AC: 194, BD: 260}
        table_ = screen.query_one("#sheet")
        cells = [str(c) for c in table_.get_row_at(0)]
        assert "♠ spades ×2" in cells[1] and "Bob" in cells[1]
        assert "Bob's four to the 9♥" in cells[3].replace("\n", " ")
        assert "Stöck: Bob & Dan +40" in cells[3]
        # worked example 4: four Kings lose to a five-sequence (more cards), hearts ×1
        await keys(pilot, "h", "tab", "tab", "c 4K d 5-10c 3-9d", "enter")
        assert logged_types(path)[-3:] == ["trump", "weis", "weis"], status(app)
        await keys(pilot, "a80", "enter")
        row = screen.sheet.rows[-1]
        assert "Dan's five to the 10♣ beats Cid's four Kings (more cards)" in row.cells.weis_verdict
        assert dict(row.delta) == {AC: 80, BD: 77 + 120}


async def test_edit_inside_the_window_then_outside_with_the_table_override():
    path = new_game()
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        await keys(pilot, "h", "tab", "a97", "enter")
        # inside the window: the next hand's trump is not named yet
        await keys(pilot, "ctrl+e", "enter")  # the cursor is on the last entry: the card points
        assert isinstance(app.screen, CorrectionScreen), app.screen
        assert app.screen.targets[0][1].type == "tricks", app.screen.targets
        await keys(pilot, "ctrl+u", "a90", "ctrl+s")  # the card points' own shorthand
        assert isinstance(app.screen, JassScreen)
        assert dict(screen.sheet.totals) == {AC: 90, BD: 67}
        amend = load(path).entries[-1]
        assert (amend.type, amend.target, amend.override) == ("amend", 3, False)
        # the next hand's trump closes the window: the table must agree
        screen.query_one("#jass-trump", Input).focus()
        await keys(pilot, "d", "enter")
        await keys(pilot, "ctrl+e", "up", "up", "up", "enter")
        assert isinstance(app.screen, CorrectionScreen) and app.screen.targets[0][1].type == "tricks"
        await keys(pilot, "ctrl+u", "a100", "enter")
        assert isinstance(app.screen, OverrideScreen)
        await keys(pilot, "y")
        assert isinstance(app.screen, JassScreen)
        assert dict(screen.sheet.totals) == {AC: 100, BD: 57}
    amend = load(path).entries[-1]
    assert (amend.type, amend.target, amend.override) == ("amend", 3, True)


async def test_a_tie_on_the_tricks_is_settled_by_a_claim():
    path = new_game({"preset": "flat_1000", "target": 150})
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        await keys(pilot, "h", "tab", "a70", "enter")  # 70 : 87
        await keys(
            pilot, "h", "tab", "a80", "enter"
        )  # 150 : 164, both pass 150 with the same hand's card points
        assert screen.sheet.questions and "which team reached it first" in screen.sheet.questions[0]
        await keys(pilot, "f6")
        assert isinstance(app.screen, BedankenScreen)
        assert "which team reached it first" in str(app.screen.query_one(".hint", Static).render())
        await keys(pilot, "b", "tab", "60")
        assert "short of 150" in str(app.screen.query_one("#claim-outcome", Static).render())
        await keys(pilot, "backspace", "backspace", "70", "enter")
        assert screen.sheet.finished and screen.sheet.winner == BD
        assert "Bob & Dan win: they reached 150 first in hand 2" in screen.sheet.result


async def test_f2_table_f7_z_and_german_suits():
    path = new_game({"preset": "srf_1000", "suit_names": "german"})
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        await keys(pilot, "c", "tab", "tab", "a 3-Kh", "enter")  # c = Schellen (clubs), three to the Rosen K
        assert "Schellen ×2" in str(screen.query_one("#prompt", Static).render())
        assert "three to the Rosen K" in str(screen.query_one("#jass-hand", Static).render())
        await keys(pilot, "a100", "enter")
        tafel_widget = screen.query_one(JassTafel)
        assert tafel_widget.z and "┼" in str(tafel_widget.render())
        await keys(pilot, "f7")
        assert not tafel_widget.z and "100 " in str(tafel_widget.render())
        await keys(pilot, "f2")
        assert isinstance(app.screen, TextScreen)
        await keys(pilot, "escape")
    text = jass_table_markdown(Settings(preset="srf_1000", suit_names="german"))
    assert "Schellen ×2" in text and "| misdeal | 100 |" in text and "4-Kh" in text
    assert (
        "the higher suit (Rosen > Eicheln > Schellen > Schilten)" in text
    )  # the ladder in the table's suits


# --------------------------------------------------------------------------- snapshot


MID_GAME = [
    {"type": "deal", "dealer": "Ann"},
    {"type": "trump", "player": "Bob", "contract": "spades"},
    {
        "type": "weis",
        "player": "Bob",
        "melds": [{"kind": "sequence", "length": 4, "top": "9", "suit": "hearts"}],
    },
    {"type": "stoeck", "player": "Bob"},
    {"type": "tricks", "points": {AC: 97}},
    {"type": "deal", "dealer": "Bob"},
    {"type": "trump", "player": "Cid", "contract": "obenabe"},
    {"type": "tricks", "points": {AC: 157}, "match": AC},
    {"type": "penalty", "kind": "misdeal", "against": AC},
    {"type": "deal", "dealer": "Cid"},
    {"type": "trump", "player": "Bob", "contract": "hearts", "pushed": True},
    {"type": "weis", "player": "Ann", "melds": [{"kind": "four", "rank": "K"}]},
    {
        "type": "weis",
        "player": "Dan",
        "melds": [{"kind": "sequence", "length": 5, "top": "10", "suit": "clubs"}],
    },
]


def test_jass_screen_snapshot(snap_compare, snapshot_home):
    games = snapshot_home / "games"
    games.mkdir(parents=True, exist_ok=True)
    path = games / "sunday.jsonl"
    path.write_text(log_lines(header("jass", PLAYERS, title="Sunday"), entries("jass", *MID_GAME)))
    assert snap_compare(make_app(open_path=path), terminal_size=(120, 40), run_before=settle)


async def test_enter_in_the_weis_field_logs_the_whole_hand_when_the_card_points_are_typed():
    path = new_game()
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        await keys(pilot, "s", "tab", "a97", "tab", "c 4-Kh", "enter")  # points first, then the Weis
        assert logged_types(path) == ["deal", "trump", "weis", "tricks"]
        assert len(screen.sheet.rows) == 1 and app.focused.id == "jass-trump"


async def test_an_emptied_field_leaves_no_stale_preview_on_the_status_line():
    path = new_game()
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await keys(pilot, "s", "tab", "a97")
        assert "Ann & Cid 97" in status(app) and "names" in status(app)
        await keys(pilot, *["backspace"] * 3)  # the card points emptied: the trump alone is what Enter logs
        assert "Ann & Cid 97" not in status(app) and "names" in status(app)
        await pilot.press("shift+tab", "backspace")  # the trump emptied too: nothing typed, nothing said
        await settle(pilot)
        assert status(app).strip() == ""
        await keys(pilot, "tab", "b60")  # card points without a trump: the line says what is missing
        assert "name the trump first" in status(app)
        await keys(pilot, "backspace", "backspace", "backspace")
        assert status(app).strip() == ""
        assert logged_types(path) == []


async def test_the_logged_line_stays_after_the_fields_are_cleared():
    path = new_game()
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await keys(pilot, "s", "tab", "a97", "enter")
        assert logged_types(path) == ["deal", "trump", "tricks"]
        assert status(app).startswith("Logged:")


# --------------------------------------------------------------------------- pushed: the words say what the field reads

PUSHED_EXAMPLE = re.compile(r"\b[hdcsou] ?\+ ?p\b|\b[hdcsou]p\b")


def test_every_pushed_form_the_trump_help_writes_is_read_as_pushed():
    from scorepad.tui.games.jass.shorthand import TRUMP_HELP

    trump_row = next(
        line for line in jass_table_markdown(Settings()).splitlines() if line.startswith("| trump |")
    )
    for words in (TRUMP_HELP, trump_row):
        assert "+p" in words, words
        examples = PUSHED_EXAMPLE.findall(words)
        assert examples, words
        for example in examples:
            assert parse_trump(example)[1] is True, example
    for typed in ("h+p", "h +p", "h + p", "hp", "h p", "h pushed", "Rosen geschoben"):
        assert parse_trump(typed) == ("hearts", True), typed


async def test_a_refused_trump_names_the_plus_p_form_and_that_form_logs_a_pushed_trump():
    path = new_game()
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await keys(pilot, "x")
        assert "pushed: add +p (h+p" in status(app)
        await keys(pilot, "backspace", "h+p", "tab", "b100", "enter")
        trump = load(path).entries[1]
        assert (trump.type, trump.contract, trump.pushed) == ("trump", "hearts", True)
        assert trump.player == "Dan"  # Bob (after the dealer Ann) pushed to his partner
        prompt = str(app.screen.query_one("#prompt", Static).render())
        assert prompt == "Hand 2: Bob deals; Cid names the trump or pushes to Ann"  # not "Next: Hand 2: …"
