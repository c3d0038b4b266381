"""Seeded whole games by bots: invariants at every step, saving, replaying, and the easy bot's strength."""

from __future__ import annotations

import pytest

from threadbox.rules.core.playout import play_out, replay
from threadbox.rules.warp_and_weft import GAME, WarpWeftState
from threadbox.rules.warp_and_weft.data import TOTAL_STRINGS

GAMES = 300
DEEP_EVERY = 10  # every tenth game also round-trips JSON and checks copies at every step


def players_for(seed: int) -> int:
    return 2 + seed % 4


def levels_for(seed: int) -> list[str]:
    """Random bots, with easy bots in a quarter of the games."""
    return ["easy" if seed % 4 == 1 and seat % 2 == 0 else "random" for seat in range(players_for(seed))]


def loom_is_consistent(state: WarpWeftState) -> bool:
    """A crossing is set exactly where both of its strings are woven."""
    for loom in state.looms:
        for row, marks in enumerate(loom.crossings):
            for column, mark in enumerate(marks):
                both = loom.vertical[column] != "." and loom.horizontal[row] != "."
                if both != (mark != "."):
                    return False
    return True


class StepChecks:
    def __init__(self, deep: bool) -> None:
        self.deep = deep
        self.steps = 0
        self.snapshot: tuple[WarpWeftState, str] | None = None

    def __call__(self, state, seat, action, transition) -> None:
        self.steps += 1
        assert state.strings_accounted() == TOTAL_STRINGS
        assert min(state.bag.values()) >= 0
        assert state.is_over() or state.to_move()
        if not self.deep:
            return
        assert WarpWeftState.from_json(state.to_json()) == state
        assert loom_is_consistent(state)
        for s in state.to_move():
            assert state.legal_actions(s)
        for s in (seat, None):
            view = state.view(s)
            assert WarpWeftState.from_json(view.to_json()) == view
        if self.snapshot is not None:  # an earlier copy is untouched by later actions
            copy, text = self.snapshot
            assert copy.to_json() == text
        self.snapshot = (state.clone(), state.to_json())


@pytest.mark.parametrize("chunk", range(6))
def test_random_playouts_keep_every_string_and_replay(chunk):
    for seed in range(chunk * GAMES // 6, (chunk + 1) * GAMES // 6):
        players = players_for(seed)
        checks = StepChecks(deep=seed % DEEP_EVERY == 0)
        played = play_out(GAME, players, seed, levels=levels_for(seed), on_step=checks)
        state = played.state
        assert state.is_over() and checks.steps == len(played.actions)
        outcome = state.outcome()
        assert outcome is not None and outcome.winners
        assert all(loom.woven_count() == 16 for loom in state.looms)
        assert sum(state.bag.values()) == TOTAL_STRINGS - 20 * players
        assert sum(state.out_of_game.values()) == 4 * players
        assert loom_is_consistent(state)
        assert replay(GAME, players, seed, [], played.actions) == state
        assert WarpWeftState.from_json(state.to_json()) == state


@pytest.mark.parametrize("seed", [3, 17, 42])
def test_playouts_are_deterministic(seed):
    levels = ["easy", "random", "easy", "random", "easy"][: players_for(seed)]
    first = play_out(GAME, players_for(seed), seed, levels=levels)
    second = play_out(GAME, players_for(seed), seed, levels=levels)
    assert first.actions == second.actions
    assert first.state.to_json() == second.state.to_json()


def test_easy_bot_beats_random():
    seeds = range(60)
    wins = 0
    for seed in seeds:
        easy = seed % 2
        levels = ["random", "random"]
        levels[easy] = "easy"
        outcome = play_out(GAME, 2, 1000 + seed, levels=levels).state.outcome()
        assert outcome is not None
        wins += outcome.winners == [easy]
    assert wins >= 0.8 * len(seeds), f"easy won only {wins} of {len(seeds)}"


def test_easy_bots_play_a_full_table():
    for players in (3, 5):
        outcome = play_out(GAME, players, 7, levels=["easy"] * players).state.outcome()
        assert outcome is not None
        assert max(s.total for s in outcome.scores) > 10  # they form patterns, not just fill slots
