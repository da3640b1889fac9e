"""Every word a person reads is marked for translation (CONTRIBUTING.md, "Languages"): the source of the packages
marked so far is read, and a string literal that reads as words outside `_()`, `N_()`, `ngettext()` or
`pgettext()` fails, unless it is allowed below as not being words (a key, SQL, a pattern, a format).

"Reads as words": two words of letters with a space between them, once the {placeholders} are taken out. A single
word ("deal") is not caught here: mark it all the same."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: the packages and modules whose words are marked; phase 2 of issue #33 adds the rest (rules, tui, web, board …)
MARKED = [
    "scorepad/cli",
    "scorepad/store",
    "scorepad/library",
    "scorepad/locale",
    "scorepad/text/stats_table.py",
    "scorepad/text/export.py",
    "scorepad/text/export_file.py",
    "scorepad/text/report.py",
    "scorepad/text/describe.py",
    "scorepad/help",
    "scorepad/demo.py",
    "scorepad/games.py",
    "scorepad/web",
    "scorepad/tui/board",
    "scorepad/follow.py",
    # Five Hundred's rules and the rules' common modules
    "scorepad/rules/five_hundred",
    "scorepad/rules/base.py",
    "scorepad/rules/wording.py",
    "scorepad/rules/names.py",
    "scorepad/rules/registry.py",
    "scorepad/rules/header.py",
    "scorepad/rules/__init__.py",
    "scorepad/rules/auction_bridge",
    "scorepad/rules/jass",
    # the app's frame: its screens, widgets and notices (the games' own forms and the board are marked apart)
    "scorepad/tui/app.py",
    "scorepad/tui/screens",
    "scorepad/tui/widgets",
    "scorepad/tui/themes.py",
    "scorepad/tui/theme_file.py",
    "scorepad/tui/plain.py",
    "scorepad/tui/shorthand.py",
    "scorepad/tui/plugin_search.py",
    "scorepad/tui/collector.py",
    # the Five Hundred and Jass screens
    "scorepad/tui/games/__init__.py",
    "scorepad/tui/games/five_hundred",
    "scorepad/tui/games/jass",
    "scorepad/tui/games/auction_bridge",
]
TRANSLATING = {"_", "N_", "ngettext", "pgettext"}
#: calls whose string arguments are never shown as words (patterns, SQL, names of things)
NOT_WORDS_CALLS = {
    "compile",
    "match",
    "sub",
    "split",
    "execute",
    "executemany",
    "_transaction",
    "removeprefix",
}
#: keyword arguments that are never words (a Rich style)
NOT_WORDS_KEYWORDS = {"style"}
#: names whose assigned strings are not words, per file
NOT_WORDS = {
    "scorepad/library/index.py": {"SCHEMA", "INSERT_GAME", "INSERT_UNREADABLE"},
    "scorepad/library/stats.py": {"SETUP", "KINDS", "DAMAGED", "PLAYERS", "PARTNERSHIPS", "HEAD_TO_HEAD", "BIDS",
                                  "WEIS", "RUBBERS", "RUBBER_SIZES"},
    "scorepad/locale/__init__.py": {"LANGUAGES"},  # each language in its own words, the same in every language
    "scorepad/tui/board/screen.py": {"DEFAULT_CSS"},
    "scorepad/tui/board/widgets.py": {"DEFAULT_CSS"},
    "scorepad/tui/screens/chart.py": {"DEFAULT_CSS"},
    "scorepad/tui/screens/language.py": {"DEFAULT_CSS"},
    "scorepad/tui/screens/correction.py": {"DEFAULT_CSS"},
    "scorepad/tui/screens/form_dialog.py": {"DEFAULT_CSS"},
    "scorepad/tui/screens/stats.py": {"DEFAULT_CSS"},
    "scorepad/tui/widgets/entry_form.py": {"DEFAULT_CSS"},
    "scorepad/tui/widgets/settings_form.py": {"DEFAULT_CSS"},
    "scorepad/tui/games/five_hundred/dialogs.py": {"WORDS"},  # what the player types: r, revoke, new deal …
    "scorepad/tui/games/five_hundred/sheet.py": {"OUTCOME_STYLES"},
    "scorepad/tui/games/jass/form.py": {"DEFAULT_CSS"},
    "scorepad/tui/games/jass/screen.py": {"DEFAULT_CSS"},
    "scorepad/tui/games/auction_bridge/form.py": {"DEFAULT_CSS"},
    "scorepad/tui/games/auction_bridge/screen.py": {"DEFAULT_CSS"},
}  # fmt: skip
#: a line with this comment holds no words (say why after it)
NOT_WORDS_COMMENT = "# not words"
WORDS = re.compile(r"[^\W\d_]{2,}\s+[^\W\d_]{2,}")


def _files() -> list[Path]:
    found: list[Path] = []
    for name in MARKED:
        path = ROOT / name
        found += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return found


def _name(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def _text(node: ast.AST) -> str:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):  # the literal parts of an f-string; what it fills in is a placeholder
        return " {} ".join(_text(part) for part in node.values if isinstance(part, ast.Constant))
    return ""


def unmarked_words(path: Path) -> list[str]:
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    tree = ast.parse(source)
    relative = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.name
    allowed_names = NOT_WORDS.get(relative, set())
    found: list[str] = []

    def visit(node: ast.AST, skip: bool) -> None:
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and _text(body[0].value):
                body = body[1:]  # the docstring
            for child in body:
                visit(child, skip)
            if not isinstance(node, ast.Module):
                for child in (
                    [*node.decorator_list, *getattr(node.args, "defaults", [])]
                    if hasattr(node, "args")
                    else []
                ):
                    visit(child, skip)
            return
        if isinstance(node, ast.Call):
            name = _name(node.func)
            if name in TRANSLATING:
                if any(isinstance(inner, ast.JoinedStr) for inner in ast.walk(node)):
                    found.append(f"{relative}:{node.lineno}: an f-string in {name}() is not extracted")
                return
            inner_skip = skip or name in NOT_WORDS_CALLS
            for child in ast.iter_child_nodes(node):
                visit(child, inner_skip)
            return
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(_name(target) in allowed_names for target in targets):
                return
        if isinstance(node, ast.keyword) and node.arg in NOT_WORDS_KEYWORDS:
            return
        if isinstance(node, (ast.Compare, ast.Subscript, ast.match_case)):
            return  # a value compared, a key looked up, a pattern matched: not shown
        text = _text(node)
        if text and not skip:
            line = lines[node.lineno - 1]
            if WORDS.search(re.sub(r"\{[^}]*\}", " ", text)) and NOT_WORDS_COMMENT not in line:
                found.append(f"{relative}:{node.lineno}: {text[:60]!r}")
            return
        if isinstance(node, ast.JoinedStr):
            return
        for child in ast.iter_child_nodes(node):
            visit(child, skip)

    visit(tree, False)
    return found


def test_the_marked_packages_show_no_words_outside_the_catalogues():
    files = _files()
    assert len(files) > 20 and all(path.exists() for path in files)
    assert [problem for path in files for problem in unmarked_words(path)] == []


def test_the_check_finds_words_left_unmarked(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        '"""A docstring is not shown."""\n'
        "from scorepad.locale import _\n"
        "def f(x):\n"
        '    """Nor is this one."""\n'
        '    if x == "two words":\n'
        '        return _("marked words")\n'
        '    print(f"wrote {x} to the disk")\n'
        '    print(_(f"{x} in an f-string"))\n'
        '    return "left unmarked"\n'
        'PATTERN = "a sentence"  # not words\n',
        encoding="utf-8",
    )
    found = unmarked_words(sample)
    assert [line.split(": ", 1)[0].rsplit(":", 1)[1] for line in found] == ["7", "8", "9"]
