"""Five Hundred replay: the state of the game, and the rules that validate and fold each log entry."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from scorepad.locale import N_, _, ngettext
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
from scorepad.rules.five_hundred.view import FiveHundredView, nullo_off, side_needs, tricks_total_problem

#: the law of corrections, quoted where a correction comes too late (marked: `_()` where said)
CORRECTION_LAW = N_(
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
        return self._new_deal(self.deals + 1, self.next_dealer())

    def start_deal(self, dealer: str) -> Deal:
        self.deals = self.position = index = self.deals + 1
        deal = self.deal = self._new_deal(index, dealer)
        return deal

    def _new_deal(self, index: int, dealer: str) -> Deal:
        deal = Deal(index, dealer, self.players, self.one_round, call_order(self.players, dealer))
        # in the hole: plays the deal, but is passed over in the auction (in the sides' order, the same every run)
        for side in (side for side in self.sides if side in self.out):
            for player in self.sides[side]:
                deal.barred[player] = self.out_words(side)
        return deal

    def out_words(self, side: str) -> str:
        """Why a side in the hole no longer bids, as the law has it (3-hand: "cannot win the game but plays
        on")."""
        return _(
            "{side} is out of the running (a side at −{target} or lower cannot win any more: it plays on, but bids "
            "no more)"
        ).format(side=self.side_name(side), target=self.settings.target)

    def first_bidder(self, dealer: str) -> str:
        """Who bids first in a deal `dealer` deals: the player on his left, a player out of the running passed
        over."""
        if not self.out:
            return self.left_of(dealer)
        return self._new_deal(self.deals + 1, dealer).to_bid() or self.left_of(dealer)

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
            needs=()
            if phase == "over"
            else side_needs(
                self.totals, self.settings.target, self.out, {s: self.side_name(s) for s in self.sides}
            ),
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
            return (_("Game over: {result}").format(result=self.result),)
        if phase == "question":
            return (_("Question for the table: {question}").format(question=self.questions[0]),)
        goal = _("Game to {target}").format(target=self.settings.target)
        deal = self.deal
        if phase == "start":
            dealer, first = self.next_dealer(), self.name(self.first_bidder(self.next_dealer()))
            if deal is not None and deal.thrown_in:
                thrown_in = (
                    _("Deal {number} thrown in ({why}): {dealer} deals again")
                    if deal.same_dealer_again
                    else _("Deal {number} thrown in ({why}): {dealer} deals")
                )
                bids_first = _("{player} bids first").format(player=first)
                return (
                    thrown_in.format(number=deal.index, why=deal.thrown_in, dealer=self.name(dealer)),
                    f"{bids_first} · {goal}",
                )
            return (
                _("Deal {number}: {dealer} deals, {player} bids first").format(
                    number=self.deals + 1, dealer=self.name(dealer), player=first
                ),
                goal,
            )
        assert deal is not None
        dealt = _("Deal {number}: {dealer} dealt").format(number=deal.index, dealer=self.name(deal.dealer))
        if phase == "auction":
            to_bid = deal.to_bid()
            if not to_bid:
                return (dealt, _("Bidding"), goal)
            if deal.high:
                bidding = _("{player} to bid, {call} by {bidder} to beat").format(
                    player=self.name(to_bid), call=display_call(deal.high[1]), bidder=self.name(deal.high[0])
                )
            else:
                bidding = _("{player} to bid").format(player=self.name(to_bid))
            return (dealt, bidding, goal)
        if deal.contract is None:
            return (dealt, _("All passed: played at no trump"), goal)
        contract = _("Contract: {player} {call}").format(
            player=self.name(deal.contractor or ""), call=display_call(deal.contract)
        )
        return (dealt, contract, goal)

    def describe_prompt(self) -> str:
        return self._prompt()  # worked out when a sheet is made, not after every entry

    def _prompt(self) -> str:
        phase = self.phase()
        if phase == "over":
            return _("The game is over: {result}").format(result=self.result)
        if phase == "question":
            return self.questions[0]
        deal = self.deal
        if phase == "start":
            dealer = self.next_dealer()
            if deal is None:
                prompt = _("{dealer} deals (or enter who dealt); {player} bids first")
            elif deal.same_dealer_again:
                prompt = _("Deal thrown in: {dealer} deals again; {player} bids first")
            elif deal.thrown_in:
                prompt = _("All passed: {dealer} deals next; {player} bids first")
            else:
                prompt = _("{dealer} deals next; {player} bids first")
            return prompt.format(dealer=self.name(dealer), player=self.name(self.first_bidder(dealer)))
        assert deal is not None
        if phase == "auction":
            to_bid = self.name(deal.to_bid() or "")
            if deal.high:
                return _("{player} to bid ({call} to beat)").format(
                    player=to_bid, call=display_call(deal.high[1])
                )
            return _("{player} to bid").format(player=to_bid)
        if deal.contract is None:
            return _("Result of the no-trump deal (all passed)")
        return _("Result of {player}'s {call}").format(
            player=self.name(deal.contractor or ""), call=display_call(deal.contract)
        )


class FiveHundredRules(base.Rules[FiveHundredState, Settings]):
    game = "five_hundred"
    title = N_("Five Hundred")
    settings_model = Settings
    presets = PRESETS
    min_players = 2
    max_players = 6

    def entry_deal(self, where: base.Where) -> int:
        return where.after  # the position is the deal in progress: a deal entry (or a first bid) starts it

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
        return _no_place(entry)

    @staticmethod
    def _unknown_player(state: FiveHundredState, player: str) -> str | None:
        if player not in state.players:
            return _("{player} is not a player of this game (players: {players})").format(
                player=repr(player), players=", ".join(state.players)
            )
        return None

    @staticmethod
    def _game_goes_on(state: FiveHundredState) -> str | None:
        if state.status == "finished":
            return _("the game is over: {result}").format(result=state.result)
        if state.questions:
            return _("first answer the open question: {question}").format(question=state.questions[0])
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
            return _(
                "deal {number} by {dealer} has no result yet: enter its result, or a redeal by {dealer}"
            ).format(number=deal.index, dealer=state.name(deal.dealer))
        expected = state.next_dealer()
        if dealer == expected:
            return None
        if deal.same_dealer_again:
            return _("deal {number} was thrown in, so {dealer} deals again").format(
                number=deal.index, dealer=state.name(expected)
            )
        if deal.thrown_in:
            return _("all passed on {dealer}'s deal, so the deal passes to {next}").format(
                dealer=state.name(deal.dealer), next=state.name(expected)
            )
        return _("{dealer} dealt the last deal: the deal passes to {next}").format(
            dealer=state.name(deal.dealer), next=state.name(expected)
        )

    def _check_call(self, state: FiveHundredState, call: str) -> str | None:
        if is_nullo(call) and not state.settings.nullo:
            return nullo_off(call)
        return None

    def _check_closed_auction(self, state: FiveHundredState) -> str | None:
        """A deal whose auction is over but whose result is not in takes no more bids."""
        deal = state.deal
        if deal is None or deal.closed or deal.auction_open:
            return None
        if deal.contract is not None:
            return _("the auction is over: {player} has the contract at {call}; enter the result").format(
                player=state.name(deal.contractor or ""), call=display_call(deal.contract)
            )
        return _("all passed and the deal is played at no trump: enter its result")

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
                return _barred(state, deal, player)
            if player in deal.passed:
                return _("{player} passed earlier and cannot bid again this deal").format(
                    player=state.name(player)
                )
            if deal.one_round and deal.has_called(player):
                return _(
                    "{player} has had his call this deal: in this auction each player calls once, the dealer last"
                ).format(player=state.name(player))
            return _("it is {turn}'s turn to bid, not {player}'s").format(
                turn=state.name(to_bid or ""), player=state.name(player)
            )
        high = deal.high
        if call == PASS or high is None or state.schedule.ranks[call] > state.schedule.ranks[high[1]]:
            return None
        return self._not_high_enough(state, call, high)

    @staticmethod
    def _not_high_enough(state: FiveHundredState, call: str, high: tuple[str, str]) -> str:
        settings = state.settings
        bidder, to_beat = high
        shown, beat = display_call(call), display_call(to_beat)
        if (
            settings.schedule == "original"
            and not is_nullo(call)
            and not is_nullo(to_beat)
            and (bid_rank(call, settings) == bid_rank(to_beat, settings))
        ):
            return _(
                "{call} is worth {value}, the same as {high} by {bidder}: with the original schedule a bid must be "
                "of higher value"
            ).format(call=shown, value=bid_value(call, settings), high=beat, bidder=state.name(bidder))
        return _("{call} does not outrank {high} by {bidder}: the bid to beat is {high}").format(
            call=shown, high=beat, bidder=state.name(bidder)
        )

    def _check_contract(self, state: FiveHundredState, entry: FHContract) -> str | None:
        if entry.call == PASS:
            return _("a contract cannot be a pass: enter the passes as bids (a pass by every player)")
        if state.status == "finished" or state.questions:
            return self._game_goes_on(state)
        reason = self._check_closed_auction(state) or self._check_call(state, entry.call)
        if reason:
            return reason
        deal = state.bidding_deal()
        if deal.calls:
            to_bid = state.name(deal.to_bid() or "")
            if deal.high:
                return _(
                    "deal {number}'s auction is being entered bid by bid ({player} to bid, {call} to beat): go on "
                    "with it"
                ).format(number=deal.index, player=to_bid, call=display_call(deal.high[1]))
            return _(
                "deal {number}'s auction is being entered bid by bid ({player} to bid): go on with it"
            ).format(number=deal.index, player=to_bid)
        if entry.player in deal.barred:
            return _barred(state, deal, entry.player)
        return None

    def _check_result(self, state: FiveHundredState, entry: FHResult) -> str | None:
        if state.status == "finished" or state.questions:
            return self._game_goes_on(state)
        deal = state.deal
        if deal is not None and deal.result is not None:
            return _(
                "deal {number} already has its result: correct that result to change it, or start the next deal"
            ).format(number=deal.index)
        if deal is None or deal.thrown_in or deal.auction_open:
            if deal is not None and deal.auction_open and deal.calls:
                return _("deal {number}'s auction is not over: {player} to bid").format(
                    number=deal.index, player=state.name(deal.to_bid() or "")
                )
            return _("a result needs a contract: enter the contract (or the auction) first")
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
    def _unknown_sides(state: FiveHundredState, keys: Any, tricks: bool) -> str | None:
        """Why a result's tricks (or, not `tricks`, its card points) name a side the game does not have."""
        unknown = [key for key in keys if key not in state.sides]
        if not unknown:
            return None
        words = (
            _("the tricks name {side}, which is not a side of this game (sides: {sides})")
            if tricks
            else _("the card points name {side}, which is not a side of this game (sides: {sides})")
        )
        return words.format(side=repr(unknown[0]), sides=", ".join(state.sides))

    def _check_tricks(self, state: FiveHundredState, entry: FHResult) -> str | None:
        sides, tricks = state.sides, entry.tricks
        for side, n in tricks.items():
            if n < 0 or side not in sides:
                break
        else:  # the usual result: every side known, no count negative
            total = sum(tricks.values())
            return None if total == TRICKS_PER_DEAL else tricks_total_problem(total, TRICKS_PER_DEAL)
        if reason := self._unknown_sides(state, entry.tricks, tricks=True):
            return reason
        negative = next((side for side, n in entry.tricks.items() if n < 0), None)
        if negative is not None:
            return _("{side} won {count} tricks? trick counts cannot be negative").format(
                side=state.side_name(negative), count=entry.tricks[negative]
            )
        return tricks_total_problem(sum(entry.tricks.values()), TRICKS_PER_DEAL)

    @staticmethod
    def _check_partner(state: FiveHundredState, deal: Deal, entry: FHResult) -> str | None:
        partner = entry.partner
        if partner is None:
            return None
        if partner not in state.players:
            return _("{player} is not a player of this game").format(player=repr(partner))
        if len(state.players) != 5:
            return _("only in five-hand Five Hundred does the contractor name a partner")
        if deal.contractor is None:
            return _("all passed: nobody won the bid, so nobody names a partner")
        if partner == deal.contractor or state.side_of[partner] == state.side_of[deal.contractor]:
            return _("{player} is the contractor's own side, not a called partner").format(
                player=state.name(partner)
            )
        if is_nullo(deal.contract or ""):
            return _("{call} is played alone: the contractor names no partner").format(
                call=display_call(deal.contract or "")
            )
        return None

    def _check_card_points(self, state: FiveHundredState, entry: FHResult) -> str | None:
        points = entry.card_points
        if not state.settings.card_points:
            return (
                _("card points are not counted in this game (card_points is off)")
                if points is not None
                else None
            )
        if points is None:
            return _("the card-point variant needs each side's card points (card_points)")
        if reason := self._unknown_sides(state, points, tricks=False):
            return reason
        if any(n < 0 for n in points.values()):
            return _("card points cannot be negative")
        for side, n in points.items():
            if n and not entry.tricks.get(side):  # (a side left out of the tricks won none)
                return ngettext(
                    "{side} won no trick, so cannot have {count} card point",
                    "{side} won no trick, so cannot have {count} card points",
                    n,
                ).format(side=state.side_name(side), count=n)
        total, pack = sum(points.values()), deck_points(len(state.players))
        if pack is not None and total > pack:
            return _("the card points add up to {total}, more than the {pack} in the pack ({cards})").format(
                total=total, pack=pack, cards=deck_description(len(state.players))
            )
        return None

    @staticmethod
    def _check_trick_winners(state: FiveHundredState, entry: FHResult) -> str | None:
        winners = entry.trick_winners
        if winners is None:
            return None
        if len(winners) != TRICKS_PER_DEAL:
            return _("trick_winners lists {count} tricks, not {tricks}").format(
                count=len(winners), tricks=TRICKS_PER_DEAL
            )
        unknown = [p for p in winners if p not in state.players]
        if unknown:
            return _("trick_winners names {player}, who is not a player of this game").format(
                player=repr(unknown[0])
            )
        for side in state.sides:
            counted = sum(1 for p in winners if state.side_of[p] == side)
            if counted != entry.tricks.get(side, 0):
                return ngettext(
                    "trick_winners give {side} {count} trick, but the tricks say {tricks}",
                    "trick_winners give {side} {count} tricks, but the tricks say {tricks}",
                    counted,
                ).format(side=state.side_name(side), count=counted, tricks=entry.tricks.get(side, 0))
        return None

    @staticmethod
    def _check_first_to_target(state: FiveHundredState, deal: Deal, entry: FHResult) -> str | None:
        first = entry.first_to_target
        if first is None:
            return None
        if first not in state.sides:
            return _("{side}, named as the first to reach {target}, is not a side of this game").format(
                side=repr(first), target=state.settings.target
            )
        scored = score_deal(state, replace(deal, result=entry))
        after = state.totals[first] + scored.delta[first]
        if after < state.settings.target:
            return _(
                "{side} does not reach {target} on this deal ({points}), so cannot have reached it first"
            ).format(side=state.side_name(first), target=state.settings.target, points=after)
        return None

    def _check_irregularity(self, state: FiveHundredState, entry: FHIrregularity) -> str | None:
        deal = state.deal
        if deal is None:
            return _("no deal has started yet")
        if state.status == "finished" and not (state.finished_by == "deal" and deal.scored):
            return _("the game is over: {result}").format(result=state.result)
        name = state.name(entry.player)
        if deal.thrown_in:
            return _("deal {number} was thrown in ({why}): an irregularity no longer changes it").format(
                number=deal.index, why=deal.thrown_in
            )
        if entry.kind == "bid_out_of_turn":
            if not deal.auction_open:
                return _(
                    "a bid out of turn matters only during the auction, and deal {number}'s auction is over"
                ).format(number=deal.index)
            if entry.player == deal.to_bid():
                return _(
                    "it is {player}'s turn to bid, so the bid is not out of turn: enter it as a bid"
                ).format(player=name)
        if entry.kind in ("revoke", "wrong_cards") and deal.contract is None and not deal.auction_open:
            words = (
                _(
                    "nobody won the bid on deal {number}: a revoke changes no score (if two hands are wrong the "
                    "deal is redealt: kind redeal)"
                )
                if entry.kind == "revoke"
                else _(
                    "nobody won the bid on deal {number}: wrong cards change no score (if two hands are wrong the "
                    "deal is redealt: kind redeal)"
                )
            )
            return words.format(number=deal.index)
        if entry.kind == "revoke" and deal.auction_open:
            return _("nobody has played yet: a revoke needs a contract")
        return None

    def _check_claim(self, state: FiveHundredState, entry: FHClaim) -> str | None:
        if reason := self._game_goes_on(state):
            return reason
        deal, settings = state.deal, state.settings
        if len(state.players) != 3:
            return _("only in three-hand Five Hundred may an opponent claim the game")
        if deal is None or deal.contract is None or deal.closed:
            return _("a claim is made during the play of a contract, and no contract is being played")
        contracting = contracting_sides(state, deal)
        side = state.side_of[entry.player]
        if side in contracting:
            return _("{player} is on the contracting side: only an opponent claims the game").format(
                player=state.name(entry.player)
            )
        if settings.must_bid_to_win:
            return _("with must_bid_to_win a side wins only by making its own bid: an opponent cannot claim")
        if settings.defenders_score == "never":
            return _("opponents never score their tricks in this game, so they cannot claim it")
        if side in state.out:
            return _("{side} cannot win any more: {target} in the hole").format(
                side=state.side_name(side), target=settings.target
            )
        contractor_side = contracting[0]
        value = bid_value(deal.contract, settings)
        if contractor_side not in state.out and state.totals[contractor_side] + value >= settings.target:
            return _(
                "{player} can reach {target} by making {call} ({points} + {value}): an opponent may claim only when "
                "the contractor cannot"
            ).format(
                player=state.name(deal.contractor or ""),
                target=settings.target,
                call=display_call(deal.contract),
                points=state.totals[contractor_side],
                value=value,
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
        return _no_place(entry)

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
            deal.thrown_in = _("all passed")

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
            deal.thrown_in, deal.same_dealer_again = _("redeal"), True
            return
        if entry.kind == "bid_out_of_turn":
            side = state.side_of[entry.player]
            if len(state.sides[side]) > 1:  # partnership: the bid is void and the side bids no more this deal
                for player in state.sides[side]:
                    deal.bar(player, _("{side} bid out of turn").format(side=state.side_name(side)))
        elif entry.kind == "wrong_cards" and deal.auction_open:
            if any(
                i.kind == "wrong_cards" and i.in_auction and i.player != entry.player
                for i in deal.irregularities[:-1]
            ):
                deal.thrown_in, deal.same_dealer_again = _("two hands were wrong during the bidding"), True
                return
            deal.bar(entry.player, _("a wrong number of cards was found in the hand during the bidding"))
        self._after_auction_change(state, deal)
        if deal.scored:
            self._score(state, deal)  # a late revoke or wrong hand re-scores the deal

    def _apply_claim(self, state: FiveHundredState, entry: FHClaim, seq: int) -> None:
        deal = state.deal
        assert deal is not None
        deal.add_claim(entry.player, entry.upheld, seq)
        if entry.upheld:
            side = state.side_of[entry.player]
            won = ngettext(
                "{side} wins: {player} claimed the game during {contractor}'s {call} and the claim was upheld",
                "{side} win: {player} claimed the game during {contractor}'s {call} and the claim was upheld",
                len(state.sides[side]),
            ).format(
                side=state.side_name(side),
                player=state.name(entry.player),
                contractor=state.name(deal.contractor or ""),
                call=display_call(deal.contract or ""),
            )
            state.finish(side, won)
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
        later = next((deal for _seq, deal in openers if deal > where.after), None)
        if later is None:
            return None
        return _("deal {number} has had its first bid ({law})").format(number=later, law=_(CORRECTION_LAW))


def _no_place(entry: Entry) -> str:
    return _("a {kind} entry has no place in a game of Five Hundred").format(kind=entry.type)


def _barred(state: FiveHundredState, deal: Deal, player: str) -> str:
    return _("{player} may not bid this deal: {why}").format(
        player=state.name(player), why=deal.barred[player]
    )


RULES = FiveHundredRules()
