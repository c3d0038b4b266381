"""How a thread may be drawn: one test per movement rule, plus a brute-force cross-check."""

import pytest

from threadbox.rules.core import IllegalAction, RulesError
from threadbox.rules.core.playout import play_out
from threadbox.rules.thread_count import GAME, Draw, EndAtPaw, Pass, Stop
from threadbox.rules.thread_count.sheet import DIRECTIONS, segment

from .thread_count_helpers import draw, load_die, new_game, non_pass, set_roll, set_thread, walk


def reference_options(state, seat):
    """Every draw and paw ending, found the slow obvious way: try every leg pair."""
    layout, thread, roll = state.layout, state.thread(seat), state.roll
    used = {segment(a, b) for a, b in zip(thread, thread[1:])}
    options = set()
    for d1 in DIRECTIONS:
        for d2 in DIRECTIONS:
            if d2 == d1 or d2 == (-d1[0], -d1[1]):
                continue
            for a in range(1, roll + 1):
                for b in range(0, roll - a + 1):
                    here, ok, points = thread[-1], True, []
                    for step in [d1] * a + [d2] * b:
                        there = (here[0] + step[0], here[1] + step[1])
                        if (
                            not layout.on_sheet(there)
                            or there in layout.blocks
                            or segment(here, there) in used
                            or (state.no_crossing and there in thread)
                        ):
                            ok = False
                            break
                        points.append(there)
                        here = there
                    if not ok:
                        continue
                    bend = points[a - 1] if b else None
                    if a + b == roll:
                        options.add(Draw(end=here, bend=bend))
                    if here == layout.paw:
                        options.add(EndAtPaw(bend=bend))
    return options


@pytest.mark.parametrize("variants", [(), ("no-crossing",), ("side-b",), ("side-b", "no-crossing", "easier")])
def test_move_generation_matches_brute_force(variants):
    checked = 0
    for seed in range(30):

        def on_step(state, seat, action, transition):
            nonlocal checked
            for s in state.to_move():
                if state.phase == "draw":
                    legal = state.legal_actions(s)
                    assert legal[-2:] == [Stop(), Pass()]
                    assert len(set(legal)) == len(legal)
                    assert set(legal[:-2]) == reference_options(state, s)
                    checked += 1

        play_out(GAME, 2, seed, variants, ["easy", "random"], on_step=on_step)
    assert checked > 500


def test_exact_count():
    state = new_game()
    set_roll(state, 3)
    start = state.layout.start
    assert all(len(state.route_of(0, a)) == 3 for a in non_pass(state) if a.kind == "draw")
    with pytest.raises(IllegalAction, match="exactly 3 points, and that is 2"):
        state.apply(0, draw(start, "R2"))
    with pytest.raises(IllegalAction, match="exactly 3"):
        state.apply(0, draw(start, "R2 D2"))
    state.apply(0, draw(start, "R2 D1"))


def test_at_most_one_bend_and_only_right_angles():
    state = new_game()
    set_roll(state, 4)
    start = state.layout.start
    # A draw names at most one bend, so a staircase cannot even be written down;
    # what can be written must be straight legs at a right angle.
    with pytest.raises(IllegalAction, match="bends at a right angle, at most once"):
        state.apply(0, Draw(end=(4, 2)))  # diagonal
    with pytest.raises(IllegalAction, match="right angle"):
        state.apply(0, Draw(bend=(3, 0), end=(6, 0)))  # a "bend" that goes straight on
    with pytest.raises(IllegalAction, match="right angle"):
        state.apply(0, Draw(bend=(4, 0), end=(2, 0)))  # doubling back
    with pytest.raises(IllegalAction, match="right angle"):
        state.apply(0, Draw(bend=start, end=(2, 4)))  # a leg of no length
    # Every legal draw is one straight leg, or two at a right angle.
    for action in non_pass(state):
        points = [start, *state.route_of(0, action)]
        turns = sum(
            1
            for a, b, c in zip(points, points[1:], points[2:])
            if (b[0] - a[0], b[1] - a[1]) != (c[0] - b[0], c[1] - b[1])
        )
        assert turns <= 1


def test_each_segment_only_once_per_game():
    state = new_game()
    set_thread(state, 0, "R4 D2")
    set_roll(state, 2)
    back_up = draw(state.thread_end(0), "U2")
    assert back_up not in state.legal_actions(0)
    with pytest.raises(IllegalAction, match="between G3 and G2 is already drawn"):
        state.apply(0, back_up)


def _loop(variants):
    # Down 3, right 2, up 2: the thread now stands at E2, right of its own line in column C.
    state = new_game(variants=variants)
    set_thread(state, 0, "D3 R2 U2")
    assert state.thread_end(0) == (4, 1)
    set_roll(state, 3)
    return state


def test_crossing_is_allowed_and_counts_as_a_point():
    state = _loop(("easier",))
    across = Draw(end=(1, 1))  # left 3 crosses the thread at C2: E2 -> D2, C2, B2
    assert across in state.legal_actions(0)
    assert Draw(end=(0, 1)) not in state.legal_actions(0)  # that would be 4 points
    state.apply(0, across)
    assert state.thread(0)[-3:] == ((3, 1), (2, 1), (1, 1))
    assert state.thread(0).count((2, 1)) == 2


def test_no_crossing_variant_forbids_revisiting_a_point():
    state = _loop(("easier", "no-crossing"))
    assert Draw(end=(1, 1)) not in state.legal_actions(0)
    with pytest.raises(IllegalAction, match="crosses your thread at C2"):
        state.apply(0, Draw(end=(1, 1)))
    # Touching the thread without crossing is revisiting too.
    assert Draw(end=(2, 1)) not in state.legal_actions(0)


def test_building_blocks_cannot_be_entered_or_passed():
    state = new_game()
    layout = state.layout
    assert (5, 1) in layout.blocks and (5, 2) in layout.blocks
    set_roll(state, 5)
    start = layout.start
    with pytest.raises(IllegalAction, match="building block at F2"):
        state.apply(0, draw(start, "R3 D2"))
    set_roll(state, 6)
    assert all(not set(state.route_of(0, a)) & layout.blocks for a in non_pass(state))


def test_the_thread_never_leaves_the_sheet():
    state = new_game()
    set_roll(state, 3)
    with pytest.raises(IllegalAction, match="off the sheet"):
        state.apply(0, Draw(end=(2, -3)))
    with pytest.raises(IllegalAction, match="off the sheet"):
        state.apply(0, Draw(end=(-1, 0)))
    with pytest.raises(IllegalAction, match="off the sheet"):
        state.apply(0, Draw(end=(10**9, 0)))  # refused at once, not walked
    layout = state.layout
    for roll in range(1, 7):
        set_roll(state, roll)
        assert all(layout.on_sheet(p) for a in non_pass(state) for p in state.route_of(0, a))


def test_pass_is_always_legal_and_changes_no_thread():
    state = new_game(players=2)
    set_thread(state, 1, "R4 D2")
    set_roll(state, 6)
    assert Pass() in state.legal_actions(0) and Pass() in state.legal_actions(1)
    state.apply(0, Pass())
    assert state.status[0] == "passed"
    assert state.thread(0) == (state.layout.start,)


def test_seat_without_a_draw_passes_automatically():
    # No crossing: in the corner A1 the thread can only go 1 to 3 down.
    state = new_game(players=2, variants=("easier", "no-crossing"))
    set_thread(state, 0, "D3 L1 U3 L1")
    assert state.thread_end(0) == (0, 0)
    set_roll(state, 2)
    assert {a.kind for a in non_pass(state)} == {"draw"}
    load_die(state, 5)
    state.apply(0, draw((0, 0), "D2"))
    state.apply(1, Pass())
    assert state.roll == 5
    assert state.status[0] == "stuck"
    assert 0 not in state.to_move() and state.to_move() == [1]
    assert state.legal_actions(0) == []
    with pytest.raises(RulesError):
        state.apply(0, Pass())


def test_auto_pass_is_logged_in_words():
    state = new_game(players=2, variants=("easier", "no-crossing"))
    set_thread(state, 0, "D3 L1 U3 L1")
    set_roll(state, 6)
    load_die(state, 5)
    state.apply(0, Pass())
    transition = state.apply(1, non_pass(state, 1)[0])
    texts = [entry.text for entry in transition.log]
    assert "Player 1 cannot draw a 5 and passes." in texts
    assert transition.barrier


def test_paw_ending_forfeits_remaining_pips_and_seat_sits_out():
    state = new_game(players=2)
    set_thread(state, 0, "R8 D5")
    set_roll(state, 6)
    paw = state.layout.paw
    options = state.legal_actions(0)
    assert EndAtPaw() in options  # 3 of the 6 pips used, 3 forfeited
    assert Draw(end=paw) not in options  # stopping short without ending is not a draw
    state.apply(0, EndAtPaw())
    assert state.thread(0) == walk(state.layout.start, "R8 D8")
    assert state.status[0] == "paw"
    state.apply(1, Pass())
    # The game goes on for seat 2; seat 1 sits out every later round.
    assert state.phase == "draw"
    assert state.status[0] == "out" and state.to_move() == [1]
    with pytest.raises(RulesError, match="nothing to decide"):
        state.apply(0, Pass())


def test_full_length_stop_on_the_paw_offers_both_choices():
    state = new_game()
    set_thread(state, 0, "R8 D5")
    set_roll(state, 3)
    paw = state.layout.paw
    assert {Draw(end=paw), EndAtPaw()} <= set(state.legal_actions(0))
    state.apply(0, Draw(end=paw))
    assert not state.is_out(0)
    assert state.thread_end(0) == paw


def test_passing_through_the_paw_along_the_bottom_row():
    state = new_game()
    set_thread(state, 0, "R6 D8 R1")  # ends at J9, left of the paw K9
    set_roll(state, 2)
    paw = state.layout.paw
    assert state.thread_end(0) == (9, 8)
    legal = set(state.legal_actions(0))
    assert Draw(end=(11, 8)) in legal  # straight through the paw
    assert EndAtPaw() in legal  # or stop there after 1
    assert Draw(end=paw) not in legal


def test_a_diagonal_route_is_refused_not_walked_forever():
    from threadbox.rules.thread_count.sheet import route_points

    with pytest.raises(ValueError):
        route_points((0, 0), None, (2, 1))
