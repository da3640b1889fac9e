"""Counts, shares and times as the language in use writes them (Babel): the home list and the statistics.

Scores are not formatted here: a score stays a plain integer with a minus sign in every language, as the table
writes it on the pad."""

from __future__ import annotations

from datetime import datetime

from scorepad.locale import language

#: the region whose customs each language follows for figures and times: Swiss for the languages of Jass
REGIONS = {"en": "en", "de": "de_CH", "fr": "fr_CH", "it": "it_CH", "ru": "ru"}


def _locale() -> str:
    return REGIONS.get(language(), "en")


def count(number: int) -> str:
    """A count of games, deals, hands: "1,234" in English, "1’234" in Swiss German."""
    from babel.numbers import format_decimal

    return format_decimal(number, locale=_locale())


def share(part: int, whole: int) -> str:
    """`part` of `whole` as a whole percentage ("45%", "45 %"); a dash when there is no whole."""
    if not whole:
        return "—"
    from babel.numbers import format_percent

    return format_percent(part / whole, locale=_locale())


def when(moment: datetime) -> str:
    """A date and time to the minute. English keeps the ISO order (2026-12-01 20:30), which no reader takes for
    another day; the other languages write them as their readers do (01.12.2026 20:30)."""
    if language() == "en":
        return moment.strftime("%Y-%m-%d %H:%M")
    from babel.dates import format_skeleton, format_time

    where = _locale()
    return f"{format_skeleton('yMMdd', moment, locale=where)} {format_time(moment, 'short', locale=where)}"
