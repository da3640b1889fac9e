"""A git ref's scorepad package unpacked beside this tree's, for the benchmarks that run both by turns."""

from __future__ import annotations

import subprocess
from pathlib import Path

#: what a ref's app reads besides its package: the themes it ships (a source tree's `themes/`, which the app
#: finds beside the package). Without them the ref's app starts in Textual's fallback theme with a notice about
#: it — another start than this tree's (its stylesheet parsed once less, a toast shown).
BESIDE_THE_PACKAGE = ("themes",)


def baseline_tree(directory: Path, ref: str) -> Path:
    """REF's scorepad package (and its shipped themes), unpacked from git (no worktree is made)."""
    root = Path(__file__).resolve().parent.parent
    tree = directory / "baseline"
    tree.mkdir()
    listed = subprocess.run(
        ["git", "-C", str(root), "ls-tree", "--name-only", ref], capture_output=True, text=True, check=True
    ).stdout.split()
    paths = ["scorepad", *(path for path in BESIDE_THE_PACKAGE if path in listed)]
    archive = subprocess.run(
        ["git", "-C", str(root), "archive", ref, *paths], capture_output=True, check=True
    )
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive.stdout, check=True)
    return tree
