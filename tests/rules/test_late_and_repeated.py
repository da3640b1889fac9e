"""What the log records beyond one revoke and timely Weis: an Auction Bridge deal with a revoke by each side or a
second revoke by one side (Work's code), and a Jass Weis or Stöck declared too late (void by the laws). Old lines
read as before, and a line without these fields is written as before."""

from __future__ import annotations

from typing import Any

from scorepad.log import dump_entry, parse_entry
from tests.helpers import entries, header
from tests.rules.test_auction_bridge import GAME, Log, last_cells, rejected
from tests.rules.test_jass import A
from tests.rules.test_jass import Log as JassLog


def _result(log: Log, tricks: int, **fields: Any) -> int:
    return log.add(type="result", tricks=tricks, honours={"side": "We", "holding": "3"}, **fields)


def test_a_revoke_by_each_side_leaves_both_honours_only_and_each_the_others_penalty():
    log = Log()
    log.contract("Ann", "2H")  # We declare; both sides revoke
    _result(log, 10, revoke={"side": "We", "choice": None}, more_revokes=["They"])
    cells = last_cells(log.sheet())
    assert cells.trick == {"We": 0, "They": 0} and cells.won_game is None  # the declarer's side revoked
    assert cells.parts["revoke"] == {"We": 100, "They": 100}  # the adversaries' revoke costs them points
    assert cells.honour == {"We": 16 + 100, "They": 100}
    assert cells.more_revokes == ("They",)


def test_a_second_revoke_by_one_side_adds_the_later_revoke_penalty():
    log = Log(rules={"revoke_penalty": 150})  # Work's code: 150 a revoke, 100 each later one in the deal
    log.contract("Ann", "2H")
    _result(log, 6, revoke={"side": "They", "choice": "points"}, more_revokes=["They"])
    cells = last_cells(log.sheet())
    assert cells.parts["revoke"]["We"] == 150 + 100 and cells.parts["undertricks"]["They"] == 0


def test_tricks_for_the_adversaries_revoke_are_refused_when_the_declarers_side_revoked_too():
    log = Log()
    log.contract("Ann", "2H")
    seq = _result(log, 6, revoke={"side": "They", "choice": "tricks"}, more_revokes=["We"])
    assert rejected(log.sheet(), seq).startswith("the declarer's side (We) revoked too, so it scores nothing")


def test_result_lines_without_more_revokes_are_written_as_before_and_old_lines_read():
    old = (
        '{"seq": 3, "at": "2026-11-29T20:15:00Z", "type": "result", "tricks": 9, "honours": null, '
        '"revoke": {"side": "We", "choice": null}, "chicane": null}'
    )
    entry = parse_entry(GAME, old)
    assert entry.more_revokes == () and dump_entry(entry) == old
    twice = entry.model_copy(update={"more_revokes": ("We",)})
    assert dump_entry(twice) == old[:-1] + ', "more_revokes": ["We"]}'
    assert parse_entry(GAME, dump_entry(twice)) == twice


def test_jass_a_late_weis_and_a_late_stoeck_count_nothing_and_say_the_law():
    log = JassLog()
    log.deal("Dan")
    log.trump("Ann", "hearts")
    log.add(type="weis", player="Bob", melds=[{"kind": "four", "rank": "K"}], late=True)
    log.add(type="stoeck", player="Ann", late=True)
    in_play = log.sheet()
    said = in_play.view.weis_verdict
    assert "Bob's Weis (four Kings) came after the first trick: void" in said
    assert "during the first trick only" in said and "Ann's Stöck came too late: void" in said
    log.tricks({A: 100})
    row = log.sheet().rows[-1]
    assert sum(row.cells.weis.values()) == 0 and sum(row.cells.stoeck.values()) == 0
    assert "came after the first trick: void" in row.cells.weis_verdict


def test_jass_a_timely_weis_still_counts_beside_a_late_one():
    log = JassLog()
    log.deal("Dan")
    log.trump("Ann", "hearts")
    log.add(type="weis", player="Bob", melds=[{"kind": "four", "rank": "K"}])
    log.add(type="weis", player="Bob", melds=[{"kind": "four", "rank": "Q"}], late=True)
    log.tricks({A: 100})
    assert not log.sheet().rejected and sum(log.sheet().rows[-1].cells.weis.values()) == 100


def test_jass_late_lines_are_written_only_when_late():
    weis = entries("jass", {"type": "weis", "player": "Bob", "melds": [{"kind": "four", "rank": "K"}]})[0]
    assert '"late"' not in dump_entry(weis)
    assert '"late": true' in dump_entry(weis.model_copy(update={"late": True}))
    assert header("jass", ["Ann", "Bob", "Cid", "Dan"]).game == "jass"
