"""Passing skips one roll; stopping is for good; the game ends when nobody can or wants to draw.

Self-contained (no shared helpers), so it runs however tests/rules is imported.
"""

from threadbox.rules.core import NotYourTurn
from threadbox.rules.thread_count import Pass, Stop, ThreadCountState


def two_players() -> ThreadCountState:
    state = ThreadCountState.new(2, seed=3, variants=["easier"])
    state.roll = 2
    state.status = ["pending", "pending"]
    return state


def test_stop_is_offered_beside_pass():
    state = two_players()
    assert state.legal_actions(0)[-2:] == [Stop(), Pass()]


def test_a_stopped_seat_sits_out_every_later_round():
    state = two_players()
    transition = state.apply(0, Stop())
    assert [e.text for e in transition.log] == ["Player 1 stops drawing for good."]
    assert state.status[0] == "stopped"
    for _ in range(5):
        assert state.to_move() == [1]
        state.apply(1, Pass())
        assert state.status[0] == "stopped" and not state.is_over()
    before = state.model_dump()
    try:
        state.apply(0, Pass())
    except NotYourTurn:
        pass
    assert state.model_dump() == before  # the refusal changed nothing


def test_passing_alone_never_ends_a_solo_game():
    state = ThreadCountState.new(1, seed=5, variants=["easier"])
    for _ in range(10):
        if state.is_over():
            break
        state.apply(0, Pass())
    assert state.round > 1 and (not state.is_over() or state.end_reason.startswith("The last number"))


def test_stop_ends_the_game_once_everyone_is_done():
    state = two_players()
    state.apply(0, Stop())
    assert state.stop_ends_game(1)
    state.apply(1, Stop())
    assert state.is_over()
    assert state.outcome().reason == "No one can or wants to extend their thread any more."


def test_a_thread_at_a_dead_end_is_said_once_and_then_sits_out():
    # Player 1 walls itself in at B1 (every segment around it drawn); player 2 plays on.
    state = two_players()
    start = state.layout.start
    thread = (start, (1, 0), (0, 0), (0, 1), (1, 1), (1, 0))
    state.sheets[0] = state.sheets[0].model_copy(update={"thread": thread})  # sheets are values: replaced
    assert state.is_blocked(0) and not state.is_blocked(1)
    state.status[0] = "stuck"
    transition = state.apply(1, Pass())
    texts = [e.text for e in transition.log]
    assert "Player 1's thread is at a dead end: no roll can extend it any more." in texts
    assert state.status[0] == "blocked" and state.to_move() == [1]
    transition = state.apply(1, Pass())
    assert not [e for e in transition.log if "dead end" in e.text]  # said only once
    state.apply(1, Stop())
    assert state.is_over()
