"""The `scorepad` command. Only the TUI commands import Textual (start-up cost)."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shlex
import sys
from pathlib import Path
from typing import Any, NoReturn

from scorepad import __version__
from scorepad.locale import _

EXIT_BAD_INPUT = 2
DEFAULT_SESSIONS = (
    4  # kept equal to scorepad.web.serve's (imported only when serving: aiohttp is slow to load)
)
DEFAULT_BOARD_SESSIONS = 300  # boards: one server for a whole room (scorepad.web.board)


class UsageError(Exception):
    """Bad input on the command line: printed as one line, exit 2."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, not argparse's usage block
        raise UsageError(_("{prog}: {message} (see --help)").format(prog=self.prog, message=message))

    def _print_message(self, message: str, file: Any = None) -> None:
        # argparse drops a failed write silently; a --help that cannot be written is said like any other
        if message:
            (file or sys.stderr).write(message)


def build_parser() -> argparse.ArgumentParser:
    """The command line, its help in the language spoken (chosen before: see _speak)."""
    parser = Parser(
        prog="scorepad",
        description=_(
            "A terminal score pad for Five Hundred, Swiss Jass (Schieber) and Auction Bridge. "
            "Without a command it opens the app on your saved games."
        ),
    )
    parser.add_argument(
        "--version", action="version", version=f"scorepad {__version__}", help=_("show the version and stop")
    )
    parser.add_argument(
        "--lang",
        metavar=_("LANGUAGE"),
        help=_(
            "the language to speak: en, de, fr, it or ru (default: the Language setting, else the locale "
            "variables LANGUAGE, LC_ALL, LC_MESSAGES, LANG; else English)"
        ),
    )
    sub = parser.add_subparsers(dest="command", parser_class=Parser, metavar=_("COMMAND"))
    file_word = _("FILE")

    new = sub.add_parser("new", help=_("start a new game and open it"))
    new.add_argument("game", choices=["five_hundred", "jass", "auction_bridge"], help=_("which game"))
    new.add_argument(
        "--players",
        nargs="+",
        required=True,
        metavar=_("NAME"),
        help=_(
            "names in the order the turn passes: clockwise for Five Hundred and Auction Bridge, "
            "counter-clockwise for Swiss Jass"
        ),
    )
    new.add_argument("--title", default="", metavar=_("TITLE"), help=_("a title for the game"))
    new.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar=_("KEY=VALUE"),
        help=_("a ruleset setting (e.g. target=1000, preset=flat_1000); JSON values allowed"),
    )
    new.add_argument(
        "--no-open",
        action="store_true",
        help=_("only create the file and print its path (as without a terminal)"),
    )

    opener = sub.add_parser("open", help=_("open a game file in the app"))
    opener.add_argument("file", type=Path, metavar=file_word, help=_("the game file"))

    sub.add_parser("list", help=_("list saved games, newest first"))

    replay = sub.add_parser("replay", help=_("replay a game file and print its score sheet"))
    replay.add_argument("file", type=Path, metavar=file_word, help=_("the game file"))
    replay.add_argument(
        "--json", action="store_true", help=_("print the summary as JSON (see docs/log-format.md)")
    )

    export = sub.add_parser("export", help=_("export a game's score sheet"))
    export.add_argument("file", type=Path, metavar=file_word, help=_("the game file"))
    export.add_argument(
        "--format", choices=["csv", "md", "json"], default="csv", help=_("the format (default: csv)")
    )
    export.add_argument(
        "-o",
        "--output",
        type=Path,
        metavar=file_word,
        help=_(
            "write to this file instead of standard output "
            "(never onto a game log; an existing file only with --force)"
        ),
    )
    export.add_argument("--force", action="store_true", help=_("replace the --output file if it exists"))

    sub.add_parser("stats", help=_("statistics across saved games"))
    sub.add_parser("demo", help=_("add demo games (one per game) and open the app on them"))

    board = sub.add_parser(
        "board",
        help=_("a read-only board that follows a game live (for a second screen)"),
        description=_(
            "A read-only board of the score, live, made to be read across the room: each side's total "
            "in big digits, the state of the game in words, the last deals. It only reads the game file "
            "(never locks or writes it); new entries and corrections show within a second."
        ),
    )
    board.add_argument(
        "file",
        type=Path,
        nargs="?",
        metavar=file_word,
        help=_(
            "the game file to follow (default: the game in progress played most recently, "
            "and the next one when a rematch starts)"
        ),
    )

    serve = sub.add_parser(
        "serve",
        help=_("serve the app (or only boards) to a web browser"),
        description=_(
            "Serve the score pad to a web browser. It prints the address to open, with its key: "
            "without that key, and from any other web page, nobody gets in."
        ),
    )
    serve.add_argument(
        "--port", type=int, default=8000, metavar=_("PORT"), help=_("the port to listen on (default: 8000)")
    )
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        metavar=_("ADDRESS"),
        help=_(
            "the address to listen on (default: 127.0.0.1, this machine only). Any other address, such as "
            "0.0.0.0 for every network this machine is on, lets everyone on that network who has the printed "
            "address in (it warns you)"
        ),
    )
    serve.add_argument(
        "--board",
        nargs="?",
        const="",
        default=None,
        metavar=file_word,
        help=_(
            "serve only read-only boards of a game (the file, or the game in progress played most recently), a web "
            "page for phones, tablets and TVs: nothing a browser sends can change a game; with --host, prints a QR "
            "code of the address for phones"
        ),
    )
    serve.add_argument(
        "--sessions",
        type=int,
        default=None,
        metavar="N",
        help=_(
            "how many browser screens may be open at once (default: {sessions}; {board_sessions} with "
            "--board); one more sees a page saying all are taken"
        ).format(sessions=DEFAULT_SESSIONS, board_sessions=DEFAULT_BOARD_SESSIONS),
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    # pydantic looks for plugins (observability hooks) in every installed package's metadata the first time a
    # model is used: a tenth of `scorepad list`'s start, for hooks scorepad's models never use. A value the user
    # set is kept.
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    _speak(sys.argv[1:] if argv is None else argv)
    try:
        try:
            args = build_parser().parse_args(argv)
            code = run(args)
        except SystemExit:  # --help, --version: what they printed must reach the reader too
            sys.stdout.flush()
            raise
        sys.stdout.flush()  # here, not at exit, so that a write that fails is said like any other
        return code
    except UsageError as error:
        print(_visible(str(error)), file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `scorepad replay … | head`: the reader left; say nothing more
        _drop_stdout()
        return 0
    except OSError as error:  # standard output on a full disk (`> /dev/full`), a file the disk refused …
        _drop_stdout()
        where = error.filename if error.filename is not None else _("standard output")
        line = _("scorepad: could not write to {where}: {why}").format(
            where=where, why=error.strerror or error
        )
        print(_visible(line), file=sys.stderr)
        return EXIT_BAD_INPUT


def _language_asked(argv: list[str]) -> str | None:
    """The `--lang` of the command line (given before the command), read before the parser is made: the help
    the parser holds is written in that language."""
    for number, word in enumerate(argv):
        if word == "--lang":
            return argv[number + 1] if number + 1 < len(argv) else None
        if word.startswith("--lang="):
            return word.partition("=")[2]
        if word == "--" or not word.startswith("-"):
            return None  # the command: what follows is its own
    return None


def _speak(argv: list[str]) -> None:
    """Speak the language asked for: `--lang`, else the Language setting, else the locale's, else English
    (scorepad.locale.choose); argparse's own words (usage, errors) too. The Jass suits are named as the player
    prefers them (the `suits` preference), read with the language."""
    from scorepad.cli.words import speak_argparse
    from scorepad.locale import choose, set_language, set_suit_style
    from scorepad.store.config import load_config

    config = load_config()
    set_language(choose(_language_asked(argv), config.get("language")))
    set_suit_style(config.get("suits"))
    speak_argparse()


def _drop_stdout() -> None:
    """What is left in standard output's buffer goes nowhere: no second error when Python flushes it at exit."""
    with contextlib.suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _visible(text: str) -> str:
    """A line for the terminal: a file's name or contents may hold control characters; they are written out."""
    from scorepad.rules.names import visible

    return visible(text)


def run(args: argparse.Namespace) -> int:
    try:
        match args.command:
            case None:
                return _run_app()
            case "new":
                return _new(args)
            case "open":
                return _run_app(open_path=args.file)
            case "list":
                return _list()
            case "replay":
                return _replay(args.file, as_json=args.json)
            case "export":
                return _export(args.file, args.format, args.output, force=args.force)
            case "stats":
                return _stats()
            case "demo":
                return _demo()
            case "board":
                return _run_board(args.file)
            case "serve":
                return _serve(args)
    except Exception as error:
        # imported here, not before: `scorepad list` over games it has read before never loads the store
        from scorepad.store.files import LogError
        from scorepad.store.game_file import StoreError

        if not isinstance(error, (LogError, StoreError)):
            raise
        print(_visible(str(error)), file=sys.stderr)
        return EXIT_BAD_INPUT
    raise UsageError(_("unknown command {command!r}").format(command=args.command))


def _parse_rules(pairs: list[str]) -> dict[str, Any]:
    rules: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise UsageError(_("scorepad new: --rule wants KEY=VALUE, not {pair!r}").format(pair=pair))
        try:
            rules[key] = json.loads(value)
        except ValueError:
            rules[key] = value
    return rules


def _new(args: argparse.Namespace) -> int:
    from pydantic import ValidationError

    from scorepad.rules.header import header_problem
    from scorepad.rules.names import text_problem
    from scorepad.store.game_file import create, new_header

    problem = text_problem(args.title, _("the title"))
    if problem:
        raise UsageError(_("scorepad new: {problem}").format(problem=problem))

    try:
        header = new_header(args.game, args.players, title=args.title, rules=_parse_rules(args.rule))
    except ValidationError as error:
        first = error.errors()[0]
        problem = first["msg"].removeprefix("Value error, ")
        raise UsageError(_("scorepad new: {problem}").format(problem=problem)) from None
    problem = header_problem(header, new=True)  # new: names the table cannot tell apart are refused too
    if problem:
        raise UsageError(_("scorepad new: {problem}").format(problem=problem))
    path = create(header)
    served = bool(os.environ.get("TEXTUAL_DRIVER"))
    if args.no_open or (not served and not (sys.stdin.isatty() and sys.stdout.isatty())):
        # without a terminal (a script, a pipe) the game is made all the same: say where, as --no-open does
        print(path)
        return 0
    return _run_app(open_path=path)


def _say(line: str) -> None:
    """A line about the reading itself (not a game's): on stderr, beside the list."""
    print(line, file=sys.stderr)


def _list() -> int:
    from scorepad.library.reading import describe, read_saved_games
    from scorepad.store.files import games_dir

    listed = False
    # each line as its game is read (the first shows at once); games unchanged since a last run come from the index
    for game in read_saved_games(notice=lambda line: _say(_visible(line))):  # (a path may hold anything)
        print(describe(game))
        listed = True
    if not listed:
        print(
            _("No games yet in {folder}. Start one with: scorepad new GAME --players …").format(
                folder=games_dir()
            )
        )
    return 0


def _replay(path: Path, as_json: bool) -> int:
    from scorepad.games import replay_file

    sheet, notices = replay_file(path)
    for notice in notices:
        print(_visible(notice), file=sys.stderr)
    if as_json:
        from scorepad.text.export import to_json

        sys.stdout.write(to_json(sheet))  # the same text as `export --format json`
        return 0
    from scorepad.text.report import sheet_renderable

    _console().print(sheet_renderable(sheet))
    return 0


def _export(path: Path, fmt: str, output: Path | None, force: bool = False) -> int:
    from scorepad.games import replay_file
    from scorepad.rules.names import visible
    from scorepad.text.export import export_sheet
    from scorepad.text.export_file import ExportExists, ExportRefused, export_problem, write_export

    if output is not None:  # refused before the game is even read: nothing is written onto a game log
        problem = export_problem(output, path)
        if problem:
            raise UsageError(visible(_("scorepad export: {problem}").format(problem=problem)))
    sheet, _notices = replay_file(path)
    text = export_sheet(sheet, fmt)
    if output is None:
        sys.stdout.write(text)
        return 0
    try:
        write_export(output, text, source=path, force=force)
    except ExportRefused as refused:
        raise UsageError(visible(_("scorepad export: {problem}").format(problem=refused))) from None
    except ExportExists:
        line = _("scorepad export: {file} exists already; add --force to replace it").format(file=output)
        raise UsageError(visible(line)) from None
    except OSError as error:
        line = _("scorepad export: {file} not written ({why}); nothing was changed")
        raise UsageError(visible(line.format(file=output, why=error.strerror or error))) from None
    print(visible(_("wrote {file}").format(file=output)))
    return 0


def _console() -> Any:
    """Rich's console for standard output, whose reader leaving is said like any other (main ends quietly);
    Rich itself would exit with status 1."""
    from rich.console import Console

    class Output(Console):
        def on_broken_pipe(self) -> None:
            raise BrokenPipeError

    return Output()


def _stats() -> int:
    from scorepad.library.stats import collect_stats
    from scorepad.text.stats_table import stats_renderable

    counting = sys.stderr.isatty()  # a line that says how far the count is, on a terminal only

    def progress(done: int, total: int) -> None:
        if counting and total and (done == total or not done % 50):
            counted = _("Counting your saved games: {done} of {total}…").format(done=done, total=total)
            sys.stderr.write(f"\r{counted}\x1b[K")
            sys.stderr.flush()

    def notice(line: str) -> None:
        if counting:
            sys.stderr.write("\r\x1b[K")
        _say(_visible(line))

    stats = collect_stats(progress=progress, notice=notice)
    if counting:
        sys.stderr.write("\r\x1b[K")  # the counting line gone before the figures come
    assert stats is not None  # (never stopped)
    _console().print(stats_renderable(stats))
    return 0


def _demo() -> int:
    from scorepad.demo import ensure_demo_games

    ensure_demo_games()
    return _run_app()


def _serve(args: argparse.Namespace) -> int:
    host: str = args.host.strip()
    if not host:
        raise UsageError(_("scorepad serve: --host needs an address (127.0.0.1 for this machine only)"))
    if not 0 < args.port < 65536:
        line = _("scorepad serve: --port {port} is not a port number (1 to 65535)")
        raise UsageError(line.format(port=args.port))
    sessions = args.sessions
    if sessions is None:
        sessions = DEFAULT_BOARD_SESSIONS if args.board is not None else DEFAULT_SESSIONS
    if sessions < 1:
        raise UsageError(_("scorepad serve: --sessions wants at least 1"))
    if args.board is not None:
        return _serve_boards(host, args.port, _board_file(Path(args.board)) if args.board else None, sessions)
    try:
        from scorepad.web.serve import Guard, GuardedServer, is_loopback
    except ImportError:
        raise UsageError(_("scorepad serve: needs textual-serve (pip install textual-serve)")) from None
    from scorepad.web.notice import announce_lines, write_serving

    command = f"{shlex.quote(sys.executable)} -m scorepad"
    if args.lang:  # each browser's app speaks the language asked for
        command += f" --lang {shlex.quote(args.lang)}"
    guard = Guard.for_host(host, args.port)
    server: GuardedServer

    def announce() -> None:
        from rich.console import Console
        from rich.text import Text

        console = Console(highlight=False)
        for line, style in announce_lines(server.url, local=is_loopback(host), sessions=sessions):
            console.print(Text(line, style=style), soft_wrap=True)
        sys.stdout.flush()
        write_serving(server.url, boards=False, board_file=None)

    server = GuardedServer(
        command,
        host=host,
        port=args.port,
        guard=guard,
        sessions=sessions,
        announce=announce,
        title="scorepad",
    )
    try:
        server.serve()
    finally:
        from scorepad.web.notice import clear_serving

        clear_serving(server.url)
    return 0


def _serve_boards(host: str, port: int, board: Path | None, boards: int) -> int:
    """`serve --board`: scorepad's own board page, one server for every screen (scorepad.web.board)."""
    from scorepad.web.board.run import serve_boards

    serve_boards(host, port, board, boards)
    return 0


def _board_file(path: Path) -> Path:
    """The game file a board follows, as `scorepad open` takes it; refused in one line if it does not read."""
    from scorepad.store.game_file import load

    load(path)  # a LogError names the file and the problem
    return path.resolve()


def _run_board(path: Path | None) -> int:
    if path is not None:
        path = _board_file(path)
    served = bool(os.environ.get("TEXTUAL_DRIVER"))
    if not served and (not sys.stdin.isatty() or not sys.stdout.isatty()):
        raise UsageError(_("scorepad board: needs a terminal; try 'scorepad replay FILE'"))
    from scorepad.tui.board.app import BoardApp

    BoardApp(path).run()
    return 0


def _run_app(open_path: Path | None = None) -> int:
    # textual-serve runs the app over pipes and names its web driver in TEXTUAL_DRIVER: no tty needed then
    served = bool(os.environ.get("TEXTUAL_DRIVER"))
    if not served and (not sys.stdin.isatty() or not sys.stdout.isatty()):
        raise UsageError(
            _("scorepad: the app needs a terminal; try 'scorepad list' or 'scorepad replay FILE'")
        )
    from scorepad.tui.app import ScorepadApp

    ScorepadApp(open_path=open_path).run()
    return 0
