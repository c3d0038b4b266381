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


def test_hard_starts_from_the_easy_bots_opinion():
    """With a single iteration the search plays the prior's favourite: the best card play by the
    easy bot's outlook, judged to the end of the game (``value_to_the_end``, every move looked at)."""
    from threadbox.rules.thingstead.bots import outlook, value_to_the_end

    state = ThingsteadState.new(2, 8)
    view = state.view(0)
    legal = state.legal_actions(0)
    bot = GAME.make_bot("hard")
    bot.iterations = 1
    best = max(legal, key=lambda a: outlook(view, 0, a, value_to_the_end, best_move=True))
    assert bot.choose(view, 0, legal, random.Random(1)) == best


def test_hard_plays_whole_games_against_easy_from_its_view():
    """Whole games at a small budget: legal, from views, to the end (strength is measured in the report)."""
    for g in range(2):
        hard_seat = g % 2
        hard = GAME.make_bot("hard")
        hard.iterations = 30
        bots = [EasyBot(), EasyBot()]
        bots[hard_seat] = hard
        state = ThingsteadState.new(2, 70_000 + g)
        minds = [random.Random(g * 31 + s) for s in range(2)]
        while not state.is_over():
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            action = bots[seat].choose(state.view(seat), seat, legal, minds[seat])
            assert action in legal
            state.apply(seat, action)
        assert state.outcome() is not None
