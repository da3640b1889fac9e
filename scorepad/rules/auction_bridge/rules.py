"""Auction Bridge replay: applying entries, games and the rubber, rows, and the correction windows.

One game file is one rubber (docs/log-format.md §2 has one `rubber` object). After the rubber ends (two games,
or `stop`) only `agree` and corrections are accepted; after `agree` nothing more, and every correction window is closed.

Lenience: a `bid` or `contract` with no deal open starts one with the next dealer (the first dealer is the first
player), so a table that never logs `deal` entries still gets a correct rotation.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, NamedTuple, cast

from scorepad.log import ABAgree, ABBid, ABContract, ABResult, ABStop, Deal, Entry, Header
from scorepad.rules import base
from scorepad.rules.auction_bridge import checks
from scorepad.rules.auction_bridge.calls import HOLDING_TEXT, PASS, STRAIN_OF, Contract
from scorepad.rules.auction_bridge.checks import TRICKS_PER_DEAL
from scorepad.rules.auction_bridge.scoring import HONOUR_PARTS, DealScore, Outcome, score_deal
from scorepad.rules.auction_bridge.settings import NO_TRUMP_HOLDINGS, TRUMP_HOLDINGS, Settings
from scorepad.rules.auction_bridge.state import (
    SEATS,
    BridgeState,
    DealInProgress,
    DealRecord,
    GameRecord,
    Rubber,
    Speaker,
)
from scorepad.rules.auction_bridge.view import bridge_cells
from scorepad.rules.wording import counted

#: the entries a rubber's log holds besides notes and renames (the replayer handles those): each one's check,
#: by type (how each is folded in: _FOLDS, below the folds)
_CHECKS = base.ByType((
    (Deal, checks.check_deal),
    (ABBid, checks.check_bid),
    (ABContract, checks.check_contract),
    (ABResult, checks.check_result),
    (ABAgree, checks.check_agree),
    (ABStop, checks.check_stop),
))

#: the most deals scored under one ruleset kept for scoring again (`_scored`): far more than a table's log holds
SCORED_KEPT = 4096

# --------------------------------------------------------------------------- the rules


class AuctionBridgeRules(base.Rules):
    game = "auction_bridge"
    title = "Auction Bridge"
    settings_model = Settings
    min_players = SEATS
    max_players = SEATS
    partners_opposite = True

    def default_sides(self, players: tuple[str, ...], settings: Any) -> dict[str, tuple[str, ...]]:
        if len(players) == SEATS:
            return base.pairs_opposite(players)
        return {player: (player,) for player in players}  # refused entry by entry with the setup problem

    def new_state(self, header: Header, settings: Any, sides: Mapping[str, tuple[str, ...]]) -> BridgeState:
        return BridgeState(header, settings, sides)

    # ------------------------------------------------------------------ validate

    def validate(self, state: BridgeState, entry: Entry) -> str | None:
        return _VALIDATE[type(entry)](state, entry)

    # ------------------------------------------------------------------ apply

    def apply(self, state: BridgeState, entry: Entry, seq: int) -> None:
        state.started = True
        fold = _FOLDS[type(entry)]
        if fold is not None:
            fold(state, entry, seq)

    def fold(self, state: BridgeState, entry: Entry, seq: int) -> str | None:
        """`validate` and `apply` in one: the entry's check and fold found by one look-up of its type."""
        validate, fold = _STEPS[type(entry)]
        reason = validate(state, entry)
        if reason is None:
            state.started = True
            if fold is not None:
                fold(state, entry, seq)
        return reason

    # ------------------------------------------------------------------ corrections (Laws 12, 13)

    def correction_window(
        self, state: BridgeState, target: int, original: Entry, replacement: Entry | None,
        trial: Callable[[], Any] | None = None,
    ) -> str | None:
        if state.agreed_seq is not None:
            return f"Laws 12 and 13: the rubber's score was made up and agreed in entry {state.agreed_seq}"
        if trial is None:  # (the replayer always gives it: the replacement is tried from its checkpoints)
            raise ValueError("Auction Bridge's correction window needs the state with the correction (trial)")
        corrected = trial()
        if corrected is None:
            return None  # the replacement itself is refused; the Replayer says why
        deals, after = state.deals, corrected.deals
        # a trial folded from a checkpoint shares the deals scored before it: only those after can differ
        for number in range(_first_difference(deals, after), len(deals)):
            deal = deals[number]
            changed = after[number] if number < len(after) else None
            trick_after = changed.score.trick if changed else {}
            if _points(deal.score.trick) != _points(trick_after):
                reason = _trick_window_closed(state, deal)
                if reason:
                    return reason
        # honour-score changes may be made until the rubber is agreed (Law 12), which it is not yet
        return None

    def extra(self, state: BridgeState) -> dict[str, Any]:
        rubber = state.rubber
        return {
            "trick_score": dict(state.trick_score),
            "honour_score": dict(state.honour_score),
            "games": dict(state.games_won),
            "rubber": None if rubber is None else {"winner": rubber.winner, "size": rubber.size},
        }


def _first_difference(deals: list[DealRecord], other: list[DealRecord]) -> int:
    """The first index at which the two lists of scored deals hold different records (the same record object
    means the same deal: a trial shares those scored before its checkpoint), found by halving."""
    low, high = 0, min(len(deals), len(other))
    while low < high:
        middle = (low + high) // 2
        if deals[middle] is other[middle]:
            low = middle + 1
        else:
            high = middle
    return low


def _points(by_side: Mapping[str, int]) -> dict[str, int]:
    return {side: points for side, points in by_side.items() if points}


def _trick_window_closed(state: BridgeState, deal: DealRecord) -> str | None:
    """Law 13: until a declaration in the following game; in the last game, until the rubber is agreed."""
    if deal.game < len(state.games):
        first = state.first_declarations.get(deal.game + 1)
        if first is not None:
            return (
                "Law 13: a trick-score error may be corrected only before a declaration has been made in the "
                f"following game; entry {first} was one"
            )
    return None


# --------------------------------------------------------------------------- validate


def _validate_fully(state: BridgeState, entry: Entry) -> str | None:
    """Why the entry cannot come now, every law asked in turn (the reasons a player reads), or None."""
    if state.problem:
        return state.problem
    check = _CHECKS[type(entry)]
    if check is None:
        return f"a {entry.type} entry has no meaning in Auction Bridge"
    if reason := state.closed(agreeing=check is checks.check_agree):
        return reason
    return check(state, entry)


# The calls and results of a long log nearly all come in turn and count: each is let through on the few facts
# that decide it, and anything else is asked of every law in turn (`_validate_fully`). A deal in progress means
# the table is set up right and the rubber goes on (it ends only between deals, and nothing counts after it).


def _validate_bid(state: BridgeState, entry: Any) -> str | None:
    """The player on turn passes after a bid, or bids higher (Laws 42, 44); else every law in turn."""
    current = state.current
    if current is not None and current.contract is None:
        auction = current.auction
        if entry.player == auction.seats[auction.turn_seat]:
            call, last = entry.call, auction.last_bid
            order = state.settings.bid_order
            rank = order.get(call)
            if rank is None:
                if call == PASS and last is not None:
                    return None
            elif last is None or rank > order[last]:
                return None
    return _validate_fully(state, entry)


def _validate_deal(state: BridgeState, entry: Any) -> str | None:
    """Between deals, the player after the last dealer deals (the first deal: any player); else every law in turn."""
    if state.current is None and state.rubber is None and state.agreed_seq is None and not state.problem:
        last, dealer = state.last_dealer, entry.dealer
        if dealer == state.seat_after(last) if last is not None else dealer in state.players:
            return None
    return _validate_fully(state, entry)


def _validate_contract(state: BridgeState, entry: Any) -> str | None:
    """A player's contract entered before any call of the deal, not said to be the dealer's one spade (that is
    checked in full); else every law in turn."""
    current = state.current
    if current is None:
        may = state.rubber is None and state.agreed_seq is None and not state.problem
    else:
        may = current.contract is None and not current.auction.calls
    if may and not entry.dealers_one_spade and entry.player in state.players:
        return None
    return _validate_fully(state, entry)


def _validate_result(state: BridgeState, entry: Any) -> str | None:
    """The tricks of a deal with a contract, with the honours its denomination allows and no revoke or chicane
    (Law 5); else every law in turn."""
    current = state.current
    if current is not None and current.contract is not None and entry.revoke is None and entry.chicane is None \
            and 0 <= entry.tricks <= TRICKS_PER_DEAL:
        honours, strain = entry.honours, STRAIN_OF[current.contract.call]
        if honours is None:
            if strain == "NT":  # the aces may be split 2–2
                return None
        elif honours.side in state.sides and honours.holding in (
                NO_TRUMP_HOLDINGS if strain == "NT" else TRUMP_HOLDINGS):
            return None
    return _validate_fully(state, entry)


# --------------------------------------------------------------------------- apply


def _open_deal(state: BridgeState, dealer: str) -> DealInProgress:
    number = len(state.deals) + 1
    state.current = DealInProgress(number, dealer, state.game_no, state.new_auction(dealer))
    return state.current


def _current_or_new(state: BridgeState) -> DealInProgress:
    return state.current or _open_deal(state, state.next_dealer())


def _declared(state: BridgeState, seq: int) -> None:
    state.first_declarations.setdefault(state.game_no, seq)


def _apply_deal(state: BridgeState, entry: Any, seq: int) -> None:
    _open_deal(state, entry.dealer)  # a redeal replaces the deal in progress


def _apply_bid(state: BridgeState, entry: Any, seq: int) -> None:
    current = state.current or _open_deal(state, state.next_dealer())
    auction, call = current.auction, entry.call
    if auction.add(entry.player, call):
        current.contract = auction.contract()
    elif call in STRAIN_OF:  # a bid: a declaration
        state.first_declarations.setdefault(state.games[-1].number, seq)


def _apply_contract(state: BridgeState, entry: Any, seq: int) -> None:
    current = _current_or_new(state)
    # a final 1♠ by the dealer can only be the dealer's opening left in (1♠ is the lowest bid, and any bid after
    # it outranks it), so Law 48's cap follows from the contract, whether or not the entry says so
    dealers_one_spade = entry.call == "1S" and entry.player == current.dealer
    current.contract = Contract(entry.call, entry.player, entry.double, dealers_one_spade)
    _declared(state, seq)


def _apply_result(state: BridgeState, entry: Any, seq: int) -> None:
    current = state.current
    assert current is not None and current.contract is not None
    contract = current.contract
    declarers = state.side_of[contract.declarer]
    outcome, score, delta = _scored(state, contract, declarers, entry)
    record = DealRecord(current.number, current.dealer, current.game, contract, outcome, score, seq)
    state.deals.append(record)
    state.current = None
    state.last_dealer = current.dealer

    trick_score, honour_score, below_line, trick, honour = (
        state.trick_score, state.honour_score, state.below_line, score.trick, score.honour)
    for side in state.side_labels:
        trick_score[side] += trick[side]
        honour_score[side] += honour[side]
        below_line[side] += trick[side]
    settings = state.settings
    if below_line[declarers] >= settings.game_points:
        record.won_game = declarers
        state.games_won[declarers] += 1
        state.below_line = dict.fromkeys(state.side_labels, 0)  # both start the next game from love
        if state.games_won[declarers] < settings.games_to_win:
            state.games.append(GameRecord(state.games[-1].number + 1))

    bonus = state.no_bonus
    if state.games_won[declarers] >= settings.games_to_win:
        bonus = dict.fromkeys(state.side_labels, 0)
        bonus[declarers] = settings.rubber_bonus
        delta = {side: points + bonus[side] for side, points in delta.items()}
    # put in words when the row is first read, in the names of this deal (a rename later does not change it)
    state.add_row_later(seq, delta, cast("Callable[[], base.Words]", _DealWords(state.speaker(), record, bonus)))
    if any(bonus.values()):
        _end_rubber(state, bonus, games_winner=declarers)


def _scored(state: BridgeState, contract: Contract, declarers: str,
            entry: Any) -> tuple[Outcome, DealScore, dict[str, int]]:
    """The result in the rules' terms, its score and each side's points: scored once per settings for each
    contract and result (`Settings.scored_deals`), as the score depends on nothing else."""
    honours, revoke, chicane = entry.honours, entry.revoke, entry.chicane
    key = (contract.call, contract.double, contract.dealers_one_spade, declarers, state.side_labels, entry.tricks,
           honours and (honours.side, honours.holding), revoke and (revoke.side, revoke.choice),
           chicane and (chicane.side, chicane.double))
    scored = state.settings.scored_deals
    found = scored.get(key)
    if found is None:
        outcome = Outcome(tricks=key[5], honours=key[6], revoke=key[7], chicane=key[8])
        score = score_deal(contract, declarers, state.other_side(declarers), outcome, state.settings)
        if len(scored) >= SCORED_KEPT:  # a hand-made log of ever new results keeps no more than these
            scored.clear()
        found = scored[key] = (outcome, score, {side: score.total(side) for side in state.side_labels})
    return found


def _apply_stop(state: BridgeState, entry: Any, seq: int) -> None:
    state.current = None  # a deal with no calls yet has not started
    bonus = {side: state.games_won[side] * state.settings.unfinished_game_bonus for side in state.side_labels}
    cells: dict[str, Any] = {"kind": "unfinished", "game": state.game_no, "reason": entry.reason}
    cells.update({f"bonus:{side}": bonus[side] for side in state.side_labels})
    state.add_row(seq, "Rubber stopped unfinished (Law 11)", bonus, **cells)
    _end_rubber(state, bonus, games_winner=None)


def _apply_agree(state: BridgeState, entry: Any, seq: int) -> None:
    state.agreed_seq = seq


def _end_rubber(state: BridgeState, bonus: Mapping[str, int], games_winner: str | None) -> None:
    """Law 10 (or 11 when stopped): the larger total wins the difference."""
    for side, points in bonus.items():
        state.bonus[side] += points
    first, second = state.side_labels
    size = abs(state.totals[first] - state.totals[second])
    winner = None if size == 0 else max(state.side_labels, key=lambda s: state.totals[s])
    state.rubber = Rubber(winner, size, games_winner, stopped=games_winner is None)
    state.finish(winner, _rubber_sentence(state, state.rubber))


def _rubber_sentence(state: BridgeState, rubber: Rubber) -> str:
    score = " to ".join(
        str(state.totals[s]) for s in sorted(state.side_labels, key=lambda s: -state.totals[s])
    )
    if rubber.winner is None:
        law = "Law 11" if rubber.stopped else "Law 10"
        return f"the rubber is drawn at {state.totals[state.side_labels[0]]} each ({law})"
    winner = state.side_name(rubber.winner)
    if rubber.stopped:
        return f"{winner} win the unfinished rubber by {rubber.size}, {score} (Law 11)"
    if rubber.games_winner != rubber.winner:
        return (
            f"{state.side_name(rubber.games_winner or '')} won the rubber's games, but {winner} have the larger "
            f"total and win {rubber.size}, {score} (Law 10)"
        )
    return f"{winner} win the rubber by {rubber.size}, {score} (Law 10)"


# --------------------------------------------------------------------------- rows and prompts


class _DealWords(NamedTuple):
    """A deal's row in words, when first read (`Row.later`): its text alone, or its text and cells."""

    speaker: Speaker
    record: DealRecord
    bonus: Mapping[str, int]

    def __call__(self) -> base.Words:
        return _deal_text(self.speaker, self.record), _deal_cells(self.speaker, self.record, self.bonus)

    def text(self) -> str:
        return _deal_text(self.speaker, self.record)


def _deal_text(state: Speaker, record: DealRecord) -> str:
    contract, score = record.contract, record.score
    outcome = "made" if score.made else f"set {-score.over_under}"
    text = f"{state.name(contract.declarer)} {contract.text} {outcome}"
    if record.won_game:
        text += f", game to {state.side_name(record.won_game)}"
    return text


def _deal_cells(state: Speaker, record: DealRecord, bonus: Mapping[str, int]) -> dict[str, Any]:
    contract, score, outcome = record.contract, record.score, record.outcome
    cells: dict[str, Any] = {
        "kind": "deal",
        "deal": record.number,
        "game": record.game,
        "dealer": record.dealer,
        "declarer": contract.declarer,
        "side": state.side_of[contract.declarer],
        "call": contract.call,
        "double": contract.double,
        "contract": contract.text,
        "dealers_one_spade": int(contract.dealers_one_spade),
        "tricks": outcome.tricks,
        "outcome": "made" if score.made else "set",
        "over_under": score.over_under,
        "honours": _honours_text(state, outcome),
        "revoke": _revoke_text(state, outcome, score),
        # the same, as values (side labels, holding codes) for screens that write them their own way
        "honours_side": outcome.honours[0] if outcome.honours else "",
        "holding": outcome.honours[1] if outcome.honours else "",
        "chicane_side": outcome.chicane[0] if outcome.chicane else "",
        "double_chicane": int(bool(outcome.chicane and outcome.chicane[1])),
        "revoke_side": outcome.revoke[0] if outcome.revoke else "",
        "won_game": record.won_game or "",
        "rubber_over": int(any(bonus.values())),
    }
    for side in state.side_labels:
        cells[f"trick:{side}"] = score.trick[side]
        cells[f"honour:{side}"] = score.honour[side]
        cells[f"bonus:{side}"] = bonus[side]
        for part in HONOUR_PARTS:
            cells[f"{part}:{side}"] = score.parts[part][side]
    return cells


def row_points(row: base.Row, sides: Iterable[str]) -> dict[str, dict[str, int]]:
    """A row's points per side as the pad writes them: below the line (`trick`), above it (`honour`) and the
    rubber's 250 / unfinished 125s (`bonus`)."""
    sides = tuple(sides)
    cells = bridge_cells(row, sides)
    return {side: {"trick": cells.trick[side], "honour": cells.honour[side], "bonus": cells.bonus[side]}
            for side in sides}


def _honours_text(state: Speaker, outcome: Outcome) -> str:
    parts = []
    if outcome.honours:
        side, holding = outcome.honours
        parts.append(f"{HOLDING_TEXT[holding]} ({state.side_name(side)})")
    if outcome.chicane:
        side, double = outcome.chicane
        parts.append(f"{'double chicane' if double else 'chicane'} ({state.side_name(side)})")
    return ", ".join(parts)


def _revoke_text(state: Speaker, outcome: Outcome, score: DealScore) -> str:
    if outcome.revoke is None:
        return ""
    side, choice = outcome.revoke
    text = f"revoke by {state.side_name(side)}"
    if choice == "tricks":
        return f"{text}: {counted(score.transferred, 'trick')} transferred"
    if choice == "points":
        return f"{text}: {state.settings.revoke_penalty} points"
    return text


_VALIDATE = base.ByType((
    (ABBid, _validate_bid),
    (Deal, _validate_deal),
    (ABContract, _validate_contract),
    (ABResult, _validate_result),
), default=_validate_fully)

_FOLDS = base.ByType((
    (Deal, _apply_deal),
    (ABBid, _apply_bid),
    (ABContract, _apply_contract),
    (ABResult, _apply_result),
    (ABAgree, _apply_agree),
    (ABStop, _apply_stop),
))

#: each entry's check and its fold, for `fold`: both tables above in one
_STEPS = base.ByTypes(_VALIDATE, _FOLDS)

RULES = AuctionBridgeRules()
