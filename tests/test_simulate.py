"""`threadbox simulate` with one level per seat: rotation, results per level, intervals, help."""

from __future__ import annotations

import json

import pytest

from threadbox.cli import main
from threadbox.rules.core import get_game
from threadbox.simulate import mean_interval, seat_levels, share_interval, simulate, split_level


def test_levels_rotate_so_each_sits_in_each_seat_equally_often():
    levels = ["hard", "easy", "random"]
    seen = [seat_levels(levels, i) for i in range(6)]
    assert seen[0] == levels
    for seat in range(3):
        column = [row[seat] for row in seen]
        assert sorted(column) == sorted(levels * 2)
    assert seat_levels(["easy", "easy"], 1) == ["easy", "easy"]


def test_results_by_level_add_up_and_ties_are_split():
    report = simulate(get_game("thread-count"), 6, 5, levels=["easy", "random"])
    d = report.as_dict()
    assert d["levels"] == ["easy", "random"] and d["rotated"] and d["players"] == 2
    wins = d["wins_by_level"]
    assert wins["easy"]["n"] == wins["random"]["n"] == 6
    assert wins["easy"]["mean"] + wins["random"]["mean"] == pytest.approx(1.0)
    assert 0 <= wins["easy"]["low"] <= wins["easy"]["mean"] <= wins["easy"]["high"] <= 1
    scores = d["mean_score_by_level"]
    assert scores["easy"]["n"] == scores["random"]["n"] == 6
    assert scores["easy"]["low"] <= scores["easy"]["mean"] <= scores["easy"]["high"]
    assert sum(report.level_wins["easy"]) + sum(report.level_wins["random"]) == pytest.approx(6)


def test_one_level_at_several_seats_counts_their_wins_together():
    report = simulate(get_game("thread-count"), 4, 1, levels=["easy", "easy", "random"])
    d = report.as_dict()
    assert set(d["wins_by_level"]) == {"easy", "random"}
    assert d["mean_score_by_level"]["easy"]["n"] == 8  # two seats a game
    assert all(0 <= v <= 1 for v in report.level_wins["easy"])


def test_intervals():
    assert share_interval([1.0] * 20)["high"] == 1.0
    assert share_interval([1.0] * 20)["low"] < 1.0  # never a certain 100% from 20 games
    half = share_interval([0.5] * 10)
    assert half["mean"] == 0.5 and half["low"] < 0.5 < half["high"]
    m = mean_interval([1.0, 2.0, 3.0])
    assert m["mean"] == 2.0 and m["low"] < 2.0 < m["high"]
    assert mean_interval([4.0])["low"] is None
    assert mean_interval([])["mean"] is None


def test_cli_bots_with_iterations_is_reproducible(capsys):
    args = ["simulate", "warp-and-weft", "--games", "2", "--bots", "hard,random", "--iterations", "3", "--json"]
    assert main(args) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(args) == 0
    second = json.loads(capsys.readouterr().out)
    assert first["levels"] == ["hard", "random"] and first["iterations"] == 3 and first["players"] == 2
    assert first["mean_score_by_level"] == second["mean_score_by_level"]
    assert first["wins_by_level"] == second["wins_by_level"]


@pytest.mark.parametrize(
    "args, words",
    [
        (["--bots", "easy,champion"], "no bot level 'champion'"),
        (["--bots", "easy,easy", "--players", "3"], "--bots gives 2 levels but --players says 3"),
        (["--bots", "easy,easy,easy,easy,easy,easy"], "is for 2-5 players"),
        (["--bots", "hard,easy", "--iterations", "0"], "--iterations must be at least 1"),
        (["--bots", "hard,easy", "--think", "0"], "--think must be more than 0"),
        (["--bots", "hard:soon,easy"], "must be a number of seconds"),
        (["--bots", "hard:0,easy"], "more than 0 and at most 60"),
        (["--bots", "hard:1,easy:1"], "easy does not search"),
    ],
)
def test_cli_refuses_bad_bot_options(capsys, args, words):
    assert main(["simulate", "warp-and-weft", "--games", "1", *args]) == 2
    assert words in capsys.readouterr().err


def test_help_explains_every_option_and_lists_games_and_levels(capsys):
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    out = capsys.readouterr().out
    for option in (
        "--games",
        "--seed",
        "--players",
        "--bot ",
        "--bots",
        "--variant",
        "--think",
        "--iterations",
        "--json",
    ):
        line = next(line for line in out.splitlines() if line.strip().startswith(option.strip()))
        assert len(line.split(None, 2)) > 1 or option in out  # each option has words after it
    assert "seed + i" in out and "rotate" in out and "95%" in out
    for game in ("thread-count", "warp-and-weft", "quilt", "thingstead", "threaded"):
        assert game in out
    assert "bot levels: random, easy, hard" in out
    assert "--variant side-b" in out
    for level in ("random ", "easy ", "hard "):
        assert f"  {level}" in out


def test_a_think_time_per_seat_makes_two_levels_of_one_bot(capsys):
    args = ["simulate", "thread-count", "--games", "2", "--bots", "hard:0.01,hard:0.02", "--json"]
    assert main(args) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["levels"] == ["hard:0.01", "hard:0.02"] and d["rotated"] and d["players"] == 2
    assert d["thinks"] == [0.01, 0.02] and d["think"] is None
    assert set(d["wins_by_level"]) == {"hard:0.01", "hard:0.02"}
    assert d["wins_by_level"]["hard:0.01"]["n"] == 2
    # today's keys are all still there
    for key in ("game", "bot", "iterations", "games", "seconds", "errors", "mean_scores", "wins"):
        assert key in d


def test_a_seats_think_time_reaches_its_bot(monkeypatch):
    from threadbox.rules.core.search import SearchBot

    seen: list[float] = []
    original = SearchBot.choose

    def spy(self, view, seat, legal, rng, stop=None):
        seen.append(self.think)
        return original(self, view, seat, legal, rng, stop)

    monkeypatch.setattr(SearchBot, "choose", spy)
    simulate(get_game("thread-count"), 1, 3, levels=["hard:0.01", "easy"], think=0.5)
    assert seen and set(seen) == {0.01}
    seen.clear()
    simulate(get_game("thread-count"), 1, 3, levels=["hard", "easy"], think=0.02)
    assert seen and set(seen) == {0.02}  # without its own, a seat thinks --think


def test_split_level():
    assert split_level("hard:0.25") == ("hard", 0.25)
    assert split_level(" easy ") == ("easy", None)
    for bad in ("hard:fast", "hard:0", "hard:nan", "hard:61"):
        with pytest.raises(ValueError):
            split_level(bad)
