"""F1 and F2 pages are laid out once per width (the laws in brief, the longest page, were laid out two or three
times at every opening: F1 came up slower than F2); Esc leads back to the saved games from everywhere."""

from __future__ import annotations

from rich.console import Console
from rich.markdown import Markdown

from scorepad.tui.screens.game import GameScreen
from scorepad.tui.screens.home import HomeScreen
from scorepad.tui.screens.modals import TextScreen
from scorepad.tui.widgets.page import PageView

from .conftest import make_app, settle
from .test_game_frame import bridge_game


async def test_the_laws_page_is_laid_out_once_and_reads_whole(monkeypatch):
    laid_out: list[int] = []
    render_lines = Console.render_lines

    def counted(self, renderable, options=None, *args, **kwargs):
        if isinstance(renderable, Markdown):
            laid_out.append(options.max_width if options is not None else 0)
        return render_lines(self, renderable, options, *args, **kwargs)

    monkeypatch.setattr(Console, "render_lines", counted)
    app = make_app(open_path=bridge_game())
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        for _ in range(3):
            await pilot.press("f1")
            await settle(pilot)
            assert isinstance(app.screen, TextScreen)
            page = app.screen.query_one(PageView)
            assert app.focused is page  # the keys scroll it at once
            assert "revoke penalty: 100" in page.text and "sources/" not in page.text
            await pilot.press("pagedown")
            await settle(pilot)
            assert page.scroll_y > 0
            await pilot.press("escape")
            await settle(pilot)
            assert isinstance(app.screen, GameScreen)
    assert len(laid_out) == 1  # once, for the page's width; the later openings draw the lines kept


async def test_esc_leads_back_to_the_saved_games_after_the_chart_and_the_statistics():
    app = make_app(open_path=bridge_game())
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("f3")  # the chart: Esc closes it, the next Esc goes home
        await settle(pilot)
        assert not isinstance(app.screen, GameScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("s")  # the statistics: Esc is back to the saved games
        await settle(pilot)
        assert not isinstance(app.screen, HomeScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
