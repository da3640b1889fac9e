"""What the wheel must carry besides Python: the themes, the laws in brief, the app's stylesheet."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from textual.theme import Theme

from scorepad.tui.themes import load_shipped_theme, load_theme_file, shipped_theme_dir

ROOT = Path(__file__).resolve().parents[1]


def test_every_shipped_theme_is_a_textual_theme():
    files = sorted((ROOT / "themes").glob("*.toml"))
    themes = [load_theme_file(path) for path in files]
    assert {t.name for t in themes} >= {"green-felt", "paper-pad", "chalkboard"}
    assert all(isinstance(t, Theme) and t.primary for t in themes)


def test_a_shipped_theme_read_as_it_is_is_the_theme_the_strict_check_makes():
    # the app's start reads the shipped themes without the strict check (pydantic): each must pass it all the same
    files = sorted(shipped_theme_dir().glob("*.toml"))
    assert files and shipped_theme_dir() == ROOT / "themes"
    for path in files:
        assert load_shipped_theme(path) == load_theme_file(path), path.name


def test_a_damaged_shipped_theme_gets_the_strict_check_and_its_words(tmp_path):
    from scorepad.tui.themes import ThemeProblem

    damaged = tmp_path / "green-felt.toml"
    damaged.write_text('primary = "#E8C766"\ncolour = "red"\n', encoding="utf-8")
    with pytest.raises(ThemeProblem, match="colour: Extra inputs are not permitted"):
        load_shipped_theme(damaged)


def test_the_wheel_ships_themes_help_and_stylesheet(tmp_path):
    from hatchling.builders.wheel import WheelBuilder

    (wheel,) = WheelBuilder(str(ROOT)).build(directory=str(tmp_path), versions=["standard"])
    names = set(zipfile.ZipFile(wheel).namelist())
    themes = {Path(n).name for n in names if n.startswith("scorepad/_themes/")}
    assert {"green-felt.toml", "paper-pad.toml", "chalkboard.toml"} <= themes
    assert {f"scorepad/help/{game}.md" for game in ("five_hundred", "jass", "auction_bridge")} <= names
    # each language's rules pages (scorepad/help/<lang>/<game>.md) too
    translated = {page.relative_to(ROOT).as_posix() for page in (ROOT / "scorepad" / "help").glob("*/*.md")}
    assert {"scorepad/help/de/jass.md", "scorepad/help/fr/auction_bridge.md"} <= translated <= names
    assert "scorepad/tui/scorepad.tcss" in names


def test_the_wheel_ships_each_catalogue_compiled_and_not_its_source(tmp_path):
    import gettext

    from hatchling.builders.wheel import WheelBuilder

    (wheel,) = WheelBuilder(str(ROOT)).build(directory=str(tmp_path), versions=["standard"])
    archive = zipfile.ZipFile(wheel)
    names = set(archive.namelist())
    for code in ("de", "fr", "it", "ru"):
        compiled = f"scorepad/locale/{code}/LC_MESSAGES/scorepad.mo"
        assert compiled in names and compiled.replace(".mo", ".po") not in names, code
        with archive.open(compiled) as mo:
            assert gettext.GNUTranslations(mo).gettext("list saved games, newest first") != (
                "list saved games, newest first"
            )
    assert not list(tmp_path.glob(".*"))  # the hook's work left nothing beside the wheel


def _wheel_requirements(tmp_path: Path) -> list[str]:
    from hatchling.builders.wheel import WheelBuilder

    (wheel,) = WheelBuilder(str(ROOT)).build(directory=str(tmp_path), versions=["standard"])
    with zipfile.ZipFile(wheel) as archive:
        metadata = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        lines = archive.read(metadata).decode().splitlines()
    return [line.removeprefix("Requires-Dist: ") for line in lines if line.startswith("Requires-Dist: ")]


TEST_TOOLS = (
    "pytest",
    "pytest-asyncio",
    "pytest-textual-snapshot",
    "hypothesis",
    "ruff",
    "mypy",
    "hatchling",
    "mutmut",
)


def _name(requirement: str) -> str:
    import re

    return re.split(r"[\s<>=!~;\[]", requirement, maxsplit=1)[0].lower()


def test_a_user_install_pulls_no_test_tools(tmp_path):
    requirements = _wheel_requirements(tmp_path)
    plain = [r for r in requirements if "extra ==" not in r]
    assert {_name(r) for r in plain} >= {"textual", "rich", "pydantic", "platformdirs", "textual-serve"}
    assert [r for r in plain if _name(r) in TEST_TOOLS] == []
    in_test_extra = {_name(r) for r in requirements if "extra == 'test'" in r or 'extra == "test"' in r}
    assert {"pytest", "ruff", "mypy", "hatchling", "hypothesis"} <= in_test_extra


def test_user_dependencies_are_bounded_below_the_next_major(tmp_path):
    # a new major of these may change what the screens draw or serve: taken only after a deliberate upgrade
    plain = {_name(r): r for r in _wheel_requirements(tmp_path) if "extra ==" not in r}
    assert "==8." in plain["textual"]  # pinned: the snapshots are drawn by this very version
    for name in ("rich", "pydantic", "textual-serve", "textual-plotext"):
        assert "<" in plain[name], plain[name]


def test_the_readme_quick_start_is_what_ci_runs():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = [line for line in start.splitlines() if line.startswith("pip install")]
    assert commands == ["pip install . && scorepad demo", "pip install '.[test]' && pytest"]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert "pip install -q '.[test]'" in ci
    assert ci[-1] == "pytest"  # the README's test command is the suite CI runs, after lint and types
    lint = ci.index("ruff check scorepad tests benchmarks scripts")
    assert lint < ci.index("ruff format --check scorepad tests benchmarks scripts") < ci.index("pytest")
    assert lint < ci.index("mypy scorepad") < ci.index("lint-imports") < ci.index("pytest")
