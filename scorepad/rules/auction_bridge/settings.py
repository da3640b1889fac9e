"""Every number of Auction Bridge (Foster's Laws 2–13, 42–48): the ruleset a header's `rules` overrides."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, model_validator

STRAINS = ("S", "C", "D", "H", "R", "NT")
TRUMP_HOLDINGS = ("3", "4", "5", "4_one_hand", "4_one_hand_5th_partner", "5_one_hand")
NO_TRUMP_HOLDINGS = ("3_aces", "4_aces", "4_aces_one_hand")


def _trick_values() -> dict[str, int]:
    return {"S": 2, "C": 6, "D": 7, "H": 8, "R": 9, "NT": 10}


def _honour_tricks() -> dict[str, int]:
    return {"3": 2, "4": 4, "5": 5, "4_one_hand": 8, "4_one_hand_5th_partner": 9, "5_one_hand": 10}


def _no_trump_honours() -> dict[str, int]:
    return {"3_aces": 30, "4_aces": 40, "4_aces_one_hand": 100}


# the settings in a card player's words (scorepad.rules.wording)
SETTING_LABELS: dict[str, str] = {
    "revoke_penalty": "revoke penalty",
    "chicane": "chicane",
    "rubber_bonus": "rubber bonus",
    "unfinished_game_bonus": "unfinished rubber, per game",
    "trick_values": "trick values",
    "game_points": "game",
    "games_to_win": "games to win the rubber",
    "double_factor": "doubled ×",
    "redouble_factor": "redoubled ×",
    "undertrick": "under-trick",
    "undertrick_doubled": "under-trick doubled",
    "undertrick_redoubled": "under-trick redoubled",
    "doubled_bonus": "doubled made, bonus",
    "redoubled_bonus": "redoubled made, bonus",
    "slam_bonus": "grand slam",
    "little_slam_bonus": "little slam",
    "dealers_one_spade_cap": "dealer's one spade at most",
    "honour_tricks": "honours, in tricks",
    "no_trump_honours": "aces at no trump",
    "revoke_tricks": "revoke, in tricks",
    "later_revoke_penalty": "each later revoke in a deal",
    "chicane_tricks": "chicane, in tricks",
    "double_chicane_tricks": "double chicane, in tricks",
}
VALUE_WORDS: dict[str, dict[str, str]] = {
    "trick_values": {"S": "♠", "C": "♣", "D": "♦", "H": "♥", "R": "royal ♠", "NT": "NT"},
    "honour_tricks": {
        "3": "3 honours",
        "4": "4 honours",
        "5": "5 honours",
        "4_one_hand": "4 in one hand",
        "4_one_hand_5th_partner": "4 in one hand, 5th with partner",
        "5_one_hand": "5 in one hand",
    },
    "no_trump_honours": {"3_aces": "3 aces", "4_aces": "4 aces", "4_aces_one_hand": "4 aces in one hand"},
}


class Settings(BaseModel):
    """Foster's edition by default; the names of docs/log-format.md §3 first, then the tables of Laws 3, 6–8,
    47–48."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    revoke_penalty: int = Field(
        100,
        ge=0,
        description="Points for a revoke, in the honour score (100 in Foster's edition; some codes 150)",
    )
    chicane: bool = Field(
        False,
        description="Score chicane, a hand void of trumps, as simple honours (Whist Club code of early 1913)",
    )
    rubber_bonus: int = Field(
        250, ge=0, description="Added to the total of the side that wins the rubber (Law 10)"
    )
    unfinished_game_bonus: int = Field(
        125, ge=0, description="Added per game won when an unfinished rubber is stopped (Law 11)"
    )
    trick_values: dict[str, int] = Field(
        default_factory=_trick_values,
        description="Points per odd trick by denomination: S spades, C clubs, D diamonds, H hearts, "
        "R royal spades, NT no trump (Law 3)",
    )
    game_points: int = Field(30, ge=1, description="Trick points that make a game (Law 4)")
    games_to_win: int = Field(2, ge=1, description="Games that win the rubber (best of three: 2)")
    double_factor: int = Field(2, ge=1, description="Trick values are multiplied by this when doubled")
    redouble_factor: int = Field(4, ge=1, description="Trick values are multiplied by this when redoubled")
    undertrick: int = Field(50, ge=0, description="Adversaries' points per under-trick, undoubled (Law 47a)")
    undertrick_doubled: int = Field(100, ge=0, description="Adversaries' points per under-trick, doubled")
    undertrick_redoubled: int = Field(200, ge=0, description="Adversaries' points per under-trick, redoubled")
    doubled_bonus: int = Field(
        50, ge=0, description="Honour points for making a doubled contract, and again per overtrick"
    )
    redoubled_bonus: int = Field(
        100, ge=0, description="Honour points for making a redoubled contract, and again per overtrick"
    )
    slam_bonus: int = Field(40, ge=0, description="Honour points for taking all thirteen tricks (Law 7)")
    little_slam_bonus: int = Field(20, ge=0, description="Honour points for taking twelve tricks (Law 8)")
    dealers_one_spade_cap: int = Field(
        100,
        ge=0,
        description="Most the dealer's opening one spade, left in, can lose unless redoubled (Law 48)",
    )
    honour_tricks: dict[str, int] = Field(
        default_factory=_honour_tricks,
        description="Trump honours: holding -> value in tricks of the trump suit (Law 6)",
    )
    no_trump_honours: dict[str, int] = Field(
        default_factory=_no_trump_honours, description="Aces at no trump: holding -> points (Law 6)"
    )
    revoke_tricks: int = Field(
        3, ge=0, description="Tricks the declarer may take instead of the revoke points"
    )
    later_revoke_penalty: int = Field(
        100,
        ge=0,
        description="Points for each revoke of a side after its first in the same deal, in the honour score "
        "(Work's code: second revoke in the same hand 100 points)",
    )
    chicane_tricks: int = Field(2, ge=0, description="Chicane is worth this many tricks of the trump suit")
    double_chicane_tricks: int = Field(
        4,
        ge=0,
        description="Double chicane (both hands of a side void of trumps), in tricks of the trump suit",
    )

    @model_validator(mode="after")
    def _consistent(self) -> Settings:
        _same_keys("trick_values", self.trick_values, STRAINS)
        _same_keys("honour_tricks", self.honour_tricks, TRUMP_HOLDINGS)
        _same_keys("no_trump_honours", self.no_trump_honours, NO_TRUMP_HOLDINGS)
        if any(value < 1 for value in self.trick_values.values()):
            raise ValueError("every denomination must be worth at least 1 point a trick")
        if any(value < 0 for value in (*self.honour_tricks.values(), *self.no_trump_honours.values())):
            raise ValueError("honours cannot be worth less than nothing")
        if self.little_slam_bonus > self.slam_bonus:
            raise ValueError("a little slam cannot be worth more than a slam")
        if self.redouble_factor < self.double_factor:
            raise ValueError("redoubling cannot be worth less than doubling")
        if self.chicane_tricks > self.double_chicane_tricks:
            raise ValueError("double chicane cannot be worth less than chicane")
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
    missing = [k for k in keys if k not in table]
    unknown = [k for k in table if k not in keys]
    if missing or unknown:
        parts = []
        if missing:
            parts.append(f"missing {', '.join(missing)}")
        if unknown:
            parts.append(f"unknown {', '.join(unknown)}")
        raise ValueError(f"{name} must name exactly {', '.join(keys)} ({'; '.join(parts)})")


DEFAULT_SETTINGS = Settings()
