"""The `scorepad` command."""

from scorepad.cli.main import main

__all__ = ["main"]
