"""The server as its own process: killed after a reveal, hung by a bug, flooded by one player (issue 8)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import signal
import statistics
import time

import pytest

from threadbox.controller import load
from threadbox.rules.core import is_built, registry
from threadbox.tui.widgets.action_list import CHANGE_GUARD

from .fakegame import GAME_ID
from .serve_proc import Burner, Flooder, ServerProcess
from .sshterm import KEYS, SSHTerm


@pytest.fixture
def processes(tmp_path):
    started: list[ServerProcess] = []

    def start(*options: str, hang_on_help: bool = False, slow_saves: float = 0.0) -> ServerProcess:
        server = ServerProcess(tmp_path / "home", *options, hang_on_help=hang_on_help, slow_saves=slow_saves)
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


@pytest.fixture
async def terms():
    opened: list[SSHTerm] = []

    async def open_(port: int, name: str, **kw) -> SSHTerm:
        term = await SSHTerm.open(port, name, **kw)
        opened.append(term)
        return term

    yield open_
    for term in opened:
        with contextlib.suppress(Exception):
            await term.close()


async def blind_bid_room(port: int, terms) -> tuple[SSHTerm, SSHTerm, str]:
    """ann creates a Blind Bid room through the lobby; bob joins it: the game begins."""
    ann = await terms(port, "ann")
    await ann.wait_for("signed in as ann")
    await ann.press("n")
    await ann.wait_for("New room")
    await ann.quiet(0.2)
    built = [e.id for e in registry.CATALOGUE if is_built(e.id)]
    await ann.press(*["down"] * built.index(GAME_ID))
    await ann.quiet(0.2)
    await ann.press("ctrl+s")
    text = await ann.wait_for("Waiting for players")
    code = re.search(r"Room ([A-Z]{4})", text).group(1)
    bob = await terms(port, "bob", command=f"join {code}")
    await bob.wait_for("Seat: bob")
    await ann.wait_for("Seat: ann")
    return ann, bob, code


def moves_on_disk(path) -> int:
    return len(json.loads(path.read_bytes())["actions"])


async def kill_if_lost(server: ServerProcess, path, moves: int, seconds: float) -> None:
    """Watch the save for ``seconds``; SIGKILL the server the moment it holds fewer than ``moves`` moves."""
    until = time.monotonic() + seconds
    while moves_on_disk(path) >= moves and time.monotonic() < until:
        await asyncio.sleep(0.01)
    if moves_on_disk(path) < moves:
        server.signal(signal.SIGKILL)


BUSY_SECONDS = 60  # the load's own bound, should a test end without stopping it


@pytest.fixture
def busy(tmp_path):
    """``busy()``: from then on until the test ends, a process spins on each core and one more keeps the
    disk syncing, as on a shared CI machine (started once the sessions are open: the loop guard charges
    a session the wall time of its steps, so a busy machine's slow start-up would close it)."""
    burners: list[Burner] = []
    yield lambda: burners.append(Burner(BUSY_SECONDS, tmp_path))
    for burner in burners:
        burner.stop()


# (ann's key, her card, bob's key, his card) for each round: ann plays her first card, bob his second
ROUNDS = [("amberwolf", "emberlynx"), ("birchmoth", "frostowl"), ("cobaltfox", "dunehare")]


def number_of(screen: str, card: str) -> str:
    """The number the options list shows beside "Play CARD" (a card keeps its number while in hand)."""
    found = re.search(rf"(\d+) Play {card}", screen)
    assert found, screen
    return found.group(1)


async def test_a_reveal_seen_is_a_reveal_saved_even_if_the_server_is_killed(processes, terms, tmp_path, busy):
    """On a busy machine, every move is on disk from the moment a screen shows it, to the kill at the end."""
    server = processes()
    ann, bob, code = await blind_bid_room(server.port, terms)
    path = tmp_path / "home" / "rooms" / f"{code}.json"
    busy()
    played: list[str] = []
    for ann_card, bob_card in ROUNDS:
        # As a person does: read the new hand, then press. A number pressed within CHANGE_GUARD of
        # the reveal that changed ann's options would be refused, since it meant another card.
        screen = await ann.wait_for(f"Play {ann_card}", timeout=20)
        await asyncio.sleep(CHANGE_GUARD + 0.1)
        await ann.press(number_of(screen, ann_card))
        await ann.wait_for(f"ann has chosen {ann_card}", timeout=20)
        played.append(ann_card)
        assert moves_on_disk(path) == len(played)  # her own screen shows it: it is on disk
        await bob.press(number_of(await bob.wait_for(f"Play {bob_card}", timeout=20), bob_card))
        last = len(played) == 2 * len(ROUNDS) - 1
        await bob.wait_for("Game over" if last else f"Shown: ann {ann_card}, bob", timeout=20)  # the reveal
        played.append(bob_card)
        await kill_if_lost(server, path, len(played), 0.5)  # the autosave of ann's move must not undo it
        if server.proc.poll() is not None:
            break
    server.signal(signal.SIGKILL)  # the moment bob has seen the last reveal
    server.wait(5)
    assert [a.card for _, a in load(path).actions] == played
    assert played == [card for round_ in ROUNDS for card in round_]  # every round was played


SLOW_SAVE = 1.0  # seconds each background write takes: far longer than a move and its drawing


async def test_a_slow_background_save_never_overwrites_a_move_already_seen(processes, terms, tmp_path):
    """The autosave writes what it read before a move; the move's own save must not be replaced by it."""
    server = processes(slow_saves=SLOW_SAVE)
    ann, bob, code = await blind_bid_room(server.port, terms)
    path = tmp_path / "home" / "rooms" / f"{code}.json"
    await ann.press("1")
    await bob.wait_for("ann has chosen.")
    deadline = time.monotonic() + 10
    while f"slow save of {code}.json with 1 moves" not in server.log():  # ann's move, written off the loop
        assert time.monotonic() < deadline, server.log()
        await asyncio.sleep(0.02)
    await bob.press("2")  # the reveal, while that older save is still being written
    await bob.wait_for("Shown: ann amberwolf, bob")
    await kill_if_lost(server, path, 2, SLOW_SAVE + 0.5)  # the older write, begun before the reveal, has landed
    server.signal(signal.SIGKILL)
    server.wait(5)
    assert [a.card for _, a in load(path).actions] == ["amberwolf", "emberlynx"]


async def test_a_hung_loop_ends_the_process_for_a_restart_and_rooms_resume(processes, terms):
    server = processes("--hang-limit", "2", hang_on_help=True)
    ann, bob, code = await blind_bid_room(server.port, terms)
    await ann.press("1")
    await ann.wait_for("Waiting for bob")
    started = time.monotonic()
    await bob.press("?")  # a bug: an endless loop on the one event loop
    status = await asyncio.get_running_loop().run_in_executor(None, server.wait, 15)
    assert status == 70 and time.monotonic() - started < 8
    assert "has not come back" in server.log() and "'bob'" in server.log()

    again = processes()  # a supervisor restarts it: the room resumes from its save
    ann = await terms(again.port, "ann")
    await ann.wait_for("Seat: ann", "ann has chosen amberwolf")
    bob = await terms(again.port, "bob")
    await bob.wait_for("Seat: bob", "ann has chosen.")


FLOOD_SECONDS = 30


async def _key_to_frame(term: SSHTerm, keys: list[str], until: float) -> list[float]:
    """Press keys that each redraw the screen; time each to the first byte of the answer."""
    times = []
    i = 0
    while time.monotonic() < until:
        await asyncio.sleep(0.25)
        term._changed.clear()
        sent = time.perf_counter()
        term.send(KEYS[keys[i % len(keys)]])
        i += 1
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(term._changed.wait(), 2)
        times.append(term.last_data - sent if term.last_data > sent else 2.0)
    return times


async def test_one_player_flooding_for_30_s_does_not_hold_up_the_others(processes, terms, tmp_path):
    server = processes()
    carol = await terms(server.port, "carol")
    await carol.wait_for("signed in as carol")
    await carol.press("n")
    await carol.wait_for("New room")
    await carol.press("ctrl+s")  # a room to be saved at the end
    text = await carol.wait_for("Waiting for players")
    code = re.search(r"Room ([A-Z]{4})", text).group(1)
    await carol.press("l")
    await carol.wait_for("signed in as carol")
    await carol.press("n")
    await carol.wait_for("New room")
    await carol.press("tab")
    await carol.quiet(0.5)
    await asyncio.sleep(1)
    before = server.rss_mib()
    quiet = sorted(await _key_to_frame(carol, ["plus", "minus"], time.monotonic() + 5))
    quiet_p95 = quiet[int(0.95 * (len(quiet) - 1))]

    until = time.monotonic() + FLOOD_SECONDS
    cpu_before = server.cpu_seconds()
    flood = Flooder(server.port, FLOOD_SECONDS)  # its own process, as an attacker's own machine would be
    await asyncio.sleep(3)  # the flood is under way
    times = await _key_to_frame(carol, ["plus", "minus"], until - 10)  # + / -: a seat more or less, a redraw

    started = time.monotonic()  # someone new logs in mid-flood
    dave = await terms(server.port, "dave")
    await dave.wait_for("signed in as dave", timeout=5)
    login = time.monotonic() - started
    await dave.close()

    times += await _key_to_frame(carol, ["plus", "minus"], until)
    cpu = (server.cpu_seconds() - cpu_before) / FLOOD_SECONDS
    stats = await flood.wait()
    await asyncio.sleep(3)  # the flood is over: memory back near where it was
    after = server.rss_mib()

    again = Flooder(server.port, 20)
    await asyncio.sleep(2)
    stopping = time.monotonic()  # flooding again: SIGTERM
    server.signal(signal.SIGTERM)
    status = await asyncio.get_running_loop().run_in_executor(None, server.wait, 15)
    stopped = time.monotonic() - stopping
    again.stop()
    log = server.log()
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))]
    # 100 ms on a machine that answers these keys within 25 ms (p95) when nobody floods; a machine
    # busy with other work (the shared 2-core CI) is allowed the same ratio over its own quiet figure.
    bound = 0.100 * max(1.0, quiet_p95 / 0.025)
    summary = (
        f"p95 {p95 * 1000:.0f} ms (bound {bound * 1000:.0f} ms; {quiet_p95 * 1000:.0f} ms with no flood), "
        f"median {statistics.median(times) * 1000:.0f} ms over {len(times)} keys; server CPU {cpu:.0%}; "
        f"login {login:.2f} s; stop {stopped:.2f} s; memory {before:.0f} -> {after:.0f} MiB; flooder {stats}"
    )
    print(summary)
    assert p95 < bound, summary
    assert cpu < 0.5, summary  # the flood costs the server little: what it does not read costs nothing
    assert login < 2.0, summary
    assert after - before < 50, summary
    assert status == 0 and stopped < 5.0, summary
    assert (tmp_path / "home" / "rooms" / f"{code}.room.json").exists()
    assert "stopped" in log and "crashed" not in log
