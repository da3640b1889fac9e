"""The ruleset in words for the table's help page (F2): the bid values and this table's laws, from the settings."""

from __future__ import annotations

from scorepad.locale import _
from scorepad.rules.five_hundred.calls import schedule_table
from scorepad.rules.five_hundred.settings import TRICKS_PER_DEAL, Settings


def _opponents_score(settings: Settings) -> str:
    """The line on the opponents' tricks, as the setting `defenders_score` has it."""
    if settings.defenders_score == "never":
        words = _("Every deal has {tricks} tricks; an opponent scores {points} a trick — never, here")
    elif settings.defenders_score == "when_set":
        words = _(
            "Every deal has {tricks} tricks; an opponent scores {points} a trick only when the contract is set"
        )
    else:
        words = _("Every deal has {tricks} tricks; an opponent scores {points} a trick")
    return words.format(tricks=TRICKS_PER_DEAL, points=settings.trick_value)


def ruleset_markdown(settings: Settings) -> str:
    """The bid table of the schedule, the nullos, and the laws this table plays by (Markdown)."""
    table = schedule_table(settings)
    symbols = table["symbols"]
    strains = table["strains"]
    title = (
        _("Bid values — Avondale schedule")
        if settings.schedule == "avondale"
        else _("Bid values — Original schedule")
    )
    lines = [
        f"## {title}",
        "",
        "| " + " | ".join([_("tricks"), *(symbols[s] for s in strains)]) + " |",
        "|---|" + "---|" * len(strains),
    ]
    for row in table["rows"]:
        lines.append(f"| {row['tricks']} | " + " | ".join(str(row[s]) for s in strains) + " |")
    if table["nullos"]:
        heads = (_("nullo"), _("value"), _("ranks"))
        lines += ["", "| " + " | ".join(heads) + " |", "|---|---|---|"]
        lines += [f"| {n['display']} | {n['value']} | {n['ranks']} |" for n in table["nullos"]]
    auction = (
        _("The auction: one call each, from the dealer's left; the dealer calls last")
        if settings.auction == "one_round"
        else _("The auction: round and round until all but one have passed; a player who passed is out")
    )
    game = (
        _("Game: {target}; minus {target} loses (with three or more sides it drops out)")
        if settings.minus_target == "out_of_contention"
        else _("Game: {target}; minus {target} loses and ends the game")
    )
    laws = [auction, game.format(target=settings.target), _opponents_score(settings)]
    if settings.slam_bonus:
        laws.append(
            _("All {tricks} tricks: at least {points}").format(
                tricks=TRICKS_PER_DEAL, points=settings.slam_value
            )
        )
    if settings.must_bid_to_win:
        laws.append(_("A side wins only by making its own bid"))
    if settings.card_points:
        laws.append(_("Card points: every side also scores the cards it takes"))
    lines += ["", "## " + _("This table"), *(f"- {law}" for law in laws)]
    ladder = " < ".join(c["display"] for c in table["ladder"])
    lines += ["", _("Each bid must outrank the one before: {ladder}").format(ladder=ladder)]
    return "\n".join(lines)
