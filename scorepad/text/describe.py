"""Log entries in words, for the log pane and the form's "Logged:" line (presentation only: calls, melds and
holdings are written by the games' own functions, so the log and the sheet say them alike)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from scorepad.locale import N_, _, ngettext
from scorepad.log import (
    ABAgree,
    ABBid,
    ABContract,
    ABResult,
    ABStop,
    Amend,
    Deal,
    Entry,
    FHBid,
    FHClaim,
    FHContract,
    FHIrregularity,
    FHResult,
    JassClaim,
    JassPenalty,
    JassStoeck,
    JassTricks,
    JassTrump,
    JassWeis,
    Note,
    Rename,
    Void,
)
from scorepad.rules.names import visible

if TYPE_CHECKING:
    from scorepad.rules.base import Sheet


def _call(entry: FHBid | ABBid | ABContract) -> str:
    """A bid's or contract's call, written as its game writes it (the games' modules load only when asked)."""
    if isinstance(entry, (ABBid, ABContract)):
        from scorepad.rules.auction_bridge.calls import format_call

        return format_call(entry.call)
    from scorepad.rules.five_hundred.calls import display_call

    return display_call(entry.call)


def describe(
    entry: Entry,
    names: Mapping[str, str] | None = None,
    side_names: Mapping[str, str] | None = None,
    declarer: str | None = None,
) -> str:
    """The entry in words, with players' and sides' names as shown now (a rename changes them). `declarer`:
    an Auction Bridge result's declarer, when known ("Ann's side: 10 tricks").

    Notes, reasons and any name a hand-edited file put in an entry are made visible (no control characters)."""
    return visible(_in_words(entry, names, side_names, declarer))


def described(entry: Entry, sheet: Sheet) -> str:
    """The entry in words as the sheet stands (its names of now, a Bridge result's declarer)."""
    declarer = declarer_of(sheet, entry.seq) if isinstance(entry, ABResult) and entry.seq else None
    return describe(entry, sheet.names, sheet.side_names, declarer)


def declarer_of(sheet: Sheet, seq: int) -> str | None:
    """The declarer of the Auction Bridge deal that entry `seq` scored, or None (not a scored deal's result)."""
    from bisect import bisect_left

    rows = sheet.rows
    at = bisect_left(
        rows, seq, key=lambda row: row.seq
    )  # (rows are in the order of the entries scoring them)
    if at == len(rows) or rows[at].seq != seq:
        return None
    declarer = getattr(rows[at].cells, "declarer", None)
    return declarer if isinstance(declarer, str) else None


def _in_words(
    entry: Entry,
    names: Mapping[str, str] | None = None,
    side_names: Mapping[str, str] | None = None,
    declarer: str | None = None,
) -> str:
    names = names or {}
    side_names = side_names or {}

    def who(player: str) -> str:
        return names.get(player, player)

    def side(label: str) -> str:
        return side_names.get(label, label)

    match entry:
        case Deal():
            return _("{player} deals").format(player=who(entry.dealer))
        case Note():
            return _("note: {text}").format(text=entry.text)
        case Rename():  # the seat as the header names it
            return _("{seat} is now called {name}").format(seat=entry.player, name=entry.new_name)
        case Amend():
            corrected = describe(entry.entry, names, side_names)
            if entry.override:
                return _("correct #{number}: {entry} (table override)").format(
                    number=entry.target, entry=corrected
                )
            return _("correct #{number}: {entry}").format(number=entry.target, entry=corrected)
        case Void():
            return _struck_out(entry)
        case FHContract():  # before FHBid: a Five Hundred contract is a kind of bid
            return _("contract: {player} {call}").format(player=who(entry.player), call=_call(entry))
        case ABContract():
            contract = {
                "none": _("contract: {player} {call}"),
                "doubled": _("contract: {player} {call} doubled"),
                "redoubled": _("contract: {player} {call} redoubled"),
            }[entry.double]
            return contract.format(player=who(entry.player), call=_call(entry))
        case FHBid() | ABBid():
            return f"{who(entry.player)} {_call(entry)}"  # not words: a name and a call
        case FHResult():
            text = ", ".join(f"{side(label)} {n}" for label, n in entry.tricks.items())
            return _("tricks: {tricks}").format(tricks=text)
        case ABResult():
            return _bridge_result(entry, side, who(declarer) if declarer else None)
        case FHIrregularity():  # the player is the offender
            return _irregularity(entry.kind).format(player=who(entry.player))
        case FHClaim():
            claim = (
                _("{player} claims the game — upheld")
                if entry.upheld
                else _("{player} claims the game — not upheld")
            )
            return claim.format(player=who(entry.player))
        case JassClaim():
            # Translators: Jass, a team claims the win during a hand ("bedanken"), with the points it counted
            return _("{team} thanks (bedankt) with {counted} counted").format(
                team=side(entry.team), counted=entry.counted
            )
        case JassTrump():
            from scorepad.rules.jass.cards import contract_label

            if entry.pushed:
                # Translators: Jass, the trump named by the partner of the player who pushed ("schiebt")
                named = _("{player} names {contract} (pushed)")
            else:
                # Translators: Jass, the trump (or Obenabe, Undenufe) named: "Ann names ♠ spades"
                named = _("{player} names {contract}")
            return named.format(player=who(entry.player), contract=contract_label(entry.contract))
        case JassWeis():
            from scorepad.rules.jass.cards import describe_meld

            melds = ", ".join(describe_meld(m) for m in entry.melds)
            if entry.late:
                # Translators: a Weis declared after the first trick counts nothing
                return _("{player} weist {melds} — after the first trick: void").format(
                    player=who(entry.player), melds=melds
                )
            # Translators: a Jass player declares his Weis (melds): "Bob weist four to the K♣"
            return _("{player} weist {melds}").format(player=who(entry.player), melds=melds)
        case JassStoeck():
            if entry.late:
                return _("{player} Stöck — announced too late: void").format(player=who(entry.player))
            # Translators: a Jass player announces Stöck (king and queen of trumps)
            return _("{player} Stöck").format(player=who(entry.player))
        case JassTricks():
            points = ", ".join(f"{side(team)} {n}" for team, n in entry.points.items())
            if entry.match:
                return _("card points: {points} — Match {team}").format(points=points, team=side(entry.match))
            return _("card points: {points}").format(points=points)
        case JassPenalty():
            return _penalty(entry.kind).format(
                team=side(entry.against), points=f"{entry.points:+d}" if entry.points is not None else ""
            )
        case ABAgree():
            return _("the table agrees the rubber's score")
        case ABStop():
            if entry.reason:
                return _("rubber stopped: {reason}").format(reason=entry.reason)
            return _("rubber stopped")
    return entry.type


def _struck_out(entry: Void) -> str:
    if entry.note and entry.override:
        text = _("strike out #{number} — {note} (table override)")
    elif entry.note:
        text = _("strike out #{number} — {note}")
    elif entry.override:
        text = _("strike out #{number} (table override)")
    else:
        text = _("strike out #{number}")
    return text.format(number=entry.target, note=entry.note)


def _bridge_result(entry: ABResult, side: Callable[[str], str], declarer: str | None) -> str:
    if declarer:
        tricks = ngettext("{player}'s side: {count} trick", "{player}'s side: {count} tricks", entry.tricks)
    else:
        tricks = ngettext("declarer's side: {count} trick", "declarer's side: {count} tricks", entry.tricks)
    parts = [tricks.format(player=declarer, count=entry.tricks)]
    if entry.honours:
        from scorepad.rules.auction_bridge.calls import HOLDING_TEXT

        parts.append(
            # Translators: Auction Bridge, the honours a side holds: "simple honours to We"
            _("{holding} to {side}").format(
                holding=_(HOLDING_TEXT[entry.honours.holding]), side=side(entry.honours.side)
            )
        )
    if entry.revoke:
        parts.append(_("revoke by {side}").format(side=side(entry.revoke.side)))
    parts += [_("another revoke by {side}").format(side=side(later)) for later in entry.more_revokes]
    if entry.chicane:
        chicane = _("double chicane to {side}") if entry.chicane.double else _("chicane to {side}")
        parts.append(chicane.format(side=side(entry.chicane.side)))
    return ", ".join(parts)


def _irregularity(kind: str) -> str:
    """A Five Hundred irregularity by a player, with {player} to fill in."""
    return {
        # Translators: Five Hundred, an irregularity and the player who committed it
        "revoke": _("revoke by {player}"),
        "wrong_cards": _("wrong cards by {player}"),
        "bid_out_of_turn": _("bid out of turn by {player}"),
        "redeal": _("redeal by {player}"),
    }.get(kind, kind)


def _penalty(kind: str) -> str:
    """A Jass penalty against a team, with {team} (and, for one the table sets, {points}) to fill in."""
    return {
        # Translators: Jass, a penalty's points go to the other team; {team} is the team that pays
        "uncut_deck": _("penalty uncut deck against {team}"),
        "misdeal": _("penalty misdeal against {team}"),
        "out_of_turn": _("penalty out of turn against {team}"),
        "wrong_play": _("penalty wrong play against {team}"),
        "false_weis": _("penalty false weis against {team}"),
        "custom": _("penalty custom against {team} {points}"),
    }.get(kind, kind)


def next_line(sheet: Sheet) -> str:
    """The line that tells the table what it enters next: "Next: Ann to bid (7♠ to beat)". A prompt that
    announces the coming deal or hand itself (Five Hundred's "Bob deals next; Cid bids first", Jass's "Hand 3:
    Bob deals; Cid names the trump …") is a sentence of its own: "Next:" before it would say it twice."""
    if not sheet.prompt:
        return ""
    if sheet.view.prompt_stands_alone:  # the rules know their own prompts' wording
        return sheet.prompt
    # Translators: what the table enters next: "Next: Ann to bid (7♠ to beat)"
    return _("Next: {prompt}").format(prompt=sheet.prompt)


#: a board's words for its last deals, by the game's word for one (`Sheet.deal_word`): the column, the pane's
#: title, and what it says before any is scored
RECENT_WORDS = {
    "deal": (N_("deal"), N_("Last deals"), N_("No deal scored yet.")),
    "hand": (N_("hand"), N_("Last hands"), N_("No hand scored yet.")),
}


def recent_words(sheet: Sheet) -> tuple[str, str, str]:
    """The column, the title and the empty pane's line of a board's last deals, in the language spoken."""
    column, title, none = RECENT_WORDS.get(sheet.deal_word, RECENT_WORDS["deal"])
    return _(column), _(title), _(none)
