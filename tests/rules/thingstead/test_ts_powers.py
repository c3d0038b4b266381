"""Every clan power: what it does, and that it does nothing without the power."""

from __future__ import annotations

import pytest

from threadbox.rules.thingstead import DrawFromDeck, DrawFromRow, Influence, Move, PlayToClan, PlayToThingstead, Push
from threadbox.rules.thingstead.data import CLAN_INDEX, CLANS, POWERS, power_of

from .helpers import BLUE, RED, card_id, conserved, deal, fresh, give_power, play, put, set_top

IDENTITY = list(range(7))  # position p: Elder id p, No. p + 3
# 0 No.3 [P,G], 1 No.4 [S,O], 2 No.5 [P,O], 3 No.6 [S,G], 4 No.7 [P,S,G], 5 No.8 [P,O,G], 6 No.9 [S,O]


def table(*red: int):
    state = fresh(IDENTITY)
    hand = [*red, *[c for c in range(27, 36) if c not in red]][:5]
    blue = [c for c in range(9, 18) if c not in hand][:5]
    row = [c for c in range(36) if c not in hand + blue][:3]
    deal(state, [hand, blue], row=row)
    return state


def test_twenty_distinct_powers_five_per_clan_in_the_four_groups():
    assert len(POWERS) == 20
    assert len({(p.kind, p.symbol) for p in POWERS}) == 20
    assert all(sum(p.clan == c for p in POWERS) == 5 for c in CLANS)
    assert {p.group for p in POWERS} == {"symbols and pawns", "Elders and scoring", "movement", "followers"}
    assert all(p.text().endswith(".") and len(p.text()) < 120 for p in POWERS)
    # The powers the rulebook and FAQ imply.
    assert power_of("O", "push").symbol == "O"
    assert {p.kind for p in POWERS} >= {"push", "lock", "hand", "rally"}


@pytest.mark.parametrize(("clan", "showing", "card_clan", "other_clan"), [("P", 2, "S", "O"), ("O", 1, "P", "P")])
def test_welcome_any_card_matches_an_elder_showing_the_symbol(clan, showing, card_clan, other_clan):
    card = card_id(card_clan, 1, 1, 2, 1)
    other = card_id(other_clan, 2, 0, 2, 2)
    not_showing = 3  # No. 6 [S, G]
    state = table(card, other)
    assert not state.matches(RED, card, showing) and not state.matches(RED, other, not_showing)
    give_power(state, RED, clan, "wild")
    assert state.matches(RED, card, showing) and state.matches(RED, other, showing)
    assert not state.matches(RED, other, not_showing) and not state.matches(BLUE, card, showing)


def test_hand_power_hand_of_six():
    state = table()
    assert state.hand_size(RED) == 5
    give_power(state, RED, "S", "hand", kept=True)
    assert state.hand_size(RED) == 6 and state.hand_size(BLUE) == 5


def test_long_memory_lasts_while_the_draw_deck_does():
    """Its sixth card must not become an extra turn at the end, when the other hand runs out first."""
    state = fresh(IDENTITY)
    deal(state, [[27, 28, 29, 30, 31], [9, 10, 11, 12, 13]], row=[20, 21, 22], deck=False)
    give_power(state, RED, "S", "hand", kept=True)
    assert state.hand_size(RED) == 5
    play(state, RED, PlayToClan(card=27, clan="G"), DrawFromRow(card=20))
    assert len(state.hands[RED]) == 5 and state.current == BLUE


def test_push_only_from_an_elder_showing_orange_either_way():
    card = card_id("S", 1, 1, 2, 1)
    state = table(card)
    give_power(state, RED, "O", "push")
    state.pawns = [3, 0]  # No. 6 [S, G]: no Orange, no shove
    play(state, RED, PlayToThingstead(card=card), Influence())
    assert state.step != "push"
    state = table(card)
    give_power(state, RED, "O", "push")
    state.pawns = [6, 0]  # No. 9 [S, O]
    play(state, RED, PlayToThingstead(card=card), Influence())
    assert state.legal_actions(RED) == [Push(shift=0), Push(shift=1), Push(shift=-1)]
    play(state, RED, Push(shift=1))
    assert state.pawns[BLUE] == 1


def test_ward_softens_the_opponents_own_elder():
    state = table()
    state.pawns = [2, 2]
    assert state.modifier(RED, 2) == -2
    give_power(state, RED, "G", "ward")
    assert state.modifier(RED, 2) == -1 and state.modifier(RED, 3) == -1 and state.modifier(BLUE, 2) == -2


@pytest.mark.parametrize(("clan", "shows", "not_shows"), [("P", 0, 1), ("S", 1, 0), ("G", 3, 1)])
def test_lock_needs_one_follower_fewer_on_elders_with_the_symbol(clan, shows, not_shows):
    state = table()
    give_power(state, RED, clan, "lock")
    assert state.lock_need(RED, shows) == shows + 3 - 1
    assert state.lock_need(RED, not_shows) == not_shows + 3
    assert state.lock_need(BLUE, shows) == shows + 3


def test_two_lock_powers_add_up():
    state = table()
    give_power(state, RED, "P", "lock")
    give_power(state, RED, "S", "lock", kept=True)
    assert state.lock_need(RED, 4) == 7 - 2  # No. 7 shows both


@pytest.mark.parametrize(("clan", "position"), [("S", 6), ("O", 2)])
def test_runes_add_a_point_for_each_won_elder_with_the_symbol(clan, position):
    state = table()
    put(state, position, RED, 1)
    put(state, 0, RED, 1)  # No. 3 [P, G]: no bonus
    give_power(state, RED, clan, "runes")
    sheet = dict(state.score_sheet(RED))
    assert sheet["Runes powers"] == 1
    assert sheet["Elders"] == state.elder_at(position).runestones + 1


def test_tally_counts_every_card_in_the_green_clan():
    state = table()
    green = CLAN_INDEX["G"]
    state.clan_cards[green] = [[card_id("P", 3, 1, 1, 1)], [card_id("G", 2, 0, 2, 2)]]
    assert state.clan_winner("G") == BLUE
    give_power(state, RED, "G", "tally", kept=True)
    assert state.clan_winner("G") == RED


def test_stride_one_more_movement():
    card = card_id("S", 1, 1, 2, 1)
    state = table(card)
    assert state.reachable(RED, card) == [4, 5, 6]
    give_power(state, RED, "P", "stride")
    assert state.movement(RED, card) == 2 and state.reachable(RED, card) == [0, 3, 4, 5, 6]


@pytest.mark.parametrize(("clan", "places"), [("S", {1, 3, 4, 6}), ("O", {1, 2, 5, 6})])
def test_soar_to_any_elder_with_the_symbol(clan, places):
    card = card_id("G", 1, 1, 2, 1)
    state = table(card)
    give_power(state, RED, clan, "soar")
    assert set(state.reachable(RED, card)) == {4, 5, 6} | places
    play(state, RED, PlayToThingstead(card=card), Move(to=min(places - {4, 5, 6})))


@pytest.mark.parametrize("clan", CLANS)
def test_rally_one_more_follower_on_the_pawns_elder_with_the_symbol(clan):
    card = card_id("O", 1, 1, 2, 1)
    state = table(card)
    state.pawns = [5, 1]  # No. 8 [P, O, G], 3 from Blue
    before = state.quotas(RED, card)
    give_power(state, RED, clan, "rally")
    bonus = 1 if clan in "POG" else 0
    assert state.quotas(RED, card) == [before[0], before[1] + bonus, before[2]]


def test_recruit_one_more_follower_per_clan_card_from_the_next_play():
    state = table()
    set_top(state, "P", "recruit")
    play(state, RED, PlayToClan(card=state.hands[RED][0], clan="P"))
    assert state.supply[RED] == 3 + 4  # gained with this card: not yet
    play(state, RED, DrawFromDeck())
    play(state, BLUE, PlayToClan(card=state.hands[BLUE][0], clan="S"), DrawFromDeck())
    play(state, RED, PlayToClan(card=state.hands[RED][0], clan="S"))
    assert state.supply[RED] == 7 + 4 + 1
    assert conserved(state)


def test_reserve_a_locked_elders_other_followers_go_to_your_supply():
    card = card_id("P", 1, 1, 2, 1)
    state = table(card)
    state.pawns = [5, 1]  # No. 8 [P, O, G], three from Blue: +1, so the centre takes 3
    put(state, 5, RED, 6)
    give_power(state, RED, "G", "reserve")
    play(state, RED, PlayToThingstead(card=card), Influence())
    while state.step == "place":
        play(state, RED, state.legal_actions(RED)[0])
    on, supply, general = state.count[5], state.supply[RED], state.general[RED]
    assert on >= 8  # No. 8 locks at the end of the turn
    play(state, RED, Move(to=5), DrawFromDeck())
    assert state.locked[5] and state.count[5] == 1
    assert state.supply[RED] == supply + on - 1 and state.general[RED] == general
    assert conserved(state)


def test_without_reserve_a_locked_elders_followers_go_to_the_general_supply():
    card = card_id("P", 1, 1, 2, 1)
    state = table(card)
    state.pawns = [5, 1]
    put(state, 5, RED, 6)
    play(state, RED, PlayToThingstead(card=card), Influence())
    while state.step == "place":
        play(state, RED, state.legal_actions(RED)[0])
    on, supply, general = state.count[5], state.supply[RED], state.general[RED]
    play(state, RED, Move(to=5), DrawFromDeck())
    assert state.locked[5] and state.general[RED] == general + on - 1 and state.supply[RED] == supply


def test_long_memory_is_in_the_movement_group_as_the_faq_orders_it():
    """The FAQ answers the powers in the rulebook's group order: the lock (Elders and scoring),
    the hand of 6, the extra follower (followers); the hand of 6 falls between, in movement."""
    hand = power_of("S", "hand")
    assert hand.title() == "Long memory" and hand.group == "movement"
