"""`scorepad serve` at its edges: what a stranger's connections, terminal sizes and planted files cannot do.

Floods go to 127.0.0.1 only, are bounded in count and time, and end with the test. Waits are for a condition,
each with a deadline: no fixed sleeps.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import resource
import selectors
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from .test_serve import Served, free_port, printed_url, run_serve, stop

LINUX_PROC = Path("/proc/self/statm").exists()
needs_proc = pytest.mark.skipif(not LINUX_PROC, reason="reads /proc (Linux)")


def script_command(script: str, *args: str) -> str:
    import shlex

    return " ".join(shlex.quote(part) for part in (sys.executable, "-c", script, *args))


async def until(condition: Callable[[], bool], limit: float, what: str) -> float:
    """Seconds until `condition` holds; fails after `limit` seconds."""
    start = time.monotonic()
    while not condition():
        assert time.monotonic() - start < limit, f"not within {limit} s: {what}"
        await asyncio.sleep(0.05)
    return time.monotonic() - start


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


# --------------------------------------------------------------------------- sizes: no client sizes the server


def test_terminal_sizes_are_clamped_whatever_a_browser_sends():
    from scorepad.web.limits import MAX_COLUMNS, MAX_ROWS, MIN_COLUMNS, MIN_ROWS, clamp_size

    assert (MAX_COLUMNS, MAX_ROWS) == (500, 200)
    assert clamp_size(100000, 100000) == (500, 200)
    assert clamp_size("100000", "100000") == (500, 200)
    assert clamp_size("9" * 5000, "1e400") == (500, 200)  # a digit string of any length; infinity as text
    assert clamp_size(120, 40) == (120, 40) and clamp_size("120", " 40 ") == (120, 40)
    assert clamp_size(0, -7) == (MIN_COLUMNS, MIN_ROWS)
    assert clamp_size(float("nan"), float("inf")) == (80, MAX_ROWS) and clamp_size(float("-inf"), 1) == (
        20,
        5,
    )
    for junk in (None, "wide", True, [80], {"w": 1}, ""):
        assert clamp_size(junk, junk) == (80, 24), junk


RECORDER = """
import json, os, sys
out = open(sys.argv[1], "a")
def note(*what):
    out.write(json.dumps(what) + "\\n"); out.flush()
note("start", os.environ["COLUMNS"], os.environ["ROWS"])
sys.stdout.write("__GANGLION__\\n"); sys.stdout.flush()
stdin = sys.stdin.buffer
while True:
    head = stdin.read(5)
    if len(head) < 5:
        break
    body = stdin.read(int.from_bytes(head[1:], "big"))
    if head[:1] == b"M":
        meta = json.loads(body)
        note("meta", meta)
        if meta.get("type") == "quit":
            break
    else:
        note("data", body.decode())
"""


async def test_the_app_is_told_only_clamped_sizes_from_the_address_and_from_resize_messages(tmp_path):
    import aiohttp

    told = tmp_path / "told.jsonl"
    async with Served(script_command(RECORDER, str(told))) as served, aiohttp.ClientSession() as session:
        huge = f"ws://127.0.0.1:{served.port}/{served.guard.token}/ws?width=100000&height=100000"
        async with session.ws_connect(huge, origin=served.origin) as ws:
            await ws.send_json(["resize", {"width": 100000, "height": 100000}])
            await ws.send_json(["resize", {"width": -5, "height": "tall"}])
            await ws.send_str("not json at all")  # ignored, the screen goes on
            await ws.send_json(["stdin", 5])
            await ws.send_json(["resize", {"width": 1e308, "height": None}])
            await ws.send_json(["stdin", "k"])

            def lines() -> list[Any]:
                return [json.loads(line) for line in told.read_text().splitlines()] if told.exists() else []

            await until(lambda: len(lines()) >= 5, 15, f"the app heard everything: {lines()}")
        await served.sessions_below(1)
    notes = lines()
    assert notes[0] == ["start", "500", "200"]
    sizes = [(n[1]["width"], n[1]["height"]) for n in notes if n[0] == "meta" and n[1]["type"] == "resize"]
    assert sizes == [(500, 200), (20, 24), (500, 24)]
    assert ["data", "k"] in notes and ["meta", {"type": "quit"}] in notes


def tree_rss(root: int) -> int:
    """Bytes resident in `root` and every process below it (read from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry.name))
    total, todo = 0, [root]
    while todo:
        pid = todo.pop()
        todo += children.get(pid, [])
        try:
            total += int((Path(f"/proc/{pid}/statm")).read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE")
        except (OSError, IndexError, ValueError):
            pass
    return total


async def read_screen(ws: Any, limit: float) -> int:
    """Bytes of screen the app sent within `limit` seconds of the first (0 if it closed or sent none)."""
    import aiohttp

    seen = 0
    deadline = time.monotonic() + limit
    while seen < 1000:
        message = await asyncio.wait_for(ws.receive(), max(0.1, deadline - time.monotonic()))
        if message.type not in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT):
            return seen
        if message.type == aiohttp.WSMsgType.BINARY:
            seen += len(message.data)
    return seen


@needs_proc
async def test_a_huge_terminal_request_neither_sizes_the_server_nor_keeps_its_only_screen(scorepad_home):
    """The real app, --sessions 1: a client asking for 100000×100000 gets a screen of the clamped size, the
    whole process tree stays well under 600 MiB, and the one screen is free again soon after it leaves."""
    import aiohttp

    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "scorepad", "serve", "--port", str(port), "--sessions", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        start_new_session=True,
    )
    try:
        url = printed_url(server)
        token = url.rstrip("/").rsplit("/", 1)[1]
        ws_url = f"ws://127.0.0.1:{port}/{token}/ws"
        origin = f"http://127.0.0.1:{port}"
        async with aiohttp.ClientSession() as session:
            hostile = await session.ws_connect(f"{ws_url}?width=100000&height=100000", origin=origin)
            await hostile.send_json(["resize", {"width": 100000, "height": 100000}])
            assert await read_screen(hostile, 30) >= 1000, "the app drew its (clamped) screen"
            peak = 0
            for _ in range(10):  # two seconds with the hostile client connected
                peak = max(peak, tree_rss(server.pid))
                await asyncio.sleep(0.2)
            assert peak < 600 * 2**20, f"the tree of serve holds {peak >> 20} MiB"
            await hostile.close()
            left = time.monotonic()
            while True:  # the one screen is free again
                try:
                    async with session.ws_connect(f"{ws_url}?width=80&height=24", origin=origin) as ws:
                        assert await read_screen(ws, 30) >= 1000
                        break
                except aiohttp.WSServerHandshakeError as error:
                    assert error.status == 503
                    assert time.monotonic() - left < 10, "the screen was not let go within 10 s"
                    await asyncio.sleep(0.1)
    finally:
        stop(server)
    print(f"tree of serve with a 100000x100000 client: {peak >> 20} MiB at most")


# --------------------------------------------------------------------------- an app's end


STUBBORN = """
import os, signal, sys, time
signal.signal(signal.SIGTERM, signal.SIG_IGN)
open(sys.argv[1], "w").write(str(os.getpid()))
sys.stdout.write("__GANGLION__\\n"); sys.stdout.flush()
while True:
    time.sleep(0.05)  # reads no input: never hears "quit"
"""


async def test_an_app_that_ignores_quit_and_sigterm_is_killed_and_its_screen_freed(tmp_path):
    import aiohttp

    pid_file = tmp_path / "pid"
    async with (
        Served(script_command(STUBBORN, str(pid_file)), sessions=1) as served,
        aiohttp.ClientSession() as session,
    ):
        ws = await session.ws_connect(served.ws, origin=served.origin)
        await until(lambda: pid_file.exists() and pid_file.read_text().strip() != "", 15, "the app started")
        pid = int(pid_file.read_text())
        for _ in range(40):  # 2 MiB of keys it never reads: more than a pipe holds
            await ws.send_json(["stdin", "x" * 50_000])
        await ws.send_json(["ping", "still here"])
        while True:  # the server still reads this browser's messages
            message = await asyncio.wait_for(ws.receive(), 10)
            if message.type == aiohttp.WSMsgType.TEXT and json.loads(message.data) == ["pong", "still here"]:
                break
        await ws.close()
        took = await until(lambda: served.server.sessions == 0, 10, "the screen is free")
        assert gone(pid), "the app process was ended"
        assert took < 10
        print(f"an app deaf to quit and SIGTERM: screen free {took:.1f} s after its browser left")
        async with session.get(served.page) as response:
            assert response.status == 200  # not "all screens are taken"


HOG = """
import os, sys, time
open(sys.argv[1], "w").write(str(os.getpid()))
sys.stdout.write("__GANGLION__\\n"); sys.stdout.flush()
hog = []
while True:
    hog.append(b"x" * (4 * 2**20))
    time.sleep(0.02)
"""


@needs_proc
async def test_an_app_beyond_its_memory_bound_is_ended(tmp_path):
    import aiohttp

    pid_file = tmp_path / "pid"
    bound = 96 * 2**20
    async with (
        Served(script_command(HOG, str(pid_file)), sessions=1, app_memory=bound) as served,
        aiohttp.ClientSession() as session,
    ):
        ws = await session.ws_connect(served.ws, origin=served.origin)
        await until(lambda: pid_file.exists() and pid_file.read_text().strip() != "", 15, "the app started")
        pid = int(pid_file.read_text())
        limits = Path(f"/proc/{pid}/limits").read_text()
        data_limit = re.search(r"Max data size\s+(\d+)", limits)
        assert data_limit is not None and int(data_limit.group(1)) <= bound + 64 * 2**20, limits
        message = await asyncio.wait_for(ws.receive(), 10)  # the server lets the browser go
        assert message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED), message
        await ws.close()
        await until(lambda: gone(pid), 10, "the app process was ended")
        await served.sessions_below(1)


def test_limit_memory_caps_a_running_childs_data():
    from scorepad.web.limits import limit_memory

    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        limit_memory(child.pid, 300 * 2**20)
        if hasattr(resource, "prlimit"):
            assert resource.prlimit(child.pid, resource.RLIMIT_DATA) == (300 * 2**20, 300 * 2**20)
    finally:
        child.kill()
        child.wait()


# --------------------------------------------------------------------------- connections


def raw_get(port: int, path: str, timeout: float = 5) -> tuple[int, str]:
    """A plain HTTP GET on its own connection: (status, body). 0 when the server closed without answering."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
        data = b""
        try:
            while chunk := sock.recv(65536):
                data += chunk
        except ConnectionResetError:
            pass
    head, _, body = data.partition(b"\r\n\r\n")
    found = re.match(rb"HTTP/1\.1 (\d+)", head)
    return (int(found.group(1)) if found else 0), body.decode("utf-8", "replace")


async def test_connections_beyond_the_cap_are_told_the_pad_is_busy(tmp_path):
    from scorepad.web.limits import busy_text

    async with Served(script_command(RECORDER, str(tmp_path / "told"))) as served:
        served.server.limiter.cap = 3
        held = [await asyncio.open_connection("127.0.0.1", served.port) for _ in range(3)]
        await until(lambda: served.server.limiter.open == 3, 5, "three connections counted")
        reader, writer = await asyncio.open_connection("127.0.0.1", served.port)
        answer = await asyncio.wait_for(reader.read(), 5)  # the answer, then the end: closed at once
        writer.close()
        assert answer.startswith(b"HTTP/1.1 503") and busy_text().encode() in answer
        held[0][1].close()
        await until(lambda: served.server.limiter.open == 2, 5, "a closed connection is let go")
        status, page = await asyncio.to_thread(raw_get, served.port, f"/{served.guard.token}/")
        assert status == 200 and "<html" in page.lower()
        for _, writer in held[1:]:
            writer.close()


async def test_one_addresss_flood_leaves_room_for_the_others(tmp_path):
    from scorepad.web.limits import busy_text

    async with Served(script_command(RECORDER, str(tmp_path / "told"))) as served:
        limiter = served.server.limiter
        limiter.cap = 40
        assert limiter.per_address == 10
        stranger = [
            await asyncio.open_connection("127.0.0.1", served.port, local_addr=("127.0.0.2", 0))
            for _ in range(10)
        ]
        await until(lambda: limiter.by_address.get("127.0.0.2") == 10, 5, "ten from one address counted")
        reader, writer = await asyncio.open_connection("127.0.0.1", served.port, local_addr=("127.0.0.2", 0))
        assert busy_text().encode() in await asyncio.wait_for(reader.read(), 5)
        writer.close()
        status, _ = await asyncio.to_thread(raw_get, served.port, f"/{served.guard.token}/")  # from 127.0.0.1
        assert status == 200
        for _, writer in stranger:
            writer.close()
        await until(lambda: limiter.open == 0 and limiter.by_address == {}, 5, "all let go")


async def test_a_connection_that_never_finishes_its_request_is_closed(tmp_path):
    async with Served(script_command(RECORDER, str(tmp_path / "told"))) as served:
        served.server.limiter.request_timeout = 0.5
        bare = await asyncio.open_connection("127.0.0.1", served.port)
        slow = await asyncio.open_connection("127.0.0.1", served.port)
        slow[1].write(f"GET /{served.guard.token}/ HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\n".encode())
        for reader, writer in (bare, slow):  # a head never finished: closed, with nothing said
            assert await asyncio.wait_for(reader.read(), 5) == b""
            writer.close()
        assert served.server.limiter.timed_out == 2 and served.server.limiter.open == 0
        status, _ = await asyncio.to_thread(raw_get, served.port, f"/{served.guard.token}/")
        assert status == 200


def flood(port: int, count: int) -> list[socket.socket]:
    """`count` bare connections to 127.0.0.1:`port` that send nothing."""
    sockets = []
    for _ in range(count):
        sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        sock.setblocking(False)
        sockets.append(sock)
    return sockets


def closed_by_server(sockets: list[socket.socket], wanted: int, limit: float) -> list[socket.socket]:
    """Those of `sockets` the server closed (EOF, a reset, or a 503 then EOF), once `wanted` were or `limit`
    seconds passed."""
    selector = selectors.DefaultSelector()
    for sock in sockets:
        selector.register(sock, selectors.EVENT_READ)
    closed: list[socket.socket] = []
    deadline = time.monotonic() + limit
    try:
        while len(closed) < wanted and time.monotonic() < deadline:
            for key, _ in selector.select(timeout=max(0.01, deadline - time.monotonic())):
                sock = key.fileobj
                assert isinstance(sock, socket.socket)
                try:
                    data = sock.recv(65536)
                except BlockingIOError:
                    continue
                except ConnectionResetError:
                    data = b""
                if not data:
                    selector.unregister(sock)
                    closed.append(sock)
    finally:
        selector.close()
    return closed


def lower_descriptor_limit() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256))


@pytest.mark.parametrize("board", [False, True], ids=["app", "board"])
async def test_a_flood_of_bare_connections_under_a_low_descriptor_limit(tmp_path, scorepad_home, board):
    """300 bare connections to a serve that may open 256 files: it refuses those beyond its cap, closes the
    rest after a few seconds without a request, and answers its page again; nothing is left broken."""
    from scorepad.web.limits import REQUEST_TIMEOUT, connection_cap

    port = free_port()
    errors = tmp_path / "stderr"
    command = [
        sys.executable,
        "-m",
        "scorepad",
        "serve",
        "--port",
        str(port),
        *(["--board"] if board else []),
    ]
    with errors.open("w") as stderr:
        server = subprocess.Popen(
            command,
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
            start_new_session=True,
            preexec_fn=lower_descriptor_limit,
        )
    sockets: list[socket.socket] = []
    try:
        url = printed_url(server)
        path = "/" + url.split("/", 3)[3]
        cap = connection_cap(256, 0 if board else 4)  # boards start no app process
        started = time.monotonic()
        sockets = await asyncio.to_thread(flood, port, 300)
        refused = await asyncio.to_thread(closed_by_server, sockets, 300 - cap, 10)
        assert len(refused) >= 300 - cap, (
            f"only {len(refused)} connections beyond the cap of {cap} were refused"
        )
        assert server.poll() is None, f"serve died: {errors.read_text()}"
        # those let in sent no request: closed within a few seconds, though the flood still holds them open
        let_in = [sock for sock in sockets if sock not in refused]
        timed_out = await asyncio.to_thread(closed_by_server, let_in, len(let_in), REQUEST_TIMEOUT + 10)
        assert len(timed_out) == len(let_in), (
            f"{len(let_in) - len(timed_out)} bare connections never timed out"
        )
        took = time.monotonic() - started
        assert server.poll() is None, f"serve died: {errors.read_text()}"
        assert (await asyncio.to_thread(raw_get, port, path))[0] == 200
        assert (await asyncio.to_thread(raw_get, port, "/"))[0] == 403
        for sock in sockets:
            sock.close()
        sockets = []
        status, page = await asyncio.to_thread(raw_get, port, path)
        assert status == 200 and "<html" in page.lower()
    finally:
        for sock in sockets:
            sock.close()
        stop(server)
    text = errors.read_text()
    assert "Traceback" not in text, text
    print(f"flood of 300 under a 256-file limit: cap {cap}, all closed by the server within {took:.1f} s")


# --------------------------------------------------------------------------- binding: before any word


def notice_path(port: int) -> Path:
    from scorepad.web.notice import serving_dir

    return serving_dir() / f"{port}.json"


async def test_a_second_serve_on_a_busy_port_says_so_and_leaves_the_first_alone(scorepad_home):
    port = free_port()
    first = subprocess.Popen(
        [sys.executable, "-m", "scorepad", "serve", "--board", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        start_new_session=True,
    )
    try:
        url = printed_url(first)
        notice = notice_path(port)
        await until(notice.exists, 15, "the first serve wrote its notice")
        before = notice.read_bytes()
        assert json.loads(before)["pid"] == first.pid

        for args in (
            ("--port", str(port)),
            ("--board", "--port", str(port)),
            ("--host", "localhost", "--port", str(port)),
        ):
            second = await asyncio.to_thread(run_serve, *args)
            assert second.returncode == 2, (args, second.stderr)
            assert second.stdout == "", f"an address or QR code was printed: {second.stdout}"
            assert f"port {port} is already in use" in second.stderr
            assert len(second.stderr.strip().splitlines()) == 1 and "Traceback" not in second.stderr
            assert notice.read_bytes() == before, "the first serve's notice was touched"

        path = "/" + url.split("/", 3)[3]
        assert (await asyncio.to_thread(raw_get, port, path))[0] == 200  # the first still serves
    finally:
        stop(first)
    assert not notice.exists(), "the first serve takes its own notice away when it stops"


@pytest.mark.parametrize(
    "host, words",
    [
        ("256.1.1.1", "--host 256.1.1.1 is not an address"),
        ("1.2.3", "--host 1.2.3 is not an address"),
        ("::zz", "--host ::zz is not an address"),
        ("no-such-machine.invalid", "no machine of that name was found"),
        ("192.0.2.7", "not an address of this machine"),  # TEST-NET-1: a real address, but no machine's here
    ],
)
def test_a_host_that_is_not_this_machine_gives_one_line_and_exit_2(host, words):
    result = run_serve("--host", host, "--port", str(free_port()))
    assert result.returncode == 2, result.stderr
    assert words in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr
    assert result.stdout == ""


# --------------------------------------------------------------------------- the serving notice


def test_a_link_planted_at_the_notices_temporary_name_is_not_written_through(tmp_path, scorepad_home):
    from scorepad.web.notice import clear_serving, serving_dir, write_serving

    precious = tmp_path / "precious.txt"
    precious.write_text("keep me")
    serving_dir().mkdir(parents=True)
    planted = serving_dir() / "8123.tmp"
    planted.symlink_to(precious)
    url = "http://127.0.0.1:8123/k3y/"
    write_serving(url, boards=True, board_file=None)
    assert precious.read_text() == "keep me" and planted.is_symlink()
    notice = notice_path(8123)
    assert not notice.is_symlink() and json.loads(notice.read_text())["pid"] == os.getpid()
    assert (notice.stat().st_mode & 0o777) == 0o600
    assert sorted(p.name for p in serving_dir().iterdir()) == ["8123.json", "8123.tmp"]  # no temporary left
    clear_serving(url)
    assert not notice.exists() and planted.is_symlink() and precious.read_text() == "keep me"


def test_a_link_planted_at_the_notice_is_left_alone(tmp_path, scorepad_home, capsys):
    from scorepad.web.notice import clear_serving, serving_dir, write_serving

    precious = tmp_path / "precious.json"
    mine = json.dumps({"url": "http://127.0.0.1:8123/k3y/", "pid": os.getpid(), "boards": True})
    precious.write_text(mine)  # looks like this process's own notice: still not removed through the link
    serving_dir().mkdir(parents=True)
    notice = notice_path(8123)
    notice.symlink_to(precious)
    url = "http://127.0.0.1:8123/k3y/"
    write_serving(url, boards=False, board_file=None)
    warning = capsys.readouterr().err
    assert "symbolic link" in warning and len(warning.strip().splitlines()) == 1
    clear_serving(url)
    assert notice.is_symlink() and precious.read_text() == mine
    assert sorted(p.name for p in serving_dir().iterdir()) == ["8123.json"]


def test_another_running_serves_notice_is_neither_replaced_nor_removed(scorepad_home, capsys):
    from scorepad.web.notice import clear_serving, serving_dir, write_serving

    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        serving_dir().mkdir(parents=True)
        notice = notice_path(8123)
        theirs = json.dumps({"url": "http://192.168.1.20:8123/0ther/", "pid": other.pid, "boards": True})
        notice.write_text(theirs)
        url = "http://127.0.0.1:8123/k3y/"
        write_serving(url, boards=True, board_file=None)
        assert "another scorepad serve" in capsys.readouterr().err
        clear_serving(url)
        assert notice.read_text() == theirs
    finally:
        other.kill()
        other.wait()
    write_serving(url, boards=True, board_file=None)  # once that serve is gone, its notice is stale: replaced
    assert json.loads(notice.read_text())["pid"] == os.getpid()
    clear_serving(url)
    assert not notice.exists()


# --------------------------------------------------------------------------- the log


def test_the_log_writes_one_line_and_imports_nothing_to_do_it():
    """The error path must work with no descriptor left: no traceback to format, no module to import."""
    import io

    from scorepad.web.serve import OneLineFormatter

    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(OneLineFormatter())
    logger = logging.getLogger("scorepad.test-serve-edges")
    logger.addHandler(handler)
    logger.propagate = False
    try:
        before = set(sys.modules)
        try:
            raise OSError(24, "Too many open files")
        except OSError:
            logger.exception("socket.accept() out of system resource\nsecond line")
        assert set(sys.modules) == before
    finally:
        logger.removeHandler(handler)
    text = stream.getvalue()
    assert text.count("\n") == 1 and "Traceback" not in text
    assert text.startswith("scorepad serve: socket.accept() out of system resource")
    assert "OSError: [Errno 24] Too many open files" in text


def test_serve_sets_up_its_log_without_rich_tracebacks():
    code = (
        "import logging\nfrom scorepad.web.serve import Guard, GuardedServer\n"
        "GuardedServer('true', host='127.0.0.1', port=8000, guard=Guard.for_host('127.0.0.1', 8000),"
        " sessions=1).initialize_logging()\n"
        "print([type(h).__name__ for h in logging.getLogger().handlers])"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "['StreamHandler']", done.stderr


async def test_serve_ends_on_sigterm_with_its_apps(scorepad_home):
    """A plain stop still works: SIGTERM, and serve and the app it started are gone within seconds."""
    import aiohttp

    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "scorepad", "serve", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        start_new_session=True,
    )
    try:
        url = printed_url(server)
        token = url.rstrip("/").rsplit("/", 1)[1]
        async with aiohttp.ClientSession() as session:
            ws = await session.ws_connect(
                f"ws://127.0.0.1:{port}/{token}/ws?width=80&height=24", origin=f"http://127.0.0.1:{port}"
            )
            assert await read_screen(ws, 30) >= 1000
            children = Path(f"/proc/{server.pid}/task/{server.pid}/children")
            apps = [int(p) for p in children.read_text().split()] if children.exists() else []
            server.send_signal(signal.SIGTERM)
            await asyncio.to_thread(server.wait, 15)
            await ws.close()
        assert server.returncode == 0
        for pid in apps:
            assert gone(pid), "an app outlived serve"
    finally:
        stop(server)
