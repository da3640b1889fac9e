"""Log entries in words, for the log pane and the form's "Logged:" line (presentation only: calls, melds and
holdings are written by the games' own functions, so the log and the sheet say them alike)."""

from __future__ import annotations

from collections.abc import Mapping

from scorepad.log import ABBid, ABContract, Entry


def _call(entry: Entry) -> str:
    """A bid's or contract's call, written as its game writes it (the games' modules load only when asked)."""
    if isinstance(entry, (ABBid, ABContract)):
        from scorepad.rules.auction_bridge.calls import format_call

        return format_call(entry.call)
    from scorepad.rules.five_hundred.calls import display_call

    return display_call(entry.call)


def describe(entry: Entry, names: Mapping[str, str] | None = None,
             side_names: Mapping[str, str] | None = None) -> str:
    """The entry in words, with players' and sides' names as shown now (a rename changes them)."""
    names = names or {}
    side_names = side_names or {}

    def who(player: str) -> str:
        return names.get(player, player)

    def side(label: str) -> str:
        return side_names.get(label, label)

    kind = entry.type
    if kind == "deal":
        return f"{who(entry.dealer)} deals"
    if kind == "note":
        return f"note: {entry.text}"
    if kind == "rename":
        return f"{entry.player} is now called {entry.new_name}"  # the seat as the header names it
    if kind == "amend":
        flag = " (table override)" if entry.override else ""
        return f"correct #{entry.target}: {describe(entry.entry, names, side_names)}{flag}"
    if kind == "void":
        flag = " (table override)" if entry.override else ""
        note = f" — {entry.note}" if entry.note else ""
        return f"strike out #{entry.target}{note}{flag}"
    if kind == "bid":
        return f"{who(entry.player)} {_call(entry)}"
    if kind == "contract":
        doubled = getattr(entry, "double", "none")
        extra = "" if doubled in (None, "none") else f" {doubled}"
        return f"contract: {who(entry.player)} {_call(entry)}{extra}"
    if kind == "result":
        tricks = entry.tricks
        if isinstance(tricks, dict):
            text = ", ".join(f"{side(label)} {n}" for label, n in tricks.items())
            return f"tricks: {text}"
        parts = [f"declarer's side {tricks} tricks"]
        if entry.honours:
            from scorepad.rules.auction_bridge.calls import HOLDING_TEXT

            parts.append(f"{HOLDING_TEXT[entry.honours.holding]} to {side(entry.honours.side)}")
        if entry.revoke:
            parts.append(f"revoke by {side(entry.revoke.side)}")
        if entry.chicane:
            parts.append(f"{'double chicane' if entry.chicane.double else 'chicane'} to {side(entry.chicane.side)}")
        return ", ".join(parts)
    if kind == "irregularity":
        return f"{entry.kind.replace('_', ' ')} by {who(entry.player)}"
    if kind == "claim":
        if hasattr(entry, "upheld"):
            return f"{who(entry.player)} claims the game — {'upheld' if entry.upheld else 'not upheld'}"
        return f"{side(entry.team)} thanks (bedankt) with {entry.counted} counted"
    if kind == "trump":
        pushed = " (pushed)" if entry.pushed else ""
        from scorepad.rules.jass.cards import contract_label

        return f"{who(entry.player)} names {contract_label(entry.contract)}{pushed}"
    if kind == "weis":
        from scorepad.rules.jass.cards import describe_meld

        return f"{who(entry.player)} weist " + ", ".join(describe_meld(m) for m in entry.melds)
    if kind == "stoeck":
        return f"{who(entry.player)} Stöck"
    if kind == "tricks":
        points = ", ".join(f"{side(team)} {n}" for team, n in entry.points.items())
        match = f" — Match {side(entry.match)}" if entry.match else ""
        return f"card points: {points}{match}"
    if kind == "penalty":
        pts = f" {entry.points:+d}" if entry.points is not None else ""
        return f"penalty {entry.kind.replace('_', ' ')} against {side(entry.against)}{pts}"
    if kind == "agree":
        return "the table agrees the rubber's score"
    if kind == "stop":
        return f"rubber stopped: {entry.reason}" if entry.reason else "rubber stopped"
    return kind
