"""Where a saved game stands (``Record.stage``): each game's own words, and records of format 1 still load.

The fixtures in ``records/`` were saved by the code before the stage was the game's ``progress()``
(record format 1): Thingstead's stage was "", Quilt's "round 11, colouring".
"""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

from threadbox.cli import main
from threadbox.controller import RecordBook, RecordError, SeatSpec, Table, TableConfig
from threadbox.controller.records import FORMAT_VERSION, checksum, read, restore, stage_of
from threadbox.rules.catalogue import GAME_IDS
from threadbox.rules.core import get_game

RECORDS = Path(__file__).parent / "records"
THINGSTEAD_V1 = RECORDS / "thingstead-v1.json"
QUILT_V1 = RECORDS / "quilt-v1.json"
QUILT_V1_EXCHANGE_AGAIN = RECORDS / "quilt-v1-exchange-again.json"


def humans(game: str, seed: int, players: int = 2) -> Table:
    seats = [SeatSpec(name=n) for n in ("Ana", "Bo", "Cy", "Di")[:players]]
    return Table(TableConfig(game=game, seats=seats, seed=seed))


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_game_says_where_it_stands_in_public_words(game):
    cls = get_game(game).state_cls
    rng = random.Random(3)
    seen = set()
    for seed in range(3):
        state = cls.new(max(2, cls.info.min_players), seed)
        for _ in range(400):
            if state.is_over():
                break
            stage = stage_of(state)
            assert stage and stage != "finished", (game, stage)
            # Public: a spectator and every seat read the same stage as the full state.
            assert all(stage_of(state.view(s)) == stage for s in (None, *range(state.players)))
            seen.add(stage)
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert len(seen) >= 2, (game, seen)  # it changes as the game goes on


def test_thingstead_counts_its_turns_and_the_deck():
    table = humans("thingstead", 7)
    assert stage_of(table.view(None)) == "turn 1, 23 cards in the deck"
    first = table.pending()[0]
    while table.pending()[0] == first:  # one whole turn
        seat = table.pending()[0]
        table.act(seat, table.legal(seat)[0])
    view = table.view(None)
    assert stage_of(view) == f"turn 2, {len(view.deck)} cards in the deck"


def test_a_thingstead_game_in_progress_is_listed_with_its_stage(tmp_path, monkeypatch, capsys):
    book = RecordBook(tmp_path)
    table = humans("thingstead", 7)
    table.on_change = book.recorder()
    for _ in range(24):
        seat = table.pending()[0]
        table.act(seat, next(a for a in table.legal(seat) if a.kind != "clan"))
    [record] = book.unfinished()
    assert record.version == FORMAT_VERSION
    assert record.stage == stage_of(table.view(None)) and record.stage.startswith("turn ")
    assert record.result_text() == f"in progress: {record.stage}"
    assert restore(read(book.path_of(record.id))).full_state_json() == table.full_state_json()
    monkeypatch.setenv("THREADBOX_HOME", str(tmp_path))
    assert main(["saves", "--json"]) == 0
    [listed] = json.loads(capsys.readouterr().out)["games"]
    assert listed["stage"] == record.stage


def copy_in(book: RecordBook, fixture: Path) -> Path:
    """The fixture in the book's folder under its id's name, as the book keeps its records."""
    book.folder.mkdir(parents=True, exist_ok=True)
    return Path(shutil.copy(fixture, book.path_of(read(fixture).id)))


def continued(book: RecordBook, path: Path) -> Table:
    """Restore a record and play one move on it, recording as the menu's Continue does."""
    record = read(path)
    table = restore(record)
    table.on_change = book.recorder(record)
    seat = table.pending()[0]
    table.act(seat, table.legal(seat)[0])
    return table


def test_a_thingstead_record_of_format_1_is_listed_in_progress_but_refused_under_todays_rules(tmp_path):
    """Format 1 wrote "" for Thingstead, and its moves were played under Thingstead's rules revision 1
    (before Reserve, Long memory and Welcome changed): it is listed, and refused with a message."""
    book = RecordBook(tmp_path)
    path = copy_in(book, THINGSTEAD_V1)
    old = read(path)
    assert (old.version, old.stage, old.finished, len(old.actions), old.rules) == (1, "", False, 24, 1)
    with pytest.raises(RecordError, match="played under earlier Thingstead rules"):
        restore(old)


def test_a_quilt_record_of_format_1_with_an_exchange_loads_and_continues(tmp_path):
    book = RecordBook(tmp_path)
    path = copy_in(book, QUILT_V1)
    old = read(path)
    assert (old.version, old.stage) == (1, "round 11, colouring")  # the old words: not checked
    assert any(kind == "exchange" for kind in (a["kind"] for _, a in old.actions))
    table = continued(book, path)
    assert read(path).stage == stage_of(table.view(None)) == "round 11, phase 3 (colouring)"


def test_a_record_of_format_1_that_todays_rules_refuse_says_so(tmp_path):
    """The exchange ruling: an exchange of only a pencil an exchange brought is no longer offered."""
    book = RecordBook(tmp_path)
    path = copy_in(book, QUILT_V1_EXCHANGE_AGAIN)
    with pytest.raises(RecordError, match="saved by an older threadbox, and under today's rules its moves do not"):
        restore(read(path))
    [entry] = book.entries()
    assert entry.record is not None and entry.record.stage == "round 9, colouring"  # still listed


def test_a_record_of_format_2_with_a_wrong_stage_is_refused(tmp_path):
    book = RecordBook(tmp_path)
    path = copy_in(book, QUILT_V1)
    continued(book, path)
    data = json.loads(path.read_text())
    data["stage"] = ""
    data["checksum"] = checksum(data)
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError, match="stage does not follow"):
        restore(read(path))
