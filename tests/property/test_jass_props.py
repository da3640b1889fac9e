"""Jass properties: valid hands always account for 157 card points; any input is accepted or refused, never a crash."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from scorepad.log import JASS_CONTRACTS, RANKS, Header, parse_entry
from scorepad.rules import Replayer, replay
from scorepad.rules.jass import HAND_POINTS, RULES
from scorepad.rules.jass.view import HandCells, HandFigures, HandOutline
from tests.property.budget import bounded
from tests.property.read_alike import assert_read_in_one_go_as_pushed

PLAYERS = ("Ann", "Bob", "Cid", "Dan")
TEAMS = ("Ann & Cid", "Bob & Dan")
AT = "2026-11-29T20:15:00+01:00"
BOUNDED = bounded(150)


def header(rules: dict[str, Any] | None = None) -> Header:
    return Header(scorepad=1, game="jass", id="p", created=AT, players=PLAYERS, rules=rules or {})


# --------------------------------------------------------------------------- valid hands


@st.composite
def valid_hand(draw: st.DrawFn) -> dict[str, Any]:
    dealer = draw(st.integers(0, 3))
    forehand = (dealer + 1) % 4
    pushed = draw(st.booleans())
    contract = draw(st.sampled_from(JASS_CONTRACTS))
    if draw(st.booleans()):
        match = draw(st.sampled_from(TEAMS))
        other = TEAMS[1 - TEAMS.index(match)]
        points = draw(st.sampled_from([{match: HAND_POINTS}, {other: 0}, {match: HAND_POINTS, other: 0}]))
    else:
        match = None
        team = draw(st.sampled_from(TEAMS))
        x = draw(st.integers(0, HAND_POINTS))
        points = (
            {team: x} if draw(st.booleans()) else {team: x, TEAMS[1 - TEAMS.index(team)]: HAND_POINTS - x}
        )
    stoeck = draw(st.none() | st.integers(0, 3)) if contract not in ("obenabe", "undenufe") else None
    # one Weis from a player who does not hold the Stöck, on cards nobody else shows
    weis_player = draw(st.none() | st.integers(0, 3).filter(lambda p: p != stoeck))
    return {
        "dealer": PLAYERS[dealer],
        "caller": PLAYERS[(forehand + 2) % 4] if pushed else PLAYERS[forehand],
        "pushed": pushed,
        "contract": contract,
        "points": points,
        "match": match,
        "stoeck": None if stoeck is None else PLAYERS[stoeck],
        "weis": None if weis_player is None else PLAYERS[weis_player],
        "weis_length": draw(st.integers(3, 5)),
    }


def hand_entries(hand: dict[str, Any]) -> list[dict[str, Any]]:
    entries = [
        {"type": "deal", "dealer": hand["dealer"]},
        {"type": "trump", "player": hand["caller"], "contract": hand["contract"], "pushed": hand["pushed"]},
    ]
    if hand["weis"]:
        # 10-9-8… of a suit never holds a trump king or queen, so it cannot clash with the Stöck
        melds = [{"kind": "sequence", "length": hand["weis_length"], "top": "10", "suit": "hearts"}]
        entries.append({"type": "weis", "player": hand["weis"], "melds": melds})
    if hand["stoeck"]:
        entries.append({"type": "stoeck", "player": hand["stoeck"]})
    entries.append({"type": "tricks", "points": hand["points"], "match": hand["match"]})
    return entries


@BOUNDED
@given(hands=st.lists(valid_hand(), min_size=1, max_size=6), preset=st.sampled_from(sorted(RULES.presets)))
def test_valid_hands_always_account_for_157_card_points(hands, preset):
    rules = {"preset": preset, "target": 10**6}
    entries = [entry for hand in hands for entry in hand_entries(hand)]
    log = [parse_entry("jass", {"seq": i, "at": AT, **data}) for i, data in enumerate(entries, start=1)]
    sheet = replay(header(rules), log)
    settings_ = RULES.settings(rules)
    assert not sheet.rejected, sheet.rejected
    assert len(sheet.rows) == len(hands)
    for row, hand in zip(sheet.rows, hands, strict=True):
        cards = {team: row.cells.cards[team] for team in TEAMS}
        assert sum(cards.values()) == HAND_POINTS
        mult = settings_.multipliers[hand["contract"]]
        for team in TEAMS:
            written = settings_.match_points if hand["match"] == team else cards[team]
            assert row.delta[team] == written * mult + row.cells.weis[team] + row.cells.stoeck[team]
    assert sum(sheet.totals.values()) == sum(sum(row.delta.values()) for row in sheet.rows)


def assert_figures_as_the_cells_give_them(sheet: Any) -> None:
    """Each row's HandFigures (what the statistics count) are its HandCells' Weis and Match; a hand's outline (what
    a screen lays it out by) is its cells'."""
    sides = tuple(sheet.sides)
    for row in sheet.rows:
        cells = HandCells.of(row, sides)
        assert HandFigures.of(row, sides) == HandFigures(cells.weis, cells.match)
        outline = HandOutline.of(row)
        if outline is not None:
            assert (outline.contract, outline.trump_by, outline.match) == (
                cells.contract,
                cells.trump_by,
                cells.match,
            )
            assert outline.weis_said == bool(cells.weis_verdict) and outline.stoeck == any(
                cells.stoeck.values()
            )
        else:
            assert cells.penalty or cells.claim or cells.bergpreis


@BOUNDED
@given(
    hands=st.lists(valid_hand(), min_size=1, max_size=8),
    preset=st.sampled_from(sorted(RULES.presets)),
    target=st.sampled_from([10**6, 1000, 300]),
)
def test_a_hands_figures_are_its_cells_weis_and_match(hands, preset, target):
    rules = {"preset": preset, "target": target}
    entries = [entry for hand in hands for entry in hand_entries(hand)]
    log = [parse_entry("jass", {"seq": i, "at": AT, **data}) for i, data in enumerate(entries, start=1)]
    sheet = Replayer(header(rules)).extend(log).outcome()
    assert_figures_as_the_cells_give_them(sheet)
    if target == 10**6:  # (a lower target ends the game: the hands after it are refused)
        assert len(sheet.rows) == len(hands)


# --------------------------------------------------------------------------- any input


NAMES = st.sampled_from([*PLAYERS, *TEAMS, "Zed", "", "ann"])
SMALL_INTS = (
    st.integers(0, HAND_POINTS)
    | st.integers(-500, 500)
    | st.sampled_from([0, 157, 170, 257, 10**9, -(10**9)])
)
MELD = st.fixed_dictionaries(
    {
        "kind": st.sampled_from(["sequence", "four", "pair"]),
        "length": st.integers(0, 11),
        "top": st.sampled_from([*RANKS, "5", "B"]),
        "suit": st.sampled_from(["hearts", "diamonds", "clubs", "spades", "stars"]),
        "rank": st.sampled_from([*RANKS, "2"]),
    }
).map(
    lambda m: {
        k: v
        for k, v in m.items()
        if (k in ("length", "top", "suit")) == (m["kind"] == "sequence") or k == "kind"
    }
)
PLAIN = st.one_of(
    st.fixed_dictionaries({"type": st.just("deal"), "dealer": NAMES}),
    st.fixed_dictionaries(
        {
            "type": st.just("trump"),
            "player": NAMES,
            "contract": st.sampled_from([*JASS_CONTRACTS, "notrump"]),
            "pushed": st.booleans(),
        }
    ),
    st.fixed_dictionaries({"type": st.just("weis"), "player": NAMES, "melds": st.lists(MELD, max_size=4)}),
    st.fixed_dictionaries({"type": st.just("stoeck"), "player": NAMES}),
    st.fixed_dictionaries(
        {
            "type": st.just("tricks"),
            "points": st.dictionaries(NAMES, SMALL_INTS, max_size=3),
            "match": st.none() | NAMES,
        }
    ),
    st.fixed_dictionaries(
        {
            "type": st.just("penalty"),
            "kind": st.sampled_from(
                ["uncut_deck", "misdeal", "out_of_turn", "wrong_play", "false_weis", "custom", "x"]
            ),
            "against": NAMES,
            "points": st.none() | SMALL_INTS,
            "note": st.text(max_size=5),
        }
    ),
    st.fixed_dictionaries({"type": st.just("claim"), "team": NAMES, "counted": SMALL_INTS}),
    st.fixed_dictionaries({"type": st.just("note"), "text": st.text(max_size=5)}),
)
ENTRY = st.one_of(
    PLAIN,
    st.fixed_dictionaries(
        {"type": st.just("amend"), "target": st.integers(0, 12), "entry": PLAIN, "override": st.booleans()}
    ),
    st.fixed_dictionaries({"type": st.just("void"), "target": st.integers(0, 12), "override": st.booleans()}),
)
OPENING = [
    {"type": "deal", "dealer": "Dan"},
    {"type": "trump", "player": "Ann", "contract": "spades"},
]


def feed(replayer: Replayer, data: Any) -> None:
    """Parse like the store; an entry that parses is either accepted (None) or refused with a sentence."""
    try:
        entry = parse_entry("jass", data)
    except ValidationError:
        return
    if isinstance(data, dict):
        entry = entry.model_copy(update={"seq": replayer.next_seq, "at": None})
    verdict = replayer.check(entry)
    assert verdict is None or (isinstance(verdict, str) and verdict)
    reason = replayer.push(entry)
    assert reason is None or (isinstance(reason, str) and reason)


@BOUNDED
@given(
    entries=st.lists(ENTRY, max_size=12),
    rules=st.sampled_from([{}, {"preset": "flat_1000", "target": 300, "bergpreis": True}]),
)
def test_random_entries_are_accepted_or_refused_with_a_reason(entries, rules):
    replayer = Replayer(header(rules))
    for data in [*OPENING, *entries]:
        feed(replayer, data)
    sheet = replayer.sheet()
    json.dumps(sheet.summary())
    assert sheet.status in ("in_progress", "finished")
    assert sheet.status == "in_progress" or sheet.winner in TEAMS
    assert_read_in_one_go_as_pushed(replayer)


@BOUNDED
@given(blob=st.binary(max_size=80) | st.text(max_size=80).map(str.encode))
def test_random_bytes_parse_or_raise_validation_error(blob):
    replayer = Replayer(header())
    for data in OPENING:
        feed(replayer, data)
    feed(replayer, blob)
    replayer.sheet()


@BOUNDED
@given(
    entries=st.lists(ENTRY, max_size=12),
    rules=st.sampled_from([{}, {"preset": "flat_1000", "target": 300, "bergpreis": True}]),
)
def test_any_rows_figures_are_its_cells_weis_and_match(entries, rules):
    replayer = Replayer(header(rules))
    for data in [*OPENING, *entries]:
        feed(replayer, data)
    assert_figures_as_the_cells_give_them(replayer.outcome())


# --------------------------------------------------------------------------- Weis of both teams

VALID_MELD = st.one_of(
    st.builds(
        lambda length, top, suit: {"kind": "sequence", "length": length, "top": top, "suit": suit},
        st.integers(3, 5),
        st.sampled_from(RANKS[:4]),
        st.sampled_from(["hearts", "diamonds", "clubs", "spades"]),
    ),
    st.builds(lambda rank: {"kind": "four", "rank": rank}, st.sampled_from(["J", "9", "A", "K"])),
)


@BOUNDED
@given(
    dealer=st.integers(0, 3),
    contract=st.sampled_from(JASS_CONTRACTS),
    tiebreak=st.sampled_from(["suit_ladder", "trump_then_seat"]),
    weis=st.lists(st.tuples(st.integers(0, 3), st.lists(VALID_MELD, min_size=1, max_size=2)), max_size=4),
)
def test_only_the_team_with_the_higher_weis_writes_all_of_its_weis(dealer, contract, tiebreak, weis):
    """Whoever declared what (one team alone, or both): the verdict names a team that declared, and it writes
    all of its Weis, the partner's included; a team alone always writes its own."""
    from scorepad.rules.jass import meld_points

    entries = [
        {"type": "deal", "dealer": PLAYERS[dealer]},
        {"type": "trump", "player": PLAYERS[(dealer + 1) % 4], "contract": contract, "pushed": False},
    ]
    entries += [{"type": "weis", "player": PLAYERS[player], "melds": melds} for player, melds in weis]
    replayer = Replayer(header({"weis_tiebreak": tiebreak}))
    for seq, data in enumerate(entries, start=1):
        replayer.push(
            parse_entry("jass", {"seq": seq, "at": AT, **data})
        )  # a Weis refused is simply not held
    state = replayer.state
    verdict = state.weis_verdict()
    held = {player: melds for player, (melds, _) in state.weis.items() if melds}
    teams = {state.side_of[player] for player in held}
    if not teams:
        assert (verdict.winner, verdict.points) == (None, 0)
        return
    assert verdict.winner in teams
    assert verdict.points == sum(
        meld_points(meld, state.settings)
        for player, melds in held.items()
        if state.side_of[player] == verdict.winner
        for meld in melds
    )
