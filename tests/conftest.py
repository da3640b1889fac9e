"""Shared fixtures: every test gets its own empty SCOREPAD_HOME, and speaks English whatever the machine's locale
(a test of another language asks for it)."""

from __future__ import annotations

import pytest

from scorepad.locale import ENVIRONMENT, set_language, set_suit_style


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
