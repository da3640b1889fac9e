"""Helpers for the app's tests: an app that does not touch the user's config, and no blinking cursor."""

from __future__ import annotations

import fcntl
import os
import shutil
from pathlib import Path

import pytest
from textual.widgets import Input

from scorepad.tui.app import ScorepadApp

SNAPSHOT_HOME = Path("/tmp/scorepad-snapshot-home")
FIXED_TIME = 1_795_000_000  # 2026-11-17: files' "last played" in snapshots


def make_app(**kwargs) -> ScorepadApp:
    return ScorepadApp(remember_theme=False, **kwargs)


def no_blink(app) -> None:
    for field in app.screen.query(Input):
        field.cursor_blink = False


async def settle(pilot) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()  # the saved games read, the statistics counted, a paste typed
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    no_blink(pilot.app)


@pytest.fixture
def snapshot_home(monkeypatch):
    """A fixed SCOREPAD_HOME, so paths shown on screen are the same in every run. Two test runs on one machine
    would empty it under each other: the fixture holds a lock on it while a test uses it."""
    with open(f"{SNAPSHOT_HOME}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released as the file closes
        shutil.rmtree(SNAPSHOT_HOME, ignore_errors=True)
        SNAPSHOT_HOME.mkdir(parents=True)
        monkeypatch.setenv("SCOREPAD_HOME", str(SNAPSHOT_HOME))
        yield SNAPSHOT_HOME
        shutil.rmtree(SNAPSHOT_HOME, ignore_errors=True)


def freeze_times(directory: Path) -> None:
    for path in directory.rglob("*.jsonl"):
        os.utime(path, (FIXED_TIME, FIXED_TIME))
