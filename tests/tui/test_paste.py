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
        fields = ["#bridge-declarer", "#bridge-contract", "#bridge-tricks", "#bridge-honours"]
        assert [screen.query_one(f).value for f in fields] == ["", "", "", ""]  # nothing left in the fields
        said = str(screen.query_one("#form-status").render()).replace("\n", " ")
        assert said.startswith("The paste logged 1 deal; the next (c ⇥ 2s ⇥ 8) was refused: ")
        assert "three or more of the five trump honours" in said and said.endswith(
            "(e.g. a3). Nothing after it was typed."
        )
    assert [e.type for e in load(path).entries] == ["deal", "contract", "result"]


async def test_a_paste_of_jass_hands_stops_at_the_one_refused_and_says_how_many_went_in(scorepad_home):
    path = create(header("jass", ["Ann", "Bob", "Cid", "Dan"]))
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await _paste(pilot, "h\t97\no\t120\ns\t200\nu\t60\n")  # the third hand has more than 157 points
        screen = app.screen
        assert isinstance(screen, GameScreen) and len(screen.sheet.rows) == 2
        assert [screen.query_one(f"#jass-{f}").value for f in ("caller", "trump", "points", "weis")] == [
            ""
        ] * 4
        said = str(screen.query_one("#form-status").render()).replace("\n", " ")
        assert said.startswith("The paste logged 2 deals; the next (s ⇥ 200) was refused: a hand has 157")
        assert app.focused is screen.query_one("#jass-trump")  # where the next hand begins


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
