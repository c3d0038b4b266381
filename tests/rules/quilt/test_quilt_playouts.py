"""Seeded whole games by bots over 2-4 players and both variants: invariants at every step, saving, replaying."""

from __future__ import annotations

import random

import pytest

from threadbox.rules.core import IllegalAction
from threadbox.rules.core.playout import play_out, replay
from threadbox.rules.quilt import GAME, QuiltState
from threadbox.rules.quilt import actions as act
from threadbox.rules.quilt.data import COLUMNS, HOLDER_CAPACITY, LETTERS

# Every action there is (for two holders more than any table has), to check the fast legality test.
ALL_ACTIONS = [
    *(act.patch(c) for c in LETTERS),
    act.DRAW,
    act.DRAW_BONUS,
    act.DECLINE,
    act.FINISH,
    *(act.place(h) for h in range(7)),
    *(act.take(h) for h in range(7)),
    *(act.cell(c, r) for c in LETTERS for r in range(5)),
    *(act.applique(c, i) for c in LETTERS for i in range(3)),
    *(act.spool(c) for c in LETTERS),
    *(act.stitch(i) for i in range(3)),
    *(act.neutral(c) for c in LETTERS),
    *(act.exchange(a + b) for a in ("", *LETTERS) for b in LETTERS),
]
GAMES = 300
CHUNKS = 6
DEEP_EVERY = 10  # every tenth game also round-trips JSON, views and copies at every step


def setup_for(seed: int) -> tuple[int, list[str]]:
    players = 2 + seed % 3
    variants = []
    if seed % 2:
        variants.append("everything-counted")
    if players == 4 and seed % 4 == 2:  # 4-player seeds alternate between 4 sets and Quiltmania's 3
        variants.append("quiltmania")
    return players, variants


def levels_for(seed: int, players: int) -> list[str]:
    """Random bots, with easy bots at every other seat in a quarter of the games."""
    return ["easy" if seed % 4 == 1 and seat % 2 == 0 else "random" for seat in range(players)]


class StepChecks:
    def __init__(self, deep: bool) -> None:
        self.deep = deep
        self.steps = 0
        self.snapshot: tuple[QuiltState, str] | None = None

    def __call__(self, state: QuiltState, seat, action, transition) -> None:
        self.steps += 1
        assert state.pencils_accounted() == state.total_pencils
        assert min(state.bag.values()) >= 0
        assert all(len(h) <= HOLDER_CAPACITY for h in state.holders) or state.phase == "colouring"
        assert all(len(row) <= COLUMNS for b in state.boards for row in b.rows)
        assert state.is_over() or state.legal_actions(state.turn)
        if not self.deep:
            return
        assert QuiltState.from_json(state.to_json()) == state
        if not state.is_over():
            legal = state.legal_actions(state.turn)
            for a in legal:
                state.check(state.turn, a)
            for a in ALL_ACTIONS:
                if a not in legal:
                    with pytest.raises(IllegalAction):
                        state.check(state.turn, a)
        for s in (seat, None):
            view = state.view(s)
            assert QuiltState.from_json(view.to_json()) == view
            assert view.rng.state == 0 and view.seed == 0
        sampled = state.view(seat).determinize(random.Random(self.steps))
        assert sampled.view(seat) == state.view(seat)
        if self.snapshot is not None:  # an earlier copy is untouched by later actions
            copy, text = self.snapshot
            assert copy.to_json() == text
        self.snapshot = (state.clone(), state.to_json())


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_playouts_keep_every_pencil_end_and_replay(chunk):
    for seed in range(chunk * GAMES // CHUNKS, (chunk + 1) * GAMES // CHUNKS):
        players, variants = setup_for(seed)
        checks = StepChecks(deep=seed % DEEP_EVERY == 0)
        played = play_out(GAME, players, seed, variants, levels=levels_for(seed, players), on_step=checks)
        state = played.state
        assert state.is_over() and checks.steps == len(played.actions)
        outcome = state.outcome()
        assert outcome is not None and outcome.winners
        assert any(b.full_rows() >= 3 or (b.full_rows() >= 2 and b.spools_done()) for b in state.boards)
        assert state.pencils_accounted() == state.total_pencils
        assert replay(GAME, players, seed, variants, played.actions) == state
        assert QuiltState.from_json(state.to_json()) == state


def test_both_variants_and_every_player_count_are_covered():
    setups = {(p, tuple(v)) for p, v in map(setup_for, range(GAMES))}
    assert {p for p, _ in setups} == {2, 3, 4}
    assert any("everything-counted" in v for _, v in setups)
    assert any("quiltmania" in v for _, v in setups)


@pytest.mark.parametrize("seed", [3, 17, 42])
def test_playouts_are_deterministic(seed):
    players, variants = setup_for(seed)
    levels = ["easy", "random", "easy", "random"][:players]
    first = play_out(GAME, players, seed, variants, levels=levels)
    second = play_out(GAME, players, seed, variants, levels=levels)
    assert first.actions == second.actions
    assert first.state.to_json() == second.state.to_json()
