"""Score sheets as CSV (a row per deal, a column per side), Markdown, or the JSON summary.

Text from the game file is written visibly (rules.names.visible): a control character a hand-edited file
holds reaches no terminal that shows the export. The JSON summary keeps every value as it is, escaped as JSON."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Sequence
from json.encoder import encode_basestring as _string  # the C one where there is one, as the encoder uses it
from typing import Any

from scorepad.locale import N_, _
from scorepad.log import Amend, Void
from scorepad.rules import GAME_TITLES
from scorepad.rules.base import Row, Sheet
from scorepad.rules.names import json_safe, visible
from scorepad.text.describe import describe


def to_csv(sheet: Sheet) -> str:
    sides = list(sheet.sides)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    # rows numbered by deal (hand) as the table counts them; the log entry that scored it apart.
    # The column names stay English in every language: a CSV file's columns are a format that programs read
    shown = [
        visible(sheet.side_names.get(side, side)) for side in sides
    ]  # the names of now (a rename included)
    writer.writerow(
        [
            "#",
            "deal",
            *[_cell(f"{side} +/-") for side in shown],
            *[_cell(f"{side} total") for side in shown],
            "log entry",  # not words: CSV columns are a format, English in every language
        ]
    )
    for row in sheet.rows:
        writer.writerow(
            [
                row.number,
                _cell(visible(sheet.said(row), keep_lines=True)),
                *[row.delta[s] for s in sides],
                *[row.totals[s] for s in sides],
                row.seq,
            ]
        )
    return out.getvalue()


_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _cell(text: str) -> str:
    """A text cell a spreadsheet shows as text: one that starts like a formula (a player called
    `=HYPERLINK(…)`) gets a leading apostrophe. Points are written as numbers, never through here."""
    return "'" + text if text.startswith(_FORMULA_STARTS) else text


DEAL, TOTAL = N_("deal"), N_("total")  # the Markdown's headings (a CSV file's columns stay English)


def to_markdown(sheet: Sheet) -> str:
    sides = list(sheet.sides)
    header = sheet.header
    game = _(GAME_TITLES[header.game])
    title = header.title or game
    players = ", ".join(sheet.names[p] for p in header.players)
    lines = [f"# {_md(title)}", "", f"{game} — {_md(players)}", ""]
    names = " | ".join(_md(sheet.side_names.get(side, side)) for side in sides)
    lines.append(f"| # | {_(DEAL)} | {names} |")
    lines.append("|---|---|" + "---:|" * len(sides))
    for row in sheet.rows:
        cells = " | ".join(f"{row.delta[s]:+d} → {row.totals[s]}" for s in sides)
        lines.append(f"| {row.number} | {_md(sheet.said(row))} | {cells} |")
    totals = " | ".join(f"**{sheet.totals[s]}**" for s in sides)
    lines.append(f"| | **{_(TOTAL)}** | {totals} |")
    lines.append("")
    if sheet.finished:
        lines.append(f"**{_md(sheet.result or _('Finished'))}**")
    else:
        lines.append(_("Game in progress."))
    if sheet.questions:
        lines += ["", *[_("- Open question: {question}").format(question=_md(q)) for q in sheet.questions]]
    if sheet.overrides:
        lines += ["", _("Corrections the table agreed to after the laws' time for them:"), ""]
        lines += [
            f"- {_md(_override_words(sheet, seq, label))}"
            for seq, label in zip(sheet.overrides, sheet.overridden, strict=True)
        ]
    return "\n".join(lines) + "\n"


def _override_words(sheet: Sheet, seq: int, label: str) -> str:
    """A table override in words: "deal 1's result, corrected to: tricks: Ann 5, Bob 4, Cid 1 — table agreed"."""
    correction = sheet.entries[seq - 1]
    note = f" — {correction.note}" if isinstance(correction, Amend | Void) and correction.note else ""
    if isinstance(correction, Amend):
        line = _("{what}, corrected to: {entry}").format(
            what=label, entry=describe(correction.entry, sheet.names, sheet.side_names)
        )
        return line + note
    return _("{what}, struck out").format(what=label) + note


_MARKDOWN_SPECIALS = str.maketrans({c: "\\" + c for c in "|*_`[]<>#~"})
_BACKSLASH_ESCAPING = re.compile(r"\\(?=[!-/:-@\[-`{-~])")  # a backslash before punctuation escapes it


def _md(text: str) -> str:
    """Text from the game file as literal Markdown: table syntax (`|`), emphasis, links, code and HTML
    escaped, so a name can neither break the table nor turn into a link."""
    return _BACKSLASH_ESCAPING.sub(r"\\\\", visible(text)).translate(_MARKDOWN_SPECIALS)


_ENCODE = json.JSONEncoder(ensure_ascii=False).encode  # the C encoder (with `indent`, json writes in Python)


def to_json(sheet: Sheet) -> str:
    """The summary as JSON, a key a line and a row (or refusal) a line: readable, and written by the C encoder
    (`indent=` would write every value of a long game through json's pure-Python encoder)."""
    fields = []
    for key, value in sheet.summary(rows=False).items():
        items = (
            _row_lines(sheet.rows)
            if key == "rows"
            else list(map(_ENCODE, value))
            if isinstance(value, list)
            else None
        )
        if items:
            fields.append(f"  {_ENCODE(key)}: [\n    " + ",\n    ".join(items) + "\n  ]")
        else:
            fields.append(f"  {_ENCODE(key)}: {_ENCODE(value)}")
    return json_safe("{\n" + ",\n".join(fields) + "\n}") + "\n"


def _row_lines(rows: Sequence[Row]) -> list[str]:
    """Each row's summary as the C encoder writes it (`_ENCODE(row.summary())`), a long game's rows written
    without a dict made per row and per mapping: one format per layout of side labels (their JSON strings made
    once), filled with the row's seq, its text as a JSON string and its points as JSON integers. A row holding
    anything else is left to the encoder."""
    formats: dict[Any, str | None] = {}  # a layout of the labels (shared by the rows alike) -> its format
    ints = _INT.issuperset
    lines: list[str] = []
    append = lines.append
    for row in rows:
        layout = (tuple(row.delta), tuple(row.totals))
        line = formats.get(layout, _UNSEEN)
        if line is _UNSEEN:
            line = formats[layout] = _row_format(*layout)
        points = (*row.delta.values(), *row.totals.values())
        if line is not None and type(row.seq) is int and ints(map(type, points)):
            append(line.format(row.seq, _string(row.text), *points))
        else:
            append(_ENCODE(row.summary()))
    return lines


_INT = frozenset((int,))
_UNSEEN = ""


def _row_format(delta: tuple[Any, ...], totals: tuple[Any, ...]) -> str | None:
    """A row line's format for these side labels (str.format's braces in them doubled), or None for labels
    that are not all strings."""
    if not all(type(label) is str for label in (*delta, *totals)):
        return None

    def points(labels: tuple[str, ...]) -> str:
        return ", ".join(_string(label).replace("{", "{{").replace("}", "}}") + ": {}" for label in labels)

    return (
        '{{"seq": {}, "text": {}, "delta": {{' + points(delta) + '}}, "totals": {{' + points(totals) + "}}}}"
    )


EXPORTERS = {"csv": to_csv, "md": to_markdown, "json": to_json}
SUFFIXES = {"csv": ".csv", "md": ".md", "json": ".json"}


def export_sheet(sheet: Sheet, fmt: str) -> str:
    return EXPORTERS[fmt](sheet)
