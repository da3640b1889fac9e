"""The board's one screen: each side's total big and in words, the state in words, the last deals, and the
game's own picture (the Jass-Tafel, the bridge pad). It polls the game file a few times a second and picks
its layout by its size: from 40×12 (totals and the state only) to 200×60."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from scorepad.follow import Follower, GamePicker
from scorepad.locale import _
from scorepad.rules import GAME_TITLES
from scorepad.rules.base import Sheet
from scorepad.rules.jass.view import JassView
from scorepad.tui.board.widgets import (
    RecentDeals,
    SideScore,
    StateLines,
    big_number_rows,
    board_names,
    board_text,
)
from scorepad.tui.games.auction_bridge.pad import BridgePad
from scorepad.tui.games.jass.tafel import JassTafel

POLL_SECONDS = 0.25  # a new entry shows within a second; a stat this often costs next to nothing
PICK_SECONDS = 1.0  # without a file named: look for a newer game once a second
TINY_WIDTH, TINY_HEIGHT = 60, 20  # below either: the totals and the state only
LARGE_WIDTH, LARGE_HEIGHT = 120, 36  # from both: the pictures beside the last deals
DIGIT_ROWS = 3
BIG_SHARE = 0.3  # on a large screen the totals' digits may take this share of its height
MAX_SCALE = 12  # a pixel of the big digits at most this many columns wide


def digit_scale(width: int, height: int, sides: int, longest: int) -> int:
    """How big the pixel font's digits can be: each side's total (`longest` characters at most) in its share of
    the width, and no more than BIG_SHARE of the height."""
    room = max(1, width // max(1, sides) - 4)  # the side's padding and a margin
    by_width = room // max(1, 4 * longest - 1)  # 3 pixels a digit, 1 between
    by_height = int(height * BIG_SHARE * 2 / 5)  # 5 pixels, each half a row
    return max(0, min(by_width, by_height, MAX_SCALE))


class BoardScreen(Screen[None]):
    """Follows `path`, or (None) the game in progress changed most recently, moving on to a newer one."""

    DEFAULT_CSS = """
    BoardScreen { layout: vertical; }
    BoardScreen #board-title { height: 1; background: $primary 40%; text-style: bold; padding: 0 1; }
    BoardScreen #scores { height: auto; layout: horizontal; }
    BoardScreen #state { margin: 1 0 0 0; }
    BoardScreen #detail { height: 1fr; layout: horizontal; }
    BoardScreen #waiting { padding: 1 2; color: $text-muted; }
    BoardScreen #pictures { width: 1fr; height: 1fr; }
    BoardScreen #pad-box { height: 1fr; border: round $primary; scrollbar-size-vertical: 1; }
    BoardScreen JassTafel { width: 1fr; }

    BoardScreen.-jass #detail { layout: vertical; }
    BoardScreen.-jass #pictures { height: auto; }
    BoardScreen.-auction_bridge RecentDeals { display: none; }  /* the pad lists every deal itself */
    BoardScreen.-large.-auction_bridge RecentDeals { display: block; }
    BoardScreen.-large.-auction_bridge #pad-box { width: 70; }
    BoardScreen.-large #state { margin: 1 0; }

    BoardScreen SideScore .side-line { text-align: center; }
    BoardScreen SideScore Digits { width: 1fr; text-align: center; }

    BoardScreen.-tiny #detail { display: none; }
    BoardScreen.-tiny SideScore .side-line { text-align: left; }
    BoardScreen.-tiny SideScore Digits { width: auto; }
    BoardScreen.-tiny #state { margin: 0; }
    BoardScreen.-tiny #scores { layout: vertical; }
    BoardScreen.-tiny SideScore { layout: horizontal; }
    BoardScreen.-no-digits SideScore Digits { display: none; }
    """

    def __init__(self, path: Path | None, poll_seconds: float = POLL_SECONDS):
        super().__init__()
        self.fixed = path is not None
        self.picker = GamePicker()
        self.follower: Follower | None = Follower(path) if path is not None else None
        self.poll_seconds = poll_seconds  # shorter in tests
        self._pick_every = max(1, round(PICK_SECONDS / poll_seconds))
        self._polls = 0
        self._game: str | None = None  # the game whose widgets are composed
        self._sides: tuple[str, ...] = ()

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        sheet = self.follower.sheet if self.follower else None
        yield Static(self._title(sheet), id="board-title", markup=False)
        if sheet is None:
            yield Static(self._waiting_words(), id="waiting", markup=False)
            return
        with Horizontal(id="scores"):
            for side in sheet.sides:
                yield SideScore(side)
        yield StateLines(id="state")
        with Horizontal(id="detail"):
            if sheet.game == "jass":  # the Tafel on top, the last hands under it
                with Vertical(id="pictures"):
                    yield JassTafel()
            yield RecentDeals()
            if sheet.game == "auction_bridge":
                with VerticalScroll(id="pad-box", can_focus=False) as box:
                    box.border_title = _("The score pad")
                    yield BridgePad()

    def _title(self, sheet: Sheet | None) -> str:
        if sheet is None:
            return _("scorepad board")
        game = _(GAME_TITLES[sheet.game])
        title = board_text(sheet.header.title)
        return f"{game} — {title}" if title else game

    def _waiting_words(self) -> str:
        follower = self.follower
        if follower is not None and follower.problem:
            if follower.waiting:  # "game.jsonl is a pipe, not a game file: waiting for the game file"
                return board_text(follower.problem)
            return _("This game cannot be shown: {problem}").format(problem=board_text(follower.problem))
        return _("No game to show yet. Start one in scorepad: this board follows it as the score is kept.")

    def _report(self) -> str:
        """Why the score shown may be out of date, on one line ("" when it is the file's)."""
        follower = self.follower
        if follower is None or not follower.problem:
            return ""
        if follower.waiting:
            return follower.problem
        return _("Cannot follow the game just now: {problem}").format(problem=follower.problem)

    async def on_mount(self) -> None:
        await self.poll()
        self.set_interval(self.poll_seconds, self.poll)

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        width, height = self.size
        tiny = width < TINY_WIDTH or height < TINY_HEIGHT
        large = not tiny and width >= LARGE_WIDTH and height >= LARGE_HEIGHT
        self.set_class(tiny, "-tiny")
        self.set_class(large, "-large")
        self.set_class(not tiny and not large, "-medium")
        scores = list(self.query(SideScore))
        longest = max((len(score.digits.value) for score in scores), default=1)
        scale = digit_scale(width, height, len(scores), longest) if large else 0
        for score in scores:  # on a TV-sized terminal the digits grow with it
            score.grow(scale)
        digit_rows = big_number_rows(scale) if scale > 1 else DIGIT_ROWS
        states = self.query(StateLines)
        state_rows = states.first().rows if states else 2
        if tiny:  # one row of words per side, its digits beside it: only if every side has its three rows
            needed = 1 + DIGIT_ROWS * len(self._sides) + state_rows
        else:
            needed = 1 + 1 + digit_rows + 1 + state_rows
        self.set_class(height < needed, "-no-digits")

    # ------------------------------------------------------------------ following

    async def poll(self) -> None:
        self._polls += 1
        if not self.fixed and (self.follower is None or (self._polls - 1) % self._pick_every == 0):
            current = self.follower.path if self.follower else None
            chosen = self.picker.pick(current)
            if chosen != current:
                self.follower = Follower(chosen) if chosen else None
        follower = self.follower
        changed = follower.poll() if follower is not None else False
        sheet = follower.sheet if follower else None
        shape = (sheet.game, tuple(sheet.sides)) if sheet else (None, ())
        if shape != (self._game, self._sides) or (sheet is None and changed):
            self._game, self._sides = shape
            await self.recompose()
            for game in GAME_TITLES:
                self.set_class(game == self._game, f"-{game}")
            changed = True
        if changed and sheet is not None:
            self.show(sheet)

    def show(self, sheet: Sheet) -> None:
        follower = self.follower
        assert follower is not None and follower.replayer is not None
        # the names made safe once for the pictures, which show what they are given (the widgets below escape
        # their own); the side labels stay as they are, they are keys
        names = board_names(sheet.side_names)
        with self.app.batch_update():
            self.query_one("#board-title", Static).update(self._title(sheet))
            for score in self.query(SideScore):
                score.show(
                    names.get(score.side, score.side), sheet.totals[score.side], sheet.winner == score.side
                )
            self.query_one(StateLines).show(follower.replayer.state.board_lines(), self._report())
            self.query_one(RecentDeals).show(sheet)
            settings = follower.replayer.settings
            if sheet.game == "jass":
                tafel = self.query_one(JassTafel)
                tafel.border_subtitle = ""  # the app's keys for it do not exist here
                view = sheet.view
                tafel.show(
                    sheet.totals,
                    names,
                    settings.target,
                    sheet.winner,
                    view.bergpreis if isinstance(view, JassView) else None,
                )
            elif sheet.game == "auction_bridge":
                self.query_one(BridgePad).show(replace(sheet, side_names=names), settings)
                # the totals and the stage at the foot of the pad stay in sight as the pad grows
                self.query_one("#pad-box", VerticalScroll).scroll_end(animate=False, immediate=False)
            self._fit()
