"""Languages (CONTRIBUTING.md, "Languages"): which one is spoken, the catalogues complete and in step with the
source, the words of the command line in each, and the contracts that do not move with them."""

from __future__ import annotations

import importlib.util
import json
import re
from datetime import datetime
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from scorepad.cli.main import main
from scorepad.locale import LANGUAGES, SOURCE, catalogue_path, choose, from_environment, known, set_language

from .helpers import entries, header, log_lines

ROOT = Path(__file__).resolve().parents[1]
TRANSLATED = [code for code in LANGUAGES if code != SOURCE]


# --------------------------------------------------------------------------- which language


@pytest.mark.parametrize(
    ("name", "code"),
    [("de", "de"), ("de_CH.UTF-8", "de"), ("de-DE", "de"), ("fr_CH", "fr"), ("it", "it"), ("ru_RU.UTF-8", "ru"),
     ("en_GB", "en"), ("C.UTF-8", None), ("POSIX", None), ("es_ES", None), ("", None), (None, None)],
)  # fmt: skip
def test_a_language_is_known_by_its_code_whatever_the_region(name, code):
    assert known(name) == code


def test_the_option_comes_first_then_the_setting_then_the_locale_then_english():
    environ = {"LANG": "it_CH.UTF-8"}
    assert choose("de", "fr", environ) == "de"
    assert choose(None, "fr", environ) == "fr"
    assert choose(None, None, environ) == "it"
    assert choose(None, None, {}) == "en"


def test_a_language_scorepad_does_not_speak_is_passed_over():
    assert choose("es", "klingon", {"LANG": "ru_RU.UTF-8"}) == "ru"
    assert choose("es", None, {}) == "en"


def test_the_locale_variables_are_read_as_gettext_reads_them():
    # the first one set decides; LANGUAGE lists several, the first known one wins
    assert from_environment({"LANGUAGE": "xx:fr_CH:de", "LC_ALL": "ru_RU.UTF-8"}) == "fr"
    assert (
        from_environment({"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "de_CH.UTF-8", "LANG": "ru"}) == "de"
    )
    assert from_environment({"LC_ALL": "C.UTF-8", "LANG": "de_CH.UTF-8"}) is None  # C: no translation
    assert from_environment({}) is None


def test_the_command_line_speaks_the_setting_unless_told_otherwise(scorepad_home, monkeypatch, capsys):
    config = scorepad_home / "config" / "config.json"
    config.parent.mkdir(parents=True)
    config.write_text('{"language": "fr"}', encoding="utf-8")
    monkeypatch.setenv("LANG", "de_CH.UTF-8")
    assert main(["list"]) == 0
    assert "Pas encore de parties" in capsys.readouterr().out
    assert main(["--lang", "it", "list"]) == 0
    assert "Ancora nessuna partita" in capsys.readouterr().out
    config.write_text("{}", encoding="utf-8")
    assert main(["list"]) == 0
    assert "Noch keine Spiele" in capsys.readouterr().out


def test_a_language_setting_scorepad_cannot_use_is_said_and_not_used(scorepad_home):
    from scorepad.store.config import read_config

    config = scorepad_home / "config" / "config.json"
    config.parent.mkdir(parents=True)
    config.write_text('{"language": "tlh"}', encoding="utf-8")
    settings, notice = read_config()
    assert "language" not in settings and notice is not None
    assert (
        "'tlh', a language scorepad does not speak (en, de, fr, it, ru); using the system's language"
        in notice
    )
    config.write_text('{"language": "ru"}', encoding="utf-8")
    assert read_config() == ({"theme": "green-felt", "language": "ru"}, None)


# --------------------------------------------------------------------------- the command line's words


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("en", ["usage: scorepad", "options:", "show this help message and exit", "the port to listen on"]),
        ("de", ["Aufruf: scorepad", "Optionen:", "diese Hilfe zeigen und beenden", "der Port, auf dem"]),
        ("fr", ["usage\u00a0: scorepad", "options:", "afficher cette aide", "le port d’écoute"]),
        ("it", ["uso: scorepad", "opzioni:", "mostra questo aiuto", "la porta su cui ascoltare"]),
        ("ru", ["использование: scorepad", "параметры:", "показать эту справку", "порт для прослушивания"]),
    ],
)
def test_help_is_written_in_the_language_asked_for(code, words, capsys):
    with pytest.raises(SystemExit):
        main(["--lang", code, "serve", "--help"])
    out = capsys.readouterr().out
    assert all(word in out for word in words), out


def test_a_refusal_is_one_line_in_the_language_spoken(capsys):
    assert main(["--lang", "de", "export"]) == 2
    err = capsys.readouterr().err
    assert err == "scorepad export: diese Argumente fehlen: DATEI (siehe --help)\n"
    assert main(["--lang", "ru", "replay", "/nowhere/game.jsonl"]) == 2
    assert capsys.readouterr().err == "нет такого файла: /nowhere/game.jsonl\n"


def test_the_list_says_its_words_and_dates_in_the_language(scorepad_home, capsys):
    from scorepad import demo

    games = scorepad_home / "games"
    games.mkdir(parents=True)
    (games / "friday.jsonl").write_text(
        log_lines(header("five_hundred", ["Ann", "Bob", "Cid"]), entries("five_hundred", *demo.FIVE_HUNDRED)),
        encoding="utf-8",
    )
    assert main(["--lang", "ru", "list"]) == 0
    line = capsys.readouterr().out
    assert "идёт, записано 5 сдач" in line and re.match(r"\d\d\.\d\d\.\d{4} \d\d:\d\d  ", line)
    assert main(["list"]) == 0  # English again: the index of each language keeps its own words
    line = capsys.readouterr().out
    assert "in play, 5 scored" in line and re.match(r"\d{4}-\d\d-\d\d \d\d:\d\d  ", line)


def test_the_statistics_count_in_the_language_and_russian_has_three_plural_forms(scorepad_home, capsys):
    from scorepad.library.stats import Kind, Statistics
    from scorepad.text.stats_table import stats_renderable

    def said(count: int) -> str:
        from rich.console import Console

        stats = Statistics({"jass": Kind(count, 0, 0)}, ["x"] * count, {}, {}, {}, {}, {}, {}, 0, None)
        console = Console(width=200, record=True)
        console.print(stats_renderable(stats))
        return console.export_text()

    set_language("ru")
    assert "1 повреждённый файл пропущен" in said(1)
    assert "3 повреждённых файла пропущено" in said(3)
    assert "5 повреждённых файлов пропущено" in said(5)
    assert "21 повреждённый файл пропущен" in said(21)
    set_language("de")
    assert "1’234 Spiele" in said(1234).replace("'", "’")


def test_counts_shares_and_times_follow_the_language_but_scores_stay_plain():
    from scorepad.locale.formats import count, share, when

    moment = datetime(2026, 12, 1, 20, 30)
    assert (count(12345), share(9, 20), when(moment)) == ("12,345", "45%", "2026-12-01 20:30")
    set_language("de")
    assert (count(12345).replace("'", "’"), share(9, 20), when(moment)) == (
        "12’345",
        "45%",
        "01.12.2026 20:30",
    )
    set_language("ru")
    assert (count(12345), share(9, 20), when(moment)) == ("12\xa0345", "45\xa0%", "01.12.2026 20:30")
    assert share(1, 0) == "—"


# --------------------------------------------------------------------------- the contracts


def _without_words(value):
    """`replay --json` without the words a person reads (a row's text, a refusal's reason, the questions)."""
    if isinstance(value, dict):
        return {k: ("…" if k in ("text", "reason") else _without_words(v)) for k, v in value.items()}
    if isinstance(value, list):
        return [_without_words(v) for v in value]
    return value


@pytest.mark.parametrize("game", ["five_hundred", "jass", "auction_bridge"])
def test_replay_json_has_the_same_keys_and_values_in_every_language(game, tmp_path, capsys):
    from scorepad import demo

    (made,) = [d for d in demo.DEMOS if d["game"] == game]
    path = tmp_path / f"{game}.jsonl"
    path.write_text(
        log_lines(header(game, made["players"], sides=made.get("sides")), entries(game, *made["entries"])),
        encoding="utf-8",
    )
    summaries = {}
    for code in LANGUAGES:
        assert main(["--lang", code, "replay", str(path), "--json"]) == 0
        summary = json.loads(capsys.readouterr().out)
        summary["questions"] = len(summary["questions"])
        summaries[code] = _without_words(summary)
    assert all(summary == summaries["en"] for summary in summaries.values())


def test_a_game_file_records_no_language(tmp_path):
    from scorepad.store.game_file import create, new_header

    set_language("ru")
    path = create(new_header("jass", ["Ann", "Bob", "Cid", "Dan"]), tmp_path)
    assert "ru" not in json.loads(path.read_text(encoding="utf-8").splitlines()[0]).values()


def test_each_language_keeps_its_own_index_of_saved_games():
    from scorepad.library.index import index_path

    english = index_path()
    set_language("de")
    assert index_path() != english and index_path().parent == english.parent
    assert english.name == "saved-games.sqlite3"  # as before there were other languages


def test_demo_games_are_found_whatever_language_wrote_them(scorepad_home):
    from scorepad.demo import ensure_demo_games

    set_language("ru")
    assert ensure_demo_games() == ["five_hundred", "jass", "auction_bridge"]
    set_language("de")
    assert ensure_demo_games() == []


# --------------------------------------------------------------------------- Five Hundred in every language

#: the demo's five deals, then one more that ends the game: a bid out of turn refused, a rename, Bob past 500
FH_TO_THE_END = [
    {"type": "deal", "dealer": "Cid"},
    {"type": "bid", "player": "Ann", "call": "pass"},
    {"type": "bid", "player": "Cid", "call": "7S"},
    {"type": "bid", "player": "Bob", "call": "6S"},
    {"type": "bid", "player": "Cid", "call": "pass"},
    {"type": "result", "tricks": {"Ann": 2, "Bob": 6, "Cid": 2}},
    {"type": "rename", "player": "Bob", "new_name": "Bob Brunner"},
]
#: two opponents past 500 on one deal (a trick is worth 250 here): the table is asked who got there first
FH_QUESTION = [
    {"type": "contract", "player": "Bob", "call": "6S"},
    {"type": "result", "tricks": {"Ann": 2, "Bob": 6, "Cid": 2}},
]
FH_LOGS = {
    "to the end": ({}, FH_TO_THE_END),
    "a question": ({"trick_value": 250}, FH_QUESTION),
}


def _five_hundred_file(tmp_path, name: str) -> Path:
    from scorepad import demo

    rules, more = FH_LOGS[name]
    played = [*demo.FIVE_HUNDRED, *more] if name == "to the end" else more
    path = tmp_path / "five_hundred.jsonl"
    path.write_text(
        log_lines(
            header("five_hundred", ["Ann", "Bob", "Cid"], rules=rules), entries("five_hundred", *played)
        ),
        encoding="utf-8",
    )
    return path


def _words_without_names(text: str) -> str:
    return re.sub(r"\b(Ann|Bob|Cid|Brunner)\b", " ", text)


def test_a_five_hundred_replay_in_russian_says_the_words_of_its_rule_document(tmp_path, capsys):
    path = _five_hundred_file(tmp_path, "to the end")
    assert main(["--lang", "ru", "replay", str(path)]) == 0
    out = capsys.readouterr().out
    for words in ("«Пятьсот»", "Bob Brunner: 7♥ сыгран", "Cid: 6БК сорван", "Ann: 8♠, шлем", "Bob Brunner: мизер сыгран",
                  "Bob Brunner выигрывает, набрав 500 своим контрактом", "сейчас заявляет Bob, а не Cid"):  # fmt: skip
        assert words in out, words
    letters = [char for char in _words_without_names(out) if char.isalpha()]
    cyrillic = sum(1 for char in letters if "а" <= char.lower() <= "я" or char.lower() == "ё")
    assert cyrillic / len(letters) > 0.95, out


def test_a_five_hundred_replay_in_german_says_german(tmp_path, capsys):
    path = _five_hundred_file(tmp_path, "to the end")
    assert main(["--lang", "de", "replay", str(path)]) == 0
    out = capsys.readouterr().out
    for words in ("Bob Brunner 7♥ erfüllt", "Cid 6NT gefallen", "Ann 8♠ Schlemm", "Bob Brunner Nullo erfüllt",
                  "Bob Brunner gewinnt und erreicht 500 mit dem Kontrakt", "Bob ist an der Reihe, nicht Cid"):  # fmt: skip
        assert words in out, words
    english = re.findall(r"\b(made|set|slam|wins|deal|turn|bid|total)\b", _words_without_names(out))
    assert english == [], out


def test_a_question_and_the_needs_are_said_in_the_language(tmp_path):
    from scorepad.games import replay_file

    set_language("ru")
    sheet, _ = replay_file(_five_hundred_file(tmp_path, "a question"))
    (question,) = sheet.questions
    assert question.startswith("Кто первым набрал 500 по ходу розыгрыша сдачи 1: Ann или Cid?")
    assert sheet.prompt == question
    set_language("fr")
    sheet, _ = replay_file(_five_hundred_file(tmp_path, "to the end"))
    assert sheet.result == "Bob Brunner gagne en atteignant 500 avec le contrat"


def test_a_new_name_is_said_once_in_the_words_of_another_language():
    from scorepad.rules import replay

    game = [
        {"type": "deal", "dealer": "Ruedi"},
        {"type": "contract", "player": "Ruedi", "call": "6S"},
        {"type": "result", "tricks": {"Ruedi": 6, "Bob": 3, "Cid": 1}},
        {"type": "rename", "player": "Ruedi", "new_name": "Ruedi Brunner"},
    ]
    head = header("five_hundred", ["Ruedi", "Bob", "Cid"])
    for code, row, prompt in [
        ("ru", "Ruedi Brunner: 6♠ сыгран", "Теперь сдаёт Bob; торговлю начинает Cid"),
        ("de", "Ruedi Brunner 6♠ erfüllt", "Als Nächstes gibt Bob; Cid bietet zuerst"),
    ]:
        set_language(code)
        sheet = replay(head, entries("five_hundred", *game))
        assert [sheet.said(r) for r in sheet.rows] == [row] and sheet.prompt == prompt


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_every_five_hundred_call_reads_back_as_it_is_shown(code):
    from scorepad.rules.five_hundred import PASS, RULES, all_calls, display_call, parse_call

    set_language(code)
    calls = [PASS, *all_calls(RULES.settings({}))]
    assert [parse_call(display_call(call)) for call in calls] == calls
    assert (
        parse_call("7h") == "7H" and parse_call("n") == "nullo"
    )  # the English letters work in every language
    if code == "ru":
        assert (parse_call("мизер"), parse_call("Открытый мизер"), parse_call("10бк"), parse_call("пас")) == (
            "nullo",
            "open_nullo",
            "10NT",
            "pass",
        )


@pytest.mark.parametrize("log", list(FH_LOGS))
def test_replay_json_of_five_hundred_is_the_same_in_every_language_but_its_words(log, tmp_path, capsys):
    path = _five_hundred_file(tmp_path, log)
    summaries = {}
    for code in LANGUAGES:
        assert main(["--lang", code, "replay", str(path), "--json"]) == 0
        summary = json.loads(capsys.readouterr().out)
        summary["questions"] = len(summary["questions"])
        summaries[code] = _without_words(summary)
    assert summaries["en"]["rejected"] or summaries["en"]["questions"]  # words to leave out, and they differ
    assert all(summary == summaries["en"] for summary in summaries.values())


# --------------------------------------------------------------------------- the catalogues


def _catalogue(code):
    with catalogue_path(code).open("rb") as text:
        return read_po(text, locale=code)


def _placeholders(text: str) -> list[str]:
    return sorted(re.findall(r"\{[^}]*\}|%\([a-z_]+\)[sr]|%[sr]", text))


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated_and_none_is_fuzzy(code):
    catalogue = _catalogue(code)
    assert not catalogue.fuzzy  # (a fuzzy header is left out when compiled, its plural forms with it)
    problems = []
    for message in catalogue:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        if message.fuzzy:
            problems.append(f"fuzzy: {ids[0]!r}")
        elif not all(strings):
            problems.append(f"untranslated: {ids[0]!r}")
        elif isinstance(message.id, tuple) and len(strings) != catalogue.num_plurals:
            problems.append(f"{len(strings)} plural forms of {catalogue.num_plurals}: {ids[0]!r}")
        elif any(_placeholders(s) != _placeholders(ids[-1]) for s in strings):
            problems.append(f"placeholders differ: {ids[0]!r}")
    assert problems == []


def test_russian_counts_in_three_forms():
    assert _catalogue("ru").num_plurals == 3


def _catalogues_script():
    spec = importlib.util.spec_from_file_location("catalogues", ROOT / "scripts" / "catalogues.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_catalogues_hold_every_message_the_source_marks_and_no_other():
    # a message marked (or changed) without `python scripts/catalogues.py extract` fails here
    marked = {(m.context, m.id) for m in _catalogues_script().template() if m.id}
    for code in TRANSLATED:
        assert {(m.context, m.id) for m in _catalogue(code) if m.id} == marked, code


def test_a_catalogue_compiled_in_memory_is_the_one_the_build_compiles(tmp_path):
    import gettext

    from hatch_build import compile_catalogues
    from scorepad.locale import FOLDER, catalogue

    (compiled,) = [mo for mo in compile_catalogues(FOLDER, tmp_path) if mo.parts[-3] == "de"]
    with compiled.open("rb") as mo:
        built = gettext.GNUTranslations(mo)
    message = "Counting your saved games: {done} of {total}…"
    assert built.gettext(message) == catalogue("de").gettext(message) != message
