"""Every number of Auction Bridge (Foster's Laws 2–13, 42–48): the ruleset a header's `rules` overrides."""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel, ConfigDict, Field, model_validator

from scorepad.locale import N_, _, pgettext
from scorepad.rules.auction_bridge.words import strain_symbol
from scorepad.rules.wording import Words

STRAINS = ("S", "C", "D", "H", "R", "NT")
TRUMP_HOLDINGS = ("3", "4", "5", "4_one_hand", "4_one_hand_5th_partner", "5_one_hand")
NO_TRUMP_HOLDINGS = ("3_aces", "4_aces", "4_aces_one_hand")


def _trick_values() -> dict[str, int]:
    return {"S": 2, "C": 6, "D": 7, "H": 8, "R": 9, "NT": 10}


def _honour_tricks() -> dict[str, int]:
    return {"3": 2, "4": 4, "5": 5, "4_one_hand": 8, "4_one_hand_5th_partner": 9, "5_one_hand": 10}


def _no_trump_honours() -> dict[str, int]:
    return {"3_aces": 30, "4_aces": 40, "4_aces_one_hand": 100}


def _setting_labels() -> dict[str, str]:
    return {
        # Translators: Auction Bridge, the settings' names as a list of settings shows them ("revoke penalty: 100")
        "revoke_penalty": pgettext("Auction Bridge setting", "revoke penalty"),
        "chicane": pgettext("Auction Bridge setting", "chicane"),
        "rubber_bonus": pgettext("Auction Bridge setting", "rubber bonus"),
        "unfinished_game_bonus": pgettext("Auction Bridge setting", "unfinished rubber, per game"),
        "trick_values": pgettext("Auction Bridge setting", "trick values"),
        "game_points": pgettext("Auction Bridge setting", "game"),
        "games_to_win": pgettext("Auction Bridge setting", "games to win the rubber"),
        "double_factor": pgettext("Auction Bridge setting", "doubled ×"),
        "redouble_factor": pgettext("Auction Bridge setting", "redoubled ×"),
        "undertrick": pgettext("Auction Bridge setting", "under-trick"),
        "undertrick_doubled": pgettext("Auction Bridge setting", "under-trick doubled"),
        "undertrick_redoubled": pgettext("Auction Bridge setting", "under-trick redoubled"),
        "doubled_bonus": pgettext("Auction Bridge setting", "doubled made, bonus"),
        "redoubled_bonus": pgettext("Auction Bridge setting", "redoubled made, bonus"),
        "slam_bonus": pgettext("Auction Bridge setting", "grand slam"),
        "little_slam_bonus": pgettext("Auction Bridge setting", "little slam"),
        "dealers_one_spade_cap": pgettext("Auction Bridge setting", "dealer's one spade at most"),
        "honour_tricks": pgettext("Auction Bridge setting", "honours, in tricks"),
        "no_trump_honours": pgettext("Auction Bridge setting", "aces at no trump"),
        "revoke_tricks": pgettext("Auction Bridge setting", "revoke, in tricks"),
        "later_revoke_penalty": pgettext("Auction Bridge setting", "each later revoke in a deal"),
        "chicane_tricks": pgettext("Auction Bridge setting", "chicane, in tricks"),
        "double_chicane_tricks": pgettext("Auction Bridge setting", "double chicane, in tricks"),
    }


def _trick_value_words() -> dict[str, str]:
    return {strain: strain_symbol(strain) for strain in STRAINS} | {
        # Translators: Auction Bridge, royal spades in the table of trick values ("♠ 2, …, royal ♠ 9, NT 10")
        "R": pgettext("Auction Bridge setting", "royal ♠")
    }


def _honour_words() -> dict[str, str]:
    return {
        "3": _("3 honours"),
        "4": _("4 honours"),
        "5": _("5 honours"),
        "4_one_hand": _("4 in one hand"),
        "4_one_hand_5th_partner": _("4 in one hand, 5th with partner"),
        "5_one_hand": _("5 in one hand"),
    }


def _aces_words() -> dict[str, str]:
    return {"3_aces": _("3 aces"), "4_aces": _("4 aces"), "4_aces_one_hand": _("4 aces in one hand")}


# the settings in a card player's words (scorepad.rules.wording), in the language spoken when looked up
SETTING_LABELS: Mapping[str, str] = Words(_setting_labels)
VALUE_WORDS: Mapping[str, Mapping[str, str]] = {
    "trick_values": Words(_trick_value_words),
    "honour_tricks": Words(_honour_words),
    "no_trump_honours": Words(_aces_words),
}


class Settings(BaseModel):
    """Foster's edition by default; the names of docs/log-format.md §3 first, then the tables of Laws 3, 6–8,
    47–48."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    revoke_penalty: int = Field(
        100,
        ge=0,
        description=N_("Points for a revoke, in the honour score (100 in Foster's edition; some codes 150)"),
    )
    chicane: bool = Field(
        False,
        description=N_(
            "Score chicane, a hand void of trumps, as simple honours (Whist Club code of early 1913)"
        ),
    )
    rubber_bonus: int = Field(
        250, ge=0, description=N_("Added to the total of the side that wins the rubber (Law 10)")
    )
    unfinished_game_bonus: int = Field(
        125, ge=0, description=N_("Added per game won when an unfinished rubber is stopped (Law 11)")
    )
    trick_values: dict[str, int] = Field(
        default_factory=_trick_values,
        description=N_(
            "Points per odd trick by denomination: S spades, C clubs, D diamonds, H hearts, "
            "R royal spades, NT no trump (Law 3)"
        ),
    )
    game_points: int = Field(30, ge=1, description=N_("Trick points that make a game (Law 4)"))
    games_to_win: int = Field(2, ge=1, description=N_("Games that win the rubber (best of three: 2)"))
    double_factor: int = Field(2, ge=1, description=N_("Trick values are multiplied by this when doubled"))
    redouble_factor: int = Field(
        4, ge=1, description=N_("Trick values are multiplied by this when redoubled")
    )
    undertrick: int = Field(
        50, ge=0, description=N_("Adversaries' points per under-trick, undoubled (Law 47a)")
    )
    undertrick_doubled: int = Field(100, ge=0, description=N_("Adversaries' points per under-trick, doubled"))
    undertrick_redoubled: int = Field(
        200, ge=0, description=N_("Adversaries' points per under-trick, redoubled")
    )
    doubled_bonus: int = Field(
        50, ge=0, description=N_("Honour points for making a doubled contract, and again per overtrick")
    )
    redoubled_bonus: int = Field(
        100, ge=0, description=N_("Honour points for making a redoubled contract, and again per overtrick")
    )
    slam_bonus: int = Field(40, ge=0, description=N_("Honour points for taking all thirteen tricks (Law 7)"))
    little_slam_bonus: int = Field(20, ge=0, description=N_("Honour points for taking twelve tricks (Law 8)"))
    dealers_one_spade_cap: int = Field(
        100,
        ge=0,
        description=N_("Most the dealer's opening one spade, left in, can lose unless redoubled (Law 48)"),
    )
    honour_tricks: dict[str, int] = Field(
        default_factory=_honour_tricks,
        description=N_("Trump honours: holding -> value in tricks of the trump suit (Law 6)"),
    )
    no_trump_honours: dict[str, int] = Field(
        default_factory=_no_trump_honours, description=N_("Aces at no trump: holding -> points (Law 6)")
    )
    revoke_tricks: int = Field(
        3, ge=0, description=N_("Tricks the declarer may take instead of the revoke points")
    )
    later_revoke_penalty: int = Field(
        100,
        ge=0,
        description=N_(
            "Points for each revoke of a side after its first in the same deal, in the honour score "
            "(Work's code: second revoke in the same hand 100 points)"
        ),
    )
    chicane_tricks: int = Field(
        2, ge=0, description=N_("Chicane is worth this many tricks of the trump suit")
    )
    double_chicane_tricks: int = Field(
        4,
        ge=0,
        description=N_("Double chicane (both hands of a side void of trumps), in tricks of the trump suit"),
    )

    @model_validator(mode="after")
    def _consistent(self) -> Settings:
        _same_keys("trick_values", self.trick_values, STRAINS)
        _same_keys("honour_tricks", self.honour_tricks, TRUMP_HOLDINGS)
        _same_keys("no_trump_honours", self.no_trump_honours, NO_TRUMP_HOLDINGS)
        if any(value < 1 for value in self.trick_values.values()):
            raise ValueError(_("every denomination must be worth at least 1 point a trick"))
        if any(value < 0 for value in (*self.honour_tricks.values(), *self.no_trump_honours.values())):
            raise ValueError(_("honours cannot be worth less than nothing"))
        if self.little_slam_bonus > self.slam_bonus:
            raise ValueError(_("a little slam cannot be worth more than a slam"))
        if self.redouble_factor < self.double_factor:
            raise ValueError(_("redoubling cannot be worth less than doubling"))
        if self.chicane_tricks > self.double_chicane_tricks:
            raise ValueError(_("double chicane cannot be worth less than chicane"))
        return self

    def multiplier(self, double: str) -> int:
        """What doubling multiplies the trick values by (none | doubled | redoubled)."""
        return {"none": 1, "doubled": self.double_factor, "redoubled": self.redouble_factor}[double]

    def undertrick_value(self, double: str) -> int:
        return {
            "none": self.undertrick,
            "doubled": self.undertrick_doubled,
            "redoubled": self.undertrick_redoubled,
        }[double]

    def bonus_value(self, double: str) -> int:
        """The honour points for making a doubled (redoubled) contract, and again for each overtrick."""
        return {"none": 0, "doubled": self.doubled_bonus, "redoubled": self.redoubled_bonus}[double]


def _same_keys(name: str, table: dict[str, int], keys: tuple[str, ...]) -> None:
    missing = ", ".join(k for k in keys if k not in table)
    unknown = ", ".join(k for k in table if k not in keys)
    if missing and unknown:
        # Translators: a setting's table names the wrong keys; the keys ("S, C, D …") and the setting's name stay
        problem = _("{name} must name exactly {keys} (missing {missing}; unknown {unknown})")
    elif missing:
        problem = _("{name} must name exactly {keys} (missing {missing})")
    elif unknown:
        problem = _("{name} must name exactly {keys} (unknown {unknown})")
    else:
        return
    raise ValueError(problem.format(name=name, keys=", ".join(keys), missing=missing, unknown=unknown))


DEFAULT_SETTINGS = Settings()
