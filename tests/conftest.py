"""Shared fixtures: every test gets its own empty SCOREPAD_HOME."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def scorepad_home(tmp_path, monkeypatch):
    home = tmp_path / "scorepad-home"
    monkeypatch.setenv("SCOREPAD_HOME", str(home))
    return home
