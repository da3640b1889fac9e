"""A git ref's scorepad package unpacked beside this tree's, for the benchmarks that run both by turns."""

from __future__ import annotations

import subprocess
from pathlib import Path


def baseline_tree(directory: Path, ref: str) -> Path:
    """REF's scorepad package, unpacked from git (no worktree is made)."""
    root = Path(__file__).resolve().parent.parent
    tree = directory / "baseline"
    tree.mkdir()
    archive = subprocess.run(["git", "-C", str(root), "archive", ref, "scorepad"], capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive.stdout, check=True)
    return tree
