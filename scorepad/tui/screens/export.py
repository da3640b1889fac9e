"""Export the score sheet as CSV, Markdown or JSON: to the exports folder, or to a path typed in.

Never onto a game log (export_file says what is refused); a file that exists is replaced only after a yes."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from scorepad.locale import N_, _
from scorepad.rules.base import Sheet
from scorepad.rules.names import visible
from scorepad.text.export import SUFFIXES, export_sheet
from scorepad.text.export_file import ExportExists, ExportRefused, export_problem, exports_dir, write_export
from scorepad.tui.screens.modals import ConfirmScreen

FORMAT_NAMES = {"csv": "CSV", "md": "Markdown", "json": "JSON"}
FORMAT_KEYS = {"csv": "c", "md": "m", "json": "j"}


def default_target(game_path: Path, fmt: str) -> Path:
    """The game file's name with the format's suffix, in the exports folder (the games folder holds only logs)."""
    return exports_dir() / game_path.with_suffix(SUFFIXES[fmt]).name


class ReplaceScreen(ConfirmScreen):
    """The export's file exists already: replace it?"""

    BINDINGS = [
        Binding("y", "agree", N_("Replace it")),
        Binding("n,escape", "cancel", N_("Keep it")),
    ]
    QUESTION = N_("This file exists already")
    HINT = N_("y replaces it with the score sheet; n or Esc keeps it as it is.")
    AGREE = N_("Replace it (y)")
    BODY_ID = "replace-path"


def format_for(path: Path) -> str | None:
    return next((fmt for fmt, suffix in SUFFIXES.items() if path.suffix.lower() == suffix), None)


class ExportScreen(ModalScreen[Path | None]):
    """Returns the path written, or None when cancelled."""

    BINDINGS = [
        Binding("c", "write('csv')", N_("CSV")),
        Binding("m", "write('md')", N_("Markdown")),
        Binding("j", "write('json')", N_("JSON")),
        Binding("escape", "cancel", N_("Cancel")),
    ]

    def __init__(self, sheet: Sheet, game_path: Path):
        super().__init__()
        self.sheet = sheet
        self.game_path = Path(game_path)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide", id="export"):  # not words: CSS classes
            yield Label(_("Export the score sheet"), classes="dialog-title")
            yield Static(
                Text(
                    _(
                        "c, m or j writes CSV, Markdown or JSON to the exports folder ({folder}). "
                        "To write elsewhere, type a path "
                        "(a directory, or a file ending in .csv, .md or .json) and press Enter or a button."
                    ).format(folder=visible(str(default_target(self.game_path, "csv").with_suffix(".*"))))
                ),
                classes="hint",
            )
            yield Input(placeholder=_("path (empty: the exports folder)"), id="export-path")
            yield Static("", id="export-error", classes="error")
            with Horizontal(classes="buttons"):
                for fmt, name in FORMAT_NAMES.items():
                    yield Button(f"{name} ({FORMAT_KEYS[fmt]})", id=f"export-{fmt}", variant="primary")
                yield Button(_("Cancel (Esc)"), id="export-cancel")

    def on_mount(self) -> None:
        self.query_one(
            "#export-csv", Button
        ).focus()  # so c/m/j act at once (an Input would take the letters)

    def target(self, fmt: str) -> Path:
        typed = self.query_one("#export-path", Input).value.strip()
        if not typed:
            return default_target(self.game_path, fmt)
        path = Path(typed).expanduser()
        if path.is_dir():
            return path / default_target(self.game_path, fmt).name
        return path

    def action_write(self, fmt: str, replace: bool = False) -> None:
        path = self.target(fmt)
        if path.parent == exports_dir():
            exports_dir().mkdir(parents=True, exist_ok=True)
        try:
            write_export(path, export_sheet(self.sheet, fmt), source=self.game_path, force=replace)
        except ExportRefused as refused:
            self._say(_("Not written: {cause}").format(cause=refused))
            return
        except ExportExists:

            def answered(yes: bool | None) -> None:
                if yes:
                    self.action_write(fmt, replace=True)

            self.app.push_screen(ReplaceScreen(visible(str(path))), answered)
            return
        except OSError as error:
            self._say(_("Not written: {path}: {cause}").format(path=path, cause=error.strerror or error))
            return
        self.app.notify(
            visible(str(path.resolve())),
            title=_("Exported as {format}").format(format=FORMAT_NAMES[fmt]),
            markup=False,
        )
        self.dismiss(path)

    def _say(self, text: str) -> None:
        self.query_one("#export-error", Static).update(Text(visible(text)))  # paths are not markup

    @on(Button.Pressed)
    def _button(self, event: Button.Pressed) -> None:
        event.stop()
        button = event.button.id or ""
        if button == "export-cancel":
            self.action_cancel()
        else:
            self.action_write(button.removeprefix("export-"))

    @on(Input.Submitted, "#export-path")
    def _path_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        typed = event.value.strip()
        problem = export_problem(Path(typed).expanduser(), self.game_path) if typed else None
        if problem:  # a game log is refused as such, whatever its name ends in
            self._say(_("Not written: {cause}").format(cause=problem))
            return
        fmt = format_for(Path(typed)) if typed else None
        if fmt is None:
            self._say(_("End the path with .csv, .md or .json — or choose the format with a button."))
            return
        self.action_write(fmt)

    def action_cancel(self) -> None:
        self.dismiss(None)
