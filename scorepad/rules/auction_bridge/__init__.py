"""Auction Bridge (Foster's Laws 2–13 and 42–48): the rubber's trick and honour scores.

Modules: `settings` (every number), `calls` (parsing, bid values, the auction), `scoring` (one deal, pure),
`state` (the replay state), `checks` (why an entry is refused), `rules` (applying entries, games and the
rubber, rows, correction windows). Screens use the names below.

Readings settled here (rules/auction-bridge.md; tested in tests/rules/test_auction_bridge.py):
- A result at a trump declaration names its honours (Law 5: one side always holds three or more of the five),
  with chicane and after a revoke too; at no trump no honours is right (the aces split 2–2).
- A result's tricks are 0 to 13; a file's result outside that reads but is refused with the reason.
"""

from scorepad.rules.auction_bridge.calls import (
    DOUBLE,
    DOUBLINGS,
    HOLDING_TEXT,
    PASS,
    REDOUBLE,
    STRAIN_NAMES,
    STRAIN_SYMBOLS,
    Auction,
    Contract,
    all_bids,
    bid_rank,
    bid_value,
    bids_above,
    describe_bid,
    format_call,
    holdings_for,
    honour_value,
    honours_required,
    is_bid,
    missing_honours_reason,
    outranks,
    parse_call,
    split_bid,
)
from scorepad.rules.auction_bridge.rules import RULES, AuctionBridgeRules, row_points
from scorepad.rules.auction_bridge.scoring import HONOUR_PARTS, DealScore, Outcome, score_deal
from scorepad.rules.auction_bridge.settings import (
    DEFAULT_SETTINGS,
    NO_TRUMP_HOLDINGS,
    STRAINS,
    TRUMP_HOLDINGS,
    Settings,
)
from scorepad.rules.auction_bridge.state import BridgeState, legal_calls

State = BridgeState

__all__ = [
    "honours_required",
    "missing_honours_reason",
    "DEFAULT_SETTINGS",
    "DOUBLE",
    "DOUBLINGS",
    "HOLDING_TEXT",
    "HONOUR_PARTS",
    "NO_TRUMP_HOLDINGS",
    "PASS",
    "REDOUBLE",
    "RULES",
    "STRAINS",
    "STRAIN_NAMES",
    "STRAIN_SYMBOLS",
    "TRUMP_HOLDINGS",
    "Auction",
    "AuctionBridgeRules",
    "BridgeState",
    "Contract",
    "DealScore",
    "Outcome",
    "Settings",
    "State",
    "all_bids",
    "bid_rank",
    "bid_value",
    "bids_above",
    "describe_bid",
    "format_call",
    "holdings_for",
    "honour_value",
    "is_bid",
    "legal_calls",
    "outranks",
    "parse_call",
    "row_points",
    "score_deal",
    "split_bid",
]
