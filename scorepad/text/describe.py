"""Log entries in words, for the log pane and the form's "Logged:" line (presentation only: calls, melds and
holdings are written by the games' own functions, so the log and the sheet say them alike)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

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
            return f"{who(entry.dealer)} deals"
        case Note():
            return f"note: {entry.text}"
        case Rename():
            return f"{entry.player} is now called {entry.new_name}"  # the seat as the header names it
        case Amend():
            flag = " (table override)" if entry.override else ""
            return f"correct #{entry.target}: {describe(entry.entry, names, side_names)}{flag}"
        case Void():
            flag = " (table override)" if entry.override else ""
            note = f" — {entry.note}" if entry.note else ""
            return f"strike out #{entry.target}{note}{flag}"
        case FHContract():  # before FHBid: a Five Hundred contract is a kind of bid
            return f"contract: {who(entry.player)} {_call(entry)}"
        case ABContract():
            extra = "" if entry.double == "none" else f" {entry.double}"
            return f"contract: {who(entry.player)} {_call(entry)}{extra}"
        case FHBid() | ABBid():
            return f"{who(entry.player)} {_call(entry)}"
        case FHResult():
            text = ", ".join(f"{side(label)} {n}" for label, n in entry.tricks.items())
            return f"tricks: {text}"
        case ABResult():
            tricks = f"{entry.tricks} trick" + ("" if entry.tricks == 1 else "s")
            parts = [f"{who(declarer)}'s side: {tricks}" if declarer else f"declarer's side: {tricks}"]
            if entry.honours:
                from scorepad.rules.auction_bridge.calls import HOLDING_TEXT

                parts.append(f"{HOLDING_TEXT[entry.honours.holding]} to {side(entry.honours.side)}")
            if entry.revoke:
                parts.append(f"revoke by {side(entry.revoke.side)}")
            parts += [f"another revoke by {side(later)}" for later in entry.more_revokes]
            if entry.chicane:
                parts.append(
                    f"{'double chicane' if entry.chicane.double else 'chicane'} to {side(entry.chicane.side)}"
                )
            return ", ".join(parts)
        case FHIrregularity():
            return f"{entry.kind.replace('_', ' ')} by {who(entry.player)}"
        case FHClaim():
            return f"{who(entry.player)} claims the game — {'upheld' if entry.upheld else 'not upheld'}"
        case JassClaim():
            return f"{side(entry.team)} thanks (bedankt) with {entry.counted} counted"
        case JassTrump():
            pushed = " (pushed)" if entry.pushed else ""
            from scorepad.rules.jass.cards import contract_label

            return f"{who(entry.player)} names {contract_label(entry.contract)}{pushed}"
        case JassWeis():
            from scorepad.rules.jass.cards import describe_meld

            late = " — after the first trick: void" if entry.late else ""
            return f"{who(entry.player)} weist " + ", ".join(describe_meld(m) for m in entry.melds) + late
        case JassStoeck():
            return f"{who(entry.player)} Stöck" + (" — announced too late: void" if entry.late else "")
        case JassTricks():
            points = ", ".join(f"{side(team)} {n}" for team, n in entry.points.items())
            match = f" — Match {side(entry.match)}" if entry.match else ""
            return f"card points: {points}{match}"
        case JassPenalty():
            pts = f" {entry.points:+d}" if entry.points is not None else ""
            return f"penalty {entry.kind.replace('_', ' ')} against {side(entry.against)}{pts}"
        case ABAgree():
            return "the table agrees the rubber's score"
        case ABStop():
            return f"rubber stopped: {entry.reason}" if entry.reason else "rubber stopped"
    return entry.type


def next_line(sheet: Sheet) -> str:
    """The line that tells the table what it enters next: "Next: Ann to bid (7♠ to beat)". A prompt that
    announces the coming deal or hand itself (Five Hundred's "Bob deals next; Cid bids first", Jass's "Hand 3:
    Bob deals; Cid names the trump …") is a sentence of its own: "Next:" before it would say it twice."""
    if not sheet.prompt:
        return ""
    if sheet.view.prompt_stands_alone:  # the rules know their own prompts' wording
        return sheet.prompt
    return f"Next: {sheet.prompt}"
