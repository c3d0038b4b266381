"""Replays on the game's own screen, for every built game: steps, rounds, eyes, secrets.

Written over the registry's built games, so a new game is replayed by these
tests as soon as its rules and screen exist.
"""

from __future__ import annotations

import pytest

from threadbox.controller import Eyes, RecordBook, Replay, SeatSpec, Table, TableConfig
from threadbox.controller.records import restore
from threadbox.rules.core import Rng, built_games
from threadbox.tui.app import make_app
from threadbox.tui.handoff import HandOffScreen
from threadbox.tui.main_menu import MenuScreen
from threadbox.tui.replay import ReplayControls, replay_screen
from threadbox.tui.widgets import LogPanel

from .helpers import settle

BUILT = [game.info.id for game in built_games()]


def recorded_game(book: RecordBook, game_id: str, seed: int = 7, humans: int = 0, moves: int | None = None):
    """A seeded game played by bots (and humans taking their first option), and its record."""
    info = next(g.info for g in built_games() if g.info.id == game_id)
    players = max(2, info.min_players)
    seats = [
        SeatSpec(name=f"H{i + 1}") if i < humans else SeatSpec(name=f"Bot{i + 1}", kind="bot", level="easy")
        for i in range(players + (1 if humans > 1 else 0))
    ][: info.max_players]
    table = Table(TableConfig(game=game_id, seats=seats, seed=seed))
    table.on_change = book.recorder()
    while not table.is_over() and (moves is None or len(table.actions) < moves):
        if not table.step_bot():
            seat = table.pending()[0]
            table.act(seat, table.legal(seat)[0])
    [entry] = [e for e in book.entries() if e.record.seed == seed and e.record.game == game_id]
    return table, entry.record


def screen_text(app) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def drawn(pilot) -> str:
    """The screen's text once the step on show is drawn (the log scrolls after a refresh)."""
    await pilot.wait_for_scheduled_animations()
    for _ in range(5):
        await pilot.pause()
    return screen_text(pilot.app)


@pytest.fixture
def book(home):
    return RecordBook(home)


@pytest.mark.parametrize("game_id", BUILT)
async def test_stepping_to_the_end_gives_the_final_state(book, game_id):
    table, record = recorded_game(book, game_id)
    app = make_app(book=book, replay=record)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayControls) and screen.port.step == screen.replay.last
        await pilot.press("home")
        assert screen.port.step == 0
        presses = 0
        while screen.port.step < screen.replay.last:
            await pilot.press("pagedown" if presses % 3 else "right")
            presses += 1
            assert presses < 400
        assert screen.replay.states[-1].to_json() == table.full_state_json()
        assert screen.port.is_over() and screen.port.outcome() == table.outcome()
        await pilot.press("right")  # at the end: stays there
        assert screen.port.step == screen.replay.last
        assert screen.port.log() == [screen.replay._all_secrets(e) for e in table.log]
        for seat in range(len(record.seats)):
            screen.port.look(Eyes("seat", seat))
            assert screen.port.view() == restore(record).view(seat)
            assert screen.port.log() == table.log_for(seat)


@pytest.mark.parametrize("game_id", BUILT)
async def test_back_and_forward_give_identical_screens(book, game_id):
    _, record = recorded_game(book, game_id, seed=8)
    app = make_app(book=book, replay=record)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = app.screen
        last = screen.replay.last
        for step in (0, 5, last // 2, last - 2):
            screen.port.go(step)
            before = await drawn(pilot)
            await pilot.press("right", "right", "pagedown", "left", "home", "end")
            screen.port.go(step)
            assert await drawn(pilot) == before, f"step {step}"
        for eyes in screen.replay.allowed_eyes():
            screen.port.look(eyes)
            screen.port.go(3)
            before = await drawn(pilot)
            await pilot.press("right", "left")
            assert await drawn(pilot) == before, eyes


@pytest.mark.parametrize("game_id", BUILT)
async def test_the_current_steps_log_lines_are_highlighted(book, game_id):
    _, record = recorded_game(book, game_id, seed=9)
    app = make_app(book=book, replay=record)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = app.screen
        await pilot.press("home")
        for _ in range(4):
            await pilot.press("right")
        await pilot.pause()
        log = screen.query_one(LogPanel)
        step = screen.port.step
        assert log._mark == screen.replay.log_ends[step - 1]
        marked = [str(line.text) for line in log.lines if str(line.text).startswith(LogPanel.MARK)]
        if screen.replay.log_ends[step] > screen.replay.log_ends[step - 1]:
            assert marked, "the step's own lines carry the ▶ mark"


@pytest.mark.parametrize("game_id", BUILT)
async def test_a_replay_plays_nothing(book, game_id):
    table, record = recorded_game(book, game_id, seed=10, humans=1, moves=20)
    before = record.model_dump()
    app = make_app(book=book, replay=record)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("home", "right")
        for key in ("1", "2", "u", "enter", "p", "e", "o", "n"):
            await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, ReplayControls) and app.screen.port.step == 1
        assert app.screen.check_action("undo", ()) is False
        assert app.screen.port.legal() == []
        assert [e.record.model_dump() for e in book.entries()] == [before], "the record is untouched"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


@pytest.mark.parametrize("game_id", BUILT)
async def test_autoplay_runs_to_the_end_and_stops(book, game_id):
    _, record = recorded_game(book, game_id, seed=11, moves=12)
    app = make_app(book=book, replay=record)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = app.screen
        await pilot.press("home")
        for _ in range(4):
            await pilot.press("plus")  # the fastest pace
        await pilot.press("space")
        assert screen.playing
        for _ in range(200):  # at most 10 s
            await pilot.pause(0.05)
            if not screen.playing:
                break
        assert screen.port.step == screen.replay.last and not screen.playing
        await pilot.press(*["minus"] * 4)  # the slowest pace: 2 s a step
        await pilot.press("space")  # from the end: starts again at the setup
        assert screen.playing and screen.port.step == 0
        await pilot.press("right")  # any step key stops it
        assert not screen.playing


@pytest.mark.parametrize("game_id", BUILT)
def test_finished_games_show_any_eyes(book, game_id):
    _, record = recorded_game(book, game_id, seed=12)
    replay = Replay(record)
    seats = range(len(record.seats))
    assert replay.allowed_eyes() == [Eyes("all", 0), *(Eyes("seat", s) for s in seats), Eyes("spectator")]
    for step in (0, replay.last // 2, replay.last):
        state = replay.states[step]
        for s in seats:
            assert replay.view(step, Eyes("seat", s)) == state.view(s)
        assert replay.view(step, Eyes("spectator")) == state.view(None)
        everything = replay.view(step, Eyes("all", 0))
        assert everything.rng == Rng() and everything.seed == 0, "never the RNG: it would tell the draws to come"
        assert everything.model_copy(update={"rng": state.rng, "seed": state.seed, "view_of": None}) == state


def secret_lines(replay: Replay, step: int, seat: int) -> set[str]:
    """Private log lines of other seats up to ``step`` that ``seat`` never had as its own
    (two seats choosing the same colour both read "You chose the pink (P) string.")."""
    entries = replay.log[: replay.log_ends[step]]
    mine = {e.private[seat] for e in entries if seat in e.private}
    return {t for e in entries for k, t in e.private.items() if k != seat} - mine


@pytest.mark.parametrize(
    "game_id", [g for g in BUILT if next(x for x in built_games() if x.info.id == g).info.hidden_information]
)
async def test_an_unfinished_game_replays_only_from_its_humans_seats(book, game_id):
    table, record = recorded_game(book, game_id, seed=13, humans=2, moves=7)
    replay = Replay(record)
    humans = record.human_seats()
    assert replay.allowed_eyes() == [Eyes("seat", s) for s in humans]
    assert replay.last == len(table.actions), "up to now, no further"
    for step in range(replay.last + 1):
        for s in humans:
            assert replay.view(step, Eyes("seat", s)) == replay.states[step].view(s)
            others = secret_lines(replay, step, s)
            assert not others & set(replay.log_for(step, Eyes("seat", s)))
    app = make_app(book=book, replay=record)
    async with app.run_test(size=(100, 32)) as pilot:
        # Two people at this terminal: the first seat's secrets wait behind a hand-off.
        assert isinstance(app.screen, HandOffScreen) and app.screen.player == record.seats[humans[0]].name
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, ReplayControls))
        screen = app.screen
        for step in range(screen.replay.last + 1):
            screen.port.go(step)
            text = await drawn(pilot)
            secret = secret_lines(replay, step, humans[0])
            assert not any(line in text for line in secret if len(line) > 12)
        await pilot.press("w")
        await settle(pilot, lambda: isinstance(app.screen, HandOffScreen))
        assert app.screen.player == record.seats[humans[1]].name
        assert screen.port.eyes == Eyes("seat", humans[0]), "not switched before the hand-off"
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, ReplayControls))
        assert screen.port.eyes == Eyes("seat", humans[1])


@pytest.mark.usefixtures("fake")
async def test_per_seat_eyes_hide_the_other_seats_secrets_on_screen(book):
    """Hidden Tally: each seat's secret number is on its own screen only."""
    seats = [SeatSpec(name="Ada"), SeatSpec(name="Bram", kind="bot", level="random")]
    table = Table(TableConfig(game="thingstead", seats=seats, seed=1))
    table.on_change = book.recorder()
    table.act(0, {"kind": "add", "n": 2})
    table.step_bot()
    [record] = book.unfinished()
    app = make_app(book=book, replay=record)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.port.eyes == Eyes("seat", 0) and screen.replay.allowed_eyes() == [Eyes("seat", 0)]
        assert screen.check_action("eyes", ()) is False
        assert screen.port.view().secrets == [10, -1]
        text = await drawn(pilot)
        assert "(secret 10)" in text and "(secret 11)" not in text


def replay_app(game_id: str, step: int, eyes: Eyes | None = None):
    import tempfile
    from pathlib import Path

    book = RecordBook(Path(tempfile.mkdtemp()))
    _, record = recorded_game(book, game_id, seed=21)
    record = record.model_copy(update={"started": "2026-01-01T00:00:00+00:00", "updated": "2026-01-01T00:00:00+00:00"})
    app = make_app(book=book, autosave=False)

    async def open_replay(pilot):
        pilot.app.push_screen(replay_screen(record, eyes, step))
        await pilot.pause()

    return app, open_replay


@pytest.mark.parametrize("game_id", BUILT)
@pytest.mark.parametrize("step", [4, 15])
def test_replay_snapshot(snap_compare, game_id, step):
    app, open_replay = replay_app(game_id, step)
    assert snap_compare(app, terminal_size=(100, 32), run_before=open_replay)


# One rule of each game screen's own DEFAULT_CSS, on a widget whose default differs.
OWN_RULE = {
    "quilt": ("qt-legend", "width", "46"),
    "thingstead": ("ts-hint", "height", "2"),
    "thread-count": ("tc-left", "width", "auto"),
    "threaded": ("th-final", "display", "none"),
    "warp-and-weft": ("ww-hint", "min_height", "2"),
}


@pytest.mark.parametrize("game_id", BUILT)
async def test_a_replay_keeps_its_game_screens_own_layout(book, game_id):
    """Textual passes DEFAULT_CSS down the first base only (the replay keys): the game's own layout
    rules must reach its replay too, or parts that fit in play are cut off there."""
    _, record = recorded_game(book, game_id, seed=5, moves=10)
    app = make_app(book=book, autosave=False)
    async with app.run_test(size=(100, 32)) as pilot:
        app.push_screen(replay_screen(record, Eyes(kind="all"), 10))
        await drawn(pilot)
        widget, rule, value = OWN_RULE[game_id]
        assert str(getattr(app.screen.query_one(f"#{widget}").styles, rule)) == value
