"""`scorepad serve --board`: the feed, the server, the terminal and the app's notice, put together."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from scorepad.web.board.feed import BoardFeed
from scorepad.web.board.server import BoardServer
from scorepad.web.board.terminal import LiveLine, announce_lines, watching_words
from scorepad.web.guard import Guard, is_loopback
from scorepad.web.notice import clear_serving, write_serving

LIVE_LINE_DELAY = 0.2  # seconds: a crowd arriving at once rewrites the live line once, not once a board


def serve_boards(host: str, port: int, board_file: Path | None, boards: int) -> None:
    """Serve the boards of `board_file` (None: the game in progress) until Ctrl+C; exit 2 if it cannot listen."""
    feed = BoardFeed(board_file)
    server = BoardServer(feed, host=host, port=port, guard=Guard.for_host(host, port), boards=boards)
    live = LiveLine(sys.stdout)
    pending: list[asyncio.TimerHandle] = []

    def show_count() -> None:
        pending.clear()
        live.show(watching_words(feed.watching))

    def counted(_: int) -> None:
        if not pending:
            pending.append(asyncio.get_running_loop().call_later(LIVE_LINE_DELAY, show_count))

    def announce() -> None:
        lines = announce_lines(
            server.url,
            board_file=board_file,
            local=is_loopback(host),
            port=port,
            boards=boards,
            colour=live.live,
        )
        sys.stdout.write("\n".join(lines) + "\n")
        sys.stdout.flush()
        live.show(watching_words(0))
        feed.on_watching = counted
        write_serving(server.url, boards=True, board_file=board_file)

    server.announce = announce
    try:
        server.serve()
    finally:
        live.end()
        clear_serving(server.url)
