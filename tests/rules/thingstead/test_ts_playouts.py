"""Seeded whole games by bots: invariants at every step, secrecy, saving, replaying, determinizing."""

from __future__ import annotations

import random
import re

import pytest

from threadbox.rules.core import RulesError
from threadbox.rules.core.playout import play_out, replay
from threadbox.rules.thingstead import GAME, DrawFromDeck, PlayToClan, ThingsteadState

from .helpers import conserved

GAMES = 500
DEEP_EVERY = 10  # every tenth game also round-trips JSON, determinizes and tries refusals at every step
HIDDEN = -1
from threadbox.rules.thingstead.data import BIG_HAND_SIZE  # noqa: E402

CARD_WORDS = re.compile(r"move \d, followers")  # how a card's label reads


def levels_for(seed: int) -> list[str]:
    """Random bots, with an easy bot in a quarter of the games."""
    return ["easy" if seed % 4 == 1 and seat == seed % 2 else "random" for seat in range(2)]


def assert_view_keeps_secrets(state: ThingsteadState, seat: int) -> None:
    view = state.view(seat)
    other = 1 - seat
    assert view.hands[seat] == state.hands[seat]
    assert view.hands[other] == [HIDDEN] * len(state.hands[other])
    assert view.deck == [HIDDEN] * len(state.deck)
    for c, per_clan in enumerate(view.clan_cards):
        assert per_clan[seat] == state.clan_cards[c][seat]
        if not state.is_over():
            assert per_clan[other] == [HIDDEN] * len(state.clan_cards[c][other])
    assert view.rng.state == 0 and view.seed == 0
    spectator = state.view(None)
    assert all(c == HIDDEN for h in spectator.hands for c in h)


class StepChecks:
    def __init__(self, deep: bool, seed: int) -> None:
        self.deep = deep
        self.steps = 0
        self.rng = random.Random(seed)

    def __call__(self, state: ThingsteadState, seat, action, transition) -> None:
        self.steps += 1
        assert conserved(state)
        assert state.is_over() or state.legal_actions(state.to_move()[0])
        assert max(map(len, state.hands)) <= BIG_HAND_SIZE  # a hand above its size only after losing the power
        if isinstance(action, (PlayToClan, DrawFromDeck)):  # the public lines never name the hidden card
            for entry in transition.log:
                assert not CARD_WORDS.search(entry.text), entry.text
                assert entry.private.keys() <= {seat}
        if not self.deep:
            return
        assert ThingsteadState.from_json(state.to_json()) == state
        assert state.clone() == state
        for s in range(2):
            assert_view_keeps_secrets(state, s)
            view = state.view(s)
            sampled = view.determinize(self.rng)
            assert sampled.view_of is None and conserved(sampled)
            assert sampled.view(s).to_json() == view.to_json()
        if not state.is_over():
            mover = state.to_move()[0]
            before = state.to_json()
            for wrong in (DrawFromDeck(), PlayToClan(card=99, clan="P")):
                if wrong not in state.legal_actions(mover):
                    with pytest.raises(RulesError):
                        state.apply(mover, wrong)
                    assert state.to_json() == before
            with pytest.raises(RulesError):
                state.apply(1 - mover, state.legal_actions(mover)[0])
            assert state.to_json() == before


@pytest.mark.parametrize("chunk", range(10))
def test_random_playouts_keep_every_invariant(chunk):
    for seed in range(chunk * GAMES // 10, (chunk + 1) * GAMES // 10):
        checks = StepChecks(deep=seed % DEEP_EVERY == 0, seed=seed)
        played = play_out(GAME, 2, seed, levels=levels_for(seed), on_step=checks)
        state = played.state
        assert state.is_over()
        outcome = state.outcome()
        assert outcome is not None and outcome.winners
        assert state.locked_by(0) >= 3 or state.locked_by(1) >= 3 or (not state.deck and not any(state.hands))
        if seed % DEEP_EVERY == 0:
            again = replay(GAME, 2, seed, [], played.actions)
            assert again.to_json() == state.to_json()


def test_same_seed_same_setup_and_different_seeds_differ():
    a, b, c = (ThingsteadState.new(2, s) for s in (7, 7, 8))
    assert a.to_json() == b.to_json()
    assert a.to_json() != c.to_json()


def test_games_end_both_ways():
    reasons = {play_out(GAME, 2, seed, levels=["easy", "easy"]).state.end_reason[-30:] for seed in range(12)}
    reasons |= {play_out(GAME, 2, seed).state.end_reason[-30:] for seed in range(12)}
    assert any("locked 3 Elders" in r for r in reasons)
    assert any("out of cards" in r for r in reasons)
