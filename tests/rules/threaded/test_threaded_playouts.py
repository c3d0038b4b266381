"""Seeded whole games by bots: invariants at every step, saving, replaying, secrecy."""

from __future__ import annotations

import random

import pytest

from threadbox.rules.core.playout import play_out, replay
from threadbox.rules.threaded import GAME, ThreadedState
from threadbox.rules.threaded.actions import (
    Done,
    Finish,
    Give,
    PickThread,
    Place,
    PlaceAssistant,
    TakeCard,
    TakeTapestry,
    UseEquipment,
)
from threadbox.rules.threaded.frames import HIDDEN

from .threaded_helpers import assert_refused, conserved

GAMES = 200
DEEP_EVERY = 25  # these games also check views, JSON and copies at every step


def players_for(seed: int) -> int:
    return 2 + seed % 4


def levels_for(seed: int) -> list[str]:
    """Mostly easy bots (random ones rarely finish five tapestries), a random seat in half the games."""
    levels = ["easy"] * players_for(seed)
    if seed % 2:
        levels[seed % len(levels)] = "random"
    return levels


def secrets_hidden(state: ThreadedState, seat: int | None) -> None:
    view = state.view(seat)
    over = state.is_over()  # every commission is revealed at the end
    for other in range(state.players):
        if other == seat:
            assert view.commissions[other] == state.commissions[other]
            assert view.hands[other] == state.hands[other]
            continue
        if over:
            assert view.commissions[other] == state.commissions[other]
        else:
            assert set(view.commissions[other]) <= {HIDDEN}
        assert set(view.hands[other]) <= {HIDDEN}
        assert len(view.commissions[other]) == len(state.commissions[other])
    for deck in (view.tapestry_deck, view.equipment_deck, view.commission_deck):
        assert set(deck) <= {HIDDEN}
    for other in range(state.players):
        if other != seat:
            assert set(view.drawn[other]) <= {HIDDEN}
    text = view.to_json()
    for other in range(state.players):
        if other != seat:
            for card in (() if over else state.commissions[other]) + state.hands[other]:
                # a secret card may still be public elsewhere (a line card later taken, a discard)
                assert card not in view.commissions[other] + view.hands[other]
    assert "rng" in text and view.rng.state == 0


PROBES = (
    PlaceAssistant(shop="A"),
    Done(),
    PickThread(colour="G"),
    Give(source="left"),
    TakeCard(card="F1"),
    Finish(choice="make"),
    TakeTapestry(position=4),
    UseEquipment(card="F10"),
    Place(source="basket", colour="B", to="right"),
)


class StepChecks:
    def __init__(self, deep: bool) -> None:
        self.deep = deep
        self.steps = 0
        self.snapshot: tuple[ThreadedState, str] | None = None

    def __call__(self, state, seat, action, transition) -> None:
        self.steps += 1
        conserved(state)
        assert state.is_over() or state.to_move()
        assert all(len(n) <= 6 for n in state.needles)
        if not state.stack or state.stack[-1].kind != "place":
            assert all(len(b) <= 4 for b in state.baskets)
        assert all(len(e) <= 2 for e in state.equipment) or state.stack[-1].kind == "discard_equipment"
        if not self.deep:
            return
        assert ThreadedState.from_json(state.to_json()) == state
        for s in state.to_move():
            assert state.legal_actions(s)
        for s in (seat, (seat + 1) % state.players, None):
            secrets_hidden(state, s)
        self.try_refusals(state)
        if self.snapshot is not None:  # an earlier copy is untouched by later actions
            copy, text = self.snapshot
            assert copy.to_json() == text
        self.snapshot = (state.clone(), state.to_json())

    @staticmethod
    def try_refusals(state: ThreadedState) -> None:
        """Actions that are not options now are refused with a reason and change nothing."""
        if state.is_over():
            return
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        for probe in PROBES:
            if probe not in legal:
                assert_refused(state, seat, probe)
        other = (seat + 1) % state.players
        if other != seat:
            assert_refused(state, other, legal[0])


@pytest.mark.parametrize("chunk", range(8))
def test_playouts_keep_every_thread_and_card_and_replay(chunk):
    for seed in range(chunk * GAMES // 8, (chunk + 1) * GAMES // 8):
        players = players_for(seed)
        checks = StepChecks(deep=seed % DEEP_EVERY == 0)
        played = play_out(GAME, players, seed, levels=levels_for(seed), on_step=checks)
        state = played.state
        assert state.is_over() and checks.steps == len(played.actions)
        outcome = state.outcome()
        assert outcome is not None and outcome.winners
        assert max(len(m) for m in state.made) >= 5
        assert ThreadedState.from_json(state.to_json()) == state
        if seed % 5 == 0:
            assert replay(GAME, players, seed, [], played.actions) == state


def test_random_bots_finish_too():
    for seed in range(3):
        played = play_out(GAME, players_for(seed), seed)
        assert played.state.is_over()
        conserved(played.state)


@pytest.mark.parametrize("seed", [3, 17])
def test_playouts_are_deterministic(seed):
    levels = levels_for(seed)
    first = play_out(GAME, players_for(seed), seed, levels=levels)
    second = play_out(GAME, players_for(seed), seed, levels=levels)
    assert first.actions == second.actions
    assert first.state.to_json() == second.state.to_json()


def test_easy_bot_beats_random_with_seats_rotated():
    games, wins = 40, 0
    for seed in range(games):
        easy = seed % 2
        levels = ["random", "random"]
        levels[easy] = "easy"
        outcome = play_out(GAME, 2, 2000 + seed, levels=levels).state.outcome()
        assert outcome is not None
        wins += outcome.winners == [easy]
    assert wins >= 0.9 * games, f"easy won only {wins} of {games}"


def test_easy_bots_make_tapestries_for_their_commissions():
    for players in (3, 5):
        state = play_out(GAME, players, 7, levels=["easy"] * players).state
        outcome = state.outcome()
        assert outcome is not None
        assert max(s.total for s in outcome.scores) > 10  # tapestries that fit commissions, not just any


def test_hard_bot_chooses_legal_actions_from_its_view():
    bot = GAME.make_bot("hard", iterations=8)
    state = ThreadedState.new(3, 4)
    rng = random.Random(0)
    for _ in range(40):
        if state.is_over():
            break
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        action = bot.choose(state.view(seat), seat, legal, rng)
        assert action in legal
        state.apply(seat, action)
