"""Auction Bridge in each language (issue #33): the rules say every word they make (rows, refusals, prompts, the
rubber's result, what each side needs, the settings, the help page's tables) in the language spoken, with the
table's own terms (docs/languages.md); names and side labels from the file stay as written, and `replay --json`
keeps its keys and values in every language."""

from __future__ import annotations

import gettext
import json
import re
from typing import Any

import pytest

from scorepad.cli.main import main
from scorepad.locale import LANGUAGES, set_language, use_catalogue
from scorepad.rules import Replayer
from scorepad.rules.auction_bridge import DEFAULT_SETTINGS, parse_call
from scorepad.rules.auction_bridge.table import bid_values, scoring_table
from scorepad.rules.base import Sheet
from scorepad.rules.wording import setting_label, setting_phrase
from scorepad.text.describe import describe
from tests.helpers import entries, header, log_lines

PLAYERS = ["Ann", "Bob", "Cid", "Dot"]
SIDES = {"We": ["Ann", "Cid"], "They": ["Bob", "Dot"]}
#: the words of the file, which no language translates
DATA = re.compile(r"\b(Ann|Bob|Cid|Dot|We|They)\b|\b\w+_\w+\b|'[^']*'")
#: the revoke's field and its values in a game file, named for those who edit one by hand
LOG_WORDS = re.compile(r"\(choice points \w+ tricks\)")


def _read(text: str) -> str:
    """The words of `text` a language translates (without the file's names and fields)."""
    return LOG_WORDS.sub(" ", DATA.sub(" ", text))


# a rubber with a game each way, a doubled contract set, refusals on the way, and the score agreed
CALLS_ALL_PASS = ["pass", "pass", "pass"]
RUBBER: list[dict[str, Any]] = [
    {"type": "deal", "dealer": "Ann"},
    *({"type": "bid", "player": p, "call": c} for p, c in zip(PLAYERS, ["1NT", *CALLS_ALL_PASS], strict=True)),
    {"type": "result", "tricks": 9, "honours": {"side": "We", "holding": "3_aces"}},  # 30: game to We
    {"type": "bid", "player": "Cid", "call": "1S"},  # refused: Bob deals next
    {"type": "deal", "dealer": "Bob"},
    {"type": "bid", "player": "Bob", "call": "3H"},
    {"type": "bid", "player": "Cid", "call": "double"},
    {"type": "bid", "player": "Dot", "call": "pass"},
    {"type": "bid", "player": "Ann", "call": "redouble"},  # refused: We may not redouble their own double
    {"type": "bid", "player": "Ann", "call": "pass"},
    {"type": "bid", "player": "Bob", "call": "pass"},
    {"type": "bid", "player": "Bob", "call": "4H"},  # refused: the auction is over
    {"type": "result", "tricks": 7},  # refused: hearts, so one side holds honours (Law 5)
    {"type": "result", "tricks": 7, "honours": {"side": "They", "holding": "3"}, "revoke": {"side": "We"}},
    {"type": "result", "tricks": 7, "honours": {"side": "They", "holding": "3"}},  # set 2, doubled
    {"type": "deal", "dealer": "Cid"},
    *({"type": "bid", "player": p, "call": c} for p, c in zip(["Cid", "Dot", "Ann", "Bob", "Cid"],
                                                               ["1S", "2D", "pass", "pass", "pass"], strict=True)),
    {"type": "result", "tricks": 8, "honours": {"side": "We", "holding": "3"}},  # They 14 below the line
    {"type": "deal", "dealer": "Dot"},
    *({"type": "bid", "player": p, "call": c} for p, c in zip(["Dot", "Ann", "Bob", "Cid"],
                                                               ["1NT", *CALLS_ALL_PASS], strict=True)),
    {"type": "result", "tricks": 10},  # 40 more: game to They
    {"type": "deal", "dealer": "Ann"},
    *({"type": "bid", "player": p, "call": c} for p, c in zip(PLAYERS, ["2NT", *CALLS_ALL_PASS], strict=True)),
    {"type": "result", "tricks": 10, "honours": {"side": "They", "holding": "3_aces"}},  # game and rubber to We
    {"type": "agree"},
]  # fmt: skip
#: moments of the rubber: a call due after a double, a result due, between deals
DOUBLED, AFTER_AUCTION, BETWEEN_DEALS = 10, 14, 25


def _replayer(count: int | None = None) -> Replayer:
    items = RUBBER if count is None else RUBBER[:count]
    return Replayer(header("auction_bridge", PLAYERS, sides=SIDES)).extend(entries("auction_bridge", *items))


def _sheet(count: int | None = None) -> Sheet:
    return _replayer(count).sheet()


def _words(replayer: Replayer) -> list[str]:
    """Every sentence a person reads of a sheet that the rules made, and the board's lines."""
    sheet = replayer.sheet()
    view = sheet.view
    return [
        *(sheet.said(row) for row in sheet.rows),
        *(rejection.reason for rejection in sheet.rejected),
        *((sheet.result,) if sheet.result else ()),
        *((sheet.prompt,) if sheet.prompt else ()),
        *(need.text for need in view.needs),
        *((view.outlook,) if view.outlook else ()),
        *replayer.state.board_lines(),
    ]


def _all_words() -> list[str]:
    """The words of the rubber over, and of the moments in it when a call or a result is due, and between deals."""
    return [
        word for count in (None, DOUBLED, AFTER_AUCTION, BETWEEN_DEALS) for word in _words(_replayer(count))
    ]


def test_the_rubber_replays_as_the_laws_score_it():
    sheet = _sheet()
    assert [row.text for row in sheet.rows] == [
        "Ann 1NT made, game to We",
        "Bob 3♥ doubled set 2",
        "Dot 2♦ made",
        "Dot 1NT made, game to They",
        "Ann 2NT made, game to We",
    ]
    assert len(sheet.rejected) == 5 and sheet.finished
    assert sheet.result == "We win the rubber by 464, 564 to 100 (Law 10)"


def test_a_bridge_replay_in_german_says_the_german_bridge_words():
    set_language("de")
    sheet = _sheet()
    rows = [row.text for row in sheet.rows]
    assert rows == [
        "Ann 1NT erfüllt, Partie für We",
        "Bob 3♥ kontriert gefallen, 2 Unterstiche",
        "Dot 2♦ erfüllt",
        "Dot 1NT erfüllt, Partie für They",
        "Ann 2NT erfüllt, Partie für We",
    ]
    reasons = [rejection.reason for rejection in sheet.rejected]
    assert reasons[0] == "keine Runde ist offen: als Nächstes gibt Bob und muss zuerst bieten (Regel 42)"
    assert "Kontra" in reasons[1] and "Partei" in reasons[1]
    assert reasons[2].startswith("die Reizung ist vorbei: der Kontrakt ist 3♥ kontriert von Bob")
    assert "Regel 5: bei Coeur" in reasons[3] and "Trumpfhonneurs" in reasons[3]
    assert "Alleinspieler" in reasons[4] and "3 Stiche" in reasons[4]
    assert sheet.result == "We gewinnen einen Robber von 464, 564 zu 100 (Regel 10)"
    playing = _sheet(AFTER_AUCTION)
    assert playing.prompt == "Ergebnis für 3♥ kontriert von Bob: Stiche von They"
    assert [need.text for need in playing.view.needs] == ["braucht 30 zur Partie", "braucht 30 zur Partie"]
    assert playing.view.outlook == "eine Partie von We entscheidet den Robber"


def test_no_english_is_left_in_the_german_and_french_and_italian_words():
    for code in ("de", "fr", "it"):
        set_language(code)
        rubber = "" if code == "it" else "|rubber"  # (Italian players say rubber)
        english = re.compile(rf"\b(the|made|set|tricks?|Law|game|deals?|call|doubled|honours|side{rubber})\b")
        leftovers = [text for text in _all_words() if english.search(_read(text))]
        assert leftovers == [], code


def test_a_bridge_replay_in_russian_is_cyrillic_with_its_terms():
    set_language("ru")
    words = _all_words()
    latin = cyrillic = 0
    for text in words:
        letters = [c for c in _read(text) if c.isalpha()]
        latin += sum(1 for c in letters if c.isascii())
        cyrillic += sum(1 for c in letters if "\u0400" <= c <= "\u04ff")
        assert sum(1 for c in letters if c.isascii()) == 0, text
    assert cyrillic > 20 * max(latin, 1)
    sheet = _sheet()
    assert sheet.rows[0].text == "Ann 1БК: выполнен, гейм — We"
    assert sheet.rows[1].text == "Bob 3♥ с контрой: без 2"
    assert sheet.result == "сторона We выигрывает роббер с перевесом 464, 564 : 100 (закон 10)"
    assert any("онёр" in reason for reason in (r.reason for r in sheet.rejected))
    assert any("торговля окончена" in r.reason for r in sheet.rejected)


def test_italian_and_french_keep_the_help_pages_terms():
    set_language("it")
    sheet = _sheet()
    assert sheet.rows[1].text == "Bob 3♥ contrato sotto di 2"
    assert sheet.rows[0].text == "Ann 1SA mantenuto, manche a We"
    assert "rubber" in sheet.result and "onori" in sheet.rejected[3].reason
    set_language("fr")
    sheet = _sheet()
    assert sheet.rows[1].text == "Bob 3♥ contré chuté de 2"
    assert sheet.result == "We gagnent un robre de 464, 564 à 100 (loi 10)"
    assert sheet.rejected[3].reason.startswith("Loi 5\u00a0: à cœur, un camp tient toujours")


class _Marked(gettext.NullTranslations):
    """A pseudo-language that brackets every message: text made outside the catalogues shows unbracketed."""

    def gettext(self, message: str) -> str:
        return f"⟦{message}⟧"

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return f"⟦{singular if n == 1 else plural}⟧"

    def pgettext(self, context: str, message: str) -> str:
        return f"⟦{message}⟧"


def test_every_sentence_the_bridge_rules_make_comes_from_the_catalogues():
    use_catalogue(_Marked(), "xx")
    words = _all_words()
    assert words and all(text.startswith("⟦") and text.endswith("⟧") for text in words), words
    for line in [*bid_values(DEFAULT_SETTINGS), *scoring_table(DEFAULT_SETTINGS)]:
        assert "⟦" in line or re.fullmatch(r"[|\d\s-]*", line), line
    assert setting_label("auction_bridge", "game_points").strip("⟦⟧") == "game"
    phrase = setting_phrase("auction_bridge", "trick_values", DEFAULT_SETTINGS.trick_values)
    assert "⟦royal ♠⟧ 9, ⟦NT⟧ 10" in phrase  # each word said once: none translated twice


def test_settings_and_the_help_tables_speak_the_language():
    set_language("de")
    assert setting_label("auction_bridge", "game_points") == "Partie"
    assert setting_phrase("auction_bridge", "revoke_penalty", 100) == "Revoke-Strafe: 100"
    assert "| Stufe | ♠ Pik |" in "\n".join(bid_values(DEFAULT_SETTINGS))
    assert "| Robber | 2 Gewinnpartien, höchstens 3 Partien |" in scoring_table(DEFAULT_SETTINGS)
    set_language("ru")
    assert setting_phrase("auction_bridge", "trick_values", DEFAULT_SETTINGS.trick_values).endswith(
        "королевские ♠ 9, БК 10"
    )
    assert "| роббер | до 2 выигранных геймов из 3 |" in scoring_table(DEFAULT_SETTINGS)


def test_a_result_is_described_with_its_honours_in_the_language():
    (result,) = entries(
        "auction_bridge", {"type": "result", "tricks": 7, "honours": {"side": "They", "holding": "3"}}
    )
    set_language("de")
    assert describe(result) == "Partei des Alleinspielers: 7 Stiche, einfache Honneurs für They"
    set_language("ru")
    assert describe(result) == "сторона разыгрывающего: 7 взяток, простые онёры — They"


@pytest.mark.parametrize("typed", ["1бк", "1SA", "1 nt"])
def test_no_trump_is_typed_as_the_screen_writes_it(typed):
    assert parse_call(typed) == "1NT"


def _without_words(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: ("…" if k in ("text", "reason") else _without_words(v)) for k, v in value.items()}
    if isinstance(value, list):
        return [_without_words(v) for v in value]
    return value


def test_replay_json_of_a_rubber_is_the_same_in_every_language_apart_from_its_words(tmp_path, capsys):
    path = tmp_path / "rubber.jsonl"
    path.write_text(
        log_lines(header("auction_bridge", PLAYERS, sides=SIDES), entries("auction_bridge", *RUBBER)),
        encoding="utf-8",
    )
    summaries = {}
    texts = {}
    for code in LANGUAGES:
        assert main(["--lang", code, "replay", str(path), "--json"]) == 0
        summary = json.loads(capsys.readouterr().out)
        texts[code] = [row["text"] for row in summary["rows"]] + [r["reason"] for r in summary["rejected"]]
        summaries[code] = _without_words(summary)
    assert (
        summaries["en"]["rubber"] == {"winner": "We", "size": 464} and len(summaries["en"]["rejected"]) == 5
    )
    assert all(summary == summaries["en"] for summary in summaries.values())
    assert len({tuple(words) for words in texts.values()}) == len(LANGUAGES)  # each says them its own way
