"""The Five Hundred and Jass screens in the table's language (issue #33), at 80×24: German and Russian words are
longer, and still every side's total is in view, and the entry form's labels are in the language and whole."""

from __future__ import annotations

import pytest
from textual.widgets import Input

from scorepad.demo import FIVE_HUNDRED, JASS
from scorepad.locale import _, set_language
from scorepad.log import parse_entry
from scorepad.store.game_file import GameFile, create
from scorepad.tui.screens.game import GameScreen

from ..helpers import header
from .conftest import make_app, settle
from .test_totals_in_view import assert_every_total_in_view

#: a game two deals in (the form waits for the third), and the English of the form's labels shown then
GAMES = {
    "five_hundred": (["Ann", "Bob", "Cid"], FIVE_HUNDRED[:6], ["contractor", "bid"]),
    "jass": (["Ann", "Bob", "Cid", "Dan"], JASS[:7], ["named by", "trump", "card points", "Weis · Stöck"]),
}


def small_game(game: str):
    players, items, _labels = GAMES[game]
    path = create(header(game, players))
    with GameFile.open(path) as file:
        for item in items:
            file.append(parse_entry(game, item))
    return path


def screen_text(app) -> str:
    """What the terminal shows, line by line."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("code", ["de", "ru"])
async def test_at_80x24_every_total_is_in_view_and_the_form_speaks_the_language_uncut(
    scorepad_home, code, game
):
    path = small_game(game)
    set_language(code)
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert_every_total_in_view(app)
        text = screen_text(app)
        for english in GAMES[game][2]:
            label = _(english)
            assert label != english or code == "de" and english == "Weis · Stöck", f"{english!r} in {code}"
            assert label in text, f"{label!r} is cut or missing:\n{text}"
        # every field of the form shown now: its title whole on the screen
        for field in screen.query_one("#entry-form").query(Input):
            if field.display and field.region.width and field.border_title:
                assert str(field.border_title) in text, f"{field.border_title!r} is cut:\n{text}"


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("code", ["de", "ru"])
def test_the_game_at_80x24_snapshot(snap_compare, scorepad_home, code, game):
    set_language(code)
    assert snap_compare(make_app(open_path=small_game(game)), terminal_size=(80, 24), run_before=settle)
