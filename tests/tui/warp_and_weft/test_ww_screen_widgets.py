"""The Warp & Weft drawings and the screen's models, without an app."""

from __future__ import annotations

import pytest

from threadbox.rules.warp_and_weft import PickString, WeaveString
from threadbox.rules.warp_and_weft.data import PATTERN_CARDS, SHARED_BY_ID
from threadbox.rules.warp_and_weft.loom import Loom
from threadbox.tui.games.warp_and_weft import cursor
from threadbox.tui.games.warp_and_weft.models import (
    HandModel,
    LoomModel,
    ScoresModel,
    card_models,
    hand_model,
    hint,
    loom_model,
)
from threadbox.tui.games.warp_and_weft.widgets.cards import adjacent_drawing, interlaced_drawing
from threadbox.tui.games.warp_and_weft.widgets.hand import hand_lines
from threadbox.tui.games.warp_and_weft.widgets.loom import ROOMY, SNUG, loom_lines, slot_at
from threadbox.tui.games.warp_and_weft.widgets.scores import score_table
from threadbox.tui.games.warp_and_weft.widgets.seats import mini_loom_lines
from threadbox.tui.games.warp_and_weft.widgets.strings import seat_tags

from ..helpers import make_table
from .ww_demo import HUMAN, demo_table, draft_table
from .ww_demo import play_until as advance

# Vertical red (R) in vertical slot 1, horizontal pink (P) in horizontal slot 2.
RED_OVER_PINK = Loom(vertical="R.......", horizontal=".P......", crossings=["........", "|......."] + ["........"] * 6)
PINK_OVER_RED = Loom(vertical="R.......", horizontal=".P......", crossings=["........", "-......."] + ["........"] * 6)


def plain(lines) -> list[str]:
    return [line.plain for line in lines]


def around(lines: list[str], x: int, y: int) -> tuple[str, str, str, str, str]:
    """(above, left, centre, right, below) of a cell."""
    return lines[y - 1][x], lines[y][x - 1], lines[y][x], lines[y][x + 1], lines[y + 1][x]


@pytest.mark.parametrize("shape", [SNUG, ROOMY])
def test_the_string_on_top_runs_through_and_the_one_under_stops_short(shape):
    x, y = shape.column_x(0), shape.row_y(1)
    vertical_on_top = plain(loom_lines(LoomModel(RED_OVER_PINK), shape=shape))
    assert around(vertical_on_top, x, y) == ("┃", " ", "┃", " ", "┃")
    horizontal_on_top = plain(loom_lines(LoomModel(PINK_OVER_RED), shape=shape))
    above, left, centre, right, below = around(horizontal_on_top, x, y)
    assert (left, centre, right) == ("━", "━", "━")
    assert (above, below) == ("╹", "╻")  # the red stops short above and starts again short below
    assert vertical_on_top != horizontal_on_top


def test_every_string_is_named_by_its_letter_at_both_ends():
    lines = plain(loom_lines(LoomModel(RED_OVER_PINK)))
    x, y = SNUG.column_x(0), SNUG.row_y(1)
    assert lines[0][x] == "1" and lines[1][x] == "R" and lines[-1][x] == "R"
    assert lines[y][:3] == "2 P" and lines[y][SNUG.right + 1] == "P"
    assert {len(line) for line in lines} == {SNUG.width} and len(lines) == SNUG.height


def test_the_next_crossing_is_marked_and_undecided_ones_are_plain_crossings():
    loom = Loom(vertical="R.B.....", horizontal="P.......", crossings=["........"] * 8)
    lines = plain(loom_lines(LoomModel(loom, focus=("horizontal", 0), next_across=0)))
    y = SNUG.row_y(0)
    assert lines[y][SNUG.column_x(0)] == "?" and lines[y][SNUG.column_x(2)] == "╋"


def test_a_click_finds_the_slot_under_it():
    assert slot_at(SNUG.column_x(3), 0) == ("vertical", 3)  # the slot number
    assert slot_at(0, SNUG.row_y(5)) == ("horizontal", 5)
    assert slot_at(SNUG.column_x(2) + 2, SNUG.row_y(4)) == ("horizontal", 4)  # on the string, between columns
    assert slot_at(SNUG.column_x(6), SNUG.row_y(1) + 1) == ("vertical", 6)  # between rows
    assert slot_at(SNUG.column_x(2), SNUG.row_y(2), prefer="horizontal") == ("horizontal", 2)
    assert slot_at(ROOMY.column_x(7), ROOMY.height - 1, shape=ROOMY) == ("vertical", 7)
    assert slot_at(SNUG.width, 0) is None


def test_small_looms_show_the_string_on_top_at_each_crossing():
    assert plain(mini_loom_lines(RED_OVER_PINK))[2].startswith("P━┃━━━")
    assert plain(mini_loom_lines(PINK_OVER_RED))[2].startswith("P━━━━━")
    assert plain(mini_loom_lines(RED_OVER_PINK))[1].startswith("· ┃ · ")
    assert plain(mini_loom_lines(Loom()))[1].startswith("· · ·")


def test_an_adjacent_card_draws_two_parallel_strings():
    assert plain(adjacent_drawing(PATTERN_CARDS["A1"].pattern)) == ["┃ ┃", "┃ ┃", "┃ ┃", "P B"]


def test_an_interlaced_card_draws_a_crossing_two_strings_over_or_under():
    over = plain(interlaced_drawing(PATTERN_CARDS["I1"].pattern))  # pink over both light blue
    assert over == ["   B   B  ", "   ╹   ╹  ", "P━━━━━━━━━", "   ╻   ╻  "]
    under = plain(interlaced_drawing(PATTERN_CARDS["I2"].pattern))  # light blue under both purple
    assert under[2] == "B━ ┃ ━ ┃ ━" and under[1] == under[3] == "   ┃   ┃  "
    alternate = plain(interlaced_drawing(PATTERN_CARDS["I3"].pattern))  # purple over one, under one red
    assert alternate[2] == "V━━━━━ ┃ ━" and alternate[1] == "   ╹   ┃  "


def test_the_shared_objective_has_one_drawing_of_each_kind():
    first, second = SHARED_BY_ID["S1"].patterns
    assert plain(adjacent_drawing(first))[-1] == "P B"
    assert plain(interlaced_drawing(second))[2] == "V━━━━━━━━━"


WEAVES = [WeaveString(colour=c, axis=a, slot=s) for c in "RB" for a in ("vertical", "horizontal") for s in (0, 3, 4)]


def test_the_cursor_rests_only_on_offered_slots():
    start = cursor.settle(None, WEAVES)
    assert start == cursor.WeaveCursor("R", "vertical", 0)
    assert cursor.nudge(start, WEAVES, "vertical", 1) == cursor.WeaveCursor("R", "vertical", 3)
    assert cursor.nudge(start, WEAVES, "vertical", -1) is None
    assert cursor.nudge(cursor.WeaveCursor("R", "vertical", 4), WEAVES, "horizontal", 1) == cursor.WeaveCursor(
        "R", "horizontal", 4
    )  # first press: onto the other axis
    assert cursor.flip(start, WEAVES) == cursor.WeaveCursor("R", "horizontal", 0)
    assert cursor.with_colour(start, WEAVES, "B") == cursor.WeaveCursor("B", "vertical", 0)
    assert cursor.with_colour(start, WEAVES, "Y") is None
    taken = [w for w in WEAVES if (w.axis, w.slot) != ("vertical", 0)]
    assert cursor.settle(start, taken) == cursor.WeaveCursor("R", "vertical", 3)
    assert cursor.settle(start, [PickString(colour="R")]) is None


def test_seats_are_tagged_by_initial_unless_two_share_one():
    assert seat_tags(["Ada", "Bram", "cleo"]) == ["A", "B", "C"]
    assert seat_tags(["Ada", "Anna"]) == ["1", "2"]


def test_the_hand_shows_each_strings_key_and_names_who_passed_it():
    table = draft_table()
    view, legal = table.view(HUMAN), table.legal(HUMAN)
    face = hand_model(view, HUMAN, legal, None)
    assert face.passed_from == "Cleo"
    lines = [line.plain for line, _ in hand_lines(face, width=30)]
    assert lines[0] == "From Cleo"
    for action in legal:  # the colour's letter keeps it, as the options list says
        assert any(line.startswith(f"{action.colour.lower()} ━━━ {action.colour}") for line in lines)


def test_hand_lines_fit_a_narrow_panel():
    face = HandModel(hand=("B",), keys=(("B", "b"),), picks=("R",))
    assert [line.plain for line, _ in hand_lines(face, width=11)][1] == "b ━━━ B"
    assert [line.plain for line, _ in hand_lines(face, width=30)][1] == "b ━━━ B light blue"


def test_your_own_button_shows_hollow_until_the_reveal_and_others_not_at_all():
    table = make_table("Ada", "Bram", game="warp-and-weft", seed=5)
    advance(table, lambda view: view.phase == "patterns", seed=5)
    button = table.legal(0)[0]
    table.act(0, button)
    mine = card_models(table.view(0), 0, table.legal(0), ["A", "B"])
    theirs = card_models(table.view(1), 1, table.legal(1), ["A", "B"])
    assert [f.buttons for f in mine if f.card_id == button.card] == [("○A" if button.shape == "round" else "□A",)]
    assert all(f.buttons == () for f in theirs)


def test_the_picture_and_the_hint_follow_the_string_being_woven():
    table = demo_table()
    view = table.view(HUMAN)
    doing = view.weaving[HUMAN]
    picture = loom_model(view, HUMAN, None)
    assert picture.focus == (doing.axis, doing.slot) and picture.next_across == doing.next_crossing()
    assert hint(view, HUMAN, table.legal(HUMAN), None).startswith(f"Crossing 2 of {len(doing.crosses)}:")


def test_the_score_table_keeps_scorepad_order():
    sheets = ScoresModel(names=("Ada", "Bram"), sheets=(((("Shared Objective", 5), ("Penalty", -1))), ()), me=0)
    table = score_table(sheets)
    labels = [str(cell) for cell in table.columns[0].cells]
    assert labels == ["Shared", "● round 1", "● round 2", "■ square 1", "■ square 2", "Penalty", "Total"]
    assert [str(c) for c in table.columns[1].cells][-1] == "4"
