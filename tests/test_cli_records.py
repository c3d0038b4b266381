"""`threadbox saves`, `resume` and `replay`: listing records, finding them, one-line refusals."""

import json

import pytest

from threadbox import cli
from threadbox.cli import main
from threadbox.controller import RecordBook, SeatSpec, Table, TableConfig


@pytest.fixture
def book(tmp_path, monkeypatch):
    monkeypatch.setenv("THREADBOX_HOME", str(tmp_path))
    return RecordBook(tmp_path)


def recorded(book: RecordBook, seed: int, moves: int | None) -> Table:
    seats = [SeatSpec(name="Ana"), SeatSpec(name="Bo", kind="bot", level="easy")]
    table = Table(TableConfig(game="thread-count", seats=seats, seed=seed))
    table.on_change = book.recorder()
    while not table.is_over() and (moves is None or len(table.actions) < moves):
        if not table.step_bot():
            table.act(0, table.legal(0)[0])
    return table


def one_line_exit_2(capsys, args, words):
    assert main(args) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and "Traceback" not in err


def test_saves_lists_games_in_progress_and_finished(book, capsys):
    recorded(book, 1, 4)
    finished = recorded(book, 2, None)
    assert main(["saves"]) == 0
    out = capsys.readouterr().out
    assert "In progress:" in out and "Finished:" in out
    assert "Ana (human), Bo (bot, easy)" in out
    winner = ["Ana", "Bo"][finished.outcome().winners[0]]
    assert f"finished: {winner} won" in out


def test_saves_json(book, capsys):
    recorded(book, 1, 4)
    recorded(book, 2, None)
    (book.folder / "broken.json").write_text("{")
    assert main(["saves", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    states = sorted(g["state"] for g in data["games"])
    assert states == ["finished", "in progress"]
    game = data["games"][0]
    for key in ("id", "game", "seats", "state", "winners", "scores", "started", "updated"):
        assert key in game
    assert game["seats"][1] == {"name": "Bo", "kind": "bot", "level": "easy", "think": None}
    assert game["seats"][0] == {"name": "Ana", "kind": "human"}
    assert [d["file"].endswith("broken.json") for d in data["damaged"]] == [True]


def test_saves_with_nothing_recorded(book, capsys):
    assert main(["saves"]) == 0
    assert "No recorded games yet." in capsys.readouterr().out


def test_resume_without_an_id_takes_the_newest_unfinished(book, monkeypatch):
    recorded(book, 1, 4)
    newest = recorded(book, 2, 6)
    recorded(book, 3, None)
    for entry in book.entries():  # played in one second: say which was last
        book.write(entry.record.model_copy(update={"updated": f"2026-01-0{entry.record.seed}T00:00:00+00:00"}))
    ran = []
    monkeypatch.setattr(cli, "_run_app", lambda table, delay, record=None: ran.append((table, record)) or 0)
    assert main(["resume"]) == 0
    [(table, record)] = ran
    assert table.full_state_json() == newest.full_state_json() and record.seed == 2


def test_resume_by_id_and_by_file(book, monkeypatch):
    table = recorded(book, 1, 4)
    [entry] = book.entries()
    ran = []
    monkeypatch.setattr(cli, "_run_app", lambda table, delay, record=None: ran.append(table) or 0)
    assert main(["resume", entry.record.id]) == 0
    assert main(["resume", str(entry.path)]) == 0
    assert [t.full_state_json() for t in ran] == [table.full_state_json()] * 2


@pytest.mark.parametrize("command", ["resume", "replay"])
def test_unknown_ids_and_files_get_one_line_and_exit_2(book, capsys, command, tmp_path):
    one_line_exit_2(capsys, [command, "nosuch"], "No game with id 'nosuch'")
    one_line_exit_2(capsys, [command, str(tmp_path / "gone.json")], "No game record at")
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2")
    one_line_exit_2(capsys, [command, str(bad)], "damaged")


def test_nothing_to_resume_or_replay(book, capsys):
    one_line_exit_2(capsys, ["resume"], "No unfinished game to resume.")
    one_line_exit_2(capsys, ["replay"], "No finished game to replay.")


def test_a_finished_game_is_replayed_not_resumed(book, capsys):
    recorded(book, 2, None)
    [record] = book.finished()
    one_line_exit_2(capsys, ["resume", record.id], f"threadbox replay {record.id}")


def test_replay_opens_the_app_on_the_replay(book, monkeypatch):
    recorded(book, 2, None)
    [record] = book.finished()
    opened = []

    class FakeApp:
        def __init__(self, **kw):
            opened.append(kw["replay"])

        def run(self):
            pass

    monkeypatch.setattr("threadbox.tui.app.ThreadboxApp", FakeApp)
    assert main(["replay"]) == 0
    assert opened == [record]
