"""The laws in brief (F1) in each language: `scorepad/help/<lang>/<game>.md` beside the English page, read in
the language spoken, English where a language has no page of its own."""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest

from scorepad.help import laws_document, laws_in_brief
from scorepad.locale import FOLDER, set_language, use_catalogue
from scorepad.rules import rules_for

HELP = Path(__file__).resolve().parents[1] / "scorepad" / "help"
GAMES = sorted(page.stem for page in HELP.glob("*.md"))
#: the languages that have a catalogue: each gets the rules pages too (it and ru come from their own branch: this
#: fails for a language until its pages are in)
LANGUAGES = sorted(po.parents[1].name for po in FOLDER.glob("*/LC_MESSAGES/scorepad.po"))
TRANSLATED = sorted(HELP.glob("*/*.md"))
SECTION = re.compile(r"^## ", re.MULTILINE)


def test_the_pages_and_languages_are_found():
    assert GAMES == ["auction_bridge", "five_hundred", "jass"]
    assert LANGUAGES == ["de", "fr", "it", "ru"]


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_rules_page_is_written_in_each_language(code):
    assert [game for game in GAMES if not (HELP / code / f"{game}.md").is_file()] == []


@pytest.mark.parametrize("page", TRANSLATED, ids=lambda page: f"{page.parent.name}/{page.name}")
def test_a_translated_page_keeps_the_sections_of_the_english_one(page):
    english = (HELP / page.name).read_text(encoding="utf-8")
    text = page.read_text(encoding="utf-8")
    assert text.startswith("# ") and len(re.findall(r"^# ", text, re.MULTILINE)) == 1
    assert len(SECTION.findall(text)) == len(SECTION.findall(english))


@pytest.mark.parametrize("page", TRANSLATED, ids=lambda page: f"{page.parent.name}/{page.name}")
def test_a_translated_page_names_no_setting_as_the_program_spells_it(page):
    text = page.read_text(encoding="utf-8")
    assert re.findall(r"`[^`\n]*`", text) == []
    assert re.findall(r"\b[A-Za-z0-9]+(?:_[A-Za-z0-9]+)+\b", text) == []


def test_german_pages_are_written_the_swiss_way():
    for page in sorted(HELP.glob("de/*.md")):
        assert "ß" not in page.read_text(encoding="utf-8"), page.name


def test_french_pages_set_a_no_break_space_before_a_colon():
    for page in sorted(HELP.glob("fr/*.md")):
        text = page.read_text(encoding="utf-8")
        assert re.findall(r".{12}[^\u00a0]:", text) == [], page.name
        assert re.findall(r"«[^\u00a0]|[^\u00a0]»", text) == [], page.name


@pytest.mark.parametrize(
    ("code", "game", "words"),
    [
        ("de", "jass", ["Trumpf", "Obenabe", "Undenufe", "Weis", "Stöck", "Match", "Bergpreis", "bedanken", "Puur"]),
        ("de", "auction_bridge", ["Reizung", "Alleinspieler", "Stich", "Honneurs", "Robber", "Kontra", "Schlemm"]),
        ("de", "five_hundred", ["Gebot", "Alleinspieler", "Nullo", "Renonce", "Talon", "erfüllt", "gefallen"]),
        ("fr", "jass", ["atout", "chibre", "annonces", "stöck", "bour", "nell", "match", "remercier"]),
        ("fr", "auction_bridge", ["enchères", "déclarant", "levée", "honneurs", "robre", "contré", "chelem"]),
        ("fr", "five_hundred", ["enchère", "preneur", "nullo", "Renonce", "talon", "réussi", "chuté"]),
    ],
)  # fmt: skip
def test_each_page_speaks_its_games_words(code, game, words):
    text = (HELP / code / f"{game}.md").read_text(encoding="utf-8")
    assert [word for word in words if word not in text] == []


def test_the_laws_in_brief_are_read_in_the_language_spoken():
    settings = rules_for("jass").settings({})
    english = laws_in_brief("jass", settings)
    assert english.startswith("## This game's settings\n") and "Match: 257" in english
    set_language("de")
    german = laws_in_brief("jass", settings)
    assert german.startswith("## Die Einstellungen dieses Spiels\n")
    assert german.endswith(laws_document("jass", "de")) and "Bergpreis" in german
    set_language("fr")
    assert "chibre" in laws_in_brief("jass", settings)


def test_a_language_without_its_own_page_reads_the_english_one():
    use_catalogue(gettext.NullTranslations(), "xx")
    assert laws_document("auction_bridge") == (HELP / "auction_bridge.md").read_text(encoding="utf-8")
    assert laws_document("auction_bridge", "xx") == laws_document("auction_bridge", "en")
