"""Regenerate screenshots/*.svg from the real app: `python screenshots/make.py`.

Each picture is the app as a player sees it, driven headless at a fixed size
with fixed seeds, so the files change only when the screens do.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from threadbox.controller import SeatSpec, Table, TableConfig
from threadbox.tui.app import make_app

HERE = Path(__file__).resolve().parent


def advanced(game: str, seats: list[SeatSpec], seed: int, actions: int, variants=()) -> Table:
    """A table after ``actions`` moves: bots play theirs, humans take their first option."""
    table = Table(TableConfig(game=game, seats=seats, seed=seed, variants=list(variants)))
    while len(table.actions) < actions and not table.is_over():
        if not table.step_bot():
            seat = table.pending()[0]
            table.act(seat, table.legal(seat)[0])
    return table


def thread_count_table() -> Table:
    seats = [SeatSpec(name="Ana"), SeatSpec(name="Bo", kind="bot"), SeatSpec(name="Cy", kind="bot")]
    return advanced("thread-count", seats, seed=4, actions=40)


def warp_and_weft_table() -> Table:
    seats = [SeatSpec(name="Ana"), SeatSpec(name="Bo", kind="bot"), SeatSpec(name="Cy", kind="bot")]
    table = advanced("warp-and-weft", seats, seed=5, actions=0)
    # Into round 2's weaving, with Ana's first string of the round started.
    while not table.is_over():
        view = table.view(0)
        if view.round == 2 and view.phase == "weave" and 0 in table.pending() and view.weaving[0] is None:
            table.act(0, table.legal(0)[0])
            break
        if not table.step_bot():
            table.act(0, table.legal(0)[0])
    return table


async def shoot(name: str, table: Table | None, size: tuple[int, int]) -> None:
    app = make_app(table=table, bot_delay=3600, autosave=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        svg = app.export_screenshot(title=f"threadbox: {name}")
    (HERE / f"{name}.svg").write_text(svg, encoding="utf-8")
    print(f"wrote screenshots/{name}.svg")


async def main() -> None:
    await shoot("menu", None, (100, 32))
    await shoot("thread-count", thread_count_table(), (120, 40))
    await shoot("thread-count-80x24", thread_count_table(), (80, 24))
    await shoot("warp-and-weft", warp_and_weft_table(), (140, 44))
    try:
        from threadbox.net.screenshots import lobby_svg
    except ImportError:
        print("no SSH lobby screenshot: threadbox.net.screenshots is missing", file=sys.stderr)
    else:
        (HERE / "ssh-lobby.svg").write_text(await lobby_svg(), encoding="utf-8")
        print("wrote screenshots/ssh-lobby.svg")


if __name__ == "__main__":
    asyncio.run(main())
