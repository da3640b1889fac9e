"""The laws in brief, per game, shown in the app (F1): the rules text plus this game's settings."""

from __future__ import annotations

from importlib.resources import files
from typing import Any


def laws_in_brief(game: str, settings: Any) -> str:
    text = (files("scorepad.help") / f"{game}.md").read_text(encoding="utf-8")
    chosen = "\n".join(f"- `{name}`: {value!r}" for name, value in settings.model_dump().items())
    return f"## This game's settings\n{chosen}\n\n{text}"
