"""Log entries in words, for the log pane and the CLI (presentation only, no rules)."""

from __future__ import annotations

from collections.abc import Mapping

from scorepad.log import Entry

SUIT_SIGNS = {"S": "♠", "C": "♣", "D": "♦", "H": "♥", "R": "♠R", "NT": "NT"}
RANK_PLURALS = {"A": "Aces", "K": "Kings", "Q": "Queens", "J": "Jacks", "10": "Tens", "9": "Nines",
                "8": "Eights", "7": "Sevens", "6": "Sixes"}
JASS_CONTRACT_NAMES = {
    "hearts": "♥ hearts", "diamonds": "♦ diamonds", "clubs": "♣ clubs", "spades": "♠ spades",
    "obenabe": "Obenabe", "undenufe": "Undenufe",
}


def pretty_call(call: str) -> str:
    """'7H' -> '7♥', '10NT' -> '10NT', 'open_nullo' -> 'open nullo'."""
    for strain in ("NT", "S", "C", "D", "H", "R"):
        if call.endswith(strain) and call[: -len(strain)].isdigit():
            return call[: -len(strain)] + SUIT_SIGNS[strain]
    return call.replace("_", " ")


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
        return f"{who(entry.player)} {pretty_call(entry.call)}"
    if kind == "contract":
        doubled = getattr(entry, "double", "none")
        extra = "" if doubled in (None, "none") else f" {doubled}"
        return f"contract: {who(entry.player)} {pretty_call(entry.call)}{extra}"
    if kind == "result":
        tricks = entry.tricks
        if isinstance(tricks, dict):
            text = ", ".join(f"{side(label)} {n}" for label, n in tricks.items())
            return f"tricks: {text}"
        parts = [f"declarer's side {tricks} tricks"]
        if entry.honours:
            parts.append(f"honours {entry.honours.holding.replace('_', ' ')} to {side(entry.honours.side)}")
        if entry.revoke:
            parts.append(f"revoke by {side(entry.revoke.side)}")
        return ", ".join(parts)
    if kind == "irregularity":
        return f"{entry.kind.replace('_', ' ')} by {who(entry.player)}"
    if kind == "claim":
        if hasattr(entry, "upheld"):
            return f"{who(entry.player)} claims the game — {'upheld' if entry.upheld else 'not upheld'}"
        return f"{side(entry.team)} thanks (bedankt) with {entry.counted} counted"
    if kind == "trump":
        pushed = " (pushed)" if entry.pushed else ""
        return f"{who(entry.player)} names {JASS_CONTRACT_NAMES[entry.contract]}{pushed}"
    if kind == "weis":
        return f"{who(entry.player)} weist " + ", ".join(_meld(m) for m in entry.melds)
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


def _meld(meld: object) -> str:
    if getattr(meld, "kind", "") == "sequence":
        return f"{meld.length} to the {meld.top} of {meld.suit}"  # type: ignore[attr-defined]
    return f"four {RANK_PLURALS[meld.rank]}"  # type: ignore[attr-defined]
