"""Auction Bridge replay: applying entries, games and the rubber, rows, and the correction windows.

One game file is one rubber (docs/log-format.md §2 has one `rubber` object). After the rubber ends (two games,
or `stop`) only `agree` and corrections are accepted; after `agree` nothing more, and every correction window is closed.

Lenience: a `bid` or `contract` with no deal open starts one with the next dealer (the first dealer is the first
player), so a table that never logs `deal` entries still gets a correct rotation.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from itertools import zip_longest
from typing import Any

from scorepad.locale import N_, _, ngettext
from scorepad.log import ABAgree, ABBid, ABContract, ABResult, ABStop, Deal, Entry, Header
from scorepad.rules import base
from scorepad.rules.auction_bridge import checks
from scorepad.rules.auction_bridge.calls import STRAIN_OF, Contract
from scorepad.rules.auction_bridge.scoring import Outcome, score_deal
from scorepad.rules.auction_bridge.settings import Settings
from scorepad.rules.auction_bridge.state import SEATS, BridgeState, DealInProgress, Rubber
from scorepad.rules.auction_bridge.view import DealCells, StopCells, bridge_cells


class AuctionBridgeRules(base.Rules[BridgeState, Settings]):
    game = "auction_bridge"
    title = N_("Auction Bridge")
    settings_model = Settings
    min_players = SEATS
    max_players = SEATS
    partners_opposite = True

    def default_sides(self, players: tuple[str, ...], settings: Settings) -> dict[str, tuple[str, ...]]:
        if len(players) == SEATS:
            return base.pairs_opposite(players)
        return {player: (player,) for player in players}  # refused entry by entry with the setup problem

    def new_state(
        self, header: Header, settings: Settings, sides: Mapping[str, tuple[str, ...]]
    ) -> BridgeState:
        return BridgeState(header, settings, sides)

    def validate(self, state: BridgeState, entry: Entry) -> str | None:
        if state.problem:
            return state.problem
        match entry:
            case ABBid():
                return state.closed() or checks.check_bid(state, entry)
            case Deal():
                return state.closed() or checks.check_deal(state, entry)
            case ABResult():
                return state.closed() or checks.check_result(state, entry)
            case ABContract():
                return state.closed() or checks.check_contract(state, entry)
            case ABAgree():  # the one entry that may follow the rubber's end
                return state.closed(agreeing=True) or checks.check_agree(state, entry)
            case ABStop():
                return state.closed() or checks.check_stop(state, entry)
        return _("a {type} entry has no meaning in Auction Bridge").format(type=entry.type)

    def fold(self, state: BridgeState, entry: Entry, seq: int) -> str | None:
        """`validate`, and the entry folded in when it may come (one look at its type, bids first: most
        entries are bids)."""
        match entry:
            case ABBid():
                reason = state.closed() or checks.check_bid(state, entry)
                if reason is None:
                    _bid(state, entry, seq)
            case Deal():
                reason = state.closed() or checks.check_deal(state, entry)
                if reason is None:
                    _open_deal(state, entry.dealer)  # a redeal replaces the deal in progress
            case ABResult():
                reason = state.closed() or checks.check_result(state, entry)
                if reason is None:
                    _result(state, entry, seq)
            case ABContract():
                reason = state.closed() or checks.check_contract(state, entry)
                if reason is None:
                    _contract(state, entry, seq)
            case ABAgree():
                reason = state.closed(agreeing=True) or checks.check_agree(state, entry)
                if reason is None:
                    state.agreed_seq = seq
            case ABStop():
                reason = state.closed() or checks.check_stop(state, entry)
                if reason is None:
                    _stop(state, entry, seq)
            case _:
                reason = self.validate(state, entry)
        return reason

    # ------------------------------------------------------------------ corrections (Laws 12, 13)

    def correction_window(
        self, state: BridgeState, target: int, where: base.Where, trial: Callable[[], BridgeState | None]
    ) -> str | None:
        if state.agreed_seq is not None:
            return _("Laws 12 and 13: the rubber's score has been made up and agreed")
        corrected = trial()
        if corrected is None:
            return None  # the replacement itself is refused; the Replayer says why
        # a trick-score change is judged deal by deal (Law 13); an honour-score change may be made until the
        # rubber is agreed (Law 12), which it is not yet. The rows before the first the trial folded again are
        # the very same rows: only those from there on may differ
        first = _first_change(state.rows, corrected.rows)
        for deal, after in zip_longest(_deals(state.rows[first:]), _deals(corrected.rows[first:])):
            if deal is None:
                continue
            if _points(deal.trick) != _points(after.trick if after is not None else {}):
                reason = _trick_window_closed(state, deal, target)
                if reason:
                    return reason
        return None

    def extra(self, state: BridgeState) -> dict[str, Any]:
        rubber = state.rubber
        return {
            "trick_score": dict(state.trick_score),
            "honour_score": dict(state.honour_score),
            "games": dict(state.games_won),
            "rubber": None if rubber is None else {"winner": rubber.winner, "size": rubber.size},
        }


def _first_change(rows: list[base.Row], other: list[base.Row]) -> int:
    """The first place at which the two lists hold different rows (found by halving: up to it they hold the
    very same row objects)."""
    low, high = 0, min(len(rows), len(other))
    while low < high:
        middle = (low + high) // 2
        if rows[middle] is other[middle]:
            low = middle + 1
        else:
            high = middle
    return low


def _deals(rows: Iterable[base.Row]) -> list[DealCells]:
    return [row.cells for row in rows if isinstance(row.cells, DealCells)]


def _points(by_side: Mapping[str, int]) -> dict[str, int]:
    return {side: points for side, points in by_side.items() if points}


def _trick_window_closed(state: BridgeState, deal: DealCells, target: int) -> str | None:
    """Law 13: until a declaration in the following game; in the last game, until the rubber is agreed."""
    if deal.game < state.game_no:
        if any(game == deal.game + 1 for _, game in state.openers_after(target)):
            return _(
                "Law 13: a trick-score error may be corrected only before a declaration has been made in the "
                "following game; game {game} has had one"
            ).format(game=deal.game + 1)
    return None


# --------------------------------------------------------------------------- apply


def _open_deal(state: BridgeState, dealer: str) -> DealInProgress:
    state.current = DealInProgress(state.deals + 1, dealer, state.game_no, state.new_auction(dealer))
    return state.current


def _declared(state: BridgeState, seq: int) -> None:
    """A bid or a contract: the game's first declaration closes the trick-score window of the game before."""
    if state.first_declaration is None:
        state.first_declaration = seq
        state.opened(seq, state.game_no)


def _bid(state: BridgeState, entry: ABBid, seq: int) -> None:
    current = state.current or _open_deal(state, state.next_dealer())
    auction, call = current.auction, entry.call
    if auction.add(entry.player, call):
        current.contract = auction.contract()
    elif call in STRAIN_OF:  # a bid: a declaration
        _declared(state, seq)


def _contract(state: BridgeState, entry: ABContract, seq: int) -> None:
    current = state.current or _open_deal(state, state.next_dealer())
    # a final 1♠ by the dealer can only be the dealer's opening left in (1♠ is the lowest bid, and any bid after
    # it outranks it), so Law 48's cap follows from the contract, whether or not the entry says so
    dealers_one_spade = entry.call == "1S" and entry.player == current.dealer
    current.contract = Contract(entry.call, entry.player, entry.double, dealers_one_spade)
    _declared(state, seq)


def _result(state: BridgeState, entry: ABResult, seq: int) -> None:
    current = state.current
    assert current is not None and current.contract is not None
    contract, settings = current.contract, state.settings
    declarers = state.side_of[contract.declarer]
    honours, revoke, chicane = entry.honours, entry.revoke, entry.chicane
    outcome = Outcome(
        tricks=entry.tricks,
        honours=(honours.side, honours.holding) if honours else None,
        revoke=(revoke.side, revoke.choice) if revoke else None,
        chicane=(chicane.side, chicane.double) if chicane else None,
        more_revokes=tuple(entry.more_revokes),
    )
    score = score_deal(contract, declarers, state.other_side(declarers), outcome, settings)
    state.deals += 1
    state.position = state.deals + 1
    state.current = None
    state.last_dealer = current.dealer

    for side in state.side_labels:
        state.trick_score[side] += score.trick[side]
        state.honour_score[side] += score.honour[side]
        state.below_line[side] += score.trick[side]
    won_game = None
    if state.below_line[declarers] >= settings.game_points:
        won_game = declarers
        state.games_won[declarers] += 1
        state.below_line = dict.fromkeys(state.side_labels, 0)  # both start the next game from love
        if state.games_won[declarers] < settings.games_to_win:
            state.game_no += 1
            state.first_declaration = None
    bonus = dict.fromkeys(state.side_labels, 0)
    if state.games_won[declarers] >= settings.games_to_win:
        bonus[declarers] = settings.rubber_bonus
    delta = {side: score.total(side) + bonus[side] for side in state.side_labels}

    text = _deal_words(score.made, -score.over_under, won_game is not None).format(
        player=state.name(contract.declarer),
        contract=contract.text,
        count=-score.over_under,
        side=state.side_name(won_game) if won_game else "",
    )
    cells = DealCells(
        deal=current.number,
        game=current.game,
        dealer=current.dealer,
        declarer=contract.declarer,
        side=declarers,
        call=contract.call,
        double=contract.double,
        contract=contract.text,
        dealers_one_spade=contract.dealers_one_spade,
        tricks=outcome.tricks,
        made=score.made,
        over_under=score.over_under,
        honours_side=outcome.honours[0] if outcome.honours else None,
        holding=outcome.honours[1] if outcome.honours else None,
        chicane_side=outcome.chicane[0] if outcome.chicane else None,
        double_chicane=bool(outcome.chicane and outcome.chicane[1]),
        revoke_side=outcome.revoke[0] if outcome.revoke else None,
        more_revokes=outcome.more_revokes,
        won_game=won_game,
        rubber_over=any(bonus.values()),
        trick=score.trick,
        honour=score.honour,
        bonus=bonus,
        parts=score.parts,
    )
    state.add_row(seq, text, delta, cells)
    if any(bonus.values()):
        _end_rubber(state, games_winner=declarers)


def _deal_words(made: bool, short: int, won_game: bool) -> str:
    """A scored deal's row in words, to fill in: "Ann 1NT made, game to We", "Bob 3♥ doubled set 2" (a contract
    set scores nothing below the line, so it never wins a game)."""
    if made:
        # Translators: Auction Bridge, a scored deal's row: the declarer, the contract, made, and who won a game
        return _("{player} {contract} made, game to {side}") if won_game else _("{player} {contract} made")
    # Translators: Auction Bridge, a contract set by {count} tricks ("Bob 3♥ doubled set 2")
    return ngettext("{player} {contract} set {count}", "{player} {contract} set {count}", short)


def _stop(state: BridgeState, entry: ABStop, seq: int) -> None:
    state.current = None  # a deal with no calls yet has not started
    bonus = {side: state.games_won[side] * state.settings.unfinished_game_bonus for side in state.side_labels}
    zeros = dict.fromkeys(state.side_labels, 0)
    cells = StopCells(game=state.game_no, reason=entry.reason, bonus=bonus, trick=zeros, honour=zeros)
    state.add_row(seq, _("Rubber stopped unfinished (Law 11)"), bonus, cells)
    _end_rubber(state, games_winner=None)


def _end_rubber(state: BridgeState, games_winner: str | None) -> None:
    """Law 10 (or 11 when stopped): the larger total wins the difference."""
    first, second = state.side_labels
    size = abs(state.totals[first] - state.totals[second])
    winner = None if size == 0 else max(state.side_labels, key=lambda s: state.totals[s])
    state.rubber = Rubber(winner, size, games_winner, stopped=games_winner is None)
    state.finish(winner, _rubber_sentence(state, state.rubber))


def _rubber_sentence(state: BridgeState, rubber: Rubber) -> str:
    if rubber.winner is None:
        drawn = (
            _("the rubber is drawn at {points} each (Law 11)")
            if rubber.stopped
            else _("the rubber is drawn at {points} each (Law 10)")
        )
        return drawn.format(points=state.totals[state.side_labels[0]])
    higher, lower = sorted((state.totals[s] for s in state.side_labels), reverse=True)
    # Translators: Auction Bridge, the two totals of a rubber, the larger first ("436 to 286")
    score = _("{higher} to {lower}").format(higher=higher, lower=lower)
    words = {
        "winner": state.side_name(rubber.winner),
        "size": rubber.size,
        "score": score,
        "games_winner": state.side_name(rubber.games_winner or ""),
    }
    if rubber.stopped:
        return _("{winner} win the unfinished rubber by {size}, {score} (Law 11)").format(**words)
    if rubber.games_winner != rubber.winner:
        return _(
            "{games_winner} won the rubber's games, but {winner} have the larger total and win {size}, {score} "
            "(Law 10)"
        ).format(**words)
    # Translators: Auction Bridge, the rubber's result: the side that wins, by how much, and the two totals
    return _("{winner} win the rubber by {size}, {score} (Law 10)").format(**words)


def row_points(row: base.Row, sides: Iterable[str]) -> dict[str, dict[str, int]]:
    """A row's points per side as the pad writes them: below the line (`trick`), above it (`honour`) and the
    rubber's 250 / unfinished 125s (`bonus`)."""
    sides = tuple(sides)
    cells = bridge_cells(row)
    return {
        side: {"trick": cells.trick[side], "honour": cells.honour[side], "bonus": cells.bonus[side]}
        for side in sides
    }


RULES = AuctionBridgeRules()
