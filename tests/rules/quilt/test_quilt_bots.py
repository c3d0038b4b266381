"""The easy bot: it beats random play and plays full tables sensibly, from its view only."""

from __future__ import annotations

import random

from threadbox.rules.core.playout import play_out
from threadbox.rules.core.search import SearchBot
from threadbox.rules.quilt import GAME, EasyBot, QuiltState


def test_easy_bot_beats_random_with_seat_rotation():
    seeds = range(40)
    wins = 0.0
    for seed in seeds:
        easy = seed % 2
        levels = ["random", "random"]
        levels[easy] = "easy"
        outcome = play_out(GAME, 2, 2000 + seed, levels=levels).state.outcome()
        assert outcome is not None
        wins += (easy in outcome.winners) / len(outcome.winners)
    assert wins >= 0.8 * len(seeds), f"easy won only {wins} of {len(seeds)}"


def test_easy_bots_play_full_tables_to_decent_scores():
    for players, variants in ((3, []), (4, ["quiltmania"]), (4, ["everything-counted"])):
        outcome = play_out(GAME, players, 11, variants, levels=["easy"] * players).state.outcome()
        assert outcome is not None
        assert max(s.total for s in outcome.scores) > 40


def test_easy_bot_picks_from_the_legal_options_on_a_view():
    state = QuiltState.new(2, seed=9)
    bot = EasyBot()
    mind = random.Random(1)
    for _ in range(200):
        if state.is_over():
            break
        seat = state.turn
        legal = state.legal_actions(seat)
        action = bot.choose(state.view(seat), seat, legal, mind)
        assert action in legal
        state.apply(seat, action)


def test_hard_is_the_core_search_bot_with_the_easy_bot_inside():
    bot = GAME.make_bot("hard", iterations=5)
    assert isinstance(bot, SearchBot) and bot.iterations == 5
    assert isinstance(bot.rollout, EasyBot) and bot.prior is not None and bot.evaluate is not None
    assert GAME.bot_levels == ["random", "easy", "hard"]


def test_hard_plays_a_whole_game_with_legal_actions_only():
    state = QuiltState.new(2, seed=21)
    bots = [GAME.make_bot("hard", iterations=3), EasyBot()]
    minds = [random.Random(1), random.Random(2)]
    while not state.is_over():
        seat = state.turn
        legal = state.legal_actions(seat)
        action = bots[seat].choose(state.view(seat), seat, legal, minds[seat])
        assert action in legal
        state.apply(seat, action)
    assert state.outcome() is not None


def test_hard_decides_alike_from_the_same_view_and_seed():
    state = QuiltState.new(2, seed=8)
    while state.phase != "colouring":
        state.apply(
            state.turn,
            EasyBot().choose(state.view(state.turn), state.turn, state.legal_actions(state.turn), random.Random(0)),
        )
    seat = state.turn
    legal = state.legal_actions(seat)
    picks = {
        GAME.make_bot("hard", iterations=30).choose(state.view(seat), seat, legal, random.Random(4)) for _ in range(2)
    }
    assert len(picks) == 1 and picks <= set(legal)
