"""What each side needs, as the rules say it (`View.needs`, `View.outlook`), on one line that fits the screen:
under the prompt in Five Hundred and Jass, on the pad's last line in Bridge."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from scorepad.rules.base import SideNeed
from scorepad.tui.games.auction_bridge.pad import BridgePad
from scorepad.tui.screens.game import GameScreen
from scorepad.tui.widgets.needs import needs_line

from .conftest import make_app, settle
from .test_layout import populated
from .test_totals_in_view import long_named


def need(side: str, text: str, to_go: int | None = 10, name: str = "") -> SideNeed:
    return SideNeed(side, name or side, to_go, to_go is None, text)


def test_the_line_says_the_rules_words_and_cuts_names_before_words():
    needs = [need("A", "1370 to go", 1370, "Ann & Cid"), need("B", "2248 to go", 2248, "Bob & Dan")]
    assert needs_line(needs, "", 80) == "Ann & Cid 1370 to go · Bob & Dan 2248 to go"
    assert needs_line(needs, "a game by A ends it", 80).endswith(" — a game by A ends it")
    long = [need("A", "×3: 74 to go = 222 points", 220, "Hanna & Sepp 🃏 der Grosse von Hinterwil"), needs[1]]
    line = needs_line(long, "", 60)
    assert line.startswith("Hanna & Se") and "…" in line and len(line) <= 60
    assert "×3: 74 to go = 222 points" in line and "2248 to go" in line
    three = [
        need(name, f"needs {n}00 to reach 500", n * 100) for n, name in enumerate(["Ann", "Bob", "Cid"], 1)
    ]
    # the words do not fit 78 cells: the points alone, after what they are
    assert needs_line(three, "", 78, "To reach 500: ") == "To reach 500: Ann 100 · Bob 200 · Cid 300"
    tight = needs_line(needs, "the next game ends the rubber", 30)
    assert len(tight) <= 30 and tight.endswith("…")  # the end cut only when nothing else fits
    assert needs_line([], "", 80) == ""
    assert needs_line(needs, "", 80, "For game: ", words=False) == "For game: Ann & Cid 1370 · Bob & Dan 2248"
    out = [need("A", "out of the running", None)]
    assert needs_line(out, "", 80, "To reach 500: ", words=False) == "To reach 500: A out of the running"


def shown(app, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (160, 45)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", ["five_hundred", "jass"])
async def test_the_needs_line_under_the_prompt_fits_the_board(scorepad_home, game, size):
    app = make_app(open_path=long_named(game) if game == "jass" else populated(game))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        line = screen.query_one("#needs", Static)
        said = shown(app, "#needs")
        if screen.sheet.finished:  # the game over: the rules say nothing more, the line goes
            assert not line.display
            return
        assert line.display and line.size.height == 1 and len(said) <= line.size.width
        for side_need in screen.sheet.view.needs:  # the rules' words, or the points to go after what they are
            assert side_need.text in said or said.startswith("To reach ") and f" {side_need.to_go}" in said


async def test_jass_says_the_need_at_the_trumps_multiplier_once_trump_is_named(scorepad_home):
    app = make_app(open_path=populated("jass"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "Ann & Cid 1420 to go · Bob & Dan 2248 to go" == shown(app, "#needs")
        assert not app.screen.query_one("#jass-hand").display  # nothing shown yet in the hand
        await pilot.press("o", "enter")  # Obenabe named: ×3
        await settle(pilot)
        assert "×3: " in shown(app, "#needs") and " to go = " in shown(app, "#needs")


async def test_bridge_says_what_makes_game_and_whose_game_ends_the_rubber_on_the_pad(scorepad_home):
    app = make_app(open_path=long_named("auction_bridge"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert not app.screen.query("#needs")  # the pad says it: no line of its own
        last = str(app.screen.query_one(BridgePad).render()).splitlines()[-1]
        assert last.strip() == "Game 2 — for game: We 30 · They 10 — a game by We ends the rubber"
