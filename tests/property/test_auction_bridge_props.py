"""Auction Bridge properties: random valid rubbers keep the laws; random input never crashes the replay."""

from __future__ import annotations

from typing import Any

from hypothesis import event, given
from hypothesis import strategies as st
from pydantic import ValidationError

from scorepad.log import parse_entry
from scorepad.rules import Replayer
from scorepad.rules.auction_bridge import PASS, holdings_for, legal_calls, split_bid
from scorepad.rules.auction_bridge.view import DealCells
from tests.helpers import AT, header
from tests.property.budget import bounded
from tests.property.read_alike import assert_read_in_one_go_as_pushed

GAME = "auction_bridge"
PLAYERS = ["N", "E", "S", "W"]
SIDES = {"NS": ["N", "S"], "EW": ["E", "W"]}
BOUNDED = bounded(60)


def new_replayer() -> Replayer:
    return Replayer(header(GAME, PLAYERS, sides=SIDES))


def push(replayer: Replayer, data: dict[str, Any]) -> str | None:
    entry = parse_entry(GAME, {**data, "seq": replayer.next_seq, "at": AT.isoformat()})
    return replayer.push(entry)


def play_deal(replayer: Replayer, draw: Any) -> None:
    """One deal: `deal` (sometimes left out), calls drawn from the legal ones, a legal result."""
    state = replayer.state
    if draw(st.booleans()):
        assert push(replayer, {"type": "deal", "dealer": state.next_dealer()}) is None
    while replayer.state.current is None or replayer.state.current.contract is None:
        state = replayer.state
        calls = legal_calls(state)
        player = state.current.auction.turn if state.current else state.next_dealer()
        others = [c for c in calls if c != PASS]
        if not others or (PASS in calls and draw(st.integers(0, 2)) > 0):
            call = PASS
        else:
            call = draw(st.sampled_from(others))
        assert push(replayer, {"type": "bid", "player": player, "call": call}) is None
    contract = replayer.state.current.contract
    strain = split_bid(contract.call)[1]
    held = st.fixed_dictionaries(
        {"side": st.sampled_from(list(SIDES)), "holding": st.sampled_from(holdings_for(strain))}
    )
    # a trump declaration always has honours (one side holds 3+ of the five); at no trump the aces may split 2–2
    honours = draw(st.none() | held if strain == "NT" else held)
    tricks = draw(st.integers(0, 13))
    assert push(replayer, {"type": "result", "tricks": tricks, "honours": honours}) is None


@BOUNDED
@given(st.data())
def test_random_valid_rubbers_keep_the_laws(data):
    replayer = new_replayer()
    for _ in range(data.draw(st.integers(1, 14), label="deals")):
        if replayer.state.rubber is not None:
            break
        play_deal(replayer, data.draw)
    sheet = replayer.sheet()
    summary = sheet.summary()
    assert summary["rejected"] == []

    for row in sheet.rows:  # only the declarer's side scores below the line
        cells = row.cells
        assert isinstance(cells, DealCells)
        other = next(s for s in SIDES if s != cells.side)
        assert cells.trick[other] == 0
        assert cells.trick[cells.side] >= 0

    games = summary["games"]
    event(f"rubber finished: {sheet.finished}")
    assert max(games.values()) <= 2
    assert (sheet.status == "finished") == (max(games.values()) == 2)
    if sheet.finished:
        assert sheet.rows[-1].cells.rubber_over  # the rubber ends on the deal that wins the second game
        assert summary["rubber"]["size"] == abs(summary["totals"]["NS"] - summary["totals"]["EW"])
    game_numbers = [row.cells.game for row in sheet.rows]
    assert game_numbers == sorted(game_numbers) and all(1 <= g <= 3 for g in game_numbers)
    won = [row.cells.won_game for row in sheet.rows if row.cells.won_game]
    assert {side: won.count(side) for side in SIDES} == games

    for side in SIDES:
        bonus = sum(row.cells.bonus[side] for row in sheet.rows)
        assert summary["totals"][side] == summary["trick_score"][side] + summary["honour_score"][side] + bonus
        assert sheet.view.score.bonus[side] == bonus  # the pad's rubber bonus is the rows'


NAMES = st.sampled_from([*PLAYERS, "X", ""])
SIDE_NAMES = st.sampled_from([*SIDES, "X"])
CALLS = st.sampled_from(["pass", "double", "redouble", "1S", "3H", "7NT", "2R", "8H", "1X", ""])
HOLDINGS = st.sampled_from([*holdings_for("H"), *holdings_for("NT"), "6"])
PLAIN = st.one_of(
    st.fixed_dictionaries({"type": st.just("deal"), "dealer": NAMES}),
    st.fixed_dictionaries({"type": st.just("bid"), "player": NAMES, "call": CALLS}),
    st.fixed_dictionaries(
        {
            "type": st.just("contract"),
            "player": NAMES,
            "call": CALLS,
            "double": st.sampled_from(["none", "doubled", "redoubled", "x"]),
            "dealers_one_spade": st.booleans(),
        }
    ),
    st.fixed_dictionaries(
        {
            "type": st.just("result"),
            "tricks": st.integers(-2, 15),
            "honours": st.none() | st.fixed_dictionaries({"side": SIDE_NAMES, "holding": HOLDINGS}),
            "revoke": st.none()
            | st.fixed_dictionaries(
                {"side": SIDE_NAMES, "choice": st.sampled_from([None, "points", "tricks"])}
            ),
            "chicane": st.none() | st.fixed_dictionaries({"side": SIDE_NAMES, "double": st.booleans()}),
        }
    ),
    st.fixed_dictionaries({"type": st.just("agree")}),
    st.fixed_dictionaries({"type": st.just("stop"), "reason": st.text(max_size=5)}),
    st.fixed_dictionaries({"type": st.just("note"), "text": st.text(max_size=5)}),
    st.fixed_dictionaries({"type": st.sampled_from(["trump", "weis", "bogus"])}),
)
ENTRY = st.one_of(
    PLAIN,
    st.builds(
        lambda target, entry, override: {
            "type": "amend",
            "target": target,
            "entry": entry,
            "override": override,
        },
        st.integers(1, 40),
        PLAIN,
        st.booleans(),
    ),
    st.builds(
        lambda target, override: {"type": "void", "target": target, "override": override},
        st.integers(1, 40),
        st.booleans(),
    ),
)


def feed(replayer: Replayer, data: dict[str, Any] | bytes) -> None:
    """Parse (the only place an exception is allowed: ValidationError), then check and push."""
    try:
        if isinstance(data, bytes):
            entry = parse_entry(GAME, data)
        else:
            entry = parse_entry(GAME, {**data, "seq": replayer.next_seq, "at": AT.isoformat()})
    except ValidationError:
        return
    if entry.seq is None or entry.seq != replayer.next_seq:
        entry = entry.model_copy(update={"seq": replayer.next_seq})
    verdict = replayer.check(entry)
    assert verdict is None or (isinstance(verdict, str) and verdict)
    pushed = replayer.push(entry)
    assert pushed is None or (isinstance(pushed, str) and pushed)


@BOUNDED
@given(st.lists(ENTRY, max_size=40))
def test_random_entries_are_accepted_or_refused_with_a_reason(items):
    replayer = new_replayer()
    for item in items:
        feed(replayer, item)
    summary = replayer.sheet().summary()
    assert all(r["reason"] for r in summary["rejected"])
    assert set(summary["totals"]) == set(SIDES)
    assert_read_in_one_go_as_pushed(replayer)


@BOUNDED
@given(st.lists(st.binary(max_size=80) | st.text(max_size=80).map(str.encode), max_size=20))
def test_random_bytes_never_crash(lines):
    replayer = new_replayer()
    for line in lines:
        feed(replayer, line)
    replayer.sheet().summary()


@BOUNDED
@given(st.data())
def test_random_corrections_of_a_valid_rubber_never_crash(data):
    replayer = new_replayer()
    for _ in range(data.draw(st.integers(1, 6))):
        if replayer.state.rubber is None:
            play_deal(replayer, data.draw)
    for item in data.draw(st.lists(ENTRY, max_size=8)):
        feed(replayer, item)
    summary = replayer.sheet().summary()
    assert all(r["reason"] for r in summary["rejected"])


# ---------------------------------------------------------------- the quick checks agree with the laws in full

_NAMES = [*PLAYERS, "Zed"]
_CALLS = [
    "pass",
    "pass",
    "pass",
    "double",
    "redouble",
    "1S",
    "1C",
    "2S",
    "1NT",
    "2R",
    "3H",
    "3S",
    "4D",
    "7NT",
]


def _entry_strategy(state: Any) -> Any:
    """An entry a table (or a hand-edited file) might log next: mostly the expected one, often not."""
    current = state.current
    turn = current.auction.turn if current else state.next_dealer()
    honours = st.none() | st.fixed_dictionaries(
        {
            "side": st.sampled_from([*SIDES, "XY"]),
            "holding": st.sampled_from(
                [
                    "3",
                    "4",
                    "5",
                    "4_one_hand",
                    "4_one_hand_5th_partner",
                    "5_one_hand",
                    "3_aces",
                    "4_aces",
                    "4_aces_one_hand",
                ]
            ),
        }
    )
    revoke = st.none() | st.fixed_dictionaries(
        {"side": st.sampled_from(list(SIDES)), "choice": st.sampled_from([None, "points", "tricks"])}
    )
    chicane = st.none() | st.fixed_dictionaries(
        {"side": st.sampled_from(list(SIDES)), "double": st.booleans()}
    )
    player = st.sampled_from([turn, turn, turn, *_NAMES])
    return st.one_of(
        st.fixed_dictionaries({"type": st.just("bid"), "player": player, "call": st.sampled_from(_CALLS)}),
        st.fixed_dictionaries({"type": st.just("deal"), "dealer": player}),
        st.fixed_dictionaries(
            {
                "type": st.just("contract"),
                "player": player,
                "call": st.sampled_from(_CALLS[5:]),
                "double": st.sampled_from(["none", "doubled", "redoubled"]),
                "dealers_one_spade": st.booleans(),
            }
        ),
        st.fixed_dictionaries(
            {
                "type": st.just("result"),
                "tricks": st.integers(-1, 14),
                "honours": honours,
                "revoke": revoke,
                "chicane": chicane,
            }
        ),
        st.fixed_dictionaries({"type": st.sampled_from(["stop", "agree"])}),
        st.fixed_dictionaries(
            {
                "type": st.just("rename"),
                "player": st.sampled_from(PLAYERS),
                "new_name": st.sampled_from(["Nora", "Eve", "S"]),
            }
        ),
    )


@bounded(40)
@given(st.data(), st.sampled_from([{}, {"chicane": True}, {"games_to_win": 3, "chicane": True}]))
def test_the_scores_kept_are_the_laws(data, rules):
    """Any entry at any moment, accepted or refused: a deal scored scores what score_deal gives it."""
    from scorepad.log import ABResult
    from scorepad.rules.auction_bridge import Outcome, score_deal

    replayer = Replayer(header(GAME, PLAYERS, sides=SIDES, rules=rules))
    for _ in range(data.draw(st.integers(1, 50), label="entries")):
        state = replayer.state
        item = data.draw(_entry_strategy(state))
        entry = parse_entry(GAME, {**item, "seq": replayer.next_seq, "at": AT.isoformat()})
        contract = state.current.contract if state.current else None
        if replayer.push(entry) is None and isinstance(entry, ABResult):
            assert contract is not None
            declarers = replayer.state.side_of[contract.declarer]
            outcome = Outcome(
                entry.tricks,
                entry.honours and (entry.honours.side, entry.honours.holding),
                entry.revoke and (entry.revoke.side, entry.revoke.choice),
                entry.chicane and (entry.chicane.side, entry.chicane.double),
            )
            fresh = score_deal(
                contract, declarers, replayer.state.other_side(declarers), outcome, replayer.settings
            )
            cells = replayer.state.rows[-1].cells
            assert (dict(cells.trick), dict(cells.honour), cells.made, cells.over_under) == (
                fresh.trick,
                fresh.honour,
                fresh.made,
                fresh.over_under,
            )
            assert dict(replayer.state.rows[-1].delta) == {
                side: fresh.total(side)
                + int(
                    cells.won_game == side
                    and replayer.state.rubber is not None
                    and replayer.state.rubber.games_winner == side
                )
                * 250
                for side in SIDES
            }
