"""The loom and pattern counting, with the rulebook's worked examples."""

from __future__ import annotations

import pytest

from threadbox.rules.warp_and_weft import ChooseCrossing, PlaceButton, WarpWeftState, WeaveString
from threadbox.rules.warp_and_weft.data import (
    ADJACENT_CARDS,
    COLOURS,
    INTERLACED_CARDS,
    PATTERN_CARDS,
    SHARED_BY_ID,
    SHARED_OBJECTIVES,
    AdjacentPattern,
    InterlacedPattern,
)
from threadbox.rules.warp_and_weft.loom import Loom, axis_penalty, count_adjacent, count_interlaced
from threadbox.rules.warp_and_weft.scoring import CATEGORIES, card_score, score_sheet

from .warp_weft_helpers import make_loom, play_first_legal_until


# ---- components ---------------------------------------------------------------
def test_five_colours_each_with_a_distinct_letter_and_name():
    assert len(COLOURS) == 5
    assert len({c.letter for c in COLOURS}) == 5 and len({c.name for c in COLOURS}) == 5
    assert all(len(c.letter) == 1 for c in COLOURS)


def test_ten_cards_of_each_kind_and_adjacent_cards_are_the_ten_colour_pairs():
    assert len(ADJACENT_CARDS) == len(INTERLACED_CARDS) == len(SHARED_OBJECTIVES) == 10
    pairs = {frozenset((c.pattern.a, c.pattern.b)) for c in ADJACENT_CARDS}
    assert len(pairs) == 10 and all(len(p) == 2 for p in pairs)
    interlaced_pairs = {frozenset((c.pattern.a, c.pattern.b)) for c in INTERLACED_CARDS}
    assert interlaced_pairs == pairs
    assert all(len(s.patterns) == 2 for s in SHARED_OBJECTIVES)


def test_card_ids_are_unique_and_shapes_follow_card_kinds():
    ids = [c.id for c in ADJACENT_CARDS + INTERLACED_CARDS] + [s.id for s in SHARED_OBJECTIVES]
    assert len(set(ids)) == 30
    assert all(c.shape == "round" for c in ADJACENT_CARDS)
    assert all(c.shape == "square" for c in INTERLACED_CARDS)


# ---- Adjacent ------------------------------------------------------------------
def test_rulebook_adjacent_example_scores_4():
    # A1 pink next to 1 light blue, A2 between 2, A3 next to 1.
    loom = make_loom("PBPBPY..", "........")
    assert count_adjacent(loom, AdjacentPattern("P", "B")) == 4
    assert count_adjacent(loom, AdjacentPattern("B", "P")) == 4  # the card is a pair


def test_adjacent_counts_only_neighbouring_slots_of_the_same_axis():
    # Vertical slot 1 and horizontal slot 1 are not neighbours; slots 1 and 3 are not either.
    loom = make_loom("P.B.....", "B.......")
    assert count_adjacent(loom, AdjacentPattern("P", "B")) == 0
    loom = make_loom("P.......", ".PB.....")
    assert count_adjacent(loom, AdjacentPattern("P", "B")) == 1


# ---- Interlaced ----------------------------------------------------------------
def rulebook_interlaced_loom() -> Loom:
    """The rulebook's Interlaced example: pink (A) over two neighbouring light blue (B).

    Vertical pinks A1-A4 in slots 1-4 cross light blue horizontals in slots 2-4
    and 6-7; horizontal pink A5 (slot 1) crosses light blue verticals in slots 6-7.
    """
    #            columns: A1   A2   A3   A4        B    B
    vertical = "PPPP.BB."
    horizontal = "PBBB.BB."
    crossings = [
        "----.--.",  # row 1: A5 over both blue verticals ('-': the horizontal on top)
        "||-|.--.",  # row 2 (blue): A1 over, A2 over, A3 under, A4 over
        "||--.--.",  # row 3 (blue): A1 over, A2 over, A3 under, A4 under
        "-|-|.--.",  # row 4 (blue): A1 UNDER (the lower part), A2 over, A3 under, A4 over
        "........",
        "--||.--.",  # row 6 (blue): A1 under, A2 under, A3 over, A4 over
        "--||.--.",  # row 7 (blue): A1 under, A2 under, A3 over, A4 over
        "........",
    ]
    return Loom(vertical=vertical, horizontal=horizontal, crossings=crossings)


def test_rulebook_interlaced_example_scores_6():
    loom = rulebook_interlaced_loom()
    card = InterlacedPattern("P", "B", "over")
    assert count_interlaced(loom, card) == 6


def test_rulebook_interlaced_example_string_by_string():
    loom = rulebook_interlaced_loom()
    card = InterlacedPattern("P", "B", "over")
    per_string = []
    for column in range(4):  # A1..A4: keep one pink vertical, drop the others
        vertical = "".join(c if i == column or c != "P" else "." for i, c in enumerate(loom.vertical))
        crossings = ["".join(m if vertical[i] != "." else "." for i, m in enumerate(row)) for row in loom.crossings]
        crossings[0] = "." * 8  # and drop A5's crossings
        only = Loom(vertical=vertical, horizontal="." + loom.horizontal[1:], crossings=crossings)
        per_string.append(count_interlaced(only, card))
    assert per_string == [1, 2, 1, 1]  # A1 once (under in the lower part), A2 twice, A3, A4 once
    # A5 alone: once; a light blue vertical in slot 5 or 8 (the red holes) would make it twice.
    a5 = Loom(vertical=".....BB.", horizontal="P.......", crossings=[".....--."] + ["." * 8] * 7)
    assert count_interlaced(a5, card) == 1
    more = Loom(vertical=".....BBB", horizontal="P.......", crossings=[".....---"] + ["." * 8] * 7)
    assert count_interlaced(more, card) == 2


@pytest.mark.parametrize(
    ("relation", "over", "expected"),
    [
        ("over", "|||", 2),
        ("over", "||-", 1),
        ("over", "|-|", 0),
        ("under", "---", 2),
        ("under", "-|-", 0),
        ("under", "|--", 1),
        ("alternate", "|-|", 2),
        ("alternate", "-|-", 2),
        ("alternate", "||-", 1),
        ("alternate", "|||", 0),
    ],
)
def test_interlaced_relations_on_three_neighbouring_b_strings(relation, over, expected):
    # A vertical red string in slot 1 crosses yellow horizontals in slots 1-3.
    loom = Loom(vertical="R.......", horizontal="YYY.....", crossings=[m + "......." for m in over] + ["." * 8] * 5)
    assert count_interlaced(loom, InterlacedPattern("R", "Y", relation)) == expected


def test_interlaced_needs_neighbouring_b_strings():
    loom = make_loom("R.......", "Y.Y.....", ["|.......", "........", "|.......", *["." * 8] * 5])
    assert count_interlaced(loom, InterlacedPattern("R", "Y", "over")) == 0


# ---- penalty and the scorepad ---------------------------------------------------
def test_rulebook_axis_penalty_example():
    # 5 red vertical strings and 3 red horizontal: -2.
    loom = make_loom("RRRRRBBP", "RRRPPBBY")
    assert axis_penalty(loom) == -2


def test_penalty_counts_each_colour_and_axis_apart():
    assert axis_penalty(make_loom("RRRRBBBB", "RRRRRRYY")) == -1 - 1 - 3


def fran_loom() -> Loom:
    """A full loom for the rulebook's final example (see test below)."""
    return make_loom(
        "PVVPVBVV",  # 5 purple verticals: -2
        "YYYRRPBV",
        [
            "------||",  # yellow: purples in slots 2, 3, 5 pass under, 7 and 8 over
            "-------|",  # yellow: purples 2, 3, 5, 7 under, 8 over
            "----|--|",  # yellow: purples 2, 3, 7 under, 5 and 8 over
            "-|------",  # red: the purple in slot 2 passes over
            "-|------",  # red: and again, over two neighbouring reds
            "--------",
            "--------",
            "--------",
        ],
    )


def test_rulebook_fran_scores_15():
    loom = fran_loom()
    # Shared Objective S1: pink next to light blue, and purple over two neighbouring red.
    assert [p for p in SHARED_BY_ID["S1"].patterns] == [AdjacentPattern("P", "B"), InterlacedPattern("V", "R", "over")]
    assert PATTERN_CARDS["A2"].pattern == AdjacentPattern("P", "V")
    assert PATTERN_CARDS["A5"].pattern == AdjacentPattern("B", "V")
    assert PATTERN_CARDS["I8"].pattern == InterlacedPattern("V", "Y", "under")
    assert PATTERN_CARDS["I4"].pattern == InterlacedPattern("R", "Y", "over")
    sheet = score_sheet(loom, "S1", round_cards=["A2", "A5"], square_cards=["I8", "I4"])
    assert [name for name, _ in sheet] == list(CATEGORIES)
    assert [vp for _, vp in sheet] == [5, 3, 3, 6, 0, -2]
    assert sum(vp for _, vp in sheet) == 15
    assert loom.woven_count() == 16


def test_rulebook_fran_example_played_through_the_rules():
    """Fran weaves the same loom with real actions and places her buttons; the outcome says 15."""
    target = fran_loom()
    state = WarpWeftState.new(2, 1, names=["Fran", "Gil"])
    state.shared, state.adjacent, state.interlaced = "S1", ["A2", "A5", "A1", "A3"], ["I8", "I4", "I1", "I2"]
    slots = [("vertical", i) for i in range(8)] + [("horizontal", i) for i in range(8)]
    buttons = [
        PlaceButton(shape="round", card="A2"),
        PlaceButton(shape="square", card="I8"),
        PlaceButton(shape="round", card="A5"),
        PlaceButton(shape="square", card="I4"),
    ]
    for round_ in range(4):
        play_first_legal_until(state, lambda s: s.phase == "weave")
        todo = slots[4 * round_ : 4 * round_ + 4]
        state.picks[0] = [target.string_at(axis, slot) for axis, slot in todo]  # Fran drafted these
        for axis, slot in todo:
            state.apply(0, WeaveString(colour=target.string_at(axis, slot), axis=axis, slot=slot))
            while (doing := state.weaving[0]) is not None:
                state.apply(0, ChooseCrossing(over=target.is_over(axis, slot, doing.next_crossing())))
        play_first_legal_until(state, lambda s: s.phase == "patterns")
        state.apply(0, buttons[round_])
        state.apply(1, state.legal_actions(1)[0])
    assert state.is_over() and state.looms[0] == target
    fran = state.outcome().score_of(0)
    assert fran.categories == list(zip(CATEGORIES, [5, 3, 3, 6, 0, -2]))
    assert fran.total == 15


def test_shared_objective_needs_both_patterns():
    loom = fran_loom()
    no_pink_blue = loom.model_copy(update={"horizontal": "YYYRRPYV"})  # light blue gone from row 7
    sheet = dict(score_sheet(no_pink_blue, "S1", [], []))
    assert sheet["Shared Objective"] == 0
    assert card_score(no_pink_blue, "A1") == 0


def test_unplaced_buttons_score_nothing_on_the_running_sheet():
    sheet = dict(score_sheet(fran_loom(), "S1", ["A2"], []))
    assert sheet["Round button 1"] == 3
    assert sheet["Round button 2"] == sheet["Square button 1"] == sheet["Square button 2"] == 0


# ---- weaving on the loom ---------------------------------------------------------
def test_woven_string_sets_each_crossing_once_in_order():
    loom = Loom().woven("R", "horizontal", 2, []).woven("Y", "horizontal", 5, [])
    assert loom.crossed_slots("vertical", 3) == [2, 5]  # top to bottom
    loom = loom.woven("P", "vertical", 3, [True, False])
    assert loom.is_over("vertical", 3, 2) is True and loom.is_over("horizontal", 2, 3) is False
    assert loom.is_over("vertical", 3, 5) is False and loom.is_over("horizontal", 5, 3) is True
    assert loom.crossings[2][3] == "|" and loom.crossings[5][3] == "-"
    assert loom.is_over("vertical", 4, 2) is None  # no string in vertical slot 5
    with pytest.raises(ValueError):
        loom.woven("B", "vertical", 3, [True, True])  # occupied
    with pytest.raises(ValueError):
        loom.woven("B", "vertical", 4, [True])  # one choice per crossing
