"""One deal in progress: its auction (turns, passes, players barred from bidding), contract, result and
the irregularities that belong to it.

The auction runs one of two ways (setting `auction`): `one_round`, the American laws: each player one call,
from the dealer's left round to the dealer, who calls last; or `continuous`: round and round until all but
one have passed. A barred player is skipped either way.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from scorepad.log import FHResult
from scorepad.rules.base import Fixed
from scorepad.rules.five_hundred.calls import PASS, calls_above, display_call
from scorepad.rules.five_hundred.settings import Settings


@dataclass(frozen=True, slots=True)
class Snapshot(Fixed):
    """What scoring a deal changes, kept so a late irregularity (or redeal) can score the deal again."""

    totals: Mapping[str, int]
    rows: int
    status: str
    winner: str | None
    result: str
    questions: tuple[str, ...]
    out: frozenset[str]
    finished_by: str


@dataclass(frozen=True, slots=True)
class Irregularity(Fixed):
    kind: str
    player: str
    seq: int
    in_auction: bool = False  # wrong cards found during the bidding only bar the player from bidding


@dataclass(slots=True)
class Deal:
    index: int  # 1, 2, … in log order; a redeal is a new deal with the same dealer
    dealer: str
    players: tuple[str, ...]
    one_round: bool = False  # each player one call, the dealer last (else round and round)
    #: the players from the dealer's left round to the dealer (worked out once per dealer by the state); () until
    #: asked for a deal made without it
    order: tuple[str, ...] = ()
    calls: list[tuple[str, str, int]] = field(default_factory=list)  # (player, call, seq) in turn
    passed: set[str] = field(default_factory=set)
    barred: dict[str, str] = field(default_factory=dict)  # player -> why he may not bid this deal
    high: tuple[str, str] | None = None  # (player, call) of the bid to beat
    last_actor: str = ""  # who called last ("": nobody yet, the dealer's turn is over)
    contract: str | None = None
    contractor: str | None = None
    first_bid_seq: int | None = None
    all_passed: bool = False
    thrown_in: str = ""  # why the deal was thrown in (no score), or ""
    same_dealer_again: bool = (
        False  # thrown in by a redeal: the same dealer deals again (else the deal passes on)
    )
    result: FHResult | None = None
    result_seq: int | None = None
    # rare, so a deal starts with none: each one added makes a new tuple
    irregularities: tuple[Irregularity, ...] = ()
    claims: tuple[tuple[str, bool, int], ...] = ()
    snapshot: Snapshot | None = None  # set once the deal has been scored

    # ------------------------------------------------------------------ phases

    @property
    def auction_open(self) -> bool:
        return self.contract is None and not self.all_passed and not self.thrown_in and self.result is None

    @property
    def closed(self) -> bool:
        """No more bids or result: scored or thrown in. Irregularities may still come (they belong to it)."""
        return self.result is not None or bool(self.thrown_in)

    @property
    def scored(self) -> bool:
        return self.snapshot is not None

    def is_out(self, player: str) -> bool:
        return player in self.passed or player in self.barred

    def has_called(self, player: str) -> bool:
        return any(caller == player for caller, _, _ in self.calls)

    def call_order(self) -> tuple[str, ...]:
        """The players from the dealer's left round to the dealer, who calls last."""
        if self.order:
            return self.order
        return call_order(self.players, self.dealer)

    def to_bid(self) -> str | None:
        """Whose turn it is: clockwise from the last to bid, skipping players who passed or are barred
        (in a one-round auction also those who have had their call)."""
        if self.contract is not None or self.all_passed or self.thrown_in or self.result is not None:
            return None  # the auction is over
        passed, barred = self.passed, self.barred
        if self.one_round:
            # each call is made in turn, so everybody up to the last caller has called (or is barred): the
            # turn is the first after him who is not barred
            order = self.order or self.call_order()
            at = order.index(self.last_actor) + 1 if self.calls else 0
            for player in order[at:]:
                if player not in passed and player not in barred:
                    return player
            return None
        players = self.players
        start = players.index(self.last_actor or self.dealer)  # the player left of the dealer bids first
        for step in range(1, len(players) + 1):
            player = players[(start + step) % len(players)]
            if player not in passed and player not in barred:
                return player
        return None

    def legal_calls(self, settings: Settings) -> list[str]:
        if self.to_bid() is None:
            return []
        return [PASS, *calls_above(self.high[1] if self.high else None, settings)]

    # ------------------------------------------------------------------ changes

    def record_call(self, player: str, call: str, seq: int) -> None:
        self.calls.append((player, call, seq))
        self.last_actor = player
        if call == PASS:
            self.passed.add(player)
        else:
            self.high = (player, call)
            if self.first_bid_seq is None:
                self.first_bid_seq = seq
        self._close_if_done()  # (a call is recorded only while the auction is open)

    def set_contract(self, player: str, call: str, seq: int) -> None:
        self.contract, self.contractor = call, player
        if self.first_bid_seq is None:
            self.first_bid_seq = seq

    def bar(self, player: str, why: str) -> None:
        self.barred.setdefault(player, why)
        self.close_auction_if_done()

    def add_irregularity(self, irregularity: Irregularity) -> None:
        self.irregularities = (*self.irregularities, irregularity)

    def add_claim(self, player: str, upheld: bool, seq: int) -> None:
        self.claims = (*self.claims, (player, upheld, seq))

    def close_auction_if_done(self) -> None:
        """All but the high bidder out (one round: everybody has called or is barred): he has the contract.
        Everybody out with no bid: all passed."""
        if self.auction_open:
            self._close_if_done()

    def _close_if_done(self) -> None:
        if self.one_round:
            if self.to_bid() is not None:
                return
        else:
            high, passed, barred = self.high, self.passed, self.barred
            for player in self.players:  # all but the high bidder out?
                if (high is None or player != high[0]) and player not in passed and player not in barred:
                    return
        if self.high is None:
            self.all_passed = True
        else:
            self.contractor, self.contract = self.high

    def view(self, settings: Settings) -> dict[str, Any]:
        to_bid = self.to_bid()
        return {
            "deal": self.index,
            "dealer": self.dealer,
            "auction_mode": "one_round" if self.one_round else "continuous",
            # one round: who is still to call, in turn (the barred are skipped); continuous: not known ahead
            "yet_to_call": [p for p in self.call_order() if not self.is_out(p) and not self.has_called(p)]
            if self.one_round and self.auction_open
            else [],
            "to_bid": to_bid,
            "auction": [[player, call] for player, call, _ in self.calls],
            "passed": sorted(self.passed, key=self.players.index),
            "barred": dict(self.barred),
            "high_bid": self.high[1] if self.high else None,
            "high_bidder": self.high[0] if self.high else None,
            "bid_to_beat": display_call(self.high[1]) if self.high else None,
            "legal_calls": self.legal_calls(settings),
            "contract": self.contract,
            "contract_display": display_call(self.contract) if self.contract else None,
            "contractor": self.contractor,
            "all_passed": self.all_passed,
            "result_seq": self.result_seq,
            "irregularities": [[i.kind, i.player] for i in self.irregularities],
            "claims": [[player, upheld] for player, upheld, _ in self.claims],
        }


def call_order(players: tuple[str, ...], dealer: str) -> tuple[str, ...]:
    """The players from the dealer's left round to the dealer, who calls last."""
    at = players.index(dealer)
    return players[at + 1 :] + players[: at + 1]
