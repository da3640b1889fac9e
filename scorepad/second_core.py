"""The helper process of scorepad.second_reader: it replays the saved games it is given, one answer a game.

Started with pipes for its input and output and nothing for its errors; it says its code's stamp first (a helper
of another version is not listened to), then answers each chunk of paths it reads, one JSON line per game: the
game's place, the hash of the bytes it read, and the values a summary keeps (or the one line the file cannot be
read with). It ends when its input closes or its reader is gone.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from pathlib import Path
from typing import Any


def serve() -> None:
    """The helper: says its code's stamp, then answers each chunk of paths it is given, one line per game."""
    from scorepad.files import LogError, read_game_bytes
    from scorepad.history import digest_of
    from scorepad.summaries import EPOCH, code_stamp, content_key, storable, to_stored

    out = sys.stdout
    try:
        out.write(json.dumps({"code": code_stamp()}) + "\n")
        out.flush()
        for line in sys.stdin:
            for index, name in json.loads(line):
                path = Path(name)
                answer: dict[str, Any] = {"index": index}
                try:
                    data = read_game_bytes(path)
                except LogError as error:
                    answer.update(key=None, error=str(error))
                else:
                    answer["key"] = content_key(data)
                    digest = digest_of(path, EPOCH, data)
                    if digest.figures is None:
                        answer["error"] = digest.error
                    elif storable(digest):
                        answer["game"] = to_stored(digest)
                    else:  # (never so for a game replayed here; asked to be replayed by the reader if it were)
                        answer["again"] = True
                out.write(json.dumps(answer) + "\n")  # (ASCII: a path's undecodable bytes go as escapes)
                out.flush()
    except (BrokenPipeError, KeyboardInterrupt):  # the reader is gone: nothing to say to anybody
        with contextlib.suppress(OSError):
            os.close(1)
