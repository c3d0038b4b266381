"""Every equipment card, used in its window: before the shop's first action, or in the holder's own action."""

from __future__ import annotations

import pytest

from threadbox.rules.core.state import GameState
from threadbox.rules.threaded.actions import (
    Choose,
    ChooseShop,
    Done,
    Finish,
    MakeTapestry,
    PickThread,
    Place,
    Swap,
    TakeCard,
    TakeTapestry,
    UseEquipment,
)
from threadbox.rules.threaded.data import COLOURS, EQUIPMENT
from threadbox.rules.threaded.equipment import rooms
from threadbox.rules.threaded.options import forget, options

from .threaded_helpers import (
    assert_refused,
    conserved,
    give_cards,
    play,
    set_line,
    set_line_threads,
    set_offer,
    set_studio,
    table,
    take_card,
    visit,
)

FRASER, IZZY = 0, 1


def holding(cards: list[str], seat: int = FRASER, players: int = 2):
    st = table(players)
    st.first = FRASER
    give_cards(st, seat, "equipment", cards)
    return st


def test_twenty_cards_one_swap_per_colour():
    assert len(EQUIPMENT) == 20
    assert sorted(e.colour for e in EQUIPMENT if e.effect == "swap") == sorted(COLOURS)
    assert {e.shop for e in EQUIPMENT} == {"A", "C", "D", "F"}


def test_window_before_the_first_action_in_turn_order_then_only_in_own_action():
    st = holding(["F10"], seat=IZZY)
    give_cards(st, FRASER, "equipment", ["F13"])
    visit(st, "F", [IZZY, FRASER], window=True)
    # Window: Fraser (first player) then Izzy, each may use or pass.
    assert st.to_move() == [FRASER] and st.stack[-1].kind == "window"
    assert UseEquipment(card="F13") in st.legal_actions(FRASER)
    play(st, Done())
    assert st.to_move() == [IZZY] and st.stack[-1].kind == "window"
    play(st, Done())
    # Izzy's own action: she may use it between her choices.
    assert st.stack[-1].kind == "start" and st.to_move() == [IZZY]
    play(st, Done())
    assert UseEquipment(card="F10") in st.legal_actions(IZZY)
    # Fraser may not use his while Izzy is acting.
    assert_refused(st, FRASER, UseEquipment(card="F13"), "It is Izzy's turn to choose at Finishes")


def test_equipment_is_refused_at_another_shop():
    st = holding(["F13", "D1"])
    visit(st, "D", [FRASER], window=True)
    assert st.legal_actions(FRASER) == [UseEquipment(card="D1"), Done()]
    assert_refused(st, FRASER, UseEquipment(card="F13"), "only while Finishes")


def test_a1_moves_an_assistant_to_the_front_of_its_queue():
    st = holding(["A1"])
    visit(st, "A", [], window=True, later={"F": [IZZY, IZZY, FRASER]})
    play(st, UseEquipment(card="A1"))
    assert st.legal_actions(FRASER) == [ChooseShop(shop="F", spot=2)]
    play(st, ChooseShop(shop="F", spot=2))
    # Nobody else acts before Finishes: Fraser's assistant, now first, is already resolving there.
    assert st.current == (FRASER, "") and st.queues["F"] == ((IZZY, ""), (IZZY, ""))
    assert st.to_move() == [FRASER]
    assert "A1" in st.equipment_discard
    conserved(st)


def test_a2_takes_any_card_from_the_equipment_discard():
    st = holding(["A2"])
    for card in ("F1", "C2"):
        take_card(st, card)
        st.equipment_discard += (card,)
    visit(st, "A", [FRASER], window=True)
    play(st, UseEquipment(card="A2"))
    assert {a.card for a in st.legal_actions(FRASER)} == {"F1", "C2"}
    play(st, TakeCard(card="C2"))
    assert st.equipment[FRASER] == ("C2",) and st.equipment_discard[-1] == "A2"


def test_a3_is_an_extra_assistant_and_is_discarded_after_its_visit():
    st = holding(["A3"])
    set_line(st, ["T01", "T02", "T03", "T04", "T05"])
    visit(st, "A", [], window=True)
    play(st, UseEquipment(card="A3"))
    assert ChooseShop(shop="A") in st.legal_actions(FRASER)  # any queue with an empty spot
    play(st, ChooseShop(shop="F"))
    # Nothing else happens before Finishes, where the card acts for Fraser.
    assert st.current == (FRASER, "A3") and st.stack[-1].kind == "f_choice"
    assert st.home == (4, 4)  # no assistant was used
    conserved(st)
    play(st, Finish(choice="take"), TakeTapestry(position=0), Finish(choice="take"), TakeTapestry(position=0))
    while st.stack and st.stack[-1].kind in ("place", "discard_tapestry"):
        play(st, st.legal_actions(st.to_move()[0])[-1])
    assert "A3" in st.equipment_discard or "A3" in st.equipment_deck or "A3" in st.equipment_offer
    conserved(st)


def test_a3_in_its_holders_own_action_counts_the_acting_assistants_spot():
    st = holding(["A3"])  # 2 players: Awl You Want has 1 spot
    visit(st, "A", [FRASER])
    assert st.current == (FRASER, "") and st.stack[-1].kind == "start"
    play(st, UseEquipment(card="A3"))
    legal = st.legal_actions(FRASER)
    # Fraser's assistant still holds A's only spot while it acts there.
    assert ChooseShop(shop="A") not in legal and ChooseShop(shop="B") in legal
    assert_refused(st, FRASER, ChooseShop(shop="A"))
    play(st, ChooseShop(shop="B"))
    assert st.queues["B"][-1] == (FRASER, "A3")
    conserved(st)


def test_a3_is_not_offered_when_only_the_acting_assistants_queue_seemed_to_have_room():
    st = holding(["A3"], players=3)  # 3 players: A 2 spots, B 2, C 2, D 3, E 3, F 3
    visit(st, "A", [FRASER, IZZY])
    # Every later queue full (more assistants than a game has: a check of the count alone).
    st.queues = {**st.queues, **{s: ((IZZY, ""),) * st.spots(s) for s in "BCDEF"}}
    forget(st)
    assert st.current == (FRASER, "") and st.queues["A"] == ((IZZY, ""),)
    assert st.stack[-1].kind == "start"
    assert rooms(st) == [] and UseEquipment(card="A3") not in options(st, st.stack[-1])


def test_c1_restocks_the_equipment_line_then_takes_one():
    st = holding(["C1"])
    set_offer(st, ["F1", "F2", "F3"])
    visit(st, "C", [FRASER])
    assert st.stack[-1].kind == "start"
    play(st, UseEquipment(card="C1"))
    assert st.legal_actions(FRASER) == [Choose(yes=True), Choose(yes=False)]
    play(st, Choose(yes=True))
    assert not {"F1", "F2", "F3"} & set(st.equipment_offer)
    new = st.equipment_offer[0]
    play(st, TakeCard(card=new))
    assert st.equipment[FRASER] == (new,) and st.equipment_offer[0] == ""
    assert st.stack[-1].kind == "keep"  # then the shop's own action: the draw
    conserved(st)


def test_c1_without_restock_takes_from_the_line_as_it_is():
    st = holding(["C1"])
    set_offer(st, ["F1", "F2", "F3"])
    visit(st, "C", [FRASER], window=True)
    play(st, UseEquipment(card="C1"), Choose(yes=False), TakeCard(card="F2"))
    assert st.equipment[FRASER] == ("F2",) and st.equipment_offer == ("F1", "", "F3")


def test_c2_keeps_both_drawn_commissions_and_discards_down_to_four():
    st = holding(["C2"])
    give_cards(st, FRASER, "commissions", ["K01", "K02", "K03"])
    visit(st, "C", [FRASER])
    drawn = st.drawn[FRASER]
    assert st.stack[-1].kind == "keep" and UseEquipment(card="C2") in st.legal_actions(FRASER)
    play(st, UseEquipment(card="C2"))
    assert len(st.commissions[FRASER]) == 5 and set(drawn) <= set(st.commissions[FRASER])
    assert st.stack[-1].kind == "discard_commission"
    play(st, TakeCard(card="K01"))
    assert len(st.commissions[FRASER]) == 4 and "K01" in st.commission_discard
    conserved(st)


def test_c3_takes_a_commission_from_the_discard_pile():
    st = holding(["C3"])
    give_cards(st, FRASER, "commissions", ["K01"])
    st.commission_deck.remove("K20")
    st.commission_discard += ("K20",)
    visit(st, "C", [IZZY], window=True)
    play(st, UseEquipment(card="C3"))
    assert st.legal_actions(FRASER) == [TakeCard(card="K20")]
    play(st, TakeCard(card="K20"))
    assert st.commissions[FRASER] == ("K01", "K20")
    assert st.to_move() == [IZZY]  # then Izzy's visit


def test_d1_draws_three_threads_into_a_placement_step():
    st = holding(["D1"])
    set_studio(st, FRASER, needle="", basket="")
    visit(st, "D", [], window=True)
    bag = sum(st.bag.values())
    play(st, UseEquipment(card="D1"))
    assert st.stack[-1].kind == "place" and len(st.stack[-1].threads) == 3
    assert sum(st.bag.values()) == bag - 3
    for c in list(st.stack[-1].threads):
        play(st, Place(source="new", colour=c, to="basket"))
    play(st, Done())
    assert len(st.baskets[FRASER]) == 3
    conserved(st)


def test_f1_makes_for_free_and_empties_the_basket():
    st = holding(["F1"])
    give_cards(st, FRASER, "hands", ["T10"])
    set_studio(st, FRASER, needle="GG", basket="YP")
    visit(st, "F", [], window=True)
    play(st, UseEquipment(card="F1"), MakeTapestry(card="T10", end="free"))
    assert st.made[FRASER] == ("T10",) and st.baskets[FRASER] == () and st.needles[FRASER] == ("G", "G")
    assert st.scraps["Y"] >= 1 and st.scraps["P"] >= 1
    conserved(st)


def test_f2_tips_five_threads_into_the_bargain_box():
    st = holding(["F2"])
    visit(st, "F", [], window=True)
    before = sum(st.bag.values()), sum(st.box.values()) + len(st.ends)
    play(st, UseEquipment(card="F2"))
    # After Finishes comes restock, which clears Ends & Odds: check the log instead of the pools.
    assert st.round == 2
    conserved(st)
    assert before[0] >= 5


def test_f2_spill_is_at_ends_and_odds_until_restock():
    st = holding(["F2", "F1"])
    give_cards(st, FRASER, "hands", ["T10"])
    visit(st, "F", [], window=True)
    bag, inside = sum(st.bag.values()), sum(st.box.values()) + len(st.ends)
    play(st, UseEquipment(card="F2"))
    assert sum(st.bag.values()) == bag - 5
    assert sum(st.box.values()) + len(st.ends) == inside + 5
    conserved(st)


def test_f3_places_one_thread_of_each_colour_at_ends_and_odds():
    st = holding(["F3", "F1"])
    give_cards(st, FRASER, "hands", ["T10"])
    from .threaded_helpers import set_pool

    set_pool(st, "ends", "")
    visit(st, "F", [], window=True)
    play(st, UseEquipment(card="F3"))
    assert st.ends == COLOURS
    conserved(st)


def apply_plain(st, seat: int, action) -> None:
    """``GameState.apply``: ``check`` then ``_apply`` (the rules' plain path, not ``ThreadedState.apply``'s)."""
    GameState.apply(st, seat, action)


def apply_fast(st, seat: int, action) -> None:
    """``ThreadedState.apply`` with the very option handed out (its identity check: the fast path)."""
    st.apply(seat, next(a for a in st.legal_actions(seat) if a == action))


APPLY_PATHS = {"fast": apply_fast, "plain": apply_plain}


@pytest.mark.parametrize("path", APPLY_PATHS)
def test_swap_cards_swap_a_needle_thread_for_their_colour_and_open_a_placement_step(path):
    apply = APPLY_PATHS[path]
    for card in ("F4", "F5", "F6", "F7", "F8", "F9"):
        st = holding([card])
        colour = next(e.colour for e in EQUIPMENT if e.id == card)
        other = "N" if colour != "N" else "G"
        set_studio(st, FRASER, needle=other * 3, basket="YY" if colour != "Y" else "PP")
        visit(st, "F", [FRASER])
        play(st, Done(), UseEquipment(card=card))
        bag_old, bag_new = st.bag[other], st.bag[colour]
        apply(st, FRASER, Swap(position=1))
        # The old thread went back to the bag; the new one is gained: its placement step (rulings).
        assert st.bag[other] == bag_old + 1 and st.bag[colour] == bag_new - 1
        top = st.stack[-1]
        assert top.kind == "place" and top.seat == FRASER and top.threads == (colour,)
        assert st.needles[FRASER] == (other, other)
        legal = st.legal_actions(FRASER)
        for to in ("left", "right", "basket", "scraps"):
            assert Place(source="new", colour=colour, to=to) in legal
        basket = st.baskets[FRASER][0]
        assert Place(source="basket", colour=basket, to="left") in legal  # rule 2: any thread may move now
        assert Done() not in legal  # the new thread must be placed first
        conserved(st)
        apply(st, FRASER, Place(source="new", colour=colour, to="right"))
        apply(st, FRASER, Done())
        assert st.needles[FRASER] == (other, other, colour) and st.stack[-1].kind == "f_choice"
        conserved(st)


def test_f10_is_an_extra_take_without_placing_threads():
    st = holding(["F10"])
    set_studio(st, FRASER, needle="", basket="")
    set_line(st, ["T01", "T02", "T03", "T04", "T05"])
    set_line_threads(st, 4, "Y")
    visit(st, "F", [FRASER])
    play(st, Done(), UseEquipment(card="F10"))
    assert TakeTapestry(position=4) in st.legal_actions(FRASER)
    play(st, TakeTapestry(position=4))
    assert st.hands[FRASER][-1] == "T05"
    assert st.stack[-1].kind == "place" and st.stack[-1].threads == ("Y",)  # the thread on it comes along
    play(st, Place(source="new", colour="Y", to="left"), Done())
    assert st.line[:4] == ("T01", "T02", "T03", "T04") and st.line[4]
    assert st.stack[-1].kind == "f_choice" and st.stack[-1].n == 2  # not one of the two choices
    conserved(st)


def test_f11_rearranges_needle_and_basket():
    st = holding(["F11"])
    set_studio(st, FRASER, needle="BYP", basket="SG")
    visit(st, "F", [FRASER])
    play(st, Done(), UseEquipment(card="F11"))
    assert st.needles[FRASER] == () and st.baskets[FRASER] == ()
    assert sorted(st.stack[-1].threads) == sorted("BYPSG")
    for c, to in (("P", "left"), ("Y", "left"), ("S", "left"), ("B", "basket"), ("G", "basket")):
        play(st, Place(source="new", colour=c, to=to))
    play(st, Done())
    assert st.needles[FRASER] == ("S", "Y", "P") and st.baskets[FRASER] == ("B", "G")
    conserved(st)


@pytest.mark.parametrize("path", APPLY_PATHS)
def test_f11_sends_nothing_to_scraps_and_the_limits_still_apply(path):
    apply = APPLY_PATHS[path]
    st = holding(["F11"])
    set_studio(st, FRASER, needle="BYPSNG", basket="BYPS")  # 10 threads: a full needle and basket
    visit(st, "F", [FRASER])
    play(st, Done(), UseEquipment(card="F11"))
    scraps = dict(st.scraps)

    def places():
        return [a for a in st.legal_actions(FRASER) if isinstance(a, Place)]

    assert places() and all(a.to != "scraps" for a in places())
    assert_refused(st, FRASER, Place(source="new", colour="B", to="scraps"), "nothing goes to scraps")
    for c in "GNSPYB":  # the needle, filled from the left
        apply(st, FRASER, Place(source="new", colour=c, to="left"))
    assert st.needles[FRASER] == tuple("BYPSNG")
    # A full needle takes no more: it would push a thread off to scraps.
    assert all(a.to == "basket" for a in places())
    assert_refused(st, FRASER, Place(source="new", colour="B", to="left"), "pushes nothing off")
    for c in "BYPS":
        apply(st, FRASER, Place(source="new", colour=c, to="basket"))
    assert st.baskets[FRASER] == ("B", "Y", "P", "S") and Done() in st.legal_actions(FRASER)
    apply(st, FRASER, Done())
    assert st.scraps == scraps and st.stack[-1].kind == "f_choice"
    conserved(st)


def test_f11_basket_over_four_must_go_to_the_needle_before_done():
    st = holding(["F11"])
    set_studio(st, FRASER, needle="BY", basket="PSNG")
    visit(st, "F", [FRASER])
    play(st, Done(), UseEquipment(card="F11"))
    for c in "BYPSN":
        play(st, Place(source="new", colour=c, to="basket"))
    play(st, Place(source="new", colour="G", to="left"))
    assert len(st.baskets[FRASER]) == 5 and Done() not in st.legal_actions(FRASER)  # the basket limit
    assert_refused(st, FRASER, Done(), "basket holds 4 threads at most: move the extra ones to the needle")
    assert "scraps" not in st.why_illegal(FRASER, Done())
    assert_refused(st, FRASER, Place(source="basket", colour="B", to="scraps"), "nothing goes to scraps")
    play(st, Place(source="basket", colour="B", to="right"), Done())
    assert st.needles[FRASER] == ("G", "B") and len(st.baskets[FRASER]) == 4
    conserved(st)


def test_f12_may_refresh_then_takes():
    st = holding(["F12"])
    set_studio(st, FRASER, needle="", basket="Y")
    set_line(st, ["T01", "T02", "T03", "T04", "T05"])
    visit(st, "F", [FRASER])
    play(st, Done(), UseEquipment(card="F12"), Choose(yes=True))
    assert not {"T01", "T02", "T03", "T04", "T05"} & set(st.line)
    assert st.stack[-1].kind == "take"
    assert [a.position for a in st.legal_actions(FRASER)] == [0, 1]  # 1 thread pays for 1 skip
    second = st.line[1]
    play(st, TakeTapestry(position=1))
    play(st, st.legal_actions(FRASER)[0])  # pay the thread
    assert st.hands[FRASER][-1] == second and st.line_threads[0] == ("Y",)
    conserved(st)


def test_f13_puts_seven_threads_on_scraps():
    st = holding(["F13", "F1"])
    give_cards(st, FRASER, "hands", ["T10"])
    visit(st, "F", [], window=True)
    scraps = sum(st.scraps.values())
    play(st, UseEquipment(card="F13"))
    assert sum(st.scraps.values()) == scraps + 7
    conserved(st)


def test_used_cards_go_to_the_discard_pile():
    st = holding(["F13", "F1"])
    give_cards(st, FRASER, "hands", ["T10"])
    visit(st, "F", [], window=True)
    play(st, UseEquipment(card="F13"))
    assert "F13" in [*st.equipment_discard, *st.equipment_deck]
    assert st.equipment[FRASER] == ("F1",)


def test_free_make_is_refused_with_an_empty_hand():
    st = holding(["F1"])
    give_cards(st, FRASER, "hands", [])
    visit(st, "F", [FRASER])
    assert UseEquipment(card="F1") not in st.legal_actions(FRASER)
    assert_refused(st, FRASER, UseEquipment(card="F1"), "F1 cannot be used at this moment")


def test_pick_thread_outside_a_pick_is_refused():
    st = holding([])
    visit(st, "F", [FRASER])
    assert_refused(st, FRASER, PickThread(colour="B"), "not an option")
