"""Five Hundred's form names the trick fields as the table would before the contractor is typed: the
contractor and its opponents, never a "bidder's side" at a table without sides or "opponent 1" of two sides."""

from __future__ import annotations

import pytest
from textual.widgets import Input

from .conftest import make_app, settle
from .test_five_hundred_screen import FOUR, THREE, text_of, write_game


@pytest.mark.parametrize(
    "players,titles,rest",
    [
        (THREE, ["contractor tricks", "opponent 1 tricks"], "opponent 2: the rest"),
        (FOUR, ["contracting side tricks"], "opponents: the rest"),
    ],
    ids=["three hands", "partnerships"],
)
async def test_trick_fields_before_the_contractor_is_typed(scorepad_home, players, titles, rest):
    app = make_app(open_path=write_game(scorepad_home, players))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = app.screen
        shown = [f.border_title for f in screen.query(".fh-tricks").results(Input) if f.display]
        assert shown == titles
        assert text_of(screen, "#fh-rest") == rest
