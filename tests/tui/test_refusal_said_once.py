"""A refused Enter is said once: the preview line does not repeat the reason the form's line has just given."""

from __future__ import annotations

from textual.widgets import Static

from scorepad.tui.games.five_hundred.screen import FiveHundredScreen

from .conftest import make_app, settle
from .test_five_hundred_screen import THREE, enter, write_game


async def test_a_player_out_of_the_running_refused_as_contractor_is_said_once(scorepad_home):
    path = write_game(
        scorepad_home,
        THREE,
        [
            {"type": "deal", "dealer": "Ann"},
            {"type": "contract", "player": "Cid", "call": "10NT"},
            {"type": "result", "tricks": {"Ann": 5, "Bob": 5, "Cid": 0}},
        ],
    )
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, FiveHundredScreen)
        assert "Cid out of the running" in str(screen.query_one("#needs").render())
        await enter(pilot, "c", "8s", "3", "4")  # Cid, at −520, may not bid
        status = str(screen.query_one("#form-status", Static).render())
        preview = str(screen.query_one("#fh-preview", Static).render())
        assert "Cid is out of the running" in status
        assert "out of the running" not in preview  # said once, in the line of the refusal
        assert len(screen.sheet.rows) == 1  # nothing logged
