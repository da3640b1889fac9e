"""A page of Markdown drawn once per width: the laws in brief (F1) and the game's table (F2).

Rich's Markdown is laid out again every time it is asked: a Static holding it was laid out two or three times to
open a page (its height measured, then drawn), and again at every opening. The laws in brief are the longest page,
so F1 took longer to appear than F2. Here each page's lines are made once for a width and kept (a game's pages
do not change while it is open), so a page is laid out once the first time and not at all after that."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from rich.console import Console, ConsoleOptions, RenderResult
from rich.segment import Segment
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

if TYPE_CHECKING:
    from rich.markdown import Markdown


class MarkdownPage:
    """A Rich renderable: `markdown` as Rich draws it, its lines kept per width."""

    def __init__(self, markdown: str):
        self.markdown = markdown
        self._lines: dict[int, list[list[Segment]]] = {}

    def lines(self, console: Console, options: ConsoleOptions) -> list[list[Segment]]:
        width = options.max_width
        lines = self._lines.get(width)
        if lines is None:
            lines = self._lines[width] = console.render_lines(
                _parsed(self.markdown), options.update(height=None), pad=False
            )
        return lines

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        new_line = Segment.line()
        for line in self.lines(console, options):
            yield from line
            yield new_line


@lru_cache(maxsize=8)
def _parsed(markdown: str) -> Markdown:
    from rich.markdown import Markdown  # markdown-it loads only when a page is first shown

    return Markdown(markdown)


@lru_cache(maxsize=8)
def page_for(markdown: str) -> MarkdownPage:
    """The page of this text, shared by every opening of it (its lines are kept with it)."""
    return MarkdownPage(markdown)


class PageView(ScrollView, can_focus=True):
    """A page drawn a line at a time: only the lines in view become strips (the laws in brief run to ~190 lines
    at 100 columns; a Static made a strip of every one at each opening). The arrow keys and PgUp/PgDn scroll it."""

    DEFAULT_CSS = "PageView { height: 1fr; scrollbar-gutter: stable; }"  # one width, scrolling or not

    def __init__(self, page: MarkdownPage, *, id: str | None = None):
        super().__init__(id=id)
        self.page = page
        self._width = 0
        self._strips: list[Strip] = []

    def _laid_out(self, width: int) -> list[Strip]:
        if width != self._width:
            console = self.app.console
            lines = self.page.lines(console, console.options.update_width(width))
            self._strips = [Strip(line).adjust_cell_length(width) for line in lines]
            self._width = width
            self.virtual_size = Size(width, len(self._strips))
        return self._strips

    def on_resize(self) -> None:
        self._laid_out(self.scrollable_content_region.width)

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        strips = self._laid_out(width)
        index = y + self.scroll_offset.y
        if 0 <= index < len(strips):
            return strips[index].apply_style(self.rich_style)
        return Strip.blank(width, self.rich_style)

    @property
    def text(self) -> str:
        """The page as plain text (what a reader sees, line by line)."""
        return "\n".join(strip.text for strip in self._laid_out(self._width or 100))
