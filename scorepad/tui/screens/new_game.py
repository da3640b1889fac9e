"""A validated form for a new game: game, players in seat order, side names, ruleset preset and settings.

The settings sit folded under one line saying how they stand (most tables play the preset as it is); their fields
are built when the player opens them, so the screen comes up at once and a pick of game or preset costs nothing
until the settings are looked at.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from pydantic import ValidationError
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.validation import Function
from textual.widgets import Button, Collapsible, Header, Input, Label, Select, Static

from scorepad.locale import N_, _, ngettext
from scorepad.rules import GAME_TITLES, rules_for
from scorepad.rules.header import header_problem, players_problem
from scorepad.rules.names import text_problem
from scorepad.rules.wording import TURN_DIRECTION, setting_phrase, turn_order_hint, value_words
from scorepad.store.game_file import StoreError, create, new_header
from scorepad.tui.widgets.fields import HEADER_ICON
from scorepad.tui.widgets.footer import Footer
from scorepad.tui.widgets.settings_form import SettingsForm, changed_settings
from scorepad.tui.widgets.steady_select import SteadySelect
from scorepad.tui.widgets.table_picture import table_picture


def game_choices() -> list[tuple[str, str]]:
    """The games to pick from, each by its title in the language in use."""
    return [(_(title), game) for game, title in GAME_TITLES.items()]


def split_names(text: str) -> list[str]:
    """Side names, between commas: a side's name often has a space ("Team Red, Team Blue")."""
    return [name.strip() for name in text.split(",") if name.strip()]


def split_players(text: str) -> list[str]:
    """The players typed: between commas once a comma is typed (a name may have a space: "Ann Marie, Bob"),
    else between spaces, as a table types them ("Ann Bob Cid Dan")."""
    return split_names(text) if "," in text else text.split()


COMMA_HINT = N_("put a comma between the names if a name has a space")


class NewGameScreen(Screen[None]):
    """Start a game; `players`, `game`, its settings, sides and title may be prefilled (a rematch: the same table)."""

    BINDINGS = [
        Binding("ctrl+s", "create", N_("Start the game"), priority=True),
        Binding("escape", "app.pop_screen", N_("Back")),
        # moved on as the key arrives, not after the focused widget and the screen had their turn: keys typed
        # at once behind a Tab (a pick, a title, the players) reach the field the Tab leads to
        Binding("tab", "move_focus(True)", N_("Next field"), show=False, priority=True),
        Binding("shift+tab", "move_focus(False)", N_("Previous field"), show=False, priority=True),
        # the settings' line opens as the Enter arrives (as the dropdowns pick), so a Tab typed behind it leads
        # into the settings, not past them
        Binding("enter", "toggle_settings", N_("Open the settings"), show=False, priority=True),
    ]
    OPEN_HINT = N_("Enter to see or change")

    def __init__(
        self,
        game: str = "five_hundred",
        players: list[str] | None = None,
        rules: dict[str, Any] | None = None,
        sides: list[str] | None = None,
        title: str = "",
    ):
        super().__init__()
        self.prefill_title = title
        self.game = game
        self.prefill_players = players or []
        self.prefill_rules = rules or {}
        self.prefill_sides = sides or []
        self.settings_for: tuple[object, object] | None = (
            None  # the game and preset the settings shown are for
        )
        self.base: dict[str, Any] = {}  # the preset's settings (the rules as shipped without one)
        self.start: dict[
            str, Any
        ] = {}  # what the settings start at: the base, with a rematch's own laid over it
        self.form: SettingsForm | None = None  # built when the settings are first opened, for `settings_for`
        # the forms built while the settings are open, by game and preset: a game picked again shows its form as
        # it was left (hidden, not built again: building a game's fields is most of a pick's time). Folded, only
        # the form shown is kept: hidden forms would be styled again with the box each time it opens
        self.forms: dict[tuple[object, object], SettingsForm] = {}
        self.rebuilding = 0
        self.opening = False  # the fields being built for a player who just opened the settings
        self.held_moves: list[
            bool
        ] = []  # Tab/Shift+Tab typed while they are built: moved once they are there
        self.settings_shown = (
            asyncio.Event()
        )  # set each time the settings for the game and preset picked are in place

    def compose(self) -> ComposeResult:
        yield Header(icon=HEADER_ICON)
        with VerticalScroll(id="new-game"):
            yield Static(
                _("Pick the game (Enter), Tab to the next field; Ctrl+S starts the game."), classes="hint"
            )
            with Horizontal(classes="field"):
                yield Label(_("Game"))
                yield SteadySelect(game_choices(), value=self.game, allow_blank=False, id="game")
            with Horizontal(classes="field"):
                yield Label(_("Title"))
                yield Input(self.prefill_title, placeholder=_("optional, e.g. Friday at Ann's"), id="title")
            with Horizontal(classes="field"):
                yield Label(_("Players"))
                yield Input(
                    ", ".join(self.prefill_players),
                    placeholder=turn_order_hint(self.game),
                    id="players",
                    validators=[Function(self._players_ok, _("see the note below"))],
                )
            with Horizontal(classes="field"):
                yield Label(_("Side names"))
                yield Input(
                    ", ".join(self.prefill_sides),
                    placeholder=_("optional, for partnerships: We, They"),
                    id="side-names",
                )
            with Horizontal(classes="field", id="preset-row"):
                yield Label(_("Preset"))
                # no blank line: a table plays one of the presets (a game without any hides the row)
                yield SteadySelect(self._preset_choices() or [("", "")], allow_blank=False, id="preset")
            yield Static(id="turn-order", classes="hint")
            yield Static(id="table-picture", markup=False)
            yield Static(id="sides-preview", classes="hint")
            yield Static(id="form-error", classes="error")
            yield Collapsible(title=_("Settings"), id="settings-box")
            with Horizontal(id="buttons"):
                yield Button(_("Start the game"), id="create", variant="primary")
                yield Button(_("Back"), id="back")
        yield Footer()

    # the game first, as the form reads from the top (a table that typed its names at once found them in the
    # Preset's list). Focused as soon as the fields are composed, before anything is mounted or drawn: a key typed
    # at once is not undone by a late focus, and the focus costs no restyle of fields already styled
    AUTO_FOCUS = "#game"

    async def on_mount(self) -> None:
        self.sub_title = _("new game")
        await self._game_changed()

    # --------------------------------------------------------------- reactions

    @on(Select.Changed, "#game")
    async def _on_game(self, event: Select.Changed) -> None:
        if event.value != self.game:
            self.game = str(event.value)
            self.prefill_rules = {}
            await self._game_changed()

    @on(Select.Changed, "#preset")
    async def _on_preset(self, event: Select.Changed) -> None:
        await self._rebuild_settings()

    @on(Input.Changed, "#players")
    @on(Input.Changed, "#side-names")
    def _on_players(self) -> None:
        self._preview_sides()

    async def _game_changed(self) -> None:
        rules = rules_for(self.game)
        preset = self.query_one("#preset", Select)
        names = list(rules.presets)
        self.query_one("#preset-row").display = bool(names)
        if names:
            with preset.prevent(Select.Changed):  # the settings are built once below, not once per change
                preset.set_options(self._preset_choices())
                preset.value = self.prefill_rules.get("preset", names[0])
        await self._rebuild_settings()
        self._preview_sides()

    def _preset_choices(self) -> list[tuple[str, str]]:
        return [(value_words(self.game, "preset", name), name) for name in rules_for(self.game).presets]

    async def _rebuild_settings(self) -> None:
        """Take the picked game and preset's settings; the fields are rebuilt only when they are open."""
        self.rebuilding += 1
        try:
            picked = (self.game, self._preset_rules().get("preset"))
            if picked == self.settings_for:
                return  # nothing changed: the settings shown stay as they are
            rules = rules_for(self.game)
            self.base = rules.settings(self._preset_rules()).model_dump()
            fields = rules.settings_model.model_fields
            self.start = {
                **self.base,
                **{k: v for k, v in self.prefill_rules.items() if k in fields and k != "preset"},
            }
            if self.form is not None:
                form, self.form = self.form, None
                if self._box().collapsed:  # folded: let go, as it is for another game or preset now
                    await self._drop_forms([form])
                else:  # kept hidden: picked again while the settings are open, shown at once
                    form.display = False
            if not self._box().collapsed:
                await self._build_form()
            self.settings_for = picked
            self._show_settings_line()
        finally:
            self.rebuilding -= 1
            self.settings_shown.set()

    def _box(self) -> Collapsible:
        return self.query_one("#settings-box", Collapsible)

    async def _build_form(self) -> None:
        """The picked game and preset's form shown: the one built before if it starts where this one would."""
        picked = (self.game, self._preset_rules().get("preset"))
        contents = self._box().query_one(Collapsible.Contents)
        form = self.forms.get(picked)
        if form is not None and (form.base, form.start) != (
            self.base,
            self.start,
        ):  # a rematch's own settings
            await self._drop_forms([form])
            form = None
        if form is None:
            form = self.forms[picked] = SettingsForm(
                self.game, rules_for(self.game).settings_model, self.base, self.start
            )
            self.form = form
            await contents.mount(form, before=0)
            return
        self.form = form
        # first among the forms: a field looked up by its id (#setting-target) is the one shown
        contents.move_child(form, before=0)
        form.display = True

    async def _drop_forms(self, forms: list[SettingsForm]) -> None:
        self.forms = {picked: form for picked, form in self.forms.items() if form not in forms}
        await self._box().query_one(Collapsible.Contents).remove_children(forms)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "toggle_settings":  # Enter anywhere else is the focused field's own
            box = self._box()
            return self.focused is not None and self.focused.parent is box
        return True

    async def action_toggle_settings(self) -> None:
        box = self._box()
        box.collapsed = not box.collapsed
        if box.collapsed or self.form is not None:
            return
        # built before this Enter's action returns: the app hands on the keys typed behind it only then, so
        # "Enter, Tab, 9" puts the 9 in the first setting, not on this line
        self.opening = True
        try:
            await self._build_form()
        finally:
            self._opened()

    @on(Collapsible.Expanded, "#settings-box")
    async def _on_settings_opened(self) -> None:
        self._show_settings_line()
        try:
            if (
                self.form is None
            ):  # built once for the game and preset picked; opened again, shown as they were
                await self._build_form()
        finally:
            self._opened()

    def _opened(self) -> None:
        """The settings' fields are there: the Tabs held while they were built move on into them."""
        self.opening = False
        moves, self.held_moves = self.held_moves, []
        for forward in moves:
            self._step_focus(forward)

    @on(Collapsible.Collapsed, "#settings-box")
    def _on_settings_folded(self) -> None:
        self._show_settings_line()
        self.call_after_refresh(self._drop_hidden_forms)  # the box folded on screen first

    async def _drop_hidden_forms(self) -> None:
        if self._box().collapsed:
            await self._drop_forms([form for form in self.forms.values() if form is not self.form])

    def _show_settings_line(self) -> None:
        """The settings' line in words: folded, how they stand against the preset; open, how to go on."""
        box = self._box()
        if not box.collapsed:
            box.title = _("Settings (Tab through them; Enter here folds them away)")
            return
        try:
            changed = self._changed_settings()
        except ValueError:
            box.title = _("Settings: one needs a whole number ({hint})").format(hint=_(self.OPEN_HINT))
            return
        if changed:
            words = "; ".join(setting_phrase(self.game, name, value) for name, value in changed.items())
            # the hint first: a rematch with many changes makes a line wider than the screen, cut at its end
            box.title = ngettext(
                "Settings, {n} changed ({hint}): {words}",
                "Settings, {n} changed ({hint}): {words}",
                len(changed),
            ).format(n=len(changed), hint=_(self.OPEN_HINT), words=words)
        elif self._preset_rules():
            box.title = _("Settings: as the preset has them ({hint})").format(hint=_(self.OPEN_HINT))
        else:
            box.title = _("Settings: as the rules ship ({hint})").format(hint=_(self.OPEN_HINT))

    def _changed_settings(self) -> dict[str, Any]:
        """The settings that differ from the preset's: read from the fields when they are built."""
        if self.form is not None:
            return self.form.values()
        return changed_settings(self.start, self.base)

    def action_move_focus(self, forward: bool) -> None:
        if self.opening:  # the settings' fields are on their way: this Tab leads into them
            self.held_moves.append(forward)
            return
        self._step_focus(forward)

    def _step_focus(self, forward: bool) -> None:
        if forward:
            self.focus_next()
        else:
            self.focus_previous()

    def _pick_pending(self) -> bool:
        """A game or preset picked whose settings are not shown yet (its Changed still on its way, or the form
        being swapped)."""
        picked = (self.query_one("#game", Select).value, self._preset_rules().get("preset"))
        return self.rebuilding > 0 or self.settings_for != picked

    def _preset_rules(self) -> dict[str, Any]:
        preset = self.query_one("#preset", Select)
        if self.query_one("#preset-row").display and preset.value is not Select.NULL:
            return {"preset": preset.value}
        return {}

    def _players_ok(self, text: str) -> bool:
        return self._players_problem(split_players(text)) is None

    def _players_problem(self, players: list[str]) -> str | None:
        problem = players_problem(self.game, players, new=True)  # the same check as `scorepad new`
        if problem and "," not in self.query_one("#players", Input).value and len(players) > 1:
            return f"{problem} ({_(COMMA_HINT)})"  # "Ann Marie Bob Cid Dan" is read as five names
        return problem

    def _show_turn_order(self, players: list[str]) -> None:
        """Which way the turn passes at this game, and the table as the names typed so far would sit."""
        way = TURN_DIRECTION[self.game]
        self.query_one("#players", Input).placeholder = turn_order_hint(self.game)
        self.query_one("#turn-order", Static).update(
            Text(
                _(
                    "{game} passes the turn {way}: type the players in that order, the first dealer first."
                ).format(game=_(GAME_TITLES[self.game]), way=_(way))
            )
        )
        picture = self.query_one("#table-picture", Static)
        picture.update(Text(table_picture(players, way)) if len(players) >= 2 else "")
        picture.display = len(players) >= 2

    def _preview_sides(self) -> None:
        players = split_players(self.query_one("#players", Input).value)
        self._show_turn_order(players)
        preview = self.query_one("#sides-preview", Static)
        problem = self._players_problem(players)
        if problem:
            preview.update(Text(problem if players else ""))
            return
        try:
            sides = self._sides(players)
        except ValueError as error:
            preview.update(Text(str(error)))
            return
        rules = rules_for(self.game)
        layout = sides or rules.default_sides(tuple(players), rules.settings(self._preset_rules()))
        preview.update(
            Text("Sides: " + "   ".join(f"{label}: {' + '.join(m)}" for label, m in layout.items()))
        )

    def _sides(self, players: list[str]) -> dict[str, list[str]] | None:
        """Side names typed by the table, laid over the game's default sides."""
        labels = split_names(self.query_one("#side-names", Input).value)
        if not labels:
            return None
        for label in labels:
            problem = text_problem(label, _("a side's name"))
            if problem:
                raise ValueError(problem)
        rules = rules_for(self.game)
        default = rules.default_sides(tuple(players), rules.settings(self._preset_rules()))
        if len(labels) != len(default):
            raise ValueError(
                ngettext("give {n} side name, or none", "give {n} side names, or none", len(default)).format(
                    n=len(default)
                )
            )
        return {label: list(members) for label, members in zip(labels, default.values(), strict=True)}

    # --------------------------------------------------------------- create

    @on(Button.Pressed, "#create")
    async def _create_pressed(self) -> None:
        await self.action_create()

    @on(Button.Pressed, "#back")
    def _back_pressed(self) -> None:
        self.app.pop_screen()

    async def action_create(self) -> None:
        # keys typed right before Ctrl+S may still wait in the focused field's queue (the players' names, typed
        # fast): it takes them first, or the game would be refused for the names it has not got yet
        field = self.focused
        if isinstance(field, Input):
            taken = asyncio.Event()
            if field.call_later(taken.set):
                with contextlib.suppress(
                    TimeoutError
                ):  # never hold the keyboard: read the fields as they are
                    await asyncio.wait_for(taken.wait(), timeout=1)
        if self._pick_pending():
            # Ctrl+S typed right behind a pick runs before the pick reaches this screen: started once the
            # picked game's settings are shown, so the game starts as picked (not with the form it replaces)
            self.run_worker(self._create_once_shown(), group="create", exclusive=True)
            return
        self._create()

    async def _create_once_shown(self) -> None:
        while self._pick_pending():
            self.settings_shown.clear()
            # the pick's Changed may not have reached this screen yet (no rebuild begun): look again shortly
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.settings_shown.wait(), timeout=0.05)
        self._create()

    def _create(self) -> None:
        error = self.query_one("#form-error", Static)
        try:
            header = self._header()
        except ValueError as problem:
            error.update(Text(str(problem)))  # a refusal quotes names: never markup
            error.scroll_visible()  # below the fields at 80×24: in view, or Ctrl+S seems to do nothing
            return
        error.update("")
        try:
            path = create(header)
        except (StoreError, OSError) as problem:  # a full or read-only disk: said here, no file left behind
            error.update(Text(str(problem)))
            error.scroll_visible()
            self.notify(str(problem), title=_("No game started"), severity="error", timeout=10, markup=False)
            return
        # the new game opens over the saved games (a rematch leaves the finished game behind): Esc leads home
        self.app.action_go_home()  # type: ignore[attr-defined]
        self.app.open_game(path)  # type: ignore[attr-defined]

    def _header(self) -> Any:
        players = split_players(self.query_one("#players", Input).value)
        problem = self._players_problem(players)
        if problem:
            raise ValueError(problem)
        rules = {**self._preset_rules(), **self._changed_settings()}
        title = self.query_one("#title", Input).value.strip()
        problem = text_problem(title, _("the title"))
        if problem:
            raise ValueError(problem)
        try:
            header = new_header(self.game, players, title=title, sides=self._sides(players), rules=rules)
        except ValidationError as error:
            raise ValueError(error.errors()[0]["msg"].removeprefix("Value error, ")) from None
        problem = header_problem(header, new=True)
        if problem:
            raise ValueError(problem)
        return header
