"""Every worked example of the rulebook, rebuilt and played through the rules."""

from __future__ import annotations

from threadbox.rules.threaded.actions import Done, Finish, Give, MakeTapestry, PickThread, Place, TakeTapestry
from threadbox.rules.threaded.data import COLOURS, COMMISSION, TAPESTRY

from .threaded_helpers import (
    assert_refused,
    conserved,
    give_cards,
    play,
    set_line,
    set_line_threads,
    set_pool,
    set_scraps,
    set_studio,
    table,
    visit,
)

FRASER, IZZY = 0, 1


def test_thread_placement_example():
    """Izzy takes green, brown and silver at Darn Good Thread, places them, moves a yellow
    from the basket (pushing a pink off the needle) and sends a silver to scraps."""
    st = table()
    set_studio(st, IZZY, needle="PBBSG", basket="YBPN")
    set_pool(st, "darn", "GNSBY")
    set_scraps(st, "")
    visit(st, "D", [IZZY])
    play(st, PickThread(colour="G"), PickThread(colour="N"), PickThread(colour="S"))
    top = st.stack[-1]
    assert top.kind == "place" and sorted(top.threads) == sorted("GNS")
    assert st.to_move() == [IZZY]
    play(st, Place(source="new", colour="N", to="right"))
    play(st, Place(source="new", colour="G", to="basket"), Place(source="new", colour="S", to="basket"))
    play(st, Place(source="basket", colour="Y", to="right"))
    assert st.needles[IZZY] == tuple("BBSGNY")
    assert st.scraps["P"] == 1  # pushed off the other end
    assert len(st.baskets[IZZY]) == 5
    assert_refused(st, IZZY, Done(), "basket holds 4")
    play(st, Place(source="basket", colour="S", to="scraps"))
    play(st, Done())
    assert sorted(st.baskets[IZZY]) == sorted("BPNG")
    assert st.scraps == {c: {"P": 1, "S": 1}.get(c, 0) for c in COLOURS}
    conserved(st)


def test_thread_placement_refuses_moving_needle_threads_to_the_basket():
    st = table()
    set_studio(st, IZZY, needle="PB", basket="")
    set_pool(st, "darn", "GNS")
    visit(st, "D", [IZZY])
    play(st, PickThread(colour="G"), PickThread(colour="N"), PickThread(colour="S"))
    options = st.legal_actions(IZZY)
    assert all(not (isinstance(a, Place) and a.source not in ("new", "basket")) for a in options)
    assert_refused(st, IZZY, Done(), "first place the new threads")


def test_ends_and_odds_alternating_picks():
    """Five threads, Fraser then Izzy in the queue: they alternate, Fraser takes the fifth."""
    st = table()
    set_pool(st, "ends", "GGBPS")
    set_studio(st, FRASER, basket="")
    set_studio(st, IZZY, basket="")
    visit(st, "E", [FRASER, IZZY])
    expected = [(FRASER, "P"), (IZZY, "G"), (FRASER, "G"), (IZZY, "S"), (FRASER, "B")]
    for seat, colour in expected:
        assert st.to_move() == [seat]
        st.apply(seat, PickThread(colour=colour))
    assert st.ends == ()
    # Each places only after the last pick: Fraser first (queue order), then Izzy.
    assert st.to_move() == [FRASER] and sorted(st.stack[-1].threads) == sorted("PGB")
    play(st, Place(source="new", colour="P", to="basket"), Place(source="new", colour="G", to="left"))
    play(st, Place(source="new", colour="B", to="left"), Done())
    assert st.to_move() == [IZZY] and sorted(st.stack[-1].threads) == sorted("GS")
    play(st, Place(source="new", colour="G", to="left"), Place(source="new", colour="S", to="basket"), Done())
    assert st.baskets[FRASER] == ("P",) and st.needles[FRASER] == ("B", "G")
    assert st.needles[IZZY] == ("G",) and st.baskets[IZZY] == ("S",)
    assert st.queues["E"] == () and st.phase == "plan" and st.round == 2  # on through Finishes to restock
    conserved(st)


def test_ends_and_odds_with_nothing_spilt_takes_nothing():
    st = table()
    set_pool(st, "ends", "")
    visit(st, "E", [FRASER, IZZY])
    assert st.phase == "plan" and st.home == (4, 4)


def test_finishes_example_refresh_take_share_make():
    st = table()
    t04 = TAPESTRY["T04"]
    assert t04.colours == ("S", "Y", "B")
    set_line(st, ["T01", "T02", "T03", "T05", "T06"])
    set_line_threads(st, 0, "G")
    set_line_threads(st, 2, "N")
    give_cards(st, IZZY, "hands", ["T04"])
    give_cards(st, FRASER, "hands", [])
    set_studio(st, FRASER, needle="GN", basket="YYB")
    set_studio(st, IZZY, needle="YB", basket="SG")
    set_scraps(st, "PPP")
    visit(st, "F", [FRASER, IZZY])
    old_line = list(st.line)
    deck_before = len(st.tapestry_deck)

    # Fraser: REFRESH, giving 3 threads from his basket and needle.
    assert st.to_move() == [FRASER]
    play(st, Finish(choice="refresh"))
    play(st, Give(source="Y"), Give(source="B"), Give(source="left"))
    assert st.needles[FRASER] == ("N",) and st.baskets[FRASER] == ("Y",)
    assert not set(st.line) & set(old_line)  # five new tapestries
    assert len(st.tapestry_deck) == deck_before  # five out, the old five shuffled in
    assert set(old_line) <= set(st.tapestry_deck)
    assert st.scraps["G"] == 1 + 1 and st.scraps["N"] == 1  # the threads on the line went to scraps
    assert all(t == () for t in st.line_threads)

    # Fraser: TAKE the second tapestry, placing a basket thread on the first.
    new_line = list(st.line)
    play(st, Finish(choice="take"))
    assert_refused(st, FRASER, TakeTapestry(position=3), "not an option")  # 2 threads pay for 2 skips only
    play(st, TakeTapestry(position=1), Give(source="Y"))
    assert st.hands[FRASER] == (new_line[1],)
    assert st.line[:4] == (new_line[0], *new_line[2:]) and st.line[4] not in new_line
    assert st.line_threads[0] == ("Y",)

    # Izzy: SHARE, giving 1 from her basket and taking 3 pink (not the green just given).
    assert st.to_move() == [IZZY]
    play(st, Finish(choice="share"), Give(source="G"))
    assert st.scraps["G"] == 3  # two from the line, and the one just given, which must stay
    play(st, PickThread(colour="P"), PickThread(colour="P"), PickThread(colour="P"), Done())
    play(st, Place(source="new", colour="P", to="basket"), Place(source="new", colour="P", to="basket"))
    play(st, Place(source="new", colour="P", to="right"))
    play(st, Place(source="basket", colour="S", to="left"), Done())  # moving while gaining
    assert st.needles[IZZY] == ("S", "Y", "B", "P")

    # Izzy: MAKE with silver, yellow, blue from the left end; threads back to the bag.
    play(st, Finish(choice="make"))
    made = st.apply(IZZY, MakeTapestry(card="T04", end="left"))
    assert st.made[IZZY] == ("T04",) and st.hands[IZZY] == ()
    assert st.needles[IZZY] == ("P",)
    assert "silver-yellow-blue from the left end" in made.log[0].text
    assert st.phase == "plan"  # Finishes was the last shop: restock, a new round
    conserved(st)


def _score_position():
    st = table()
    # Fraser: 5 per pink-and-yellow, 2 per blue, 5 per zigzag; Izzy: pairs and colours.
    by_need = {(c.kind, c.needs): c.id for c in COMMISSION.values()}
    fraser_k = [by_need[("pair", ("Y", "P"))], by_need[("colour", ("B",))], by_need[("pattern", ("zigzag",))]]
    # Five tapestries with exactly the book's counts: 1 pink-and-yellow, 3 blue, 2 zigzag (T09 also blue).
    fraser_t = ["T24", "T06", "T05", "T09", "T31"]
    izzy_k = [
        by_need[("pair", ("P", "N"))],
        by_need[("colour", ("G",))],
        by_need[("colour", ("Y",))],
        by_need[("pattern", ("wave",))],
    ]
    izzy_t = ["T11", "T12", "T23", "T37"]
    give_cards(st, FRASER, "commissions", fraser_k)
    give_cards(st, FRASER, "made", fraser_t)
    give_cards(st, IZZY, "commissions", izzy_k)
    give_cards(st, IZZY, "made", izzy_t)
    set_studio(st, FRASER, needle="BBYY", basket="GGN")
    set_studio(st, IZZY, needle="", basket="S")
    st.phase = "over"
    st.stack = []
    return st, fraser_k, izzy_k


def test_scoring_example_fraser_23_izzy_29():
    st, fraser_k, izzy_k = _score_position()
    rows = dict(st.score_sheet(FRASER))
    values = list(rows.values())
    assert values == [5, 6, 10, 2]  # 1 pink-and-yellow, 3 blue, 2 zigzag (one also blue), 7 threads
    assert [v for _, v in st.score_sheet(IZZY)] == [20, 2, 2, 5, 0]
    outcome = st.outcome()
    assert outcome is not None
    assert outcome.score_of(FRASER).total == 23 and outcome.score_of(IZZY).total == 29
    assert outcome.winners == [IZZY] and outcome.tiebreak_used is None


def test_scoring_tie_goes_to_more_tapestries():
    st, _, izzy_k = _score_position()
    give_cards(st, IZZY, "commissions", [izzy_k[0], izzy_k[1]])  # 20 + 2
    set_studio(st, IZZY, needle="BB", basket="G")  # + 1 point for 3 threads
    outcome = st.outcome()
    assert outcome is not None
    assert outcome.score_of(FRASER).total == outcome.score_of(IZZY).total == 23
    assert outcome.winners == [FRASER] and outcome.tiebreak_used  # 5 tapestries against 4


def test_scoring_tie_with_equal_tapestries_goes_to_the_later_seat_in_turn_order():
    for first in (FRASER, IZZY):
        st = table()
        for seat in (FRASER, IZZY):
            give_cards(st, seat, "commissions", [])
            set_studio(st, seat)
        give_cards(st, FRASER, "made", ["T01", "T02"])
        give_cards(st, IZZY, "made", ["T03", "T04"])
        st.first = first
        st.phase = "over"
        st.stack = []
        outcome = st.outcome()
        assert outcome is not None
        assert outcome.winners == [1 - first]  # the second in turn order


def test_share_cannot_take_back_the_thread_just_given():
    st = table()
    set_studio(st, IZZY, basket="G")
    set_scraps(st, "P")
    visit(st, "F", [IZZY])
    play(st, Finish(choice="share"), Give(source="G"))
    assert st.legal_actions(IZZY) == [PickThread(colour="P"), Done()]
    assert_refused(st, IZZY, PickThread(colour="G"), "Take a green (G) thread is not an option")
    play(st, PickThread(colour="P"))
    assert st.legal_actions(IZZY) == [Done()]
