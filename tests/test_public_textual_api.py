"""scorepad uses Textual through its public API only: no private module imported (any `textual._x` or
`textual.x._y`, or a private name from a Textual module), and no private method of a Textual class overridden (a
method named with a single leading `_`, in a class that subclasses a Textual class which defines that name).

Textual is pinned exactly (pyproject.toml), but what it keeps private may change in any release: the first thing to
break at an upgrade. The source is read with `ast`; each module holding a class is imported to find its bases."""

from __future__ import annotations

import ast
import importlib
import inspect
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "scorepad"


def _private(dotted: str) -> bool:
    return any(part.startswith("_") for part in dotted.split("."))


def private_imports(tree: ast.AST) -> list[str]:
    """The imports of a private Textual module or name in `tree`, as `line: what`."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [
                f"{node.lineno}: import {alias.name}"
                for alias in node.names
                if alias.name.split(".")[0] == "textual" and _private(alias.name)
            ]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module.split(".")[0] != "textual":
                continue
            names = [alias.name for alias in node.names]
            if _private(node.module) or any(name.startswith("_") for name in names):
                found.append(f"{node.lineno}: from {node.module} import {', '.join(names)}")
    return found


def _classes(body: list[ast.stmt], prefix: str = "") -> Iterator[tuple[str, ast.ClassDef]]:
    """Each class defined at a module's top level or inside such a class, with its qualified name."""
    for node in body:
        if isinstance(node, ast.ClassDef):
            name = f"{prefix}{node.name}"
            yield name, node
            yield from _classes(node.body, f"{name}.")


def private_overrides(module_name: str, tree: ast.Module) -> list[str]:
    """The methods of `tree`'s classes named with a single leading `_` that a Textual base class defines too."""
    module = importlib.import_module(module_name)
    found = []
    for qualified, node in _classes(tree.body):
        cls: object = module
        for part in qualified.split("."):
            cls = getattr(cls, part, None)
        if not inspect.isclass(cls):
            continue
        textual_bases = [base for base in cls.__mro__[1:] if base.__module__.split(".")[0] == "textual"]
        for item in node.body:
            if not isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            name = item.name
            if not name.startswith("_") or name.startswith("__"):
                continue
            owners = [base.__qualname__ for base in textual_bases if name in vars(base)]
            if owners:
                found.append(f"{item.lineno}: {qualified}.{name} overrides {', '.join(owners)}.{name}")
    return found


def _modules() -> list[tuple[str, Path]]:
    modules = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules.append((".".join(parts), path))
    return modules


MODULES = _modules()


def test_every_module_of_scorepad_is_read():
    names = [name for name, _ in MODULES]
    assert "scorepad.tui.widgets.keyed_table" in names and "scorepad.tui.screens.game" in names


@pytest.mark.parametrize(("module_name", "path"), MODULES, ids=[name for name, _ in MODULES])
def test_no_private_textual_module_is_imported_and_no_private_method_overridden(module_name, path):
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source, filename=str(path))
    assert private_imports(tree) == [], path
    if "textual" in source and any(True for _ in _classes(tree.body)):
        assert private_overrides(module_name, tree) == [], path


def test_the_checks_find_a_private_import_and_a_private_override(tmp_path, monkeypatch):
    # what the checks above must catch (KeyedTable did all of these before it was written on the Line API)
    (tmp_path / "leaning.py").write_text(
        "from textual import _segment_tools\n"
        "from textual._two_way_dict import TwoWayDict\n"
        "from textual.widgets._data_table import default_cell_formatter\n"
        "import textual._segment_tools\n"
        "from textual.widgets import DataTable\n"
        "from textual.scroll_view import ScrollView\n"
        "class Table(DataTable):\n"
        "    def _render_line(self, y, x1, x2, base_style): ...\n"
        "    def _own_helper(self): ...\n"
        "    def __repr__(self): return 'Table'\n"
        "    class Inner(ScrollView):\n"
        "        def _scroll_update(self, virtual_size): ...\n"
        "class Plain:\n"
        "    def _render_line(self): ...\n",
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    tree = ast.parse((tmp_path / "leaning.py").read_text(encoding="utf-8"))
    assert [found.split(":")[0] for found in private_imports(tree)] == ["1", "2", "3", "4"]
    try:
        assert private_overrides("leaning", tree) == [
            "8: Table._render_line overrides DataTable._render_line",
            "12: Table.Inner._scroll_update overrides Widget._scroll_update",
        ]
    finally:
        sys.modules.pop("leaning", None)
