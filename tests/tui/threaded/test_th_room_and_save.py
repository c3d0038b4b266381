"""Threaded through the shared layers: a save that replays, and an SSH room's seats and spectators."""

from __future__ import annotations

from threadbox.controller.saves import load, save
from threadbox.net.names import Identity
from threadbox.net.registry import RoomRegistry, SeatChoice
from threadbox.rules.threaded.frames import HIDDEN

from ..helpers import make_table
from .th_helpers import GAME


def test_a_saved_game_loads_to_the_same_table(tmp_path):
    table = make_table("Ada=bot:easy", "Bram=bot:easy", "Cleo=bot", game=GAME, seed=4)
    for _ in range(150):
        if not table.step_bot():
            break
    path = save(table, tmp_path / "threaded.json")
    loaded = load(path)
    assert loaded.full_state_json() == table.full_state_json()
    assert loaded.actions == table.actions


async def test_a_room_shows_each_seat_only_its_secrets_and_spectators_none(tmp_path):
    registry = RoomRegistry(tmp_path / "rooms", bot_delay=0)
    ann, bob = Identity.for_user("ann"), Identity.for_user("bob")
    room = registry.create(ann, GAME, [SeatChoice("me"), SeatChoice("open"), SeatChoice("bot", "easy")])
    room.claim(bob)
    assert room.status == "playing"
    table = room.table
    ann_view, bob_view, public = table.view(0), table.view(1), table.view(None)
    assert ann_view.commissions[0][0] != HIDDEN and ann_view.commissions[1] == (HIDDEN,)
    assert bob_view.commissions[1][0] != HIDDEN and bob_view.commissions[0] == (HIDDEN,)
    assert all(k == (HIDDEN,) for k in public.commissions)
    ann_log = " ".join(table.log_for(0))
    assert ann_view.commissions[0][0] in ann_log and bob_view.commissions[1][0] not in ann_log
    await registry.close()


async def test_a_finished_game_replays_on_the_threaded_screen():
    from textual.app import App

    from threadbox.controller.records import record_of
    from threadbox.tui.replay import replay_screen

    from ..warp_and_weft.ww_helpers import screen_text

    table = make_table("Ada=bot:easy", "Bram=bot:easy", game=GAME, seed=6)
    while table.step_bot():
        pass
    assert table.is_over()
    record = record_of(table, "t1", "2026-11-30T23:00:00")

    class ReplayApp(App):
        def on_mount(self) -> None:
            self.push_screen(replay_screen(record))

    app = ReplayApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("home", "right", "right", "pagedown", "t", "w", "end")
        await pilot.pause()
        text = screen_text(app)
        assert "Final score" in text and "Bram " in text  # the end opens on every seat's commissions
        await pilot.press("left")  # the step before: the game still runs
        await pilot.pause()
        text = screen_text(app)
        assert "Line" in text and "Scraps" in text and "Final score" not in text
