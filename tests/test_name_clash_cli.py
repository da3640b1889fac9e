"""One player, one name at `scorepad new`; a file made before the check, with look-alike names, still replays."""

from __future__ import annotations

import json

import pytest

from scorepad.cli.main import main
from scorepad.rules.names import visible
from scorepad.store.game_file import games_dir, load

from .rules.test_name_clash import LOOK_ALIKES, TWO_NAMES


@pytest.mark.parametrize("pair", LOOK_ALIKES.values(), ids=list(LOOK_ALIKES))
def test_new_refuses_names_the_table_cannot_tell_apart_in_one_line(capsys, pair):
    first, second = pair
    assert main(["new", "five_hundred", "--no-open", "--players", first, "Cid", second]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert (
        f"“{visible(first)}” and “{visible(second)}” look the same at the table: give one of them another name"
        in captured.err
    )
    assert not games_dir().exists() or not list(games_dir().iterdir())


def test_new_takes_names_that_differ_at_the_table(capsys):
    players = [*TWO_NAMES["a letter more"], *TWO_NAMES["an accent"]]
    assert main(["new", "five_hundred", "--no-open", "--players", *players]) == 0
    path = capsys.readouterr().out.strip()
    assert load(path).header.players == tuple(players)


def test_an_old_file_with_look_alike_names_still_replays(tmp_path, capsys):
    # made before the check (or by hand): the names stay as they are, a look-alike rename is a refused entry
    header = {
        "scorepad": 1,
        "game": "five_hundred",
        "id": "old1",
        "created": "2026-11-29T20:15:00+01:00",
        "title": "",
        "players": ["Ann", "ann", "Bob", "B\u043eb"],
        "rules": {},
    }
    lines = [
        header,
        {"seq": 1, "at": "2026-11-29T20:16:00+01:00", "type": "deal", "dealer": "ann"},
        {"seq": 2, "at": "2026-11-29T20:17:00+01:00", "type": "rename", "player": "Bob", "new_name": "BOB"},
        {"seq": 3, "at": "2026-11-29T20:18:00+01:00", "type": "rename", "player": "Ann", "new_name": "Anna"},
    ]
    path = tmp_path / "old.jsonl"
    path.write_text("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines), encoding="utf-8")
    assert main(["replay", str(path), "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    rejected = json.loads(captured.out)["rejected"]
    # Bob may not become BOB beside Bоb; Ann may become Anna beside ann
    assert [(r["seq"], r["reason"]) for r in rejected] == [
        (2, "“B\u043eb” and “BOB” look the same at the table: give one of them another name")
    ]
