"""What a name or a title may hold, and how text read from a file is shown (pure: no I/O, no Rich).

Text typed at the table is refused when it holds a character that would act on the terminal instead of
showing: C0 and C1 controls (ESC starts escape sequences, OSC 52 writes the clipboard), DEL, line and
paragraph separators, lone surrogates, and the invisible bidi controls that reorder what is shown. Text
read from a hand-edited file is never refused for that: `visible()` writes those characters out as
Python-style escapes (``\\x1b``, ``\\u202e``, ``\\n``), the one convention used by the app, the command line
and every export.
"""

from __future__ import annotations

import re

MAX_NAME_LENGTH = 40  # docs/log-format.md §1: names are at most 40 characters

# C0, DEL, C1; Arabic letter mark; LRM/RLM; line/paragraph separators; bidi embeddings, overrides and
# isolates; interlinear annotation marks; lone surrogates
_UNSAFE = re.compile(
    "[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufff9-\ufffb\ud800-\udfff]"
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
    if _UNSAFE.search(text) is None:  # the common case: nothing to do
        return text
    if keep_lines:
        return "\n".join(_UNSAFE.sub(_escape, line) for line in text.split("\n"))
    return _UNSAFE.sub(_escape, text)


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
        return f"{what} cannot hold control or text-direction characters (found {listed})"
    return None


def name_problem(name: str, what: str = "a player's name") -> str | None:
    """Why `name` cannot name a player (or a side), or None: non-empty, at most 40 characters, no controls."""
    if not name.strip():
        return f"{what} must not be empty"
    problem = text_problem(name, what)
    if problem:
        return problem
    if len(name) > MAX_NAME_LENGTH:
        return f"{what} has at most {MAX_NAME_LENGTH} characters: {name[:12]}… has {len(name)}"
    return None
