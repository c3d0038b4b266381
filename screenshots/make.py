"""Regenerate screenshots/*.svg from the real app: `python screenshots/make.py`.

Each picture is the app as a player sees it, driven headless at a fixed size
with fixed seeds, so the files change only when the screens do.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from threadbox.controller import Table
from threadbox.net.screenshot import lobby_svg
from threadbox.tui.app import make_app

HERE = Path(__file__).resolve().parent


# The same fixed positions the snapshot tests draw.
sys.path[:0] = [
    str(HERE.parent / "tests"),
    str(HERE.parent / "tests" / "tui" / "thread_count"),
    str(HERE.parent / "tests" / "tui" / "warp_and_weft"),
    str(HERE.parent / "tests" / "tui" / "quilt"),
    str(HERE.parent / "tests" / "tui" / "thingstead"),
    str(HERE.parent / "tests" / "tui" / "threaded"),
]
import qt_demo  # noqa: E402
import tc_demo  # noqa: E402
import th_demo  # noqa: E402
import ts_demo  # noqa: E402
import ww_demo  # noqa: E402


async def shoot(name: str, table: Table | None, size: tuple[int, int]) -> None:
    app = make_app(table=table, bot_delay=3600, autosave=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        svg = app.export_screenshot(title=f"threadbox: {name}")
    (HERE / f"{name}.svg").write_text(svg, encoding="utf-8")
    print(f"wrote screenshots/{name}.svg")


async def main() -> None:
    await shoot("menu", None, (100, 32))
    await shoot("thread-count", tc_demo.demo_table(), (120, 40))
    await shoot("thread-count-80x24", tc_demo.demo_table(), (80, 24))
    await shoot("warp-and-weft", ww_demo.demo_table(), (160, 48))
    await shoot("warp-and-weft-draft", ww_demo.draft_table(), (100, 30))
    await shoot("quilt", qt_demo.colouring_table(players=3), (160, 45))  # phase 3, every sheet on screen
    await shoot("thingstead", ts_demo.demo_table(), (150, 45))
    await shoot("threaded", th_demo.visit_table(players=4), (150, 40))
    (HERE / "ssh-lobby.svg").write_text(await lobby_svg((100, 30)), encoding="utf-8")
    print("wrote screenshots/ssh-lobby.svg")


if __name__ == "__main__":
    asyncio.run(main())
