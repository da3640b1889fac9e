"""Five Hundred properties: random games score by the schedule; random input is accepted or refused, never crashes."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from scorepad.log import ENTRY_ADAPTERS, parse_entry
from scorepad.rules import Replayer
from scorepad.rules.five_hundred.view import DealCells, DealFigures, FiveHundredView
from tests.helpers import AT, header
from tests.property.budget import bounded
from tests.property.read_alike import assert_read_in_one_go_as_pushed

THREE = ["Ann", "Bob", "Cid"]
FOUR = ["N", "E", "S", "W"]
BOUNDED = bounded(100)

# The rules file's tables, written out here so the check does not lean on the module under test.
BASES = {"S": 40, "C": 60, "D": 80, "H": 100, "NT": 120}


def schedule_value(call: str, rules: dict[str, Any]) -> int:
    if call == "nullo":
        return 250
    if call == "open_nullo":
        return 500
    tricks, strain = (
        int(call[:-2] if call.endswith("NT") else call[:-1]),
        call[-2:] if call.endswith("NT") else call[-1],
    )
    if rules.get("schedule") == "original":
        return BASES[strain] * (tricks - 5)
    return BASES[strain] + 100 * (tricks - 6)


RULE_SETS = st.fixed_dictionaries(
    {},
    optional={
        "schedule": st.sampled_from(["avondale", "original"]),
        "slam_bonus": st.booleans(),
        "defenders_score": st.sampled_from(["always", "never", "when_set"]),
        "defenders_cap": st.booleans(),
        "nullo": st.booleans(),
        "failed_nullo_opponents": st.sampled_from(["per_trick", "nothing"]),
        "all_pass": st.sampled_from(["redeal", "no_trump"]),
    },
)


def expected_delta(
    rules: dict[str, Any],
    view: FiveHundredView,
    tricks: dict[str, int],
    sides: dict[str, Any],
    before: dict[str, int],
) -> dict[str, int]:
    """The rules file's "Scoring one deal", from scratch."""
    cap = rules.get("defenders_cap", False)
    call, contracting = view.contract, view.contractor_side
    if call is None:  # all passed, played at no trump: 10 a trick each
        delta = {side: 10 * tricks[side] for side in sides}
        opponents = list(sides)
    else:
        value = schedule_value(call, rules)
        taken = tricks[contracting]
        opponents = [side for side in sides if side != contracting]
        delta = {}
        if call in ("nullo", "open_nullo"):
            made = taken == 0
            delta[contracting] = value if made else -value
            pays = not made and rules.get("failed_nullo_opponents", "per_trick") == "per_trick"
            for side in opponents:
                delta[side] = 10 * taken if pays else 0
        else:
            made = taken >= int(call[:-2] if call.endswith("NT") else call[:-1])
            if not made:
                delta[contracting] = -value
            elif taken == 10 and rules.get("slam_bonus", True):
                delta[contracting] = max(value, 250)
            else:
                delta[contracting] = value
            how = rules.get("defenders_score", "always")
            scores = how == "always" or (how == "when_set" and not made)
            for side in opponents:
                delta[side] = 10 * tricks[side] if scores else 0
    if cap:
        for side in opponents:
            if delta[side] > 0:
                delta[side] = max(0, min(delta[side], 490 - before[side]))
    return delta


def push(replayer: Replayer, type: str, **fields: Any) -> str | None:
    entry = parse_entry(
        "five_hundred", {"type": type, "seq": replayer.next_seq, "at": AT.isoformat(), **fields}
    )
    return replayer.push(entry)


def assert_figures_as_the_cells_give_them(replayer: Replayer) -> None:
    """The log replayed afresh: each row's DealFigures (what the statistics count) are its DealCells' call,
    outcome and contracting side."""
    sheet = Replayer(replayer.header).extend(replayer.log).outcome()
    sides = tuple(sheet.sides)
    for row in sheet.rows:
        cells = DealCells.of(row, sides)
        assert DealFigures.of(row) == DealFigures(cells.call, cells.outcome, cells.contractor_side)


@BOUNDED
@given(data=st.data(), players=st.sampled_from([THREE, FOUR]), rules=RULE_SETS)
def test_random_games_score_every_deal_by_the_schedule(data, players, rules):
    replayer = Replayer(header("five_hundred", players, rules))
    sides = dict(replayer.sheet().sides)
    for _ in range(data.draw(st.integers(1, 6), label="deals")):
        sheet = replayer.sheet()
        if sheet.finished or sheet.questions:
            break
        calls = 0
        while replayer.sheet().view.phase == "auction" or calls == 0:
            view = replayer.sheet().view
            call = data.draw(st.one_of(st.just("pass"), st.sampled_from(view.legal_calls)), label="call")
            assert push(replayer, "bid", player=view.to_bid, call=call) is None
            calls += 1
        view = replayer.sheet().view
        if view.phase != "play":
            assert view.phase == "deal" and view.last_thrown_in == "all passed"  # all passed, thrown in
            continue
        counts = data.draw(
            st.lists(st.integers(0, 10), min_size=len(sides), max_size=len(sides)), label="tricks"
        )
        tricks = dict(zip(sides, _to_ten(counts), strict=True))
        before = dict(replayer.sheet().totals)
        assert push(replayer, "result", tricks=tricks) is None
        sheet = replayer.sheet()
        row = sheet.rows[-1]
        assert dict(row.delta) == expected_delta(rules, view, tricks, sides, before)
        assert all(sheet.totals[s] == before[s] + row.delta[s] for s in sides)
    sheet = replayer.sheet()
    assert sheet.rejected == ()
    assert all(sum(row.delta[s] for row in sheet.rows) == sheet.totals[s] for s in sides)
    assert_figures_as_the_cells_give_them(replayer)


def _to_ten(counts: list[int]) -> list[int]:
    """Any list of counts, squeezed to sum to exactly 10 tricks."""
    out, left = [], 10
    for count in counts[:-1]:
        take = min(count, left)
        out.append(take)
        left -= take
    return [*out, left]


# ---------------------------------------------------------------------------------------------- robustness

JUNK = st.sampled_from(["Zed", "", "N & S", "E & W", "ann"])
CALLS = st.sampled_from(
    ["pass", "6S", "7H", "8S", "8C", "10D", "10H", "10NT", "nullo", "open_nullo", "11S", "7X"]
)
KINDS = st.sampled_from(["revoke", "wrong_cards", "bid_out_of_turn", "redeal", "x"])


def _tricks(sides: list[str]) -> st.SearchStrategy[dict[str, int]]:
    plausible = st.lists(st.integers(0, 10), min_size=len(sides), max_size=len(sides)).map(
        lambda counts: dict(zip(sides, _to_ten(counts), strict=True))
    )
    return st.one_of(
        plausible,
        plausible,
        st.dictionaries(st.one_of(st.sampled_from(sides), JUNK), st.integers(-3, 12), max_size=4),
    )


def _plain(players: list[str], sides: list[str]) -> st.SearchStrategy[dict[str, Any]]:
    """Entries of every type, mostly naming real players and sides, sometimes not."""
    who = st.one_of(st.sampled_from(players), st.sampled_from(players), JUNK)
    side = st.one_of(st.sampled_from(sides), JUNK)
    return st.one_of(
        st.fixed_dictionaries({"type": st.just("deal"), "dealer": who}),
        st.fixed_dictionaries({"type": st.just("bid"), "player": who, "call": CALLS}),
        st.fixed_dictionaries({"type": st.just("contract"), "player": who, "call": CALLS}),
        st.fixed_dictionaries(
            {"type": st.just("result"), "tricks": _tricks(sides)},
            optional={
                "partner": who,
                "card_points": st.dictionaries(side, st.integers(-10, 400), max_size=3),
                "first_to_target": side,
                "trick_winners": st.lists(who, min_size=9, max_size=11),
            },
        ),
        st.fixed_dictionaries({"type": st.just("irregularity"), "player": who, "kind": KINDS}),
        st.fixed_dictionaries({"type": st.just("claim"), "player": who, "upheld": st.booleans()}),
        st.fixed_dictionaries({"type": st.just("note"), "text": st.text(max_size=5)}),
        st.fixed_dictionaries({"type": st.just("rename"), "player": who, "new_name": JUNK}),
        st.dictionaries(
            st.sampled_from(["type", "player", "call", "x"]),
            st.one_of(st.integers(), st.text(max_size=3)),
            max_size=3,
        ),
    )


def _entry(players: list[str], sides: list[str]) -> st.SearchStrategy[dict[str, Any]]:
    plain = _plain(players, sides)
    return st.one_of(
        plain,
        plain,
        st.fixed_dictionaries(
            {
                "type": st.just("amend"),
                "target": st.integers(0, 40),
                "entry": plain,
                "override": st.booleans(),
            }
        ),
        st.fixed_dictionaries(
            {"type": st.just("void"), "target": st.integers(0, 40), "override": st.booleans()}
        ),
    )


def _in_turn(view: FiveHundredView) -> st.SearchStrategy[dict[str, Any]]:
    """The entry the table would most likely make now, so random logs get deep into the game."""
    if view.to_bid and view.legal_calls:
        return st.fixed_dictionaries(
            {
                "type": st.just("bid"),
                "player": st.just(view.to_bid),
                "call": st.one_of(st.just("pass"), st.sampled_from(view.legal_calls)),
            }
        )
    return st.nothing()


@BOUNDED
@given(data=st.data(), players=st.sampled_from([THREE, FOUR]), rules=RULE_SETS)
def test_random_entries_are_accepted_or_refused_with_a_reason(data, players, rules):
    replayer = Replayer(header("five_hundred", players, rules))
    sides = list(replayer.sheet().sides)
    for _ in range(data.draw(st.integers(0, 40), label="length")):
        view = replayer.sheet().view
        raw = data.draw(st.one_of(_in_turn(view), _entry(players, sides)), label="entry")
        item = {**raw, "seq": replayer.next_seq, "at": AT.isoformat()}
        try:
            entry = parse_entry("five_hundred", item)
        except ValidationError:
            continue
        verdict = replayer.check(entry)
        assert verdict is None or (isinstance(verdict, str) and verdict)
        reason = replayer.push(entry)
        assert reason is None or (isinstance(reason, str) and reason)
        if entry.type not in ("amend", "void"):
            assert reason == verdict  # check() predicts push()
        sheet = replayer.sheet()
        sheet.summary()
        assert sheet.prompt
    sheet = replayer.sheet()
    assert all(sum(row.delta[s] for row in sheet.rows) == sheet.totals[s] for s in sheet.sides)
    assert sheet.status == "in_progress" or sheet.result
    # the same log replayed at once reads the same, though its rows are put in words only now (after any renames)
    assert Replayer(replayer.header).extend(replayer.log).sheet().summary() == sheet.summary()
    assert_read_in_one_go_as_pushed(replayer)
    assert_figures_as_the_cells_give_them(replayer)


@BOUNDED
@given(raw=st.binary(max_size=200))
def test_random_bytes_parse_or_raise_validation_error(raw):
    try:
        entry = ENTRY_ADAPTERS["five_hundred"].validate_json(raw)
    except ValidationError:
        return
    Replayer(header("five_hundred", THREE)).push(entry)


@BOUNDED
@given(item=_entry(THREE, THREE))
def test_random_json_lines_parse_or_raise_validation_error(item):
    import json

    try:
        entry = ENTRY_ADAPTERS["five_hundred"].validate_json(json.dumps({**item, "seq": 1}))
    except ValidationError:
        return
    reason = Replayer(header("five_hundred", THREE)).push(entry)
    assert reason is None or reason
