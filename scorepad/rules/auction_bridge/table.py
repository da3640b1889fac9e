"""The ruleset in words for the table's help page (F2): every number from the settings, every law stated once."""

from __future__ import annotations

from scorepad.locale import _, ngettext, pgettext
from scorepad.rules.auction_bridge.calls import (
    DOUBLINGS,
    STRAIN_NAMES,
    STRAIN_SYMBOLS,
    all_bids,
    bid_value,
    doubling_words,
    format_call,
    split_bid,
)
from scorepad.rules.auction_bridge.settings import STRAINS, Settings


def bid_values(settings: Settings) -> list[str]:
    """The trick and bid values by odd tricks and strain, and what doubling multiplies (Markdown lines)."""
    odd_tricks = pgettext("Auction Bridge table", "odd tricks")
    heading = " | ".join(f"{STRAIN_SYMBOLS[s]} {STRAIN_NAMES[s]}" for s in STRAINS)
    lines = [
        "## " + _("Trick values and bid values (Laws 3, 44)"),
        _(
            "A bid is worth its odd tricks × the trick value; at equal value the bid naming more tricks is higher."
        ),
        "",
        f"| {odd_tricks} | {heading} |",
        "|---|" + "---|" * len(STRAINS),
    ]
    levels = sorted({split_bid(b)[0] for b in all_bids(settings)})
    for level in levels:
        lines.append(
            f"| {level} | " + " | ".join(str(bid_value(f"{level}{s}", settings)) for s in STRAINS) + " |"
        )
    factors = ", ".join(f"{doubling_words(d)} ×{settings.multiplier(d)}" for d in DOUBLINGS if d != "none")
    doubling = _("Doubling multiplies the trick points ({factors}) but never a bid's rank.")
    return [*lines, "", doubling.format(factors=factors)]


def scoring_table(settings: Settings) -> list[str]:
    """Game, rubber, under-tricks, bonuses and penalties (Markdown lines)."""
    s = settings
    wins = s.games_to_win
    chicane = (
        # Translators: Auction Bridge; counted as {double} counts: "scored: 2 / 4 tricks of the trump suit"
        ngettext(
            "scored: {chicane} / {double} tricks of the trump suit",
            "scored: {chicane} / {double} tricks of the trump suit",
            s.double_chicane_tricks,
        )
        if s.chicane
        else ngettext(
            "not scored: {chicane} / {double} tricks of the trump suit",
            "not scored: {chicane} / {double} tricks of the trump suit",
            s.double_chicane_tricks,
        )
    )
    revoke = ngettext(
        "{points} points, or {count} trick to the declarer",
        "{points} points, or {count} tricks to the declarer",
        s.revoke_tricks,
    )
    rows = [
        (_("game (trick score)"), str(s.game_points)),
        (
            pgettext("Auction Bridge table", "rubber"),
            ngettext(
                "best of {games} game, won with {wins}", "best of {games} games, won with {wins}", wins
            ).format(games=2 * wins - 1, wins=wins),
        ),
        (
            _("each under-trick: undoubled / doubled / redoubled"),
            f"{s.undertrick} / {s.undertrick_doubled} / {s.undertrick_redoubled}",
        ),
        (
            _("dealer's {bid} left in, at most (unless redoubled)").format(bid=format_call("1S")),
            str(s.dealers_one_spade_cap),
        ),
        (
            _("doubled / redoubled contract made, and per overtrick"),
            f"{s.doubled_bonus} / {s.redoubled_bonus}",
        ),
        (_("little slam (12 tricks) / slam (13)"), f"{s.little_slam_bonus} / {s.slam_bonus}"),
        (
            pgettext("Auction Bridge table", "revoke"),
            revoke.format(points=s.revoke_penalty, count=s.revoke_tricks),
        ),
        (
            _("chicane / double chicane"),
            chicane.format(chicane=s.chicane_tricks, double=s.double_chicane_tricks),
        ),
        (_("rubber bonus"), str(s.rubber_bonus)),
        (_("unfinished rubber, per game won (Law 11)"), str(s.unfinished_game_bonus)),
    ]
    what, points = pgettext("Auction Bridge table", "what"), pgettext("Auction Bridge table", "points")
    return [
        "## " + _("The rest of the table"),
        "",
        f"| {what} | {points} |",
        "|---|---|",
        *(f"| {label} | {value} |" for label, value in rows),
    ]
