"""The ruleset in words for the table's help page (F2): every number from the settings, every law stated once."""

from __future__ import annotations

from scorepad.locale import _, pgettext
from scorepad.rules.jass.cards import (
    CARD_POINTS,
    HAND_POINTS,
    RANK_PLURALS,
    SUITS,
    contract_label,
    rank_label,
    suit_label,
)
from scorepad.rules.jass.settings import ORDER_LABELS, PENALTY_KINDS, PENALTY_LABELS, VALUE_WORDS, Settings


def ruleset_summary(settings: Settings) -> str:
    """One line: the target, the count order, the 157 and the Match (Markdown)."""
    # Translators: Markdown; "**Target 2500** (preset classic 2500) · Stöck – Wys – Stich · a hand has 157 card
    # points (x for one team, 157 − x for the other) · Match 257"
    line = _(
        "**Target {target}** (preset {preset}) · {order} · a hand has {hand} card points (x for one team, {hand} − x "
        "for the other) · Match {match}"
    )
    return line.format(
        target=settings.target,
        preset=VALUE_WORDS["preset"][settings.preset],
        order=ORDER_LABELS[settings.count_order],
        hand=HAND_POINTS,
        match=settings.match_points,
    )


def ruleset_sections(settings: Settings) -> list[str]:
    """The contracts and their factors, the card points, the Weis and the penalties (Markdown lines)."""
    names = settings.suit_names
    lines: list[str] = []
    factors = " · ".join(f"{contract_label(c, names)} ×{f}" for c, f in settings.multipliers.items())
    if settings.multiply_weis and settings.multiply_stoeck:
        multiplied = _(
            "The factor multiplies the card points and the Match, Weis, Stöck; penalties are not multiplied."
        )
    elif settings.multiply_weis:
        multiplied = _(
            "The factor multiplies the card points and the Match, Weis; penalties are not multiplied."
        )
    elif settings.multiply_stoeck:
        multiplied = _(
            "The factor multiplies the card points and the Match, Stöck; penalties are not multiplied."
        )
    else:
        multiplied = _("The factor multiplies the card points and the Match; penalties are not multiplied.")
    lines += ["## " + pgettext("Jass", "Contracts"), "", factors, "", multiplied, ""]
    lines += [
        "## " + pgettext("Jass", "Card points"),
        "",
        "| {} |".format(
            " | ".join(
                (
                    pgettext("Jass card points table", "card"),
                    pgettext("Jass card points table", "trump"),
                    pgettext("Jass card points table", "other suit"),
                    _("Obenabe"),
                    _("Undenufe"),
                )
            )
        ),
        "|---|---|---|---|---|",
    ]
    for rank in CARD_POINTS["trump"]:
        lines.append(
            f"| {rank_label(rank, names)} | {CARD_POINTS['trump'][rank]} | {CARD_POINTS['plain'][rank]} | "
            f"{CARD_POINTS['obenabe'][rank]} | {CARD_POINTS['undenufe'][rank]} |"
        )
    weis, points = pgettext("Jass heading", "Weis"), pgettext("Jass Weis table", "points")
    lines += ["", f"## {weis}", "", f"| {weis} | {points} |", "|---|---|"]
    in_sequence = _("{count} in sequence")
    lines += [f"| {in_sequence.format(count=n)} | {p} |" for n, p in settings.sequence_points.items()]
    lines += [f"| {RANK_PLURALS[rank]} | {p} |" for rank, p in settings.four_points.items() if p]
    stoeck = _("Stöck (K and Q of trumps)")
    lines += [f"| {stoeck} | {settings.stoeck_points} |", ""]
    ladder = " > ".join(suit_label(suit, names) for suit in SUITS)  # SUITS is the ladder, highest first
    if settings.weis_tiebreak == "suit_ladder":
        tiebreak = _("the higher suit ({ladder})").format(ladder=ladder)
    else:
        tiebreak = _("a Weis in trump, else the player nearer the first to play")
    who = _(
        "Only the team with the higher Weis writes it (all of its Weis): more points, then more cards, then the "
        "higher top card (Undenufe: the lower), then {tiebreak}. Stöck always count."
    )
    lines += [who.format(tiebreak=tiebreak), ""]
    offence, to_them = pgettext("Jass penalty table", "offence"), pgettext("Jass penalty table", "points")
    lines += ["## " + _("Penalties (to the opponents; F5)"), "", f"| {offence} | {to_them} |", "|---|---|"]
    lines += [f"| {PENALTY_LABELS[k]} | {settings.penalties[k]} |" for k in PENALTY_KINDS]
    return lines
