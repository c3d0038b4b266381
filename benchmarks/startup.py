"""Startup: process start to the game menu's first frame, as a ratio to a minimal Textual app.

Runs ``python -m threadbox`` (the game menu, what the ``threadbox`` command
opens) and a minimal Textual app (a Header, an OptionList and a Footer)
turn about, each in a pseudo-terminal of its own, many times. The clock
starts just before the process is started and stops when the first frame
has been written whole: the terminal answers Textual's question whether it
can take synchronized output (yes, as most current terminals do), so Textual
wraps each frame in begin/end markers, and the end marker of the first frame
that holds the app's text stops the clock (a first frame drawn before that
answer was read has no markers: see ``frame_done``). Every run uses a
throw-away data folder (``THREADBOX_HOME`` and the XDG folders), so no one's
saves are read or touched; ``--with-records N`` puts N recorded games there
first, as a player who has played a while has, and times the frame that
shows their count too. ``--also DIR`` measures another checkout in the same
run (before and after). Prints one JSON object: median, p95 and fastest per
app, and the ratios to the minimal app (the target is a ratio of medians of
at most 1.3).

    python benchmarks/startup.py                     # 30 runs of each, 80x24
    python benchmarks/startup.py --runs 60 --size 120x40
    python benchmarks/startup.py --with-records 20   # a menu with games to continue and replay
    python benchmarks/startup.py --also /tmp/before  # e.g. git archive 51c9ff2 threadbox | tar -x -C /tmp/before
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import json
import os
import platform
import select
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SYNC_QUERY = b"\x1b[?2026$p"
SYNC_REPLY = b"\x1b[?2026;2$y"  # DECRPM: mode 2026 known, currently reset
SYNC_START, SYNC_END = b"\x1b[?2026h", b"\x1b[?2026l"
TARGET = 1.3  # issue 10: the menu at most 1.3x a minimal Textual app

MINIMAL_APP = """
from textual.app import App
from textual.widgets import Footer, Header, OptionList


class Minimal(App):
    BINDINGS = [("q", "quit", "Quit")]

    def compose(self):
        yield Header()
        yield OptionList("Threaded", "Thread Count", "Quilt", "Thingstead", "Warp & Weft")
        yield Footer()


Minimal().run()
"""


@dataclass(frozen=True)
class Contender:
    """One app to start: its command, a text its first frame shows, and the checkout it runs from."""

    command: list[str]
    text: bytes
    root: Path = ROOT
    later: tuple[bytes, ...] = ()  # texts of later frames, timed too (the menu's count of records)


def contenders(also: list[Path], records: bool) -> dict[str, Contender]:
    later = (b"Continue (",) if records else ()  # the button that says how many games can go on
    apps = {
        "threadbox": Contender([sys.executable, "-m", "threadbox"], b"threadbox", later=later),
        "minimal": Contender([sys.executable, "-c", MINIMAL_APP], b"Warp & Weft"),
    }
    for folder in also:
        apps[f"threadbox@{folder}"] = Contender(
            [sys.executable, "-m", "threadbox"], b"threadbox", folder.resolve(), later=later
        )
    return apps


class NoFrame(Exception):
    """The app wrote no complete frame in time."""


def first_frame(app: Contender, env: dict[str, str], size: tuple[int, int], limit: float) -> tuple[list[float], bool]:
    """Seconds from starting ``app`` in a new pty to the end of its first frame that shows its text,
    and to the end of the first that shows each of its ``later`` texts; and whether a frame timed
    came without markers (see ``frames_done``)."""
    env = {**env, "PYTHONPATH": os.pathsep.join(filter(None, [str(app.root), env.get("PYTHONPATH")]))}
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
    out = bytearray()
    wanted, times, unmarked, search_from = [app.text, *app.later], [], False, 0
    start = time.perf_counter()
    proc = subprocess.Popen(
        app.command, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=app.root, start_new_session=True
    )
    os.close(slave)
    try:
        answered = False
        while len(times) < len(wanted):
            left = limit - (time.perf_counter() - start)
            if left <= 0 or proc.poll() is not None:
                raise NoFrame(f"no frame showing {wanted[len(times)]!r} in {limit} s: {bytes(out[-300:])!r}")
            ready, _, _ = select.select([master], [], [], left)
            if not ready:
                continue
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the child closed the terminal
                continue
            now = time.perf_counter()
            out += chunk
            if not answered and SYNC_QUERY in out:
                os.write(master, SYNC_REPLY)
                answered = True
            while len(times) < len(wanted):
                done = frame_done(out, wanted[len(times)], search_from)
                if done is None:
                    break
                search_from, marked = done
                times.append(now - start)
                unmarked |= not marked
        return times, unmarked
    finally:
        with contextlib.suppress(ProcessLookupError):  # it may have ended by itself (an error)
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        os.close(master)


def frame_done(out: bytearray, text: bytes, search_from: int) -> tuple[int, bool] | None:
    """Whether the first frame after ``search_from`` that shows ``text`` is whole: where it ends and
    whether it came between markers; None while it is not.

    A frame is whole at its end marker. Textual draws without markers until it has read the
    terminal's answer about synchronized output; on a busy machine its first frame can come
    before that. Such a frame is timed when its text arrives: Textual writes a frame in one go,
    so the rest follows within a millisecond.
    """
    at = out.find(text, search_from)
    if at < 0:
        return None
    begin = out.rfind(SYNC_START, search_from, at)
    if begin < 0 or out.find(SYNC_END, begin, at) >= 0:  # not inside a marked frame
        return at + len(text), False
    end = out.find(SYNC_END, at)
    return None if end < 0 else (end + len(SYNC_END), True)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def seed_records(home: Path, count: int) -> None:
    """``count`` recorded games of Thread Count in ``home`` (bots against bots; every other one left
    unfinished), made in a subprocess so this process stays free of the games."""
    script = f"""
from threadbox.controller import RecordBook, SeatSpec, Table, TableConfig
book = RecordBook()
for seed in range({count}):
    seats = [SeatSpec(name="Ana", kind="bot", level="random"), SeatSpec(name="Bo", kind="bot", level="random")]
    table = Table(TableConfig(game="thread-count", seats=seats, seed=seed))
    table.on_change = book.recorder()
    while not table.is_over() and (seed % 2 == 0 or len(table.actions) < 20):
        table.step_bot()
"""
    env = {**os.environ, "THREADBOX_HOME": str(home), "PYTHONPATH": str(ROOT)}
    subprocess.run([sys.executable, "-c", script], env=env, check=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=30, help="runs of each app, taken turn about (default 30)")
    parser.add_argument("--size", default="80x24", help="terminal size, COLUMNSxROWS (default 80x24)")
    parser.add_argument("--limit", type=float, default=20.0, help="seconds to wait for a first frame")
    parser.add_argument("--with-records", type=int, default=0, metavar="N", help="N recorded games in the data folder")
    parser.add_argument(
        "--also",
        type=Path,
        action="append",
        default=[],
        metavar="DIR",
        help="another checkout of threadbox (e.g. an older commit, from git worktree or git archive) to measure "
        "in the same run, turn about with the others",
    )
    args = parser.parse_args()
    apps = contenders(args.also, args.with_records > 0)
    columns, rows = (int(n) for n in args.size.lower().split("x"))

    home = Path(tempfile.mkdtemp(prefix="threadbox-startup-"))
    try:
        env = {
            **os.environ,
            "THREADBOX_HOME": str(home / "data"),
            "XDG_DATA_HOME": str(home / "xdg-data"),
            "XDG_CONFIG_HOME": str(home / "xdg-config"),
            "XDG_CACHE_HOME": str(home / "xdg-cache"),
            "TERM": "xterm-256color",
            "COLORTERM": "truecolor",
        }
        for name in ("TEXTUAL", "TEXTUAL_DEBUG", "PYTHONDEVMODE", "PYTHONPROFILEIMPORTTIME"):
            env.pop(name, None)
        if args.with_records:
            seed_records(home / "data", args.with_records)
        times: dict[str, list[list[float]]] = {name: [] for name in apps}
        unmarked = dict.fromkeys(apps, 0)  # runs with a frame drawn without markers (frame_done)
        for app in apps.values():  # once each, unmeasured: byte-code caches written
            first_frame(app, env, (columns, rows), args.limit)
        names = list(apps)
        for i in range(args.runs):
            for name in names[i % len(names) :] + names[: i % len(names)]:  # each goes first in turn
                run, without_markers = first_frame(apps[name], env, (columns, rows), args.limit)
                times[name].append(run)
                unmarked[name] += without_markers
    finally:
        shutil.rmtree(home, ignore_errors=True)

    result: dict[str, object] = {
        "python": platform.python_version(),
        "textual": _version("textual"),
        "terminal": f"{columns}x{rows}",
        "runs": args.runs,
        "records": args.with_records,
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }
    firsts = {name: [run[0] for run in runs] for name, runs in times.items()}
    base_median, base_p95 = statistics.median(firsts["minimal"]), percentile(firsts["minimal"], 0.95)
    for name, values in firsts.items():
        median, p95 = statistics.median(values), percentile(values, 0.95)
        figures: dict[str, float] = {
            "median_ms": _ms(median),
            "p95_ms": _ms(p95),
            "min_ms": _ms(min(values)),
        }
        if name != "minimal":  # as a ratio to the minimal app
            figures |= {"ratio_median": round(median / base_median, 3), "ratio_p95": round(p95 / base_p95, 3)}
        if apps[name].later:  # the frame that shows the count of recorded games
            shown = [run[1] for run in times[name]]
            figures |= {
                "records_shown_median_ms": _ms(statistics.median(shown)),
                "records_shown_p95_ms": _ms(percentile(shown, 0.95)),
            }
        result[name] = figures | {"runs_with_a_frame_unmarked": unmarked[name]}
    ratio = statistics.median(firsts["threadbox"]) / base_median
    result["target_ratio"] = TARGET
    result["met"] = ratio <= TARGET
    print(json.dumps(result, indent=1))
    return 0


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 1)


def _version(package: str) -> str | None:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(package)
    except PackageNotFoundError:
        return None


if __name__ == "__main__":
    sys.exit(main())
