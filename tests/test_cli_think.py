"""`play --seat NAME=bot:hard:SECONDS`: a think time seat by seat, beside `--think` for every hard bot."""

from __future__ import annotations

import pytest

from threadbox.cli import UsageError, _parser, _play_config, main
from threadbox.controller import RecordBook, SeatSpec, Table
from threadbox.controller.records import restore
from threadbox.rules.core import RulesError


def config_of(*args: str):
    return _play_config(_parser().parse_args(["play", "warp-and-weft", *args]))


def test_a_seat_s_own_think_time_reaches_its_bot():
    config = config_of("--seat", "Me=human", "--seat", "Bo=bot:hard:2", "--seat", "Cy=bot:hard")
    assert [s.think for s in config.seats] == [None, 2.0, None]
    table = Table(config)
    assert (table._bots[1].think, table._bots[2].think) == (2.0, 1.0)  # Cy: the hard bot's default
    assert config.seats[1].label() == "Bo (bot, hard, 2 s)"


def test_think_fills_in_only_the_hard_seats_without_their_own():
    config = config_of("--seat", "Me=human", "--seat", "Bo=bot:hard:0.25", "--seat", "Cy=bot:hard", "--think", "3")
    assert [s.think for s in config.seats] == [None, 0.25, 3.0]
    config = config_of("--seat", "Me=human", "--seat", "Ed=bot:easy", "--think", "3")
    assert config.seats[1].think is None and config.seats[1].label() == "Ed (bot, easy)"


def test_play_seat_bot_hard_without_a_time():
    config = config_of("--seat", "Me=human", "--seat", "Bo=bot:hard")
    assert config.seats[1] == SeatSpec(name="Bo", kind="bot", level="hard")


@pytest.mark.parametrize(
    "seat, words",
    [
        ("Bo=bot:hard:0", "the think time must be more than 0 and at most 60 seconds"),
        ("Bo=bot:hard:61", "at most 60"),
        ("Bo=bot:hard:nan", "at most 60"),
        ("Bo=bot:hard:inf", "at most 60"),
        ("Bo=bot:hard:soon", "at most 60"),
        ("Bo=bot::2", "NAME=bot:hard:SECONDS"),
        ("Bo=human:2", "NAME=bot:hard:SECONDS"),
        ("Bo=bot:easy:2", "a bot of level easy does not search"),
    ],
)
def test_a_bad_seat_think_time_is_one_clear_line(seat, words, capsys):
    assert main(["play", "warp-and-weft", "--seat", "Me=human", "--seat", seat]) == 2
    err = capsys.readouterr().err
    assert words in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_parse_keeps_the_seconds():
    assert SeatSpec.parse("Bo=bot:hard:0.5").think == 0.5
    with pytest.raises(RulesError):
        SeatSpec.parse("Bo=bot:hard:")
    with pytest.raises(UsageError):
        config_of("--seat", "Me=human", "--seat", "Bo=bot:random:1")


def test_help_shows_the_per_seat_think_time(capsys):
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    out = capsys.readouterr().out
    assert "bot:hard:2" in out and "NAME=human|bot[:LEVEL[:SECONDS]]" in out


def test_the_saves_list_shows_a_hard_bot_s_think_time(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("THREADBOX_HOME", str(tmp_path))
    book = RecordBook(tmp_path)
    config = config_of("--seat", "Ana=human", "--seat", "Bo=bot:hard:2", "--seat", "Cy=bot:easy", "--seed", "4")
    table = Table(config)
    table.on_change = book.recorder()
    table.act(0, table.legal(0)[0])  # a first action: the game is recorded
    assert main(["saves"]) == 0
    assert "Ana (human), Bo (bot, hard, 2 s), Cy (bot, easy)" in capsys.readouterr().out
    (record,) = [e.record for e in book.entries()]
    resumed = restore(record)  # as `threadbox resume` does: the bot thinks as long as before
    assert resumed.seats[1].think == 2.0 and resumed._bots[1].think == 2.0
