"""Why an entry cannot come now (never mutates the state): the sentences a player reads."""

from __future__ import annotations

from typing import Any

from scorepad.locale import _, ngettext
from scorepad.rules.auction_bridge.calls import (
    STRAIN_NAMES,
    Contract,
    format_call,
    holdings_for,
    honours_required,
    missing_honours_reason,
)
from scorepad.rules.auction_bridge.state import BridgeState, contract_text, possessive

TRICKS_PER_DEAL = 13
#: honour holdings possible for a side one of whose hands is void of trumps (all its honours are in one hand)
CHICANE_SIDE_HOLDINGS = ("3", "4_one_hand", "5_one_hand")
#: a side void of trumps in both hands leaves all five honours to the other side
FIVE_HONOUR_HOLDINGS = ("5", "4_one_hand_5th_partner", "5_one_hand")


def _not_a_player(state: BridgeState, player: str) -> str | None:
    if player not in state.players:
        return _("{player!r} is not a player of this game ({players})").format(
            player=player, players=", ".join(state.players)
        )
    return None


def _not_a_side(state: BridgeState, side: str, what: str) -> str | None:
    """`what` names the part of the result ("honours", "revoke", "chicane") that names an unknown side."""
    if side in state.sides:
        return None
    if len(state.side_labels) == 2:
        # Translators: Auction Bridge, the two sides' names
        sides = _("{first} or {second}").format(first=state.side_labels[0], second=state.side_labels[1])
    else:
        sides = ", ".join(state.side_labels)
    reason = {
        # Translators: Auction Bridge, a result's honours name a side the game does not have
        "honours": _("honours: {side!r} is not a side ({sides})"),
        "revoke": _("revoke: {side!r} is not a side ({sides})"),
        "chicane": _("chicane: {side!r} is not a side ({sides})"),
    }[what]
    return reason.format(side=side, sides=sides)


def check_deal(state: BridgeState, entry: Any) -> str | None:
    if reason := _not_a_player(state, entry.dealer):
        return reason
    current = state.current
    if current is not None:
        if current.contract is not None:
            return _("Law 11: a deal once started must be finished; enter the result of {contract}").format(
                contract=contract_text(state, current.contract)
            )
        if entry.dealer != current.dealer:
            return _("{player} is dealing deal {number}; a redeal is by the same dealer").format(
                player=state.name(current.dealer), number=current.number
            )
        return None  # a redeal by the same dealer before the auction is over
    if state.last_dealer is not None and entry.dealer != state.next_dealer():
        return _("{player} deals next: the deal passes to the left").format(
            player=state.name(state.next_dealer())
        )
    return None


def check_bid(state: BridgeState, entry: Any) -> str | None:
    if reason := _not_a_player(state, entry.player):
        return reason
    current = state.current
    if current is None:
        dealer = state.next_dealer()
        if entry.player != dealer:
            return _("no deal is open: {player} deals next and must bid first (Law 42)").format(
                player=state.name(dealer)
            )
        return state.new_auction(dealer).refuse(entry.player, entry.call, state.settings)
    if current.contract is not None:
        return _("the auction is over: the contract is {contract}; enter the result").format(
            contract=contract_text(state, current.contract)
        )
    return current.auction.refuse(entry.player, entry.call, state.settings)


def check_contract(state: BridgeState, entry: Any) -> str | None:
    if reason := _not_a_player(state, entry.player):
        return reason
    current = state.current
    if current is not None and current.contract is not None:
        return _("the contract is already {contract}; enter the result").format(
            contract=contract_text(state, current.contract)
        )
    if current is not None and current.auction.calls:
        return _("the auction of this deal has begun: go on with the calls, or correct them")
    dealer = current.dealer if current else state.next_dealer()
    if entry.dealers_one_spade and (entry.call != "1S" or entry.player != dealer):
        return _(
            "the dealer's one spade is the dealer's own opening 1♠ ({dealer} deals), not {contract}"
        ).format(
            dealer=state.name(dealer), contract=possessive(state.name(entry.player), format_call(entry.call))
        )
    return None


def check_result(state: BridgeState, entry: Any) -> str | None:
    current = state.current
    if current is None:
        return _("no deal is in progress: {player} deals next").format(player=state.name(state.next_dealer()))
    contract = current.contract
    if contract is None:
        return _("there is no contract yet: {player} to call").format(player=state.name(current.auction.turn))
    if not 0 <= entry.tricks <= TRICKS_PER_DEAL:
        return ngettext(
            "the declarer's side won {count} trick? a deal has {most} (0 to {most})",
            "the declarer's side won {count} tricks? a deal has {most} (0 to {most})",
            entry.tricks,
        ).format(count=entry.tricks, most=TRICKS_PER_DEAL)
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
            return _("Law 5: at no trump only the aces are honours ({holdings}), not {holding}").format(
                holdings=", ".join(allowed), holding=honours.holding
            )
        # Translators: Auction Bridge; {strain} is the trump suit; A K Q J 10 as your cards are lettered
        return _(
            "Law 5: at {strain} the honours are A K Q J 10 of trumps ({holdings}), not {holding}"
        ).format(strain=STRAIN_NAMES[contract.strain], holdings=", ".join(allowed), holding=honours.holding)
    return None


def _check_revoke(state: BridgeState, entry: Any, declarers: str) -> str | None:
    revoke = entry.revoke
    if revoke is None:
        if entry.more_revokes:
            return _("later revokes without a first: the deal's first revoke is the result's revoke")
        return None
    if reason := _not_a_side(state, revoke.side, "revoke"):
        return reason
    settings = state.settings
    if revoke.side == declarers and revoke.choice is not None:
        return _(
            "the declarer chooses points or tricks only when the adversaries revoke; here the declarer's side "
            "({side}) revoked"
        ).format(side=state.side_name(declarers))
    if revoke.side != declarers and revoke.choice is None:
        # Translators: Auction Bridge; "choice", "points" and "tricks" are the result's field and its values
        return ngettext(
            "the adversaries revoked: say whether the declarer takes {points} points or {count} trick (choice "
            "points or tricks)",
            "the adversaries revoked: say whether the declarer takes {points} points or {count} tricks (choice "
            "points or tricks)",
            settings.revoke_tricks,
        ).format(points=settings.revoke_penalty, count=settings.revoke_tricks)
    for side in entry.more_revokes:
        if reason := _not_a_side(state, side, "revoke"):
            return reason
    if revoke.choice == "tricks" and declarers in entry.more_revokes:
        return _(
            "the declarer's side ({side}) revoked too, so it scores nothing but honours: tricks taken for the "
            "adversaries' revoke would count for nothing; the declarer takes {points} points"
        ).format(side=state.side_name(declarers), points=settings.revoke_penalty)
    return None


def _check_chicane(state: BridgeState, entry: Any, contract: Contract) -> str | None:
    chicane = entry.chicane
    if chicane is None:
        return None
    if not state.settings.chicane:
        return _("chicane is not scored under these rules (setting chicane is off)")
    if contract.strain == "NT":
        return _("chicane exists only in a trump contract, not at no trump")
    if reason := _not_a_side(state, chicane.side, "chicane"):
        return reason
    honours = entry.honours
    if honours is None:
        return None
    if honours.side == chicane.side:
        if chicane.double:
            return _("a side void of trumps in both hands holds no honours")
        if honours.holding not in CHICANE_SIDE_HOLDINGS:
            return _(
                "with one hand void of trumps, a side's honours are all in the other hand ({holdings}), not "
                "{holding}"
            ).format(holdings=", ".join(CHICANE_SIDE_HOLDINGS), holding=honours.holding)
    elif chicane.double and honours.holding not in FIVE_HONOUR_HOLDINGS:
        return _(
            "against a double chicane the other side holds all five honours ({holdings}), not {holding}"
        ).format(holdings=", ".join(FIVE_HONOUR_HOLDINGS), holding=honours.holding)
    return None


def check_agree(state: BridgeState, entry: Any) -> str | None:
    return state.unfinished_rubber()


def check_stop(state: BridgeState, entry: Any) -> str | None:
    return state.unfinished_deal()
