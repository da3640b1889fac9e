"""The laws in brief (F1): the game's rules page with this table's settings, in words, first.

Each page is a Markdown document in this package: `<game>.md` in English, `<lang>/<game>.md` in each other
language (written for that language's card players, not word for word). A language without its own page reads
the English one."""

from __future__ import annotations

from importlib.resources import files
from typing import Any

from scorepad.locale import SOURCE, _, language
from scorepad.rules.wording import setting_phrase


def laws_document(game: str, code: str | None = None) -> str:
    """The game's rules page in the language `code` (the one spoken now when None), else in English."""
    folder = files("scorepad.help")
    code = language() if code is None else code
    if code != SOURCE:
        translated = folder / code / f"{game}.md"
        if translated.is_file():
            return translated.read_text(encoding="utf-8")
    return (folder / f"{game}.md").read_text(encoding="utf-8")


def laws_in_brief(game: str, settings: Any) -> str:
    chosen = "\n".join(
        f"- {setting_phrase(game, name, getattr(settings, name))}"
        for name in type(settings).model_fields
        if not (name == "preset" and getattr(settings, name) is None)
    )
    heading = _("This game's settings")
    return f"## {heading}\n{chosen}\n\n{laws_document(game)}"
