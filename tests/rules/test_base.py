"""What every game's replay shares: rows, names, corrections folded again from before the entry they correct."""

from __future__ import annotations

import pytest

from scorepad.log import ENTRY_ADAPTERS
from scorepad.rules.base import Naming, Row


def test_a_row_cannot_be_changed():
    row = Row(1, "text", {"A": 1}, {"A": 1})
    with pytest.raises(AttributeError):
        row.text = "other"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        row.seq = 2  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del row.delta
    with pytest.raises(TypeError):
        hash(row)  # like the mappings it holds


def test_a_row_reads_its_points_in_the_order_given_and_compares_by_value():
    row = Row(
        5, "text", {"We": 40, "They": -10}, {"They": 90, "We": 140}
    )  # the totals named in another order
    assert list(row.delta) == ["We", "They"] and list(row.totals.items()) == [("They", 90), ("We", 140)]
    assert row.summary() == {
        "seq": 5,
        "text": "text",
        "delta": {"We": 40, "They": -10},
        "totals": {"They": 90, "We": 140},
    }
    assert list(row.summary()["totals"]) == ["They", "We"]  # the JSON's keys in the order the rules gave them
    assert row == Row(5, "text", {"They": -10, "We": 40}, {"We": 140, "They": 90})
    assert row != Row(5, "text", {"We": 40, "They": -10}, {"They": 90, "We": 141})
    assert row != Row(5, "text", {"We": 40, "They": -10}, {"They": 90, "We": 140}, cells="other columns")
    assert row.unkept() is row


def test_a_state_adds_each_rows_points_and_keeps_the_totals_after_it():
    from scorepad.rules.base import State
    from tests.helpers import header

    head = header("five_hundred", ["Ann", "Bob", "Cid"])
    sides = {"Cid": ("Cid",), "Ann": ("Ann",), "Bob": ("Bob",)}  # not the players' order: the sides' is kept
    state: State = State(head, None, sides)  # type: ignore[arg-type]
    first = state.add_row(3, "made", {"Cid": 10, "Ann": -40, "Bob": 0})
    state.add_row(7, "made", {"Cid": 0, "Ann": 120, "Bob": -100})
    assert dict(first.delta) == {"Cid": 10, "Ann": -40, "Bob": 0} and dict(first.totals) == first.delta
    assert state.totals == {"Cid": 10, "Ann": 80, "Bob": -100} and list(state.totals) == ["Cid", "Ann", "Bob"]
    assert dict(state.rows[1].totals) == {"Cid": 10, "Ann": 80, "Bob": -100}
    assert dict(first.totals) == {"Cid": 10, "Ann": -40, "Bob": 0}  # a row keeps the totals of its moment


def test_a_rename_makes_new_names_and_leaves_the_old_ones():
    before = Naming({"Ann": "Ann", "Cid": "Cid"}, {"Ann & Cid": ("Ann", "Cid"), "Ann": ("Ann",)})
    after = before.renamed("Ann", "Annie")
    assert before.name("Ann") == "Ann" and before.side_name("Ann & Cid") == "Ann & Cid"
    assert after.name("Ann") == "Annie" and after.side_name("Ann & Cid") == "Annie & Cid"
    assert after.side_name("Ann") == "Annie" and after.name("someone else") == "someone else"
    named = Naming({"Ann": "Annie", "Cid": "Cid"}, {"We": ("Ann", "Cid")})
    assert named.side_name("We") == "We"  # a name the table gave its side stays


def test_entry_adapters_are_built_per_game_on_first_use():
    assert list(ENTRY_ADAPTERS) == ["five_hundred", "jass", "auction_bridge"] and len(ENTRY_ADAPTERS) == 3
    assert ENTRY_ADAPTERS["jass"] is ENTRY_ADAPTERS["jass"]
    assert ENTRY_ADAPTERS["jass"].validate_python({"type": "note", "text": "hi"}).text == "hi"
    with pytest.raises(KeyError):
        ENTRY_ADAPTERS["skat"]
    assert "skat" not in ENTRY_ADAPTERS and "jass" in ENTRY_ADAPTERS


def test_the_rules_say_whether_an_entry_behind_a_sheet_is_acceptable():
    from scorepad.log import parse_entry
    from scorepad.rules import check, replay
    from tests.helpers import entries, header

    game = header("five_hundred", ["Ann", "Bob", "Cid"])
    sheet = replay(
        game,
        entries(
            "five_hundred", {"type": "deal", "dealer": "Ann"}, {"type": "bid", "player": "Bob", "call": "7H"}
        ),
    )
    low = parse_entry("five_hundred", {"type": "bid", "player": "Cid", "call": "6S"})
    high = parse_entry("five_hundred", {"type": "bid", "player": "Cid", "call": "8S"})
    assert check(low, sheet) == "6♠ does not outrank 7♥ by Bob: the bid to beat is 7♥"
    assert check(high, sheet) is None


def test_a_preview_says_what_entries_would_score_and_changes_nothing():
    from scorepad.log import parse_entry
    from scorepad.rules import Replayer
    from tests.helpers import entries, header

    replayer = Replayer(header("five_hundred", ["Ann", "Bob", "Cid"], {"target": 100})).extend(
        entries(
            "five_hundred",
            {"type": "deal", "dealer": "Ann"},
            {"type": "bid", "player": "Bob", "call": "7H"},
            {"type": "bid", "player": "Cid", "call": "pass"},
            {"type": "bid", "player": "Ann", "call": "pass"},
        )
    )
    result = parse_entry("five_hundred", {"type": "result", "tricks": {"Bob": 7, "Cid": 2, "Ann": 1}})
    preview = replayer.preview([result])
    assert preview.refusal is None and [row.text for row in preview.rows] == ["Bob 7♥ made"]
    assert preview.finished and preview.winner == "Bob" and "Bob" in preview.result
    assert replayer.sheet().rows == () and replayer.next_seq == 5  # nothing logged
    low = parse_entry("five_hundred", {"type": "bid", "player": "Cid", "call": "6S"})
    refused = replayer.preview([low])
    assert refused.refusal and refused.rows == () and not refused.finished
    with pytest.raises(ValueError):
        replayer.preview([parse_entry("five_hundred", {"type": "void", "target": 2})])


def test_undo_strikes_the_latest_entry_that_still_counts():
    from scorepad.rules import Replayer
    from tests.helpers import entries, header

    log = entries(
        "five_hundred",
        {"type": "deal", "dealer": "Ann"},
        {"type": "bid", "player": "Bob", "call": "7H"},
        {"type": "note", "text": "tea"},
        {"type": "void", "target": 2},
    )
    replayer = Replayer(header("five_hundred", ["Ann", "Bob", "Cid"]))
    assert replayer.undo_target() is None
    replayer.extend(log[:3])
    assert replayer.undo_target() == 2  # not the note
    replayer.push(log[3])
    assert replayer.current_version(2) is None and replayer.current_version(1) == log[0]
    assert replayer.undo_target() == 1  # the bid is struck out, the void itself is not undone
    assert replayer.sheet().view.undo_target == 1  # what the screen asks


def test_the_view_names_the_entry_undo_would_strike_after_a_correction():
    from scorepad.rules import Replayer
    from tests.helpers import entries, header

    log = entries(
        "five_hundred",
        {"type": "deal", "dealer": "Ann"},
        {"type": "contract", "player": "Bob", "call": "7H"},
        {"type": "result", "tricks": {"Bob": 7, "Cid": 2, "Ann": 1}},
        {"type": "amend", "target": 3, "entry": {"type": "result", "tricks": {"Bob": 8, "Cid": 1, "Ann": 1}}},
        {"type": "note", "text": "tea"},
        {"type": "void", "target": 3},
    )
    replayer = Replayer(header("five_hundred", ["Ann", "Bob", "Cid"]))
    assert replayer.sheet().view.undo_target is None  # nothing logged yet
    replayer.extend(log[:3])
    assert replayer.sheet().view.undo_target == 3
    replayer.extend(log[3:5])  # the result amended, then a note: undo still strikes the (amended) result
    assert replayer.sheet().view.undo_target == 3 and replayer.sheet().rows[-1].cells.tricks_won == 8
    replayer.push(log[5])  # the result struck out: next the contract
    assert replayer.sheet().view.undo_target == 2 and replayer.sheet().rows == ()


def test_the_latest_entry_may_be_corrected_and_nothing_after_it():
    from scorepad.log import parse_entry
    from scorepad.rules import Replayer
    from tests.helpers import entries, header

    head = header("five_hundred", ["Ann", "Bob", "Cid"])
    replayer = Replayer(head).extend(
        entries(
            "five_hundred",
            {"type": "deal", "dealer": "Ann"},
            {"type": "contract", "player": "Bob", "call": "7H"},
        )
    )
    latest = parse_entry(
        "five_hundred",
        {"type": "amend", "target": 2, "entry": {"type": "contract", "player": "Bob", "call": "8H"}},
    )
    assert replayer.check(latest) is None
    assert replayer.check(parse_entry("five_hundred", {"type": "void", "target": 2})) is None
    beyond = parse_entry("five_hundred", {"type": "void", "target": 3})
    assert replayer.check(beyond) == "striking out entry 3: there is no such entry before it"
    assert replayer.push(latest) is None  # logged as entry 3, it corrects entry 2
    assert replayer.sheet().view.contract == "8H"


def test_a_correction_of_itself_is_no_correction():
    from scorepad.rules import replay
    from tests.helpers import entries, header

    head = header("five_hundred", ["Ann", "Bob", "Cid"])
    log = entries(
        "five_hundred",
        {"type": "deal", "dealer": "Ann"},
        {"type": "void", "target": 2},
        {"type": "void", "target": 4},
    )  # a hand-edited file: entry 2 strikes out itself, 3 a later one
    sheet = replay(head, log)
    assert [(r.seq, r.reason) for r in sheet.rejected] == [
        (2, "striking out entry 2: there is no such entry before it"),
        (3, "striking out entry 4: there is no such entry before it"),
    ]


def _five_hundred_deals(count: int) -> list[dict[str, object]]:
    """`count` deals of a three-hand game, each a deal, a contract and its result (3 entries)."""
    players = ["Ann", "Bob", "Cid"]
    items: list[dict[str, object]] = []
    for number in range(count):
        contractor = players[(number + 1) % 3]
        others = [p for p in players if p != contractor]
        items += [
            {"type": "deal", "dealer": players[number % 3]},
            {"type": "contract", "player": contractor, "call": "6S"},
            {
                "type": "result",
                "tricks": {contractor: 6 + number % 3, others[0]: 4 - number % 3, others[1]: 0},
            },
        ]
    return items


def _summary(sheet: object) -> tuple[object, ...]:
    return (
        tuple((row.seq, row.text, dict(row.delta)) for row in sheet.rows),  # type: ignore[attr-defined]
        tuple((r.seq, r.reason) for r in sheet.rejected),
        dict(sheet.totals),
    )  # type: ignore[attr-defined]


def test_a_correction_far_back_after_a_long_log_read_in_one_go_reads_as_the_whole_log_folded_again():
    """A long log read in one go keeps the states of its latest deals only: a correction far back, logged after
    it, folds again from the start, and one of a recent deal from the state kept before it."""
    from scorepad.log import parse_entry
    from scorepad.rules import Replayer, replay
    from tests.helpers import AT, header

    head = header("five_hundred", ["Ann", "Bob", "Cid"], {"target": 5000})
    entries = [
        parse_entry("five_hundred", {**item, "seq": seq, "at": AT.isoformat()})
        for seq, item in enumerate(_five_hundred_deals(200), start=1)
    ]
    replayer = Replayer(head).extend(entries)
    far = parse_entry(
        "five_hundred",
        {
            "type": "amend",
            "target": 6,
            "override": True,
            "seq": 601,
            "at": AT.isoformat(),
            "entry": {"type": "result", "tricks": {"Cid": 10}},
        },
    )
    recent = parse_entry("five_hundred", {"type": "void", "target": 597, "seq": 602, "at": AT.isoformat()})
    assert replayer.push(far) is None and replayer.push(recent) is None
    again = replay(head, [*entries, far, recent])
    assert _summary(replayer.sheet()) == _summary(again)
    assert replayer.sheet().rows[1].delta["Cid"] == 250  # 6♠ won with all ten tricks: a slam, 250
    assert 597 not in [row.seq for row in replayer.sheet().rows]  # the last deal's result struck out


def test_a_log_full_of_corrections_of_one_entry_reads_as_one_corrected_once():
    from scorepad.log import parse_entry
    from scorepad.rules import Replayer, replay
    from tests.helpers import AT, header

    head = header("five_hundred", ["Ann", "Bob", "Cid"], {"target": 5000})
    items = [
        *_five_hundred_deals(3),
        *(
            {
                "type": "amend",
                "target": 6,
                "entry": {"type": "result", "tricks": {"Cid": 6 + n % 5, "Ann": 4 - n % 5}},
            }
            for n in range(50)
        ),
    ]
    entries = [
        parse_entry("five_hundred", {**item, "seq": seq, "at": AT.isoformat()})
        for seq, item in enumerate(items, start=1)
    ]
    last = [*entries[:9], entries[-1].model_copy(update={"seq": 10})]
    assert _summary(Replayer(head).extend(entries).sheet())[0] == _summary(replay(head, last))[0]


def test_entries_without_a_seq_are_numbered_by_their_place_in_the_log_read_in_one_go_or_one_by_one():
    from scorepad.log import parse_entry
    from scorepad.rules import Replayer
    from tests.helpers import header

    head = header("five_hundred", ["Ann", "Bob", "Cid"])
    entries = [parse_entry("five_hundred", item) for item in _five_hundred_deals(2)]
    extended = Replayer(head).extend(entries)
    pushed = Replayer(head)
    for entry in entries:
        pushed.push(entry)
    assert [row.seq for row in extended.sheet().rows] == [row.seq for row in pushed.sheet().rows] == [3, 6]
    assert sorted(extended.by_seq) == sorted(pushed.by_seq) == [1, 2, 3, 4, 5, 6]


def test_a_refused_correction_keeps_its_number_when_a_later_correction_folds_past_it():
    from scorepad.log import parse_entry
    from scorepad.rules import Replayer, replay
    from tests.helpers import AT, header

    head = header("five_hundred", ["Ann", "Bob", "Cid"])
    items = [
        *_five_hundred_deals(1),
        {"type": "void", "target": 99},
        {"type": "amend", "target": 3, "entry": {"type": "result", "tricks": {"Bob": 10}}},
    ]
    entries = [
        parse_entry("five_hundred", {**item, "seq": seq, "at": AT.isoformat()})
        for seq, item in enumerate(items, start=1)
    ]
    pushed = Replayer(head)
    for entry in entries:
        pushed.push(entry)
    for sheet in (pushed.sheet(), replay(head, entries)):
        assert [r.seq for r in sheet.rejected] == [4]
        assert sheet.rows[0].delta["Bob"] == 250  # the amend counted, folded again past the refused void


def test_an_entry_of_another_game_is_refused_by_its_kind():
    # the log's reader never gives one game's entry to another's rules; a caller that does is told which
    from scorepad.log import parse_entry
    from scorepad.rules import Replayer
    from tests.helpers import header

    agree = parse_entry("auction_bridge", {"type": "agree", "seq": 1})
    jass = Replayer(header("jass", ["Ann", "Bob", "Cid", "Dan"]))
    five_hundred = Replayer(header("five_hundred", ["Ann", "Bob", "Cid"]))
    assert jass.check(agree) == jass.push(agree) == "a 'agree' entry has no place in Jass"
    said = "a agree entry has no place in a game of Five Hundred"
    assert five_hundred.check(agree) == five_hundred.push(agree) == said
