"""The ruleset in words for the table's help page (F2): the bid values and this table's laws, from the settings."""

from __future__ import annotations

from scorepad.rules.five_hundred.calls import schedule_table
from scorepad.rules.five_hundred.settings import TRICKS_PER_DEAL, Settings


def ruleset_markdown(settings: Settings) -> str:
    """The bid table of the schedule, the nullos, and the laws this table plays by (Markdown)."""
    table = schedule_table(settings)
    symbols = table["symbols"]
    strains = table["strains"]
    lines = [
        f"## Bid values — {table['schedule'].capitalize()} schedule",
        "",
        "| tricks | " + " | ".join(symbols[s] for s in strains) + " |",
        "|---|" + "---|" * len(strains),
    ]
    for row in table["rows"]:
        lines.append(f"| {row['tricks']} | " + " | ".join(str(row[s]) for s in strains) + " |")
    if table["nullos"]:
        lines += ["", "| nullo | value | ranks |", "|---|---|---|"]
        lines += [f"| {n['display']} | {n['value']} | {n['ranks']} |" for n in table["nullos"]]
    lines += [
        "",
        "## This table",
        "- The auction: "
        + (
            "one call each, from the dealer's left; the dealer calls last"
            if settings.auction == "one_round"
            else "round and round until all but one have passed; a player who passed is out"
        ),
        f"- Game: {settings.target}; minus {settings.target} loses"
        + (
            " (with three or more sides it drops out)"
            if settings.minus_target == "out_of_contention"
            else " and ends the game"
        ),
        f"- Every deal has {TRICKS_PER_DEAL} tricks; an opponent scores {settings.trick_value} a trick"
        + {"always": "", "never": " — never, here", "when_set": " only when the contract is set"}[
            settings.defenders_score
        ],
    ]
    if settings.slam_bonus:
        lines.append(f"- All {TRICKS_PER_DEAL} tricks: at least {settings.slam_value}")
    if settings.must_bid_to_win:
        lines.append("- A side wins only by making its own bid")
    if settings.card_points:
        lines.append("- Card points: every side also scores the cards it takes")
    lines += [
        "",
        "Each bid must outrank the one before: " + " < ".join(c["display"] for c in table["ladder"]),
    ]
    return "\n".join(lines)
