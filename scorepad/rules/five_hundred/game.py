"""Five Hundred replay: the state of the game, and the rules that validate and fold each log entry."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from scorepad.log import Deal as DealEntry
from scorepad.log import Entry, FHBid, FHClaim, FHContract, FHIrregularity, FHResult, Header
from scorepad.rules import base
from scorepad.rules.five_hundred.calls import (
    NULLOS,
    PASS,
    Schedule,
    bid_rank,
    bid_value,
    display_call,
    is_nullo,
)
from scorepad.rules.five_hundred.deal import Deal, Irregularity, Snapshot, call_order
from scorepad.rules.five_hundred.scoring import contracting_sides, judge, rivals_at_target, score_deal
from scorepad.rules.five_hundred.settings import (
    PRESETS,
    TRICKS_PER_DEAL,
    Settings,
    deck_description,
    deck_points,
)
from scorepad.rules.five_hundred.view import FiveHundredView, tricks_total_problem
from scorepad.rules.wording import counted as plural_of

CORRECTION_LAW = (
    "an error in the record must be corrected before the first bid, but not a pass, of the next deal"
)


class FiveHundredState(base.State[Settings]):
    def __init__(self, header: Header, settings: Settings, sides: Mapping[str, tuple[str, ...]]):
        super().__init__(header, settings, sides)
        self.deal: Deal | None = None  # the deal in progress (or the last one, until the next starts)
        self.deals = 0
        self.out: set[str] = set()  # sides that have been minus the target: they cannot win any more
        self.finished_by = ""  # "deal" or "claim"
        self.position = 0  # the deal in progress (0 before the first): where an entry goes
        self.schedule = Schedule.of(settings)  # every bid's value and rank at this table

    @property
    def one_round(self) -> bool:
        return self.settings.auction == "one_round"

    # ------------------------------------------------------------------ dealing

    def next_dealer(self) -> str:
        """Who deals the next deal: the first player at first, then clockwise; the same after a redeal."""
        deal = self.deal
        if deal is None:
            return self.players[0]
        if not deal.closed or deal.same_dealer_again:
            return deal.dealer
        return self.left_of(deal.dealer)

    def left_of(self, player: str) -> str:
        return self.players[(self.players.index(player) + 1) % len(self.players)]

    def bidding_deal(self) -> Deal:
        """The deal a bid goes to: the open auction, or the next deal, which a bid starts implicitly."""
        if self.deal is not None and self.deal.auction_open:
            return self.deal
        dealer = self.next_dealer()
        return Deal(self.deals + 1, dealer, self.players, self.one_round, call_order(self.players, dealer))

    def start_deal(self, dealer: str) -> Deal:
        self.deals = self.position = index = self.deals + 1
        deal = self.deal = Deal(index, dealer, self.players, self.one_round, call_order(self.players, dealer))
        return deal

    # ------------------------------------------------------------------ for screens

    def phase(self) -> str:
        if self.status == "finished":
            return "over"
        if self.questions:
            return "question"
        deal = self.deal
        if deal is None or deal.closed:
            return "start"
        return "auction" if deal.auction_open else "play"

    def view(self) -> FiveHundredView:
        phase = self.phase()
        deal = self.bidding_deal() if phase == "start" else self.deal
        fields: dict[str, Any] = {}
        if deal is not None:
            fields = deal.view(self.settings)
            fields["contractor_side"] = self.side_of[deal.contractor] if deal.contractor else None
            if phase in ("over", "question"):
                fields["to_bid"], fields["legal_calls"] = None, []
        for key in ("auction", "irregularities", "claims"):
            if key in fields:
                fields[key] = tuple(tuple(item) for item in fields[key])
        for key in ("passed", "legal_calls", "yet_to_call"):
            if key in fields:
                fields[key] = tuple(fields[key])
        if "barred" in fields:
            fields["barred"] = MappingProxyType(fields["barred"])
        return FiveHundredView(
            phase="deal" if phase == "start" else phase,  # type: ignore[arg-type]
            number=deal.index if deal is not None else self.deals + 1,
            players=self.players,
            side_of=MappingProxyType(dict(self.side_of)),
            nullo=self.settings.nullo,
            next_dealer=self.next_dealer(),
            target=self.settings.target,
            out_of_contention=tuple(sorted(self.out)),
            question=self.questions[0] if self.questions else None,
            # the deal just closed (scored or thrown in), while the view already shows the next one
            last_deal=self.deal.index if self.deal else None,
            last_thrown_in=(self.deal.thrown_in or None) if self.deal else None,
            # the sides the open question is about (who of them reached the target first)
            rivals=tuple(rivals_at_target(self, self.deal)) if phase == "question" and self.deal else (),
            may_claim=phase == "play" and deal is not None and deal.contractor is not None,
            **fields,
        )

    def board_lines(self) -> tuple[str, ...]:
        phase = self.phase()
        if phase == "over":
            return (f"Game over: {self.result}",)
        if phase == "question":
            return (f"Question for the table: {self.questions[0]}",)
        goal = f"Game to {self.settings.target}"
        deal = self.deal
        if phase == "start":
            dealer = self.next_dealer()
            number = self.deals + 1
            if deal is not None and deal.thrown_in:
                again = "deals again" if deal.same_dealer_again else "deals"
                return (
                    f"Deal {deal.index} thrown in ({deal.thrown_in}): {self.name(dealer)} {again}",
                    f"{self.name(self.left_of(dealer))} bids first · {goal}",
                )
            return (
                f"Deal {number}: {self.name(dealer)} deals, {self.name(self.left_of(dealer))} bids first",
                goal,
            )
        assert deal is not None
        dealt = f"Deal {deal.index}: {self.name(deal.dealer)} dealt"
        if phase == "auction":
            to_bid = deal.to_bid()
            beat = f", {display_call(deal.high[1])} by {self.name(deal.high[0])} to beat" if deal.high else ""
            return (dealt, f"{self.name(to_bid or '')} to bid{beat}" if to_bid else "Bidding", goal)
        if deal.contract is None:
            return (dealt, "All passed: played at no trump", goal)
        return (dealt, f"Contract: {self.name(deal.contractor or '')} {display_call(deal.contract)}", goal)

    def describe_prompt(self) -> str:
        return self._prompt()  # worked out when a sheet is made, not after every entry

    def _prompt(self) -> str:
        phase = self.phase()
        if phase == "over":
            return f"The game is over: {self.result}"
        if phase == "question":
            return self.questions[0]
        deal = self.deal
        if phase == "start":
            dealer = self.next_dealer()
            first = f"{self.name(self.left_of(dealer))} bids first"
            if deal is None:
                return f"{self.name(dealer)} deals (or enter who dealt); {first}"
            if deal.same_dealer_again:
                return f"Deal thrown in: {self.name(dealer)} deals again; {first}"
            if deal.thrown_in:
                return f"All passed: {self.name(dealer)} deals next; {first}"
            return f"{self.name(dealer)} deals next; {first}"
        assert deal is not None
        if phase == "auction":
            to_bid = deal.to_bid() or ""
            beat = f" ({display_call(deal.high[1])} to beat)" if deal.high else ""
            return f"{self.name(to_bid)} to bid{beat}"
        if deal.contract is None:
            return "Result of the no-trump deal (all passed)"
        return f"Result of {self.name(deal.contractor or '')}'s {display_call(deal.contract)}"


class FiveHundredRules(base.Rules[FiveHundredState, Settings]):
    game = "five_hundred"
    title = "Five Hundred"
    settings_model = Settings
    presets = PRESETS
    min_players = 2
    max_players = 6

    def default_sides(self, players: tuple[str, ...], settings: Settings) -> dict[str, tuple[str, ...]]:
        if len(players) == 4:
            return base.pairs_opposite(players)
        if len(players) == 6:
            if settings.six_hand_sides == "two_threes":
                groups: list[tuple[str, ...]] = [players[0::2], players[1::2]]  # alternate seats
            else:
                groups = [(players[i], players[i + 3]) for i in range(3)]  # opposite seats
            return {" & ".join(group): tuple(group) for group in groups}
        return {player: (player,) for player in players}

    def new_state(
        self, header: Header, settings: Settings, sides: Mapping[str, tuple[str, ...]]
    ) -> FiveHundredState:
        return FiveHundredState(header, settings, sides)

    # ------------------------------------------------------------------ validate

    def validate(self, state: FiveHundredState, entry: Entry) -> str | None:
        match entry:
            case DealEntry():
                return self._unknown_player(state, entry.dealer) or self._check_deal(state, entry)
            case FHContract():  # (a contract is a bid the auction did not show: matched first)
                return self._unknown_player(state, entry.player) or self._check_contract(state, entry)
            case FHBid():
                return self._unknown_player(state, entry.player) or self._check_bid(state, entry)
            case FHResult():
                return self._check_result(state, entry)
            case FHIrregularity():
                return self._unknown_player(state, entry.player) or self._check_irregularity(state, entry)
            case FHClaim():
                return self._unknown_player(state, entry.player) or self._check_claim(state, entry)
        return f"a {entry.type} entry has no place in a game of Five Hundred"

    @staticmethod
    def _unknown_player(state: FiveHundredState, player: str) -> str | None:
        if player not in state.players:
            return f"{player!r} is not a player of this game (players: {', '.join(state.players)})"
        return None

    @staticmethod
    def _game_goes_on(state: FiveHundredState) -> str | None:
        if state.status == "finished":
            return f"the game is over: {state.result}"
        if state.questions:
            return f"first answer the open question: {state.questions[0]}"
        return None

    def _check_deal(self, state: FiveHundredState, entry: DealEntry) -> str | None:
        if state.status == "finished" or state.questions:
            return self._game_goes_on(state)
        deal, dealer = state.deal, entry.dealer
        if deal is None:
            return None  # the cut decides the first dealer
        if not deal.closed:
            if dealer == deal.dealer:
                return None  # a redeal by the same dealer
            return (
                f"deal {deal.index} by {state.name(deal.dealer)} has no result yet: enter its result, "
                f"or a redeal by {state.name(deal.dealer)}"
            )
        expected = state.next_dealer()
        if dealer == expected:
            return None
        if deal.same_dealer_again:
            return f"deal {deal.index} was thrown in, so {state.name(expected)} deals again"
        if deal.thrown_in:
            return f"all passed on {state.name(deal.dealer)}'s deal, so the deal passes to {state.name(expected)}"
        return f"{state.name(deal.dealer)} dealt the last deal: the deal passes to {state.name(expected)}"

    def _check_call(self, state: FiveHundredState, call: str) -> str | None:
        if is_nullo(call) and not state.settings.nullo:
            return f"{display_call(call)} is not bid in this game (nullo is off)"
        return None

    def _check_closed_auction(self, state: FiveHundredState) -> str | None:
        """A deal whose auction is over but whose result is not in takes no more bids."""
        deal = state.deal
        if deal is None or deal.closed or deal.auction_open:
            return None
        if deal.contract is not None:
            return (
                f"the auction is over: {state.name(deal.contractor or '')} has the contract at "
                f"{display_call(deal.contract)}; enter the result"
            )
        return "all passed and the deal is played at no trump: enter its result"

    def _check_bid(self, state: FiveHundredState, entry: FHBid) -> str | None:
        if state.status == "finished" or state.questions:
            return self._game_goes_on(state)
        deal, call = state.deal, entry.call
        open_auction = deal is not None and deal.auction_open
        if deal is not None and not open_auction and deal.result is None and not deal.thrown_in:
            return self._check_closed_auction(state)
        if call in NULLOS and not state.settings.nullo:
            return self._check_call(state, call)
        if not open_auction:
            deal = state.bidding_deal()
        assert deal is not None
        player, to_bid = entry.player, deal.to_bid()
        if player != to_bid:  # (the player whose turn it is has not passed, is not barred and has not called)
            if player in deal.barred:
                return f"{state.name(player)} may not bid this deal: {deal.barred[player]}"
            if player in deal.passed:
                return f"{state.name(player)} passed earlier and cannot bid again this deal"
            if deal.one_round and deal.has_called(player):
                return (
                    f"{state.name(player)} has had his call this deal: in this auction each player calls "
                    "once, the dealer last"
                )
            return f"it is {state.name(to_bid or '')}'s turn to bid, not {state.name(player)}'s"
        high = deal.high
        if call == PASS or high is None or state.schedule.ranks[call] > state.schedule.ranks[high[1]]:
            return None
        return self._not_high_enough(state, call, high)

    @staticmethod
    def _not_high_enough(state: FiveHundredState, call: str, high: tuple[str, str]) -> str:
        settings = state.settings
        bidder, to_beat = high
        shown, beat = display_call(call), display_call(to_beat)
        by = f"{beat} by {state.name(bidder)}"
        if (
            settings.schedule == "original"
            and not is_nullo(call)
            and not is_nullo(to_beat)
            and (bid_rank(call, settings) == bid_rank(to_beat, settings))
        ):
            return (
                f"{shown} is worth {bid_value(call, settings)}, the same as {by}: with the original schedule "
                "a bid must be of higher value"
            )
        return f"{shown} does not outrank {by}: the bid to beat is {beat}"

    def _check_contract(self, state: FiveHundredState, entry: FHContract) -> str | None:
        if entry.call == PASS:
            return "a contract cannot be a pass: enter the passes as bids (a pass by every player)"
        if state.status == "finished" or state.questions:
            return self._game_goes_on(state)
        reason = self._check_closed_auction(state) or self._check_call(state, entry.call)
        if reason:
            return reason
        deal = state.bidding_deal()
        if deal.calls:
            to_bid = state.name(deal.to_bid() or "")
            beat = f", {display_call(deal.high[1])} to beat" if deal.high else ""
            return f"deal {deal.index}'s auction is being entered bid by bid ({to_bid} to bid{beat}): go on with it"
        if entry.player in deal.barred:
            return f"{state.name(entry.player)} may not bid this deal: {deal.barred[entry.player]}"
        return None

    def _check_result(self, state: FiveHundredState, entry: FHResult) -> str | None:
        if state.status == "finished" or state.questions:
            return self._game_goes_on(state)
        deal = state.deal
        if deal is not None and deal.result is not None:
            return (
                f"deal {deal.index} already has its result (entry {deal.result_seq}): amend that entry to "
                "change it, or start the next deal"
            )
        if deal is None or deal.thrown_in or deal.auction_open:
            if deal is not None and deal.auction_open and deal.calls:
                return f"deal {deal.index}'s auction is not over: {state.name(deal.to_bid() or '')} to bid"
            return "a result needs a contract: enter the contract (or the auction) first"
        if reason := self._check_tricks(state, entry):
            return reason
        if (
            entry.partner is None
            and entry.card_points is None
            and not state.settings.card_points
            and (entry.trick_winners is None and entry.first_to_target is None)
        ):
            return None  # the usual result: tricks only
        return (
            self._check_partner(state, deal, entry)
            or self._check_card_points(state, entry)
            or self._check_trick_winners(state, entry)
            or self._check_first_to_target(state, deal, entry)
        )

    @staticmethod
    def _unknown_sides(state: FiveHundredState, keys: Any, what: str) -> str | None:
        unknown = [key for key in keys if key not in state.sides]
        if unknown:
            return f"{what} name {unknown[0]!r}, which is not a side of this game (sides: {', '.join(state.sides)})"
        return None

    def _check_tricks(self, state: FiveHundredState, entry: FHResult) -> str | None:
        sides, tricks = state.sides, entry.tricks
        for side, n in tricks.items():
            if n < 0 or side not in sides:
                break
        else:  # the usual result: every side known, no count negative
            total = sum(tricks.values())
            return None if total == TRICKS_PER_DEAL else tricks_total_problem(total, TRICKS_PER_DEAL)
        if reason := self._unknown_sides(state, entry.tricks, "the tricks"):
            return reason
        negative = next((side for side, n in entry.tricks.items() if n < 0), None)
        if negative is not None:
            return f"{state.side_name(negative)} won {entry.tricks[negative]} tricks? trick counts cannot be negative"
        return tricks_total_problem(sum(entry.tricks.values()), TRICKS_PER_DEAL)

    @staticmethod
    def _check_partner(state: FiveHundredState, deal: Deal, entry: FHResult) -> str | None:
        partner = entry.partner
        if partner is None:
            return None
        if partner not in state.players:
            return f"{partner!r} is not a player of this game"
        if len(state.players) != 5:
            return "only in five-hand Five Hundred does the contractor name a partner"
        if deal.contractor is None:
            return "all passed: nobody won the bid, so nobody names a partner"
        if partner == deal.contractor or state.side_of[partner] == state.side_of[deal.contractor]:
            return f"{state.name(partner)} is the contractor's own side, not a called partner"
        if is_nullo(deal.contract or ""):
            return f"{display_call(deal.contract or '')} is played alone: the contractor names no partner"
        return None

    def _check_card_points(self, state: FiveHundredState, entry: FHResult) -> str | None:
        points = entry.card_points
        if not state.settings.card_points:
            return (
                "card points are not counted in this game (card_points is off)"
                if points is not None
                else None
            )
        if points is None:
            return "the card-point variant needs each side's card points (card_points)"
        if reason := self._unknown_sides(state, points, "the card points"):
            return reason
        if any(n < 0 for n in points.values()):
            return "card points cannot be negative"
        for side, n in points.items():
            if n and not entry.tricks.get(side):  # (a side left out of the tricks won none)
                return f"{state.side_name(side)} won no trick, so cannot have {n} card points"
        total, pack = sum(points.values()), deck_points(len(state.players))
        if pack is not None and total > pack:
            return (
                f"the card points add up to {total}, more than the {pack} in the pack "
                f"({deck_description(len(state.players))})"
            )
        return None

    @staticmethod
    def _check_trick_winners(state: FiveHundredState, entry: FHResult) -> str | None:
        winners = entry.trick_winners
        if winners is None:
            return None
        if len(winners) != TRICKS_PER_DEAL:
            return f"trick_winners lists {len(winners)} tricks, not {TRICKS_PER_DEAL}"
        unknown = [p for p in winners if p not in state.players]
        if unknown:
            return f"trick_winners names {unknown[0]!r}, who is not a player of this game"
        for side in state.sides:
            counted = sum(1 for p in winners if state.side_of[p] == side)
            if counted != entry.tricks.get(side, 0):
                return (
                    f"trick_winners give {state.side_name(side)} {plural_of(counted, 'trick')}, but the tricks say "
                    f"{entry.tricks.get(side, 0)}"
                )
        return None

    @staticmethod
    def _check_first_to_target(state: FiveHundredState, deal: Deal, entry: FHResult) -> str | None:
        first = entry.first_to_target
        if first is None:
            return None
        if first not in state.sides:
            return f"first_to_target names {first!r}, which is not a side of this game"
        scored = score_deal(state, replace(deal, result=entry))
        after = state.totals[first] + scored.delta[first]
        if after < state.settings.target:
            return (
                f"{state.side_name(first)} does not reach {state.settings.target} on this deal ({after}), "
                "so cannot have reached it first"
            )
        return None

    def _check_irregularity(self, state: FiveHundredState, entry: FHIrregularity) -> str | None:
        deal = state.deal
        if deal is None:
            return "no deal has started yet"
        if state.status == "finished" and not (state.finished_by == "deal" and deal.scored):
            return f"the game is over: {state.result}"
        name = state.name(entry.player)
        if deal.thrown_in:
            return f"deal {deal.index} was thrown in ({deal.thrown_in}): an irregularity no longer changes it"
        if entry.kind == "bid_out_of_turn":
            if not deal.auction_open:
                return f"a bid out of turn matters only during the auction, and deal {deal.index}'s auction is over"
            if entry.player == deal.to_bid():
                return f"it is {name}'s turn to bid, so the bid is not out of turn: enter it as a bid"
        if entry.kind in ("revoke", "wrong_cards") and deal.contract is None and not deal.auction_open:
            return (
                f"nobody won the bid on deal {deal.index}: a {entry.kind.replace('_', ' ')} changes no score "
                "(if two hands are wrong the deal is redealt: kind redeal)"
            )
        if entry.kind == "revoke" and deal.auction_open:
            return "nobody has played yet: a revoke needs a contract"
        return None

    def _check_claim(self, state: FiveHundredState, entry: FHClaim) -> str | None:
        if reason := self._game_goes_on(state):
            return reason
        deal, settings = state.deal, state.settings
        if len(state.players) != 3:
            return "only in three-hand Five Hundred may an opponent claim the game"
        if deal is None or deal.contract is None or deal.closed:
            return "a claim is made during the play of a contract, and no contract is being played"
        contracting = contracting_sides(state, deal)
        side = state.side_of[entry.player]
        if side in contracting:
            return f"{state.name(entry.player)} is on the contracting side: only an opponent claims the game"
        if settings.must_bid_to_win:
            return "with must_bid_to_win a side wins only by making its own bid: an opponent cannot claim"
        if settings.defenders_score == "never":
            return "opponents never score their tricks in this game, so they cannot claim it"
        if side in state.out:
            return f"{state.side_name(side)} cannot win any more: {settings.target} in the hole"
        contractor_side = contracting[0]
        value = bid_value(deal.contract, settings)
        if contractor_side not in state.out and state.totals[contractor_side] + value >= settings.target:
            return (
                f"{state.name(deal.contractor or '')} can reach {settings.target} by making "
                f"{display_call(deal.contract)} ({state.totals[contractor_side]} + {value}): an opponent may "
                "claim only when the contractor cannot"
            )
        return None

    # ------------------------------------------------------------------ apply

    def fold(self, state: FiveHundredState, entry: Entry, seq: int) -> str | None:
        """`validate`, and the entry folded in when it may come."""
        match entry:
            case DealEntry():
                reason = self._unknown_player(state, entry.dealer) or self._check_deal(state, entry)
                if reason is None:
                    self._apply_deal(state, entry, seq)
                return reason
            case FHContract():  # (a contract is a bid the auction did not show: matched first)
                reason = self._unknown_player(state, entry.player) or self._check_contract(state, entry)
                if reason is None:
                    self._apply_contract(state, entry, seq)
                return reason
            case FHBid():
                reason = self._unknown_player(state, entry.player) or self._check_bid(state, entry)
                if reason is None:
                    self._apply_bid(state, entry, seq)
                return reason
            case FHResult():
                reason = self._check_result(state, entry)
                if reason is None:
                    self._apply_result(state, entry, seq)
                return reason
            case FHIrregularity():
                reason = self._unknown_player(state, entry.player) or self._check_irregularity(state, entry)
                if reason is None:
                    self._apply_irregularity(state, entry, seq)
                return reason
            case FHClaim():
                reason = self._unknown_player(state, entry.player) or self._check_claim(state, entry)
                if reason is None:
                    self._apply_claim(state, entry, seq)
                return reason
        return f"a {entry.type} entry has no place in a game of Five Hundred"

    def _apply_deal(self, state: FiveHundredState, entry: DealEntry, seq: int) -> None:
        state.start_deal(entry.dealer)

    def _bidding_deal(self, state: FiveHundredState, seq: int) -> Deal:
        """The open auction, or a deal started implicitly by this bid (next dealer, clockwise)."""
        if state.deal is None or not state.deal.auction_open:
            state.start_deal(state.next_dealer())
        assert state.deal is not None
        return state.deal

    def _apply_bid(self, state: FiveHundredState, entry: FHBid, seq: int) -> None:
        deal = self._bidding_deal(state, seq)
        deal.record_call(entry.player, entry.call, seq)
        if deal.first_bid_seq == seq:  # the deal's first bid that is not a pass
            state.opened(seq, deal.index)
        self._after_auction_change(state, deal)

    def _apply_contract(self, state: FiveHundredState, entry: FHContract, seq: int) -> None:
        deal = self._bidding_deal(state, seq)
        deal.set_contract(entry.player, entry.call, seq)
        if deal.first_bid_seq == seq:
            state.opened(seq, deal.index)
        self._after_auction_change(state, deal)

    @staticmethod
    def _after_auction_change(state: FiveHundredState, deal: Deal) -> None:
        if deal.all_passed and state.settings.all_pass == "redeal" and not deal.thrown_in:
            deal.thrown_in = "all passed"

    def _apply_result(self, state: FiveHundredState, entry: FHResult, seq: int) -> None:
        deal = state.deal
        assert deal is not None
        deal.result, deal.result_seq = entry, seq
        self._score(state, deal)

    def _apply_irregularity(self, state: FiveHundredState, entry: FHIrregularity, seq: int) -> None:
        deal = state.deal
        assert deal is not None
        deal.add_irregularity(Irregularity(entry.kind, entry.player, seq, in_auction=deal.auction_open))
        if entry.kind == "redeal":
            self._unscore(state, deal)
            deal.thrown_in, deal.same_dealer_again = "redeal", True
            return
        if entry.kind == "bid_out_of_turn":
            side = state.side_of[entry.player]
            if len(state.sides[side]) > 1:  # partnership: the bid is void and the side bids no more this deal
                for player in state.sides[side]:
                    deal.bar(player, f"{state.side_name(side)} bid out of turn (entry {seq})")
        elif entry.kind == "wrong_cards" and deal.auction_open:
            if any(
                i.kind == "wrong_cards" and i.in_auction and i.player != entry.player
                for i in deal.irregularities[:-1]
            ):
                deal.thrown_in, deal.same_dealer_again = "two hands were wrong during the bidding", True
                return
            deal.bar(
                entry.player,
                f"a wrong number of cards was found in the hand during the bidding (entry {seq})",
            )
        self._after_auction_change(state, deal)
        if deal.scored:
            self._score(state, deal)  # a late revoke or wrong hand re-scores the deal

    def _apply_claim(self, state: FiveHundredState, entry: FHClaim, seq: int) -> None:
        deal = state.deal
        assert deal is not None
        deal.add_claim(entry.player, entry.upheld, seq)
        if entry.upheld:
            side = state.side_of[entry.player]
            verb = "wins" if len(state.sides[side]) == 1 else "win"
            state.finish(
                side,
                f"{state.side_name(side)} {verb}: {state.name(entry.player)} claimed the game during "
                f"{state.name(deal.contractor or '')}'s {display_call(deal.contract or '')} and the "
                "claim was upheld",
            )
            state.finished_by = "claim"

    # ------------------------------------------------------------------ scoring

    @staticmethod
    def _unscore(state: FiveHundredState, deal: Deal) -> None:
        snap = deal.snapshot
        if snap is None:
            return
        state.totals = dict(snap.totals)  # the snapshot's own dict stays as it was
        state.take_back_rows(snap.rows)
        state.status, state.winner, state.result = snap.status, snap.winner, snap.result
        state.questions, state.out, state.finished_by = list(snap.questions), set(snap.out), snap.finished_by
        deal.snapshot = None
        deal.thrown_in, deal.same_dealer_again = "", False

    def _score(self, state: FiveHundredState, deal: Deal) -> None:
        if deal.snapshot is not None:
            self._unscore(state, deal)  # scored before: a late irregularity scores it again
        before = dict(state.totals)
        deal.snapshot = Snapshot(
            before,
            len(state.rows),
            state.status,
            state.winner,
            state.result,
            tuple(state.questions),
            frozenset(state.out),
            state.finished_by,
        )
        scored = score_deal(state, deal)
        if scored.thrown_in:
            deal.thrown_in, deal.same_dealer_again = scored.thrown_in, True
            return
        assert deal.result_seq is not None
        state.add_row(deal.result_seq, scored.text, scored.delta, scored.cells)
        totals, target = state.totals, state.settings.target
        if -target < min(totals.values()) and max(totals.values()) < target:
            return  # the usual deal: nobody has reached the target or sunk to minus it (`judge` needs not look)
        verdict = judge(state, deal, scored, before)
        if verdict.newly_out:
            state.out = state.out | set(verdict.newly_out)
        if verdict.question:
            state.questions = [*state.questions, verdict.question]
        if verdict.finished:
            state.finish(verdict.winner, verdict.sentence)
            state.finished_by = "deal"

    # ------------------------------------------------------------------ corrections

    def correction_window(
        self,
        state: FiveHundredState,
        target: int,
        where: base.Where,
        trial: Callable[[], FiveHundredState | None],
    ) -> str | None:
        # a later deal's first bid closes the window of the deal the entry went to (a deal entry, or a bid that
        # starts one, goes to the new deal); the first such is the earliest (a deal's entries come before the next's)
        openers = state.openers_after(target)
        later = next((seq for seq, deal in openers if deal > where.after), None)
        if later is None:
            return None
        return f"the next deal's first bid was entry {later} ({CORRECTION_LAW})"


RULES = FiveHundredRules()
