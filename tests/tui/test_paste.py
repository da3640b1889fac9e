"""A bracketed paste of deals is typed into the form: field by field, and logged deal by deal."""

from __future__ import annotations

from textual import events

from scorepad.store.game_file import create, load
from scorepad.tui.screens.game import GameScreen

from ..helpers import header
from .conftest import make_app, settle


async def _paste(pilot, text: str) -> None:
    pilot.app.post_message(events.Paste(text))
    for _ in range(3):
        await settle(pilot)
    await pilot.app.workers.wait_for_complete()
    await settle(pilot)


async def test_a_paste_of_two_five_hundred_deals_logs_both(scorepad_home):
    path = create(header("five_hundred", ["Ann", "Bob", "Cid"]))
    app = make_app(open_path=path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await _paste(pilot, "c\t8s\t8\t1\nb\t7h\t7\t2\n")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert len(screen.sheet.rows) == 2
    results = [e for e in load(path).entries if e.type == "result"]
    contracts = [(e.player, e.call) for e in load(path).entries if e.type == "contract"]
    assert contracts == [("Cid", "8S"), ("Bob", "7H")] and len(results) == 2


async def test_a_paste_of_one_word_stays_in_its_field(scorepad_home):
    path = create(header("five_hundred", ["Ann", "Bob", "Cid"]))
    app = make_app(open_path=path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        focused = app.focused
        await _paste(pilot, "cid")
        assert app.focused is focused and focused.value == "cid"
        assert not app.screen.sheet.rows


async def test_a_paste_stops_at_a_refused_deal_and_types_nothing_after_it(scorepad_home):
    path = create(header("auction_bridge", ["Ann", "Bob", "Cid", "Dan"]))
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        # the second deal has no honours at a suit (Law 5 wants them): it is refused, the third is not typed
        await _paste(pilot, "a\t1nt\t9\t\nc\t2s\t8\t\nd\t4c\t10\tb3\n")
        screen = app.screen
        assert isinstance(screen, GameScreen) and len(screen.sheet.rows) == 1
        declarer = screen.query_one("#bridge-declarer")
        honours = screen.query_one("#bridge-honours")
        assert (declarer.value, honours.value) == (
            "c",
            "",
        )  # the refused deal as pasted, nothing typed over it
    assert [e.type for e in load(path).entries] == ["deal", "contract", "result"]


async def test_a_paste_of_bridge_deals_and_of_jass_hands_logs_each(scorepad_home):
    games = {
        "auction_bridge": ("a\t1nt\t9\t\nb\t3h\t9\tb4\n", ["deal", "contract", "result"] * 2),
        "jass": ("s\ta97\nh\tb60\n", ["deal", "trump", "tricks"] * 2),
    }
    for game, (text, logged) in games.items():
        path = create(header(game, ["Ann", "Bob", "Cid", "Dan"]))
        app = make_app(open_path=path)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await _paste(pilot, text)
            assert isinstance(app.screen, GameScreen) and len(app.screen.sheet.rows) == 2, game
        assert [e.type for e in load(path).entries] == logged, game
