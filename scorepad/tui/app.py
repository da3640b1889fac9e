"""The Textual app: themes, the home screen, and opening a game.

Imported, it loads Textual alone: the store, the log's models (pydantic), the rules and every screen come when
first needed (the themes and the config as the app is made, a game's rules and screen when one is opened), so
a game opens having loaded its own game's rules and nothing of the saved games' statistics
(tests/test_layers.py holds this).
"""

from __future__ import annotations

from collections.abc import Awaitable, Iterable
from pathlib import Path
from typing import Any

from textual import events
from textual.app import App, SystemCommand
from textual.screen import Screen

from scorepad.locale import LANGUAGES, N_, SUIT_STYLES, _

FALLBACK_THEME = "textual-dark"
#: a game screen's commands in the palette: words, what they do, the screen's action
GAME_COMMANDS = (  # (words marked: shown through `_`)
    (N_("Laws"), N_("The laws of this game in brief, with its settings (F1)"), "help"),
    (N_("Table"), N_("The game's table of values and how to type a deal (F2)"), "table"),
    (N_("Chart"), N_("The scores deal by deal as a chart (F3)"), "chart"),
    (N_("Export"), N_("Write the score sheet as CSV, Markdown or JSON (F4)"), "export"),
    (N_("Log"), N_("Show or hide every entry of the game (F9)"), "toggle_log"),
    (N_("Correct an entry"), N_("Pick an entry in the log to correct (Ctrl+E)"), "edit"),
    (N_("Rename a player"), N_("A player's name from now on (Ctrl+R)"), "rename"),
    (N_("Board"), N_("Show this game on a second screen (F10)"), "board"),
    (N_("Rematch"), N_("A new game with the same players (Ctrl+N)"), "rematch"),
)
#: seconds after which the collector runs again even if the game's first paint never came
START_PAUSE_AT_MOST = 5.0


#: the palette's commands that name the Jass suits, one per style
SUIT_COMMANDS = {
    "french": N_("Suits: French-suited (♥ ♦ ♣ ♠)"),
    "german": N_("Suits: German-suited (Rosen, Eicheln, Schellen, Schilten)"),
}


class ScorepadApp(App[None]):
    TITLE = "scorepad"
    CSS_PATH = "scorepad.tcss"
    ENABLE_COMMAND_PALETTE = True

    def __init__(self, open_path: Path | None = None, *, remember_theme: bool = True):
        from scorepad.gcpause import Hold
        from scorepad.tui.plugin_search import PluginSearchSkipped

        # a game opened from the command line: until its first paint the start builds only what it keeps (the
        # modules, the log read and replayed, the screen), and the cyclic collector's passes over it all found
        # next to nothing to free — a tenth of the start with 1,000 deals. Held from when the app starts running
        # (`run_async`, or Textual's Load for a test's run) to the first paint, and let go however the run ends:
        # an app made and never run leaves the collector alone.
        self._start_pause = Hold()
        self._plugin_search = (
            PluginSearchSkipped()
        )  # the environment changed only while the app is made and runs
        super().__init__()
        self.open_path = open_path
        self.remember_theme = remember_theme
        self.startup_notices: list[str] = []
        self._theme_save_said: set[str] = (
            set()
        )  # each line about saving the theme shown once a run, not per theme
        self.left_game: str | None = None  # the game last left for the saved games (where their cursor goes)
        from scorepad.store.config import read_config
        from scorepad.tui.themes import load_themes

        with self._plugin_search.during():  # a user's theme file is checked by a pydantic model
            themes, problems = load_themes()
            config, config_notice = read_config()  # whatever config.json holds: a name, or the default
            wanted: str = config["theme"]
        for theme in themes:
            self.register_theme(theme)
        self.startup_notices += problems
        if config_notice:
            self.startup_notices.append(config_notice)
        if wanted in self.available_themes:
            self.theme = wanted
        else:
            self.theme = FALLBACK_THEME
            self.startup_notices.append(
                _("theme {theme} is not installed; using {fallback}").format(
                    theme=repr(wanted), fallback=FALLBACK_THEME
                )
            )

    def refresh_css(self, animate: bool = True) -> None:
        # The theme set as the app is made (above) asks for a refresh as the app begins to run, before any screen
        # or widget is styled: Textual would parse the whole stylesheet in a copy of its own then (~13 ms), and
        # parse it all again as the first screen mounts (its CSS added). Until then the theme's variables are
        # all the stylesheet needs: it is parsed with them, once, when first applied (no screen yet: the app
        # itself is styled after its first screen).
        if not self.screen_stack:
            self.stylesheet.set_variables(self.get_css_variables())
            return
        super().refresh_css(animate=animate)

    def _starting(self) -> None:
        """The app begins to run (a second call does nothing)."""
        self._plugin_search.begin()
        if self.open_path is not None:
            self._start_pause.hold()

    def _ended(self) -> None:
        """The app has stopped running, however it stopped (a second call does nothing)."""
        self._end_start_pause()
        self._plugin_search.end()

    async def run_async(self, **kwargs: Any) -> None:
        self._starting()  # before Textual reads the stylesheets: they are part of the start too
        try:
            return await super().run_async(**kwargs)
        finally:
            self._ended()

    def on_load(self) -> None:
        self._starting()  # a run that does not go through run_async (App.run_test)

    def on_mount(self) -> None:
        from scorepad.rules.names import visible

        for notice in self.startup_notices:
            self.notify(
                visible(notice), severity="warning", timeout=8, markup=False
            )  # file names are not markup
        # a game opened from the command line comes first, alone: the saved games are listed (and read) only when
        # the table goes home (action_go_home), not beneath it while it plays
        if self.open_path is None:
            self._push_home()
        elif not self.open_game(self.open_path):
            self._end_start_pause()
        else:
            self.screen.call_after_refresh(self._end_start_pause)  # once the game is on screen
            self.set_timer(START_PAUSE_AT_MOST, self._end_start_pause)

    def _end_start_pause(self) -> None:
        self._start_pause.release()  # the collector as it was before the start (a second call does nothing)

    def on_unmount(self) -> None:
        self._ended()  # the app closed, perhaps before its game was shown

    def _push_home(self) -> None:
        from scorepad.tui.screens.home import HomeScreen

        self.push_screen(HomeScreen())

    async def on_event(self, event: events.Event) -> None:
        # a paste reaches the focused field whole (an Input keeps its first line); on a game screen a paste of
        # deals ("c⇥8s⇥7⇥2⏎…") is typed instead: Tab to the next field, Enter logs, deal by deal
        if isinstance(event, events.Paste) and not event.is_forwarded:
            paste_as_typing = getattr(self.screen, "paste_as_typing", None)
            if paste_as_typing is not None and paste_as_typing(event.text):
                return
        await super().on_event(event)

    def watch_theme(self, theme: str) -> None:
        if self.remember_theme and self.is_running:
            from scorepad.rules.names import visible
            from scorepad.store.config import update_config

            try:
                note = update_config(theme=theme)
            except (
                OSError
            ) as error:  # a full or read-only disk, a link at config.json: the theme applies now only
                note = _("The theme is not remembered for next time: {cause}").format(
                    cause=error.strerror or error
                )
            # (else: None, or something planted at the name older versions wrote through, left alone)
            if note and note not in self._theme_save_said:  # Ctrl+P's theme list saves each theme it shows
                self._theme_save_said.add(note)
                self.notify(visible(note), severity="warning", timeout=8, markup=False)

    def open_game(self, path: Path) -> bool:
        """Open a game file on its screen; a damaged file is reported, never raised."""
        from scorepad.games import open_game
        from scorepad.rules.names import visible
        from scorepad.store.files import LogError
        from scorepad.tui.screens.registry import game_screen_for

        try:
            game_file = open_game(
                path
            )  # a header the screens cannot show is refused here, like a damaged file
        except LogError as error:  # file text is not markup: a "[" in a path or a cause stays a "["
            self.notify(
                visible(str(error)),
                title=_("Cannot open this game"),
                severity="error",
                timeout=12,
                markup=False,
            )
            if len(self.screen_stack) < 2:  # nothing under it (opened from the command line): the saved games
                self._push_home()
            return False
        for notice in game_file.notices:
            self.notify(visible(notice), severity="warning", timeout=10, markup=False)
        self.push_screen(game_screen_for(game_file))
        return True

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """scorepad's own commands only (Ctrl+P): not Textual's for developers (a screenshot, the widgets' help,
        maximizing a widget)."""
        yield SystemCommand(
            _("Saved games"), _("Go back to the list of saved games (Esc)"), self.action_go_home
        )
        yield SystemCommand(_("New game"), _("Start a new game"), self.action_new_game)
        from scorepad.tui.screens.game import GameScreen

        if isinstance(screen, GameScreen):  # the game's keys, for whoever looks for them by name
            for words, help_text, action in GAME_COMMANDS:
                yield SystemCommand(_(words), _(help_text), getattr(screen, f"action_{action}"))
        for code, name in LANGUAGES.items():
            # Translators: a command in the palette; {language} is the language's name in its own words
            yield SystemCommand(
                _("Language: {language}").format(language=name),
                _("Speak this language from now on (kept for next time)"),
                lambda code=code: self.switch_language(code),
            )
        for style in SUIT_STYLES:
            yield SystemCommand(
                _(SUIT_COMMANDS[style]),
                _("Name the Jass suits so from now on (kept for next time)"),
                lambda style=style: self.switch_suits(style),
            )
        yield SystemCommand(
            _("Colours"), _("Change the screen's colours (the theme)"), self.action_change_theme
        )
        yield SystemCommand(
            _("Quit"), _("Close scorepad (every entry is saved as it is made)"), self.action_quit
        )

    def _remember(self, **preference: str) -> None:
        """A preference saved in config.json; a disk that refuses it is said, and the change applies now only."""
        from scorepad.rules.names import visible
        from scorepad.store.config import update_config

        try:
            note = update_config(**preference)
        except OSError as error:
            note = _("Not remembered for next time: {cause}").format(cause=error.strerror or error)
        if note:
            self.notify(visible(note), severity="warning", timeout=8, markup=False)

    def switch_language(self, code: str) -> None:
        """Speak `code` from now on: kept in config.json, and the screens made again in it."""
        from scorepad.locale import set_language

        set_language(code)
        self._remember(language=code)
        self._speak_again()

    def switch_suits(self, style: str) -> None:
        """Name the Jass suits in `style` from now on: kept in config.json, and the screens made again."""
        from scorepad.locale import set_suit_style

        set_suit_style(style)
        self._remember(suits=style)
        self._speak_again()

    def _speak_again(self) -> None:
        """Every word on screen made again in the language now spoken: the saved games listed anew, and an open
        game read and replayed again, so the rules' own words are made again too."""
        from scorepad.tui.screens.game import GameScreen

        game = self.screen.game_file.path if isinstance(self.screen, GameScreen) else None
        self.action_go_home()
        self.call_later(self._reopen, game)

    def _reopen(self, game: Path | None) -> None:
        from scorepad.tui.screens.home import HomeScreen

        if isinstance(self.screen, HomeScreen):
            self.switch_screen(HomeScreen())
        self.refresh_bindings()
        if game is not None:
            self.call_later(self.open_game, game)

    def action_go_home(self) -> None:
        from scorepad.tui.screens.game import GameScreen
        from scorepad.tui.screens.home import HomeScreen

        if isinstance(self.screen, GameScreen):  # the list's cursor comes back to the game the table leaves
            self.left_game = str(self.screen.game_file.path)
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if len(self.screen_stack) == 2 and not isinstance(self.screen, HomeScreen):
            self.switch_screen(
                HomeScreen()
            )  # a game opened from the command line: the saved games take its place
        elif len(self.screen_stack) < 2:
            self._push_home()

    def action_new_game(self) -> Awaitable[object]:
        """The new-game screen pushed; awaited, it is mounted and its players' field focused (keys typed on take it)."""
        from scorepad.tui.screens.new_game import NewGameScreen

        return self.push_screen(NewGameScreen())
