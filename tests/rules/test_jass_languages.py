"""Jass in each language (issue #33): the sheet, the refusals, the prompts and the board in the words of Swiss
players — Trumpf, Weis, Stöck, Match, Bedanken in German, вайс and марьяж in Russian — and the suits named as the
player prefers them (the `suits` preference: French- or German-suited), whatever the game file says."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from scorepad.cli.main import main
from scorepad.locale import LANGUAGES, set_language, set_suit_style
from scorepad.rules import Replayer, replay
from scorepad.rules.jass import Settings, card_label, contract_label, describe_meld, suit_style
from scorepad.rules.jass.table import ruleset_sections, ruleset_summary
from scorepad.store.config import read_config

from ..helpers import entries, header, log_lines

PLAYERS = ["Ann", "Bob", "Cid", "Dan"]
A, B = "Ann & Cid", "Bob & Dan"


def seq(length: int, top: str, suit: str) -> dict[str, Any]:
    return {"kind": "sequence", "length": length, "top": top, "suit": suit}


#: a table's evening in brief: Weis against Weis, Stöck, a pushed Obenabe with a Match, a Weis too late, a
#: penalty, refusals (a Weis before the trump, the wrong player naming it, an impossible Weis), a claim that wins
GAME = [
    {"type": "deal", "dealer": "Dan"},
    {"type": "trump", "player": "Ann", "contract": "hearts"},
    {"type": "weis", "player": "Ann", "melds": [seq(3, "9", "spades")]},
    {"type": "weis", "player": "Bob", "melds": [seq(3, "9", "diamonds")]},
    {"type": "stoeck", "player": "Cid"},
    {"type": "tricks", "points": {A: 80}},
    {"type": "deal", "dealer": "Ann"},
    {"type": "trump", "player": "Dan", "contract": "obenabe", "pushed": True},
    {"type": "weis", "player": "Dan", "melds": [seq(5, "10", "hearts"), {"kind": "four", "rank": "J"}]},
    {"type": "weis", "player": "Cid", "melds": [{"kind": "four", "rank": "K"}]},
    {"type": "weis", "player": "Ann", "melds": [seq(4, "A", "hearts")], "late": True},
    {"type": "tricks", "points": {B: 157}, "match": B},
    {"type": "penalty", "kind": "misdeal", "against": A},
    {"type": "deal", "dealer": "Bob"},
    {"type": "weis", "player": "Bob", "melds": [seq(3, "Q", "hearts")]},
    {"type": "trump", "player": "Bob", "contract": "clubs"},
    {"type": "trump", "player": "Cid", "contract": "clubs"},
    {"type": "weis", "player": "Cid", "melds": [seq(8, "Q", "clubs")]},
    {"type": "claim", "team": B, "counted": 120},
]


RULES = {"target": 2000, "bergpreis": True}


def _words_of(code: str, rules: dict[str, Any] | None = None) -> list[str]:
    """Everything the game says in `code`: rows, Weis verdicts, refusals, the result, the board and what comes
    next (the board and the prompt of the third hand, its trump named)."""
    set_language(code)
    head = header("jass", PLAYERS, {**RULES, **(rules or {})})
    sheet = replay(head, entries("jass", *GAME))
    said = [row.text for row in sheet.rows] + [row.cells.weis_verdict for row in sheet.rows if row.cells.hand]
    said += [rejected.reason for rejected in sheet.rejected] + [sheet.result]
    state = Replayer(head).extend(entries("jass", *GAME[:-1])).state
    said += [state.describe_prompt(), *state.board_lines(), state.view().contract_label]
    said += [need.text for need in state.view().needs]
    return [words for words in said if words]


def test_a_jass_game_in_german_says_trumpf_weis_stoeck_and_the_rest():
    text = "\n".join(_words_of("de"))
    for word in ("Runde 1", "♥ Herz ×1", "♣ Kreuz ×2", "Weis:", "Dreiblatt bis 9♦ von Bob", "vier Bauern von Dan",
                 "Match für Bob & Dan", "(geschoben)", "Strafe (vergeben)", "macht Trumpf", "schiebt zu",
                 "nach dem ersten Stich: zählt nicht", "Stöck", "noch ", "Kartenpunkte"):  # fmt: skip
        assert word in text, word
    assert "Sieg für Bob & Dan: mit 2" in text  # bedankt, and the target reached
    assert not re.search(r"\b(hand|hearts|clubs|trump|pushed|win|to go)\b", text), text


def test_a_jass_game_in_russian_is_written_in_cyrillic():
    said = _words_of("ru")
    text = "\n".join(said)
    for word in ("Сдача 1", "♥ черви ×1", "Вайс:", "тройка до 9♦", "бур-каре", "матч", "марьяж", "козырь",
                 "передано партнёром", "Штраф (неверная раздача)", "Выигрывает команда Bob & Dan"):  # fmt: skip
        assert word in text, word
    letters = [c for c in re.sub(r"Ann|Bob|Cid|Dan", "", text) if c.isalpha()]
    cyrillic = sum(1 for c in letters if "а" <= c.lower() <= "я" or c.lower() == "ё")
    assert cyrillic / len(letters) > 0.95, text


@pytest.mark.parametrize(
    ("code", "french", "german"),
    [("en", "♥ hearts", "Rosen"), ("de", "♥ Herz", "Rosen"), ("fr", "♥ cœur", "roses"), ("it", "♥ cuori", "rose"),
     ("ru", "♥ черви", "розы")],
)  # fmt: skip
def test_the_hearts_are_named_in_each_language_and_german_suited_when_preferred(code, french, german):
    set_language(code)
    assert contract_label("hearts") == french
    set_suit_style("german")
    assert contract_label("hearts") == german


def test_german_suited_cards_and_melds_in_each_language():
    four_to_the_ace = {"kind": "sequence", "length": 4, "top": "A", "suit": "hearts"}
    meld = entries("jass", {"type": "weis", "player": "Ann", "melds": [four_to_the_ace]})[0].melds[0]
    said = {}
    for code in LANGUAGES:
        set_language(code)
        set_suit_style(None)
        said[code] = (describe_meld(meld), card_label(("clubs", "Q")))
        set_suit_style("german")
        said[code] += (describe_meld(meld), card_label(("clubs", "Q")))
    assert said == {
        "en": ("four to the A♥", "Q♣", "four to the Rosen A", "Schellen Q"),
        "de": ("Vierblatt bis A♥", "D♣", "Vierblatt bis Rosen-Ass", "Schellen-Ober"),
        "fr": ("cinquante à l’A♥", "D♣", "cinquante à l’A de roses", "D de grelots"),
        "it": ("quattro di fila all’A♥", "D♣", "quattro di fila all’A di rose", "D di campanelli"),
        "ru": ("четвёрка до Т♥", "Д♣", "четвёрка до Т роз", "Д бубенцов"),
    }


def test_the_players_preference_names_the_suits_over_an_old_files_setting():
    old_file = {"suit_names": "german"}  # an old file's setting: it still reads, and is the default now
    assert Settings(**old_file).suit_names == "german"
    sheet = replay(header("jass", PLAYERS, old_file), entries("jass", *GAME[:6]))
    assert sheet.rows[-1].text == "Hand 1: Rosen ×1 by Ann"  # nobody prefers: the file's suits
    assert "Eicheln ranks above Schilten" in sheet.rows[-1].cells.weis_verdict
    set_suit_style("french")
    sheet = replay(header("jass", PLAYERS, old_file), entries("jass", *GAME[:6]))
    assert sheet.rows[-1].text == "Hand 1: ♥ hearts ×1 by Ann"
    assert "(♦ ranks above ♠)" in sheet.rows[-1].cells.weis_verdict
    assert suit_style("german") == "french"
    set_suit_style("german")
    assert (
        replay(header("jass", PLAYERS), entries("jass", *GAME[:6])).rows[-1].text == "Hand 1: Rosen ×1 by Ann"
    )
    set_suit_style("klingon")  # not a style: no preference
    assert suit_style() == "french" and suit_style("german") == "german"


def test_the_rules_page_speaks_the_language_and_the_players_suits():
    set_language("de")
    set_suit_style("german")
    text = "\n".join([ruleset_summary(Settings()), *ruleset_sections(Settings())])
    for words in ("**Ziel 2500** (Vorlage klassisch 2500)", "Rosen ×1 · Eicheln ×1 · Schellen ×2",
                  "| Karte | Trumpf | andere Farbe |", "| Under | 20 |", "| vier Bauern | 200 |",
                  "die höhere Farbe (Rosen > Eicheln > Schellen > Schilten)", "| vergeben | 100 |"):  # fmt: skip
        assert words in text, words


def _config(home, text: str) -> None:
    config = home / "config" / "config.json"
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(text, encoding="utf-8")


def test_the_suits_preference_is_read_from_the_settings_file(scorepad_home, tmp_path, capsys):
    path = tmp_path / "old.jsonl"
    path.write_text(
        log_lines(header("jass", PLAYERS, {"suit_names": "german"}), entries("jass", *GAME[:6])),
        encoding="utf-8",
    )
    _config(scorepad_home, '{"suits": "french"}')
    assert read_config() == ({"theme": "green-felt", "suits": "french"}, None)
    assert main(["--lang", "de", "replay", str(path)]) == 0
    assert "♥ Herz ×1" in capsys.readouterr().out
    _config(scorepad_home, "{}")
    assert main(["--lang", "de", "replay", str(path)]) == 0
    assert "Rosen ×1" in capsys.readouterr().out  # no preference: the file's own suits
    _config(scorepad_home, '{"suits": "Schellen"}')
    set_language("en")
    settings, notice = read_config()
    assert "suits" not in settings and notice is not None
    assert (
        "'suits' is 'Schellen', not \"french\"" in notice and "naming the suits as each game says" in notice
    )


def _without_words(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: ("…" if k in ("text", "reason") else _without_words(v)) for k, v in value.items()}
    if isinstance(value, list):
        return [_without_words(v) for v in value]
    return value


def test_replay_json_of_a_jass_game_is_the_same_in_every_language_and_suit_apart_from_its_words(
    scorepad_home, tmp_path, capsys
):
    path = tmp_path / "evening.jsonl"
    path.write_text(log_lines(header("jass", PLAYERS, RULES), entries("jass", *GAME)), encoding="utf-8")
    summaries, texts = [], set()
    for suits in ("french", "german"):
        _config(scorepad_home, json.dumps({"suits": suits}))
        for code in LANGUAGES:
            assert main(["--lang", code, "replay", str(path), "--json"]) == 0
            summary = json.loads(capsys.readouterr().out)
            texts.add(summary["rows"][0]["text"])
            summary["questions"] = len(summary["questions"])
            summaries.append(_without_words(summary))
    assert summaries[0]["rejected"] and summaries[0]["winner"] == B
    assert all(summary == summaries[0] for summary in summaries)
    assert len(texts) == 10  # each language and each style says the first hand its own way
