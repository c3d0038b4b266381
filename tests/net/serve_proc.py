"""``threadbox serve`` in its own process, with the test game, for tests that kill or flood the server.

Run as ``python tests/net/serve_proc.py [--hang-on-help] SERVE-OPTIONS...``.
``--hang-on-help``: the second seat's ``?`` key runs an endless loop (a bug
that never returns), to test what happens when the event loop hangs.
``--slow-saves SECONDS``: every save file written outside the event loop's
thread (the background autosave) takes that much longer, as on a busy disk;
each such write logs "slow save of NAME with N moves" when it begins.
``python tests/net/serve_proc.py flood PORT SECONDS``: one hostile player at
full speed (``flood``), in a process of its own; prints what it did as JSON.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent


class ServerProcess:
    """A server subprocess: its port, its memory, its end."""

    def __init__(self, home: Path, *options: str, hang_on_help: bool = False, slow_saves: float = 0.0):
        env = dict(os.environ, THREADBOX_HOME=str(home), PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "tests")]))
        args = [sys.executable, str(HERE / "serve_proc.py"), *(["--hang-on-help"] if hang_on_help else [])]
        args += ["--slow-saves", str(slow_saves)] if slow_saves else []
        args += ["--port", "0", "--idle-timeout", "0", "--bot-delay", "0.05", *options]
        self.home = home
        self.proc = subprocess.Popen(args, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.port = 0
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline() if self.proc.stdout else ""
            if not line:
                break
            match = re.search(r"serving on [^ ]+:(\d+)", line)
            if match:
                self.port = int(match.group(1))
                return
        self.proc.kill()
        raise RuntimeError("the server did not start: " + (self.proc.stdout.read() if self.proc.stdout else ""))

    def rss_mib(self) -> float:
        text = Path(f"/proc/{self.proc.pid}/status").read_text()
        return int(re.search(r"^VmRSS:\s+(\d+) kB", text, re.M).group(1)) / 1024

    def cpu_seconds(self) -> float:
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def log(self) -> str:
        return (self.home / "serve.log").read_text()

    def signal(self, sig: int = signal.SIGTERM) -> None:
        self.proc.send_signal(sig)

    def wait(self, timeout: float) -> int:
        return self.proc.wait(timeout)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)
        if self.proc.stdout:
            self.proc.stdout.close()


SPIN = "import time\nend = time.monotonic() + {seconds}\nwhile time.monotonic() < end: pass"
SYNC = """import os, time
end = time.monotonic() + {seconds}
with open({path!r}, "wb") as f:
    while time.monotonic() < end:
        f.seek(0); f.write(os.urandom(1 << 22)); f.flush(); os.fsync(f.fileno())
os.unlink({path!r})"""


class Burner:
    """The machine kept busy for at most ``seconds``: a process spinning on each core, and with
    ``folder`` one more rewriting and syncing 4 MiB there (the disk busy too)."""

    def __init__(self, seconds: float, folder: Path | None = None):
        codes = [SPIN.format(seconds=seconds)] * (os.cpu_count() or 2)
        if folder is not None:
            codes.append(SYNC.format(seconds=seconds, path=str(folder / "burner.bin")))
        self.procs = [subprocess.Popen([sys.executable, "-c", code]) for code in codes]

    def stop(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                proc.kill()
            proc.wait()


class Flooder:
    """``flood`` in its own process: a flood's own cost must not slow the test's measuring client."""

    def __init__(self, port: int, seconds: float):
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "tests")]))
        args = [sys.executable, str(HERE / "serve_proc.py"), "flood", str(port), str(seconds)]
        self.proc = subprocess.Popen(args, env=env, stdout=subprocess.PIPE, text=True)

    async def wait(self) -> dict:
        out, _ = await asyncio.get_running_loop().run_in_executor(None, self.proc.communicate)
        return json.loads(out or "{}")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.communicate()


async def _drain(proc) -> None:
    with contextlib.suppress(Exception):
        while await proc.stdout.read(65536):
            pass


async def flood(port: int, until: float, stats: dict) -> None:
    """One hostile player at full speed: the palette, window sizes, random bytes; back in when thrown out."""
    rnd = random.Random(8)
    while time.monotonic() < until:
        try:
            from net.sshterm import connect

            conn = await connect(port, "mallory")
            proc = await conn.create_process(term_type="xterm", term_size=(100, 30), encoding=None)
        except Exception:
            stats["refused"] = stats.get("refused", 0) + 1
            await asyncio.sleep(0.2)
            continue
        stats["sessions"] = stats.get("sessions", 0) + 1

        reader = asyncio.get_running_loop().create_task(_drain(proc))
        try:
            proc.stdin.write(b"\x10")  # ctrl+p: the command palette
            n = 0
            while time.monotonic() < until and not reader.done():
                n += 1
                proc.stdin.write(bytes(rnd.choice(b"abcdefghijklmnopqrstuvwxyz") for _ in range(4096)))
                for _ in range(200):
                    proc.change_terminal_size(60 + rnd.randrange(200), 20 + rnd.randrange(80))
                if n % 4 == 0:
                    junk = bytes(rnd.randrange(256) for _ in range(2048))
                    proc.stdin.write(junk.replace(b"\x11", b"").replace(b"\x03", b""))
                if n % 8 == 0:
                    proc.stdin.write(b"\x10")
                # The server stops reading a flood: its deadline, not the server, ends this wait.
                await asyncio.wait_for(proc.stdin.drain(), max(0.0, until - time.monotonic()))
                await asyncio.sleep(0)
        except Exception:
            pass
        finally:
            reader.cancel()
            conn.close()


def slow_saves(seconds: float) -> None:
    """Writes off the loop's thread begin with a log line and take ``seconds`` longer (a slow disk)."""
    import logging
    import threading

    from threadbox.net import saving

    log = logging.getLogger("threadbox.net.test")
    original = saving.write_atomic

    def slow(path, text, *args, **kw):
        if threading.current_thread() is not threading.main_thread():
            moves = len(json.loads(text).get("actions", [])) if text else 0
            log.warning("slow save of %s with %d moves", path.name, moves)
            time.sleep(seconds)
        return original(path, text, *args, **kw)

    saving.write_atomic = slow


def main() -> int:
    if sys.argv[1:2] == ["flood"]:
        sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
        stats: dict = {}
        asyncio.run(flood(int(sys.argv[2]), time.monotonic() + float(sys.argv[3]), stats))
        print(json.dumps(stats), flush=True)
        os._exit(0)  # at once: closing connections the server no longer reads could wait a long time
    import pytest

    from threadbox.net import add_serve_arguments, run_serve

    sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
    from net.fakegame import install

    parser = argparse.ArgumentParser()
    parser.add_argument("--hang-on-help", action="store_true")
    parser.add_argument("--slow-saves", type=float, default=0.0)
    add_serve_arguments(parser)
    args = parser.parse_args()
    patch = pytest.MonkeyPatch()
    install(patch)
    if args.hang_on_help:
        from threadbox.tui.game_screen import GameScreen

        original = GameScreen.action_help

        def hang(self):
            if self.port.seat == 1:
                while True:  # a bug that never returns
                    pass
            return original(self)

        GameScreen.action_help = hang
    if args.slow_saves:
        slow_saves(args.slow_saves)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # only SIGTERM stops it (as under a supervisor)
    return run_serve(args)


if __name__ == "__main__":
    sys.exit(main())
