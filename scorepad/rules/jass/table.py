"""The ruleset in words for the table's help page (F2): every number from the settings, every law stated once."""

from __future__ import annotations

from scorepad.rules.jass.cards import CARD_POINTS, HAND_POINTS, SUITS, contract_label, suit_label
from scorepad.rules.jass.settings import ORDER_LABELS, PENALTY_KINDS, PENALTY_LABELS, Settings


def ruleset_summary(settings: Settings) -> str:
    """One line: the target, the count order, the 157 and the Match (Markdown)."""
    return (
        f"**Target {settings.target}** (preset {settings.preset.replace('_', ' ')}) · "
        f"{ORDER_LABELS[settings.count_order]} · a hand has {HAND_POINTS} card points "
        f"(x for one team, {HAND_POINTS} − x for the other) · Match {settings.match_points}"
    )


def ruleset_sections(settings: Settings) -> list[str]:
    """The contracts and their factors, the card points, the Weis and the penalties (Markdown lines)."""
    names = settings.suit_names
    lines: list[str] = []
    factors = " · ".join(f"{contract_label(c, names)} ×{f}" for c, f in settings.multipliers.items())
    extras = [
        what for what, on in (("Weis", settings.multiply_weis), ("Stöck", settings.multiply_stoeck)) if on
    ]
    lines += [
        "## Contracts",
        "",
        factors,
        "",
        "The factor multiplies the card points and the Match"
        + "".join(f", {w}" for w in extras)
        + "; penalties are not multiplied.",
        "",
    ]
    lines += [
        "## Card points",
        "",
        "| card | trump | other suit | Obenabe | Undenufe |",
        "|---|---|---|---|---|",
    ]
    for rank in CARD_POINTS["trump"]:
        lines.append(
            f"| {rank} | {CARD_POINTS['trump'][rank]} | {CARD_POINTS['plain'][rank]} | "
            f"{CARD_POINTS['obenabe'][rank]} | {CARD_POINTS['undenufe'][rank]} |"
        )
    lines += ["", "## Weis", "", "| Weis | points |", "|---|---|"]
    lines += [f"| {n} in sequence | {p} |" for n, p in settings.sequence_points.items()]
    lines += [f"| four {rank} | {p} |" for rank, p in settings.four_points.items() if p]
    lines += [f"| Stöck (K and Q of trumps) | {settings.stoeck_points} |", ""]
    ladder = " > ".join(suit_label(suit, names) for suit in SUITS)  # SUITS is the ladder, highest first
    tiebreak = (
        f"the higher suit ({ladder})"
        if settings.weis_tiebreak == "suit_ladder"
        else "a Weis in trump, else the player nearer the first to play"
    )
    lines += [
        f"Only the team with the higher Weis writes it (all of its Weis): more points, then more cards, then "
        f"the higher top card (Undenufe: the lower), then {tiebreak}. Stöck always count.",
        "",
    ]
    lines += ["## Penalties (to the opponents; F5)", "", "| offence | points |", "|---|---|"]
    lines += [f"| {PENALTY_LABELS[k]} | {settings.penalties[k]} |" for k in PENALTY_KINDS]
    return lines
