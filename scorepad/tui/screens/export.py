"""Export the score sheet as CSV, Markdown or JSON: next to the game file, or to a path typed in."""

from __future__ import annotations

from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from scorepad.export import SUFFIXES, export_sheet
from scorepad.rules.base import Sheet

FORMAT_NAMES = {"csv": "CSV", "md": "Markdown", "json": "JSON"}
FORMAT_KEYS = {"csv": "c", "md": "m", "json": "j"}


def default_target(game_path: Path, fmt: str) -> Path:
    """The game file's name with the format's suffix, in the same directory."""
    return game_path.with_suffix(SUFFIXES[fmt])


def format_for(path: Path) -> str | None:
    return next((fmt for fmt, suffix in SUFFIXES.items() if path.suffix.lower() == suffix), None)


class ExportScreen(ModalScreen[Path | None]):
    """Returns the path written, or None when cancelled."""

    BINDINGS = [
        Binding("c", "write('csv')", "CSV"),
        Binding("m", "write('md')", "Markdown"),
        Binding("j", "write('json')", "JSON"),
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(self, sheet: Sheet, game_path: Path):
        super().__init__()
        self.sheet = sheet
        self.game_path = Path(game_path)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide", id="export"):
            yield Label("Export the score sheet", classes="dialog-title")
            yield Static(
                f"c, m or j writes CSV, Markdown or JSON next to the game file "
                f"({default_target(self.game_path, 'csv').stem}.*). To write elsewhere, type a path "
                "(a directory, or a file ending in .csv, .md or .json) and press Enter or a button.",
                classes="hint",
            )
            yield Input(placeholder="path (empty: next to the game file)", id="export-path")
            yield Static("", id="export-error", classes="error")
            with Horizontal(classes="buttons"):
                for fmt, name in FORMAT_NAMES.items():
                    yield Button(f"{name} ({FORMAT_KEYS[fmt]})", id=f"export-{fmt}", variant="primary")
                yield Button("Cancel (Esc)", id="export-cancel")

    def on_mount(self) -> None:
        self.query_one("#export-csv", Button).focus()  # so c/m/j act at once (an Input would take the letters)

    def target(self, fmt: str) -> Path:
        typed = self.query_one("#export-path", Input).value.strip()
        if not typed:
            return default_target(self.game_path, fmt)
        path = Path(typed).expanduser()
        if path.is_dir():
            return path / default_target(self.game_path, fmt).name
        return path

    def action_write(self, fmt: str) -> None:
        path = self.target(fmt)
        try:
            path.write_text(export_sheet(self.sheet, fmt), encoding="utf-8")
        except OSError as error:
            self.query_one("#export-error", Static).update(f"Not written: {path}: {error.strerror or error}")
            return
        self.app.notify(str(path.resolve()), title=f"Exported as {FORMAT_NAMES[fmt]}")
        self.dismiss(path)

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
        fmt = format_for(Path(typed)) if typed else None
        if fmt is None:
            self.query_one("#export-error", Static).update(
                "End the path with .csv, .md or .json — or choose the format with a button."
            )
            return
        self.action_write(fmt)

    def action_cancel(self) -> None:
        self.dismiss(None)
