"""What a Bridge screen asks of the rules: the deal in progress and the rubber's stage, typed and frozen."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from scorepad.locale import _
from scorepad.rules.auction_bridge.calls import Contract
from scorepad.rules.base import Row, Sheet, SideNeed, View


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


@dataclass(frozen=True, slots=True)
class RubberScore:
    """The rubber's score as a pad writes it, side by side: below the line (the trick score), above it (the
    honour score), the rubber's bonus (250 to the winner of the rubber, or 125 a game won when play stopped, Laws
    10 and 11) and the total; and the rubber, once it is over."""

    trick: Mapping[str, int]
    honour: Mapping[str, int]
    bonus: Mapping[str, int]
    total: Mapping[str, int]
    over: bool
    winner: str | None  # the side with the larger total once the rubber is over (None: drawn, or not over)
    size: int  # the difference of the totals once it is over
    stopped: bool  # it ended unfinished (Law 11)


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
    score: RubberScore  # the rubber's score, side by side, as a pad writes it
    honour_holdings: tuple[str, ...]  # the honours one may hold in the contract's strain
    stop_refusal: str | None = None  # why play cannot stop now, unfinished (Law 11), or None: it may
    agree_refusal: str | None = None  # why the rubber's score cannot be agreed now (Law 12), or None: it may

    @property
    def over(self) -> bool:
        """The rubber is over (agreed or not): no more deals."""
        return self.phase in ("over", "agreed")

    @property
    def may_agree(self) -> bool:
        """The rubber is over and its score not agreed yet (Law 12): the agreement may come now."""
        return self.agree_refusal is None

    @property
    def may_stop(self) -> bool:
        """Play may stop now with the rubber unfinished (Law 11): no deal is under way, the rubber goes on."""
        return self.stop_refusal is None

    def contract_for(self, call: str, declarer: str, double: str = "none") -> Contract:
        """A contract typed for this deal: a one spade by the dealer is the dealer's one spade (Law 48)."""
        return Contract(call, declarer, double, dealers_one_spade=call == "1S" and declarer == self.dealer)


class DealCells(NamedTuple):
    """An Auction Bridge row's columns for a scored deal, made as it is scored."""

    deal: int
    game: int  # the game of the rubber it was played in
    dealer: str
    declarer: str
    side: str  # the declarer's side
    call: str  # "3H", "2NT"
    double: str  # none | doubled | redoubled
    contract: str  # in words ("3♥ doubled")
    dealers_one_spade: bool
    tricks: int  # won by the declarer's side
    made: bool
    over_under: int  # tricks over the contract (negative: under)
    honours_side: str | None  # the side that held honours, and its holding code
    holding: str | None
    chicane_side: str | None
    double_chicane: bool
    revoke_side: str | None
    won_game: str | None  # the side that won a game with this deal
    rubber_over: bool
    trick: Mapping[str, int]  # side -> points below the line
    honour: Mapping[str, int]  # side -> points above the line
    bonus: Mapping[str, int]  # side -> the rubber's bonus
    parts: Mapping[str, Mapping[str, int]]  # part of the honour score ("chicane" …) -> side -> points
    more_revokes: tuple[str, ...] = ()  # the sides of the revokes after the first (`revoke_side`)

    @property
    def outcome(self) -> str:
        return "made" if self.made else "set"


class StopCells(NamedTuple):
    """An Auction Bridge row's columns for a rubber stopped unfinished (Law 11)."""

    game: int
    reason: str
    bonus: Mapping[str, int]  # side -> its points for the games it won
    trick: Mapping[str, int]  # nothing below the line: every side 0
    honour: Mapping[str, int]  # nothing above it but the bonus: every side 0


BridgeCells = DealCells | StopCells


def rubber_score(sheet: Sheet) -> RubberScore:
    """The rubber's score of a sheet (nothing scored but its totals when it is not a rubber's)."""
    view = sheet.view
    if isinstance(view, BridgeView):
        return view.score
    zeros = dict.fromkeys(sheet.totals, 0)
    return RubberScore(
        trick=zeros,
        honour=zeros,
        bonus=zeros,
        total=dict(sheet.totals),
        over=False,
        winner=None,
        size=0,
        stopped=False,
    )


def bridge_cells(row: Row, sides: Sequence[str] = ()) -> BridgeCells:
    """A row's columns, typed: a scored deal or the stop of an unfinished rubber."""
    cells = row.cells
    if not isinstance(cells, DealCells | StopCells):
        raise TypeError(_("row {seq} is not an Auction Bridge deal's or stop's").format(seq=row.seq))
    return cells


def side_needs(to_game: Mapping[str, int], names: Mapping[str, str]) -> tuple[SideNeed, ...]:
    """The trick points each side still needs below the line for the game being played."""
    # Translators: Auction Bridge, beside a side's name: the trick points it still needs for game
    needs = _("needs {points} for game")
    return tuple(
        SideNeed(side, names[side], points, False, needs.format(points=points))
        for side, points in to_game.items()
    )


def rubber_outlook(games: Mapping[str, int], games_to_win: int, names: Mapping[str, str]) -> str:
    """Whose next game ends the rubber, if anyone's does."""
    closing = [side for side, won in games.items() if won == games_to_win - 1]
    if not closing:
        return ""
    if len(closing) == len(games):
        return _("the next game ends the rubber")
    return _("a game by {side} ends the rubber").format(side=names[closing[0]])
