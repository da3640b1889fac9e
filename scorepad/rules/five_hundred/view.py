"""What a Five Hundred screen asks of the rules: the deal in progress (or the next), typed and frozen."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal

from scorepad.rules.base import View

_EMPTY: Mapping[str, str] = MappingProxyType({})


@dataclass(frozen=True, kw_only=True)
class FiveHundredView(View):
    """The deal the next entry goes to. Between deals (phase "deal") it is the next deal, which a bid starts."""

    next_dealer: str
    target: int
    out_of_contention: tuple[str, ...]  # sides that were minus the target: they cannot win any more
    question: str | None  # the question the table must answer first
    last_deal: int | None  # the deal just closed (scored or thrown in) while the view shows the next one
    last_thrown_in: str | None  # why it was thrown in
    rivals: tuple[str, ...] = ()  # the sides the open question is about
    deal: int | None = None
    dealer: str | None = None
    to_bid: str | None = None  # who bids next (None once the auction is over)
    auction_mode: Literal["one_round", "continuous"] = "one_round"  # the `auction` setting
    yet_to_call: tuple[str, ...] = ()  # one-round auction: who is still to call, in turn (barred skipped)
    auction: tuple[tuple[str, str], ...] = ()  # (player, call) in turn
    passed: tuple[str, ...] = ()
    barred: Mapping[str, str] = field(default_factory=lambda: _EMPTY)  # player -> why he may not bid
    high_bid: str | None = None
    high_bidder: str | None = None
    bid_to_beat: str | None = None  # the high bid in words ("7♥")
    legal_calls: tuple[str, ...] = ()
    contract: str | None = None
    contract_display: str | None = None
    contractor: str | None = None
    contractor_side: str | None = None
    all_passed: bool = False
    result_seq: int | None = None
    irregularities: tuple[tuple[str, str], ...] = ()  # (kind, player)
    claims: tuple[tuple[str, bool], ...] = ()  # (player, upheld)

    def mapping(self) -> dict[str, Any]:
        data = View.mapping(self)
        if self.phase == "deal":
            data["phase"] = "start"  # the state's own word, kept for plain readers
        return data
