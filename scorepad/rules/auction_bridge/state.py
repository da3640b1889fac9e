"""The replay state of a rubber: the deal in progress, the scored deals, the games and the rubber."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from scorepad.locale import _
from scorepad.log import Header
from scorepad.rules import base
from scorepad.rules.auction_bridge.calls import Auction, Contract, format_call, holdings_for
from scorepad.rules.auction_bridge.settings import Settings
from scorepad.rules.auction_bridge.view import (
    BridgeView,
    ContractView,
    RubberScore,
    rubber_outlook,
    side_needs,
)

SEATS = 4


@dataclass
class DealInProgress:
    number: int
    dealer: str
    game: int
    auction: Auction
    contract: Contract | None = None


@dataclass
class Rubber:
    winner: str | None  # the side with the larger final total (None: equal totals)
    size: int
    games_winner: str | None  # the side that won the games (None: unfinished rubber)
    stopped: bool


class BridgeState(base.State[Settings]):
    def __init__(self, header: Header, settings: Settings, sides: Mapping[str, tuple[str, ...]]):
        super().__init__(header, settings, sides)
        self.problem = setup_problem(header.players, self.sides)
        self.side_labels = tuple(self.sides)
        self.trick_score = dict.fromkeys(self.sides, 0)
        self.honour_score = dict.fromkeys(self.sides, 0)
        self.games_won = dict.fromkeys(self.sides, 0)
        self.below_line = dict.fromkeys(self.sides, 0)  # the game in progress
        self.game_no = 1  # the game of the rubber being played (and how many have begun)
        self.first_declaration: int | None = None  # the seq of this game's first bid (not a pass) or contract
        self.deals = 0  # deals scored
        self.position = 1  # the deal the next entry goes to
        self.current: DealInProgress | None = None
        self.last_dealer: str | None = None
        self.rubber: Rubber | None = None
        self.agreed_seq: int | None = None
        self.prompt = self.problem or _("{player} to deal and bid").format(player=self.name(self.players[0]))

    # ------------------------------------------------------------------ seats and sides

    def seat_after(self, player: str) -> str:
        return self.players[(self.players.index(player) + 1) % len(self.players)]

    def next_dealer(self) -> str:
        return self.seat_after(self.last_dealer) if self.last_dealer else self.players[0]

    def other_side(self, side: str) -> str:
        return next(s for s in self.side_labels if s != side)

    def rename(self, player: str, new_name: str) -> None:
        super().rename(player, new_name)
        if self.current is not None:
            self.current.auction.names = self.names  # the auction in progress speaks of the new name at once

    def new_auction(self, dealer: str) -> Auction:
        return Auction(dealer, self.players, self.side_of, names=self.names)

    # ------------------------------------------------------------------ what may come now

    def closed(self, agreeing: bool = False) -> str | None:
        """Why no entry (once the rubber is over: none but the agreement of its score) may come now, or None."""
        if self.problem:
            return self.problem
        if self.agreed_seq is not None:
            return _("the rubber's score has been agreed; nothing more can be entered")
        if self.rubber is not None and not agreeing:
            return _("the rubber is over ({result}); only the agreement of its score may follow").format(
                result=self.result
            )
        return None

    def unfinished_deal(self) -> str | None:
        """Law 11: a deal once started must be finished before play stops."""
        current = self.current
        if current is not None and (current.auction.calls or current.contract is not None):
            return _(
                "Law 11: a deal once started must be finished; finish deal {number} before stopping"
            ).format(number=current.number)
        return None

    def unfinished_rubber(self) -> str | None:
        """Law 12: a rubber's score is agreed once it ends (or once play stops, Law 11)."""
        if self.rubber is None:
            return _(
                "the rubber is still being played: its score is agreed once it ends, or once play stops (Law 11)"
            )
        return None

    # ------------------------------------------------------------------ for screens

    @property
    def started(self) -> bool:
        """An entry was accepted (a deal opened or scored, the rubber ended)."""
        return self.current is not None or self.deals > 0 or self.rubber is not None

    def describe_prompt(self) -> str:
        if self.problem or not self.started:
            return self.prompt  # the setup problem, or the first dealer's turn (before any entry)
        return prompt(self)

    def board_lines(self) -> tuple[str, ...]:
        if self.problem:
            return (self.problem,)
        if self.rubber is not None:
            over = (
                _("Rubber over: {result}. The table agreed the score.")
                if self.agreed_seq
                else _("Rubber over: {result}.")
            )
            return (over.format(result=self.result),)
        games = ", ".join(f"{self.side_name(s)} {self.games_won[s]}" for s in self.side_labels)
        need = ", ".join(
            f"{self.side_name(s)} {max(0, self.settings.game_points - self.below_line[s])}"
            for s in self.side_labels
        )
        stage = _("Game {game} of the rubber · games won: {games} · to make game: {need}").format(
            game=self.game_no, games=games, need=need
        )
        current = self.current
        if current is None:
            first = _("Deal {number}: {player} deals and bids first")
            return (first.format(number=self.deals + 1, player=self.name(self.next_dealer())), stage)
        dealt = _("Deal {number}: {player} dealt").format(
            number=current.number, player=self.name(current.dealer)
        )
        contract = current.contract
        if contract is None:
            auction = current.auction
            if auction.last_bid:
                to_call = _("{player} to call, {bid} by {bidder} to beat").format(
                    player=self.name(auction.turn),
                    bid=format_call(auction.last_bid, auction.doubling),
                    bidder=self.name(auction.last_bidder or ""),
                )
            else:
                to_call = _("{player} to call").format(player=self.name(auction.turn))
            return (dealt, to_call, stage)
        # Translators: Auction Bridge; {tricks} is 7 to 13, the tricks the declarer's side must win
        playing = _("Contract: {player} {contract}, {tricks} tricks to make").format(
            player=self.name(contract.declarer), contract=contract.text, tricks=6 + contract.level
        )
        return (dealt, playing, stage)

    def view(self) -> BridgeView:
        current = self.current
        contract = current.contract if current else None
        auction = current.auction if current else None
        stage: base.Phase
        if self.rubber is not None:
            stage = "agreed" if self.agreed_seq else "over"
        else:
            stage = "deal" if current is None else ("auction" if contract is None else "play")
        below = MappingProxyType(dict(self.below_line))
        to_game = MappingProxyType({s: max(0, self.settings.game_points - below[s]) for s in self.sides})
        names = {s: self.side_name(s) for s in self.sides}
        going_on = self.rubber is None
        return BridgeView(
            needs=side_needs(to_game, names) if going_on else (),
            outlook=rubber_outlook(self.games_won, self.settings.games_to_win, names) if going_on else "",
            phase=stage,
            number=current.number if current else self.deals + 1,
            game=self.game_no,
            dealer=current.dealer if current else self.next_dealer(),
            turn=auction.turn if auction and contract is None else None,
            calls=tuple((player, call) for player, call in auction.calls) if auction else (),
            bid_to_beat=auction.last_bid if auction else None,
            bid_by=auction.last_bidder if auction else None,
            doubling=auction.doubling if auction else "none",
            contract=_contract_view(self, contract) if contract else None,
            legal_calls=tuple(legal_calls(self)),
            below_line=below,
            to_game=to_game,
            games=MappingProxyType(dict(self.games_won)),
            score=self.score(),
            honour_holdings=tuple(holdings_for(contract.strain)) if contract else (),
            stop_refusal=self.closed() or self.unfinished_deal(),
            agree_refusal=self.closed(agreeing=True) or self.unfinished_rubber(),
        )

    def score(self) -> RubberScore:
        """The rubber's score as the pad writes it: what is not trick or honour score in a side's total is its
        rubber bonus (250 to the rubber's winner, or 125 a game won when play stopped)."""
        rubber, totals = self.rubber, self.totals
        return RubberScore(
            trick=dict(self.trick_score),
            honour=dict(self.honour_score),
            bonus={s: totals[s] - self.trick_score[s] - self.honour_score[s] for s in self.side_labels},
            total=dict(totals),
            over=rubber is not None,
            winner=rubber.winner if rubber else None,
            size=rubber.size if rubber else 0,
            stopped=rubber is not None and rubber.stopped,
        )


def _contract_view(state: BridgeState, contract: Contract) -> ContractView:
    return ContractView(
        call=contract.call,
        double=contract.double,
        dealers_one_spade=contract.dealers_one_spade,
        declarer=contract.declarer,
        side=state.side_of[contract.declarer],
        text=contract.text,
        tricks_needed=6 + contract.level,
    )


def setup_problem(players: tuple[str, ...], sides: Mapping[str, tuple[str, ...]]) -> str | None:
    if len(players) != SEATS:
        return _("Auction Bridge is played by {seats} players, not {count}").format(
            seats=SEATS, count=len(players)
        )
    opposite = {frozenset((players[0], players[2])), frozenset((players[1], players[3]))}
    if len(sides) != 2 or {frozenset(members) for members in sides.values()} != opposite:
        return _(
            "Auction Bridge needs two partnerships with partners sitting opposite: {first} & {third} against "
            "{second} & {fourth}"
        ).format(first=players[0], second=players[1], third=players[2], fourth=players[3])
    return None


def legal_calls(state: BridgeState) -> list[str]:
    """The calls the player on turn may make now ([] when a result, agreement or nothing is due)."""
    if state.problem or state.rubber is not None:
        return []
    if state.current is None:
        return state.new_auction(state.next_dealer()).legal_calls(state.settings)
    if state.current.contract is not None:
        return []
    return state.current.auction.legal_calls(state.settings)


def contract_text(state: BridgeState, contract: Contract) -> str:
    """ "Ann's 3♥ doubled" (the name shown now)."""
    return possessive(state.name(contract.declarer), contract.text)


def possessive(player: str, contract: str) -> str:
    """ "Ann's 3♥ doubled": a player's bid or contract."""
    # Translators: Auction Bridge, a player's bid or contract ("Ann's 3♥ doubled")
    return _("{player}'s {contract}").format(player=player, contract=contract)


def prompt(state: BridgeState) -> str:
    """What the table enters next (worked out when a sheet asks, not after every entry)."""
    if state.agreed_seq is not None:
        return _("The rubber's score is agreed.")
    if state.rubber is not None:
        return _("Rubber over: agree the score.")
    current = state.current
    if current is None:
        return _("{player} to deal and bid (game {game})").format(
            player=state.name(state.next_dealer()), game=state.game_no
        )
    if current.contract is None:
        auction = current.auction
        if auction.last_bid is None:
            return _("{player} to bid (the dealer cannot pass)").format(player=state.name(current.dealer))
        beat = possessive(
            state.name(auction.last_bidder or ""), format_call(auction.last_bid, auction.doubling)
        )
        return _("{player} to call (to beat: {bid})").format(player=state.name(auction.turn), bid=beat)
    side = state.side_name(state.side_of[current.contract.declarer])
    return _("Result of {contract}: tricks won by {side}").format(
        contract=contract_text(state, current.contract), side=side
    )
