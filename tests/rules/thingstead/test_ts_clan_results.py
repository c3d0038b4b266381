"""The per-clan detail behind the final score's Clans line: it explains the points, it never changes them."""

from __future__ import annotations

import random

from threadbox.rules.thingstead import EasyBot, ThingsteadState
from threadbox.rules.thingstead.data import CLAN_INDEX, CLANS

from .helpers import BLUE, RED, card_id, fresh

GAMES = 30  # seeded easy-bot games, a few seconds


def finished(seed: int) -> ThingsteadState:
    state = ThingsteadState.new(2, seed, names=["Red", "Blue"])
    bot, mind = EasyBot(), random.Random(seed)
    while not state.is_over():
        seat = state.current
        state.apply(seat, bot.choose(state.view(seat), seat, state.legal_actions(seat), mind))
    return state


def test_the_per_clan_points_add_up_to_the_outcomes_clan_points_and_totals_are_unchanged():
    for seed in range(GAMES):
        state = finished(seed)
        outcome = state.outcome()
        assert outcome is not None
        results = state.clan_results()
        assert [r.clan for r in results] == list(CLANS)
        for score in outcome.scores:
            sheet = dict(score.categories)
            assert list(sheet) == ["Elders", "Runes powers", "Clans"]  # the scorepad as before
            assert sum(r.points(score.seat) for r in results) == sheet["Clans"]
            assert score.total == sheet["Elders"] + sheet["Runes powers"] + sum(r.points(score.seat) for r in results)
        for r in results:
            c = CLAN_INDEX[r.clan]
            assert r.cards == (len(state.clan_cards[c][RED]), len(state.clan_cards[c][BLUE]))
            assert r.winner == state.clan_winner(r.clan)


def test_each_clan_says_who_wins_it_and_why():
    state = fresh()
    pink, sky, orange = CLAN_INDEX["P"], CLAN_INDEX["S"], CLAN_INDEX["O"]
    state.clan_cards[pink] = [[card_id("S", 3, 1, 1, 1), card_id("P", 1, 1, 2, 1)], [card_id("P", 2, 0, 2, 2)]]
    state.clan_cards[sky] = [[card_id("S", 2, 0, 2, 2)], [card_id("S", 2, 2, 2, 0)]]
    state.disc[sky] = BLUE
    state.clan_cards[orange] = [[card_id("O", 1, 1, 2, 1)], [card_id("O", 1, 0, 3, 1)]]
    state.disc[orange] = -1
    state.step = "over"
    by_clan = {r.clan: r for r in state.clan_results()}
    assert by_clan["P"].cards == (2, 1) and by_clan["P"].influence == (1, 2)  # Red's Sky Blue card does not count
    assert (by_clan["P"].winner, by_clan["P"].decided) == (BLUE, "more movement")
    assert (by_clan["S"].winner, by_clan["S"].decided) == (BLUE, "tie, to the disc")
    assert (by_clan["O"].winner, by_clan["O"].decided) == (-1, "tie, disc in the middle")
    assert by_clan["O"].points(RED) == by_clan["O"].points(BLUE) == 0


def test_there_are_no_clan_results_before_the_end():
    assert ThingsteadState.new(2, 1, names=["Red", "Blue"]).clan_results() == ()
