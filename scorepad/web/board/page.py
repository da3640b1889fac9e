"""The board page's own words, in the language the server speaks, put into the page as it is served.

`static/index.html` is a template: `{{name}}` is one of `page_words()` (escaped for HTML, in text and in
attributes alike), and `{{script_words}}` is where `script_words()` go as JSON, inside a data block the page's
script reads (`<script type="application/json">`: never run, so the page's policy of no inline script holds).
The words a game decides (a Jass table's "hands") come with the state instead (scorepad.web.board.state).
"""

from __future__ import annotations

import html
import json
import re

from scorepad.locale import _
from scorepad.web.guard import html_language

MARKER = re.compile(r"\{\{(\w+)\}\}")


def page_words() -> dict[str, str]:
    """The words index.html holds, by the name of their marker."""
    return {
        "lang": html_language(),
        "title": _("scorepad board"),
        "contrast": _("High contrast"),
        "scores": _("The score"),
        "state": _("The game now"),
        "connecting": _("Connecting to the score…"),
        "no_script": _("This board needs JavaScript to follow the score."),
        "rows_title": _("Last deals"),
    }


def script_words() -> dict[str, str]:
    """The words board.js writes; `{name}` in them is filled in by the script."""
    return {
        "title": _("scorepad board"),
        "title_of": _("{title} · scorepad board"),
        "no_game": _("No game to show yet."),
        "bergpreis": _("★ Bergpreis"),
        "tafel": _("Jass-Tafel"),
        "tafel_half": _("{name}'s half of the Tafel: {marks}"),
        "fives": _("{count} V (500 each)"),
        "hundreds": _("{count} of 100"),
        "fifties": _("{count} of 50"),
        "twenties": _("{count} of 20"),
        "written": _("{points} written"),
        "pad": _("The score pad"),
        "pad_label": _("The score pad: honours above the line, tricks below it"),
        "below_line": _("below the line"),
        "above_line": _("above the line"),
        "rubber": _("rubber"),
        "total": _("total"),
        "lost": _("Lost touch with the score pad: trying again…"),
        "gone": _("This board's address no longer answers: open the address scorepad serve prints now."),
        "awake": _(
            "To keep this screen on, set its screen timeout (auto-lock) to Never in the device's display "
            "settings for the game."
        ),
    }


def _script_json(words: dict[str, str]) -> str:
    """JSON that cannot end the data block it stands in, nor open a comment or markup in it."""
    text = json.dumps(words, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def render_page(template: str) -> str:
    """index.html with its words in the language spoken. A marker it does not know is a mistake in the page:
    it fails here, not in a browser."""
    words = {name: html.escape(text, quote=True) for name, text in page_words().items()}
    words["script_words"] = _script_json(script_words())
    return MARKER.sub(lambda found: words[found.group(1)], template)
