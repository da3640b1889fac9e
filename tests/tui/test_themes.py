"""User themes cannot break start-up: each bad file is skipped with one line naming it and the problem."""

from __future__ import annotations

import importlib
import os
import pkgutil
import re
from collections import defaultdict
from pathlib import Path

import pytest

from scorepad.store.config import update_config
from scorepad.tui.app import FALLBACK_THEME
from scorepad.tui.themes import load_themes, user_theme_dir

from .conftest import make_app, settle

GOOD = 'name = "mine"\nprimary = "#E8C766"\nbackground = "#0E3B2C"\n'
BAD = {
    "colour.toml": ('primary = "notacolor"\n', "primary: 'notacolor' is not a colour"),
    "dark.toml": ('primary = "#E8C766"\ndark = "yes"\n', "dark: Input should be a valid boolean"),
    "variables.toml": (
        'primary = "#E8C766"\nvariables = "nope"\n',
        "variables: Input should be a valid dictionary",
    ),
    "deep.toml": ("x = " + "[" * 20_000 + "]" * 20_000 + "\n", "brackets nested too deep"),
    "huge.toml": (
        'primary = "#E8C766"\n' + "# padding\n" * 10_000,
        "is 100020 bytes; a theme file is at most",
    ),
    "garbage.toml": ("primary = \n", "is not TOML"),
    "unknown.toml": ('primary = "#E8C766"\ncolour = "red"\n', "colour: Extra inputs are not permitted"),
    "latin1.toml": (b'primary = "\xe9"\n', "is not UTF-8 text (byte 0xe9)"),
    "spread.toml": (
        'primary = "#E8C766"\nluminosity_spread = "wide"\n',
        "luminosity_spread: Input should be",
    ),
    "escape.toml": ('name = "x\\u001b]0;t\\u0007"\nprimary = "#E8C766"\n', "cannot hold control"),
    "green-felt.toml": (
        'primary = "#FF0000"\n',
        "the name 'green-felt' is taken by a theme that comes with scorepad",
    ),
    "builtin.toml": (
        'name = "textual-dark"\nprimary = "#FF0000"\n',
        "'textual-dark' is taken by a theme that comes",
    ),
    # a variable's value goes into Textual's stylesheet only as the theme is applied: unread, it stopped the app
    "cssbreak.toml": (
        'primary = "#E8C766"\n[variables]\n"block-cursor-background" = "not a colour ;}"\n',
        "variables.block-cursor-background: 'not a colour ;}' is not a value Textual can read",
    ),
    "notcolour.toml": (
        'primary = "#E8C766"\n[variables]\n"footer-key-foreground" = "bold"\n',
        "variables.footer-key-foreground: 'bold' is not a colour",
    ),
    "notstyle.toml": (
        'primary = "#E8C766"\n[variables]\n"block-cursor-text-style" = "#FF0000"\n',
        "variables.block-cursor-text-style: '#FF0000' is not a text style",
    ),
    "brace.toml": (
        'primary = "#E8C766"\nvariables = { "my-own" = "red { x" }\n',
        "variables.my-own: 'red { x' is not a value Textual can read",
    ),
}


def write_user_themes(files: dict[str, str | bytes]) -> None:
    folder = user_theme_dir()
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        path = folder / name
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")


@pytest.mark.parametrize("name", BAD)
def test_a_bad_theme_file_is_skipped_with_its_name_and_problem(name):
    text, said = BAD[name]
    write_user_themes({name: text, "mine.toml": GOOD})
    themes, problems = load_themes()
    names = [t.name for t in themes]
    assert "mine" in names and names.count("green-felt") == 1
    assert len(problems) == 1
    (problem,) = problems
    assert problem.startswith(f"theme {user_theme_dir() / name}: ") and said in problem, problem
    assert problem.endswith("skipped") or problem.endswith("(give yours a name of its own)")
    assert "\x1b" not in problem and "\n" not in problem


def test_the_shipped_theme_is_kept_when_a_user_file_takes_its_name():
    write_user_themes({"green-felt.toml": 'primary = "#FF0000"\n'})
    themes, _ = load_themes()
    (felt,) = [t for t in themes if t.name == "green-felt"]
    assert felt.primary == "#E8C766"


def test_a_fifo_named_toml_is_skipped_without_blocking():
    user_theme_dir().mkdir(parents=True)
    os.mkfifo(user_theme_dir() / "x.toml")  # opened plainly, this would wait for a writer forever
    (user_theme_dir() / "folder.toml").mkdir()
    themes, problems = load_themes()
    assert sorted(problems) == [
        f"theme {user_theme_dir() / 'folder.toml'}: is not a regular file; skipped",
        f"theme {user_theme_dir() / 'x.toml'}: is not a regular file; skipped",
    ]
    assert {t.name for t in themes} >= {"green-felt", "chalkboard", "paper-pad"}


async def test_the_app_starts_past_every_bad_theme_and_says_so(scorepad_home):
    write_user_themes({name: text for name, (text, _) in BAD.items()})
    os.mkfifo(user_theme_dir() / "x.toml")
    update_config(theme="colour")  # the user had chosen the theme that no longer holds
    app = make_app()
    said: list[str] = []
    notify = app.notify
    app.notify = lambda message, **kw: (said.append(str(message)), notify(message, **kw))[1]
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert app.theme == FALLBACK_THEME
        for name in [*BAD, "x.toml"]:
            assert any(str(user_theme_dir() / name) in line for line in said), name
        assert any("theme 'colour' is not installed" in line for line in said)
        assert "green-felt" in app.available_themes


def _shipped_folder_with(monkeypatch, tmp_path, make):
    """A copy of the shipped themes' folder with one more entry made by `make` (a damaged install)."""
    import shutil

    from scorepad.tui import themes as theme_module

    folder = tmp_path / "shipped"
    shutil.copytree(theme_module.shipped_theme_dir(), folder)
    make(folder)
    monkeypatch.setattr(theme_module, "shipped_theme_dir", lambda: folder)
    return folder


def test_a_fifo_among_the_shipped_themes_is_skipped_without_blocking(monkeypatch, tmp_path):
    # the themes that come with scorepad are read with the guard a user's file gets: a FIFO there (a damaged or
    # tampered install) is named and skipped, never waited on
    import threading

    folder = _shipped_folder_with(monkeypatch, tmp_path, lambda f: os.mkfifo(f / "x.toml"))
    found: list[tuple[list, list[str]]] = []
    reading = threading.Thread(target=lambda: found.append(load_themes()), daemon=True)
    reading.start()
    reading.join(10)
    if reading.is_alive():  # blocked on the FIFO: let it go (a writer that closes at once) before failing
        os.close(os.open(folder / "x.toml", os.O_WRONLY))
        reading.join(10)
        pytest.fail("reading the shipped themes waited on a FIFO")
    ((themes, problems),) = found
    assert problems == [f"theme {folder / 'x.toml'}: is not a regular file; skipped"]
    assert {t.name for t in themes} >= {"green-felt", "chalkboard", "paper-pad"}


def test_an_oversized_shipped_theme_is_skipped_unread(monkeypatch, tmp_path):
    folder = _shipped_folder_with(
        monkeypatch, tmp_path, lambda f: (f / "big.toml").write_text('primary = "#E8C766"\n' + "#\n" * 40_000)
    )
    themes, problems = load_themes()
    assert problems == [
        f"theme {folder / 'big.toml'}: is 80020 bytes; a theme file is at most 65536; skipped"
    ]
    assert "big" not in {t.name for t in themes}


# --------------------------------------------------------------------------- a theme's variables, as Textual reads them

REFUSED_VARIABLES = {
    "a value that is not CSS": (
        '"block-cursor-background" = "not a colour ;}"',
        "is not a value Textual can read",
    ),
    "a style where a colour goes": ('"footer-key-foreground" = "bold"', "'bold' is not a colour"),
    "a colour where a style goes": ('"block-cursor-text-style" = "red"', "'red' is not a text style"),
    "another variable": ('"input-selection-background" = "$primary"', "'$primary' is not a colour"),
    "an empty colour": ('"border" = ""', "'' is not a colour"),
}


@pytest.mark.parametrize("case", REFUSED_VARIABLES)
async def test_a_chosen_theme_whose_variables_textual_refuses_is_not_offered_and_the_app_starts(case):
    # before: the theme was offered; chosen, it stopped the app ("Error in stylesheet") at every start after
    line, said_in_words = REFUSED_VARIABLES[case]
    write_user_themes({"broken.toml": f'name = "broken"\nprimary = "#E8C766"\n[variables]\n{line}\n'})
    update_config(theme="broken")
    app = make_app()
    assert "broken" not in app.available_themes  # so not in Ctrl+P's list of themes either
    said: list[str] = []
    notify = app.notify
    app.notify = lambda message, **kw: (said.append(str(message)), notify(message, **kw))[1]
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.theme == FALLBACK_THEME and app.is_running
        (skipped,) = [line for line in said if str(user_theme_dir() / "broken.toml") in line]
        assert said_in_words in skipped and skipped.endswith("; skipped") and "\n" not in skipped
        assert any("theme 'broken' is not installed; using textual-dark" in line for line in said)
        app.theme = "chalkboard"  # the app goes on: another theme applies
        await settle(pilot)
        assert app.screen.styles.background.hex.upper() == "#2F3A36"


async def test_the_board_starts_past_a_theme_textual_refuses():
    from scorepad.tui.board.app import BoardApp

    write_user_themes(
        {"broken.toml": 'primary = "#E8C766"\n[variables]\n"block-cursor-background" = "x;}"\n'}
    )
    update_config(theme="broken")
    app = BoardApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.is_running and app.theme == "textual-dark" and "broken" not in app.available_themes
        assert any("broken.toml" in notice for notice in app.startup_notices)


async def test_a_theme_with_variables_textual_reads_is_offered_and_applies():
    write_user_themes(
        {
            "good.toml": 'name = "good"\nprimary = "#E8C766"\n[variables]\n'
            '"block-cursor-text-style" = "bold underline"\n'
            '"footer-key-foreground" = "#FF0000"\n'
            '"input-selection-background" = "#0000FF 40%"\n'
            '"text" = "auto 90%"\n'
            '"my-own" = "anything at all"\n'
        }
    )
    themes, problems = load_themes()
    assert problems == [] and "good" in {t.name for t in themes}
    update_config(theme="good")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.theme == "good" and app.is_running
        assert app.theme_variables["footer-key-foreground"] == "#FF0000"
        await app.action_new_game()  # a screen of fields and selects: more of Textual's CSS parsed with them
        await settle(pilot)
        assert app.is_running


def test_a_shipped_theme_with_a_variable_textual_refuses_is_skipped(monkeypatch, tmp_path):
    # the shipped themes are read without the strict check, but not without this one: a damaged install
    folder = _shipped_folder_with(
        monkeypatch,
        tmp_path,
        lambda f: (f / "odd.toml").write_text(
            'primary = "#E8C766"\n[variables]\n"footer-key-foreground" = "bold"\n'
        ),
    )
    themes, problems = load_themes()
    assert len(problems) == 1 and problems[0].startswith(
        f"theme {folder / 'odd.toml'}: variables.footer-key-"
    )
    assert "odd" not in {t.name for t in themes}


# every declaration in Textual's and scorepad's stylesheets that puts a variable in (`$x: …` defines one: left out)
DECLARATION = re.compile(r"(?<![\w$-])([a-z][a-z-]*)\s*:\s*([^;{}]*\$[^;{}]*?)\s*(?=[;}])")
SAMPLES = (
    "red",
    "#FF000080",
    "red 50%",
    "rgb(10, 20, 30)",
    "ansi_red",
    "transparent",
    "initial",
    "auto 87%",
    "bold",
    "none",
    "bold underline",
    "reverse",
    "$primary",
    "",
    "1",
    "tall red",
    "red !important",
)


def every_stylesheet() -> list[str]:
    """The CSS Textual may parse in scorepad's apps: every widget's of Textual and of ours, the apps' own."""
    import textual.widgets
    from textual.app import App
    from textual.widget import Widget

    import scorepad.tui

    for package in (textual.widgets, scorepad.tui):
        for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            importlib.import_module(module.name)
    for name in ("textual.command", "textual.scrollbar", "textual.containers", "textual.screen"):
        importlib.import_module(name)
    found: set[type[Widget]] = set()
    waiting: list[type[Widget]] = [Widget]
    while waiting:
        for sub in waiting.pop().__subclasses__():
            if sub not in found:
                found.add(sub)
                waiting.append(sub)
    ours = [c for c in found if c.__module__.split(".")[0] in ("textual", "scorepad")]  # not a test's widgets
    return [
        App.DEFAULT_CSS,
        (Path(scorepad.tui.__file__).parent / "scorepad.tcss").read_text(encoding="utf-8"),
        *(c.DEFAULT_CSS for c in sorted(ours, key=lambda c: c.__qualname__) if c.DEFAULT_CSS),
    ]


def test_what_the_check_lets_through_reads_wherever_textual_puts_it():
    # variables_problem tries a value in a few declarations per kind (COLOUR_USES, STYLE_USES); here every
    # declaration that really names the variable is parsed with each value the check lets through
    from textual.css.parse import parse
    from textual.css.stylesheet import Stylesheet, StylesheetParseError
    from textual.css.tokenize import tokenize_values
    from textual.theme import Theme

    from scorepad.tui.themes import variable_problem

    sheets = every_stylesheet()
    uses: dict[str, set[str]] = defaultdict(set)
    for css in sheets:
        for prop, value in DECLARATION.findall(re.sub(r"/\*.*?\*/", "", css, flags=re.S)):
            for name in re.findall(r"\$([\w-]+)", value):
                uses[name].add(f"{prop}: {value}")
    defaults = Theme(name="probe", primary="#E8C766").to_color_system().generate()
    assert {"block-cursor-background", "footer-key-foreground", "block-cursor-text-style", "text"} <= set(
        uses
    )
    assert set(uses) <= set(defaults)  # only Textual's variables are used: a theme's own are in no stylesheet
    base = tokenize_values(defaults)
    taken: dict[str, str] = {}
    for name, declarations in sorted(uses.items()):
        for value in SAMPLES:
            if variable_problem(name, value, defaults[name]) is not None:
                continue
            taken.setdefault(name, value) if value != defaults[name] else None
            tokens = {**base, name: tokenize_values({name: value})[name]}
            for declaration in sorted(declarations):
                rules = list(parse("", f"Probe {{ {declaration}; }}", ("test", name), variable_tokens=tokens))
                assert not any(rule.errors for rule in rules), (
                    f"{name} = {value!r} let through; {declaration!r}"
                )
    assert len(taken) == len(uses)  # each variable takes some other value: the check does not refuse all

    def parses_whole(variables: dict[str, str]) -> bool:
        """The app's way: one stylesheet of all the CSS, the theme's variables over the defaults."""
        sheet = Stylesheet(
            variables=Theme(name="probe", primary="#E8C766", variables=variables).to_color_system().generate()
        )
        for number, css in enumerate(sheets):
            sheet.add_source(css, read_from=("test", str(number)), is_default_css=True)
        try:
            sheet.parse()
        except StylesheetParseError:
            return False
        return True

    assert parses_whole(taken)  # every variable changed at once, to a value the check takes
    assert not parses_whole({"block-cursor-background": "bold"})  # and one it refuses is what stopped the app
