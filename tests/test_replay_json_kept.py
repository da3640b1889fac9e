"""`scorepad replay --json` (docs/log-format.md §2) keeps its bytes: the summaries of the benchmarks' table-like
logs (benchmarks/tables.py: auctions, redeals, nullos, pushed trumps, Weis, Stöck, honours, doubles, corrections)
are pinned by their SHA-256, taken before the replay was made faster. A change to the rules' words or numbers
shows here as well as in the rules' own tests: then check the new summary and pin it again."""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import pytest

from scorepad.export import to_json
from scorepad.games import replay_file

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import tables  # noqa: E402

ENTRIES = 3_000
#: game -> (SHA-256 of the generated log, SHA-256 of its `replay --json` text)
PINNED = {
    "five_hundred": ("19fab90c7fb8a99a5fb8d14eff1117a2a3b3fade6a0df40bb558e3dd158b48fb",
                     "c9e674741c2f1e5700b7238379b3f817fa6a5253a5aadca4312d567f38968f8f"),
    "jass": ("5c6326291baefe907db2ed5c69518778590d960da2e9cc1bef1028e8eba2288b",
             "4b826e33afd629e5a86827f1dddb6d8d252327b95a3a203e1b32218796eb046c"),
    "auction_bridge": ("80bf20e12e16a10f893df2eb3d6a543df9a2866b6706efbfebe06f0105b1c279",
                       "b05bb6cd1d28b5eba3719ed8ac0a82f5b4f1d2d58604b8f92d5212939883ca0d"),
}


@pytest.mark.parametrize("game", tables.GAMES)
def test_replay_json_of_a_table_like_log_keeps_its_bytes(game: str, tmp_path: Path) -> None:
    path = tables.write_game(tmp_path / f"{game}.jsonl", game, ENTRIES)
    log_sha, json_sha = PINNED[game]
    assert hashlib.sha256(path.read_bytes()).hexdigest() == log_sha  # the generator wrote the same log
    sheet, notices = replay_file(path)
    assert notices == [] and sheet.rejected == () and len(sheet.rows) > ENTRIES // 10
    assert hashlib.sha256(to_json(sheet).encode()).hexdigest() == json_sha
