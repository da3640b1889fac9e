"""The ruleset in words for the table's help page (F2): every number from the settings, every law stated once."""

from __future__ import annotations

from scorepad.rules.auction_bridge.calls import (
    DOUBLINGS,
    STRAIN_NAMES,
    STRAIN_SYMBOLS,
    all_bids,
    bid_value,
    format_call,
    split_bid,
)
from scorepad.rules.auction_bridge.settings import STRAINS, Settings
from scorepad.rules.wording import counted


def bid_values(settings: Settings) -> list[str]:
    """The trick and bid values by odd tricks and strain, and what doubling multiplies (Markdown lines)."""
    symbols = [STRAIN_SYMBOLS[s] for s in STRAINS]
    lines = [
        "## Trick values and bid values (Laws 3, 44)",
        "A bid is worth its odd tricks × the trick value; at equal value the bid naming more tricks is higher.",
        "",
        "| odd tricks | "
        + " | ".join(f"{sym} {STRAIN_NAMES[s]}" for s, sym in zip(STRAINS, symbols, strict=True))
        + " |",
        "|---|" + "---|" * len(STRAINS),
    ]
    levels = sorted({split_bid(b)[0] for b in all_bids(settings)})
    for level in levels:
        lines.append(
            f"| {level} | " + " | ".join(str(bid_value(f"{level}{s}", settings)) for s in STRAINS) + " |"
        )
    factors = ", ".join(f"{d} ×{settings.multiplier(d)}" for d in DOUBLINGS if d != "none")
    return [*lines, "", f"Doubling multiplies the trick points ({factors}) but never a bid's rank."]


def scoring_table(settings: Settings) -> list[str]:
    """Game, rubber, under-tricks, bonuses and penalties (Markdown lines)."""
    return [
        "## The rest of the table",
        "",
        "| what | points |",
        "|---|---|",
        f"| game (trick score) | {settings.game_points} |",
        f"| rubber | best of {2 * settings.games_to_win - 1} games, won with {settings.games_to_win} |",
        f"| each under-trick: undoubled / doubled / redoubled | {settings.undertrick} / "
        f"{settings.undertrick_doubled} / {settings.undertrick_redoubled} |",
        f"| dealer's {format_call('1S')} left in, at most (unless redoubled) | {settings.dealers_one_spade_cap} |",
        f"| doubled / redoubled contract made, and per overtrick | {settings.doubled_bonus} / "
        f"{settings.redoubled_bonus} |",
        f"| little slam (12 tricks) / slam (13) | {settings.little_slam_bonus} / {settings.slam_bonus} |",
        f"| revoke | {settings.revoke_penalty} points, or {counted(settings.revoke_tricks, 'trick')} to the declarer |",
        f"| chicane / double chicane | {'scored' if settings.chicane else 'not scored'}: "
        f"{settings.chicane_tricks} / {settings.double_chicane_tricks} tricks of the trump suit |",
        f"| rubber bonus | {settings.rubber_bonus} |",
        f"| unfinished rubber, per game won (Law 11) | {settings.unfinished_game_bonus} |",
    ]
