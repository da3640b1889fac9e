"""What a Bridge screen asks of the rules: the deal in progress and the rubber's stage, typed and frozen."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scorepad.rules.auction_bridge.calls import Contract
from scorepad.rules.base import View


@dataclass(frozen=True, slots=True)
class ContractView:
    """The contract the auction ended in."""

    call: str  # "3H", "2NT"
    double: str  # none | doubled | redoubled
    dealers_one_spade: bool  # the dealer's one spade passed out (Law 48: 100 at most)
    declarer: str
    side: str  # the declarer's side
    text: str  # in words: "Ann's 3♥ doubled"
    tricks_needed: int

    def contract(self) -> Contract:
        return Contract(self.call, self.declarer, self.double, self.dealers_one_spade)


@dataclass(frozen=True, kw_only=True)
class BridgeView(View):
    """The deal in progress (or the next) and where the rubber stands."""

    dealer: str  # who deals this deal (the next one between deals)
    game: int  # the game of the rubber being played
    turn: str | None  # who calls next (None once the auction is over)
    calls: tuple[tuple[str, str], ...]  # (player, call) so far this deal
    bid_to_beat: str | None
    bid_by: str | None
    doubling: str  # of the bid to beat: none | doubled | redoubled
    contract: ContractView | None
    legal_calls: tuple[str, ...]  # what the player on turn may call now
    below_line: Mapping[str, int]  # side -> trick points towards the game being played
    to_game: Mapping[str, int]  # side -> trick points it still needs for that game
    games: Mapping[str, int]  # side -> games won
    honour_holdings: tuple[str, ...]  # the honours one may hold in the contract's strain

    @property
    def over(self) -> bool:
        """The rubber is over (agreed or not): no more deals."""
        return self.phase in ("over", "agreed")

    @property
    def may_agree(self) -> bool:
        """The rubber is over and its score not agreed yet (Law 12): the agreement may come now."""
        return self.phase == "over"

    def contract_for(self, call: str, declarer: str, double: str = "none") -> Contract:
        """A contract typed for this deal: a one spade by the dealer is the dealer's one spade (Law 48)."""
        return Contract(call, declarer, double, dealers_one_spade=call == "1S" and declarer == self.dealer)

    def mapping(self) -> dict[str, Any]:
        data = View.mapping(self)
        data.update(stage=self.phase, deal=self.number)
        return data
