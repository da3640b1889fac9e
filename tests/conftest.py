"""Shared fixtures: every test gets its own empty SCOREPAD_HOME, and speaks English whatever the machine's locale
(a test of another language asks for it)."""

from __future__ import annotations

import os

import pytest

from scorepad.locale import ENVIRONMENT, set_language, set_suit_style


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto` starts two workers a core: a screen test spends about half its time waiting for the app to go
    idle (Textual's pilot), so two share a core well (here, 2 cores: 435 s with one worker a core, 244 s with two)."""
    return 2 * (os.cpu_count() or 1)


@pytest.fixture(autouse=True)
def english(monkeypatch):
    for variable in ENVIRONMENT:  # (the commands a test starts read them too)
        monkeypatch.delenv(variable, raising=False)
    set_language("en")
    set_suit_style(None)  # (the Jass suits as each game says: no player's preference)
    yield
    set_language("en")
    set_suit_style(None)


@pytest.fixture(autouse=True)
def scorepad_home(tmp_path, monkeypatch):
    home = tmp_path / "scorepad-home"
    monkeypatch.setenv("SCOREPAD_HOME", str(home))
    return home
