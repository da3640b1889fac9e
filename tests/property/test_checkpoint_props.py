"""Corrections resume the fold from a checkpoint: the sheet reads exactly as a fold of the whole log would.

A replayer that checkpoints after every entry or two is compared with one that never checkpoints after the
start (each correction then folds the whole log again, as a replay from scratch does), on logs of the three
games with amends, voids and overrides aimed at random entries.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given
from hypothesis import strategies as st

import scorepad.rules.base as base
from scorepad.log import Entry, Header, parse_entry
from scorepad.rules import Replayer
from tests.helpers import AT, header
from tests.property.budget import bounded
from tests.property.test_auction_bridge_props import SIDES, play_deal
from tests.property.test_jass_props import hand_entries, valid_hand

BOUNDED = bounded(60, HealthCheck.function_scoped_fixture)
FH = ["Ann", "Bob", "Cid"]


def fh_deal(draw: st.DrawFn, number: int) -> list[dict[str, Any]]:
    contractor = FH[(number + 1) % 3]
    others = [p for p in FH if p != contractor]
    made = draw(st.integers(0, 10))
    first = draw(st.integers(0, 10 - made))
    items: list[dict[str, Any]] = [{"type": "deal", "dealer": FH[number % 3]},
                                   {"type": "contract", "player": contractor,
                                    "call": draw(st.sampled_from(["6S", "7C", "6NT", "8H", "nullo"]))}]
    items.append({"type": "result", "tricks": {contractor: made, others[0]: first, others[1]: 10 - made - first}})
    if draw(st.integers(0, 3)) == 0:  # found before or after the result (a late revoke scores the deal again)
        items.insert(draw(st.integers(2, 3)), {"type": "irregularity", "player": draw(st.sampled_from(FH)),
                                               "kind": draw(st.sampled_from(["redeal", "revoke", "wrong_cards"]))})
    return items


def bridge_entries(draw: st.DrawFn, deals: int) -> list[dict[str, Any]]:
    """A rubber played by the laws (the same player as the bridge properties use), as plain items."""
    recorder = Replayer(header("auction_bridge", ["N", "E", "S", "W"], sides=SIDES))
    for _ in range(deals):
        if recorder.sheet().finished:
            break
        play_deal(recorder, draw)
    return [entry.model_dump(exclude={"seq", "at"}, exclude_none=True) | {"type": entry.type}
            for entry in recorder.log]


@st.composite
def game_log(draw: st.DrawFn) -> tuple[Header, list[dict[str, Any]]]:
    game = draw(st.sampled_from(["five_hundred", "jass", "auction_bridge"]))
    if game == "five_hundred":
        head = header(game, FH, {"target": 1000})
        plain = [item for number in range(draw(st.integers(1, 8))) for item in fh_deal(draw, number)]
    elif game == "jass":
        head = header(game, ["Ann", "Bob", "Cid", "Dan"], {"target": 5000})
        plain = [item for hand in draw(st.lists(valid_hand(), min_size=1, max_size=6)) for item in hand_entries(hand)]
    else:
        head = header(game, ["N", "E", "S", "W"], sides=SIDES)
        plain = bridge_entries(draw, draw(st.integers(1, 5)))
    items: list[dict[str, Any]] = []
    for item in plain:
        items.append(item)
        if draw(st.integers(0, 2)) == 0:  # a correction of some earlier entry, with another entry's fields
            target = draw(st.integers(1, len(items)))
            aimed = items[target - 1]
            override = draw(st.booleans())
            if aimed["type"] in ("amend", "void") or draw(st.booleans()):
                items.append({"type": "void", "target": target, "override": override})
            else:
                alike = [other for other in plain if other["type"] == aimed["type"]]
                items.append({"type": "amend", "target": target, "override": override,
                              "entry": draw(st.sampled_from(alike))})
    return head, items


def entries_of(head: Header, items: list[dict[str, Any]]) -> list[Entry]:
    return [parse_entry(head.game, {**item, "seq": n, "at": AT.isoformat()}) for n, item in enumerate(items, 1)]


def read(replayer: Replayer) -> tuple[Any, ...]:
    sheet = replayer.sheet()
    return (sheet.summary(), sheet.rejected, sheet.prompt, sheet.view, sheet.overrides,
            [(row.seq, row.text, dict(row.cells)) for row in sheet.rows])


@BOUNDED
@given(log=game_log(), every=st.integers(1, 3), data=st.data())
def test_a_correction_resumed_from_a_checkpoint_reads_as_the_whole_log_folded_again(log, every, data,
                                                                                   monkeypatch_every):
    head, items = log
    entries = entries_of(head, items)
    monkeypatch_every(10**9)
    whole = Replayer(head)
    monkeypatch_every(every)
    resumed = Replayer(head)
    for entry in entries:
        monkeypatch_every(10**9)
        expected = whole.push(entry)
        monkeypatch_every(every)
        assert resumed.push(entry) == expected
        assert read(resumed) == read(whole)
    assert_checkpoints_read_as_the_log_folded_to_them(resumed)
    # what the screens ask before a correction is logged: the same answers, and nothing changed
    target = data.draw(st.integers(1, len(entries)), label="target")
    last = {"type": "void", "target": target, "seq": len(entries) + 1, "at": AT.isoformat()}
    correction = parse_entry(head.game, last)
    before = read(resumed)
    monkeypatch_every(every)
    answers = (resumed.check(correction), resumed.knock_on(correction))
    assert read(resumed) == before
    monkeypatch_every(10**9)
    assert answers == (whole.check(correction), whole.knock_on(correction))


@BOUNDED
@given(log=game_log(), every=st.integers(1, 3))
def test_a_log_extended_in_one_go_reads_as_one_pushed_entry_by_entry(log, every, monkeypatch_every):
    """`Replayer.extend` folds plain entries in its own loop: the same sheet, refusals and checkpoints as `push`."""
    head, items = log
    entries = entries_of(head, items)
    monkeypatch_every(every)
    pushed = Replayer(head)
    for entry in entries:
        pushed.push(entry)
    extended = Replayer(head).extend(entries)
    assert read(extended) == read(pushed)
    assert [c.walked for c in extended._checkpoints] == [c.walked for c in pushed._checkpoints]
    assert extended._walk == pushed._walk and extended.state.positions == pushed.state.positions


def words(value: Any, depth: int = 0) -> str:
    """A value in words, down to the fields of objects that have no words of their own."""
    if depth > 8:
        return "…"
    if isinstance(value, (list, tuple, set, frozenset)):
        items = sorted(value, key=repr) if isinstance(value, (set, frozenset)) else value
        return f"{type(value).__name__}[{', '.join(words(item, depth + 1) for item in items)}]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key!r}: {words(item, depth + 1)}" for key, item in value.items()) + "}"
    text = repr(value)
    if " at 0x" not in text:
        return text
    names = [*getattr(value, "__dict__", {})]
    names += [name for kind in type(value).__mro__ for name in getattr(kind, "__slots__", ())
              if name not in ("__dict__", "__weakref__") and hasattr(value, name)]
    return f"{type(value).__name__}({', '.join(f'{n}={words(getattr(value, n), depth + 1)}' for n in names)})"


def state_words(state: base.State, lengths: dict[str, int]) -> dict[str, str]:
    """A state in words, field by field, its history containers cut to `lengths` (what a checkpoint reads)."""
    said = {}
    for name, value in vars(state).items():
        if name in lengths:
            value = list(value.items() if isinstance(value, dict) else value)[:lengths[name]]
        said[name] = words(value)
    return said


def assert_checkpoints_read_as_the_log_folded_to_them(replayer: Replayer) -> None:
    """The checkpoints taken (some of them, evenly spread, and the last) are the state of the log as it counts
    now, folded from the start to where each stands: nothing one shares with the live state or another
    checkpoint was changed under it."""
    taken = [checkpoint for checkpoint in replayer._checkpoints if checkpoint.state is not None]
    for checkpoint in {*taken[::max(1, len(taken) // 5)], taken[-1]}:
        fresh = replayer._fresh_state()
        replayer._fold_walk(fresh, 0, replayer.replacements, end=checkpoint.walked)
        lengths = {name: len(getattr(fresh, name)) for name in base._history_names(fresh)}
        assert lengths == checkpoint.lengths, checkpoint.walked
        assert state_words(checkpoint.state, lengths) == state_words(fresh, lengths), checkpoint.walked


def history_left_behind(replayer: Replayer, was_live: dict[str, Any]) -> int:
    """Items of the history containers the live state held before a correction (`was_live`) that checkpoints
    still hold, without reading them, once the live state holds others: what the correction left behind."""
    left = 0
    for name, container in was_live.items():
        if getattr(replayer.state, name) is container:
            continue
        read = [kept.lengths[name] for kept in replayer._checkpoints
                if kept.state is not None and getattr(kept.state, name) is container]
        if read:
            left += len(container) - max(read)
    return left


@BOUNDED
@given(log=game_log(), every=st.integers(1, 3), sparse=st.integers(1, 4), data=st.data())
def test_a_checkpoint_left_for_later_and_taken_when_needed_reads_as_one_taken_on_the_way(
        log, every, sparse, data, monkeypatch, monkeypatch_every):
    """`extend` leaves most checkpoints for later (none kept for a tail here): a correction logged after it that
    needs one takes it then, and reads as the whole log folded again; the history the live state held before
    is not kept beyond what the checkpoints before read of it, and what they share reads as it did."""
    head, items = log
    entries = entries_of(head, items)
    monkeypatch.setattr(base, "CHECKPOINT_DENSE_TAIL", 0)
    monkeypatch.setattr(base, "CHECKPOINT_SPARSE", sparse)
    monkeypatch_every(every)
    extended = Replayer(head).extend(entries)
    pushed = Replayer(head)
    for entry in entries:
        pushed.push(entry)
    assert read(extended) == read(pushed)
    for _ in range(2):  # a second correction may resume from a checkpoint the first one took
        target = data.draw(st.integers(1, len(extended.log)), label="target")
        correction = parse_entry(head.game, {"type": "void", "target": target, "override": True,
                                             "seq": len(extended.log) + 1, "at": AT.isoformat()})
        assert extended.knock_on(correction) == pushed.knock_on(correction)
        was_live = {name: getattr(extended.state, name) for name in base._history_names(extended.state)}
        assert extended.push(correction) == pushed.push(correction)
        assert read(extended) == read(pushed)
        assert history_left_behind(extended, was_live) == 0
        assert_checkpoints_read_as_the_log_folded_to_them(extended)
    assert_checkpoints_read_as_the_log_folded_to_them(pushed)


@BOUNDED
@given(log=game_log())
def test_a_rows_text_read_alone_is_the_text_of_its_words(log):
    """A summary reads only the rows' text (`Row.text` before any cell): the same text the row's words give."""
    head, items = log
    rows = Replayer(head).extend(entries_of(head, items)).sheet().rows
    alone = [row.text for row in rows]
    assert all(row._words is None for row in rows if row._describe is not None)  # nothing was put in words
    assert alone == [row._resolve()[0] for row in rows] == [row.text for row in rows]


@pytest.fixture
def monkeypatch_every(monkeypatch):
    def set_every(every: int) -> None:
        monkeypatch.setattr(base, "CHECKPOINT_EVERY", every)

    return set_every


@pytest.mark.parametrize("every", [1, 2, 3, 10**9])
def test_striking_out_a_late_revoke_gives_back_the_deal_as_first_scored(every, monkeypatch_every):
    """The revoke scores the deal again after a checkpoint was taken: the checkpoint keeps the first score."""
    monkeypatch_every(every)
    head = header("five_hundred", FH)
    items = [{"type": "deal", "dealer": "Ann"}, {"type": "contract", "player": "Bob", "call": "6S"},
             {"type": "result", "tricks": {"Bob": 8, "Ann": 1, "Cid": 1}},
             {"type": "irregularity", "kind": "revoke", "player": "Bob"}, {"type": "void", "target": 4}]
    replayer = Replayer(head)
    for entry in entries_of(head, items[:4]):
        replayer.push(entry)
    assert [row.delta["Bob"] for row in replayer.sheet().rows] == [-40]  # set for the revoke
    replayer.push(entries_of(head, items)[4])
    assert [(row.text, row.delta["Bob"]) for row in replayer.sheet().rows] == [("Bob 6♠ made", 40)]
