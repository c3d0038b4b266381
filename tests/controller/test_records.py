"""Game records: one file per game, exact resumes, clear refusals, a format that lasts."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from record_testgame import GAME_ID, install

from threadbox.controller import RecordBook, RecordError, Replay, SeatSpec, Table, TableConfig, save
from threadbox.controller import records as records_module
from threadbox.controller.records import FORMAT_VERSION, checksum, read, read_any, render, restore
from threadbox.rules.core import get_game

CHECKED_IN = Path(__file__).parent / "records" / "countdown-v1.json"
# A Threaded game of 3 plan moves written under Threaded's rules revision 1 (before its
# box and equipment fixes): replayed now, the moves would still be legal, in another game.
THREADED_RULES_1 = Path(__file__).parent / "records" / "threaded-rules1.json"


def table_for(game: str, seed: int, *seats: str) -> Table:
    specs = [SeatSpec.parse(s) for s in seats]
    return Table(TableConfig(game=game, seats=specs, seed=seed))


def play(table: Table, moves: int | None = None) -> Table:
    """Bots move; humans take their first option; stops after ``moves`` actions or at the end."""
    while not table.is_over() and (moves is None or len(table.actions) < moves):
        if not table.step_bot():
            seat = table.pending()[0]
            table.act(seat, table.legal(seat)[0])
    return table


def recorded(book: RecordBook, table: Table, moves: int | None = None) -> Table:
    table.on_change = book.recorder()
    return play(table, moves)


def test_a_record_is_made_at_the_first_action_and_only_then(tmp_path):
    book = RecordBook(tmp_path)
    table = table_for("thread-count", 3, "Ana=human", "Bo=bot:easy")
    table.on_change = book.recorder()
    table.on_change(table)  # a game set up but not played keeps nothing
    assert book.entries() == []
    play(table, 1)
    [entry] = book.entries()
    assert entry.record.actions == [(s, a.model_dump(mode="json")) for s, a in table.actions]
    assert not entry.record.finished and entry.record.seats[1].level == "easy"


def test_two_in_progress_and_one_finished_each_resume_exactly(tmp_path):
    book = RecordBook(tmp_path)
    tables = [
        recorded(book, table_for("thread-count", 11, "Ana=human", "Bo=bot:easy"), 9),
        recorded(book, table_for("warp-and-weft", 12, "Ana=human", "Cy=human", "Bo=bot:easy"), 14),
        recorded(book, table_for("thread-count", 13, "Ana=bot:easy", "Bo=bot:random")),
    ]
    entries = book.entries()
    assert len(entries) == 3 and all(e.record is not None for e in entries)
    assert [r.game for r in book.unfinished()] != [] and len(book.unfinished()) == 2
    [done] = book.finished()
    assert done.finished and done.outcome == tables[2].outcome() and done.stage == "finished"
    for entry in entries:
        original = next(
            t
            for t in tables
            if [a.model_dump(mode="json") for _, a in t.actions] == [a for _, a in entry.record.actions]
        )
        again = restore(read(entry.path))
        assert again.full_state_json() == original.full_state_json()
        assert again.actions == original.actions
        assert again.log_for(0) == original.log_for(0) and again.log_for(None) == original.log_for(None)
        assert again.config == original.config
        assert again.pending() == original.pending()


def test_newest_first_and_a_resumed_game_keeps_its_own_file(tmp_path):
    book = RecordBook(tmp_path)
    recorded(book, table_for("thread-count", 1, "Ana=human", "Bo=bot:easy"), 3)
    recorded(book, table_for("thread-count", 2, "Ana=human", "Bo=bot:easy"), 3)
    older, newer = sorted(book.entries(), key=lambda e: e.record.seed)
    book.write(older.record.model_copy(update={"updated": "2000-01-01T00:00:00+00:00"}))
    book.write(newer.record.model_copy(update={"updated": "2001-01-01T00:00:00+00:00"}))
    assert [e.record.seed for e in book.entries()] == [2, 1]
    # the first game is played again: it becomes the newest, in its own file
    table = restore(read(older.path))
    table.on_change = book.recorder(read(older.path))
    play(table, 5)
    assert [e.record.seed for e in book.entries()] == [1, 2]
    assert read(older.path).id == older.record.id and len(read(older.path).actions) == 5
    assert read(older.path).started == older.record.started


def test_a_new_game_never_touches_another_record(tmp_path, monkeypatch):
    book = RecordBook(tmp_path)
    recorded(book, table_for("thread-count", 5, "Ana=human", "Bo=bot:easy"), 4)
    [old] = book.entries()
    before = old.path.read_bytes()
    # the next id drawn is the existing one: the new game must take another
    ids = iter([old.record.id, old.record.id, "fresh2"])
    monkeypatch.setattr(records_module, "new_id", lambda: next(ids))
    recorded(book, table_for("thread-count", 6, "Ana=human", "Bo=bot:easy"))
    assert old.path.read_bytes() == before
    assert sorted(e.record.id for e in book.entries()) == sorted([old.record.id, "fresh2"])


def test_records_are_small_readable_json_with_a_format_version(tmp_path):
    book = RecordBook(tmp_path)
    recorded(book, table_for("warp-and-weft", 4, "Ana=bot:easy", "Bo=bot:easy"))
    [entry] = book.entries()
    text = entry.path.read_text()
    data = json.loads(text)
    assert data["format"] == "threadbox-record" and data["version"] == FORMAT_VERSION
    assert {"game", "variants", "seats", "seed", "actions", "outcome"} <= data.keys()
    assert "state" not in data and "log" not in data  # replayed from the seed, not stored
    assert text.count("\n") > len(data["actions"])  # an action a line
    assert len(text) < 120 * (len(data["actions"]) + 20)


def damage(path: Path, change) -> None:
    data = json.loads(path.read_text())
    change(data)
    data["checksum"] = checksum(data)  # as a careful hand-editor would
    path.write_text(json.dumps(data))


@pytest.mark.parametrize(
    "spoil, words",
    [
        (lambda p: p.write_text(p.read_text()[:200]), "damaged or is not a threadbox record"),
        (lambda p: p.write_bytes(b"\x00\xffgarbage"), "damaged or is not a threadbox record"),
        (lambda p: p.write_text(json.dumps({"hello": "world"})), "not a threadbox record"),
        (lambda p: p.write_text(p.read_text().replace('"seed": 7', '"seed": 8')), "edited or damaged"),
        (lambda p: damage(p, lambda d: d.update(version=FORMAT_VERSION + 1)), "newer threadbox"),
        (
            lambda p: damage(p, lambda d: d["actions"][-1][1].update(kind="place-cup", at=[0, 0])),
            "not make a valid game",
        ),
        (lambda p: damage(p, lambda d: d["actions"].append([0, {"kind": "fly"}])), "moves do not make a valid game"),
        (lambda p: damage(p, lambda d: d.update(stage="round 9, draw")), "stage does not follow"),
        (lambda p: damage(p, lambda d: d.update(seats="everyone")), "fields do not make a record"),
        (lambda p: damage(p, lambda d: d.update(game="chess")), "cannot be opened: Unknown game 'chess'"),
        (lambda p: damage(p, lambda d: d.update(rules=2)), "played under newer Thread Count rules"),
    ],
)
def test_damaged_or_edited_records_are_refused_clearly(tmp_path, spoil, words):
    book = RecordBook(tmp_path)
    recorded(book, table_for("thread-count", 7, "Ana=bot:easy", "Bo=bot:easy"), 16)
    [entry] = book.entries()
    spoil(entry.path)
    with pytest.raises(RecordError, match=words) as caught:
        restore(read(entry.path))
    assert "\n" not in str(caught.value)
    [listed] = book.entries()
    if listed.record is None:
        assert listed.problem and listed.path.exists(), "a bad record is listed as such, never deleted"


def test_an_edited_result_is_refused(tmp_path):
    book = RecordBook(tmp_path)
    recorded(book, table_for("thread-count", 8, "Ana=bot:easy", "Bo=bot:easy"))
    [entry] = book.entries()
    damage(entry.path, lambda d: d["outcome"].update(winners=[1 - d["outcome"]["winners"][0]]))
    with pytest.raises(RecordError, match="result does not follow"):
        restore(read(entry.path))


def test_an_interrupted_write_keeps_the_previous_record(tmp_path, monkeypatch):
    book = RecordBook(tmp_path)
    table = recorded(book, table_for("thread-count", 9, "Ana=human", "Bo=bot:easy"), 3)
    [entry] = book.entries()
    previous = entry.path.read_text()

    def crash(fd):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", crash)
    with pytest.raises(KeyboardInterrupt):
        play(table, 6)
    assert entry.path.read_text() == previous
    assert sorted(p.name for p in book.folder.iterdir()) == [entry.path.name], "no temporary file is left behind"


def test_the_autosave_of_earlier_versions_becomes_a_record(tmp_path):
    table = play(table_for("thread-count", 10, "Ana=human", "Bo=bot:easy"), 4)
    save(table, tmp_path / "autosave.json")
    book = RecordBook(tmp_path)
    [entry] = book.entries()
    assert restore(entry.record).full_state_json() == table.full_state_json()
    assert not (tmp_path / "autosave.json").exists() and (tmp_path / "autosave.json.adopted").exists()
    assert len(book.entries()) == 1, "adopted once"


def test_an_old_save_file_can_be_named_directly(tmp_path):
    table = play(table_for("thread-count", 10, "Ana=human", "Bo=bot:easy"), 4)
    path = save(table, tmp_path / "old.json")
    assert restore(read_any(path)).full_state_json() == table.full_state_json()


def test_find_by_id_prefix_or_file(tmp_path):
    book = RecordBook(tmp_path)
    recorded(book, table_for("thread-count", 1, "Ana=human", "Bo=bot:easy"), 2)
    [entry] = book.entries()
    rid = entry.record.id
    assert book.find(rid)[0].id == rid
    assert book.find(rid[:3])[0].id == rid
    assert book.find(str(entry.path))[0].id == rid
    with pytest.raises(RecordError, match="No game with id 'zzzz'"):
        book.find("zzzz")
    with pytest.raises(RecordError, match="No game record at"):
        book.find(str(tmp_path / "missing.json"))


def make_checked_in_record() -> str:  # pragma: no cover - how the file in tests/controller/records was made
    table = Table(TableConfig(game=GAME_ID, seats=[SeatSpec(name="Ana"), SeatSpec(name="Bo")], seed=42))
    for n in (2, 1, 2, 2):
        table.act(table.pending()[0], {"kind": "take", "n": n})
    record = records_module.record_of(table, "v1test", "2026-11-30T12:00:00+00:00")
    return render(record.model_copy(update={"updated": "2026-11-30T12:05:00+00:00"}))


def test_a_record_checked_into_the_tests_still_loads(monkeypatch):
    """Written by format version 1: every later version must read it the same way."""
    install(monkeypatch)
    record = read(CHECKED_IN)
    assert (record.version, record.id, record.game) == (1, "v1test", GAME_ID)
    table = restore(record)
    assert table.is_over() and table.outcome().winners == [1]
    assert table.log_for(None) == ["Ana takes 2.", "Bo takes 1.", "Ana takes 2.", "Bo takes 2."]
    assert record.seats_text() == "Ana (human), Bo (human)"
    assert record.result_text() == "finished: Bo won; Ana 0, Bo 1"


def test_a_record_of_earlier_rules_is_refused_never_replayed_into_another_game():
    record = read(THREADED_RULES_1)
    assert (record.game, record.rules, record.stage) == ("threaded", 1, "round 1, plan")
    for opening in (restore, Replay):
        with pytest.raises(RecordError, match="earlier Threaded rules .revision 1.*cannot be opened") as caught:
            opening(record)
        assert "\n" not in str(caught.value)


def test_a_record_keeps_the_rules_revision_it_was_played_under(tmp_path):
    book = RecordBook(tmp_path)
    table = recorded(book, table_for("threaded", 5, "Ana=bot:easy", "Bo=bot:easy"), 12)
    [entry] = book.entries()
    assert json.loads(entry.path.read_text())["rules"] == get_game("threaded").rules == 2
    assert restore(entry.record).full_state_json() == table.full_state_json()


def test_a_killed_writer_leaves_a_loadable_record(tmp_path):
    """Kill a process that keeps recording a game, at several moments: the record always loads."""
    import signal
    import subprocess
    import sys
    import textwrap
    import time

    script = textwrap.dedent(
        f"""
        from pathlib import Path
        from threadbox.controller import RecordBook, SeatSpec, Table, TableConfig
        book = RecordBook(Path({str(tmp_path)!r}))
        seats = [SeatSpec(name="Ana", kind="bot", level="random"), SeatSpec(name="Bo", kind="bot", level="random")]
        printed = False
        for seed in range(1000):
            table = Table(TableConfig(game="thread-count", seats=seats, seed=seed))
            table.on_change = book.recorder()
            while table.step_bot():
                if not printed:
                    print("ready", flush=True)
                    printed = True
        """
    )
    for delay in (0.05, 0.13, 0.31):
        proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE)
        assert proc.stdout.readline().strip() == b"ready"
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        entries = RecordBook(tmp_path).entries()
        assert entries and all(e.record is not None for e in entries), [e.problem for e in entries]
        for entry in entries[:3]:
            restore(entry.record)
