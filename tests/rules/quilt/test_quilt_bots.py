"""The easy bot: it beats random play and plays full tables sensibly, from its view only."""

from __future__ import annotations

import random

from threadbox.rules.core.playout import play_out
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
