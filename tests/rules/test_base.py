"""What every game's replay shares: rows (put in words when first read), names, the collector pause."""

from __future__ import annotations

import copy
import gc
from types import MappingProxyType

import pytest

from scorepad.gcpause import gc_paused
from scorepad.log import ENTRY_ADAPTERS
from scorepad.rules.base import Naming, Row


def test_a_row_put_in_words_later_asks_once_and_then_reads_like_any_row():
    asked: list[int] = []

    def describe() -> tuple[str, dict[str, int]]:
        asked.append(1)
        return "Ann 7♥ made", {"deal": 1}

    later = Row.later(3, MappingProxyType({"Ann": 200}), MappingProxyType({"Ann": 200}), describe)
    assert asked == []  # nothing is worded until it is read
    assert later.text == "Ann 7♥ made" and later.cells["deal"] == 1 and later.text == "Ann 7♥ made"
    assert asked == [1]
    eager = Row(3, "Ann 7♥ made", {"Ann": 200}, {"Ann": 200}, {"deal": 1})
    assert later == eager and later.summary() == eager.summary()
    assert later != Row(4, "Ann 7♥ made", {"Ann": 200}, {"Ann": 200}, {"deal": 1})



def test_a_row_read_unkept_gives_its_words_without_keeping_them():
    # what a long game's sheet reads of a row it only measures: the words, kept by neither row
    asked: list[int] = []

    def describe() -> tuple[str, dict[str, int]]:
        asked.append(1)
        return "Ann 7♥ made", {"deal": 1}

    later = Row.later(3, MappingProxyType({"Ann": 200}), MappingProxyType({"Ann": 200}), describe)
    unkept = later.unkept()
    assert unkept is not later and unkept == Row(3, "Ann 7♥ made", {"Ann": 200}, {"Ann": 200}, {"deal": 1})
    assert unkept.cells["deal"] == 1 and unkept.unkept() is unkept  # the copy holds its words
    assert later.unkept() is not later and asked == [1, 1]  # not kept: asked again
    assert later.cells["deal"] == 1 and asked == [1, 1, 1]
    assert later.unkept() is later and asked == [1, 1, 1]  # read for good now: the row itself
    eager = Row(3, "text", {"A": 1}, {"A": 1})
    assert eager.unkept() is eager


def test_a_row_shared_by_two_sheets_equals_itself_without_being_put_in_words() -> None:
    """Comparing the rows of a sheet before and after a correction: those before it are the same objects and
    are not put in words only to be compared."""
    def describe() -> tuple[str, dict]:
        raise AssertionError("put in words")

    row = Row.later(3, MappingProxyType({"Ann": 200}), MappingProxyType({"Ann": 200}), describe)
    assert row == row and not (row != row)
    assert [row] == [row]

def test_a_row_cannot_be_changed():
    row = Row(1, "text", {"A": 1}, {"A": 1})
    with pytest.raises(AttributeError):
        row.text = "other"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        row.seq = 2  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del row.delta
    with pytest.raises(TypeError):
        hash(row)
    with pytest.raises(TypeError):
        row.cells["new"] = 1  # type: ignore[index]
    assert copy.copy(row) is row and copy.deepcopy(row) is row  # a scratch state shares its rows


def test_a_rename_makes_new_names_and_leaves_the_old_ones():
    before = Naming({"Ann": "Ann", "Cid": "Cid"}, {"Ann & Cid": ("Ann", "Cid"), "Ann": ("Ann",)})
    after = before.renamed("Ann", "Annie")
    assert before.name("Ann") == "Ann" and before.side_name("Ann & Cid") == "Ann & Cid"
    assert after.name("Ann") == "Annie" and after.side_name("Ann & Cid") == "Annie & Cid"
    assert after.side_name("Ann") == "Annie" and after.name("someone else") == "someone else"
    named = Naming({"Ann": "Annie", "Cid": "Cid"}, {"We": ("Ann", "Cid")})
    assert named.side_name("We") == "We"  # a name the table gave its side stays


def test_what_a_pause_built_goes_to_the_oldest_generation():
    if not gc.isenabled():
        pytest.skip("the collector is off in this run")
    with gc_paused():
        assert not gc.isenabled()
        built = [[n] for n in range(1000)]  # lists: always tracked by the collector
    assert gc.isenabled()
    oldest = {id(o) for o in gc.get_objects(generation=2)}
    assert id(built) in oldest and id(built[-1]) in oldest
    assert gc.get_freeze_count() == 0


def test_a_pause_leaves_a_frozen_heap_frozen():
    if not gc.isenabled():
        pytest.skip("the collector is off in this run")
    gc.freeze()  # as an open game screen does
    try:
        frozen = gc.get_freeze_count()
        with gc_paused():
            built = [[n] for n in range(100)]
        assert gc.get_freeze_count() == frozen  # nothing was thawed
        assert id(built) not in {id(o) for o in gc.get_objects(generation=2)}  # left young, as usual
    finally:
        gc.unfreeze()


def test_nested_pauses_leave_the_collector_to_the_outer_one():
    with gc_paused():
        with gc_paused():
            pass
        assert not gc.isenabled()


def test_pauses_overlapping_in_two_threads_keep_the_collector_off_until_the_last_ends():
    # the saved games read in a worker while a game screen opens a log: each pauses the collector; it must
    # stay off while either is building and be on again once both are done (never left off for good)
    import threading

    if not gc.isenabled():
        pytest.skip("the collector is off in this run")
    worker_in, main_out, worker_out = threading.Event(), threading.Event(), threading.Event()
    seen: list[bool] = []

    def worker() -> None:
        with gc_paused():
            worker_in.set()
            main_out.wait(5)
            seen.append(gc.isenabled())
        worker_out.set()

    with gc_paused():
        thread = threading.Thread(target=worker)
        thread.start()
        assert worker_in.wait(5)
    main_out.set()
    thread.join(5)
    assert worker_out.is_set() and seen == [False]  # off while the worker was still building
    assert gc.isenabled()


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
    sheet = replay(game, entries("five_hundred", {"type": "deal", "dealer": "Ann"},
                                 {"type": "bid", "player": "Bob", "call": "7H"}))
    low = parse_entry("five_hundred", {"type": "bid", "player": "Cid", "call": "6S"})
    high = parse_entry("five_hundred", {"type": "bid", "player": "Cid", "call": "8S"})
    assert check(low, sheet) == "6♠ does not outrank 7♥ by Bob: the bid to beat is 7♥"
    assert check(high, sheet) is None


def test_a_preview_says_what_entries_would_score_and_changes_nothing():
    from scorepad.log import parse_entry
    from scorepad.rules import Replayer
    from tests.helpers import entries, header

    replayer = Replayer(header("five_hundred", ["Ann", "Bob", "Cid"], {"target": 100})).extend(
        entries("five_hundred", {"type": "deal", "dealer": "Ann"}, {"type": "bid", "player": "Bob", "call": "7H"},
                {"type": "bid", "player": "Cid", "call": "pass"}, {"type": "bid", "player": "Ann", "call": "pass"}))
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

    log = entries("five_hundred", {"type": "deal", "dealer": "Ann"}, {"type": "bid", "player": "Bob", "call": "7H"},
                  {"type": "note", "text": "tea"}, {"type": "void", "target": 2})
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

    log = entries("five_hundred", {"type": "deal", "dealer": "Ann"},
                  {"type": "contract", "player": "Bob", "call": "7H"},
                  {"type": "result", "tricks": {"Bob": 7, "Cid": 2, "Ann": 1}},
                  {"type": "amend", "target": 3, "entry": {"type": "result", "tricks": {"Bob": 8, "Cid": 1, "Ann": 1}}},
                  {"type": "note", "text": "tea"},
                  {"type": "void", "target": 3})
    replayer = Replayer(header("five_hundred", ["Ann", "Bob", "Cid"]))
    assert replayer.sheet().view.undo_target is None  # nothing logged yet
    replayer.extend(log[:3])
    assert replayer.sheet().view.undo_target == 3
    replayer.extend(log[3:5])  # the result amended, then a note: undo still strikes the (amended) result
    assert replayer.sheet().view.undo_target == 3 and replayer.sheet().rows[-1].cells["tricks_won"] == 8
    replayer.push(log[5])  # the result struck out: next the contract
    assert replayer.sheet().view.undo_target == 2 and replayer.sheet().rows == ()


def test_the_latest_entry_may_be_corrected_and_nothing_after_it():
    from scorepad.log import parse_entry
    from scorepad.rules import Replayer
    from tests.helpers import entries, header

    head = header("five_hundred", ["Ann", "Bob", "Cid"])
    replayer = Replayer(head).extend(entries("five_hundred", {"type": "deal", "dealer": "Ann"},
                                             {"type": "contract", "player": "Bob", "call": "7H"}))
    latest = parse_entry("five_hundred", {"type": "amend", "target": 2,
                                          "entry": {"type": "contract", "player": "Bob", "call": "8H"}})
    assert replayer.check(latest) is None
    assert replayer.check(parse_entry("five_hundred", {"type": "void", "target": 2})) is None
    beyond = parse_entry("five_hundred", {"type": "void", "target": 3})
    assert replayer.check(beyond) == "void of entry 3: there is no such entry before it"
    assert replayer.push(latest) is None  # logged as entry 3, it corrects entry 2
    assert replayer.sheet().view.contract == "8H"


def test_a_correction_of_itself_is_no_correction():
    from scorepad.rules import replay
    from tests.helpers import entries, header

    head = header("five_hundred", ["Ann", "Bob", "Cid"])
    log = entries("five_hundred", {"type": "deal", "dealer": "Ann"}, {"type": "void", "target": 2},
                  {"type": "void", "target": 4})  # a hand-edited file: entry 2 strikes out itself, 3 a later one
    sheet = replay(head, log)
    assert [(r.seq, r.reason) for r in sheet.rejected] == [
        (2, "void of entry 2: there is no such entry before it"),
        (3, "void of entry 4: there is no such entry before it"),
    ]


def _five_hundred_deals(count: int) -> list[dict[str, object]]:
    """`count` deals of a three-hand game, each a deal, a contract and its result (3 entries)."""
    players = ["Ann", "Bob", "Cid"]
    items: list[dict[str, object]] = []
    for number in range(count):
        contractor = players[(number + 1) % 3]
        others = [p for p in players if p != contractor]
        items += [{"type": "deal", "dealer": players[number % 3]},
                  {"type": "contract", "player": contractor, "call": "6S"},
                  {"type": "result", "tricks": {contractor: 6 + number % 3, others[0]: 4 - number % 3,
                                                others[1]: 0}}]
    return items


def _summary(sheet: object) -> tuple[object, ...]:
    return (tuple((row.seq, row.text, dict(row.delta)) for row in sheet.rows),  # type: ignore[attr-defined]
            tuple((r.seq, r.reason) for r in sheet.rejected), dict(sheet.totals))  # type: ignore[attr-defined]


def test_a_correction_needing_a_checkpoint_left_for_later_reads_as_the_whole_log_folded_again(monkeypatch):
    """A long log read in one go leaves most checkpoints for later; a correction logged afterwards that needs
    one takes it from the checkpoint before, folded only up to where it stands (not on to the end)."""
    from scorepad.log import parse_entry
    from scorepad.rules import Replayer, base, replay
    from tests.helpers import AT, header

    monkeypatch.setattr(base, "CHECKPOINT_EVERY", 2)
    monkeypatch.setattr(base, "CHECKPOINT_SPARSE", 4)
    monkeypatch.setattr(base, "CHECKPOINT_DENSE_TAIL", 0)
    head = header("five_hundred", ["Ann", "Bob", "Cid"], {"target": 5000})
    entries = [parse_entry("five_hundred", {**item, "seq": seq, "at": AT.isoformat()})
               for seq, item in enumerate(_five_hundred_deals(8), start=1)]
    replayer = Replayer(head).extend(entries)
    assert replayer._checkpoints[1].state is None and replayer._checkpoints[2].state is None  # left for later
    assert all(replayer._checkpoints[number].state is not None for number in (0, 4, 8))  # one in every four
    correction = parse_entry("five_hundred", {"type": "amend", "target": 6, "override": True, "seq": 25,
                                              "at": AT.isoformat(),
                                              "entry": {"type": "result", "tricks": {"Cid": 10}}})
    assert replayer.push(correction) is None
    again = replay(head, [*entries, correction])
    assert _summary(replayer.sheet()) == _summary(again)
    assert replayer.sheet().rows[1].delta["Cid"] == 250  # 6♠ won with all ten tricks: a slam, 250


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
    items = [*_five_hundred_deals(1), {"type": "void", "target": 99},
             {"type": "amend", "target": 3, "entry": {"type": "result", "tricks": {"Bob": 10}}}]
    entries = [parse_entry("five_hundred", {**item, "seq": seq, "at": AT.isoformat()})
               for seq, item in enumerate(items, start=1)]
    pushed = Replayer(head)
    for entry in entries:
        pushed.push(entry)
    for sheet in (pushed.sheet(), replay(head, entries)):
        assert [r.seq for r in sheet.rejected] == [4]
        assert sheet.rows[0].delta["Bob"] == 250  # the amend counted, folded again past the refused void


def _two_checkpoints_sharing(name: str, old: object, read: tuple[int, int]):  # type: ignore[no-untyped-def]
    from scorepad.rules import Replayer
    from tests.helpers import header

    replayer = Replayer(header("five_hundred", ["Ann", "Bob", "Cid"]))
    replayer._checkpoints = [replayer._checkpoint(0), replayer._checkpoint(0)]
    for checkpoint, length in zip(replayer._checkpoints, read, strict=True):
        setattr(checkpoint.state, name, old)
        checkpoint.lengths[name] = length
    return replayer


def test_checkpoints_left_holding_an_old_history_hold_the_live_one_only_where_it_begins_with_their_items():
    """A correction resumed from a checkpoint with history of its own: the checkpoints before, which share the
    history the live state held, hold the live one instead only where it begins with the very items they read
    (a game may put a new container in place of one: a live one may hold other items); else they keep only
    what they read of the old one."""
    a, b, c, d, e = (object() for _ in range(5))
    old = [a, b, c, d, e]
    alike = _two_checkpoints_sharing("rows", old, (2, 3))
    live = [a, b, c, object()]
    alike._release("rows", old, live)
    assert all(checkpoint.state.rows is live for checkpoint in alike._checkpoints)

    unlike = _two_checkpoints_sharing("rows", old, (2, 3))
    unlike._release("rows", old, [a, b, object(), d, e])  # the same from the third item on, not the third
    kept = [checkpoint.state.rows for checkpoint in unlike._checkpoints]
    assert kept[0] is kept[1] and kept[0] == [a, b, c] and kept[0] is not old  # no more than they read

    short = _two_checkpoints_sharing("rows", old, (2, 3))
    short._release("rows", old, [a, b])  # too short for what the second reads
    assert [checkpoint.state.rows for checkpoint in short._checkpoints] == [[a, b, c]] * 2

    positions = {1: "deal 1", 2: "deal 1", 3: "deal 2", 4: "deal 2"}
    keyed = _two_checkpoints_sharing("positions", positions, (1, 2))
    keyed._release("positions", positions, {1: positions[1], 2: "deal 1 (another)"})  # an equal, other value
    assert [checkpoint.state.positions for checkpoint in keyed._checkpoints] == [{1: "deal 1", 2: "deal 1"}] * 2


def test_a_long_history_cut_back_by_a_correction_far_back_is_no_bigger_than_one_grown_to_its_length():
    """A dict cut back in place keeps its table, and grows to twice it when refilled: a correction far back in
    a long log leaves the positions no bigger than the same positions written afresh."""
    import sys

    from scorepad.log import parse_entry
    from scorepad.rules import Replayer
    from tests.helpers import AT, header

    head = header("five_hundred", ["Ann", "Bob", "Cid"], {"target": 10**6})
    entries = [parse_entry("five_hundred", {**item, "seq": seq, "at": AT.isoformat()})
               for seq, item in enumerate(_five_hundred_deals(2000), start=1)]
    for replayer in (Replayer(head).extend(entries), Replayer(head)):
        if not replayer.log:
            for entry in entries:
                replayer.push(entry)
        # a result far back (every third entry is one): most of the positions cut back, then written again
        assert replayer.push(parse_entry("five_hundred", {"type": "void", "target": 900, "override": True,
                                                          "seq": len(entries) + 1, "at": AT.isoformat()})) is None
        positions = replayer.state.positions
        assert len(positions) == len(entries) - 1  # all but the one struck out
        assert sys.getsizeof(positions) <= sys.getsizeof({seq: at for seq, at in positions.items()})


def test_a_row_keeps_its_points_as_given_and_reads_them_as_mappings_in_their_order():
    delta, totals = {"We": 40, "They": -10}, {"They": 90, "We": 140}  # the totals named in another order
    row = Row(5, "text", delta, totals)
    delta["We"], totals["We"] = 0, 0  # the row keeps the points it was given, not the dicts
    assert dict(row.delta) == {"We": 40, "They": -10} and list(row.delta) == ["We", "They"]
    assert dict(row.totals) == {"They": 90, "We": 140} and list(row.totals.items()) == [("They", 90), ("We", 140)]
    assert row.delta == {"They": -10, "We": 40} and row.totals == MappingProxyType({"We": 140, "They": 90})
    assert row.delta != {"We": 40} and row.delta.get("Nobody", 7) == 7 and "We" in row.totals
    assert "Nobody" not in row.delta and len(row.totals) == 2
    with pytest.raises(KeyError):
        row.delta["Nobody"]
    with pytest.raises(TypeError):
        row.totals["We"] = 1  # type: ignore[index]
    assert row.summary() == {"seq": 5, "text": "text", "delta": {"We": 40, "They": -10},
                             "totals": {"They": 90, "We": 140}}
    assert list(row.summary()["totals"]) == ["They", "We"]  # the JSON's keys in the order the rules gave them
    assert repr(row.totals) == "{'They': 90, 'We': 140}"
    # rows named alike compare by their points, rows named in another order by their mappings
    assert row == Row(5, "text", {"We": 40, "They": -10}, {"They": 90, "We": 140})
    assert row == Row(5, "text", {"They": -10, "We": 40}, {"We": 140, "They": 90})
    assert row != Row(5, "text", {"We": 40, "They": -10}, {"They": 90, "We": 141})
    assert row != Row(5, "text", {"They": -10, "We": 40}, {"We": 141, "They": 90})
    assert row.unkept() is row


def test_a_row_given_its_changes_in_order_reads_as_one_given_a_mapping():
    """`State.add_row_of` (changes as values in the totals' order, a layout made once) makes the rows
    `add_row_later` makes from a mapping: the same points, totals and layout, shared with the rows alike."""
    from scorepad.rules.base import State, row_layout
    from tests.helpers import header

    head = header("five_hundred", ["Ann", "Bob", "Cid"])
    sides = {"Cid": ("Cid",), "Ann": ("Ann",), "Bob": ("Bob",)}  # not the players' order: the sides' is kept
    by_values, by_mapping = State(head, None, sides), State(head, None, sides)
    layout = row_layout(tuple(sides))
    for seq, changes in ((3, (10, -40, 0)), (7, (0, 120, -100))):
        by_values.add_row_of(seq, layout, changes, lambda: ("made", {}))
        by_mapping.add_row_later(seq, dict(zip(sides, changes, strict=True)), lambda: ("made", {}))
    assert by_values.totals == by_mapping.totals == {"Cid": 10, "Ann": 80, "Bob": -100}
    assert list(by_values.totals) == ["Cid", "Ann", "Bob"]
    assert [row.summary() for row in by_values.rows] == [row.summary() for row in by_mapping.rows]
    assert by_values.rows == by_mapping.rows
    assert by_values.rows[1].totals == {"Cid": 10, "Ann": 80, "Bob": -100}
    assert by_values.rows[0].layout is by_values.rows[1].layout is layout
    assert layout.named == (("Cid", "Ann", "Bob"), ("Cid", "Ann", "Bob"))
    with pytest.raises(ValueError):  # changes that do not name every side are refused, not zipped short
        by_values.add_row_of(9, layout, (1, 2), lambda: ("", {}))


def test_a_rows_layout_has_a_public_type_that_names_its_sides():
    # `row_layout` and `Row.layout` are read outside the rules (the JSON writer of `replay`): what they return
    # is a public type of the rules, typed field by field
    from typing import get_type_hints

    from scorepad.rules import base

    layout = base.row_layout(("Ann", "Bob"))
    assert get_type_hints(base.row_layout)["return"] is base.RowLayout
    assert get_type_hints(Row.layout.fget)["return"] is base.RowLayout
    assert isinstance(layout, base.RowLayout) and not type(layout).__name__.startswith("_")
    assert get_type_hints(base.RowLayout) == {
        "named": tuple[tuple[str, ...], tuple[str, ...]], "changes": int,
        "delta": dict[str, int], "totals": dict[str, int]}
    row = Row(1, "Ann 7♥ made", {"Ann": 200, "Bob": 0}, {"Ann": 200, "Bob": 0})
    assert row.layout is layout and layout.named == (("Ann", "Bob"), ("Ann", "Bob")) and layout.changes == 2
    assert layout.delta == {"Ann": 0, "Bob": 1} and layout.totals == {"Ann": 2, "Bob": 3}
