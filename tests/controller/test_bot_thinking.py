"""Bots decide off the table: a BotTurn carries only the seat's view, and stale answers are refused."""

from __future__ import annotations

import threading

import pytest
from pydantic import ValidationError

from threadbox.cli import _parser, _play_config
from threadbox.controller import SeatSpec, Table, TableConfig
from threadbox.rules.warp_and_weft import PickString


def ww_table(*kinds: str, level: str = "easy", seed: int = 3) -> Table:
    seats = [SeatSpec(name=f"P{i + 1}", kind=k, level=level) for i, k in enumerate(kinds)]
    return Table(TableConfig(game="warp-and-weft", seats=seats, seed=seed))


def test_no_turn_when_no_bot_must_decide():
    assert ww_table("human", "human").bot_turn() is None


def test_a_turn_holds_only_its_seats_view_even_after_a_rivals_secret_pick():
    table = ww_table("human", "bot")
    hand = sorted(set(table.view(0).hands[0]))
    table.act(0, PickString(colour=hand[0]))
    turn = table.bot_turn()
    assert turn is not None and turn.seat == 1
    assert turn.view.view_of == 1
    assert turn.view.pending_pick[0] is None  # the rival's pick stays secret
    assert turn.legal == table.legal(1)


def test_thinking_in_another_thread_then_playing_the_answer():
    table = ww_table("bot", "bot", level="hard")
    for bot in table._bots.values():
        bot.iterations = 4
    turn = table.bot_turn()
    assert turn is not None and turn.thinks
    answer: list = []
    worker = threading.Thread(target=lambda: answer.append(turn.think()))
    worker.start()
    worker.join(timeout=60)
    assert answer and answer[0] in turn.legal
    before = table.version
    assert table.play_bot_turn(turn, answer[0])
    assert table.actions == [(turn.seat, answer[0])] and table.version == before + 1


def test_a_cancelled_turn_is_not_played():
    table = ww_table("bot", "human")
    turn = table.bot_turn()
    action = turn.think()
    turn.cancel()
    before = table.full_state_json()
    assert not table.play_bot_turn(turn, action)
    assert table.full_state_json() == before and table.actions == []


def test_a_turn_stays_good_while_others_act_in_a_simultaneous_phase():
    table = ww_table("human", "bot")
    turn = table.bot_turn()
    action = turn.think()
    table.act(0, PickString(colour=sorted(set(table.view(0).hands[0]))[0]))  # the human picks meanwhile
    assert table.play_bot_turn(turn, action)


def test_an_answer_that_no_longer_fits_is_refused():
    table = ww_table("bot", "human")
    turn = table.bot_turn()
    action = turn.think()
    table.act(0, action)  # the seat's decision was made another way
    assert not table.play_bot_turn(turn, action)
    assert len(table.actions) == 1


def test_a_seat_handed_to_another_bot_does_not_take_the_old_bots_answer():
    table = ww_table("human", "bot")
    turn = table.bot_turn()
    action = turn.think()
    table.hand_to_bot(1, "random")
    assert not table.play_bot_turn(turn, action)


def test_hard_bots_with_an_iteration_cap_play_the_same_game_from_the_same_seed():
    def run() -> list:
        table = ww_table("bot", "bot", level="hard", seed=12)
        for bot in table._bots.values():
            bot.iterations = 3
        for _ in range(12):
            assert table.step_bot()
        return table.actions

    assert run() == run()


def test_think_on_the_command_line_reaches_the_bots():
    args = _parser().parse_args(
        ["play", "warp-and-weft", "--seat", "Me=human", "--seat", "Bo=bot:hard", "--think", "2.5"]
    )
    config = _play_config(args)
    assert config.seats[1].think == 2.5 and config.seats[0].think is None
    table = Table(config)
    assert table._bots[1].think == 2.5


def test_think_must_be_a_sensible_number():
    with pytest.raises(ValidationError):
        SeatSpec(name="Bo", kind="bot", level="hard", think=0)
    with pytest.raises(ValidationError):
        SeatSpec(name="Bo", kind="bot", level="hard", think=600)


@pytest.mark.parametrize("seconds", [0, -1, 60.5, float("nan"), float("inf")])
def test_every_think_time_is_held_to_the_one_limit_with_the_same_words(seconds):
    """A seat, an SSH room's seat plan and the command line all refuse with config's check."""
    from threadbox.controller import checked_think
    from threadbox.net.saving import SeatPlan
    from threadbox.rules.core import RulesError

    words = "must be more than 0 and at most 60 seconds"
    with pytest.raises(RulesError, match=words):
        checked_think(seconds)
    for model in (SeatSpec, SeatPlan):
        with pytest.raises(ValidationError, match=words):
            model(name="Bo", kind="bot", level="hard", think=seconds)
    assert checked_think(60) == 60 and checked_think(0.01) == 0.01


def test_searching_bots_are_told_by_the_searchingbot_protocol():
    """The hard bot of every game is a SearchingBot and gets its budget; quick bots are not and get none."""
    from threadbox.rules.core import SearchingBot, built_games

    for game in built_games():
        hard = game.make_bot("hard", think=2.5, iterations=7)
        assert isinstance(hard, SearchingBot), game.info.id
        assert (hard.think, hard.iterations) == (2.5, 7)
        for level in ("random", "easy"):
            quick = game.make_bot(level, think=2.5, iterations=7)
            assert not isinstance(quick, SearchingBot) and not hasattr(quick, "think"), (game.info.id, level)
