"""Each FAQ answer of the rulebook, as a test."""

from __future__ import annotations

from threadbox.rules.thingstead import (
    DrawFromDeck,
    DrawFromRow,
    Influence,
    Move,
    Place,
    PlayToClan,
    PlayToThingstead,
)
from threadbox.rules.thingstead.data import CLAN_INDEX

from .helpers import BLUE, RED, card_id, conserved, deal, fresh, give_power, play, put, set_top

IDENTITY = list(range(7))  # position p: Elder id p, No. p + 3


def test_lock_power_gained_with_an_elder_one_short_locks_it_at_once():
    """Q: we gain the power while an Elder needs just one more follower. A: it locks automatically."""
    state = fresh(IDENTITY)
    set_top(state, "S", "lock")
    put(state, 1, RED, 3)  # No. 4 shows Sky Blue: 3 of the 4 needed
    general = state.general[RED]
    play(state, RED, PlayToClan(card=state.hands[RED][0], clan="S"))
    play(state, RED, DrawFromDeck())  # the end of Red's turn
    assert state.locked[1] and state.owner[1] == RED and state.count[1] == 1
    assert state.general[RED] == general - 4 + 2  # 4 from the clan; 2 of the 3 back, one stays as the marker
    assert conserved(state)


def test_hand_goes_back_to_five_when_the_opponent_takes_the_hand_power():
    """Q: my opponent takes the power while I hold 6 cards. A: I do not draw after my turn."""
    state = fresh(IDENTITY)
    give_power(state, BLUE, "S", "hand")
    blue = state.hands[BLUE] + [state.deck.pop()]
    deal(state, [state.hands[RED], blue], row=state.row)
    assert len(state.hands[BLUE]) == 6
    play(state, RED, PlayToClan(card=state.hands[RED][0], clan="S"))
    assert state.disc[CLAN_INDEX["S"]] == RED and state.hand_size(RED) == 6 and state.hand_size(BLUE) == 5
    play(state, RED, DrawFromDeck())
    assert state.step == "draw" and state.current == RED  # Red now fills a hand of 6
    play(state, RED, DrawFromRow(card=state.row[0]))
    assert len(state.hands[RED]) == 6 and state.current == BLUE
    play(state, BLUE, PlayToClan(card=state.hands[BLUE][0], clan="G"))
    assert len(state.hands[BLUE]) == 5 and state.current == RED  # no draw for Blue
    assert conserved(state)


def test_rally_adds_a_follower_only_to_the_elder_the_pawn_is_on():
    """Q: an extra follower on every Elder with the symbol, or the pawn's? A: just the pawn's."""
    state = fresh(IDENTITY)
    give_power(state, RED, "P", "rally")
    card = card_id("P", 1, 1, 2, 1)
    deal(state, [[card, 1, 2, 3, 4], [10, 11, 12, 13, 14]], row=[15, 16, 17])
    state.pawns = [4, 0]  # Red on No. 7 [P, S, G]; its neighbours No. 8 [P, O, G] and No. 6 show Pink too
    # Distances 2, 3, 3 from Blue's pawn: 1 + 0, 2 + 1 + 1 (Rally), 1 + 1.
    assert state.quotas(RED, card) == [1, 4, 2]
    state.pawns = [4, 4]
    assert state.quotas(RED, card) == [0, 1, 0]  # on Blue's Elder: 2 - 2 + 1 (Rally); neighbours 1 - 1
    state.disc[CLAN_INDEX["P"]] = -1
    assert state.quotas(RED, card) == [0, 0, 0]


def test_you_may_place_fewer_followers_than_the_card_allows():
    """Q: must I place every follower the card tells me to? A: no, fewer is fine."""
    state = fresh(IDENTITY)
    card = card_id("O", 1, 0, 3, 1)
    deal(state, [[card, 1, 2, 3, 4], [10, 11, 12, 13, 14]], row=[15, 16, 17])
    state.pawns = [2, 6]  # Red on No. 5 [P, O]; Blue three spaces away
    play(state, RED, PlayToThingstead(card=card), Influence())
    assert state.quota == [1, 4, 1]  # left 0 + 1, centre 3 + 1, right 1 + 0
    play(state, RED, Place(at=3, count=0))  # the left Elder: nothing at all
    options = state.legal_actions(RED)
    assert [a.count for a in options] == [3, 2, 1, 0]  # 4 allowed, but only 3 followers in supply
    play(state, RED, Place(at=2, count=1))
    assert state.count[2] == 1 and state.supply[RED] == 2 and state.count[3] == 0
    play(state, RED, Place(at=1, count=0))
    assert state.count[1] == 0
    play(state, RED, Move(to=2))
    assert state.step == "draw"
