"""User themes cannot break start-up: each bad file is skipped with one line naming it and the problem."""

from __future__ import annotations

import os

import pytest

from scorepad.config import update_config
from scorepad.tui.app import FALLBACK_THEME
from scorepad.tui.themes import load_themes, user_theme_dir

from .conftest import make_app, settle

GOOD = 'name = "mine"\nprimary = "#E8C766"\nbackground = "#0E3B2C"\n'
BAD = {
    "colour.toml": ('primary = "notacolor"\n', "primary: 'notacolor' is not a colour"),
    "dark.toml": ('primary = "#E8C766"\ndark = "yes"\n', "dark: Input should be a valid boolean"),
    "variables.toml": ('primary = "#E8C766"\nvariables = "nope"\n', "variables: Input should be a valid dictionary"),
    "deep.toml": ("x = " + "[" * 20_000 + "]" * 20_000 + "\n", "brackets nested too deep"),
    "huge.toml": ('primary = "#E8C766"\n' + "# padding\n" * 10_000, "is 100020 bytes; a theme file is at most"),
    "garbage.toml": ("primary = \n", "is not TOML"),
    "unknown.toml": ('primary = "#E8C766"\ncolour = "red"\n', "colour: Extra inputs are not permitted"),
    "latin1.toml": (b'primary = "\xe9"\n', "is not UTF-8 text (byte 0xe9)"),
    "spread.toml": ('primary = "#E8C766"\nluminosity_spread = "wide"\n', "luminosity_spread: Input should be"),
    "escape.toml": ('name = "x\\u001b]0;t\\u0007"\nprimary = "#E8C766"\n', "cannot hold control"),
    "green-felt.toml": ('primary = "#FF0000"\n', "the name 'green-felt' is taken by a theme that comes with scorepad"),
    "builtin.toml": ('name = "textual-dark"\nprimary = "#FF0000"\n', "'textual-dark' is taken by a theme that comes"),
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
    assert sorted(problems) == [f"theme {user_theme_dir() / 'folder.toml'}: is not a regular file; skipped",
                                f"theme {user_theme_dir() / 'x.toml'}: is not a regular file; skipped"]
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
        monkeypatch, tmp_path, lambda f: (f / "big.toml").write_text('primary = "#E8C766"\n' + "#\n" * 40_000))
    themes, problems = load_themes()
    assert problems == [f"theme {folder / 'big.toml'}: is 80020 bytes; a theme file is at most 65536; skipped"]
    assert "big" not in {t.name for t in themes}
