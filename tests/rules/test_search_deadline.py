"""A decision of the ``hard`` bot ends at its think time, even when one iteration is slow.

The search's clock is replaced by a fake one that only a slow rollout policy moves:
nothing here depends on how busy the machine is."""

from __future__ import annotations

import random
import threading

import pytest

from threadbox.rules.core import get_game
from threadbox.rules.core import search as search_module
from threadbox.rules.core.search import SearchBot

STEP = 0.05  # fake seconds each rollout decision takes


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        return self.now


class SlowRollout:
    """The easy bot, taking ``STEP`` fake seconds a decision."""

    level = "slow"

    def __init__(self, game_id: str, clock: FakeClock) -> None:
        self.easy = get_game(game_id).make_bot("easy")
        self.clock = clock

    def choose(self, view, seat, legal, rng):
        self.clock.now += STEP
        return self.easy.choose(view, seat, legal, rng)


@pytest.mark.parametrize("game_id", ["thread-count", "warp-and-weft"])
@pytest.mark.parametrize("think", [0.01, 0.3, 1.0])
def test_a_slow_rollout_does_not_make_a_decision_overrun_its_think_time(monkeypatch, game_id, think):
    """Rollouts play to the end of the game (hundreds of decisions): the clock must be read inside
    an iteration, not only between iterations (a whole game's rollout took 2.5-10 fake seconds)."""
    clock = FakeClock()
    monkeypatch.setattr(search_module, "time", clock)
    game = get_game(game_id)
    state = game.state_cls.new(2, 4)
    seat = state.to_move()[0]
    legal = state.legal_actions(seat)
    bot = SearchBot(SlowRollout(game_id, clock), think=think)
    action = bot.choose(state.view(seat), seat, legal, random.Random(1))
    assert action in legal
    assert clock.now <= think + 2 * STEP  # the last rollout step, and the answer when nothing finished
    for arms in bot.last.tree.values():  # an iteration cut off leaves no arm without a visit
        assert all(arm.visits > 0 for arm in arms.values())


def test_the_search_keeps_the_iterations_it_finished_before_the_deadline(monkeypatch):
    """Short rollouts (cut after a few decisions) finish several iterations in the think time;
    the move is chosen from them, and the one cut off is not counted."""
    clock = FakeClock()
    monkeypatch.setattr(search_module, "time", clock)
    game_id = "thread-count"
    game = get_game(game_id)
    state = game.state_cls.new(2, 4)
    seat = state.to_move()[0]
    legal = state.legal_actions(seat)
    hard = game.make_bot("hard")
    bot = SearchBot(SlowRollout(game_id, clock), think=1.0, rollout_limit=4, evaluate=hard.evaluate)
    bot.choose(state.view(seat), seat, legal, random.Random(1))
    assert clock.now <= 1.0 + STEP
    assert 3 <= bot.last.iterations <= 5  # 4 steps (0.2 s) an iteration
    root = bot.last.tree[(seat, ())]
    assert sum(arm.visits for arm in root.values()) == bot.last.iterations


def test_a_stop_mid_iteration_ends_the_search(monkeypatch):
    clock = FakeClock()
    stop = threading.Event()

    class Stopping(SlowRollout):
        def choose(self, view, seat, legal, rng):
            if clock.now >= 0.5:
                stop.set()
            return super().choose(view, seat, legal, rng)

    monkeypatch.setattr(search_module, "time", clock)
    game = get_game("thread-count")
    state = game.state_cls.new(2, 4)
    seat = state.to_move()[0]
    bot = SearchBot(Stopping("thread-count", clock), think=30)
    assert bot.choose(state.view(seat), seat, state.legal_actions(seat), random.Random(1), stop) in state.legal_actions(
        seat
    )
    assert clock.now <= 0.5 + 3 * STEP  # the step that saw it, the next one, the answer


def test_progressive_widening_opens_arms_as_a_node_is_visited():
    """With widening (1, 0.5) a node visited n times has at most ceil(sqrt(n + 1)) arms open,
    the prior's best first; without it, every option is tried once before any twice."""
    game = get_game("thread-count")
    state = game.state_cls.new(2, 4)  # placing cups: dozens of places
    seat = state.to_move()[0]
    legal = state.legal_actions(seat)
    assert len(legal) >= 12

    def prior(view, actor, options):
        return [float(i) for i in range(len(options))]  # the later an option, the better

    hard = game.make_bot("hard")
    common = dict(iterations=9, rollout_limit=2, evaluate=hard.evaluate, prior=prior)
    wide = SearchBot(hard.rollout, **common)
    wide.choose(state.view(seat), seat, legal, random.Random(1))
    assert len(wide.last.tree[(seat, ())]) == 9
    narrow = SearchBot(hard.rollout, widening=(1.0, 0.5), **common)
    narrow.choose(state.view(seat), seat, legal, random.Random(1))
    root = narrow.last.tree[(seat, ())]
    assert len(root) <= 4  # ceil(sqrt(9)), and one more opened on the last visit
    assert set(root) == set(legal[-len(root) :])  # the prior's favourites


def test_rank_rewards_at_three_seats():
    from threadbox.rules.core.search import _ranks

    assert _ranks([10.0, 5.0, 1.0], [0]) == [1.0, 0.5, 0.0]
    assert _ranks([7.0, 7.0, 1.0], [0, 1]) == [0.75, 0.75, 0.0]
    assert _ranks([7.0, 7.0, 1.0], [1]) == [0.5, 1.0, 0.0]  # a tie-break won beats the tied seat
