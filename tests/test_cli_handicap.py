"""`threadbox play --handicap NAME`: the named seat plays with the game's per-seat handicap."""

import argparse

import pytest

from threadbox.cli import UsageError, _play_config, main


def args(*handicaps: str, game: str = "thread-count") -> argparse.Namespace:
    return argparse.Namespace(
        game=game, seat=["Ana=human", "Bo=bot:easy"], players=None, seed=1, variant=[], handicap=list(handicaps)
    )


def test_the_named_seat_gets_no_cup_minus():
    assert _play_config(args("Bo")).variants == ["no-cup-minus-2"]
    assert _play_config(args()).variants == []


def test_an_unknown_name_or_a_game_without_handicap_is_refused(capsys):
    with pytest.raises(UsageError, match="no seat is called 'Cy'"):
        _play_config(args("Cy"))
    with pytest.raises(UsageError, match="Warp & Weft has no handicap"):
        _play_config(args("Ana", game="warp-and-weft"))
    assert main(["play", "thread-count", "--seat", "Ana=human", "--handicap", "Zed"]) == 2
    assert "no seat is called 'Zed'" in capsys.readouterr().err
