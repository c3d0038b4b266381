"""The rulebook's worked examples, rebuilt as positions, with the outcomes it states."""

from __future__ import annotations

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
from threadbox.rules.thingstead.data import CLAN_INDEX, ELDERS

from .helpers import BLUE, RED, card_id, conserved, deal, fresh, give_power, play, put, set_top

# Position: Elder id. No. 8 (id 5) at position 5; No. 5 [P, O] three steps counter-clockwise;
# No. 4 [S, O] two steps counter-clockwise, so Red's Orange card matches where it lands.
EXAMPLE_RING = [0, 3, 2, 1, 4, 5, 6]
RED_ORANGE = card_id("O", 2, 0, 2, 2)  # Red's card: move 2, nothing left, 2 centre, 2 right
BLUE_THREE = card_id("P", 3, 1, 2, 0)  # Blue's card: move 3, 1 left, 2 centre, nothing right


def example_table():
    state = fresh(EXAMPLE_RING)
    set_top(state, "O", "push")
    red_hand = [card_id("O", 1, 1, 2, 1), *[card_id("S", 1, 1, 2, 1), card_id("S", 2, 0, 2, 2)]]
    red_hand += [card_id("G", 1, 1, 2, 1), card_id("G", 2, 0, 2, 2)]
    blue_hand = [BLUE_THREE, card_id("P", 1, 1, 2, 1), card_id("P", 2, 0, 2, 2)]
    blue_hand += [card_id("S", 3, 1, 1, 1), card_id("G", 3, 1, 1, 1)]
    deal(state, [red_hand, blue_hand], row=[RED_ORANGE, card_id("P", 1, 0, 3, 1), card_id("S", 1, 0, 3, 1)])
    return state


def test_example_of_gameplay_red_blue_red():
    state = example_table()
    assert state.pawns == [5, 5] and state.supply == [3, 3]
    orange = CLAN_INDEX["O"]

    # Red plays an Orange card face down to the Orange clan: the disc comes to Red, 4 followers.
    play(state, RED, PlayToClan(card=card_id("O", 1, 1, 2, 1), clan="O"))
    assert state.disc[orange] == RED
    assert state.supply[RED] == 7 and state.general[RED] == 20
    assert [p.kind for p in state.powers(RED)] == ["push"]
    # One more card there, on another turn, would take the clan card for good; then Red draws the Orange card.
    play(state, RED, DrawFromRow(card=RED_ORANGE))
    assert RED_ORANGE in state.hands[RED] and len(state.row) == 3 and state.current == BLUE

    # Blue: 3 movement to the Elder opposite Red's pawn; the card's symbol matches No. 5.
    play(state, BLUE, PlayToThingstead(card=BLUE_THREE), Move(to=2))
    assert ELDERS[state.ring[2]].number == 5
    assert state.step == "place"
    assert state.quota == [1, 3, 1]  # 1 left, 2 + 1 in the middle, 0 + 1 right: 5 in all
    # Only 3 followers in supply: 2 in the middle, 1 on the left.
    play(state, BLUE, Place(at=3, count=1), Place(at=2, count=2))
    assert state.supply[BLUE] == 0
    assert state.step == "draw"  # nothing left for the right: no decision there
    play(state, BLUE, DrawFromDeck())
    assert (state.owner[3], state.count[3], state.owner[2], state.count[2]) == (BLUE, 1, BLUE, 2)

    # Red: the card drawn last turn, 2 spaces; Blue's pawn is now on Red's right.
    play(state, RED, PlayToThingstead(card=RED_ORANGE), Move(to=3))
    assert state.pawns[BLUE] == 2 and (state.pawns[RED] - 1) % 7 == 2
    assert state.step == "push"
    assert state.quotas(RED, RED_ORANGE) == [0, 1, 0]  # left 0 + 0, middle 2 - 1, right 2 - 2
    # The Orange power: shove Blue one space counter-clockwise.
    play(state, RED, Push(shift=-1))
    assert state.pawns[BLUE] == 1
    assert state.quota == [1, 2, 1]  # right 2 - 1, middle 2 + 0, left 0 + 1
    play(state, RED, Place(at=4, count=1), Place(at=3, count=2), Place(at=2, count=1))
    # On the right Red removes a Blue follower instead of adding one; it goes back to Blue's supply.
    assert (state.owner[2], state.count[2]) == (BLUE, 1)
    assert (state.owner[3], state.count[3]) == (RED, 1)  # Blue's 1 removed, 1 Red placed
    assert (state.owner[4], state.count[4]) == (RED, 1)
    assert state.supply == [5, 2]
    play(state, RED, DrawFromRow(card=state.row[0]))
    assert state.current == BLUE and conserved(state)


def test_follower_removal_example():
    """Red: 0 left (0 - 2), 1 middle (2 - 1), 1 right (2 from the card, one used to remove Blue's follower)."""
    state = fresh(list(range(7)))
    deal(state, [[RED_ORANGE, *range(4)], [4, 5, 6, 7, 8]], row=[9, 10, 11])
    state.pawns = [2, 3]  # Blue's pawn on Red's left Elder
    put(state, 1, BLUE, 1)
    play(state, RED, PlayToThingstead(card=RED_ORANGE))
    assert state.quotas(RED, RED_ORANGE) == [0, 1, 2]
    supply = state.supply[RED]
    play(state, RED, Influence())
    assert state.targets[state.place_step] == 2  # the left Elder gets nothing: no decision there
    play(state, RED, Place(at=2, count=1), Place(at=1, count=2))
    assert (state.owner[2], state.count[2]) == (RED, 1)
    assert (state.owner[1], state.count[1]) == (RED, 1)
    assert state.supply[RED] == supply - 2
    assert state.supply[BLUE] == 4  # the removed follower went back to Blue's supply
    assert state.general[BLUE] == 23


def test_clan_scoring_example():
    """Blue has 3 movement on Pink, Red only 2: Blue gets the Pink point."""
    state = fresh()
    pink = CLAN_INDEX["P"]
    state.clan_cards[pink] = [[card_id("P", 2, 0, 2, 2)], [card_id("P", 3, 1, 2, 0)]]
    state.deck = [c for c in state.deck if c not in sum(state.clan_cards[pink], [])]
    state.disc[pink] = RED
    assert state.clan_winner("P") == BLUE
    assert dict(state.score_sheet(BLUE))["Clans"] == 1
    assert dict(state.score_sheet(RED))["Clans"] == 0


def test_second_card_in_a_clan_gives_three_followers():
    """Red plays a second card on the Pink clan: the disc to Red's space, 3 followers."""
    state = fresh()
    pink = CLAN_INDEX["P"]
    first, second = state.hands[RED][:2]
    play(state, RED, PlayToClan(card=first, clan="P"), DrawFromDeck())
    play(state, BLUE, PlayToClan(card=state.hands[BLUE][0], clan="P"), DrawFromDeck())
    assert state.disc[pink] == BLUE
    supply = state.supply[RED]
    play(state, RED, PlayToClan(card=second, clan="P"))
    assert state.disc[pink] == RED and state.supply[RED] == supply + 3


def test_disc_already_on_your_side_takes_the_clan_card_for_good():
    """Sky Blue: the disc was already on Red's space, so Red keeps the clan card; followers as usual."""
    state = fresh()
    sky = CLAN_INDEX["S"]
    give_power(state, RED, "S", "runes")
    state.clan_cards[sky][RED] = [state.hands[RED].pop()]
    state.deck.append(state.row.pop())  # keep the card count: one hand card went to the clan
    state.hands[RED].append(state.deck.pop(0))
    state.row.append(state.deck.pop(0))
    taken, next_up = state.clan_top[sky], state.clan_stack[sky][-1]
    supply = state.supply[RED]
    play(state, RED, PlayToClan(card=state.hands[RED][0], clan="S"))
    assert state.kept[RED] == [taken]
    assert state.clan_top[sky] == next_up and state.disc[sky] == -1
    assert state.supply[RED] == supply + 3
    assert conserved(state)
