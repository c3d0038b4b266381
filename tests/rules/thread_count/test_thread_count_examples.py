"""Every worked example of the Thread Count rulebook, rebuilt and checked."""

from threadbox.rules.thread_count import Draw, EndAtPaw, ThreadCountState
from threadbox.rules.thread_count.data import MOUSE, PLANE, SOCK
from threadbox.rules.thread_count.scoring import score_sheet

from .thread_count_helpers import change_sheet, draw, new_game, non_pass, set_roll, set_thread, walk


def test_scoring_example_is_19():
    # 5 mice, 6 socks, 2 planes, 2 sets, 2 cups, the cat: 5+6+2, 2+3, -4, +5.
    score = score_sheet(0, mice=5, socks=6, planes=2, cat=True, cups=2)
    assert dict(score.categories) == {
        "Mice": 5,
        "Socks": 6,
        "Paper planes": 2,
        "Sets": 5,
        "Cat": 5,
        "Cups": -4,
    }
    assert [name for name, _ in score.categories] == ["Mice", "Socks", "Paper planes", "Sets", "Cat", "Cups"]
    assert score.total == 19
    assert score.tiebreak == 13


def test_scoring_example_on_a_real_sheet():
    # The same scorepad reached by a thread on side A.
    state = new_game(variants=())
    layout = state.layout
    mice, socks, planes = (layout.object_points(kind) for kind in (MOUSE, SOCK, PLANE))
    wanted = mice[:5] + socks[:6] + planes[:2]
    cups = state.sheets[0].cups
    # A thread is a sequence of points; reaching is all that scoring reads.
    change_sheet(state, 0, thread=[layout.start, *wanted, *cups[:2], layout.paw], at_paw=True)
    assert state.collected(0) == {MOUSE: 5, SOCK: 6, PLANE: 2}
    assert state.sets(0) == 2
    assert len(state.knocked_cups(0)) == 2
    assert state.seat_score(0).total == 19


def test_movement_example_six_ways_to_draw_a_four():
    # First turn: a 6, drawn 4 right and 2 down. Then a 4: six possible draws.
    state = new_game()
    start = state.layout.start
    set_roll(state, 6)
    first = draw(start, "R4 D2")
    assert first in state.legal_actions(0)
    state.apply(0, first)
    assert state.thread(0) == walk(start, "R4 D2")

    set_roll(state, 4)
    here = state.thread_end(0)
    options = non_pass(state)
    assert len(options) == 6
    assert set(options) == {
        draw(here, "D4"),
        draw(here, "D1 L3"),
        draw(here, "D1 R3"),
        draw(here, "D2 L2"),
        draw(here, "D2 R2"),
        draw(here, "D3 R1"),
    }
    assert state.legal_actions(0)[-1].kind == "pass"


def test_first_mouse_crosses_first_mouse_box():
    state = new_game()
    layout = state.layout
    assert layout.objects[(4, 0)] == MOUSE
    set_roll(state, 2)
    assert state.collected(0)[MOUSE] == 0
    state.apply(0, draw(layout.start, "R2"))
    assert state.collected(0)[MOUSE] == 1
    assert state.collected_points(0)[MOUSE] == [(4, 0)]
    assert layout.boxes(MOUSE) == 7
    assert state.seat_score(0).total == 1


def test_drawing_over_a_cup_crosses_first_cup_box():
    # Two players draw cups on the same places, so either sheet has a cup on B2.
    state = new_game(players=2, variants=())
    cup_places = [(1, 1), (0, 0), (3, 2), (10, 1), (12, 3), (7, 4)]
    for place in cup_places:
        for seat in (0, 1):
            state.apply(seat, ThreadCountState.parse_action({"kind": "place-cup", "at": list(place)}))
    assert state.phase == "draw"
    for seat in (0, 1):
        assert state.knocked_cups(seat) == []
    set_roll(state, 2)
    start = state.layout.start
    state.apply(0, draw(start, "L1 D1"))
    assert state.knocked_cups(0) == [(1, 1)]
    assert dict(state.seat_score(0).categories)["Cups"] == -2


def _above_the_paw(roll: int) -> ThreadCountState:
    state = new_game()
    set_thread(state, 0, "R8 D5")
    assert state.thread_end(0) == (10, 5) and state.layout.paw == (10, 8)
    set_roll(state, roll)
    return state


def test_thread_can_end_at_the_paw():
    state = _above_the_paw(3)
    end = EndAtPaw()
    assert end in state.legal_actions(0)
    before = state.seat_score(0).total
    state.apply(0, end)
    assert state.is_out(0)
    assert state.thread_end(0) == state.layout.paw
    assert state.seat_score(0).total == before + 5
    assert dict(state.seat_score(0).categories)["Cat"] == 5


def test_thread_can_come_from_above_and_bend_at_the_paw():
    state = _above_the_paw(5)
    paw = state.layout.paw
    bends = {Draw(bend=paw, end=(8, 8)), Draw(bend=paw, end=(12, 8))}
    assert bends <= set(state.legal_actions(0))
    state.apply(0, Draw(bend=paw, end=(12, 8)))
    assert not state.is_out(0)
    assert dict(state.seat_score(0).categories)["Cat"] == 0
