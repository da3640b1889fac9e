"""Jass (Schieber): every rule of /work/shared/rules/jass.md, its worked examples and the correction window."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from pydantic import ValidationError

from scorepad.log import Header, parse_entry
from scorepad.rules import Replayer, replay, rules_for
from scorepad.rules.jass import (
    HAND_POINTS,
    PRESETS,
    RULES,
    Settings,
    card_label,
    contract_label,
    describe_meld,
    melds_problem,
    other_team_points,
    parse_contract,
    sequence_problem,
    tafel,
)

PLAYERS = ("Ann", "Bob", "Cid", "Dan")
A, B = "Ann & Cid", "Bob & Dan"  # default teams: seats 1+3 and 2+4
AT = "2026-11-29T20:15:00+01:00"


def seq(length: int, top: str, suit: str) -> dict[str, Any]:
    return {"kind": "sequence", "length": length, "top": top, "suit": suit}


def four(rank: str) -> dict[str, Any]:
    return {"kind": "four", "rank": rank}


class Log:
    """A game log under construction: assigns seq/at, parses every line like the store would."""

    def __init__(self, rules: dict[str, Any] | None = None, sides: dict[str, tuple[str, ...]] | None = None):
        self.header = Header(
            scorepad=1, game="jass", id="t1", created=AT, players=PLAYERS, sides=sides, rules=rules or {}
        )
        self.entries: list[Any] = []

    def add(self, **data: Any) -> int:
        number = len(self.entries) + 1
        self.entries.append(parse_entry("jass", {"seq": number, "at": AT, **data}))
        return number

    def deal(self, dealer: str) -> int:
        return self.add(type="deal", dealer=dealer)

    def trump(self, player: str, contract: str, pushed: bool = False) -> int:
        return self.add(type="trump", player=player, contract=contract, pushed=pushed)

    def weis(self, player: str, *melds: dict[str, Any]) -> int:
        return self.add(type="weis", player=player, melds=list(melds))

    def stoeck(self, player: str) -> int:
        return self.add(type="stoeck", player=player)

    def tricks(self, points: dict[str, int], match: str | None = None) -> int:
        return self.add(type="tricks", points=points, match=match)

    def penalty(self, kind: str, against: str, points: int | None = None, note: str = "") -> int:
        return self.add(type="penalty", kind=kind, against=against, points=points, note=note)

    def claim(self, team: str, counted: int) -> int:
        return self.add(type="claim", team=team, counted=counted)

    def amend(self, target: int, entry: dict[str, Any], override: bool = False) -> int:
        return self.add(type="amend", target=target, entry=entry, override=override)

    def void(self, target: int, override: bool = False) -> int:
        return self.add(type="void", target=target, override=override)

    def hand(
        self, contract: str, points: dict[str, int], dealer: str = "Dan", match: str | None = None
    ) -> int:
        """A plain hand: the player after `dealer` names `contract`; returns the tricks entry's seq."""
        self.deal(dealer)
        self.trump(PLAYERS[(PLAYERS.index(dealer) + 1) % 4], contract)
        return self.tricks(points, match)

    def start_with(self, a: int, b: int) -> None:
        """Bring the totals to a, b with custom corrections (not multiplied, count when logged)."""
        if a:
            self.penalty("custom", B, a, note="carried over")
        if b:
            self.penalty("custom", A, b, note="carried over")

    def sheet(self):
        return replay(self.header, self.entries)

    def check(self, **data: Any) -> str | None:
        replayer = Replayer(self.header).extend(self.entries)
        return replayer.check(parse_entry("jass", data))


def last_rejection(log: Log) -> str:
    sheet = log.sheet()
    assert sheet.rejected, "expected the last entry to be refused"
    assert sheet.rejected[-1].seq == len(log.entries)
    return sheet.rejected[-1].reason


# --------------------------------------------------------------------------- worked examples


def test_example_1_flat_1000_hearts_other_team_gets_157_minus_x():
    log = Log({"preset": "flat_1000"})
    log.hand("hearts", {A: 97})
    sheet = log.sheet()
    row = sheet.rows[-1]
    assert dict(row.delta) == {A: 97, B: 60}
    assert row.cells.cards[A] == 97 and row.cells.cards[B] == 60
    assert dict(sheet.totals) == {A: 97, B: 60}


def test_example_2_spades_doubles_cards_weis_and_stoeck():
    log = Log()
    log.deal("Dan")
    log.trump("Ann", "spades")
    log.weis("Bob", seq(4, "10", "hearts"))
    log.stoeck("Bob")
    log.tricks({A: 97})
    row = log.sheet().rows[-1]
    assert dict(row.delta) == {A: 194, B: 260}  # B: (60 + 50 + 20) × 2
    assert row.cells.weis[B] == 100 and row.cells.stoeck[B] == 40
    assert row.cells.contract == "♠ spades ×2"


def test_example_3_obenabe_match_is_771_and_the_losers_winning_weis_counts():
    log = Log()
    log.deal("Dan")
    log.trump("Ann", "obenabe")
    log.weis("Bob", seq(4, "10", "hearts"))
    log.tricks({A: 157}, match=A)
    row = log.sheet().rows[-1]
    assert dict(row.delta) == {A: 771, B: 150}
    assert row.cells.match == A
    assert "Match" in row.text


def test_example_4_five_sequence_beats_four_kings_on_cards_and_team_writes_all_its_weis():
    log = Log()
    log.deal("Dan")
    log.trump("Ann", "hearts")
    log.weis("Ann", four("K"))
    log.weis("Bob", seq(5, "10", "clubs"), seq(3, "J", "hearts"))
    log.tricks({A: 80})
    row = log.sheet().rows[-1]
    assert row.cells.weis[B] == 120 and row.cells.weis[A] == 0
    assert row.cells.weis_verdict == "Weis: Bob's five to the 10♣ beats Ann's four Kings (more cards)"
    assert dict(row.delta) == {A: 80, B: 77 + 120}


def test_example_5_suit_ladder_diamonds_beat_spades():
    log = Log()
    log.deal("Dan")
    log.trump("Ann", "spades")
    log.weis("Ann", seq(3, "9", "spades"))
    log.weis("Bob", seq(3, "9", "diamonds"))
    log.tricks({A: 80})
    row = log.sheet().rows[-1]
    assert row.cells.weis[B] == 40 and row.cells.weis[A] == 0
    assert row.cells.weis_verdict.endswith("(♦ ranks above ♠)")


@pytest.mark.parametrize(
    ("higher", "lower"), [("hearts", "diamonds"), ("diamonds", "clubs"), ("clubs", "spades")]
)
def test_the_suit_ladder_hearts_diamonds_clubs_spades(higher, lower):
    symbols = {"hearts": "♥", "diamonds": "♦", "clubs": "♣", "spades": "♠"}
    for ann, bob, winner in ((higher, lower, A), (lower, higher, B)):
        log = Log()
        log.deal("Dan")
        log.trump("Ann", "obenabe")  # no trump suit: only the ladder parts equal sequences
        log.weis("Ann", seq(3, "9", ann))
        log.weis("Bob", seq(3, "9", bob))
        log.tricks({A: 80})
        row = log.sheet().rows[-1]
        loser = B if winner == A else A
        assert row.cells.weis[winner] > 0 and row.cells.weis[loser] == 0
        assert row.cells.weis_verdict.endswith(f"({symbols[higher]} ranks above {symbols[lower]})")


def test_example_5_trump_then_seat_the_weis_in_trump_wins():
    log = Log({"weis_tiebreak": "trump_then_seat"})
    log.deal("Dan")
    log.trump("Ann", "spades")
    log.weis("Ann", seq(3, "9", "spades"))
    log.weis("Bob", seq(3, "9", "diamonds"))
    log.tricks({A: 80})
    row = log.sheet().rows[-1]
    assert row.cells.weis[A] == 40 and row.cells.weis[B] == 0
    assert row.cells.weis_verdict == "Weis: Ann's three to the 9♠ beats Bob's three to the 9♦ (in trump)"


def example_6(count_order: str = "stoeck_weis_tricks", b_stoeck: bool = False) -> Any:
    log = Log({"count_order": count_order})
    log.start_with(2410, 2460)
    log.deal("Dan")
    log.trump("Ann", "clubs")
    log.weis("Ann", seq(4, "10", "hearts"))
    if b_stoeck:
        log.stoeck("Bob")
    log.tricks({A: 30})  # A +60 stays short on its own; B: 127 card points, ×2 = 254 -> past 2500
    return log.sheet()


def test_example_6_weis_count_before_tricks_so_a_wins():
    sheet = example_6()
    assert sheet.status == "finished" and sheet.winner == A
    assert dict(sheet.totals) == {A: 2410 + 100 + 60, B: 2460 + 254}  # the hand is written in full
    assert "Weis count first (Stöck – Wys – Stich)" in sheet.result


def test_example_6_stoeck_count_first_so_b_wins():
    sheet = example_6(b_stoeck=True)
    assert sheet.winner == B
    assert dict(sheet.totals) == {A: 2410 + 100 + 60, B: 2460 + 40 + 254}
    assert "Stöck count first" in sheet.result


def test_count_order_stoeck_tricks_weis_lets_the_tricks_win():
    sheet = example_6(count_order="stoeck_tricks_weis")
    assert sheet.winner == B
    assert "tricks count first (Stöck – Stich – Wys)" in sheet.result


def test_a_single_team_reaching_the_target_wins_with_a_plain_sentence():
    log = Log({"preset": "flat_1000"})
    log.start_with(950, 0)
    log.hand("hearts", {A: 60})
    sheet = log.sheet()
    assert sheet.winner == A
    assert sheet.result == f"{A} win: 1010 reaches 1000 in hand 1"


# --------------------------------------------------------------------------- presets and settings


@pytest.mark.parametrize(
    ("preset", "target", "mults"),
    [
        ("classic_2500", 2500, (1, 1, 2, 2, 3, 3)),
        ("flat_1000", 1000, (1, 1, 1, 1, 1, 1)),
        ("srf_1000", 1000, (1, 1, 2, 2, 3, 3)),
        ("parlett_3000", 3000, (1, 1, 2, 2, 3, 4)),
    ],
)
def test_each_preset_sets_target_and_multiplies_each_contract(preset, target, mults):
    contracts = ("hearts", "diamonds", "clubs", "spades", "obenabe", "undenufe")
    log = Log({"preset": preset})
    for contract in contracts:
        log.hand(contract, {A: 100})
    sheet = log.sheet()
    assert RULES.settings({"preset": preset}).target == target
    assert [row.delta[A] for row in sheet.rows] == [100 * m for m in mults]
    assert [row.delta[B] for row in sheet.rows] == [57 * m for m in mults]
    assert [row.cells.multiplier for row in sheet.rows] == list(mults)


def test_default_ruleset_is_classic_2500_with_source_penalties():
    settings = RULES.settings({})
    assert settings.preset == "classic_2500" and settings.target == 2500
    assert settings.multipliers == PRESETS["classic_2500"]["multipliers"]
    assert settings.penalties == {
        "uncut_deck": 50,
        "misdeal": 100,
        "out_of_turn": 20,
        "wrong_play": 100,
        "false_weis": 50,
    }
    assert settings.match_points == 257 and settings.stoeck_points == 20
    assert settings.sequence_points == {3: 20, 4: 50, 5: 100, 6: 150, 7: 200, 8: 250, 9: 300}
    assert (
        settings.four_points["J"] == 200
        and settings.four_points["9"] == 150
        and settings.four_points["A"] == 100
    )


def test_a_header_override_keeps_the_rest_of_the_presets_multipliers():
    settings = RULES.settings({"preset": "parlett_3000", "multipliers": {"hearts": 2}, "target": 2000})
    assert settings.multipliers == {**PRESETS["parlett_3000"]["multipliers"], "hearts": 2}
    assert settings.target == 2000
    partial = RULES.settings({"penalties": {"misdeal": 70}})
    assert partial.penalties["misdeal"] == 70 and partial.penalties["uncut_deck"] == 50


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        ({"multipliers": {"clubs": 0}}, "multiplier must be at least 1"),
        ({"match_points": 100}, "at least the 157 card points"),
        ({"sequence_points": {5: 40}}, "cannot be worth less"),
        ({"penalties": {"misdeal": -5}}, "negative"),
        ({"four_points": {"K": -1}}, "negative"),
        ({"colour": "red"}, "Extra inputs"),
        ({"preset": "bogus"}, "unknown preset"),
        ({"multipliers": {"notrump": 2}}, "notrump"),
    ],
)
def test_invalid_settings_raise_value_error_with_a_clear_message(rules, message):
    with pytest.raises(ValueError, match=message):
        RULES.settings(rules)


def test_every_setting_has_a_description_for_the_form():
    assert all(field.description for field in Settings.model_fields.values())


def test_match_points_setting_changes_the_match_value():
    for match_points, expected in ((157, 157), (207, 207), (257, 257)):
        log = Log({"match_points": match_points})
        log.hand("hearts", {A: 157}, match=A)
        assert log.sheet().rows[-1].delta[A] == expected


def test_all_points_without_all_tricks_is_no_match():
    log = Log()
    log.hand("hearts", {A: 157, B: 0})
    assert dict(log.sheet().rows[-1].delta) == {A: 157, B: 0}


def test_multiply_weis_and_stoeck_settings():
    log = Log({"multiply_weis": False, "multiply_stoeck": False})
    log.deal("Dan")
    log.trump("Ann", "spades")
    log.weis("Bob", seq(4, "10", "hearts"))
    log.stoeck("Bob")
    log.tricks({A: 97})
    row = log.sheet().rows[-1]
    assert dict(row.delta) == {A: 194, B: 120 + 50 + 20}


def test_stoeck_and_weis_values_are_settings():
    log = Log({"stoeck_points": 30, "sequence_points": {4: 60}, "preset": "flat_1000"})
    log.deal("Dan")
    log.trump("Ann", "hearts")
    log.weis("Bob", seq(4, "10", "clubs"))
    log.stoeck("Ann")
    log.tricks({A: 100})
    row = log.sheet().rows[-1]
    assert row.cells.weis[B] == 60 and row.cells.stoeck[A] == 30


def test_four_worth_nothing_at_this_table_is_refused():
    log = Log({"four_points": {"6": 0}})
    log.deal("Dan")
    log.trump("Ann", "hearts")
    log.weis("Ann", four("6"))
    assert last_rejection(log) == "Ann cannot declare that: four Sixes are not a Weis under this ruleset"


def test_german_suit_names_keep_the_multiplier_groups():
    settings = RULES.settings({"suit_names": "german"})
    assert [contract_label(c, "german") for c in ("hearts", "diamonds", "clubs", "spades")] == [
        "Rosen", "Eicheln", "Schellen", "Schilten",
    ]  # fmt: skip
    # Rosen and Eicheln ×1, Schellen and Schilten ×2 (the rules file's table)
    assert [settings.multipliers[c] for c in ("hearts", "diamonds", "clubs", "spades")] == [1, 1, 2, 2]
    log = Log({"suit_names": "german"})
    log.deal("Dan")
    log.trump("Ann", "clubs")
    log.weis("Ann", seq(3, "9", "spades"))
    log.weis("Bob", seq(3, "9", "diamonds"))
    log.tricks({A: 80})
    row = log.sheet().rows[-1]
    assert row.cells.contract == "Schellen ×2"
    assert row.cells.weis_verdict == (
        "Weis: Bob's three to the Eicheln 9 beats Ann's three to the Schilten 9 (Eicheln ranks above Schilten)"
    )


def test_team_labels_from_the_header_sides():
    log = Log(sides={"Us": ("Ann", "Cid"), "Them": ("Bob", "Dan")})
    log.hand("hearts", {"Us": 100})
    log.deal("Ann")
    log.trump("Bob", "hearts")
    log.tricks({A: 50})
    sheet = log.sheet()
    assert dict(sheet.totals) == {"Us": 100, "Them": 57}
    assert sheet.rejected[-1].reason.startswith(f"{A!r} is not a team: the teams are Us and Them")


def test_jass_needs_four_players():
    assert (
        rules_for("jass").check_players(("Ann", "Bob", "Cid"))
        == "Jass (Schieber) is played by 4 players, not 3"
    )
    assert rules_for("jass") is RULES


# --------------------------------------------------------------------------- deal and trump


def test_the_player_after_the_dealer_names_trump_or_pushes_to_the_partner():
    log = Log()
    log.deal("Ann")
    log.trump("Cid", "hearts")
    assert last_rejection(log) == "Bob (after the dealer Ann) names the trump, or pushes it to Dan"
    log.trump("Bob", "hearts", pushed=True)
    assert last_rejection(log) == "Bob pushed, so the partner Dan names the trump"
    log.trump("Ann", "hearts", pushed=True)
    assert last_rejection(log) == "a pushed trump is named by Dan, partner of Bob"
    log.trump("Dan", "undenufe", pushed=True)
    log.tricks({A: 57})
    row = log.sheet().rows[-1]
    assert row.cells.trump_by == "Dan (pushed)"
    assert row.cells.dealer == "Ann"


def test_trump_needs_a_deal_and_comes_once():
    log = Log()
    log.trump("Ann", "hearts")
    assert last_rejection(log) == "deal first: who deals hand 1?"
    log.deal("Dan")
    log.trump("Ann", "hearts")
    log.trump("Ann", "clubs")
    assert last_rejection(log) == "Ann already named ♥ hearts ×1 for hand 1; correct that trump to change it"


def test_a_deal_during_a_hand_in_play_is_refused_but_a_redeal_before_trump_is_not():
    log = Log()
    log.deal("Dan")
    log.deal("Dan")  # misdeal: dealt again before any trump
    log.trump("Ann", "hearts")
    log.deal("Ann")
    assert last_rejection(log).startswith("hand 1 is in play (Ann named ♥ hearts ×1)")
    log.tricks({A: 100})
    assert log.sheet().rows[-1].cells.hand == 1


def test_unknown_players_are_refused():
    log = Log()
    log.deal("Zed")
    assert last_rejection(log) == "'Zed' is not a player of this game"
    log.deal("Dan")
    log.trump("Zoe", "hearts")
    assert last_rejection(log) == "'Zoe' is not a player of this game"
    log.trump("Ann", "hearts")
    log.weis("Yul", four("K"))
    assert last_rejection(log) == "'Yul' is not a player of this game"
    log.stoeck("Xia")
    assert last_rejection(log) == "'Xia' is not a player of this game"


def test_the_forehands_partner_names_the_trump_only_when_it_is_pushed_to_him():
    log = Log()
    log.deal("Ann")  # Bob names the trump, or pushes it to Dan
    log.trump("Dan", "hearts")
    assert last_rejection(log) == "Bob (after the dealer Ann) names the trump, or pushes it to Dan"
    log.trump("Bob", "hearts")
    assert log.sheet().rejected[-1].seq == len(log.entries) - 1  # the forehand himself: it counts


def test_prompt_and_view_follow_the_hand():
    log = Log()
    assert log.sheet().prompt == "Hand 1: Ann deals first; Bob names the trump or pushes to Dan"
    log.deal("Dan")
    assert log.sheet().prompt == "Hand 1: Ann names the trump or pushes to Cid"
    log.trump("Ann", "spades")
    log.weis("Bob", seq(3, "A", "hearts"))
    sheet = log.sheet()
    assert sheet.prompt == "Hand 1, ♠ spades ×2: Weis, Stöck, then the card points"
    view = sheet.view
    assert view.dealer == "Dan" and view.forehand == "Ann" and view.trump_callers == ("Ann", "Cid")
    assert view.contract == "spades" and view.multiplier == 2
    assert view.weis == {"Bob": ("three to the A♥",)}
    assert view.weis_verdict == "Weis: Bob's three to the A♥ (no Weis against it)"
    log.tricks({A: 100})
    sheet = log.sheet()
    assert sheet.prompt == "Hand 2: Ann deals; Bob names the trump or pushes to Dan"
    assert dataclasses.asdict(sheet.view.tafel[A]) == {
        "fives": 0, "hundreds": 2, "fifties": 0, "twenties": 0, "rest": 0, "negative": False,
    }  # fmt: skip


def test_summary_has_the_design_keys_and_nothing_else_without_bergpreis():
    log = Log()
    log.hand("hearts", {A: 100})
    summary = log.sheet().summary()
    assert set(summary) == {"game", "status", "winner", "totals", "rows", "rejected", "questions"}
    assert summary["game"] == "jass" and summary["status"] == "in_progress"
    assert summary["rows"][0] == {"seq": 3, "text": "Hand 1: ♥ hearts ×1 by Ann", "delta": {A: 100, B: 57},
                                  "totals": {A: 100, B: 57}}  # fmt: skip


# --------------------------------------------------------------------------- card points


def test_170_points_are_refused_with_the_157_law():
    log = Log()
    log.deal("Dan")
    log.trump("Ann", "hearts")
    log.tricks({A: 170})
    assert last_rejection(log) == "a hand has 157 card points; 170 is more"


def test_both_teams_points_must_add_to_157():
    log = Log()
    log.deal("Dan")
    log.trump("Ann", "hearts")
    log.tricks({A: 97, B: 70})
    assert last_rejection(log) == "a hand has 157 card points: 97 + 70 is 167"
    log.tricks({A: -3})
    assert last_rejection(log) == f"card points cannot be negative ({A}: -3)"
    log.tricks({A: 97, B: 60})
    assert dict(log.sheet().rows[-1].delta) == {A: 97, B: 60}


def test_a_match_with_points_other_than_157_and_0_is_refused():
    log = Log()
    log.deal("Dan")
    log.trump("Ann", "hearts")
    log.tricks({A: 150}, match=A)
    assert (
        last_rejection(log)
        == f"a Match takes all nine tricks and all 157 card points: {A} 150, {B} 7 is not a Match"
    )
    log.tricks({B: 0}, match=A)
    assert log.sheet().rows[-1].delta[A] == 257


def test_card_points_need_a_named_trump():
    log = Log()
    log.tricks({A: 100})
    assert last_rejection(log) == "card points: no hand is in play; deal hand 1 and name its trump first"
    log.deal("Dan")
    log.tricks({A: 100})
    assert last_rejection(log) == "card points: nobody has named the trump of hand 1 yet"


def test_card_points_are_the_table_of_the_laws():
    from scorepad.rules.jass.cards import CARD_POINTS

    ranks = ("J", "9", "A", "10", "K", "Q", "8", "7", "6")  # the table's rows: Jack, Nine, Ace … Six
    columns = {
        "trump": (20, 14, 11, 10, 4, 3, 0, 0, 0),
        "plain": (2, 0, 11, 10, 4, 3, 0, 0, 0),
        "obenabe": (2, 0, 11, 10, 4, 3, 8, 0, 0),
        "undenufe": (2, 0, 0, 10, 4, 3, 8, 0, 11),
    }
    for column, values in columns.items():
        assert CARD_POINTS[column] == dict(zip(ranks, values, strict=True)), column


def test_157_is_derived_from_the_card_values_in_every_contract():
    from scorepad.rules.jass import hand_points

    assert HAND_POINTS == 157
    assert {hand_points(c) for c in ("hearts", "obenabe", "undenufe")} == {157}
    assert other_team_points(97) == 60


# --------------------------------------------------------------------------- Weis comparison


def weis_row(
    contract: str,
    ann: list[dict],
    bob: list[dict],
    rules: dict | None = None,
    dealer: str = "Dan",
    **more: list,
):
    log = Log(rules)
    log.deal(dealer)
    caller = PLAYERS[(PLAYERS.index(dealer) + 1) % 4]
    log.trump(caller, contract)
    for player, melds in (("Ann", ann), ("Bob", bob), *more.items()):
        if melds:
            log.weis(player, *melds)
    log.tricks({A: 80})
    sheet = log.sheet()
    assert not sheet.rejected, sheet.rejected
    return sheet.rows[-1]


def test_weis_more_points_wins():
    row = weis_row("hearts", [four("J")], [seq(5, "10", "clubs")])
    assert row.cells.weis[A] == 200 and row.cells.weis[B] == 0
    assert row.cells.weis_verdict == "Weis: Ann's four Jacks beats Bob's five to the 10♣ (more points)"


def test_weis_equal_points_more_cards_wins():
    row = weis_row("hearts", [four("A")], [seq(5, "10", "spades")])
    assert row.cells.weis[B] == 100
    assert row.cells.weis_verdict.endswith("(more cards)")


def test_weis_equal_cards_higher_top_card_wins():
    row = weis_row("hearts", [seq(3, "Q", "spades")], [seq(3, "K", "clubs")])
    assert row.cells.weis[B] == 20 and row.cells.weis[A] == 0
    assert (
        row.cells.weis_verdict == "Weis: Bob's three to the K♣ beats Ann's three to the Q♠ (higher top card)"
    )


def test_weis_in_undenufe_the_lower_top_card_wins():
    row = weis_row("undenufe", [seq(3, "8", "spades")], [seq(3, "K", "hearts")])
    assert row.cells.weis[A] == 60  # ×3
    assert row.cells.weis_verdict.endswith("(lower top card in Undenufe)")


def test_weis_four_aces_beat_four_kings_but_not_in_undenufe():
    assert weis_row("hearts", [four("A")], [four("K")]).cells.weis[A] == 100
    assert weis_row("undenufe", [four("A")], [four("K")]).cells.weis[B] == 300


def test_weis_trump_then_seat_without_trump_the_player_nearer_the_first_to_play_wins():
    rules = {"weis_tiebreak": "trump_then_seat"}
    row = weis_row("hearts", [seq(3, "9", "spades")], [seq(3, "9", "diamonds")], rules)
    assert row.cells.weis[A] == 20
    assert row.cells.weis_verdict.endswith("(Ann plays before Bob)")
    # Ann deals: Bob plays first, so his Weis wins
    row = weis_row("hearts", [seq(3, "9", "spades")], [seq(3, "9", "diamonds")], rules, dealer="Ann")
    assert row.cells.weis[B] == 20
    assert row.cells.weis_verdict.endswith("(Bob plays before Ann)")
    # Obenabe has no trump: the seat decides
    row = weis_row("obenabe", [seq(3, "9", "spades")], [seq(3, "9", "diamonds")], rules)
    assert row.cells.weis[A] == 60


def test_only_the_better_team_writes_weis_all_of_it_partner_included():
    row = weis_row("hearts", [four("J")], [seq(5, "10", "clubs")], Cid=[seq(3, "8", "diamonds")])
    assert row.cells.weis[A] == 220 and row.cells.weis[B] == 0
    assert dict(row.delta) == {A: 80 + 220, B: 77}


def test_partner_holds_the_better_weis_of_the_team():
    row = weis_row("hearts", [seq(3, "8", "diamonds")], [seq(4, "A", "clubs")], Cid=[seq(5, "K", "spades")])
    assert row.cells.weis[A] == 120
    assert row.cells.weis_verdict == "Weis: Cid's five to the K♠ beats Bob's four to the A♣ (more points)"


def test_stoeck_count_even_for_the_team_that_loses_the_weis():
    log = Log()
    log.deal("Dan")
    log.trump("Ann", "hearts")
    log.weis("Ann", seq(3, "9", "spades"))
    log.weis("Bob", seq(5, "A", "clubs"))
    log.stoeck("Cid")
    log.tricks({A: 80})
    row = log.sheet().rows[-1]
    assert row.cells.stoeck[A] == 20 and row.cells.weis[A] == 0
    assert dict(row.delta) == {A: 100, B: 177}


def test_stoeck_count_when_the_cards_are_also_in_a_weis():
    log = Log()
    log.deal("Dan")
    log.trump("Ann", "hearts")
    log.weis("Ann", seq(3, "K", "hearts"))
    log.stoeck("Ann")
    log.tricks({A: 80})
    assert dict(log.sheet().rows[-1].delta) == {A: 80 + 20 + 20, B: 77}


# --------------------------------------------------------------------------- impossible Weis and Stöck


def test_a_sequence_too_long_for_its_top_card_is_refused():
    assert (
        sequence_problem(4, "8") == "a sequence of 4 cannot be headed by the 8: only 3 cards run down from it"
    )
    assert sequence_problem(3, "8") is None and sequence_problem(9, "A") is None
    assert sequence_problem(10, "A") == "a sequence has 3 to 9 cards, not 10"
    assert sequence_problem(2, "A") == "a sequence has 3 to 9 cards, not 2"


def test_one_card_below_the_top_is_one_card():
    assert (
        sequence_problem(3, "6") == "a sequence of 3 cannot be headed by the 6: only 1 card runs down from it"
    )
    assert (
        sequence_problem(3, "7") == "a sequence of 3 cannot be headed by the 7: only 2 cards run down from it"
    )


def in_hand(*melds: dict[str, Any]) -> list:
    entry = parse_entry("jass", {"type": "weis", "player": "Ann", "melds": list(melds)})
    return list(entry.melds)


def test_one_players_melds_the_same_card_twice_is_refused_but_a_four_and_a_sequence_may_share():
    settings = RULES.settings({})
    assert melds_problem(in_hand(four("J"), seq(3, "K", "hearts")), settings) is None
    assert (
        melds_problem(in_hand(four("K"), four("K")), settings)
        == "four Kings twice: a hand holds each card once"
    )
    assert melds_problem(in_hand(seq(4, "A", "hearts"), seq(3, "Q", "hearts")), settings) == (
        "the Q♥ is in both the four to the A♥ and the three to the Q♥: a hand holds each card once"
    )
    assert melds_problem(in_hand(seq(3, "A", "hearts"), seq(3, "J", "hearts")), settings) == (
        "the three to the A♥ and the three to the J♥ run on into one sequence of 6: declare it as one Weis"
    )
    assert melds_problem(in_hand(seq(3, "A", "hearts"), seq(3, "10", "hearts")), settings) is None
    assert melds_problem(in_hand(seq(9, "A", "hearts"), four("K")), settings) == (
        "these melds need 12 different cards; a hand has 9"
    )


def test_an_impossible_weis_entry_is_refused_with_the_reason():
    log = Log()
    log.deal("Dan")
    log.trump("Ann", "hearts")
    log.weis("Ann", four("K"), four("K"))
    assert last_rejection(log) == "Ann cannot declare that: four Kings twice: a hand holds each card once"


def test_a_card_already_shown_in_another_players_weis_is_refused():
    log = Log()
    log.deal("Dan")
    log.trump("Ann", "spades")
    log.weis("Ann", four("K"))
    log.weis("Bob", seq(3, "A", "hearts"))
    assert last_rejection(log) == "the K♥ is in Ann's four Kings: it cannot be in Bob's hand too"


def test_a_weis_after_ones_own_stoeck_must_fit_in_nine_cards_with_the_king_and_queen_of_trumps():
    log = Log()
    log.deal("Dan")
    log.trump("Ann", "hearts")
    log.stoeck("Ann")  # K♥ Q♥
    log.weis("Ann", seq(9, "A", "clubs"))
    assert last_rejection(log) == "Ann cannot declare that: with the Stöck it needs 11 cards; a hand has 9"
    assert log.check(type="weis", player="Ann", melds=[seq(9, "A", "hearts")]) is None  # the Stöck are in it
    assert log.check(type="weis", player="Ann", melds=[seq(7, "A", "clubs")]) is None  # 7 + 2 = 9
    # another player's Weis is not counted with Ann's Stöck: Bob's eight clubs fit his own hand
    assert log.check(type="weis", player="Bob", melds=[seq(8, "A", "clubs")]) is None


def test_weis_before_trump_and_a_second_weis_of_one_player_are_refused():
    log = Log()
    log.deal("Dan")
    log.weis("Ann", four("K"))
    assert last_rejection(log) == "Weis: nobody has named the trump of hand 1 yet"
    log.trump("Ann", "hearts")
    log.weis("Ann", four("K"))
    log.weis("Ann", four("Q"))
    assert last_rejection(log) == "Ann has declared a Weis this hand already; correct it to change the melds"


@pytest.mark.parametrize("contract", ["obenabe", "undenufe"])
def test_no_stoeck_without_a_trump_suit(contract):
    log = Log()
    log.deal("Dan")
    log.trump("Ann", contract)
    log.stoeck("Ann")
    assert last_rejection(log) == (
        f"there are no Stöck in {contract.capitalize()}: Stöck are the king and queen of trumps"
    )


def test_a_second_stoeck_in_one_hand_is_refused():
    log = Log()
    log.deal("Dan")
    log.trump("Ann", "hearts")
    log.stoeck("Cid")
    log.stoeck("Bob")
    assert last_rejection(log) == (
        "Cid already has the Stöck this hand: there is one king and one queen of trumps"
    )


def test_stoeck_clashing_with_another_players_weis_is_refused():
    log = Log()
    log.deal("Dan")
    log.trump("Ann", "hearts")
    log.weis("Bob", four("Q"))
    log.stoeck("Ann")
    assert last_rejection(log) == "the Q♥ is in Bob's four Queens: it cannot be in Ann's hand too"
    log.stoeck("Bob")
    log.weis("Cid", seq(3, "K", "hearts"))
    assert last_rejection(log) == "the K♥ is in Bob's Stöck: it cannot be in Cid's hand too"


def test_stoeck_before_trump_refused():
    log = Log()
    log.deal("Dan")
    log.stoeck("Ann")
    assert last_rejection(log) == "Stöck: nobody has named the trump of hand 1 yet"


# --------------------------------------------------------------------------- penalties


@pytest.mark.parametrize(
    ("kind", "points"),
    [("uncut_deck", 50), ("misdeal", 100), ("out_of_turn", 20), ("wrong_play", 100), ("false_weis", 50)],
)
def test_each_penalty_goes_to_the_opposing_team_unmultiplied(kind, points):
    log = Log()
    log.deal("Dan")
    log.trump("Ann", "spades")  # ×2 does not touch penalties
    log.penalty(kind, A)
    row = log.sheet().rows[-1]
    assert dict(row.delta) == {A: 0, B: points}
    assert row.cells.penalty == kind and row.cells.against == A and row.cells.hand is None


def test_penalty_table_is_a_setting():
    log = Log({"penalties": {"out_of_turn": 40, "uncut_deck": 0}})
    log.penalty("out_of_turn", B)
    assert log.sheet().rows[-1].delta[A] == 40
    log.penalty("uncut_deck", B)
    assert last_rejection(log) == "this table charges nothing for deck not cut (ruleset)"


def test_custom_penalty_is_a_free_plus_or_minus_correction_with_a_note():
    log = Log()
    log.penalty("custom", A, 30, note="forgot a Weis")
    log.penalty("custom", A, -10, note="over-counted")
    sheet = log.sheet()
    assert [row.delta[B] for row in sheet.rows] == [30, -10]
    assert sheet.rows[0].text == f"Penalty (correction) against {A}: {B} +30 — forgot a Weis"
    assert sheet.rows[0].cells.note == "forgot a Weis"
    log.penalty("custom", A, 0)
    assert last_rejection(log) == "a custom penalty of 0 points changes nothing"
    with pytest.raises(ValidationError):
        parse_entry("jass", {"type": "penalty", "kind": "custom", "against": A})


def test_a_penalty_against_an_unknown_team_is_refused():
    log = Log()
    log.penalty("misdeal", "Ann")
    assert last_rejection(log) == f"'Ann' is not a team: the teams are {A} and {B}"


def test_a_penalty_can_end_the_game():
    log = Log({"preset": "flat_1000"})
    log.start_with(0, 950)
    log.penalty("wrong_play", A)
    sheet = log.sheet()
    assert sheet.winner == B
    assert sheet.result == f"{B} win: the wrong play penalty against {A} takes them to 1050"


# --------------------------------------------------------------------------- bedanken and the end of the game


def test_bedanken_with_enough_points_wins_at_once():
    log = Log({"preset": "flat_1000"})
    log.start_with(900, 950)
    log.deal("Dan")
    log.trump("Ann", "hearts")
    log.claim(A, 100)
    sheet = log.sheet()
    assert sheet.winner == A and sheet.status == "finished"
    assert sheet.totals[A] == 1000
    assert sheet.rows[-1].cells.claim == A and sheet.rows[-1].cells.counted == 100


def test_bedanken_short_of_the_target_loses_the_game():
    log = Log({"preset": "flat_1000"})
    log.start_with(900, 200)
    log.deal("Dan")
    log.trump("Ann", "hearts")
    log.claim(A, 50)
    sheet = log.sheet()
    assert sheet.winner == B
    assert sheet.result == f"{B} win: {A} thanked off (bedanken) at 950, short of 1000"


def test_bedanken_multiplies_the_count_and_includes_the_hands_stoeck_and_weis():
    log = Log()  # classic 2500
    log.start_with(2300, 0)
    log.deal("Dan")
    log.trump("Ann", "clubs")  # ×2
    log.stoeck("Cid")  # 20, ×2 = 40
    log.claim(A, 100)  # the count includes the Stöck shown: 80 card points + 20 -> 2300 + 40 + 160 = 2500
    sheet = log.sheet()
    assert sheet.winner == A and sheet.totals[A] == 2500
    assert sheet.rows[-1].cells.counted == 100 and sheet.rows[-1].cells.cards[A] == 80


def test_bedanken_count_includes_the_weis_shown_so_it_is_not_added_twice():
    log = Log()  # classic 2500
    log.start_with(2300, 0)
    log.deal("Dan")
    log.trump("Ann", "clubs")  # ×2
    log.weis("Ann", seq(4, "K", "hearts"))  # 50, ×2 = 100
    log.claim(A, 80)  # 30 card points + the 50 Weis: (30 + 50) × 2 = 160 -> 2460, short of 2500
    sheet = log.sheet()
    assert sheet.totals[A] == 2460 and sheet.winner == B
    # a team that lost the Weis comparison has no Weis to count
    log = Log()
    log.deal("Dan")
    log.trump("Ann", "hearts")
    log.weis("Ann", seq(3, "K", "hearts"))  # 20
    log.weis("Bob", seq(4, "K", "clubs"))  # 50: Bob & Dan write the Weis
    assert log.check(type="claim", team=A, counted=10) is None
    assert log.check(type="claim", team=B, counted=40) == (
        f"{B} counted 40, less than the 50 of Weis and Stöck they have shown: the count includes them"
    )
    assert log.check(type="claim", team=B, counted=50 + 157) is None
    assert log.check(type="claim", team=B, counted=50 + 158) == (
        "a hand has 157 card points; 208 counted less the 50 of Weis and Stöck shown is more"
    )


def test_bedanken_needs_a_hand_in_play_and_at_most_157():
    log = Log()
    log.claim(A, 10)
    assert (
        last_rejection(log) == "a claim (bedanken): no hand is in play; deal hand 1 and name its trump first"
    )
    log.deal("Dan")
    log.trump("Ann", "hearts")
    log.claim(A, 158)
    assert last_rejection(log) == "a hand has 157 card points; 158 counted is more"


def test_entries_after_the_end_are_refused_but_corrections_reopen_the_game():
    log = Log({"preset": "flat_1000"})
    log.start_with(950, 0)
    final = log.hand("hearts", {A: 60})
    log.deal("Ann")
    assert last_rejection(log) == f"the game is over: {A} win: 1010 reaches 1000 in hand 1"
    log.amend(final, {"type": "tricks", "points": {A: 40}})
    sheet = log.sheet()
    assert sheet.status == "in_progress" and sheet.winner is None
    assert dict(sheet.totals) == {A: 990, B: 117}


def test_both_teams_passing_on_the_tricks_asks_who_got_there_first():
    log = Log({"preset": "flat_1000"})
    log.start_with(950, 950)
    log.hand("hearts", {A: 80})
    sheet = log.sheet()
    assert sheet.status == "in_progress" and sheet.winner is None
    assert sheet.questions and "which team reached it first?" in sheet.questions[0]
    log.deal("Ann")
    assert (
        last_rejection(log) == "first the table must say which team reached 1000 first: log that team's claim"
    )
    log.claim(B, 30)
    assert (
        last_rejection(log)
        == f"30 card points (×1) take {B} to 980, short of 1000: say how many they had counted when they reached it"
    )
    log.claim(B, 60)
    sheet = log.sheet()
    assert sheet.winner == B and not sheet.questions
    assert dict(sheet.totals) == {A: 1030, B: 1027}


def test_a_claim_after_both_teams_passed_names_a_count_the_team_can_have_had():
    # Bedanken after a tie: the claiming team took 77 card points in that hand (jass.md), no more
    log = Log({"preset": "flat_1000"})
    log.start_with(950, 950)
    log.hand("hearts", {A: 80})  # A 80, B 77: both pass 1000
    assert log.check(type="claim", team=B, counted=-1) == "card points counted cannot be negative (-1)"
    assert log.check(type="claim", team="Nobody", counted=60) == "'Nobody' is not a team: the teams are " + (
        f"{A} and {B}"
    )
    assert log.check(type="claim", team=B, counted=158) == "a hand has 157 card points; 158 counted is more"
    assert log.check(type="claim", team=B, counted=78) == f"{B} took 77 card points in hand 1, not 78"
    assert log.check(type="claim", team=B, counted=77) is None
    assert log.check(type="claim", team=A, counted=50) is None


def test_a_tie_on_the_tricks_counts_a_claim_from_the_totals_with_the_hands_weis():
    # both teams pass 1000 on the card points of one hand, after Bob & Dan's Weis: the claim is judged on the
    # totals before the tricks (start + Weis), plus the card points the team had counted (jass.md, Bedanken)
    log = Log({"preset": "flat_1000"})
    log.start_with(950, 930)
    log.deal("Dan")
    log.trump("Ann", "hearts")
    log.weis("Bob", seq(3, "A", "clubs"))  # 20: B at 950 before the tricks
    log.tricks({A: 100})  # A 1050, B 950 + 57 = 1007: both passed on the tricks
    sheet = log.sheet()
    assert sheet.questions and sheet.winner is None
    assert log.check(type="claim", team=B, counted=40) == (
        f"40 card points (×1) take {B} to 990, short of 1000: say how many they had counted when they reached it"
    )
    log.claim(B, 50)  # 950 + 50 = 1000
    sheet = log.sheet()
    assert sheet.winner == B and dict(sheet.totals) == {A: 1050, B: 1007}


def test_no_bergpreis_when_both_teams_pass_half_the_target_with_the_same_card_points():
    log = Log({"preset": "flat_1000", "bergpreis": True})
    log.start_with(450, 450)
    log.deal("Dan")
    log.trump("Ann", "hearts")
    log.tricks({A: 80})  # 530 and 527: both pass 500 with the same hand's card points
    sheet = log.sheet()
    assert sheet.extra["bergpreis"] is None and sheet.rows[-1].cells.bergpreis is None
    assert sheet.view.bergpreis_note == (
        "both teams passed 500 with the card points of the same hand: no Bergpreis"
    )
    log.deal("Ann")
    log.trump("Bob", "hearts")
    log.tricks({A: 157})
    assert log.sheet().extra["bergpreis"] is None  # decided once: nobody gets it later


def test_bergpreis_goes_to_the_first_team_to_half_the_target():
    log = Log({"preset": "flat_1000", "bergpreis": True})
    assert log.sheet().summary()["bergpreis"] is None
    log.start_with(400, 450)
    log.deal("Dan")
    log.trump("Ann", "hearts")
    log.weis("Ann", seq(5, "A", "clubs"))  # Weis before tricks: A reaches 500 first
    log.tricks({A: 20})
    sheet = log.sheet()
    assert sheet.extra["bergpreis"] == A and sheet.summary()["bergpreis"] == A
    assert sheet.rows[-1].cells.bergpreis == A
    assert dict(sheet.totals) == {A: 520, B: 587}  # a stroke, not points


def test_the_hand_row_that_brings_the_bergpreis_says_which_team_in_its_cells_view():
    from scorepad.rules.jass.view import HandCells

    log = Log({"preset": "flat_1000", "bergpreis": True})
    log.start_with(400, 450)
    log.deal("Dan")
    log.trump("Ann", "hearts")
    log.weis("Ann", seq(5, "A", "clubs"))
    log.tricks({A: 20})
    sheet = log.sheet()
    assert HandCells.of(sheet.rows[-1], list(sheet.sides)).bergpreis == A
    assert HandCells.of(sheet.rows[0], list(sheet.sides)).bergpreis is None  # a row without it


# --------------------------------------------------------------------------- correction window


def test_a_hand_may_be_corrected_until_the_next_trump():
    log = Log()
    first = log.hand("hearts", {A: 100})
    log.deal("Ann")
    log.amend(first, {"type": "tricks", "points": {A: 90}})  # next trump not yet named: inside
    assert not log.sheet().rejected
    log.trump("Bob", "hearts")
    late = log.amend(first, {"type": "tricks", "points": {A: 80}})
    sheet = log.sheet()
    assert sheet.rejected[-1].seq == late
    assert sheet.rejected[-1].reason == (
        "correcting hand 1's card points is too late: hand 2's trump is named "
        "(a hand may be corrected until the next trump is named)"
    )
    assert sheet.rows[0].delta[A] == 90


def test_a_late_correction_with_table_override_is_accepted_and_listed():
    log = Log()
    first = log.hand("hearts", {A: 100})
    log.hand("hearts", {A: 100}, dealer="Ann")
    log.void(first)
    assert "too late" in log.sheet().rejected[-1].reason
    override = log.void(first, override=True)
    sheet = log.sheet()
    assert override in sheet.overrides
    assert len(sheet.rows) == 1 and dict(sheet.totals) == {A: 100, B: 57}


def test_the_weis_of_a_hand_may_be_amended_inside_the_window():
    log = Log()
    log.deal("Dan")
    log.trump("Ann", "hearts")
    weis = log.weis("Bob", seq(4, "10", "clubs"))
    log.tricks({A: 100})
    log.amend(weis, {"type": "weis", "player": "Bob", "melds": [seq(5, "10", "clubs")]})
    assert log.sheet().rows[-1].delta[B] == 57 + 100


def test_a_correction_that_would_itself_be_refused_is_refused():
    log = Log()
    log.deal("Dan")
    log.trump("Ann", "hearts")
    log.stoeck("Ann")
    tricks = log.tricks({A: 100})
    log.amend(tricks, {"type": "tricks", "points": {A: 170}})
    assert last_rejection(log) == "correcting hand 1's card points: a hand has 157 card points; 170 is more"
    log.amend(tricks, {"type": "deal", "dealer": "Ann"})
    assert last_rejection(log) == (
        "correcting hand 1's card points: an entry is corrected only by one of its own kind"
    )


def test_a_changed_trump_refuses_the_stoeck_that_no_longer_fit():
    log = Log()
    log.deal("Dan")
    trump = log.trump("Ann", "hearts")
    stoeck = log.stoeck("Ann")
    log.tricks({A: 100})
    log.amend(trump, {"type": "trump", "player": "Ann", "contract": "obenabe"})
    sheet = log.sheet()
    assert [(r.seq, r.reason) for r in sheet.rejected] == [
        (stoeck, "there are no Stöck in Obenabe: Stöck are the king and queen of trumps")
    ]
    assert dict(sheet.rows[-1].delta) == {A: 300, B: 171}


def test_the_replayer_check_refuses_without_logging():
    log = Log()
    assert log.check(type="tricks", points={A: 100}) == (
        "card points: no hand is in play; deal hand 1 and name its trump first"
    )
    assert log.check(type="deal", dealer="Dan") is None
    assert not log.entries


# --------------------------------------------------------------------------- helpers for screens


def test_tafel_breakdown():
    assert tafel(157) == tafel(157).__class__(0, 1, 1, 0, 7)
    assert (tafel(771).fives, tafel(771).hundreds, tafel(771).fifties, tafel(771).twenties, tafel(771).rest) == (
        1, 2, 1, 1, 1,
    )  # fmt: skip
    assert tafel(771).marks() == ("V ||", "/", "|", "1")
    assert tafel(2499) == tafel(0).__class__(4, 4, 1, 2, 9)
    assert tafel(0).marks() == ("", "", "", "0")
    assert tafel(-60).negative and tafel(-60).fifties == 1


def test_names_and_parsing_for_screens():
    assert parse_contract("♥") == "hearts" and parse_contract("Rosen") == "hearts"
    assert parse_contract("Eicheln") == "diamonds" and parse_contract("oben") == "obenabe"
    assert parse_contract("xyz") is None
    assert card_label(("clubs", "10")) == "10♣" and card_label(("clubs", "10"), "german") == "Schellen 10"
    weis = parse_entry("jass", {"type": "weis", "player": "Ann", "melds": [seq(5, "10", "clubs"), four("K")]})
    assert [describe_meld(m) for m in weis.melds] == ["five to the 10♣", "four Kings"]


# --------------------------------------------------------------------------- readings settled in rules/jass.md


def test_trump_then_seat_counts_from_the_player_after_the_dealer_even_when_he_pushed():
    log = Log({"weis_tiebreak": "trump_then_seat"})
    log.deal("Dan")  # Ann plays first; she pushes and Cid names the trump
    log.trump("Cid", "hearts", pushed=True)
    log.weis("Bob", seq(3, "9", "spades"))  # Bob sits one after Ann
    log.weis("Cid", seq(3, "9", "diamonds"))  # Cid two after Ann (he named the trump, but he is not first)
    log.tricks({A: 80})
    row = log.sheet().rows[-1]
    assert row.cells.weis[B] == 20 and row.cells.weis[A] == 0
    assert row.cells.weis_verdict.endswith("(Bob plays before Cid)")


def test_a_penalty_counts_when_logged_as_its_own_row_before_the_rest_of_the_hand():
    log = Log({"preset": "flat_1000"})
    log.start_with(0, 950)
    log.deal("Dan")
    log.trump("Ann", "hearts")
    log.weis("Ann", seq(4, "K", "clubs"))
    penalty = log.penalty("misdeal", A)  # 100 to Bob & Dan, in the middle of the hand
    sheet = log.sheet()
    assert sheet.rows[-1].seq == penalty and dict(sheet.rows[-1].delta) == {A: 0, B: 100}
    assert sheet.winner == B  # it counts at once: 1050, whatever the hand's tricks would have been
    log.tricks({A: 157})
    assert last_rejection(log).startswith("the game is over")


def test_a_penalties_table_replaces_only_the_kinds_it_names():
    log = Log({"penalties": {"misdeal": 150}})
    log.penalty("misdeal", A)
    log.penalty("uncut_deck", A)
    log.penalty("false_weis", A)
    assert [row.delta[B] for row in log.sheet().rows] == [150, 50, 50]


# --------------------------------------------------------------------------- laws a mutation run found unguarded


def test_a_penalty_that_brings_a_team_exactly_to_the_target_wins():
    # "Winning the game": a team wins when its total reaches the target (≥ target); a penalty counts when logged
    log = Log({"preset": "flat_1000"})
    log.start_with(900, 950)
    log.deal("Dan")
    log.penalty("wrong_play", B, note="no suit followed")  # 100 to the opponents: Ann & Cid 1000
    sheet = log.sheet()
    assert sheet.totals[A] == 1000 and sheet.winner == A


def test_weis_after_the_hand_is_scored_is_refused():
    # "Weis, when": a player declares Weis during the first trick only — a scored hand is over
    log = Log()
    log.deal("Dan")
    log.trump("Ann", "hearts")
    log.tricks({A: 97})
    assert log.check(
        type="weis", player="Bob", melds=[{"kind": "sequence", "suit": "clubs", "length": 3, "top": "10"}]
    ) == ("Weis: no hand is in play; deal hand 2 and name its trump first")


def test_an_impossible_sequence_weis_is_refused():
    # "An impossible Weis (a sequence longer than the cards below its top card allow) is refused"
    log = Log()
    log.deal("Dan")
    log.trump("Ann", "hearts")
    assert log.check(
        type="weis", player="Bob", melds=[{"kind": "sequence", "suit": "clubs", "length": 5, "top": "8"}]
    ) == ("Bob cannot declare that: a sequence of 5 cannot be headed by the 8: only 3 cards run down from it")


def test_a_bedanken_row_says_who_thanked_off_with_what_count():
    log = Log({"preset": "flat_1000"})
    log.start_with(900, 950)
    log.deal("Dan")
    log.trump("Ann", "hearts")
    log.claim(A, 100)
    assert log.sheet().rows[-1].text == f"Hand 1: {A} bedanken with 100 counted (♥ hearts ×1)"


def test_after_a_hand_the_next_dealer_by_turn_is_the_one_after_its_dealer():
    log = Log()
    log.hand("spades", {A: 100}, dealer="Ann")
    assert log.sheet().prompt == "Hand 2: Bob deals; Cid names the trump or pushes to Ann"
    log.hand("hearts", {A: 100}, dealer="Bob")
    assert log.sheet().prompt == "Hand 3: Cid deals; Dan names the trump or pushes to Bob"


def test_a_new_deal_clears_a_pushed_trump_of_the_hand_before():
    log = Log()
    log.deal("Dan")
    log.trump("Cid", "spades", pushed=True)
    log.tricks({A: 100})
    assert log.sheet().rows[-1].cells.trump_by.endswith("(pushed)")
    log.deal("Ann")
    assert log.sheet().view.pushed is False


# --------------------------------------------------------------------------- a hand folded in one go


def test_a_hand_that_takes_a_team_exactly_to_the_target_wins_and_one_point_short_does_not():
    # "A team wins when its total reaches the target (≥ target)": the hand's points all counted at once
    log = Log({"preset": "flat_1000"})
    log.start_with(940, 0)
    log.hand("hearts", {A: 60})
    assert log.sheet().result == f"{A} win: 1000 reaches 1000 in hand 1"
    short = Log({"preset": "flat_1000"})
    short.start_with(939, 0)
    short.hand("hearts", {A: 60})
    sheet = short.sheet()
    assert sheet.status == "in_progress" and sheet.winner is None and dict(sheet.totals) == {A: 999, B: 97}


def test_partners_weis_are_all_written_and_the_sentence_keeps_the_names_of_its_hand():
    # "only the team with the higher Weis scores — all of its Weis, the partner's included"
    log = Log()
    log.deal("Dan")
    log.trump("Ann", "clubs")  # ×2
    log.weis("Ann", seq(3, "9", "spades"))
    log.weis("Cid", four("K"))  # Ann's partner: one team declared, no comparison
    log.tricks({A: 100})
    log.add(type="rename", player="Cid", new_name="Cyd")  # after the hand: its row keeps the names it had
    row = log.sheet().rows[-1]
    assert dict(row.delta) == {A: (100 + 20 + 100) * 2, B: 57 * 2}
    assert row.cells.weis[A] == 240 and row.cells.weis[B] == 0
    assert row.cells.weis_verdict == "Weis: Cid's four Kings (no Weis against it)"
    assert row.text == "Hand 1: ♣ clubs ×2 by Ann"


def test_a_card_of_any_of_another_players_melds_is_refused_and_ones_own_cards_are_not():
    log = Log()
    log.deal("Dan")
    log.trump("Ann", "hearts")
    log.weis("Ann", four("A"), seq(3, "9", "clubs"))
    log.weis("Bob", seq(3, "10", "clubs"))  # 10 9 8 of clubs: the 9 and 8 are in Ann's sequence
    assert last_rejection(log) == "the 8♣ is in Ann's three to the 9♣: it cannot be in Bob's hand too"
    log.stoeck("Ann")  # her own Weis hold neither K♥ nor Q♥; nobody else showed them
    assert log.sheet().rejected[-1].seq == len(log.entries) - 1
    assert log.check(type="weis", player="Cid", melds=[seq(3, "A", "hearts")]) == (
        "the A♥ is in Ann's four Aces: it cannot be in Cid's hand too"
    )
    assert log.check(type="weis", player="Cid", melds=[seq(3, "Q", "hearts")]) == (
        "the Q♥ is in Ann's Stöck: it cannot be in Cid's hand too"
    )
    assert log.check(type="weis", player="Cid", melds=[seq(3, "J", "hearts")]) is None


def test_an_impossible_sequence_a_file_names_is_said_in_words():
    # A file may hold any length and any top in a Weis: each is refused with its reason
    assert sequence_problem(1_000, "A") == "a sequence has 3 to 9 cards, not 1000"
    assert sequence_problem(2, "Z" * 50).startswith("'ZZZ")
    assert sequence_problem(3, "8") is None


def test_nothing_declared_writes_no_weis_and_says_nothing() -> None:
    from scorepad.rules.jass.cards import judge_weis

    side_of = {"Ann": A, "Bob": B, "Cid": A, "Dan": B}
    seats = {player: seat for seat, player in enumerate(PLAYERS)}
    verdict = judge_weis([], side_of, "hearts", seats, RULES.settings({}))
    assert (verdict.winner, verdict.points, verdict.sentence) == (None, 0, "")


def test_the_points_still_to_go_per_team_and_at_the_trump_s_multiplier():
    log = Log()  # classic: to 2500, spades ×2
    log.start_with(2400, 1999)
    assert log.sheet().view.to_go == {A: 100, B: 501}
    assert log.sheet().view.card_points_to_go(A) is None  # no trump named: no multiplier yet
    log.deal("Dan")
    log.trump("Ann", "spades")
    view = log.sheet().view
    assert view.multiplier == 2
    assert (view.card_points_to_go(A), view.card_points_to_go(B)) == (50, 251)  # rounded up
    log.tricks({A: 60})  # 120 and more: Ann & Cid are there
    assert log.sheet().view.to_go[A] == 0


def test_card_points_to_go_round_up():
    from scorepad.rules.jass.view import card_points_to_go, points_to_go

    assert points_to_go({A: 2400, B: 2600}, 2500) == {A: 100, B: 0}
    assert [card_points_to_go(100, m) for m in (1, 2, 3, 4)] == [100, 50, 34, 25]
    assert card_points_to_go(0, 7) == 0


def test_a_weis_and_the_stoeck_of_one_player_fit_in_his_nine_cards():
    # a player holds nine cards: eight spades in a row and the king and queen of trumps are ten
    from tests.helpers import entries, header

    log = entries(
        "jass",
        {"type": "deal", "dealer": "Ann"},
        {"type": "trump", "player": "Bob", "contract": "hearts"},
        {
            "type": "weis",
            "player": "Bob",
            "melds": [{"kind": "sequence", "length": 8, "top": "A", "suit": "spades"}],
        },
        {"type": "stoeck", "player": "Bob"},
    )
    sheet = replay(header("jass", ["Ann", "Bob", "Cid", "Dan"]), log)
    assert [r.reason for r in sheet.rejected] == ["Bob's Weis and Stöck would need 10 cards; a hand has 9"]


def test_melds_that_share_a_card_or_need_more_than_nine_are_refused_in_the_tables_suits():
    # a hand holds each card once, nine of them (jass.md, Weis); German-suited tables hear their own suits
    from scorepad.log import FourMeld, SequenceMeld
    from scorepad.rules.jass.cards import melds_problem
    from scorepad.rules.jass.settings import Settings

    ace, queen = SequenceMeld(length=3, top="A", suit="clubs"), SequenceMeld(length=3, top="Q", suit="clubs")
    assert melds_problem([ace, queen], Settings(), "german") == (
        "the Schellen Q is in both the three to the Schellen A and the three to the Schellen Q: a hand holds each "
        "card once"
    )
    jack = SequenceMeld(length=3, top="J", suit="clubs")
    assert melds_problem([ace, jack], Settings(), "german") == (
        "the three to the Schellen A and the three to the Schellen J run on into one sequence of 6: declare it as "
        "one Weis"
    )
    six = SequenceMeld(length=6, top="A", suit="clubs")
    assert melds_problem([six, FourMeld(rank="6")], Settings(), None) == (
        "these melds need 10 different cards; a hand has 9"
    )
    assert (
        melds_problem([SequenceMeld(length=5, top="A", suit="clubs"), FourMeld(rank="6")], Settings(), None)
        is None
    )


def test_a_claim_loses_to_the_other_teams_weis_that_reached_the_target_first():
    # Stöck – Wys – Stich: the Weis is counted before the tricks, so it was there before the claim (jass.md)
    log = Log({"preset": "flat_1000"})
    log.start_with(990, 950)
    log.deal("Dan")
    log.trump("Ann", "hearts")
    log.weis("Ann", seq(3, "A", "clubs"))  # Ann & Cid 1010 with their Weis
    log.claim(B, 60)
    sheet = log.sheet()
    assert sheet.winner == A and sheet.result == f"{A} win: their Weis reached 1000 before {B}'s claim"


def test_the_team_that_claims_after_a_tie_wins_in_words_that_say_so():
    log = Log({"preset": "flat_1000"})
    log.start_with(950, 950)
    log.hand("hearts", {A: 80})
    log.claim(B, 60)
    assert log.sheet().result == (
        f"{B} win: they reached 1000 first in hand 1 (claimed with 60 card points counted; {A} passed it later in "
        "the same hand)"
    )
