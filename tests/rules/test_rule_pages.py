"""The rules in words: the ruleset pages (F2) and the board's lines, from the rules alone (no screen)."""

from __future__ import annotations

from scorepad.rules import Replayer
from scorepad.rules.auction_bridge import RULES as BRIDGE
from scorepad.rules.auction_bridge.table import bid_values, scoring_table
from scorepad.rules.five_hundred import RULES as FIVE_HUNDRED
from scorepad.rules.five_hundred.table import ruleset_markdown
from scorepad.rules.jass import RULES as JASS
from scorepad.rules.jass.table import ruleset_sections
from tests.rules import test_auction_bridge as bridge
from tests.rules import test_five_hundred as fh
from tests.rules import test_jass as jass

# five-hundred.md, "Bids and their values": the Avondale table, as the rules document prints it
AVONDALE_PAGE = """\
## Bid values — Avondale schedule

| tricks | ♠ | ♣ | ♦ | ♥ | NT |
|---|---|---|---|---|---|
| 6 | 40 | 60 | 80 | 100 | 120 |
| 7 | 140 | 160 | 180 | 200 | 220 |
| 8 | 240 | 260 | 280 | 300 | 320 |
| 9 | 340 | 360 | 380 | 400 | 420 |
| 10 | 440 | 460 | 480 | 500 | 520 |

| nullo | value | ranks |
|---|---|---|
| nullo | 250 | above 8♠, below 8♣ |
| open nullo | 500 | above 10♦, below 10♥ |

## This table
- The auction: one call each, from the dealer's left; the dealer calls last
- Game: 500; minus 500 loses (with three or more sides it drops out)
- Every deal has 10 tricks; an opponent scores 10 a trick
- All 10 tricks: at least 250

Each bid must outrank the one before: 6♠ < 6♣ < 6♦ < 6♥ < 6NT < 7♠ < 7♣ < 7♦ < 7♥ < 7NT < 8♠ < nullo < 8♣ < 8♦ \
< 8♥ < 8NT < 9♠ < 9♣ < 9♦ < 9♥ < 9NT < 10♠ < 10♣ < 10♦ < open nullo < 10♥ < 10NT"""


def test_the_five_hundred_page_prints_the_avondale_schedule_and_the_default_laws():
    assert ruleset_markdown(FIVE_HUNDRED.settings({})) == AVONDALE_PAGE


def test_the_five_hundred_page_follows_the_settings():
    # five-hundred.md: the original schedule is base × (tricks − 5); the settings change the laws stated
    page = ruleset_markdown(
        FIVE_HUNDRED.settings(
            {
                "schedule": "original",
                "defenders_score": "never",
                "must_bid_to_win": True,
                "card_points": True,
                "auction": "continuous",
                "minus_target": "ends_game",
                "slam_bonus": False,
            }
        )
    )
    lines = page.splitlines()
    assert lines[0] == "## Bid values — Original schedule"
    assert lines[4:9] == [
        "| 6 | 40 | 60 | 80 | 100 | 120 |",
        "| 7 | 80 | 120 | 160 | 200 | 240 |",
        "| 8 | 120 | 180 | 240 | 300 | 360 |",
        "| 9 | 160 | 240 | 320 | 400 | 480 |",
        "| 10 | 200 | 300 | 400 | 500 | 600 |",
    ]
    assert lines[lines.index("## This table") + 1 : -2] == [
        "- The auction: round and round until all but one have passed; a player who passed is out",
        "- Game: 1000; minus 1000 loses and ends the game",
        "- Every deal has 10 tricks; an opponent scores 10 a trick — never, here",
        "- A side wins only by making its own bid",
        "- Card points: every side also scores the cards it takes",
    ]
    no_nullo = ruleset_markdown(FIVE_HUNDRED.settings({"nullo": False, "defenders_score": "when_set"}))
    assert "nullo" not in no_nullo and "| 10 | 440 | 460 | 480 | 500 | 520 |" in no_nullo
    assert (
        "- Every deal has 10 tricks; an opponent scores 10 a trick only when the contract is set" in no_nullo
    )


def test_the_bridge_page_prints_the_trick_values_of_law_3():
    # auction-bridge.md: value of a bid = odd tricks × spades 2, clubs 6, diamonds 7, hearts 8, royal spades 9, NT 10
    lines = bid_values(BRIDGE.settings({}))
    assert lines[:5] == [
        "## Trick values and bid values (Laws 3, 44)",
        "A bid is worth its odd tricks × the trick value; at equal value the bid naming more tricks is higher.",
        "",
        "| odd tricks | ♠ spades | ♣ clubs | ♦ diamonds | ♥ hearts | R♠ royal spades | NT no trump |",
        "|---|---|---|---|---|---|---|",
    ]
    assert lines[5:12] == [
        f"| {n} | {2 * n} | {6 * n} | {7 * n} | {8 * n} | {9 * n} | {10 * n} |" for n in range(1, 8)
    ]
    assert lines[12:] == [
        "",
        "Doubling multiplies the trick points (doubled ×2, redoubled ×4) but never a bid's rank.",
    ]


def test_the_bridge_page_prints_the_rest_of_the_table_from_the_settings():
    assert scoring_table(BRIDGE.settings({})) == [
        "## The rest of the table",
        "",
        "| what | points |",
        "|---|---|",
        "| game (trick score) | 30 |",
        "| rubber | best of 3 games, won with 2 |",
        "| each under-trick: undoubled / doubled / redoubled | 50 / 100 / 200 |",
        "| dealer's 1♠ left in, at most (unless redoubled) | 100 |",
        "| doubled / redoubled contract made, and per overtrick | 50 / 100 |",
        "| little slam (12 tricks) / slam (13) | 20 / 40 |",
        "| revoke | 100 points, or 3 tricks to the declarer |",
        "| chicane / double chicane | not scored: 2 / 4 tricks of the trump suit |",
        "| rubber bonus | 250 |",
        "| unfinished rubber, per game won (Law 11) | 125 |",
    ]


def board(log) -> tuple[str, ...]:
    return Replayer(log.header).extend(log.entries).state.board_lines()


def test_the_jass_board_says_who_deals_who_names_trump_and_the_hand():
    # jass.md, "Table": the player after the dealer names the trump or pushes it to the partner
    log = jass.Log({"preset": "flat_1000"})
    goal = "Game to 1000 · Stöck – Wys – Stich"
    assert board(log) == ("Hand 1: Ann deals, Bob names trump or pushes", goal)
    log.deal("Dan")
    assert board(log) == ("Hand 1: Dan dealt, Ann names trump or pushes to Cid", goal)
    log.trump("Ann", "hearts")
    log.stoeck("Bob")
    assert board(log) == ("Hand 1: ♥ hearts ×1 named by Ann", "Stöck: Bob", goal)
    log.tricks({jass.A: 97})
    assert board(log) == ("Hand 2: Ann deals, Bob names trump or pushes", goal)  # the next dealer, after Dan
    log.deal("Ann")
    log.trump("Dan", "obenabe", pushed=True)
    assert board(log) == ("Hand 2: Obenabe ×1 named by Dan (pushed)", goal)


def test_the_bridge_board_says_who_deals_next_and_the_stage_of_the_rubber():
    # auction-bridge.md: the dealer rotates; a game is 30 by tricks; the rubber is the best of three games
    log = bridge.Log()
    assert board(log) == (
        "Deal 1: Ann deals and bids first",
        "Game 1 of the rubber · games won: We 0, They 0 · to make game: We 30, They 30",
    )
    log.quick("Ann", "1NT", 9, honours=("We", "3_aces"))  # worked example 3: trick score 30, game from love
    assert board(log) == (
        "Deal 2: Bob deals and bids first",
        "Game 2 of the rubber · games won: We 1, They 0 · to make game: We 30, They 30",
    )


def test_the_five_hundred_board_says_who_deals_and_who_bids_first():
    # five-hundred.md, "The auction": the player on the dealer's left calls first
    log = fh.Log()
    assert board(log) == ("Deal 1: Ann deals, Bob bids first", "Game to 500")
    log.deal("Ann")
    log.bids("Bob 7H")
    assert board(log) == ("Deal 1: Ann dealt", "Cid to bid, 7♥ by Bob to beat", "Game to 500")
    log.bids("Cid pass", "Ann pass")
    assert board(log) == ("Deal 1: Ann dealt", "Contract: Bob 7♥", "Game to 500")
    log.result({"Bob": 8, "Ann": 1, "Cid": 1})  # worked example 1, Bob in Ann's place
    assert board(log) == ("Deal 2: Bob deals, Cid bids first", "Game to 500")


def test_the_jass_page_states_the_weis_tie_break_of_the_table():
    # jass.md, "Who scores Weis": equal top card — suit ladder (default): hearts > diamonds > clubs > spades
    lines = ruleset_sections(JASS.settings({}))
    at = next(n for n, line in enumerate(lines) if "Only the team with the higher Weis" in line)
    assert lines[at + 1] == ""  # the paragraph ends
    assert lines[at : at + 1] == [
        "Only the team with the higher Weis writes it (all of its Weis): more points, then more cards, "
        "then the higher top card (Undenufe: the lower), then the higher suit (♥ > ♦ > ♣ > ♠). "
        "Stöck always count."
    ]
    seat = "\n".join(ruleset_sections(JASS.settings({"weis_tiebreak": "trump_then_seat"})))
    assert "then the higher suit" not in seat


def test_the_five_hundred_board_says_when_a_deal_is_thrown_in_and_who_deals_next():
    # five-hundred.md: all pass — thrown in, the deal passes on; a redeal — new deal by the same dealer
    passed = fh.Log()
    passed.deal("Ann")
    passed.bids("Bob pass", "Cid pass", "Ann pass")
    assert board(passed) == ("Deal 1 thrown in (all passed): Bob deals", "Cid bids first · Game to 500")
    redeal = fh.Log()
    redeal.deal("Ann")
    redeal.irregularity("redeal", "Ann")
    assert board(redeal) == ("Deal 1 thrown in (redeal): Ann deals again", "Bob bids first · Game to 500")


def test_the_bridge_board_follows_the_auction_to_the_contract():
    # auction-bridge.md, Laws 42–46: each player in turn passes or bids higher; the highest bid is the contract
    log = bridge.Log(sides=None, players=["Ann", "Bob", "Cid", "Dan"])
    stage = "Game 1 of the rubber · games won: Ann & Cid 0, Bob & Dan 0 · to make game: Ann & Cid 30, Bob & Dan 30"
    log.deal("Ann")
    assert board(log) == ("Deal 1: Ann dealt", "Ann to call", stage)
    log.bid("Ann", "1S")
    assert board(log) == ("Deal 1: Ann dealt", "Bob to call, 1♠ by Ann to beat", stage)
    log.calls("Bob", "2H", "pass", "pass", "pass")
    assert board(log) == ("Deal 1: Ann dealt", "Contract: Bob 2♥, 8 tricks to make", stage)
