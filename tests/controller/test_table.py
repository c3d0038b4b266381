"""The table: acting, illegal actions, undo limits, the log and bots."""

import pytest

from threadbox.controller import LocalTurns, SeatPort, SeatSpec, Table, TableConfig
from threadbox.rules.core import RulesError


def table_for(game: str, *kinds: str, seed: int = 7, variants=()) -> Table:
    seats = [SeatSpec(name=f"P{i + 1}", kind=k, level="random") for i, k in enumerate(kinds)]
    return Table(TableConfig(game=game, seats=seats, seed=seed, variants=list(variants)))


def test_act_applies_logs_and_records():
    table = table_for("thread-count", "human", "human")
    seat = table.pending()[0]
    action = table.legal(seat)[0]
    table.act(seat, action)
    assert table.actions == [(seat, action)]
    assert table.log, "every action leaves a line in the log"


def test_illegal_action_changes_nothing():
    table = table_for("thread-count", "human", "human")
    before, opening = table.full_state_json(), list(table.log)
    with pytest.raises(RulesError):
        table.act(0, {"kind": "no-such-thing"})
    with pytest.raises(RulesError):
        table.act(5, table.legal(0)[0])
    assert table.full_state_json() == before and table.actions == [] and table.log == opening


def test_undo_own_action_only():
    table = table_for("thread-count", "human", "human")
    before, opening = table.full_state_json(), list(table.log)
    table.act(0, table.legal(0)[0])
    assert table.can_undo(0) and not table.can_undo(1)
    table.undo(0)
    assert table.full_state_json() == before and table.log == opening
    table.act(0, table.legal(0)[0])
    table.act(1, table.legal(1)[0])
    assert not table.can_undo(0), "never past another seat's action"
    with pytest.raises(RulesError):
        table.undo(0)
    table.undo(1)
    assert table.can_undo(0)


def test_undo_stops_at_a_random_draw():
    table = table_for("thread-count", "human")  # solo: the die is rolled after each move
    table.act(0, table.legal(0)[0])
    while not table.is_over() and not table._done[-1].barrier:
        table.act(0, table.legal(0)[0])
    assert not table.can_undo(0)


def test_bots_move_and_cannot_be_undone():
    table = table_for("thread-count", "bot", "bot")
    while table.step_bot():
        pass
    assert table.is_over()
    assert not table.can_undo(0) and not table.can_undo(1)
    assert table.outcome().winners


def test_undo_stops_at_a_reveal_and_keeps_secrets():
    table = table_for("warp-and-weft", "human", "human")
    table.act(0, table.legal(0)[0])
    assert table.can_undo(0)
    public_line = table.log_for(1)[-1]
    own_line = table.log_for(0)[-1]
    assert public_line != own_line, "the other seat reads only that a pick was made"
    table.act(1, table.legal(1)[0])  # the last pick reveals
    assert table._done[-1].barrier
    assert not table.can_undo(1) and not table.can_undo(0)


def test_seat_port_is_limited_to_its_seat():
    table = table_for("warp-and-weft", "human", "human")
    spectator = SeatPort(table, None)
    assert spectator.legal() == [] and not spectator.can_undo()
    with pytest.raises(RulesError):
        spectator.act(table.legal(0)[0])
    port = SeatPort(table, 1)
    assert port.view().view_of == 1 and port.view().seed == 0


def test_listeners_hear_every_change():
    table = table_for("thread-count", "human", "human")
    heard = []
    listener = lambda: heard.append(1)  # noqa: E731
    table.subscribe(listener)
    table.act(0, table.legal(0)[0])
    table.undo(0)
    table.unsubscribe(listener)
    table.act(0, table.legal(0)[0])
    assert len(heard) == 2


def test_hand_to_bot():
    table = table_for("thread-count", "human", "human")
    table.hand_to_bot(1, "easy")
    assert table.seats[1].is_bot and 1 in table.bot_pending()
    assert "bot" in table.log_for(None)[-1]


def test_hot_seat_hands_off_only_with_hidden_information():
    hidden = LocalTurns(table_for("warp-and-weft", "human", "human"))
    first = hidden.next_seat()
    assert hidden.needs_handoff(first)
    hidden.show(first)
    assert not hidden.needs_handoff(first)
    open_game = LocalTurns(table_for("thread-count", "human", "human"))
    assert not open_game.needs_handoff(open_game.next_seat())
    solo = LocalTurns(table_for("warp-and-weft", "human", "bot"))
    solo.show(solo.next_seat())
    assert not solo.needs_handoff(0)
