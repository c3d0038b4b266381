"""Illegal actions are refused with a readable message and change nothing."""

import random

import pytest

from threadbox.rules.core import IllegalAction, NotYourTurn, RulesError
from threadbox.rules.core.playout import play_out
from threadbox.rules.thread_count import GAME, Draw, EndAtPaw, Pass, PlaceCup, ThreadCountState

from .thread_count_helpers import draw, new_game, set_roll, set_thread


def refused(state, seat, action, error=RulesError, match=None):
    before = state.to_json()
    with pytest.raises(error, match=match) as info:
        state.apply(seat, action)
    assert state.to_json() == before
    return str(info.value)


def test_wrong_seat():
    state = new_game(players=2)
    set_roll(state, 2)
    state.apply(0, Pass())
    refused(state, 0, Pass(), NotYourTurn, "Player 1 has nothing to decide right now")
    refused(state, 5, Pass(), NotYourTurn, "There is no seat 5 at this table")
    refused(state, -1, Pass(), NotYourTurn, "There is no seat -1 at this table")


def test_a_path_that_is_not_legal():
    state = new_game()
    set_roll(state, 4)
    start = state.layout.start
    message = refused(state, 0, draw(start, "R2 D1"), IllegalAction)
    assert message == "Player 1 cannot do that: you must draw exactly 4 points, and that is 3."
    refused(state, 0, draw(start, "R3 D1"), IllegalAction, "crosses a building block at F2")
    refused(state, 0, EndAtPaw(), IllegalAction, "straight and bends at a right angle")
    refused(state, 0, EndAtPaw(bend=(10, 0)), IllegalAction, "paw is 16 points away that way, more than the 4 rolled")


def test_paw_ending_must_reach_the_paw():
    state = new_game()
    set_thread(state, 0, "R8 D5")
    set_roll(state, 2)
    refused(state, 0, EndAtPaw(), IllegalAction, "the cat's paw is 3 points away that way, more than the 2 rolled")
    refused(state, 0, EndAtPaw(bend=(10, 6)), IllegalAction, "right angle")


def test_actions_of_the_wrong_phase():
    state = ThreadCountState.new(2, 1)
    refused(state, 0, Pass(), IllegalAction, "first everyone draws their cups")
    refused(state, 0, Draw(end=(2, 1)), IllegalAction, "first everyone draws their cups")
    refused(state, 0, PlaceCup(at=(2, 2)), IllegalAction, "C3 is not one")
    refused(state, 0, PlaceCup(at=(40, 2)), IllegalAction, "not on the sheet")
    state.apply(0, PlaceCup(at=(0, 0)))
    refused(state, 0, PlaceCup(at=(0, 0)), IllegalAction, "already a cup on A1")
    for place in state.layout.shaded[1:6]:
        state.apply(0, PlaceCup(at=place))
    refused(state, 0, PlaceCup(at=state.layout.shaded[7]), NotYourTurn)
    state = new_game()
    refused(state, 0, PlaceCup(at=(0, 0)), IllegalAction, "before the first roll")


@pytest.mark.parametrize(
    "data",
    [
        {"kind": "fly"},
        {"kind": "draw"},
        {"kind": "draw", "end": "K9"},
        {"kind": "place-cup", "at": [1, 2, 3]},
        {"kind": "end-at-paw", "bend": [1]},
        {"end": [2, 3]},
        "pass",
        None,
        [1, 2],
    ],
)
def test_garbage_is_not_an_action(data):
    with pytest.raises(RulesError, match="Not an action of Thread Count"):
        ThreadCountState.parse_action(data)


def test_actions_parse_from_json_friendly_dicts():
    assert ThreadCountState.parse_action({"kind": "draw", "end": [6, 2], "bend": [6, 0]}) == Draw(
        end=(6, 2), bend=(6, 0)
    )
    assert ThreadCountState.parse_action({"kind": "end-at-paw"}) == EndAtPaw()
    assert ThreadCountState.parse_action({"kind": "pass"}) == Pass()
    for action in (Draw(end=(6, 2), bend=(6, 0)), EndAtPaw(bend=(10, 8)), Pass(), PlaceCup(at=(0, 0))):
        assert ThreadCountState.parse_action(action.model_dump(mode="json")) == action


def test_a_view_cannot_be_played():
    state = new_game()
    view = state.view(0)
    with pytest.raises(RulesError, match="view cannot be played"):
        view.apply(0, Pass())


def _candidates(state, seat, rng):
    layout = state.layout

    def point():
        return (rng.randrange(-1, layout.columns + 1), rng.randrange(-1, layout.rows + 1))

    here = state.thread_end(seat)
    yield Pass()
    yield PlaceCup(at=point())
    for _ in range(25):
        end, bend = point(), point()
        yield Draw(end=end)
        yield Draw(end=end, bend=bend)
        yield Draw(end=end, bend=(bend[0], here[1]))  # often a real corner
        yield Draw(end=(end[0], here[1]), bend=None)
        yield EndAtPaw(bend=bend)
        yield EndAtPaw(bend=(layout.paw[0], here[1]))
    yield EndAtPaw()


@pytest.mark.parametrize("variants", [(), ("no-crossing", "side-b")])
def test_check_agrees_with_legal_actions(variants):
    """``check`` validates one action directly; it must say yes exactly to the listed options."""
    rng = random.Random(4)
    tried = 0

    def on_step(state, seat, action, transition):
        nonlocal tried
        for s in range(state.players):
            legal = set(state.legal_actions(s))
            for candidate in _candidates(state, s, rng):
                before = state.to_json()
                try:
                    state.check(s, candidate)
                    accepted = True
                except RulesError as exc:
                    assert str(exc).endswith(".") and "{" not in str(exc)
                    accepted = False
                assert accepted == (candidate in legal), (state.describe_safely(candidate, s), accepted)
                assert state.to_json() == before
                tried += 1

    for seed in range(3):
        play_out(GAME, 2, seed, variants, ["easy", "random"], on_step=on_step)
    assert tried > 1000
