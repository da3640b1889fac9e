"""What the wheel must carry besides Python: the themes, the laws in brief, the app's stylesheet."""

from __future__ import annotations

import zipfile
from pathlib import Path

from textual.theme import Theme

from scorepad.tui.themes import load_theme_file

ROOT = Path(__file__).resolve().parents[1]


def test_every_shipped_theme_is_a_textual_theme():
    files = sorted((ROOT / "themes").glob("*.toml"))
    themes = [load_theme_file(path) for path in files]
    assert {t.name for t in themes} >= {"green-felt", "paper-pad", "chalkboard"}
    assert all(isinstance(t, Theme) and t.primary for t in themes)


def test_the_wheel_ships_themes_help_and_stylesheet(tmp_path):
    from hatchling.builders.wheel import WheelBuilder

    (wheel,) = WheelBuilder(str(ROOT)).build(directory=str(tmp_path), versions=["standard"])
    names = set(zipfile.ZipFile(wheel).namelist())
    themes = {Path(n).name for n in names if n.startswith("scorepad/_themes/")}
    assert {"green-felt.toml", "paper-pad.toml", "chalkboard.toml"} <= themes
    assert {f"scorepad/help/{game}.md" for game in ("five_hundred", "jass", "auction_bridge")} <= names
    assert "scorepad/tui/scorepad.tcss" in names
