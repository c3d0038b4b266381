"""Every bonus of a quilt cell, the three embroideries, and chains of bonuses.

Board layout (data.BONUS_LAYOUT): U button, S spool, E stitch, N neutral holder,
X exchange, a colour letter: an extra pencil of that colour, - nothing.
  row 1: - U E S R N     row 2: - S E O X U     row 3: E P S N Y U
  row 4: - X S U G E     row 5: E S B E U E
"""

from __future__ import annotations

from threadbox.rules.quilt import (
    ColourCell,
    ColourSpool,
    Decline,
    DrawBonus,
    Exchange,
    Stitch,
    TakeNeutral,
)
from threadbox.rules.quilt.actions import DECLINE

from .helpers import board, colouring, options, refused


def conserved(state) -> None:
    assert state.pencils_accounted() == state.total_pencils


def test_button():
    state = colouring(hand="RG", sheet=board("r"))
    state.apply(0, ColourCell(colour="R", row=0))
    assert state.boards[0].buttons() == 1 and not state.tasks


def test_spool_bonus_opens_the_next_spool():
    state = colouring(hand="RRR", sheet=board("rrr", spools="RR"), players=4)
    refused(state, 0, ColourSpool(colour="R"), "not available yet")
    state.apply(0, ColourCell(colour="R", row=0))  # cell 4: spool
    assert state.boards[0].open_spools == 3
    state.apply(0, ColourSpool(colour="R"))
    assert state.boards[0].spools == "RRR"


def test_extra_pencil_of_a_colour_is_used_at_once_and_goes_back():
    state = colouring(hand="RG", sheet=board("rrrr"))
    bag = dict(state.bag)
    state.apply(0, ColourCell(colour="R", row=0))  # cell 5: an extra red pencil
    task = state.tasks[-1]
    assert (task.kind, task.pencils, task.origins) == ("use", "R", "a")
    assert DECLINE in options(state)
    refused(state, 0, ColourCell(colour="G", row=1), "the pencil to use now is red")
    state.apply(0, ColourCell(colour="R", row=0))  # the extra pencil; cell 6 then gives a neutral pencil
    assert state.boards[0].rows[0] == "rrrrrr"
    assert state.hand(0) == "G" and state.bag == bag
    assert state.tasks[-1].kind == "neutral"
    conserved(state)


def test_extra_pencil_can_be_declined():
    state = colouring(hand="RG", sheet=board("rrrr"))
    state.apply(0, ColourCell(colour="R", row=0))
    state.apply(0, Decline())
    assert not state.tasks and state.hand(0) == "G"
    conserved(state)


def test_pencil_from_the_neutral_holder_is_used_then_returned():
    state = colouring(hand="RB", sheet=board("rrrrr"), neutral="OOY")
    state.apply(0, ColourCell(colour="R", row=0))  # cell 6: neutral holder
    assert {a.colour for a in options(state) if isinstance(a, TakeNeutral)} == {"O", "Y"}
    state.apply(0, TakeNeutral(colour="Y"))
    assert sorted(state.holders[state.neutral]) == ["O", "O"]
    conserved(state)
    state.apply(0, ColourCell(colour="Y", row=1))
    assert state.boards[0].rows[1] == "y"
    assert sorted(state.holders[state.neutral]) == ["O", "O", "Y"] and state.hand(0) == "B"
    conserved(state)


def test_declined_neutral_pencil_goes_back():
    state = colouring(hand="RB", sheet=board("rrrrr"))
    state.apply(0, ColourCell(colour="R", row=0))
    state.apply(0, TakeNeutral(colour="O"))
    state.apply(0, Decline())
    assert sorted(state.holders[state.neutral]) == ["O", "O", "Y"]
    conserved(state)


def test_exchange_swaps_unused_holder_pencils_with_the_bag():
    state = colouring(hand="OGGB", sheet=board("", "oooo"))
    state.apply(0, ColourCell(colour="O", row=1))  # cell 5: exchange
    choices = {a.colours for a in options(state) if isinstance(a, Exchange)}
    assert choices == {"G", "B", "GG", "GB"}
    refused(state, 0, Exchange(colours="BB"), "you have only one unused blue .B. pencil on your needle holder")
    refused(state, 0, Exchange(colours="RRR"), "exchange 1 or 2 pencils")
    bag_before = state.bag_size()
    state.apply(0, Exchange(colours="GB"))
    assert len(state.hand(0)) == 3 and state.hand(0).startswith("G")
    assert state.bag_size() == bag_before
    conserved(state)


def test_exchange_draws_before_the_old_pencils_go_in():
    # A bag with exactly two purple pencils: the exchange must bring those two, never its own back.
    state = colouring(hand="OGG", sheet=board("", "oooo"), players=4, neutral="RYY")
    for c, n in state.bag.items():
        keep = 2 if c == "P" else 0
        state.spent[1] += c * (n - keep)
        state.bag[c] = keep
    conserved(state)
    state.apply(0, ColourCell(colour="O", row=1))
    state.apply(0, Exchange(colours="GG"))
    assert state.hand(0) == "PP" and state.bag == {"R": 0, "O": 0, "Y": 0, "G": 2, "B": 0, "P": 0}


def test_bonus_pencils_cannot_be_exchanged():
    # Exchange offers only holder pencils; an extra pencil waiting to be used is not among them.
    state2 = colouring(hand="OB", sheet=board("", "oooo"))
    state2.apply(0, ColourCell(colour="O", row=1))
    assert {a.colours for a in options(state2) if isinstance(a, Exchange)} == {"B"}


def test_exchange_with_no_pencil_left_is_skipped():
    state = colouring(hand="O", sheet=board("", "oooo"))
    state.apply(0, ColourCell(colour="O", row=1))
    assert not state.tasks and state.done[0]


def test_stitch_colours_one_part_of_any_embroidery_with_the_same_pencil():
    state = colouring(hand="RG", sheet=board("rr"))
    state.apply(0, ColourCell(colour="R", row=0))  # cell 3: stitch
    assert {a.embroidery for a in options(state) if isinstance(a, Stitch)} == {0, 1, 2}
    state.apply(0, Stitch(embroidery=0))
    assert state.boards[0].embroideries == ("R", "", "")
    assert state.hand(0) == "G"  # the stitch used no other pencil


def test_finished_embroideries_take_no_more_stitches():
    sheet = board("rr").model_copy(update={"embroideries": ("RRRRR", "", "")})
    state = colouring(hand="RG", sheet=sheet)
    state.apply(0, ColourCell(colour="R", row=0))
    assert {a.embroidery for a in options(state) if isinstance(a, Stitch)} == {1, 2}
    refused(state, 0, Stitch(embroidery=0), "the 5-part embroidery is finished")


def test_three_part_embroidery_gives_one_pencil_from_the_bag_or_neutral_holder():
    sheet = board("rr").model_copy(update={"embroideries": ("", "BB", "")})
    state = colouring(hand="RG", sheet=sheet)
    state.apply(0, ColourCell(colour="R", row=0))
    state.apply(0, Stitch(embroidery=1))
    assert state.boards[0].embroidery_done(1)
    task = state.tasks[-1]
    assert (task.kind, task.left) == ("fetch", 1)
    assert DrawBonus() in options(state) and TakeNeutral(colour="O") in options(state)
    bag = state.bag_size()
    state.apply(0, DrawBonus())
    drawn = state.tasks[-1].pencils
    assert state.tasks[-1].kind == "use" and state.bag_size() == bag - 1
    conserved(state)
    row = next(a for a in options(state) if isinstance(a, ColourCell)).row
    state.apply(0, ColourCell(colour=drawn, row=row))
    assert state.bag_size() == bag
    conserved(state)


def test_five_part_embroidery_gives_two_pencils():
    sheet = board("rr").model_copy(update={"embroideries": ("BBBB", "", "")})
    state = colouring(hand="RG", sheet=sheet, neutral="OPY")
    state.apply(0, ColourCell(colour="R", row=0))
    state.apply(0, Stitch(embroidery=0))
    state.apply(0, TakeNeutral(colour="O"))
    assert state.tasks[-1].kind == "fetch" and state.tasks[-1].left == 1
    state.apply(0, TakeNeutral(colour="P"))
    task = state.tasks[-1]
    assert (task.kind, task.pencils, task.origins) == ("use", "OP", "nn")
    assert state.holders[state.neutral] == "Y"
    conserved(state)
    state.apply(0, ColourCell(colour="P", row=1))
    assert state.tasks[-1].pencils == "O"
    state.apply(0, ColourCell(colour="O", row=3))
    assert sorted(state.holders[state.neutral]) == ["O", "P", "Y"] and not state.tasks
    conserved(state)


def test_taking_no_more_embroidery_pencils_keeps_those_taken():
    sheet = board("rr").model_copy(update={"embroideries": ("BBBB", "", "")})
    state = colouring(hand="RG", sheet=sheet)
    state.apply(0, ColourCell(colour="R", row=0))
    state.apply(0, Stitch(embroidery=0))
    state.apply(0, TakeNeutral(colour="Y"))
    assert state.describe(Decline(), 0) == "Take no more pencils"
    state.apply(0, Decline())
    assert state.tasks[-1].kind == "use" and state.tasks[-1].pencils == "Y"


def test_two_part_embroidery_fills_the_backgrounds_of_this_rounds_cells():
    sheet = board("rr").model_copy(update={"embroideries": ("", "", "B")})
    state = colouring(hand="GR", sheet=sheet)  # the two red cells are from earlier rounds
    state.apply(0, ColourCell(colour="G", row=1))
    state.apply(0, ColourCell(colour="R", row=0))  # cell 3: stitch
    state.apply(0, Stitch(embroidery=2))
    assert state.boards[0].rows[0] == "rrR"
    assert state.boards[0].rows[1] == "G"
    assert state.boards[0].fresh == ()


def test_a_chain_extra_pencil_stitch_embroidery_pencil():
    # Row 4's fifth cell gives an extra green pencil; its sixth, a stitch, which finishes the 3-part
    # embroidery, which lends a pencil from the neutral holder, used on row 2.
    sheet = board("", "", "", "gggg").model_copy(update={"embroideries": ("", "BB", "")})
    state = colouring(hand="G", sheet=sheet, neutral="OOY")
    state.apply(0, ColourCell(colour="G", row=3))
    assert state.hand(0) == "" and state.tasks[-1].kind == "use"
    state.apply(0, ColourCell(colour="G", row=3))
    assert state.boards[0].row_full(3) and state.tasks[-1].kind == "stitch"
    state.apply(0, Stitch(embroidery=1))
    assert state.tasks[-1].kind == "fetch"
    state.apply(0, TakeNeutral(colour="O"))
    state.apply(0, ColourCell(colour="O", row=1))
    assert state.boards[0].rows[1] == "o"
    assert not state.tasks and state.done[0] and state.turn == 1
    assert sorted(state.holders[state.neutral]) == ["O", "O", "Y"]
    conserved(state)


def test_neutral_bonus_with_an_empty_neutral_holder_gives_nothing():
    sheet = board("rrrrr").model_copy(update={"embroideries": ("", "", "")})
    state = colouring(hand="RB", sheet=sheet, neutral="")
    state.bag["O"] += 2
    state.bag["Y"] += 1
    state.apply(0, ColourCell(colour="R", row=0))
    assert not state.tasks
