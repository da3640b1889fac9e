"""The layers, enforced: what each part of scorepad may import (CONTRIBUTING.md, "The layers").

    scorepad.log        the log format: pydantic models only
    scorepad.rules      the laws: pure, no Textual, Rich, store or process-wide switches (gc)
    scorepad.store.game_file      files: no rules, no Textual
    scorepad.games      where the store meets the rules
    scorepad.library    the saved games' index: no Textual, no Rich; the rules only to read a game into it
    cli replay/export/list, scorepad.tui …  on top

Two kinds of check: a fresh interpreter imports a layer (and, for the rules, replays a game of each kind, so the
imports made on first use happen too) and its `sys.modules` is inspected; and the source is read, so an import
hidden in a function that no test happens to call is caught as well, and import cycles are found.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "scorepad"
UI = ("textual", "rich")


def modules_after(code: str, env: dict[str, str] | None = None) -> set[str]:
    """The modules loaded once `code` has run in a fresh interpreter."""
    script = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **(env or {})},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


def loaded(modules: set[str], *roots: str) -> list[str]:
    return sorted(m for m in modules if any(m == r or m.startswith(r + ".") for r in roots))


# --------------------------------------------------------------------------- the source, read


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


SOURCES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports_of(module: str) -> set[str]:
    """Every module `module` imports, at the top or inside a function (not under `if TYPE_CHECKING:`).
    `from a import b` counts as importing `a.b` when that is a module of ours, else `a`."""
    path = SOURCES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _type_checking_only(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*anchor, *([base] if base else [])])
            for alias in node.names:
                candidate = f"{base}.{alias.name}"
                found.add(candidate if candidate in SOURCES else base)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return found


def layer(root: str) -> list[str]:
    return [m for m in SOURCES if m == root or m.startswith(root + ".")]


def forbidden_in_source(root: str, *banned: str) -> list[str]:
    return sorted(
        f"{module} imports {name}"
        for module in layer(root)
        for name in imports_of(module)
        if any(name == b or name.startswith(b + ".") for b in banned)
    )


def test_the_source_is_read_whole():
    # the reading above knows every module of the package, so the checks below cannot pass by missing one
    assert {
        "scorepad.log",
        "scorepad.store.game_file",
        "scorepad.rules",
        "scorepad.rules.base",
        "scorepad.cli.main",
    } <= set(SOURCES)
    assert "scorepad.rules.registry" in imports_of("scorepad.rules.base")


# --------------------------------------------------------------------------- log


def test_the_log_format_imports_no_ui_rules_or_store():
    modules = modules_after("import scorepad.log")
    assert loaded(modules, *UI, "scorepad.store.game_file", "scorepad.rules", "scorepad.tui") == []
    assert (
        forbidden_in_source("scorepad.log", *UI, "scorepad.store.game_file", "scorepad.rules", "scorepad.tui")
        == []
    )


# --------------------------------------------------------------------------- rules


def test_the_rules_import_no_ui_store_or_gc_switch():
    code = (
        "import scorepad.rules, scorepad.rules.five_hundred, scorepad.rules.jass, scorepad.rules.auction_bridge\n"
        "import scorepad.rules.header\n"
    )
    modules = modules_after(code)
    assert (
        loaded(modules, *UI, "scorepad.store.game_file", "scorepad.tui", "scorepad.gcpause", "scorepad.games")
        == []
    )


def test_replaying_every_game_through_the_rules_loads_no_ui_or_store():
    # the games' modules load on first use: replay one game of each kind, with a header read the rules' way
    fixtures = _fixture_games()
    code = "from scorepad.log import HEADER_ADAPTER, parse_entry\nfrom scorepad.rules import check, replay\n"
    code += "from scorepad.rules.header import header_problem\nimport json\n"
    code += f"games = json.loads({json.dumps(json.dumps(fixtures))})\n"
    code += (
        "for header, entries in games:\n"
        "    h = HEADER_ADAPTER.validate_python(header)\n"
        "    assert header_problem(h) is None, header_problem(h)\n"
        "    parsed = [parse_entry(h.game, e) for e in entries]\n"
        "    sheet = replay(h, parsed)\n"
        "    assert sheet.rows and not sheet.rejected, (h.game, sheet.rejected)\n"
        "    check(parsed[0], sheet)\n"
    )
    modules = modules_after(code)
    assert {"scorepad.rules.five_hundred", "scorepad.rules.jass", "scorepad.rules.auction_bridge"} <= modules
    assert (
        loaded(modules, *UI, "scorepad.store.game_file", "scorepad.tui", "scorepad.gcpause", "scorepad.games")
        == []
    )


def _fixture_games() -> list[tuple[dict, list[dict]]]:
    """The demo games (one of each kind), as header and entry data."""
    from scorepad import demo

    games = []
    for game in demo.DEMOS:
        header = {
            "scorepad": 1,
            "game": game["game"],
            "id": f"layers-{game['game']}",
            "created": "2026-01-01T20:00:00+00:00",
            "players": game["players"],
        }
        if game.get("sides"):
            header["sides"] = game["sides"]
        games.append(
            (
                header,
                [
                    {"seq": n, "at": "2026-01-01T20:00:00+00:00", **entry}
                    for n, entry in enumerate(game["entries"], start=1)
                ],
            )
        )
    return games


def test_the_rules_source_imports_no_ui_store_or_gc():
    # read, not run: also the imports inside functions; the collector is the callers' to switch (scorepad.gcpause)
    banned = (
        *UI,
        "scorepad.store.game_file",
        "scorepad.tui",
        "scorepad.games",
        "scorepad.cli.main",
        "scorepad.gcpause",
        "gc",
    )
    assert forbidden_in_source("scorepad.rules", *banned) == []


def test_the_header_check_lives_in_the_rules():
    from scorepad.rules.header import header_problem

    assert callable(header_problem)
    defined = sorted(
        module
        for module in SOURCES
        if any(
            isinstance(node, ast.FunctionDef) and node.name == "header_problem"
            for node in ast.walk(ast.parse(SOURCES[module].read_text(encoding="utf-8")))
        )
    )
    assert defined == ["scorepad.rules.header"]
    # the CLI's `new`, the new-game screen and opening a file ask it there
    for user in ("scorepad.cli.main", "scorepad.games", "scorepad.tui.screens.new_game"):
        assert "scorepad.rules.header" in imports_of(user), user


# --------------------------------------------------------------------------- store


def test_the_store_imports_no_rules_or_ui():
    modules = modules_after("import scorepad.store.game_file")
    assert loaded(modules, "textual", "scorepad.rules", "scorepad.tui") == []
    assert (
        forbidden_in_source(
            "scorepad.store.game_file", "textual", "scorepad.rules", "scorepad.tui", "scorepad.games"
        )
        == []
    )


# --------------------------------------------------------------------------- no cycles


def cycles_in(graph: dict[str, set[str]]) -> list[list[str]]:
    """Each import cycle found by a depth-first walk, as the path that closes it."""
    cycles: list[list[str]] = []
    state: dict[str, str] = {}
    path: list[str] = []

    def walk(module: str) -> None:
        state[module] = "open"
        path.append(module)
        for target in sorted(graph.get(module, ())):
            if state.get(target) == "open":
                cycles.append([*path[path.index(target) :], target])
            elif target not in state:
                walk(target)
        path.pop()
        state[module] = "done"

    for module in sorted(graph):
        if module not in state:
            walk(module)
    return cycles


def test_no_import_cycle():
    graph = {module: {m for m in imports_of(module) if m in SOURCES and m != module} for module in SOURCES}
    assert cycles_in(graph) == []


def test_the_cycle_finder_finds_a_package_imported_by_its_own_module():
    # what rules/base.py did once (`from scorepad.rules import rules_for` inside the Replayer)
    graph = {
        "scorepad.rules": {"scorepad.rules.base"},
        "scorepad.rules.base": {"scorepad.rules", "scorepad.log"},
        "scorepad.log": set(),
    }
    assert cycles_in(graph) == [["scorepad.rules", "scorepad.rules.base", "scorepad.rules"]]
    assert "scorepad.rules.base" in imports_of("scorepad.rules")
    assert "scorepad.rules" not in imports_of("scorepad.rules.base")


# --------------------------------------------------------------------------- the app


def test_the_app_imports_no_pydantic_store_or_rules_until_they_are_needed():
    # importing the app costs Textual alone; the log's models, the store and the rules load when the app is made or
    # a game is opened (a start to the first paint as near a bare Textual app's as the game allows)
    modules = modules_after("import scorepad.tui.app")
    assert loaded(modules, "textual")
    assert (
        loaded(
            modules,
            "pydantic",
            "scorepad.log",
            "scorepad.store.game_file",
            "scorepad.rules",
            "scorepad.games",
            "scorepad.library",
            "scorepad.text.stats_table",
            "scorepad.tui.screens",
        )
        == []
    )


def test_the_app_skips_pydantics_plugin_search_as_the_command_line_does():
    # pydantic scans every installed package's metadata for plugins before its first model: the app started any
    # way (not only through cli.main) skips it, and a value the user set is kept
    code = (
        "import importlib.metadata as metadata, os\n"
        "searched = []\n"
        "every = metadata.entry_points\n"
        "def entry_points(**kw):\n"
        "    if kw.get('group') == 'pydantic':\n"
        "        searched.append(kw)\n"
        "    return every(**kw)\n"
        "metadata.entry_points = entry_points  # before pydantic takes it\n"
        "os.environ.pop('PYDANTIC_DISABLE_PLUGINS', None)\n"
        "from scorepad.tui.app import ScorepadApp\n"
        "app = ScorepadApp(remember_theme=False)\n"
        "app.on_load()  # running: the models a game or a dialog builds skip the search too\n"
        "from scorepad.log import ENTRY_ADAPTERS\n"
        "ENTRY_ADAPTERS['jass']\n"
        "app.on_unmount()\n"
        "assert searched == [], searched\n"
        "os.environ['PYDANTIC_DISABLE_PLUGINS'] = 'mine'\n"
        "app = ScorepadApp(remember_theme=False)\n"
        "app.on_load()\n"
        "assert os.environ['PYDANTIC_DISABLE_PLUGINS'] == 'mine'\n"
        "app.on_unmount()\n"
        "assert os.environ['PYDANTIC_DISABLE_PLUGINS'] == 'mine'\n"
    )
    assert "scorepad.log" in modules_after(code)


def test_the_app_leaves_the_environment_as_it_found_it():
    # the variable that skips the search is set only while the app is made and while it runs: a program that makes
    # the app, and the processes it starts, keep their environment (before, it stayed set for good)
    code = (
        "import os\n"
        "os.environ.pop('PYDANTIC_DISABLE_PLUGINS', None)\n"
        "from scorepad.tui.app import ScorepadApp\n"
        "app = ScorepadApp(remember_theme=False)\n"
        "assert 'PYDANTIC_DISABLE_PLUGINS' not in os.environ, 'made'\n"
        "app.on_load()\n"
        "assert os.environ['PYDANTIC_DISABLE_PLUGINS'] == '__all__', 'running'\n"
        "app.on_unmount()\n"
        "assert 'PYDANTIC_DISABLE_PLUGINS' not in os.environ, 'ended'\n"
        "app.on_unmount()\n"
        "assert 'PYDANTIC_DISABLE_PLUGINS' not in os.environ, 'ended twice'\n"
    )
    modules_after(code)


def test_opening_a_game_loads_its_own_rules_alone_and_no_statistics(saved_game):
    # `scorepad FILE` on a Five Hundred game: the other games' rules, the saved games' statistics and the dialogs'
    # screens stay unloaded until asked for
    home, game = saved_game
    code = (
        "from pathlib import Path\n"
        "from textual.app import App\n"
        "from scorepad.tui.app import ScorepadApp\n"
        "from scorepad.tui.screens.game import GameScreen\n"
        "shown = App._display\n"
        "def display(self, screen, renderable):\n"
        "    shown(self, screen, renderable)\n"
        "    if renderable is not None and isinstance(screen, GameScreen):\n"
        "        self.exit()\n"
        "App._display = display\n"
        f"ScorepadApp(open_path=Path({str(game)!r}), remember_theme=False).run(headless=True, size=(120, 40))\n"
    )
    modules = modules_after(code, env={"SCOREPAD_HOME": str(home)})
    assert "scorepad.tui.games.five_hundred.screen" in modules and "scorepad.rules.five_hundred" in modules
    assert (
        loaded(
            modules,
            "scorepad.rules.jass",
            "scorepad.rules.auction_bridge",
            "scorepad.tui.games.jass",
            "scorepad.tui.games.auction_bridge",
            "scorepad.text.stats_table",
            "scorepad.library",
            "scorepad.tui.screens.stats",
            "scorepad.tui.screens.new_game",
        )
        == []
    )
    # nor any dialog's module (each is loaded when its dialog first opens): the first paint waits for none of them
    assert (
        loaded(
            modules,
            "scorepad.tui.screens.modals",
            "scorepad.tui.screens.correction",
            "scorepad.tui.screens.correcting",
            "scorepad.tui.screens.form_dialog",
            "scorepad.tui.games.five_hundred.dialogs",
            "scorepad.help",
            "scorepad.tui.screens.chart",
            "scorepad.tui.screens.export",
        )
        == []
    )


# --------------------------------------------------------------------------- the command line


@pytest.fixture
def saved_game(tmp_path: Path) -> tuple[Path, Path]:
    from scorepad import demo

    from .helpers import entries, header, log_lines

    home = tmp_path / "home"
    (home / "games").mkdir(parents=True)
    path = home / "games" / "friday.jsonl"
    path.write_text(
        log_lines(header("five_hundred", ["Ann", "Bob", "Cid"]), entries("five_hundred", *demo.FIVE_HUNDRED)),
        encoding="utf-8",
    )
    return home, path


@pytest.mark.parametrize(
    "command",
    [
        ["replay", "{game}"],
        ["replay", "{game}", "--json"],
        ["export", "{game}", "--format", "csv", "-o", "{out}"],
        ["export", "{game}", "--format", "md", "-o", "{out}"],
        ["list"],
    ],
)
def test_command_line_reading_imports_no_textual(saved_game, tmp_path, command):
    home, game = saved_game
    args = [a.format(game=game, out=tmp_path / "out.txt") for a in command]
    code = (
        "import contextlib, io\n"
        "from scorepad.cli.main import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    code = main({args!r})\n"
        "assert code == 0, code\n"
    )
    modules = modules_after(code, env={"SCOREPAD_HOME": str(home)})
    assert "scorepad.games" in modules  # the command did read the game
    assert loaded(modules, "textual", "scorepad.tui") == []


# --------------------------------------------------------------------------- the saved games' library


def test_the_library_imports_no_ui_and_lists_and_counts_what_the_index_holds_without_the_rules(saved_game):
    # the index, the reading and the queries show nothing themselves; a game the index holds is listed and counted
    # without pydantic or the rules (a game new or changed is read through them: scorepad.library.saved)
    assert (
        forbidden_in_source(
            "scorepad.library", *UI, "scorepad.tui", "scorepad.cli.main", "scorepad.text.stats_table"
        )
        == []
    )
    home, _ = saved_game
    code = (
        "from scorepad.library.reading import read_saved_games\nassert len(list(read_saved_games())) == 1\n"
    )
    first = modules_after(code, env={"SCOREPAD_HOME": str(home)})
    assert "scorepad.library.saved" in first  # the game read through the rules into the index
    again = modules_after(code, env={"SCOREPAD_HOME": str(home)})
    stats = (
        "import contextlib, io\nfrom scorepad.cli.main import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n    assert main(['stats']) == 0\n"
    )
    counted = modules_after(stats, env={"SCOREPAD_HOME": str(home)})
    assert "scorepad.library.stats" in counted and "rich" in counted
    for modules in (again, counted):
        assert (
            loaded(
                modules,
                "textual",
                "pydantic",
                "scorepad.log",
                "scorepad.rules.base",
                "scorepad.library.saved",
                "scorepad.store.game_file",
                "scorepad.games",
            )
            == []
        )
    assert loaded(again, "rich") == []


# --------------------------------------------------------------------------- the contracts, in the repository


def test_comments_cite_documents_that_are_in_the_repository():
    root = PACKAGE.parent
    assert (root / "docs" / "log-format.md").is_file() and (root / "CONTRIBUTING.md").is_file()
    stale = [
        f"{path.relative_to(root)}:{n}"
        for path in sorted([*PACKAGE.rglob("*.py"), *(root / "tests").rglob("*.py")])
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if "design §" in line and path.name != "test_layers.py"
    ]
    assert stale == []
