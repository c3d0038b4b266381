"""Setup, rounds, the round counter, the end of the game, scoring and variants."""

import pytest

from threadbox.rules.core import RulesError, get_game
from threadbox.rules.thread_count import GAME, EndAtPaw, Pass, PlaceCup, Stop, ThreadCountState
from threadbox.rules.thread_count.data import CUPS_PER_SHEET, MOUSE, PLANE, ROUND_COUNTER, SOCK

from .thread_count_helpers import change_sheet, draw, load_die, new_game, non_pass, set_roll, set_thread

# ---- registry and setup ---------------------------------------------------------------


def test_registered_under_its_id():
    game = get_game("thread-count")
    assert game is GAME
    assert game.info.title == "Thread Count"
    assert (game.info.min_players, game.info.max_players) == (1, 6)
    assert not game.info.hidden_information
    handicaps = {f"no-cup-minus-{n}" for n in range(1, 7)}
    assert set(game.info.variants) == {"side-b", "easier", "no-crossing"} | handicaps
    assert game.bot_levels == ["random", "easy", "hard"]


def test_everyone_draws_six_cups_at_once_then_sheets_are_dealt():
    state = ThreadCountState.new(3, seed=7)
    assert state.phase == "place"
    assert state.to_move() == [0, 1, 2]
    shaded = state.layout.shaded
    assert state.legal_actions(1) == [PlaceCup(at=p) for p in shaded]
    for seat in range(3):
        for place in shaded[seat : seat + CUPS_PER_SHEET]:
            transition = state.apply(seat, PlaceCup(at=place))
    assert transition.barrier  # the deal and the first roll are chance
    assert "The sheets are shuffled and dealt" in transition.log[1].text
    assert state.phase == "draw" and 1 <= state.roll <= 6 and state.round == 1
    assert sorted(sheet.cups_by for sheet in state.sheets) == [0, 1, 2]
    for sheet in state.sheets:
        assert sheet.cups == tuple(shaded[sheet.cups_by : sheet.cups_by + CUPS_PER_SHEET])


def test_placing_cups_is_not_a_chance_event_until_the_last_cup():
    state = ThreadCountState.new(2, seed=3)
    transition = state.apply(0, PlaceCup(at=state.layout.shaded[0]))
    assert not transition.barrier
    assert transition.log[0].text == "Player 1 draws a cup on A1."
    assert state.to_move() == [0, 1]


def test_solo_cups_are_placed_at_random_without_decisions():
    shapes = set()
    for seed in range(20):
        state = ThreadCountState.new(1, seed)
        cups = state.sheet(0).cups
        assert state.phase == "draw" and state.to_move() == [0]
        assert len(cups) == CUPS_PER_SHEET == len(set(cups))
        assert set(cups) <= set(state.layout.shaded)
        shapes.add(tuple(sorted(cups)))
    assert len(shapes) > 10


def test_setup_errors_are_readable():
    with pytest.raises(RulesError, match="1-6 players, not 7"):
        ThreadCountState.new(7, 1)
    with pytest.raises(RulesError, match="no variant 'mirror'"):
        ThreadCountState.new(2, 1, ["mirror"])
    with pytest.raises(RulesError, match="need 2 names"):
        ThreadCountState.new(2, 1, [], ["Ada"])


def test_names_appear_in_the_log():
    state = ThreadCountState.new(2, 1, ["easier"], ["Ada", "Bo"])
    set_roll(state, 2)
    transition = state.apply(0, draw(state.layout.start, "R2"))
    assert transition.log[0].text == "Ada draws right 2 to E1, reaching a mouse."
    assert not transition.barrier  # Bo still has to decide
    transition = state.apply(1, Pass())
    assert transition.log[0].text == "Bo passes."
    assert transition.log[1].text.startswith("Round 2: the die shows")
    assert transition.barrier


# ---- variants --------------------------------------------------------------------------


def test_side_b_is_another_layout():
    a, b = new_game(), new_game(variants=("side-b", "easier"))
    assert a.layout.side == "A" and b.layout.side == "B"
    assert a.layout.start != b.layout.start and a.layout.paw != b.layout.paw
    assert a.layout.objects != b.layout.objects and a.layout.blocks != b.layout.blocks
    assert b.thread(0) == (b.layout.start,)


def test_sheets_fit_the_screen_and_are_sane():
    from threadbox.rules.thread_count.sheet import LAYOUTS

    for layout in LAYOUTS.values():
        assert layout.columns <= 13 and layout.rows <= 9
        assert layout.start[1] == 0 and layout.paw[1] == layout.rows - 1
        assert len(layout.shaded) >= CUPS_PER_SHEET
        occupied = [*layout.objects, *layout.blocks, *layout.shaded, layout.start, layout.paw]
        assert len(occupied) == len(set(occupied))
        assert min(layout.boxes(k) for k in (MOUSE, SOCK, PLANE)) >= 6


def test_easier_variant_has_no_cups_and_no_placement():
    state = ThreadCountState.new(3, 5, ["easier"])
    assert state.phase == "draw"
    assert all(sheet.cups == () for sheet in state.sheets)
    assert dict(state.seat_score(0).categories)["Cups"] == 0


def test_easier_variant_scores_cups_at_nothing():
    from threadbox.rules.thread_count.scoring import score_sheet

    assert score_sheet(0, 1, 1, 1, cat=False, cups=3, easier=True).total == 5
    assert score_sheet(0, 1, 1, 1, cat=False, cups=3).total == -1


# ---- the round counter ---------------------------------------------------------------


def test_round_counter_activates_at_the_end_of_the_first_set_round():
    # Right 6 collects a mouse (E1) and a plane (I1); down 2 stands beside the sock on J3.
    state = new_game()
    set_thread(state, 0, "R6 D2")
    assert state.collected(0) == {MOUSE: 1, SOCK: 0, PLANE: 1} and state.layout.objects[(9, 2)] == SOCK
    assert not state.counter_active
    set_roll(state, 1)
    load_die(state, 6)
    transition = state.apply(0, draw((8, 2), "R1"))
    texts = [entry.text for entry in transition.log]
    assert texts[0] == "Player 1 draws right 1 to J3, reaching a sock, and completes set 1 (+2)."
    assert texts[1] == "Player 1 collected a set: the hourglass is crossed and the round counter is active."
    # The roll of the next round is checked against the counter at once.
    assert state.counter_active and state.roll == 6 and state.counter_crossed == 1


def test_round_counter_is_not_checked_before_activation():
    state = new_game()
    set_roll(state, 1)
    load_die(state, 6)
    state.apply(0, draw(state.layout.start, "R1"))
    assert state.roll == 6 and not state.counter_active and state.counter_crossed == 0


def test_round_counter_crosses_only_when_the_roll_reaches_the_top_number():
    state = new_game()
    state.counter_active = True
    state.counter_crossed = 3  # the top uncrossed number is the first 4
    assert ROUND_COUNTER[3] == 4
    set_roll(state, 1)
    load_die(state, 3, 4)
    state.apply(0, draw(state.layout.start, "R1"))
    assert state.roll == 3 and state.counter_crossed == 3  # 3 < 4: nothing crossed
    state.apply(0, non_pass(state)[0])
    assert state.roll == 4 and state.counter_crossed == 4
    assert state.counter_left == len(ROUND_COUNTER) - 4


def test_game_ends_after_the_round_that_crossed_the_last_number():
    state = new_game(players=2)
    state.counter_active = True
    state.counter_crossed = len(ROUND_COUNTER) - 1
    set_roll(state, 1)
    load_die(state, 6)
    state.apply(0, Pass())
    transition = state.apply(1, draw(state.layout.start, "R1"))
    assert state.counter_left == 0
    assert any("last number, 6, is crossed off: this is the final round" in e.text for e in transition.log)
    # The final round is still played.
    assert state.phase == "draw" and state.to_move() == [0, 1]
    state.apply(0, non_pass(state, 0)[0])
    transition = state.apply(1, non_pass(state, 1)[0])
    assert state.is_over() and state.to_move() == []
    assert state.outcome().reason == "The last number of the round counter was crossed off."
    assert not transition.barrier  # no roll follows the last round


# ---- other ends ----------------------------------------------------------------------


def test_game_ends_when_every_thread_has_reached_the_cat():
    state = new_game(players=2)
    for seat in (0, 1):
        set_thread(state, seat, "R8 D5")
    set_roll(state, 3)
    state.apply(0, EndAtPaw())
    assert not state.is_over()
    state.apply(1, EndAtPaw())
    assert state.is_over()
    outcome = state.outcome()
    assert outcome.reason == "Every thread has reached the cat."
    assert outcome.winners == [0, 1]


def test_game_ends_when_everyone_in_play_has_stopped():
    state = new_game(players=3)
    set_thread(state, 2, "R8 D5")
    set_roll(state, 3)
    state.apply(2, EndAtPaw())
    state.apply(0, Pass())
    state.apply(1, Pass())
    assert not state.is_over()
    state.apply(0, Pass())
    state.apply(1, Pass())
    assert not state.is_over()  # a pass skips one roll only
    state.apply(0, Stop())
    state.apply(1, Stop())
    assert state.is_over()
    assert state.outcome().reason == "No one can or wants to extend their thread any more."


def test_solo_pass_skips_one_roll_only():
    state = new_game()
    state.apply(0, Pass())
    assert not state.is_over() and state.round == 2 and state.to_move() == [0]


def test_play_goes_on_while_a_stuck_seat_could_draw_another_roll():
    # Seat 1 can only draw 1 to 3 (corner, no crossing); a 5 stops it, seat 2 passes.
    state = new_game(players=2, variants=("easier", "no-crossing"))
    set_thread(state, 0, "D3 L1 U3 L1")
    set_roll(state, 5)
    state.status[0] = "stuck"
    load_die(state, 2)
    state.apply(1, Pass())
    assert not state.is_over()
    assert state.round == 2 and state.roll == 2 and state.to_move() == [0, 1]


def test_game_ends_when_the_stuck_seat_can_never_draw_again():
    # Seat 1 walled itself in at B1: every segment around it is drawn.
    state = new_game(players=2)
    set_thread(state, 0, "L2 D1 R1 U1")
    assert state.thread_end(0) == (1, 0)
    set_roll(state, 1)
    state.status[0] = "stuck"
    assert state.is_blocked(0) and not state.is_blocked(1)
    state.apply(1, Pass())
    assert not state.is_over()  # seat 2 only skipped this roll
    state.apply(1, Stop())
    assert state.is_over()


def test_rounds_without_any_decision_are_rolled_through():
    # Seat 1 is out; seat 2 can only draw 1 to 3, so 4s, 5s and 6s roll on by themselves.
    state = new_game(players=2, variants=("easier", "no-crossing"))
    set_thread(state, 1, "D3 L1 U3 L1")
    change_sheet(state, 0, at_paw=True)
    set_roll(state, 1)
    state.status[0] = "out"
    load_die(state, 5, 6, 2)
    transition = state.apply(1, draw((0, 0), "D1"))
    texts = [e.text for e in transition.log]
    assert texts[1:] == [
        "Round 2: the die shows 5.",
        "Player 2 cannot draw a 5 and passes.",
        "Round 3: the die shows 6.",
        "Player 2 cannot draw a 6 and passes.",
        "Round 4: the die shows 2.",
    ]
    assert state.to_move() == [1] and state.roll == 2


# ---- scoring and tie-break -------------------------------------------------------------


def _finished(threads):
    state = new_game(players=len(threads))
    for seat, points in enumerate(threads):
        change_sheet(state, seat, thread=[state.layout.start, *points])
    state.phase, state.end_reason = "over", "test"
    return state


def test_tie_is_broken_by_more_objects():
    state = new_game()
    layout = state.layout
    set_of_three = [layout.object_points(k)[0] for k in (MOUSE, SOCK, PLANE)]  # 3 + 2 = 5
    five_socks = layout.object_points(SOCK)[:5]  # 5
    state = _finished([set_of_three, five_socks])
    outcome = state.outcome()
    assert [s.total for s in outcome.scores] == [5, 5]
    assert outcome.winners == [1] and outcome.tiebreak_used == "more objects collected"


def test_still_tied_is_a_shared_win():
    state = new_game()
    mice = state.layout.object_points(MOUSE)
    state = _finished([mice[:2], mice[2:4]])
    assert state.outcome().winners == [0, 1]


def test_no_outcome_before_the_end():
    state = new_game(players=2)
    assert state.outcome() is None and not state.is_over()


def test_describe_options_in_words():
    state = new_game()
    start = state.layout.start
    set_roll(state, 6)
    assert state.describe(draw(start, "R4 D2"), 0) == "Right 4, down 2 to G3; reaching a mouse"
    assert state.describe(Pass(), 0) == "Pass this roll"
    assert state.describe(Stop(), 0) == "Stop drawing for good"
    assert state.describe(PlaceCup(at=(0, 0)), 0) == "Draw a cup on A1"
    set_thread(state, 0, "R8 D5")
    set_roll(state, 3)
    assert state.describe(EndAtPaw(), 0) == "End at the cat's paw: down 3 to K9 (+5, then sit out)"


def test_accessors_for_the_screen():
    state = new_game(players=2)
    layout = state.layout
    groups = layout.block_groups()
    assert sorted(p for group in groups for p in group) == sorted(layout.blocks)
    assert ((5, 1), (5, 2)) in groups
    assert layout.ball_column == 2
    set_roll(state, 6)
    state.apply(0, draw(layout.start, "R4 D2"))
    assert state.thread_segments(0)[:2] == [((2, 0), (3, 0)), ((3, 0), (4, 0))]
    assert state.thread_segments(0)[-1] == ((6, 1), (6, 2))
    assert state.collected(0) == {MOUSE: 1, SOCK: 0, PLANE: 0}
    assert state.status == ["drew", "pending"] and not state.is_out(0)
    assert state.counter_numbers == ROUND_COUNTER and state.counter_left == len(ROUND_COUNTER)
    set_roll(state, 4)
    preview = draw(state.thread_end(0), "D2 R2")
    assert state.route_of(0, preview) == [(6, 3), (6, 4), (7, 4), (8, 4)]
    assert state.route_of(0, Pass()) == []


def test_stop_ends_game_warns_only_when_it_would():
    state = new_game(players=2)
    set_roll(state, 2)
    assert not state.stop_ends_game(0)  # seat 2 plays on
    state.apply(1, Stop())
    assert state.stop_ends_game(0)
    state.apply(0, Pass())
    assert not state.is_over() and state.to_move() == [0]  # seat 2 sits out, seat 1 rolls on
    state.apply(0, Stop())
    assert state.is_over()
    solo = new_game()
    assert solo.stop_ends_game(0)
