"""Habits of a player (issue 27), on seeded games as ``simulate`` plays them:

- in the last round, offered the cat's paw, a bot takes the +5 unless a draw scores more at once;
- it does not trap itself: it does not draw into a dead end (no roll can ever extend the thread
  again) when another draw of the roll keeps a way on and scores as much."""

from __future__ import annotations

import pytest

from threadbox.rules.core import bot_mind
from threadbox.rules.thread_count import GAME, ThreadCountState
from threadbox.rules.thread_count.actions import Draw, EndAtPaw
from threadbox.rules.thread_count.bots import _Judge
from threadbox.rules.thread_count.data import CAT_POINTS
from threadbox.simulate import seat_levels


def dead_end(state: ThreadCountState, seat: int, draw: Draw) -> bool:
    """Whether after ``draw`` no roll can ever extend the thread again."""
    after = state.clone()
    after.apply(seat, draw)
    return after.is_blocked(seat)


def lapses(levels: list[str], seed: int, iterations: int | None = None) -> dict[str, list]:
    bots = [GAME.make_bot(level, iterations=iterations) for level in levels]
    minds = [bot_mind(seed, seat) for seat in range(len(levels))]
    state = ThreadCountState.new(len(levels), seed)
    missed_paw: list[tuple[int, int]] = []
    trapped: list[tuple[int, int]] = []
    while to_move := state.to_move():
        seat = to_move[0]
        legal = state.legal_actions(seat)
        action = bots[seat].choose(state.view(seat), seat, legal, minds[seat])
        if isinstance(legal[0], Draw | EndAtPaw) or any(isinstance(a, Draw) for a in legal):
            judge = _Judge(state, seat)
            gains = {a: judge.gain(state.route_of(seat, a)) for a in legal if isinstance(a, Draw | EndAtPaw)}
            paw = [a for a in gains if isinstance(a, EndAtPaw)]
            if paw and state.counter_active and state.counter_left == 0 and not isinstance(action, EndAtPaw):
                best_paw = max(gains[a] for a in paw) + CAT_POINTS
                if not (action in gains and gains[action] > best_paw):
                    missed_paw.append((seat, state.round))
            kept_a_way = (a for a in gains if isinstance(a, Draw) and gains[a] >= gains.get(action, 0))
            trap = isinstance(action, Draw) and dead_end(state, seat, action)
            if trap and any(not dead_end(state, seat, a) for a in kept_a_way):
                trapped.append((seat, state.round))
        state.apply(seat, action)
    return {"missed_paw": missed_paw, "trapped": trapped}


def test_easy_takes_the_cat_and_does_not_trap_itself():
    for seed in range(1, 21):
        found = lapses(["easy", "easy"], seed)
        assert found == {"missed_paw": [], "trapped": []}, (seed, found)


@pytest.mark.parametrize("seed", range(1, 5))
def test_hard_takes_the_cat_and_does_not_trap_itself(seed):
    levels = seat_levels(["hard", "easy"], seed - 1)
    hard = levels.index("hard")
    found = lapses(levels, seed, iterations=40)
    assert not [x for x in found["missed_paw"] if x[0] == hard], found
    assert not [x for x in found["trapped"] if x[0] == hard], found
