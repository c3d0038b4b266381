"""Each rule of the rulebook, one test (or a few) each."""

from __future__ import annotations

import pytest

from threadbox.rules.core import NotYourTurn, RulesError
from threadbox.rules.thingstead import (
    DrawFromDeck,
    DrawFromRow,
    Influence,
    Move,
    Place,
    PlayToClan,
    PlayToThingstead,
    Push,
)
from threadbox.rules.thingstead.data import CARDS, CLAN_INDEX, ELDERS, FOLLOWERS_PER_PLAYER, RING

from .helpers import BLUE, RED, assert_rejected, card_id, conserved, deal, fresh, play, put, set_supply

IDENTITY = list(range(7))  # position p: Elder id p, No. p + 3
# Elders by position on the identity ring: 0 No.3 [P,G], 1 No.4 [S,O], 2 No.5 [P,O], 3 No.6 [S,G],
# 4 No.7 [P,S,G], 5 No.8 [P,O,G], 6 No.9 [S,O].


def table(red: list[int], blue: list[int] | None = None, row: list[int] | None = None, **kw):
    state = fresh(IDENTITY)
    blue = blue or [c for c in range(27, 32) if c not in red]
    if row is None:
        row = [c for c in range(20, 27) if c not in red + blue][:3]
    deal(state, [red, blue], row=row, **kw)
    return state


def filler(*keep: int, n: int = 4) -> list[int]:
    """Cards for a hand besides ``keep`` (low ids, none of them used by the tests' own picks)."""
    return [*keep, *[c for c in range(9, 18) if c not in keep][: n - len(keep) + 1]][: n + 1]


# ---- setup -------------------------------------------------------------------------------
def test_setup():
    state = fresh()
    assert sorted(state.ring) == list(range(7)) and len(ELDERS) == 7
    assert [ELDERS[state.ring[p]].number for p in state.pawns] == [8, 8]
    assert state.supply == [3, 3] and state.general == [24, 24]
    assert [len(h) for h in state.hands] == [5, 5] and len(state.row) == 3 and len(state.deck) == 36 - 13
    assert all(t >= 0 for t in state.clan_top) and state.disc == [-1] * 4
    assert [len(s) for s in state.clan_stack] == [4] * 4
    assert state.current == RED and state.step == "play" and conserved(state)
    assert len(CARDS) == 36 and all(sum(c.clan == k for c in CARDS) == 9 for k in "PSOG")
    assert sorted(e.number for e in ELDERS)[-2] == 8


def test_exactly_two_players():
    from threadbox.rules.thingstead import ThingsteadState

    with pytest.raises(RulesError):
        ThingsteadState.new(3, 1)


# ---- the ring --------------------------------------------------------------------------------
@pytest.mark.parametrize(("blue_at", "expected"), [(2, -2), (3, -1), (4, 0), (5, 1), (6, 1), (0, 0), (1, -1)])
def test_ring_modifier_by_distance_from_the_opponent(blue_at, expected):
    state = fresh(IDENTITY)
    state.pawns = [0, blue_at]
    assert state.modifier(RED, 2) == expected


def test_modifier_applies_where_the_card_shows_zero_and_never_below_zero():
    card = card_id("P", 3, 1, 2, 0)  # nothing on the right
    state = table(filler(card))
    state.pawns = [2, 5]  # right of Red (1) is 3 from Blue: +1; left (3) is 2 away: 0; centre 3 away: +1
    assert state.quotas(RED, card) == [1, 3, 1]
    state.pawns = [2, 3]  # Blue on Red's left: 1 - 2 -> 0
    assert state.quotas(RED, card) == [0, 1, 0]


# ---- moving ----------------------------------------------------------------------------------
def test_move_up_to_the_card_either_way_and_locked_elders_count_as_spaces():
    card = card_id("S", 2, 1, 2, 1)
    state = table(filler(card))
    state.locked[6] = True
    state.owner[6], state.count[6], state.general[BLUE] = BLUE, 1, 23
    play(state, RED, PlayToThingstead(card=card))
    assert state.reachable(RED, card) == [0, 3, 4, 5, 6]  # 2 either way from position 5, the pawn's own too
    assert_rejected(state, RED, Move(to=1), "3 spaces away", "moves at most 2")
    play(state, RED, Move(to=0))  # past the locked No. 9, onto No. 3 [P, G]: no Sky Blue, no influence
    assert state.pawns[RED] == 0 and state.step == "draw" and state.discard == [card]


def test_influence_first_then_move_each_done_whole():
    card = card_id("O", 1, 1, 2, 1)
    state = table(filler(card))
    play(state, RED, PlayToThingstead(card=card), Influence())
    assert state.step == "place" and state.quota == [0, 0, 0] or state.step == "thing"
    # On Blue's Elder: left 1-1, centre 2-2, right 1-1: nothing to place, straight back to moving.
    assert state.step == "thing"
    assert all(isinstance(a, Move) for a in state.legal_actions(RED))
    assert_rejected(state, RED, Influence(), "done whole")
    play(state, RED, Move(to=6))
    assert state.step == "draw" and state.count == [0] * 7


def test_moving_first_starts_the_influence_and_there_is_no_second_move():
    card = card_id("O", 3, 1, 1, 1)
    state = table(filler(card))
    play(state, RED, PlayToThingstead(card=card), Move(to=2))  # No. 5 [P, O], 3 from Blue
    assert state.step == "place"
    assert not any(isinstance(a, Move) for a in state.legal_actions(RED))
    assert_rejected(state, RED, Move(to=3), "place followers")


def test_symbol_must_match_the_elder_the_pawn_is_on():
    card = card_id("S", 1, 1, 2, 1)
    state = table(filler(card))  # No. 8 shows P, O, G
    play(state, RED, PlayToThingstead(card=card))
    assert Influence() not in state.legal_actions(RED)
    assert_rejected(state, RED, Influence(), "Sky Blue (S) symbol is not on Elder No. 8")
    play(state, RED, Move(to=6))  # No. 9 [S, O]: matches, even if its neighbours do not
    assert state.step == "place" and state.targets == [0, 6, 5]


def test_a_locked_elder_takes_no_influence_and_cannot_be_influenced_from():
    card = card_id("P", 1, 1, 2, 1)
    state = table(filler(card))
    put(state, 4, BLUE, 1, locked=True)  # No. 7, Red's right from No. 8
    state.pawns = [5, 1]
    assert state.quotas(RED, card)[2] == 0
    put(state, 5, BLUE, 1, locked=True)
    play(state, RED, PlayToThingstead(card=card))
    assert_rejected(state, RED, Influence(), "locked")


# ---- followers --------------------------------------------------------------------------------
def test_followers_come_only_from_your_supply():
    card = card_id("O", 1, 0, 3, 1)
    state = table(filler(card))
    state.pawns = [2, 6]
    set_supply(state, RED, 0)
    play(state, RED, PlayToThingstead(card=card), Influence())
    assert state.step == "thing"  # nothing to place and nobody to remove
    assert state.count == [0] * 7


def test_one_colour_per_elder_remove_first_then_place():
    card = card_id("O", 1, 0, 3, 1)
    state = table(filler(card))
    state.pawns = [2, 6]
    put(state, 2, BLUE, 2)
    play(state, RED, PlayToThingstead(card=card), Influence(), Place(at=3, count=0))
    assert state.legal_actions(RED)[0] == Place(at=2, count=4)  # 3 + 1; 2 removals + 2 of Red's
    play(state, RED, Place(at=2, count=4))
    assert (state.owner[2], state.count[2]) == (RED, 2)
    assert state.supply == [1, 5] and conserved(state)


def test_removing_only_some_followers():
    card = card_id("O", 1, 0, 3, 1)
    state = table(filler(card))
    state.pawns = [2, 6]
    put(state, 2, BLUE, 3)
    set_supply(state, RED, 0)
    play(state, RED, PlayToThingstead(card=card), Influence())  # the left Elder: no supply, nobody to remove
    assert [a.count for a in state.legal_actions(RED)] == [3, 2, 1, 0]  # removal needs no supply
    play(state, RED, Place(at=2, count=2))
    assert (state.owner[2], state.count[2], state.supply[BLUE]) == (BLUE, 1, 5)


# ---- locking ----------------------------------------------------------------------------------
def test_locking_at_the_end_of_your_turn():
    card = card_id("P", 1, 0, 3, 1)
    state = table(filler(card))
    state.pawns = [0, 3]  # No. 3 [P, G], 3 away from Blue: 3 + 1
    set_supply(state, RED, 4)
    play(state, RED, PlayToThingstead(card=card), Influence(), Place(at=0, count=4))
    assert not state.locked[0]  # not before the end of the turn
    play(state, RED, Move(to=0))
    assert not state.locked[0]
    play(state, RED, DrawFromDeck())
    assert state.locked[0] and (state.owner[0], state.count[0]) == (RED, 1)
    assert state.general[RED] == FOLLOWERS_PER_PLAYER - 4 + 3  # the marker stays, 3 go back
    assert conserved(state)


def test_only_the_acting_player_locks():
    state = table(filler(10))
    put(state, 0, BLUE, 3)  # enough for No. 3, but it is Red's turn
    play(state, RED, PlayToClan(card=10, clan="G"), DrawFromDeck())
    assert not state.locked[0]
    play(state, BLUE, PlayToClan(card=state.hands[BLUE][0], clan="G"), DrawFromDeck())
    assert state.locked[0] and state.owner[0] == BLUE


def test_three_locked_elders_end_the_game():
    state = table(filler(10))
    put(state, 0, RED, 1, locked=True)
    put(state, 1, RED, 1, locked=True)
    put(state, 2, RED, 5)
    play(state, RED, PlayToClan(card=10, clan="P"), DrawFromDeck())
    assert state.is_over() and "locked 3 Elders" in state.end_reason
    outcome = state.outcome()
    assert outcome.winners == [RED]
    assert outcome.score_of(RED).categories[0] == ("Elders", 1 + 1 + 2)
    assert state.legal_actions(BLUE) == []
    assert_rejected(state, BLUE, DrawFromDeck(), "over")


# ---- drawing and the end of the cards ------------------------------------------------------
def test_draw_from_the_row_refills_it_from_the_deck():
    state = table(filler(10), row=[20, 21, 22], deck_top=[23])
    play(state, RED, PlayToClan(card=10, clan="P"), DrawFromRow(card=21))
    assert state.row == [20, 23, 22] and 21 in state.hands[RED]


def test_the_row_is_not_refilled_once_the_deck_is_empty_and_hands_run_down():
    state = table(filler(10), row=[20, 21, 22], deck_top=[23], deck=False)
    play(state, RED, PlayToClan(card=10, clan="P"), DrawFromDeck())
    assert state.deck == [] and len(state.hands[RED]) == 5
    assert_rejected(state, BLUE, DrawFromDeck(), "play a card")  # Blue plays before drawing
    play(state, BLUE, PlayToClan(card=state.hands[BLUE][0], clan="P"))
    assert DrawFromDeck() not in state.legal_actions(BLUE)
    assert_rejected(state, BLUE, DrawFromDeck(), "deck is empty")
    play(state, BLUE, DrawFromRow(card=21))
    assert state.row == [20, 22]


def test_the_game_ends_when_the_deck_is_empty_and_both_hands_are_empty():
    state = table([10], blue=[11, 12], row=[], deck=False)
    play(state, RED, PlayToClan(card=10, clan="P"))
    assert state.current == BLUE and not state.is_over()
    play(state, BLUE, PlayToClan(card=11, clan="P"))
    assert state.current == BLUE  # Red has no cards: Blue plays on
    play(state, BLUE, PlayToClan(card=12, clan="S"))
    assert state.is_over() and "out of cards" in state.end_reason


# ---- clans ----------------------------------------------------------------------------------
def test_clan_followers_four_three_two_one_zero():
    state = fresh(IDENTITY)
    gains = []
    for _ in range(6):
        before = state.supply[RED]
        card = state.hands[RED][0]
        play(state, RED, PlayToClan(card=card, clan="G"), DrawFromDeck())
        gains.append(state.supply[RED] - before)
        play(state, BLUE, PlayToClan(card=state.hands[BLUE][0], clan="P"), DrawFromDeck())
        state.disc[CLAN_INDEX["G"]] = -1  # keep the power out of it
    assert gains == [4, 3, 2, 1, 0, 0]


def test_clan_followers_are_limited_by_the_general_supply():
    state = table(filler(10))
    set_supply(state, RED, 25)
    play(state, RED, PlayToClan(card=10, clan="P"))
    assert state.supply[RED] == 27 and state.general[RED] == 0


def test_a_card_of_any_symbol_may_go_to_any_clan_but_only_matching_ones_score():
    state = fresh()
    pink = CLAN_INDEX["P"]
    state.clan_cards[pink] = [[card_id("S", 3, 1, 1, 1), card_id("S", 3, 0, 2, 1)], [card_id("P", 1, 1, 2, 1)]]
    assert state.clan_winner("P") == BLUE  # Red's 6 Sky Blue movement is discarded


def test_a_clan_tie_goes_to_the_disc_and_nobody_when_it_is_in_the_middle():
    state = fresh()
    pink = CLAN_INDEX["P"]
    state.clan_cards[pink] = [[card_id("P", 2, 0, 2, 2)], [card_id("P", 2, 2, 2, 0)]]
    state.disc[pink] = BLUE
    assert state.clan_winner("P") == BLUE
    state.disc[pink] = -1
    assert state.clan_winner("P") == -1
    assert state.clan_winner("S") == -1  # nobody played there


def test_scoring_elders_locked_and_unlocked_and_the_tie_break():
    state = fresh(IDENTITY)
    put(state, 6, RED, 1, locked=True)  # No. 9: 4 runestones
    put(state, 0, BLUE, 2)  # No. 3: 1
    put(state, 3, BLUE, 1)  # No. 6: 2
    put(state, 1, BLUE, 1)  # No. 4: 1
    state.step, state.end_reason = "over", "test"
    outcome = state.outcome()
    assert [s.total for s in outcome.scores] == [4, 4]
    assert outcome.winners == [BLUE] and outcome.tiebreak_used == "most followers among the Elders"


def test_the_clan_stack_can_run_out():
    state = fresh()
    green = CLAN_INDEX["G"]
    state.clan_stack[green] = []
    state.disc[green] = RED
    top = state.clan_top[green]
    play(state, RED, PlayToClan(card=state.hands[RED][0], clan="G"))
    assert state.kept[RED] == [top] and state.clan_top[green] == -1
    play(state, RED, DrawFromDeck())
    play(state, BLUE, PlayToClan(card=state.hands[BLUE][0], clan="G"))
    assert state.disc[green] == BLUE and state.powers(BLUE) == []


def test_a_temporary_power_goes_with_the_disc_a_kept_one_stays():
    state = fresh()
    play(state, RED, PlayToClan(card=state.hands[RED][0], clan="O"), DrawFromDeck())
    orange = state.clan_top[CLAN_INDEX["O"]]
    assert [p.id for p in state.powers(RED)] == [orange]
    play(state, BLUE, PlayToClan(card=state.hands[BLUE][0], clan="O"), DrawFromDeck())
    assert state.powers(RED) == [] and [p.id for p in state.powers(BLUE)] == [orange]
    play(state, RED, PlayToClan(card=state.hands[RED][0], clan="S"), DrawFromDeck())
    play(state, BLUE, PlayToClan(card=state.hands[BLUE][0], clan="O"), DrawFromDeck())
    assert state.kept[BLUE] == [orange] and orange in [p.id for p in state.powers(BLUE)]


# ---- refusals ------------------------------------------------------------------------------
def test_refusals_say_why_and_change_nothing():
    state = table(filler(10))
    other = state.hands[BLUE][0]
    assert_rejected(state, RED, PlayToThingstead(card=other), "not in your hand")
    assert_rejected(state, RED, PlayToClan(card=10, clan="X"), "no clan")
    assert_rejected(state, RED, Move(to=1), "play a card")
    assert_rejected(state, RED, Push(shift=1), "play a card")
    assert_rejected(state, RED, Place(at=1, count=1), "play a card")
    assert_rejected(state, RED, DrawFromRow(card=state.row[0]), "play a card")
    with pytest.raises(NotYourTurn):
        state.apply(BLUE, PlayToClan(card=other, clan="P"))
    with pytest.raises(RulesError):
        state.view(RED).apply(RED, PlayToClan(card=10, clan="P"))
    card = card_id("O", 1, 0, 3, 1)
    state = table(filler(card))
    state.pawns = [2, 6]
    play(state, RED, PlayToThingstead(card=card), Influence())
    assert_rejected(state, RED, Place(at=2, count=1), "Elder to influence now is Elder No. 6")
    assert_rejected(state, RED, Place(at=3, count=5), "0 to 1")
    assert_rejected(state, RED, PlayToThingstead(card=10), "place followers")
    play(state, RED, Place(at=3, count=0), Place(at=2, count=0), Place(at=1, count=0), Move(to=2))
    assert_rejected(state, RED, DrawFromRow(card=35), "not in the face-up row")


def test_every_action_has_words():
    state = table(filler(card_id("O", 1, 0, 3, 1)))
    for action in state.legal_actions(RED):
        assert state.describe(action, RED)
    assert "Stay on Elder No. 8" in state.describe(Move(to=5), RED)
    assert "2 counter-clockwise" in state.describe(Move(to=3), RED)
    assert RING == 7


def test_draws_and_turned_up_cards_stop_undo_and_the_rest_does_not():
    card = card_id("O", 1, 0, 3, 1)
    state = table(filler(card), row=[20, 21, 22], deck_top=[23, 24])
    state.pawns = [2, 6]
    steps = [PlayToThingstead(card=card), Influence(), Place(at=3, count=0), Place(at=2, count=1)]
    steps += [Place(at=1, count=0), Move(to=2)]
    assert not any(state.apply(RED, a).barrier for a in steps)
    assert state.apply(RED, DrawFromRow(card=21)).barrier  # a card from the deck is turned up
    assert state.apply(BLUE, PlayToClan(card=state.hands[BLUE][0], clan="G")).barrier is False
    assert state.apply(BLUE, DrawFromDeck()).barrier


def test_the_clan_option_says_the_followers_really_gained_with_recruit_and_the_general_supply():
    from .helpers import give_power

    state = table(filler(10, 11))
    give_power(state, RED, "P", "recruit", kept=True)
    option = PlayToClan(card=10, clan="S")
    assert state.describe(option, RED).endswith(", +5")  # 4 for a first card, +1 Recruit
    before = state.supply[RED]
    play(state, RED, option)
    assert state.supply[RED] - before == 5
    state = table(filler(10, 11))
    set_supply(state, RED, 25)  # 2 left in the general supply
    option = PlayToClan(card=10, clan="S")
    assert state.describe(option, RED).endswith(", +2")
    play(state, RED, option)
    assert state.supply[RED] == 27 and conserved(state)


def test_moving_onto_a_locked_elder_says_it_is_locked_not_that_the_card_does_not_match():
    card = card_id("P", 1, 1, 2, 1)
    state = table(filler(card))
    put(state, 4, BLUE, 1, locked=True)  # No. 7 [P, S, G]: a Pink card would match it
    play(state, RED, PlayToThingstead(card=card))
    lines = [e.text for e in state.apply(RED, Move(to=4)).log]
    assert "Elder No. 7 is locked: no influence." in lines
    assert not any("match" in line for line in lines)
