"""The Thread Count screen's keys and clicks, one at a time."""

from __future__ import annotations

from threadbox.rules.thread_count import Draw, EndAtPaw, Pass, PlaceCup, Stop
from threadbox.tui.app import make_app
from threadbox.tui.gameover import GameOverScreen
from threadbox.tui.games.thread_count import ThreadCountScreen
from threadbox.tui.games.thread_count.widgets import ConfirmStop, Sheet
from threadbox.tui.widgets import ActionList

from ..helpers import make_table, messages, settle
from .tc_demo import HUMAN, demo_table, play_until
from .tc_helpers import GAME


def at(point) -> tuple[int, int]:
    """Where a point is drawn on the sheet at 80 x 24 (letters and ball above, row numbers left)."""
    return (2 + 2 * point[0], 2 + 2 * point[1])


async def board(pilot) -> ThreadCountScreen:
    await settle(pilot, lambda: isinstance(pilot.app.screen, ThreadCountScreen))
    await pilot.pause()
    return pilot.app.screen


def picked(screen: ThreadCountScreen):
    route = screen._picker.selected
    return route.action if route else None


def highlighted(screen: ThreadCountScreen):
    options = screen.query_one(ActionList)
    return options.actions[options.highlighted]


def sheet_text(screen: ThreadCountScreen) -> list[str]:
    sheet = screen.query_one("#tc-sheet", Sheet)
    return [sheet.render_line(y).text for y in range(sheet.size.height)]


def warnings(app) -> list[str]:
    return [m for severity, m in messages(app) if severity == "warning"]


async def test_the_picked_route_is_previewed_and_the_options_list_follows():
    table = demo_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await board(pilot)
        view = table.view(HUMAN)
        first = picked(screen)
        assert first == table.legal(HUMAN)[0] and highlighted(screen) == first
        rows = sheet_text(screen)
        route = [view.thread_end(HUMAN), *view.route_of(HUMAN, first)]
        for (x1, y1), (x2, y2) in zip(route, route[1:]):
            assert rows[2 + y1 + y2][2 + x1 + x2] in "━┃"  # between two points of the route: heavy
        await pilot.press("space")
        second = picked(screen)
        assert second == table.legal(HUMAN)[1] and highlighted(screen) == second
        assert sheet_text(screen) != rows
        third, done = table.legal(HUMAN)[2], len(table.actions)
        await pilot.press("tab", "down")  # into the options list: its highlight moves the preview
        await pilot.pause()
        assert isinstance(app.focused, ActionList) and picked(screen) == third
        await pilot.press("enter")
        await pilot.pause()
        assert table.actions[done] == (HUMAN, third)


async def test_a_click_picks_the_routes_ending_there_in_turn():
    table = make_table("Ana", game=GAME, seed=5, variants=["easier"])  # a 3 from C1
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await board(pilot)
        ends_d3 = {a for a in table.legal(0) if isinstance(a, Draw) and a.end == (3, 2)}
        assert len(ends_d3) == 2
        await pilot.click("#tc-sheet", offset=at((3, 2)))
        first = picked(screen)
        await pilot.click("#tc-sheet", offset=at((3, 2)))
        second = picked(screen)
        assert {first, second} == ends_d3 and highlighted(screen) == second
        await pilot.click("#tc-sheet", offset=at((12, 8)))  # nothing of a 3 ends there
        assert picked(screen) == second
        assert any("No route of 3 ends at M9" in m for m in warnings(app))
        assert table.actions == []  # clicks only pick; Enter draws
        await pilot.press("enter")
        assert table.actions[0] == (0, second)


async def test_a_key_at_the_wrong_time_is_refused_and_changes_nothing():
    table = make_table("Ana", "Bo=bot:easy", game=GAME, seed=3)
    app = make_app(table=table, bot_delay=3600, autosave=False)  # Bo waits: Ana sees the wait
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await board(pilot)
        before = table.full_state_json()
        await pilot.press("p", "e")  # no passing or paw during setup
        assert table.full_state_json() == before
        assert sum("First draw your cups" in m for m in warnings(app)) == 2
        for _ in range(6):
            await pilot.press("enter")
        assert len(table.view(0).sheet(0).cups) == 6 and not screen.port.my_turn()
        before = table.full_state_json()
        await pilot.press("enter", "right", "p")
        assert table.full_state_json() == before
        assert sum("Nothing to decide right now. Waiting for Bo." in m for m in warnings(app)) == 3


async def test_setup_arrows_walk_the_shaded_places_and_a_click_draws_a_cup():
    table = make_table("Ana", "Bo", game=GAME, seed=3)
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await board(pilot)
        shaded = table.view(0).layout.shaded
        assert screen._cursor == (0, 0)  # the shaded place nearest the ball
        assert highlighted(screen) == PlaceCup(at=(0, 0))
        await pilot.press("down")
        assert screen._cursor in shaded and screen._cursor[1] > 0
        assert highlighted(screen) == PlaceCup(at=screen._cursor)
        spot = screen._cursor
        await pilot.press("enter")
        assert table.view(0).sheet(0).cups == (spot,)
        await pilot.click("#tc-sheet", offset=at((12, 3)))  # M4, shaded
        await pilot.click("#tc-sheet", offset=at((6, 3)))  # G4, plain
        assert table.view(0).sheet(0).cups[1] == (12, 3) and len(table.view(0).sheet(0).cups) == 2
        assert any("Cups go on free shaded places" in m for m in warnings(app))


async def test_pass_skips_the_roll_and_stop_asks_first():
    table = make_table("Ana", game=GAME, seed=5, variants=["easier"])
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await board(pilot)
        await pilot.press("p")  # a pass skips this roll only: no question, the game goes on
        await pilot.pause()
        assert table.actions == [(0, Pass())] and not table.is_over() and app.screen is screen
        await pilot.press("s")
        assert isinstance(app.screen, ConfirmStop)
        assert "the game ends at once" in app.screen.question
        await pilot.press("n")
        assert app.screen is screen and len(table.actions) == 1
        await pilot.press("tab", "end", "up", "enter")  # Stop, before Pass in the options list, asks too
        assert isinstance(app.screen, ConfirmStop)
        await pilot.press("escape")
        assert len(table.actions) == 1
        await pilot.press("shift+tab")  # back to the sheet
        await pilot.press("s", "y")
        await settle(pilot, lambda: isinstance(app.screen, GameOverScreen))
        assert table.actions[-1] == (0, Stop()) and table.is_over()


async def test_e_picks_the_way_to_the_cats_paw():
    def paw_in_reach(view) -> bool:
        return view.phase == "draw" and any(isinstance(a, EndAtPaw) for a in view.legal_actions(HUMAN))

    table = play_until(make_table("Ana", game=GAME, seed=2), paw_in_reach, 2)
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await board(pilot)
        await pilot.press("e")
        assert isinstance(picked(screen), EndAtPaw)
        assert "End at the cat's paw" in "".join(part[0] for part in screen.query_one("#tc-route").parts)
        await pilot.press("enter")
        assert table.view(0).is_out(0)


async def test_v_and_clicks_look_at_the_other_sheets():
    table = demo_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await board(pilot)
        title = lambda: screen.query_one("#board").border_title  # noqa: E731
        minis = list(screen.query(".tc-mini").results(Sheet))
        assert title() == "Your sheet · side A" and [m.model.name for m in minis] == ["Bo", "Cy"]
        assert all(m.display and m.region.width for m in minis)  # there is room for them at 120 x 40
        await pilot.press("v")
        assert title() == "Bo's sheet · side A" and screen.query_one("#tc-sheet", Sheet).model.preview == ()
        await pilot.click(minis[1])  # Cy's small sheet: now shown large
        assert title() == "Cy's sheet · side A"
        await pilot.press("left")  # acting brings our own sheet back
        assert title() == "Your sheet · side A"
        await pilot.click("#tc-seats", offset=(3, 1))  # Bo's line in the scores
        assert title() == "Bo's sheet · side A"


async def test_a_spectator_sees_the_first_sheet_and_cannot_choose():
    table = make_table("Bo=bot:easy", "Cy=bot", game=GAME, seed=4)
    app = make_app(table=table, bot_delay=3600, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await board(pilot)
        assert screen.port.is_spectator and screen.query_one("#tc-sheet", Sheet).model.seat == 0
        before = table.full_state_json()
        await pilot.press("left")
        assert any("You are watching" in m for m in warnings(app))
        assert table.full_state_json() == before
        assert screen.check_action("confirm", ()) is False  # Enter, p and e are off the footer
