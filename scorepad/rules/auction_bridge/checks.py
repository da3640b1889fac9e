"""Why an entry cannot come now (never mutates the state): the sentences a player reads."""

from __future__ import annotations

from typing import Any

from scorepad.rules.auction_bridge.calls import (
    STRAIN_NAMES,
    Contract,
    format_call,
    holdings_for,
    honours_required,
    missing_honours_reason,
)
from scorepad.rules.auction_bridge.state import BridgeState, contract_text
from scorepad.rules.wording import counted

TRICKS_PER_DEAL = 13
#: honour holdings possible for a side one of whose hands is void of trumps (all its honours are in one hand)
CHICANE_SIDE_HOLDINGS = ("3", "4_one_hand", "5_one_hand")
#: a side void of trumps in both hands leaves all five honours to the other side
FIVE_HONOUR_HOLDINGS = ("5", "4_one_hand_5th_partner", "5_one_hand")


def _not_a_player(state: BridgeState, player: str) -> str | None:
    if player not in state.players:
        return f"{player!r} is not a player of this game ({', '.join(state.players)})"
    return None


def _not_a_side(state: BridgeState, side: str, what: str) -> str | None:
    if side not in state.sides:
        return f"{what}: {side!r} is not a side ({' or '.join(state.side_labels)})"
    return None


def check_deal(state: BridgeState, entry: Any) -> str | None:
    if reason := _not_a_player(state, entry.dealer):
        return reason
    current = state.current
    if current is not None:
        if current.contract is not None:
            return f"Law 11: a deal once started must be finished; enter the result of {contract_text(state, current.contract)}"
        if entry.dealer != current.dealer:
            return f"{state.name(current.dealer)} is dealing deal {current.number}; a redeal is by the same dealer"
        return None  # a redeal by the same dealer before the auction is over
    if state.last_dealer is not None and entry.dealer != state.next_dealer():
        return f"{state.name(state.next_dealer())} deals next: the deal passes to the left"
    return None


def check_bid(state: BridgeState, entry: Any) -> str | None:
    if reason := _not_a_player(state, entry.player):
        return reason
    current = state.current
    if current is None:
        dealer = state.next_dealer()
        if entry.player != dealer:
            return f"no deal is open: {state.name(dealer)} deals next and must bid first (Law 42)"
        return state.new_auction(dealer).refuse(entry.player, entry.call, state.settings)
    if current.contract is not None:
        return (
            f"the auction is over: the contract is {contract_text(state, current.contract)}; enter the result"
        )
    return current.auction.refuse(entry.player, entry.call, state.settings)


def check_contract(state: BridgeState, entry: Any) -> str | None:
    if reason := _not_a_player(state, entry.player):
        return reason
    current = state.current
    if current is not None and current.contract is not None:
        return f"the contract is already {contract_text(state, current.contract)}; enter the result"
    if current is not None and current.auction.calls:
        return "the auction of this deal has begun: go on with the calls, or correct them"
    dealer = current.dealer if current else state.next_dealer()
    if entry.dealers_one_spade and (entry.call != "1S" or entry.player != dealer):
        return (
            f"the dealer's one spade is the dealer's own opening 1♠ ({state.name(dealer)} deals), "
            f"not {state.name(entry.player)}'s {format_call(entry.call)}"
        )
    return None


def check_result(state: BridgeState, entry: Any) -> str | None:
    current = state.current
    if current is None:
        return f"no deal is in progress: {state.name(state.next_dealer())} deals next"
    contract = current.contract
    if contract is None:
        return f"there is no contract yet: {state.name(current.auction.turn)} to call"
    if not 0 <= entry.tricks <= TRICKS_PER_DEAL:
        return f"the declarer's side won {entry.tricks} tricks? a deal has {TRICKS_PER_DEAL} (0 to {TRICKS_PER_DEAL})"
    declarers = state.side_of[contract.declarer]
    return (
        _check_honours(state, entry, contract)
        or _check_revoke(state, entry, declarers)
        or _check_chicane(state, entry, contract)
    )


def _check_honours(state: BridgeState, entry: Any, contract: Contract) -> str | None:
    honours = entry.honours
    if honours is None:
        # at no trump the aces may be split 2–2: then neither side scores honours
        return missing_honours_reason(contract.strain) if honours_required(contract.strain) else None
    if reason := _not_a_side(state, honours.side, "honours"):
        return reason
    allowed = holdings_for(contract.strain)
    if honours.holding not in allowed:
        if contract.strain == "NT":
            return (
                f"Law 5: at no trump only the aces are honours ({', '.join(allowed)}), not {honours.holding}"
            )
        return (
            f"Law 5: at {STRAIN_NAMES[contract.strain]} the honours are A K Q J 10 of trumps "
            f"({', '.join(allowed)}), not {honours.holding}"
        )
    return None


def _check_revoke(state: BridgeState, entry: Any, declarers: str) -> str | None:
    revoke = entry.revoke
    if revoke is None:
        return (
            "later revokes without a first: the deal's first revoke is the result's revoke"
            if entry.more_revokes
            else None
        )
    if reason := _not_a_side(state, revoke.side, "revoke"):
        return reason
    settings = state.settings
    if revoke.side == declarers and revoke.choice is not None:
        return (
            "the declarer chooses points or tricks only when the adversaries revoke; "
            f"here the declarer's side ({state.side_name(declarers)}) revoked"
        )
    if revoke.side != declarers and revoke.choice is None:
        return (
            f"the adversaries revoked: say whether the declarer takes {settings.revoke_penalty} points "
            f"or {counted(settings.revoke_tricks, 'trick')} (choice points or tricks)"
        )
    for side in entry.more_revokes:
        if reason := _not_a_side(state, side, "revoke"):
            return reason
    if revoke.choice == "tricks" and declarers in entry.more_revokes:
        return (
            f"the declarer's side ({state.side_name(declarers)}) revoked too, so it scores nothing but honours: "
            f"tricks taken for the adversaries' revoke would count for nothing; the declarer takes "
            f"{settings.revoke_penalty} points"
        )
    return None


def _check_chicane(state: BridgeState, entry: Any, contract: Contract) -> str | None:
    chicane = entry.chicane
    if chicane is None:
        return None
    if not state.settings.chicane:
        return "chicane is not scored under these rules (setting chicane is off)"
    if contract.strain == "NT":
        return "chicane exists only in a trump contract, not at no trump"
    if reason := _not_a_side(state, chicane.side, "chicane"):
        return reason
    honours = entry.honours
    if honours is None:
        return None
    if honours.side == chicane.side:
        if chicane.double:
            return "a side void of trumps in both hands holds no honours"
        if honours.holding not in CHICANE_SIDE_HOLDINGS:
            return (
                "with one hand void of trumps, a side's honours are all in the other hand "
                f"({', '.join(CHICANE_SIDE_HOLDINGS)}), not {honours.holding}"
            )
    elif chicane.double and honours.holding not in FIVE_HONOUR_HOLDINGS:
        return (
            "against a double chicane the other side holds all five honours "
            f"({', '.join(FIVE_HONOUR_HOLDINGS)}), not {honours.holding}"
        )
    return None


def check_agree(state: BridgeState, entry: Any) -> str | None:
    return state.unfinished_rubber()


def check_stop(state: BridgeState, entry: Any) -> str | None:
    return state.unfinished_deal()
