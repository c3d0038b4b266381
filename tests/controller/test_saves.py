"""Autosave and resume: atomic writes, replay-checked loading, clear refusals."""

import json
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from threadbox.controller import SaveError, SeatSpec, Table, TableConfig, autosaver, load, save


def played_table(moves: int = 12) -> Table:
    seats = [SeatSpec(name="Ana"), SeatSpec(name="Bo", kind="bot", level="random")]
    table = Table(TableConfig(game="thread-count", seats=seats, seed=11))
    while len(table.actions) < moves and not table.is_over():
        if not table.step_bot():
            table.act(0, table.legal(0)[0])
    return table


def test_round_trip(tmp_path):
    table = played_table()
    path = save(table, tmp_path / "game.json")
    again = load(path)
    assert again.full_state_json() == table.full_state_json()
    assert again.actions == table.actions and again.log_for(0) == table.log_for(0)
    assert again.config == table.config


def test_autosave_after_every_action(tmp_path):
    table = played_table(0)
    path = tmp_path / "auto.json"
    table.on_change = autosaver(path)
    table.act(0, table.legal(0)[0])
    assert len(json.loads(path.read_text())["actions"]) == 1
    table.step_bot() or table.act(0, table.legal(0)[0])
    assert len(json.loads(path.read_text())["actions"]) == 2


def test_autosave_goes_under_threadbox_home(tmp_path, monkeypatch):
    monkeypatch.setenv("THREADBOX_HOME", str(tmp_path))
    table = played_table(3)
    save(table)
    assert (tmp_path / "autosave.json").exists()
    assert load().full_state_json() == table.full_state_json()


@pytest.mark.parametrize(
    "damage, words",
    [
        (lambda text: text[: len(text) // 2], "damaged"),
        (lambda text: "\x00\x01garbage", "damaged"),
        (lambda text: json.dumps({"hello": "world"}), "not a threadbox save"),
        (lambda text: text.replace('"version":1', '"version":99'), "another version"),
    ],
)
def test_bad_saves_are_refused_clearly(tmp_path, damage, words):
    path = save(played_table(), tmp_path / "game.json")
    path.write_text(damage(path.read_text()))
    with pytest.raises(SaveError, match=words):
        load(path)


def test_a_tampered_state_is_refused(tmp_path):
    path = save(played_table(), tmp_path / "game.json")
    data = json.loads(path.read_text())
    data["state"]["names"][0] = "Cheater"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="damaged"):
        load(path)


def test_an_interrupted_write_keeps_the_previous_save(tmp_path, monkeypatch):
    path = save(played_table(4), tmp_path / "game.json")
    previous = path.read_text()

    def crash(fd):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", crash)
    with pytest.raises(KeyboardInterrupt):
        save(played_table(10), path)
    assert path.read_text() == previous
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"], "no temporary file is left behind"


def test_a_killed_writer_leaves_a_loadable_save(tmp_path):
    """Kill a process that saves in a loop, at several moments: the save always loads.

    The writer saves once before it says "ready": a kill before the first save ever finished
    rightly leaves no save, and on a busy machine 0.05 s can pass before it does."""
    path = tmp_path / "game.json"
    script = textwrap.dedent(
        f"""
        from pathlib import Path
        from threadbox.controller import SeatSpec, Table, TableConfig, save
        def played_table(moves):
            seats = [SeatSpec(name="Ana", kind="bot", level="random"), SeatSpec(name="Bo", kind="bot", level="random")]
            table = Table(TableConfig(game="thread-count", seats=seats, seed=11))
            while len(table.actions) < moves and table.step_bot():
                pass
            return table
        tables = [played_table(n) for n in (5, 30)]
        save(tables[1], Path({str(path)!r}))  # a whole save exists before any kill: a kill then may only keep it
        print("ready", flush=True)
        i = 0
        while True:
            save(tables[i % 2], Path({str(path)!r}))
            i += 1
        """
    )
    for delay in (0.05, 0.13, 0.31):
        proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE)
        assert proc.stdout.readline().strip() == b"ready"
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        assert load(path).actions, "the save is whole after a kill"


@pytest.mark.parametrize(
    "rules, words",
    [(None, "played under earlier Threaded rules \\(revision 1; this threadbox plays revision 2\\)"), (99, "newer")],
)
def test_a_save_of_other_rules_says_so_rather_than_damaged(tmp_path, rules, words):
    seats = [SeatSpec(name="Ana", kind="bot", level="random"), SeatSpec(name="Bo", kind="bot", level="random")]
    table = Table(TableConfig(game="threaded", seats=seats, seed=3))
    for _ in range(5):
        table.step_bot()
    path = save(table, tmp_path / "game.json")
    assert load(path).full_state_json() == table.full_state_json()  # this threadbox's own save loads
    data = json.loads(path.read_text())
    if rules is None:
        del data["rules"]  # written before saves kept the rules revision: revision 1
    else:
        data["rules"] = rules
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match=words) as refused:
        load(path)
    assert "damaged" not in str(refused.value)
