"""Setup, the plan phase, each shop's action, limits, restock and the end, rule by rule."""

from __future__ import annotations

import pytest

from threadbox.rules.core import NotYourTurn, RulesError, get_game
from threadbox.rules.threaded import ThreadedState
from threadbox.rules.threaded.actions import (
    ChooseShop,
    Done,
    Finish,
    Give,
    MakeTapestry,
    PickThread,
    Place,
    PlaceAssistant,
    TakeCard,
    TakeTapestry,
)
from threadbox.rules.threaded.data import DARN_THREADS, QUEUE_SPOTS, SHOPS, TAPESTRY
from threadbox.rules.threaded.workshop import replaced

from .threaded_helpers import (
    assert_refused,
    conserved,
    give_cards,
    play,
    set_line,
    set_line_threads,
    set_offer,
    set_pool,
    set_scraps,
    set_studio,
    table,
    visit,
)

FRASER, IZZY = 0, 1


# ---- setup ---------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_as_written(players):
    st = ThreadedState.new(players, seed=players)
    assert get_game("threaded").state_cls is ThreadedState
    assert len(st.equipment_offer) == 3 and all(st.equipment_offer)
    assert len(st.line) == 5 and all(st.line) and len(st.tapestry_deck) == 35
    assert len(st.darn) == DARN_THREADS[players]
    assert all(len(b) == 3 for b in st.baskets) and all(n == () for n in st.needles)
    assert all(len(k) == 1 for k in st.commissions) and len(st.commission_deck) == 26 - players
    assert sum(st.scraps.values()) == 3
    assert st.home == (4 if players == 2 else 3,) * players
    assert sum(st.box.values()) <= 10 and st.ends == ()  # what fell out at setup went back to the bag
    assert st.phase == "plan" and st.to_move() == [st.first]
    conserved(st)


def test_setup_is_seeded():
    assert ThreadedState.new(3, 9).to_json() == ThreadedState.new(3, 9).to_json()
    assert ThreadedState.new(3, 9).to_json() != ThreadedState.new(3, 10).to_json()


def test_queue_spots_leave_room_for_every_assistant():
    for players, spots in QUEUE_SPOTS.items():
        assert sum(spots.values()) >= players * (4 if players == 2 else 3)
        assert sum(QUEUE_SPOTS[5].values()) - sum(spots.values()) <= 6  # 6 blockers


# ---- plan ------------------------------------------------------------------------------
def test_plan_in_turn_order_from_the_first_player_one_at_a_time():
    st = table(3)
    first = st.first
    order = [(first + k) % 3 for k in range(3)] * 3
    shop = {first: "D", (first + 1) % 3: "E", (first + 2) % 3: "F"}
    for seat in order:
        assert st.to_move() == [seat]
        play(st, PlaceAssistant(shop=shop[seat]))
    assert st.phase == "visit"
    assert sum(len(q) for q in st.queues.values()) == 0 or st.current is not None


def test_plan_refuses_a_full_queue_and_another_seats_turn():
    st = table(2)
    first = st.first
    play(st, PlaceAssistant(shop="A"))  # A has 1 spot at 2 players
    assert_refused(st, 1 - first, PlaceAssistant(shop="A"), "full")
    with pytest.raises(NotYourTurn):
        st.apply(first, PlaceAssistant(shop="B"))
    with pytest.raises(RulesError):
        st.apply(1 - first, PlaceAssistant(shop="Z"))


def test_a_player_may_send_several_assistants_to_one_shop():
    st = table(2)
    st.first = FRASER
    st.stack[-1] = st.stack[-1].model_copy(update={"seat": FRASER})
    play(st, PlaceAssistant(shop="F"), PlaceAssistant(shop="E"), PlaceAssistant(shop="F"))
    assert st.queues["F"] == ((FRASER, ""), (FRASER, ""))


# ---- A ---------------------------------------------------------------------------------
def test_awl_gives_two_and_moves_to_the_end_of_a_full_queue():
    st = table()
    set_studio(st, FRASER, needle="BY", basket="P")
    visit(st, "A", [FRASER], later={"F": [IZZY, IZZY, IZZY]})
    assert len(st.queues["F"]) == QUEUE_SPOTS[2]["F"]  # full
    assert ChooseShop(shop="A") not in st.legal_actions(FRASER)
    play(st, ChooseShop(shop="F"))
    assert st.queues["F"][-1] == (FRASER, "")
    play(st, Give(source="P"), Give(source="right"))
    assert st.needles[FRASER] == ("B",) and st.baskets[FRASER] == ()
    assert st.scraps["P"] >= 1 and st.scraps["Y"] >= 1
    assert st.home[FRASER] == 3  # still out, now at Finishes
    conserved(st)


def test_awl_needs_two_threads_to_move_and_may_stay():
    st = table()
    set_studio(st, FRASER, basket="B")
    visit(st, "A", [FRASER])
    assert st.legal_actions(FRASER) == [Done()]
    play(st, Done())
    assert st.home[FRASER] == 4


# ---- B ---------------------------------------------------------------------------------
def test_bobbins_takes_a_face_up_card_then_the_deck_top_and_does_not_refill():
    st = table()
    give_cards(st, FRASER, "equipment", [])
    set_offer(st, ["F1", "F2", "F3"])
    top = st.equipment_deck[-1]
    visit(st, "B", [FRASER, IZZY])
    play(st, TakeCard(card="F2"))
    assert st.equipment[FRASER] == ("F2", top)
    assert st.equipment_offer == ("F1", "", "F3")
    assert st.to_move() == [IZZY] and st.legal_actions(IZZY) == [TakeCard(card="F1"), TakeCard(card="F3")]


def test_bobbins_over_the_limit_discards_one():
    st = table()
    give_cards(st, FRASER, "equipment", ["A1", "A2"])
    set_offer(st, ["F1", "F2", "F3"])
    visit(st, "B", [FRASER])
    play(st, TakeCard(card="F1"))
    assert st.stack[-1].kind == "discard_equipment"
    play(st, TakeCard(card="A1"))
    assert st.stack[-1].kind == "discard_equipment"  # the deck card makes 3 again
    play(st, TakeCard(card="A2"))
    assert len(st.equipment[FRASER]) == 2 and {"A1", "A2"} <= {*st.equipment_discard, *st.equipment_deck}
    conserved(st)


def test_an_empty_equipment_deck_takes_the_shuffled_discard_pile():
    st = table()
    give_cards(st, FRASER, "equipment", [])
    set_offer(st, ["F1", "F2", "F3"])
    pile = list(st.equipment_deck)
    st.equipment_deck = pile[:1]
    st.equipment_discard = pile[1:]
    visit(st, "B", [FRASER], later={"C": [IZZY]})
    play(st, TakeCard(card="F1"))
    assert len(st.equipment_deck) == len(pile) - 1 and st.equipment_discard == ()
    conserved(st)


# ---- C ---------------------------------------------------------------------------------
def test_custom_draws_two_keeps_one_and_discards_the_other_face_up():
    st = table()
    visit(st, "C", [FRASER])
    drawn = list(st.drawn[FRASER])
    assert len(drawn) == 2 and st.to_move() == [FRASER]
    assert st.view(IZZY).drawn[FRASER] == ("?", "?")  # secret from the others
    play(st, TakeCard(card=drawn[1]))
    assert st.commissions[FRASER][-1] == drawn[1] and st.commission_discard == (drawn[0],)


def test_custom_over_four_commissions_discards_one():
    st = table()
    give_cards(st, FRASER, "commissions", ["K01", "K02", "K03", "K04"])
    visit(st, "C", [FRASER])
    play(st, TakeCard(card=st.drawn[FRASER][0]))
    assert st.stack[-1].kind == "discard_commission"
    play(st, TakeCard(card="K02"))
    assert len(st.commissions[FRASER]) == 4 and "K02" in st.commission_discard


# ---- D ---------------------------------------------------------------------------------
def test_darn_takes_three_then_the_last_visitor_tips_the_rest():
    st = table()
    set_pool(st, "darn", "BBYYPS")
    set_pool(st, "ends", "")
    visit(st, "D", [FRASER, IZZY], later={"E": [FRASER]})
    for c in "BBY":
        play(st, PickThread(colour=c))
    play(st, *[Place(source="new", colour=c, to="scraps") for c in "BBY"], Done())
    assert st.to_move() == [IZZY]
    play(st, PickThread(colour="Y"), PickThread(colour="P"), PickThread(colour="S"))
    assert st.darn == ()  # nothing left to tip
    conserved(st)


def test_darn_with_nobody_there_is_tipped_into_the_box_anyway():
    st = table()
    set_pool(st, "darn", "BBYYPS")
    set_pool(st, "ends", "")
    inside = sum(st.box.values())
    visit(st, "D", [], later={"E": [FRASER]})
    assert st.darn == ()
    assert len(st.ends) + sum(st.box.values()) == inside + 6
    assert st.ends and st.to_move() == [FRASER]  # spilt threads are for Ends & Odds (seed-dependent)
    conserved(st)


def test_darn_with_fewer_than_three_takes_what_is_there():
    st = table()
    set_pool(st, "darn", "G")
    visit(st, "D", [FRASER])
    play(st, PickThread(colour="G"))
    assert st.stack[-1].kind == "place" and st.stack[-1].threads == ("G",)


# ---- F ---------------------------------------------------------------------------------
def test_take_places_one_thread_on_each_skipped_tapestry_and_takes_its_threads():
    st = table()
    set_studio(st, FRASER, needle="BY", basket="P")
    set_line(st, ["T01", "T02", "T03", "T04", "T05"])
    set_line_threads(st, 2, "GG")
    give_cards(st, FRASER, "hands", [])
    visit(st, "F", [FRASER])
    play(st, Finish(choice="take"))
    assert [a.position for a in st.legal_actions(FRASER)] == [0, 1, 2, 3]  # 3 threads: up to 3 skips
    play(st, TakeTapestry(position=2), Give(source="left"), Give(source="P"))
    assert st.line_threads[:2] == (("B",), ("P",))
    assert st.hands[FRASER] == ("T03",) and st.stack[-1].threads == ("G", "G")
    play(st, Place(source="new", colour="G", to="right"), Place(source="new", colour="G", to="right"), Done())
    assert st.needles[FRASER] == ("Y", "G", "G")
    assert st.line[:4] == ("T01", "T02", "T04", "T05") and st.line[4] and st.line_threads[2] == ()
    conserved(st)


def test_a_fourth_tapestry_in_hand_is_shuffled_back_into_the_deck():
    st = table()
    give_cards(st, FRASER, "hands", ["T10", "T11", "T12"])
    set_line(st, ["T01", "T02", "T03", "T04", "T05"])
    visit(st, "F", [FRASER])
    play(st, Finish(choice="take"), TakeTapestry(position=0))
    assert st.stack[-1].kind == "discard_tapestry" and len(st.hands[FRASER]) == 4
    transition = st.apply(FRASER, TakeCard(card="T11"))
    assert "T11" in st.tapestry_deck and len(st.hands[FRASER]) == 3
    assert "T11" not in transition.log[0].text and "T11" in transition.log[0].for_seat(FRASER)


def test_make_from_the_right_end_in_left_to_right_order():
    st = table()
    card = "T04"
    colours = "".join(TAPESTRY[card].colours)
    give_cards(st, FRASER, "hands", [card, "T10"])
    set_studio(st, FRASER, needle="GG" + colours)
    visit(st, "F", [FRASER])
    play(st, Finish(choice="make"))
    assert st.legal_actions(FRASER) == [MakeTapestry(card=card, end="right")]
    assert_refused(st, FRASER, MakeTapestry(card=card, end="left"), "in order")
    play(st, MakeTapestry(card=card, end="right"))
    assert st.needles[FRASER] == ("G", "G") and st.made[FRASER] == (card,)


def test_make_is_not_offered_when_nothing_matches():
    st = table()
    give_cards(st, FRASER, "hands", ["T04"])
    set_studio(st, FRASER, needle="BYS")  # T04 reads S-Y-B: reversed does not count
    visit(st, "F", [FRASER])
    assert Finish(choice="make") not in st.legal_actions(FRASER)


def test_the_same_finish_twice():
    st = table()
    set_studio(st, FRASER, needle="", basket="")
    give_cards(st, FRASER, "hands", [])
    visit(st, "F", [FRASER])
    play(st, Finish(choice="take"), TakeTapestry(position=0), Finish(choice="take"), TakeTapestry(position=0))
    assert len(st.hands[FRASER]) == 2


def test_share_may_take_nothing():
    st = table()
    set_studio(st, FRASER, basket="B")
    set_scraps(st, "PP")
    visit(st, "F", [FRASER])
    play(st, Finish(choice="share"), Give(source="B"), Done())
    assert st.baskets[FRASER] == () and st.scraps["B"] == 1


# ---- restock and end ---------------------------------------------------------------------
def test_restock_refills_clears_and_passes_the_first_player_token():
    st = table()
    st.first = FRASER
    set_offer(st, ["F1", "", "F3"])
    set_pool(st, "ends", "GG")
    visit(st, "F", [])
    assert st.phase == "plan" and st.round == 2 and st.first == IZZY and st.to_move() == [IZZY]
    assert {"F1", "F3"} <= {*st.equipment_discard, *st.equipment_deck} and all(st.equipment_offer)
    assert st.ends == () and len(st.darn) == DARN_THREADS[2]
    assert st.home == (4, 4)
    conserved(st)


def test_the_game_ends_after_finishes_in_the_round_of_a_fifth_tapestry():
    st = table()
    card = "T04"
    give_cards(st, FRASER, "made", ["T01", "T02", "T03", "T05"])
    give_cards(st, FRASER, "hands", [card])
    set_line(st, ["T06", "T07", "T08", "T09", "T10"])
    set_studio(st, FRASER, needle="".join(TAPESTRY[card].colours))
    visit(st, "F", [FRASER, IZZY])
    play(st, Finish(choice="make"), MakeTapestry(card=card, end="left"))
    assert st.phase == "visit" and st.to_move() == [FRASER]  # the second choice, then Izzy still acts
    play(st, Finish(choice="take"), TakeTapestry(position=0))
    while st.to_move() == [FRASER]:
        play(st, st.legal_actions(FRASER)[-1])
    assert st.to_move() == [IZZY]
    while not st.is_over():
        play(st, st.legal_actions(st.to_move()[0])[0])
    outcome = st.outcome()
    assert outcome is not None and len(st.made[FRASER]) == 5
    assert st.legal_actions(FRASER) == [] and st.legal_actions(IZZY) == []


def test_actions_that_are_not_threaded_actions_are_refused():
    st = table()
    from threadbox.rules.core import Action

    class Other(Action):
        kind: str = "other"

    assert_refused(st, st.to_move()[0], Other(), "not a threaded action")
    with pytest.raises(RulesError):
        ThreadedState.parse_action({"kind": "nonsense"})
    assert ThreadedState.parse_action({"kind": "assistant", "shop": "F"}) == PlaceAssistant(shop="F")


def test_every_shop_has_a_name_and_spots():
    for players in (2, 3, 4, 5):
        assert set(QUEUE_SPOTS[players]) == set(SHOPS)


def test_an_empty_tapestry_deck_leaves_spaces_in_the_line():
    st = table()
    set_line(st, ["T01", "T02", "T03", "T04", "T05"])
    give_cards(st, FRASER, "hands", [])
    # Every other tapestry made already (a test shortcut):
    st.made = replaced(st.made, IZZY, st.made[IZZY] + tuple(st.tapestry_deck))
    st.tapestry_deck = []
    visit(st, "F", [FRASER])
    play(st, Finish(choice="take"), TakeTapestry(position=0))
    assert st.line == ("T02", "T03", "T04", "T05", "")
    conserved(st)


def test_custom_with_one_commission_left_keeps_it():
    st = table()
    only = st.commission_deck.pop()
    # Out of play for this test:
    st.commissions = replaced(st.commissions, IZZY, st.commissions[IZZY] + tuple(st.commission_deck))
    st.commission_deck = [only]
    visit(st, "C", [FRASER])
    assert st.stack[-1].kind == "keep" and st.drawn[FRASER] == (only,)
    play(st, TakeCard(card=only))
    assert st.commissions[FRASER][-1] == only and st.commission_discard == ()


def test_bargain_box_keeps_some_threads_inside_until_a_later_tip():
    st = table()
    inside_before = sum(st.box.values())
    spilt_total = 0
    for _ in range(30):
        drawn = st.draw(5)
        spilt = st.tip(drawn)
        spilt_total += len(spilt)
        for c in spilt:
            st.bag[c] += 1
    inside = sum(st.box.values())
    assert spilt_total + inside == inside_before + 150  # every tipped thread is inside or spilt
    assert 0 < inside < 30 and spilt_total > 75  # most fall through; some lodge and wait
    conserved(st)
