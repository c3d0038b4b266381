"""The bots: legal choices from their own view only, and the easy bot's strength."""

from __future__ import annotations

import random

from threadbox.rules.core.playout import play_out
from threadbox.rules.thingstead import GAME, EasyBot, ThingsteadState

STRENGTH_GAMES = 200  # the suite's target: at least 200 games with seat rotation


def test_easy_bot_chooses_a_legal_action_from_a_view():
    state = ThingsteadState.new(2, 3)
    bot, rng = EasyBot(), random.Random(1)
    for _ in range(60):
        if state.is_over():
            break
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        view = state.view(seat)
        before = view.to_json()
        action = bot.choose(view, seat, legal, rng)
        assert action in legal
        assert view.to_json() == before  # the bot looked, it did not touch
        state.apply(seat, action)


def test_easy_beats_random_at_least_three_times_in_four():
    wins = 0
    for seed in range(STRENGTH_GAMES):
        easy = seed % 2  # seat rotation
        levels = ["random", "random"]
        levels[easy] = "easy"
        outcome = play_out(GAME, 2, 10_000 + seed, levels=levels).state.outcome()
        wins += outcome.winners == [easy]
    assert wins >= 0.75 * STRENGTH_GAMES, wins


def test_hard_is_the_core_search_over_this_games_determinizations():
    from threadbox.rules.core.search import SearchBot

    bot = GAME.make_bot("hard")
    assert isinstance(bot, SearchBot) and isinstance(bot.rollout, EasyBot)
    bot.iterations = 40
    state = ThingsteadState.new(2, 5)
    rng = random.Random(2)
    for _ in range(12):
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        view = state.view(seat)
        before = view.to_json()
        action = bot.choose(view, seat, legal, rng)
        assert action in legal and view.to_json() == before
        state.apply(seat, action)


def test_hard_beats_easy_in_a_short_match():
    """A short seeded match at a small, fixed search budget (the full measurement is in the report)."""
    wins = 0
    games = 6
    for g in range(games):
        hard_seat = g % 2
        hard = GAME.make_bot("hard")
        hard.iterations = 100
        bots = [EasyBot(), EasyBot()]
        bots[hard_seat] = hard
        state = ThingsteadState.new(2, 70_000 + g)
        minds = [random.Random(g * 31 + s) for s in range(2)]
        while not state.is_over():
            seat = state.to_move()[0]
            state.apply(seat, bots[seat].choose(state.view(seat), seat, state.legal_actions(seat), minds[seat]))
        wins += state.outcome().winners == [hard_seat]
    assert wins >= 4, wins
