"""The sheet's drawing, the route picker and the box-drawing table, apart from any app."""

from __future__ import annotations

from threadbox.rules.thread_count import Draw, EndAtPaw, ThreadCountState
from threadbox.rules.thread_count.sheet import LAYOUTS
from threadbox.tui.games.thread_count.models import SheetModel
from threadbox.tui.games.thread_count.routes import RoutePicker
from threadbox.tui.games.thread_count.widgets import COMPACT, HUGE, LARGE, MINI
from threadbox.tui.games.thread_count.widgets.glyphs import HEAVY, JUNCTIONS, LIGHT, junction
from threadbox.tui.games.thread_count.widgets.sheet import draw

SIDE_A = LAYOUTS["A"]
# From the start C1: right 4 to G1, down 3 to G4, left 3 to D4, up 2 to D2
# (over the shaded place D3) and right 1 to E2.
THREAD = (
    (2, 0),
    (3, 0),
    (4, 0),
    (5, 0),
    (6, 0),
    (6, 1),
    (6, 2),
    (6, 3),
    (5, 3),
    (4, 3),
    (3, 3),
    (3, 2),
    (3, 1),
    (4, 1),
)


def lines(model: SheetModel, scale=COMPACT) -> list[str]:
    return ["".join(text for text, _ in line) for line in draw(model, scale)]


def cell(rows: list[str], point, scale=COMPACT) -> str:
    x, y = point
    return rows[2 + y * scale.rh][scale.left + x * scale.cw]


def classes_at(model: SheetModel, point, scale=COMPACT) -> str:
    """The component classes drawn at ``point``."""
    line = draw(model, scale)[2 + point[1] * scale.rh]
    column, target = 0, scale.left + point[0] * scale.cw
    for text, classes in line:
        if column <= target < column + len(text):
            return classes
        column += len(text)
    raise AssertionError(f"nothing drawn at {point}")


def model(**kw) -> SheetModel:
    thread = kw.pop("thread", THREAD)
    return SheetModel(
        layout=SIDE_A,
        seat=0,
        name="Ana",
        thread=thread,
        cups=kw.pop("cups", frozenset()),
        knocked=kw.pop("knocked", frozenset()),
        **kw,
    )


def test_the_box_drawing_table_has_every_light_and_heavy_junction():
    assert len(JUNCTIONS) == 80  # 3 ** 4 - 1 combinations of none, light and heavy arms
    assert junction((LIGHT, LIGHT, LIGHT, LIGHT)) == "┼"
    assert junction((0, LIGHT, LIGHT, 0)) == "┌"
    assert junction((HEAVY, 0, 0, LIGHT)) == "┚"
    assert junction((0, 0, 0, 0)) == "·"


def test_the_sheet_shows_the_thread_objects_and_blocks():
    thread = THREAD + ((4, 2), (4, 3), (4, 4))  # on down to E5, crossing itself at E4
    sheet = model(thread=thread, cups=frozenset({(1, 1), (2, 3)}))
    rows = lines(sheet)
    assert rows[0].split() == list("ABCDEFGHIJKLM")
    assert rows[1].index("@") == 2 + 2 * 2  # the ball of wool above C1
    assert cell(rows, (2, 0)) == "└"  # the thread hangs from the ball and turns right
    assert rows[2][2 + 2 * 2 + 1] == "─"  # a drawn segment between C1 and D1
    assert cell(rows, (4, 0)) == "m"  # E1's mouse, reached: small and struck through
    assert "tc--taken" in classes_at(sheet, (4, 0))
    assert cell(rows, (4, 3)) == "┼"  # the crossing at E4
    assert cell(rows, (4, 4)) == "s"  # the end, on a sock just reached
    assert classes_at(sheet, (4, 4)) == "tc--sock tc--taken tc--end"
    assert cell(rows, (0, 2)) == "P" and cell(rows, (1, 3)) == "M"  # not reached: capitals
    assert cell(rows, (5, 1)) == "▓" and rows[2 + 1 * 2 + 1][2 + 5 * 2] == "▓"  # F2-F3 is one wall
    assert cell(rows, (1, 1)) == "○" and cell(rows, (2, 3)) == "○"  # cups on shaded places
    assert cell(rows, (0, 0)) == "░"  # a shaded place with no cup
    assert cell(rows, (10, 8)) == "♣"  # the cat's paw


def test_knocked_cups_and_a_preview_route_with_its_targets():
    # The picked route: down 3 from E2 to E5, crossing the thread at E4.
    sheet = model(
        cups=frozenset({(3, 2), (0, 0)}),
        knocked=frozenset({(3, 2)}),
        preview=((4, 2), (4, 3), (4, 4)),
        targets=frozenset({(4, 4), (7, 3)}),
    )
    rows = lines(sheet)
    assert cell(rows, (3, 2)) == "⊗" and cell(rows, (0, 0)) == "○"  # knocked over / still standing
    assert cell(rows, (4, 1)) == "┒"  # the end: the thread comes in light, the route leaves heavy
    assert rows[2 + 1 * 2 + 1][2 + 4 * 2] == "┃" and cell(rows, (4, 2)) == "┃"
    assert cell(rows, (4, 3)) == "╂"  # the route crosses the thread
    assert cell(rows, (4, 4)) == "S" and "tc--cursor" in classes_at(sheet, (4, 4))  # where it would end
    assert cell(rows, (7, 3)) == "◇" and classes_at(sheet, (7, 3)) == "tc--target"  # another route's end


def test_every_scale_fits_its_size():
    sheet = model()
    for scale in (COMPACT, LARGE, HUGE, MINI):
        rows = draw(sheet, scale)
        size = scale.size(SIDE_A.columns, SIDE_A.rows)
        assert len(rows) == size.height
        assert max(sum(len(text) for text, _ in line) for line in rows) <= size.width
    assert COMPACT.size(13, 9) == (27, 19)  # beside 20 columns of panels at 80 x 24
    assert lines(sheet, MINI)[0].startswith("Ana · ")


def picker() -> RoutePicker:
    """Every route of a 3 from the start of a fresh solo game."""
    state = ThreadCountState.new(1, seed=1, variants=["easier"])
    state.roll = 3
    return RoutePicker.build(state.thread_end(0), state.legal_actions(0), lambda a: state.route_of(0, a))


def test_arrows_pick_straight_on_first_then_sooner_bends():
    routes = picker()
    picked = [routes.toward((1, 0)).action for _ in range(4)]
    assert picked[0] == Draw(end=(5, 0))  # straight right 3
    assert picked[1] == Draw(end=(4, 1), bend=(4, 0))  # right 2, down 1
    assert picked[2] == Draw(end=(3, 2), bend=(3, 0))  # right 1, down 2
    assert picked[3] == picked[0]  # round again
    assert routes.toward((0, -1)) is None  # nothing goes up from the top row


def test_a_point_picks_the_routes_ending_there_in_turn():
    routes = picker()
    both = [r for r in routes.routes if r.end == (3, 2)]
    assert len(both) == 2  # right 1 then down 2, or down 2 then right 1
    first, second = routes.ending_at((3, 2)), routes.ending_at((3, 2))
    assert {first.action, second.action} == {r.action for r in both}
    assert routes.ending_at((3, 2)) == first
    assert routes.ending_at((12, 8)) is None
    assert routes.to_paw() is None and not any(isinstance(a, EndAtPaw) for a in routes.actions)
