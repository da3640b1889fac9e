"""Five Hundred, 3-hand (minus_target = out_of_contention): a side at −500 or lower cannot win any more but plays
on; it is passed over in the auction (the prompt never says it bids first) and cannot take a contract."""

from __future__ import annotations

from scorepad.text.describe import next_line
from tests.rules.test_five_hundred import Log, accepted

LAW = "Bob is out of the running (a side at −500 or lower cannot win any more: it plays on, but bids no more)"


def _bob_out() -> Log:
    log = Log()
    log.play("Bob", "10NT", {"Bob": 5, "Ann": 5})  # deal 1, Ann deals: Bob −520
    return log


def test_a_player_out_of_the_running_is_passed_over_when_he_would_bid_first():
    log = _bob_out()
    log.play("Cid", "6S", {"Cid": 6, "Ann": 4})  # deal 2, Bob deals: Cid bids first
    log.play("Ann", "6S", {"Ann": 6, "Cid": 4})  # deal 3, Cid deals: Ann bids first
    sheet = accepted(log)
    assert next_line(sheet) == "Ann deals next; Cid bids first"  # not Bob, on Ann's left
    assert sheet.view.first_caller() == "Cid" and "Bob" in sheet.view.barred
    assert log.check("bid", player="Bob", call="7S") == f"Bob may not bid this deal: {LAW}"
    log.bids("Cid 6S", "Ann pass")  # Ann calls last, and Bob not at all: Cid has the contract
    assert accepted(log).view.contractor == "Cid"


def test_he_cannot_be_the_contractor_but_still_deals_and_defends():
    log = _bob_out()
    assert log.check("contract", player="Bob", call="6S") == f"Bob may not bid this deal: {LAW}"
    log.deal("Bob")  # he deals in turn
    log.contract("Cid", "6S")
    log.result({"Cid": 6, "Bob": 3, "Ann": 1})
    assert accepted(log).rows[-1].delta["Bob"] == 30  # and scores his tricks in defence


def test_a_player_out_of_the_running_is_named_so_in_what_each_side_needs():
    needs = {need.side: need.text for need in accepted(_bob_out()).view.needs}
    assert needs["Bob"] == "out of the running"
