"""The terminal board (`scorepad board`) in the table's language (issue #33), at 80×24: German and Russian words
are longer, and still every side's total is in view and none of the board's labels is cut. The words of the
rules (the state, the rows) and of the games' pictures are theirs to translate: these tests ask for the board's
own."""

from __future__ import annotations

import pytest

from scorepad.games import replay_file
from scorepad.locale import _, set_language
from scorepad.tui.board.app import BoardApp
from scorepad.tui.board.widgets import SideScore

from .test_board import GAMES, game_file, write

#: the board's own labels for each game, and the English they must not be left in
LABELS = {
    "five_hundred": ["Last deals", "deal"],
    "jass": ["Last hands", "hand"],
    "auction_bridge": ["The score pad"],  # at 80×24 the pad lists the deals itself
}


def screen_lines(app: BoardApp) -> list[str]:
    """What the terminal shows, line by line."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("code", ["de", "ru"])
async def test_at_80x24_every_total_is_in_view_and_no_label_is_cut(tmp_path, code, game):
    path = game_file(tmp_path, game)
    sheet, _problems = replay_file(path)
    set_language(code)
    app = BoardApp(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        lines = screen_lines(app)
        text = "\n".join(lines)
        assert len(lines) == 24 and all(len(line) <= 80 for line in lines)
        for score in app.screen.query(SideScore):
            assert app.screen.region.contains_region(score.line.region), score.side
            total = sheet.totals[score.side]
            assert f"{sheet.side_names[score.side]}  {total}" in text, (score.side, total)
            assert score.digits.value == str(total)
        for english in LABELS[game]:
            label = _(english)
            assert label != english, f"{english!r} is not translated into {code}"
            assert label in text, f"{label!r} is cut or missing:\n{text}"
        assert app.title == _("scorepad board") != "scorepad board"


@pytest.mark.parametrize(("code", "tag"), [("de", "Sieg"), ("ru", "победа")])
async def test_the_winner_is_tagged_in_the_language(tmp_path, code, tag):
    path = game_file(tmp_path, "five_hundred", upto=0)
    await write(
        path,
        {"type": "deal", "dealer": "Ann"},
        {"type": "contract", "player": "Ann", "call": "10NT"},
        {"type": "result", "tricks": {"Ann": 10, "Bob": 0, "Cid": 0}},
    )
    set_language(code)
    app = BoardApp(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        (winner,) = [score for score in app.screen.query(SideScore) if score.has_class("-winner")]
        assert str(winner.line.render()).endswith(f"  {tag}")
        assert f"{tag}" in "\n".join(screen_lines(app))


async def test_with_no_game_the_board_says_so_whole_in_russian(scorepad_home):
    set_language("ru")
    app = BoardApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = " ".join(line.strip() for line in screen_lines(app))
        assert "Пока нечего показать. Начните партию в scorepad: это табло будет следить за ней" in text
        assert "табло scorepad" in text


def test_the_f10_words_are_in_the_language_and_keep_their_bold(tmp_path):
    from scorepad.tui.board.info import board_words

    path = game_file(tmp_path, "jass")
    set_language("de")
    text, served = board_words(path)
    assert served is None
    assert (
        "Auf einem zweiten Bildschirm dieses Computers (einem anderen Terminalfenster) tippe:" in text.plain
    )
    assert "[b]" not in text.plain and "scorepad board" in text.plain
    bold = {text.plain[span.start : span.end] for span in text.spans if "bold" in str(span.style)}
    assert "Auf einem zweiten Bildschirm dieses Computers" in bold
    assert "Für einen Fernseher oder die Handys der Spieler" in bold


@pytest.mark.parametrize("code", ["de", "ru"])
async def test_the_f10_dialog_fits_80x24_in_the_language(tmp_path, scorepad_home, code):
    from scorepad.tui.app import ScorepadApp
    from scorepad.tui.board.info import BoardInfoScreen

    path = game_file(tmp_path, "jass", upto=4)
    set_language(code)
    app = ScorepadApp(open_path=path, remember_theme=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f10")
        await pilot.pause()
        assert isinstance(app.screen, BoardInfoScreen)
        text = "\n".join(screen_lines(app))
        for label in (_("The board: this game on a second screen"), _("Esc closes")):
            assert label in text, f"{label!r} is cut or missing:\n{text}"
        assert (
            _("The board shows this game's score live, read-only, made to be read across the room.")[:30]
            in text
        )
