"""config.json is outside input: whatever stands there, the app and the board start, the settings fall back to
their defaults with one line saying why, and a save never writes through a link (at config.json or at the fixed
temporary name older versions wrote through)."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from scorepad.store.config import config_path, load_config, update_config
from scorepad.store.files import UnsafePath

PLAIN = {
    "theme is a list": (
        '{"theme": ["chalkboard"]}',
        "'theme' is a list, not a theme's name; using green-felt",
    ),
    "theme is an object": (
        '{"theme": {"name": "chalkboard"}}',
        "'theme' is a set of settings, not a theme's name",
    ),
    "theme is a number": ('{"theme": 7}', "'theme' is a number, not a theme's name; using green-felt"),
    "theme is true": ('{"theme": true}', "'theme' is true, not a theme's name"),
    "theme is null": ('{"theme": null}', "'theme' is null, not a theme's name"),
    "theme is empty": ('{"theme": "  "}', "'theme' is empty; using green-felt"),
    "theme is long": (
        json.dumps({"theme": "x" * 5000}),
        "'theme' is 5000 characters long; a theme's name has at",
    ),
    "not JSON": (
        '{"theme": "chalkboard",}',
        "is not JSON (Expecting property name enclosed in double quotes at line 1, column 24)",
    ),
    "empty": ("", "is not JSON (Expecting value at line 1, column 1)"),
    "a list": ('["chalkboard"]', "holds a list, not a set of settings"),
    "a number": ("7", "holds a number, not a set of settings"),
    "a string": ('"chalkboard"', "holds text, not a set of settings"),
    "NaN": ('{"theme": "chalkboard", "volume": NaN}', "is not JSON (NaN is not a JSON number)"),
    "nested too deep": ("[" * 5_000 + "]" * 5_000, "is not JSON (brackets nested too deep)"),
    "too large": (
        '{"theme": "chalkboard", "x": "' + "y" * 70_000 + '"}',
        "bytes; a settings file is at most 65536",
    ),
    "not UTF-8": (b'{"theme": "caf\xe9"}', "is not UTF-8 text (byte 0xe9)"),
}


def write_config(content: str | bytes) -> Path:
    path = config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


def not_blocking(call: Callable[[], Any], fifo: Path) -> Any:
    """`call()`'s result; a call that waits on the FIFO (opened plainly) is let go and the test fails."""
    found: list[Any] = []
    running = threading.Thread(target=lambda: found.append(call()), daemon=True)
    running.start()
    running.join(10)
    if running.is_alive():
        os.close(os.open(fifo, os.O_WRONLY))  # a writer that closes at once ends the reader's wait
        running.join(10)
        pytest.fail(f"waited on the FIFO at {fifo}")
    return found[0]


# --------------------------------------------------------------------------- reading


@pytest.mark.parametrize("case", PLAIN)
def test_a_config_of_any_shape_falls_back_to_the_defaults_with_one_line(case):
    from scorepad.store.config import read_config

    content, said = PLAIN[case]
    path = write_config(content)
    config, notice = read_config()
    assert config["theme"] == "green-felt"
    assert notice is not None and notice.startswith(f"settings {path}: ") and said in notice, notice
    assert "\n" not in notice and len(notice) < 300
    assert load_config()["theme"] == "green-felt"


def test_a_byte_order_mark_and_a_good_config_say_nothing():
    from scorepad.store.config import read_config

    write_config('\ufeff{"theme": "chalkboard"}')
    assert read_config() == ({"theme": "chalkboard"}, None)
    config_path().unlink()
    assert read_config() == ({"theme": "green-felt"}, None)  # no file yet: the defaults, nothing to say


def test_unknown_settings_are_named_once_and_kept_when_the_theme_is_saved():
    from scorepad.store.config import read_config

    write_config('{"theme": "chalkboard", "sound": true, "players": ["Ann", "Bob"]}')
    config, notice = read_config()
    assert config["theme"] == "chalkboard"
    assert (
        notice
        == f"settings {config_path()}: 'sound', 'players' are not settings scorepad knows (kept, not used)"
    )
    update_config(theme="paper-pad")
    assert json.loads(config_path().read_text()) == {
        "theme": "paper-pad",
        "sound": True,
        "players": ["Ann", "Bob"],
    }


def test_a_setting_of_the_wrong_kind_is_replaced_when_the_theme_is_saved():
    write_config('{"theme": ["chalkboard"], "sound": true}')
    update_config(theme="paper-pad")
    assert json.loads(config_path().read_text()) == {"theme": "paper-pad", "sound": True}


@pytest.mark.parametrize("what", ["fifo", "folder", "link", "dangling link", "link loop"])
def test_something_other_than_a_file_at_config_json_is_not_read(what, tmp_path):
    from scorepad.store.config import read_config

    path = config_path()
    path.parent.mkdir(parents=True)
    elsewhere = tmp_path / "elsewhere.json"
    elsewhere.write_text('{"theme": "chalkboard"}')
    if what == "fifo":
        os.mkfifo(path)
    elif what == "folder":
        path.mkdir()
    elif what == "link":
        path.symlink_to(elsewhere)
    elif what == "dangling link":
        path.symlink_to(tmp_path / "nowhere.json")
    else:
        path.symlink_to(path)
    config, notice = not_blocking(read_config, path)
    assert config == {"theme": "green-felt"}
    assert (
        notice is not None
        and notice.startswith(f"settings {path}: ")
        and notice.endswith("using the default settings")
    )
    said = "is a symbolic link, which scorepad does not follow" if "link" in what else "is not a regular file"
    assert said in notice


# --------------------------------------------------------------------------- writing


def test_a_theme_is_saved_whole_and_nothing_is_left_beside_it():
    update_config(theme="chalkboard")
    update_config(theme="paper-pad")
    assert json.loads(config_path().read_text()) == {"theme": "paper-pad"}
    assert [p.name for p in config_path().parent.iterdir()] == ["config.json"]


@pytest.mark.parametrize("dangling", [False, True], ids=["to a file", "to nowhere"])
def test_a_link_at_config_json_is_not_written_through(dangling, tmp_path):
    target = tmp_path / "victim"
    if not dangling:
        target.write_text("precious")
    path = config_path()
    path.parent.mkdir(parents=True)
    path.symlink_to(target)
    with pytest.raises(UnsafePath, match="is a symbolic link: scorepad does not write through it"):
        update_config(theme="chalkboard")
    assert path.is_symlink() and os.readlink(path) == str(target)
    assert target.read_text() == "precious" if not dangling else not target.exists()
    assert sorted(p.name for p in path.parent.iterdir()) == ["config.json"]  # no temporary left


def test_a_link_at_the_old_temporary_name_is_left_alone_and_said(tmp_path):
    # older versions wrote config.tmp and renamed it: a link planted there sent the theme into its target
    victim = tmp_path / "victim"
    victim.write_text("precious")
    folder = config_path().parent
    folder.mkdir(parents=True)
    (folder / "config.tmp").symlink_to(victim)
    note = update_config(theme="chalkboard")
    assert victim.read_text() == "precious"
    assert (folder / "config.tmp").is_symlink()
    assert json.loads(config_path().read_text()) == {"theme": "chalkboard"} and not config_path().is_symlink()
    assert (
        note
        == f"{folder / 'config.tmp'} is a symbolic link; scorepad no longer writes there and left it as it is"
    )


def test_a_fifo_at_config_json_is_neither_read_nor_written():
    path = config_path()
    path.parent.mkdir(parents=True)
    os.mkfifo(path)

    def save() -> str:
        with pytest.raises(UnsafePath) as refused:
            update_config(theme="chalkboard")
        return str(refused.value)

    assert "is a pipe: scorepad does not write through it" in not_blocking(save, path)


# --------------------------------------------------------------------------- the app and the board start


def listen(app) -> list[str]:
    said: list[str] = []
    notify = app.notify
    app.notify = lambda message, **kw: (said.append(str(message)), notify(message, **kw))[1]
    return said


async def settled(pilot) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


STARTS = ["theme is a list", "theme is an object", "theme is a number", "not JSON", "a list", "not UTF-8"]


@pytest.mark.parametrize("case", STARTS)
async def test_the_app_starts_on_any_config_with_the_default_theme_and_one_line(case):
    from scorepad.tui.app import ScorepadApp

    content, said_in_words = PLAIN[case]
    write_config(content)
    app = ScorepadApp(remember_theme=False)  # before: a list or an object here was a TypeError
    said = listen(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        assert app.is_running and app.theme == "green-felt"
        (line,) = [line for line in said if line.startswith("settings ")]
        assert said_in_words in line


@pytest.mark.parametrize("what", ["fifo", "link"])
async def test_the_app_starts_with_a_fifo_or_a_link_at_config_json(what, tmp_path):
    from scorepad.tui.app import ScorepadApp

    path = config_path()
    path.parent.mkdir(parents=True)
    if what == "fifo":
        os.mkfifo(path)
    else:
        (tmp_path / "elsewhere.json").write_text('{"theme": "chalkboard"}')
        path.symlink_to(tmp_path / "elsewhere.json")
    app = not_blocking(lambda: ScorepadApp(remember_theme=False), path)
    said = listen(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        assert app.is_running and app.theme == "green-felt"
        assert len([line for line in said if line.startswith(f"settings {path}: ")]) == 1


async def test_a_theme_chosen_with_a_link_at_config_json_applies_and_the_link_is_left(tmp_path):
    from scorepad.tui.app import ScorepadApp

    victim = tmp_path / "victim"
    victim.write_text("precious")
    config_path().parent.mkdir(parents=True)
    config_path().symlink_to(victim)
    app = ScorepadApp()  # remembers the theme chosen
    said = listen(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        app.theme = "chalkboard"
        await settled(pilot)
        assert app.theme == "chalkboard" and app.is_running
        (line,) = [line for line in said if line.startswith("The theme is not remembered")]
        assert f"{config_path()} is a symbolic link: scorepad does not write through it" in line
    assert victim.read_text() == "precious" and config_path().is_symlink()


async def test_a_theme_chosen_with_a_link_at_config_tmp_is_saved_beside_it(tmp_path):
    from scorepad.tui.app import ScorepadApp

    victim = tmp_path / "victim"
    victim.write_text("precious")
    folder = config_path().parent
    folder.mkdir(parents=True)
    (folder / "config.tmp").symlink_to(victim)
    app = ScorepadApp()
    said = listen(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        app.theme = "chalkboard"
        await settled(pilot)
        assert app.theme == "chalkboard"
    assert victim.read_text() == "precious"  # before: the theme was written into the link's target
    assert load_config()["theme"] == "chalkboard"
    assert any("config.tmp is a symbolic link; scorepad no longer writes there" in line for line in said)


@pytest.mark.parametrize("case", ["theme is a list", "theme is an object", "a list"])
async def test_the_board_starts_on_any_config(case):
    from scorepad.tui.board.app import BoardApp

    write_config(PLAIN[case][0])
    app = BoardApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.is_running and app.theme == "green-felt"


async def test_the_board_starts_with_a_fifo_at_config_json():
    from scorepad.tui.board.app import BoardApp

    path = config_path()
    path.parent.mkdir(parents=True)
    os.mkfifo(path)
    app = not_blocking(lambda: BoardApp(None), path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.is_running and app.theme == "green-felt"
