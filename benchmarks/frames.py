"""Key to frame, locally: each game's busiest screen, timed from a key to the end of the frame that answers it.

For each game it starts the real app (``python -m threadbox play GAME``,
every seat a hot-seat human, the game's most seats) in a pseudo-terminal of
the given size, with a throw-away data folder, passes the privacy hand-off,
optionally plays a few moves to reach a busier table, and then presses keys a
player presses while deciding: moving the cursor in the options list (or on
the sheet), moving the focus between panels, showing and hiding the log,
turning the board to its next part. No key changes the game, and no bot
thinks meanwhile (there are none).

Textual wraps every frame in synchronized-output escapes (``ESC[?2026h`` ...
``ESC[?2026l``) once the terminal says it supports them, which this script
does. A key is timed from writing it to the pseudo-terminal until the end
marker of the first frame after it ("frame"), and until the end marker of the
last frame before the screen is quiet again ("settled": a key whose answer
takes two frames, such as a scroll after a layout). Between keys the script
waits until the screen has been quiet for ``--gap`` seconds, as a player's
keys are apart.

Prints JSON: per game and size, median, p95 and max of both times, per key
too, and keys that drew nothing.

    python benchmarks/frames.py                                   # all five games, 80x24 and 200x60
    python benchmarks/frames.py --game threaded --size 80x24 --keys 600
"""

from __future__ import annotations

import argparse
import fcntl
import json
import os
import platform
import pty
import random
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
from dataclasses import dataclass, field
from pathlib import Path

import pyte

ROOT = Path(__file__).resolve().parent.parent

SYNC_END = b"\x1b[?2026l"
SYNC_QUERY = b"\x1b[?2026$p"  # Textual asks whether the terminal has synchronized output
SYNC_REPLY = b"\x1b[?2026;2$y"  # "supported, off"

KEYS = {
    "down": b"\x1b[B",
    "up": b"\x1b[A",
    "left": b"\x1b[D",
    "right": b"\x1b[C",
    "tab": b"\t",
    "shift+tab": b"\x1b[Z",
    "l": b"l",
    "t": b"t",
    "v": b"v",
    "a": b"a",
}


@dataclass(frozen=True)
class Bench:
    """One game's busiest screen: its seats, how far to play into it, and the keys pressed there."""

    game: str
    seats: int
    advance: int  # options chosen (option 1) before measuring, to reach a fuller table
    keys: tuple[str, ...]  # pressed in this order, round and round; each must redraw something


# Keys come in pairs that undo each other, so the screen ends every round as it began.
BENCHES = {
    # Five seats, in the visit phase once every assistant is placed: the suite's busiest screen.
    "threaded": Bench("threaded", 5, 15, ("down", "up", "tab", "shift+tab", "l", "l", "t", "down", "up", "t")),
    # Six sheets; the cursor moves on the sheet (setup: placing cups), v shows the other sheets.
    "thread-count": Bench(
        "thread-count", 6, 0, ("right", "left", "down", "up", "tab", "shift+tab", "l", "l", "v", "v")
    ),
    "quilt": Bench("quilt", 4, 4, ("down", "up", "tab", "shift+tab", "l", "l", "t", "down", "up", "t")),
    "thingstead": Bench("thingstead", 2, 2, ("down", "up", "tab", "shift+tab", "l", "l", "t", "down", "up", "t")),
    "warp-and-weft": Bench("warp-and-weft", 5, 0, ("down", "up", "tab", "shift+tab", "l", "l", "t", "down", "up", "t")),
    # Weaving, five seats: the cursor moves on the loom (a swaps its axis), the options list follows it.
    "warp-and-weft-weaving": Bench(
        "warp-and-weft", 5, 20, ("right", "left", "a", "a", "tab", "shift+tab", "l", "l", "right", "left")
    ),
}


@dataclass
class Terminal:
    """The app in a pseudo-terminal, and what it has drawn (a pyte screen while setting up)."""

    width: int
    height: int
    home: Path
    proc: subprocess.Popen | None = None
    fd: int = -1
    screen: pyte.Screen | None = None
    stream: pyte.ByteStream | None = None
    tail: bytes = b""
    frames: list[float] = field(default_factory=list)  # times of frame ends seen by read()
    first_cpu: float = 0.0  # the app's CPU seconds when the first of ``frames`` was seen

    def start(self, args: list[str], nice: int = 0) -> None:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", self.height, self.width, 0, 0))
        env = dict(
            os.environ,
            THREADBOX_HOME=str(self.home),
            TERM="xterm-256color",
            COLORTERM="truecolor",
            PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
        )
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "threadbox", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            cwd=ROOT,
            start_new_session=True,
            preexec_fn=(lambda: os.setpriority(os.PRIO_PROCESS, 0, nice)) if nice else None,
        )
        os.close(slave)
        self.fd = master
        self.screen = pyte.Screen(self.width, self.height)
        self.stream = pyte.ByteStream(self.screen)

    def read(self, timeout: float) -> bool:
        """Read what the app wrote within ``timeout``; False if nothing came."""
        ready, _, _ = select.select([self.fd], [], [], max(0.0, timeout))
        if not ready:
            return False
        try:
            data = os.read(self.fd, 1 << 16)
        except OSError:  # the app has gone
            raise SystemExit(f"the app stopped:\n{self.text()}") from None
        now = time.perf_counter()
        seen = self.tail + data
        if SYNC_QUERY in seen:
            os.write(self.fd, SYNC_REPLY)
        ends = seen.count(SYNC_END)
        if ends and not self.frames:
            self.first_cpu = self.cpu()
        self.frames.extend([now] * ends)
        self.tail = seen[-(len(SYNC_END) - 1) :]
        if self.stream is not None:
            self.stream.feed(data)
        return True

    def quiet(self, gap: float, timeout: float = 30.0) -> None:
        """Read until nothing has come for ``gap`` seconds."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            if not self.read(gap):
                return
        raise SystemExit(f"the screen never went quiet:\n{self.text()}")

    def text(self) -> str:
        return "\n".join(self.screen.display) if self.screen else ""

    def cpu(self) -> float:
        """Seconds of CPU the app's threads have run (the scheduler's count, in nanoseconds)."""
        assert self.proc is not None
        total = 0
        for task in Path(f"/proc/{self.proc.pid}/task").iterdir():
            try:
                total += int((task / "schedstat").read_text().split()[0])
            except (OSError, IndexError, ValueError):  # a thread that just ended
                pass
        return total / 1e9

    def send(self, key: bytes) -> float:
        os.write(self.fd, key)
        return time.perf_counter()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1


def reach_decision(term: Terminal, advance: int, timeout: float = 60.0) -> int:
    """Pass hand-offs and choose the highlighted option (Enter) ``advance`` times; then wait on a
    decision screen. Moves made. (Not a digit: where the game names things by number, as
    Thingstead's hand places, a digit picks a card and plays nothing.)

    Each key waits until the screen has answered it: on a busy machine a second
    Enter sent while a hand-off is still on screen would choose an option.
    """
    deadline = time.perf_counter() + timeout
    made = 0
    while time.perf_counter() < deadline:
        term.quiet(0.3)
        text = term.text()
        if "Pass the terminal" in text:
            term.send(b"\r")
            until(term, lambda: "Pass the terminal" not in term.text(), deadline)
        elif "Your options" in text and made < advance:
            term.send(b"\r")
            if until(term, lambda before=text: term.text() != before, min(deadline, time.perf_counter() + 3)):
                made += 1  # (a key that came while the screen changed may be lost: then it is sent again)
        elif "Your options" in text:
            return made
        else:
            term.read(0.5)
    raise SystemExit(f"no decision screen after {timeout:.0f} s:\n{term.text()}")


def until(term: Terminal, done, deadline: float) -> bool:
    """Read what the app draws until ``done()`` or the deadline (then False)."""
    while not done():
        if time.perf_counter() > deadline:
            return False
        term.read(0.1)
    term.quiet(0.3)
    return True


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def summary(values: list[float]) -> dict:
    if not values:
        return {"n": 0}
    return {
        "n": len(values),
        "median_ms": round(statistics.median(values) * 1000, 2),
        "p95_ms": round(percentile(values, 0.95) * 1000, 2),
        "max_ms": round(max(values) * 1000, 2),
    }


def measure(bench: Bench, width: int, height: int, keys: int, gap: float, seed: int, nice: int = 0) -> dict:
    """Start the game, reach its decision screen, press ``keys`` keys; the figures."""
    home = Path(tempfile.mkdtemp(prefix="threadbox-frames-"))
    term = Terminal(width, height, home)
    names = [f"P{i + 1}" for i in range(bench.seats)]
    args = ["play", bench.game, "--seed", str(seed), *(a for n in names for a in ("--seat", f"{n}=human"))]
    rng = random.Random(seed)
    try:
        term.start(args, nice)
        made = reach_decision(term, bench.advance)
        title = next((line.strip() for line in term.text().splitlines() if line.strip()), "")
        term.quiet(6.0)  # notices ("P2 to play") time out and are taken down
        term.screen = term.stream = None  # from here on, only look for frame ends
        frame: list[float] = []
        settled: list[float] = []
        cpu: list[float] = []
        by_key: dict[str, list[float]] = {name: [] for name in bench.keys}
        cpu_by_key: dict[str, list[float]] = {name: [] for name in bench.keys}
        unanswered: dict[str, int] = {}
        cycle = list(bench.keys)
        for n in range(keys):
            name = cycle[n % len(cycle)]
            term.frames.clear()
            before = term.cpu()
            sent = term.send(KEYS[name])
            while not term.frames and term.read(0.5):
                pass
            if not term.frames:
                # Nothing to draw (t with the whole board in view): said in the figures, not pressed again.
                unanswered[name] = unanswered.get(name, 0) + 1
                if unanswered[name] >= 3 and not by_key[name]:
                    cycle = [k for k in cycle if k != name]
                continue
            term.quiet(gap)
            frame.append(term.frames[0] - sent)
            settled.append(term.frames[-1] - sent)
            cpu.append(term.first_cpu - before)
            by_key[name].append(term.frames[0] - sent)
            cpu_by_key[name].append(term.first_cpu - before)
            time.sleep(rng.uniform(0, gap))  # keys at no fixed rhythm
        return {
            "game": bench.game,
            "bench": next(name for name, b in BENCHES.items() if b is bench),
            "seats": bench.seats,
            "size": f"{width}x{height}",
            "moves_before": made,
            "screen": title,
            "frame": summary(frame),
            "settled": summary(settled),
            "cpu": summary(cpu),
            "by_key": {
                name: {"frame": summary(values), "cpu": summary(cpu_by_key[name])} for name, values in by_key.items()
            },
            "unanswered": unanswered,  # keys that drew nothing within 0.5 s
        }
    finally:
        term.stop()
        shutil.rmtree(home, ignore_errors=True)


def machine() -> dict:
    import textual

    load = os.getloadavg()
    cpu = ""
    try:
        cpu = next(
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if line.startswith("model name")
        )
    except (OSError, StopIteration):
        pass
    return {
        "python": platform.python_version(),
        "textual": textual.__version__,
        "cpus": os.cpu_count(),
        "cpu": cpu,
        "load_average": [round(x, 2) for x in load],
    }


def size(text: str) -> tuple[int, int]:
    width, _, height = text.partition("x")
    return int(width), int(height)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--game", action="append", choices=sorted(BENCHES), help="repeatable; default: every bench (the five games)"
    )
    parser.add_argument("--size", action="append", type=size, help="WIDTHxHEIGHT, repeatable; default 80x24 and 200x60")
    parser.add_argument("--keys", type=int, default=300, help="keys pressed per game and size (default 300)")
    parser.add_argument("--gap", type=float, default=0.1, help="quiet seconds between keys (default 0.1)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--nice",
        type=int,
        default=0,
        help="scheduling priority of the app and this script (e.g. -10 on a machine busy with other work; needs root)",
    )
    args = parser.parse_args(argv)
    if args.nice:
        os.setpriority(os.PRIO_PROCESS, 0, args.nice)
    games = args.game or list(BENCHES)
    sizes = args.size or [(80, 24), (200, 60)]
    report = {"machine": machine(), "keys_per_run": args.keys, "nice": args.nice, "results": []}
    for game in games:
        for width, height in sizes:
            result = measure(BENCHES[game], width, height, args.keys, args.gap, args.seed, args.nice)
            report["results"].append(result)
            print(
                f"{game} {width}x{height}: frame median {result['frame'].get('median_ms')} ms,"
                f" p95 {result['frame'].get('p95_ms')} ms; app CPU to the frame median"
                f" {result['cpu'].get('median_ms')} ms, p95 {result['cpu'].get('p95_ms')} ms",
                file=sys.stderr,
            )
    report["machine"]["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
