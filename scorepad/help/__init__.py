"""The laws in brief (F1): the game's rules page with this table's settings, in words, first."""

from __future__ import annotations

from importlib.resources import files
from typing import Any

from scorepad.rules.wording import setting_phrase


def laws_in_brief(game: str, settings: Any) -> str:
    text = (files("scorepad.help") / f"{game}.md").read_text(encoding="utf-8")
    chosen = "\n".join(
        f"- {setting_phrase(game, name, getattr(settings, name))}"
        for name in type(settings).model_fields
        if not (name == "preset" and getattr(settings, name) is None)
    )
    return f"## This game's settings\n{chosen}\n\n{text}"
