"""What a Five Hundred screen asks of the rules: the deal in progress (or the next), typed and frozen."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal, NamedTuple

from scorepad.locale import _, pgettext
from scorepad.rules.base import Naming, Row, SideNeed, View
from scorepad.rules.five_hundred.calls import PASS, display_call, is_nullo, split, tricks_bid
from scorepad.rules.five_hundred.settings import TRICKS_PER_DEAL

_EMPTY: Mapping[str, str] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class IrregularityDeal:
    """The deal an irregularity goes to: the coming one, the one in progress, or the one just closed."""

    deal: int | None  # None: no deal has started yet
    coming: bool = False  # the next deal (a redeal or a bid out of turn before it starts)
    thrown_in: str | None = None  # the deal just closed was thrown in (why): nothing changes it any more
    rescored: bool = False  # the deal has its result: it is scored again


@dataclass(frozen=True, kw_only=True)
class FiveHundredView(View):
    """The deal the next entry goes to. Between deals (phase "deal") it is the next deal, which a bid starts."""

    players: tuple[str, ...]  # in seat order: the deal, the bidding and the play go to the left
    side_of: Mapping[str, str]
    nullo: bool  # the ruleset lets nullo be bid
    next_dealer: str
    target: int
    tricks_per_deal: int = TRICKS_PER_DEAL  # the tricks of a deal: every side's together make this many
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
    may_claim: bool = (
        False  # a claim may come now: during the play of a contract (not all passed at no trump)
    )

    @property
    def prompt_stands_alone(self) -> bool:
        return self.phase == "deal"  # between deals the prompt says who deals next and who bids first

    def left_of(self, player: str) -> str:
        return self.players[(self.players.index(player) + 1) % len(self.players)]

    def first_caller(self, dealer: str | None = None) -> str | None:
        """Who calls now: between deals the player left of the dealer (the next in turn, or the one named), a
        player out of the running passed over."""
        if self.phase == "deal":
            first = self.left_of(dealer or self.next_dealer)
            for _ in self.players:
                if self.side_of[first] not in self.out_of_contention:
                    return first
                first = self.left_of(first)
        return self.to_bid

    def passes_to_close(self, first: str) -> tuple[str, ...]:
        """Everybody who may still bid, in turn from `first`: their passes end the auction with all passed."""
        at = self.players.index(first)
        out = set(self.passed) | set(self.barred)
        order = (self.players[(at + i) % len(self.players)] for i in range(len(self.players)))
        return tuple(p for p in order if p not in out)

    def sides_in_turn(self, contractor: str | None, partner: str | None = None) -> list[tuple[str, ...]]:
        """The sides whose tricks are counted, each group once: the contracting side (with a called partner's)
        first, then the others in seat order from the contractor's left. All passed: every side from the
        dealer's left."""
        group: tuple[str, ...] = ()
        if contractor is not None:
            group = (self.side_of[contractor],)
            if partner is not None and self.side_of[partner] not in group:
                group += (self.side_of[partner],)
        start = contractor or self.dealer or self.players[0]
        at = self.players.index(start)
        groups = [group] if group else []
        seen = set(group)
        for player in self.players[at + 1 :] + self.players[: at + 1]:
            side = self.side_of[player]
            if side not in seen:
                seen.add(side)
                groups.append((side,))
        return groups

    def tricks_problem(self, counts: Sequence[int], complete: bool = True) -> str | None:
        """Why these sides' trick counts cannot be a deal's, or None: each from 0 to the deal's tricks, and all
        of them together exactly that many (`complete`), or at most that many while one side's are the rest."""
        return tricks_problem(counts, self.tricks_per_deal, complete)

    def tricks_left(self, counts: Sequence[int]) -> int:
        """The tricks the last side took: the rest of the deal's after these sides' (negative: too many typed)."""
        return self.tricks_per_deal - sum(counts)

    def bid_problem(self, call: str) -> str | None:
        """Why this contract cannot be bid in this game (nullo off), or None."""
        if is_nullo(call) and not self.nullo:
            return nullo_off(call)
        return None

    def call_problem(self, call: str) -> str | None:
        """Why the player on turn cannot make this call now, or None (a pass always may)."""
        if call == PASS or not self.legal_calls or call in self.legal_calls:
            return None
        return self.bid_problem(call) or _(
            "{call} does not outrank {high}: the bid to beat is {high}"
        ).format(call=display_call(call), high=self.bid_to_beat)

    def partner_problem(self, contractor: str | None, partner: str, contract: str | None) -> str | None:
        """Why `partner` cannot be the called partner (five hands), or None."""
        if partner == contractor:
            return _("the called partner is another player than the contractor (blank: he plays alone)")
        contract = contract or self.contract
        if contract and is_nullo(contract):
            return _("{call} is played alone: leave the partner blank").format(call=display_call(contract))
        return None

    def irregularity_deal(self, kind: str) -> IrregularityDeal:
        """Which deal an irregularity of this kind logged now belongs to (the form's typed contract aside)."""
        if kind in ("redeal", "bid_out_of_turn") and self.phase == "deal":
            return IrregularityDeal(self.number, coming=True)
        if self.phase == "deal":
            return IrregularityDeal(self.last_deal, thrown_in=self.last_thrown_in)
        return IrregularityDeal(self.deal, rescored=self.result_seq is not None)


class DealCells(NamedTuple):
    """A Five Hundred row's columns: a scored deal, played in a contract or, all passed, at no trump. Made as the
    deal is scored; its words are read in the names of the deal's moment."""

    deal: int
    call: str | None  # "7H", "nullo"; None: all passed, played at no trump
    outcome: str  # "made", "set", "slam", "nullo made" …, "no trump": a key (in words: `outcome_words`)
    short: str  # the outcome without the call, beside which a sheet shows it: "made", "set", "slam" ("": all passed);
    # a key too (in words: `short_words`)
    irregularity: str  # why it was scored so ("" when as played)
    tricks: Mapping[str, int]  # side -> tricks won
    points: Mapping[str, int]  # side -> points this deal (the row's change)
    taken: (
        Mapping[str, int] | None
    )  # side -> card points taken, as the result gives them (the card-point variant)
    contractor_side: str | None
    value: int  # the contract's value
    tricks_won: int  # by the contracting side
    naming: Naming  # the names at that deal
    dealer_seat: str
    contractor_seat: str | None
    partner_seat: str | None  # the called partner (five hands)

    @property
    def dealer(self) -> str:
        return self.naming.name(self.dealer_seat)

    @property
    def contractor(self) -> str | None:
        return self.naming.name(self.contractor_seat) if self.contractor_seat else None

    @property
    def partner(self) -> str | None:
        return self.naming.name(self.partner_seat) if self.partner_seat else None

    @property
    def contract(self) -> str:
        """The call in words ("7♥"), "" when all passed."""
        return display_call(self.call) if self.call else ""

    @property
    def tricks_bid(self) -> int:
        return tricks_bid(self.call) if self.call else 0

    @property
    def short_words(self) -> str:
        """The outcome beside the call, in the language spoken: "made", "set", "slam" ("" when all passed)."""
        return short_words(self.call, self.short)

    @property
    def outcome_words(self) -> str:
        """The outcome in the language spoken: "made", "slam", "nullo made", "no trump"."""
        if self.call is None:
            return pgettext("outcome", "no trump")
        if is_nullo(self.call):
            if self.short == "made":
                return pgettext("nullo", "{call} made").format(call=display_call(self.call))
            return pgettext("nullo", "{call} set").format(call=display_call(self.call))
        return self.short_words

    @property
    def tricks_text(self) -> str:
        """Every side's tricks in words ("Ann 7, Bob 2, Cid 1")."""
        return ", ".join(f"{self.naming.side_name(side)} {n}" for side, n in self.tricks.items())

    @property
    def won(self) -> Mapping[str, int]:
        """side -> points won this deal (the classic three-hand sheet keeps them apart; net = won − lost)"""
        return {side: max(points, 0) for side, points in self.points.items()}

    @property
    def lost(self) -> Mapping[str, int]:
        return {side: max(-points, 0) for side, points in self.points.items()}

    @property
    def card_points(self) -> Mapping[str, int] | None:
        """side -> card points taken, every side (the card-point variant; None without it)"""
        taken = self.taken
        return None if taken is None else {side: taken.get(side, 0) for side in self.tricks}

    @classmethod
    def of(cls, row: Row, sides: Sequence[str] = ()) -> DealCells:
        """A Five Hundred row's columns (every row of the game is a deal's)."""
        cells = row.cells
        if not isinstance(cells, DealCells):
            raise TypeError(f"row {row.seq} is not a Five Hundred deal's")  # not words: a programmer's error
        return cells


@dataclass(frozen=True, slots=True)
class DealFigures:
    """What the statistics count of a Five Hundred row: its call (None: all passed), its outcome and the
    contracting side."""

    call: str | None
    outcome: str
    contractor_side: str | None

    @classmethod
    def of(cls, row: Row) -> DealFigures | None:
        """A scored deal's figures; None for a row that is not a Five Hundred deal's."""
        cells = row.cells
        if not isinstance(cells, DealCells):
            return None
        return cls(cells.call, cells.outcome, cells.contractor_side)

    @classmethod
    def read(cls, row: Row, sides: Sequence[str]) -> DealFigures:
        """A row's figures (TypeError for a row that is not a Five Hundred deal's)."""
        cells = DealCells.of(row, sides)
        return cls(cells.call, cells.outcome, cells.contractor_side)

    @property
    def strain(self) -> str | None:
        """The contract's strain: "S" … "NT", or the nullo called ("nullo", "open_nullo"); None when all passed."""
        if self.call is None:
            return None
        return self.call if is_nullo(self.call) else split(self.call)[1]

    @property
    def made(self) -> bool:
        """The contract was made (a slam is made too); False when it was set, or all passed."""
        return self.call is not None and (self.outcome == "slam" or self.outcome.endswith("made"))


def tricks_problem(counts: Sequence[int], per_deal: int, complete: bool = True) -> str | None:
    """The law of a deal's tricks: every count from 0 to `per_deal`, and all of them `per_deal` in all
    (`complete`), or no more than that while the last side's count is still to come."""
    if any(not 0 <= n <= per_deal for n in counts):
        return _("tricks: a number from 0 to {most}").format(most=per_deal)
    return tricks_total_problem(sum(counts), per_deal, complete)


def tricks_total_problem(total: int, per_deal: int, complete: bool = True) -> str | None:
    if complete and total != per_deal:
        return _("the tricks add up to {total}, not {tricks}").format(total=total, tricks=per_deal)
    if total > per_deal:
        return _("the tricks add up to {total}, more than {tricks}").format(total=total, tricks=per_deal)
    return None


def nullo_off(call: str) -> str:
    """Why a nullo cannot be bid at a table that plays without them."""
    return _("{call} is not bid in this game (nullo is off)").format(call=display_call(call))


def short_words(call: str | None, short: str) -> str:
    """A deal's outcome beside its call, in the language spoken ("made", "set", "slam"; a nullo's "made" and
    "set" have words of their own in some languages: Russian «сыгран», «не сыгран»)."""
    if not short or call is None:
        return ""
    if is_nullo(call):
        return pgettext("nullo", "made") if short == "made" else pgettext("nullo", "set")
    if short == "slam":
        return pgettext("outcome", "slam")
    return pgettext("outcome", "made") if short == "made" else pgettext("outcome", "set")


def outcome_row(player: str, call: str, short: str) -> str:
    """A scored deal's row in words: "Bob 7♥ made", "Ann 8♠ slam", "Bob nullo set"."""
    shown = display_call(call)
    if is_nullo(call):
        if short == "made":
            return pgettext("nullo", "{player} {call} made").format(player=player, call=shown)
        return pgettext("nullo", "{player} {call} set").format(player=player, call=shown)
    if short == "slam":
        return _("{player} {call} slam").format(player=player, call=shown)
    if short == "made":
        return _("{player} {call} made").format(player=player, call=shown)
    return _("{player} {call} set").format(player=player, call=shown)


def side_needs(
    totals: Mapping[str, int], target: int, out: frozenset[str] | set[str], names: Mapping[str, str]
) -> tuple[SideNeed, ...]:
    """What each side needs to reach the target; a side minus the target is out of the running."""
    needs = []
    for side, total in totals.items():
        if side in out:
            needs.append(SideNeed(side, names[side], None, True, _("out of the running")))
        else:
            to_go = max(0, target - total)
            words = _("needs {points} to reach {target}").format(points=to_go, target=target)
            needs.append(SideNeed(side, names[side], to_go, False, words))
    return tuple(needs)
