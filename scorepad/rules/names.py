"""What a name or a title may hold, and how text read from a file is shown (pure: no I/O, no Rich).

Text typed at the table is refused when it holds a character that would act on the terminal instead of
showing: C0 and C1 controls (ESC starts escape sequences, OSC 52 writes the clipboard), DEL, line and
paragraph separators, lone surrogates, and the invisible bidi controls that reorder what is shown. Text
read from a hand-edited file is never refused for that: `visible()` writes those characters out as
Python-style escapes (``\\x1b``, ``\\u202e``, ``\\n``), the one convention used by the app, the command line
and every export.

Two names a table cannot tell apart are refused as two players' names when a game is made or a player renamed
(`clash_problem`): the same once normalised (NFKC, case folded, invisible characters gone), or a look-alike
across scripts (Latin "Bob" and "Bоb" with a Cyrillic о), judged with Unicode's confusables data.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from functools import lru_cache

from scorepad.locale import _

MAX_NAME_LENGTH = 40  # docs/log-format.md §1: names are at most 40 characters

# C0, DEL, C1; Arabic letter mark; LRM/RLM; line/paragraph separators; bidi embeddings, overrides and
# isolates; interlinear annotation marks; lone surrogates
_UNSAFE = re.compile(
    "[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufff9-\ufffb\ud800-\udfff]"
)
# what `visible` writes out: the above and the invisible format characters (soft hyphen, zero-width space and
# non-joiner, word joiner, invisible operators, BOM …), which a name may hold in an old file but which would
# make two names look alike; a zero-width joiner is kept between two emoji (👨‍👩‍👧), where it draws one
_SHOWN_ESCAPED = re.compile(
    "[\x00-\x1f\x7f-\x9f\xad\u061c\u180e\u200b\u200c\u200e\u200f\u2028\u2029\u202a-\u202e"
    "\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\ud800-\udfff]"
    "|(?<![\u2600-\u27bf\ufe0f\U0001f000-\U0001faff])\u200d|\u200d(?![\u2600-\u27bf\U0001f000-\U0001faff])"
)
_SHORT_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
# the same, but for the layout's whitespace of JSON text (line breaks and tabs), which json_safe keeps as it is
_JSON_UNSAFE = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufff9-\ufffb"
    "\ud800-\udfff]"
)


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    short = _SHORT_ESCAPES.get(char)
    if short:
        return short
    code = ord(char)
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def visible(text: str, keep_lines: bool = False) -> str:
    """`text` with every character that could act on a terminal written out as an escape; the rest as it is.

    `keep_lines`: line breaks stay breaks (text laid out in lines by the app itself). Idempotent (an escape
    is plain text), so a caller may apply it to text already made visible."""
    if _SHOWN_ESCAPED.search(text) is None:  # the common case: nothing to do
        return text
    if keep_lines:
        return "\n".join(_SHOWN_ESCAPED.sub(_escape, line) for line in text.split("\n"))
    return _SHOWN_ESCAPED.sub(_escape, text)


def json_safe(json_text: str) -> str:
    """JSON text with every such character as a \\uXXXX escape: the same values, nothing raw for a terminal.

    (json.dumps escapes C0 controls itself but leaves DEL, C1 and the bidi controls as they are; outside
    strings JSON text holds none of them but its layout's whitespace, so each one found is inside a string,
    where the escape is valid.)"""
    # (json.dumps escapes "\n", "\r" and "\t" inside strings: raw, they are the layout's whitespace, left alone
    # without a call per line break)
    return _JSON_UNSAFE.sub(_json_escape, json_text) if _JSON_UNSAFE.search(json_text) else json_text


def _json_escape(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def unsafe_characters(text: str) -> list[str]:
    """The characters of `text` that `visible()` would escape, each once, in order."""
    return list(dict.fromkeys(_UNSAFE.findall(text)))


def text_problem(text: str, what: str) -> str | None:
    """Why `text` cannot be taken as typed (`what`: "a player's name", "the title" …), or None."""
    found = unsafe_characters(text)
    if found:
        listed = ", ".join(visible(char) for char in found)
        return _("{what} cannot hold control or text-direction characters (found {found})").format(
            what=what, found=listed
        )
    return None


def name_problem(name: str, what: str | None = None) -> str | None:
    """Why `name` cannot name a player (or a side), or None: non-empty, at most 40 characters, no controls.
    `what`: the name in words, "a player's name" unless said ("a new name")."""
    what = what or _("a player's name")
    if not name.strip():
        return _("{what} must not be empty").format(what=what)
    problem = text_problem(name, what)
    if problem:
        return problem
    if len(name) > MAX_NAME_LENGTH:
        return _("{what} has at most {limit} characters: {start}… has {length}").format(
            what=what, limit=MAX_NAME_LENGTH, start=name[:12], length=len(name)
        )
    return None


# --------------------------------------------------------------------------- names a table cannot tell apart

# default-ignorable characters that are not format characters (Cf, dropped by category): the combining grapheme
# joiner, Hangul fillers, Khmer inherent vowels, Mongolian and other variation selectors, reserved ignorables
_IGNORABLE = re.compile(
    "[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2065\u3164\ufe00-\ufe0f\uffa0\ufff0-\ufff8"
    "\U000e0000-\U000e0fff]"
)
_BLANKS = re.compile(r"[\s\u2800]+")  # any run of spaces (after NFKC) or the blank braille cell: one space


def _unseen(text: str) -> str:
    """`text` without the characters that show nothing, its blanks as single spaces, in NFKC."""
    kept = "".join(char for char in _IGNORABLE.sub("", text) if unicodedata.category(char) != "Cf")
    return _BLANKS.sub(" ", unicodedata.normalize("NFKC", kept)).strip()


def name_key(name: str) -> str:
    """What is left of a name once what a reader cannot see or would not tell apart is gone: NFKC, case folded
    (typing "ann" picks Ann, so "ann" is not another player), invisible characters removed."""
    return unicodedata.normalize("NFKC", _unseen(name).casefold())


@lru_cache(maxsize=1)
def _homoglyphs() -> dict[str, tuple[str, ...]]:
    """The confusables data (confusable-homoglyphs, from Unicode's confusables.txt): each character or string
    with those it is confused with, both ways. Loaded on first need: its table takes ~60 ms to read."""
    from confusable_homoglyphs.confusables import confusables_data  # type: ignore[import-untyped]

    # a few right-to-left glyphs are stored wrapped in LEFT-TO-RIGHT MARKs (for display): the glyphs alone
    return {
        key.strip("\u200e"): tuple(found["c"].strip("\u200e") for found in glyphs)
        for key, glyphs in confusables_data.items()
    }


@lru_cache(maxsize=4096)
def _prototype(char: str) -> str:
    """The glyph `char` is seen as: Unicode's prototype of its confusables (Cyrillic о, Greek ο → Latin o).

    The data links each prototype to its look-alikes, so a prototype is the one of a link with more than one
    look-alike, or a string (m → "rn"); with one on each side, either stands for both."""
    table = _homoglyphs()
    linked = table.get(char, ())
    if len(linked) != 1:
        return char  # none, or a prototype itself
    other = linked[0]
    if len(table.get(other, ())) > 1 or len(other) > 1:
        return other
    return min(char, other)


def _skeleton(text: str) -> str:
    """Unicode's skeleton (UTS #39): two texts with one skeleton are drawn alike."""
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(_prototype(char) for char in decomposed))


def _scripts(text: str) -> set[str]:
    from confusable_homoglyphs.categories import unique_aliases  # type: ignore[import-untyped]

    return set(unique_aliases(text)) - {"COMMON", "INHERITED"}  # spaces, digits, accents go with any script


def look_alike(first: str, second: str) -> bool:
    """Can a table not tell these two names apart? The same `name_key`, or drawn alike (the same skeleton, as
    typed or case folded) with letters of more than one script between them. Names of one script that differ
    ("Ann" and "Anna", "Jürg" and "Jurg") are two names."""
    if name_key(first) == name_key(second):
        return True
    if first.isascii() and second.isascii():  # Latin and common characters only: one script
        return False
    seen = (_unseen(first), _unseen(second))
    if len(_scripts(seen[0] + seen[1])) < 2:
        return False
    return _skeleton(seen[0]) == _skeleton(seen[1]) or _skeleton(name_key(first)) == _skeleton(
        name_key(second)
    )


def _clash_words(first: str, second: str) -> str:
    return _("“{first}” and “{second}” look the same at the table: give one of them another name").format(
        first=visible(first), second=visible(second)
    )


def clash_problem(name: str, others: Iterable[str]) -> str | None:
    """Why `name` cannot sit beside the `others` (the other players' names), or None: one of them looks the same."""
    for other in others:
        if other == name:
            return _("“{name}” is already a player's name").format(name=visible(name))
        if look_alike(other, name):
            return _clash_words(other, name)
    return None


def names_clash_problem(names: Sequence[str]) -> str | None:
    """The first two of `names` (in seat order) a table cannot tell apart, in one line, or None."""
    for index, name in enumerate(names):
        problem = clash_problem(name, names[:index])
        if problem:
            return problem
    return None
