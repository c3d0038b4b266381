"""SSH load: N players in one room, each pressing keys; memory and key-to-frame latency.

Starts ``threadbox serve`` in a subprocess (a private data folder, a free
port), connects N SSH clients from this process with asyncssh, and puts them
all in one room: the first creates it, the second takes the other seat (the
game starts), everyone else watches it. Then every client presses keys that
redraw its screen (``l`` shows or hides the log panel), one key every
``--interval`` seconds at a random phase, and times each key to the first
byte of the frame that answers it.

Prints the server's memory (PSS from /proc) idle, with one session, and with
N sessions, the memory per session, and key-to-frame latency (median, p95).

    python benchmarks/ssh_load.py --sessions 100 --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import asyncssh
import pyte

ROOT = Path(__file__).resolve().parent.parent


def pss_kib(pid: int) -> int:
    """Proportional set size of a process, in KiB (RSS where PSS is not available)."""
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
        return int(re.search(r"^Pss:\s+(\d+) kB", text, re.M).group(1))
    except (OSError, AttributeError):
        text = Path(f"/proc/{pid}/status").read_text()
        return int(re.search(r"^VmRSS:\s+(\d+) kB", text, re.M).group(1))


def cpu_seconds(pid: int) -> float:
    """User + system CPU time the process has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def game_position(game: str) -> int:
    """How far down the new-room list of games ``game`` is (only built games can be picked)."""
    from threadbox.rules.core import CATALOGUE, is_built

    built = [e.id for e in CATALOGUE if is_built(e.id)]
    if game not in built:
        raise SystemExit(f"--game: {game} is not built (built: {', '.join(built)})")
    return built.index(game)


def start_server(home: Path, max_connections: int, extra: list[str]) -> tuple[subprocess.Popen, int]:
    env = dict(os.environ, THREADBOX_HOME=str(home))
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "threadbox",
            "serve",
            "--port",
            "0",
            "--max-connections",
            str(max_connections + 10),
            "--max-connections-per-address",  # every client comes from 127.0.0.1
            str(max_connections + 10),
            "--max-unauthenticated-per-address",  # every client comes from 127.0.0.1, ten at a time
            "20",
            "--idle-timeout",
            "0",
            "--bot-delay",
            "0.2",
            *extra,
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        match = re.search(r"serving on [^ ]+:(\d+)", line)
        if match:
            return proc, int(match.group(1))
    proc.kill()
    raise SystemExit("the server did not start:\n" + (proc.stderr.read() if proc.stderr else ""))


class Client:
    def __init__(self, name: str, width: int, height: int):
        self.name = name
        self.screen: pyte.Screen | None = pyte.Screen(width, height)
        self.stream: pyte.ByteStream | None = pyte.ByteStream(self.screen)
        self.size = (width, height)
        self.proc: asyncssh.SSHClientProcess | None = None
        self.conn: asyncssh.SSHClientConnection | None = None
        self.arrived = asyncio.Event()
        self.last_data = 0.0
        self.latencies: list[float] = []
        self.missed = 0

    async def open(self, port: int) -> None:
        self.conn = await asyncssh.connect(
            "127.0.0.1", port, username=self.name, known_hosts=None, config=None, client_keys=None, agent_path=None
        )
        self.proc = await self.conn.create_process(term_type="xterm-256color", term_size=self.size, encoding=None)
        asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        assert self.proc is not None
        while True:
            data = await self.proc.stdout.read(65536)
            if not data:
                return
            self.last_data = time.perf_counter()
            if self.stream is not None:
                self.stream.feed(data)
            self.arrived.set()

    def text(self) -> str:
        return "\n".join(self.screen.display) if self.screen else ""

    async def wait_for(self, needle: str, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while needle not in self.text():
            if time.monotonic() > deadline:
                raise RuntimeError(f"{self.name}: no {needle!r} on screen:\n{self.text()}")
            self.arrived.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.arrived.wait(), 1)

    def send(self, data: bytes) -> None:
        assert self.proc is not None
        self.proc.stdin.write(data)

    async def quiet(self, gap: float = 0.15, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            await asyncio.sleep(gap / 3)
            if time.perf_counter() - self.last_data > gap:
                return

    def stop_emulating(self) -> None:
        """Measure from here on without the terminal emulator's cost in this process."""
        self.screen = None
        self.stream = None

    async def press_loop(self, until: float, interval: float, key: bytes) -> None:
        await asyncio.sleep(random.uniform(0, interval))
        while time.perf_counter() < until:
            self.arrived.clear()
            sent = time.perf_counter()
            self.send(key)
            try:
                await asyncio.wait_for(self.arrived.wait(), 2.0)
                self.latencies.append(self.last_data - sent)
            except TimeoutError:
                self.missed += 1
                if os.environ.get("BENCH_DEBUG"):
                    print(f"{self.name}: no frame for key {key!r} at {sent:.3f}")
            await asyncio.sleep(max(0.05, random.uniform(0.5, 1.5) * interval - (time.perf_counter() - sent)))

    async def close(self) -> None:
        if self.conn is not None:
            self.conn.close()


async def run(args) -> int:
    home = Path(tempfile.mkdtemp(prefix="threadbox-bench-"))
    server, port = start_server(home, args.sessions, args.serve_option)
    try:
        await asyncio.sleep(1.0)
        idle = pss_kib(server.pid)
        clients = [Client(f"p{i:03d}", args.width, args.height) for i in range(args.sessions)]
        host, guest = clients[0], clients[1] if len(clients) > 1 else None
        t0 = time.perf_counter()
        await host.open(port)
        await host.wait_for("signed in as")
        first_frame = time.perf_counter() - t0
        await host.quiet()
        one = pss_kib(server.pid)
        if args.lobby_only:  # memory of sessions that stay in the lobby, then stop
            others = clients[1:]
            for i in range(0, len(others), 10):
                await asyncio.gather(*(c.open(port) for c in others[i : i + 10]))
                await asyncio.gather(*(c.wait_for("signed in as") for c in others[i : i + 10]))
            await asyncio.gather(*(c.quiet(0.3) for c in clients))
            await asyncio.sleep(3)
            full = pss_kib(server.pid)
            n = len(clients)
            print(
                f"{n} sessions in the lobby: server PSS idle {idle / 1024:.1f} MiB, 1 session {one / 1024:.1f} MiB, "
                f"{n} sessions {full / 1024:.1f} MiB: {(full - one) / (n - 1) / 1024:.2f} MiB per session"
            )
            await asyncio.gather(*(c.close() for c in clients), return_exceptions=True)
            return 0
        host.send(b"n")
        await host.wait_for("New room")
        await host.quiet()
        for _ in range(game_position(args.game)):  # down the list of built games to ours
            host.send(b"\x1b[B")
            await host.quiet(0.1)
        host.send(b"\x13")  # ctrl+s: create (two seats: you and an open one)
        await host.wait_for("Waiting for players")
        code = re.search(r"Room ([A-Z]{4})", host.text()).group(1)
        if guest is not None:
            await guest.open(port)
            await guest.wait_for(code)
            guest.send(b"\r")  # join the highlighted (only) room
            await guest.wait_for("Your options")
        await host.wait_for("Your options")

        async def spectate(client: Client) -> None:
            await client.open(port)
            await client.wait_for(code)
            await client.quiet()
            client.send(b"w")  # watch
            await client.wait_for("Watching")

        rest = clients[2:]
        started = time.perf_counter()
        for i in range(0, len(rest), 10):  # ten at a time, like people arriving
            await asyncio.gather(*(spectate(c) for c in rest[i : i + 10]))
        join_time = time.perf_counter() - started
        await asyncio.gather(*(c.quiet(0.3) for c in clients))
        for c in clients:
            c.stop_emulating()
        await asyncio.sleep(6)  # toasts ("X joined") time out
        full = pss_kib(server.pid)
        c0 = cpu_seconds(server.pid)
        await asyncio.sleep(5)
        idle_cpu = (cpu_seconds(server.pid) - c0) / 5

        until = time.perf_counter() + args.seconds
        c0 = cpu_seconds(server.pid)
        await asyncio.gather(*(c.press_loop(until, args.interval, args.key.encode()) for c in clients))
        busy_cpu = (cpu_seconds(server.pid) - c0) / args.seconds
        after = pss_kib(server.pid)
        latencies = sorted(x for c in clients for x in c.latencies)
        missed = sum(c.missed for c in clients)

        # A move: one player acts, every screen in the room redraws.
        spreads: list[float] = []
        for _ in range(args.moves):
            await asyncio.gather(*(c.quiet(0.3) for c in clients))
            for c in clients:
                c.arrived.clear()
            sent = time.perf_counter()
            host.send(args.act_key.encode())
            try:
                await asyncio.wait_for(asyncio.gather(*(c.arrived.wait() for c in clients)), 15)
                spreads.append(max(c.last_data for c in clients) - sent)
            except TimeoutError:
                print(f"a move reached only {sum(c.arrived.is_set() for c in clients)} of {len(clients)} screens")
            await asyncio.sleep(1.0)

        n = len(clients)
        print(
            f"sessions: {n} in one room of {args.game} (2 players, {n - 2} watching), "
            f"window {args.width}x{args.height}, a key every {args.interval:g} s each"
        )
        print(
            f"first frame of the first session: {first_frame * 1000:.0f} ms; {n - 2} spectators joined in {join_time:.1f} s"
        )
        print(
            f"server PSS: idle {idle / 1024:.1f} MiB, 1 session {one / 1024:.1f} MiB, "
            f"{n} sessions {full / 1024:.1f} MiB, after the key test {after / 1024:.1f} MiB"
        )
        if n > 1:
            print(
                f"memory per session: {(full - one) / (n - 1) / 1024:.2f} MiB "
                f"(from idle: {(full - idle) / n / 1024:.2f} MiB)"
            )
        print(
            f"server CPU: {idle_cpu * 100:.0f}% of a core with everyone idle, {busy_cpu * 100:.0f}% while pressing keys"
        )
        if latencies:
            p95 = latencies[min(len(latencies) - 1, int(0.95 * len(latencies)))]
            print(
                f"key-to-frame over {len(latencies)} keys ({len(latencies) / args.seconds:.0f}/s): "
                f"median {statistics.median(latencies) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms, "
                f"max {latencies[-1] * 1000:.1f} ms; unanswered {missed}"
            )
        if spreads:
            print(
                f"a move on every one of the {n} screens after: "
                + ", ".join(f"{x * 1000:.0f} ms" for x in spreads)
                + f" ({len(spreads)} moves)"
            )
        await asyncio.gather(*(c.close() for c in clients), return_exceptions=True)
        return 0
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sessions", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=20.0, help="how long everyone presses keys")
    parser.add_argument("--interval", type=float, default=1.0, help="seconds between one client's keys (mean)")
    parser.add_argument("--width", type=int, default=100)
    parser.add_argument("--height", type=int, default=30)
    parser.add_argument(
        "--serve-option",
        action="append",
        default=[],
        metavar="ARG",
        help="passed on to threadbox serve (repeat for each word, e.g. --serve-option=--stall-limit --serve-option=0)",
    )
    parser.add_argument("--lobby-only", action="store_true", help="only measure sessions waiting in the lobby")
    parser.add_argument("--game", default="thread-count", help="the room's game (default thread-count)")
    parser.add_argument("--key", default="l", help="the key everyone presses (default l: show/hide the log)")
    parser.add_argument("--moves", type=int, default=3, help="moves the first player makes at the end")
    parser.add_argument("--act-key", default="\r", help="the key that makes a move (default enter)")
    args = parser.parse_args()
    if args.sessions < 2:
        parser.error("--sessions must be at least 2 (a room needs two players)")
    return asyncio.run(run(args))


if __name__ == "__main__":
    sys.exit(main())
