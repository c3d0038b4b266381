"""The log wraps inside the room its scrollbar leaves: no character is hidden under it."""

from __future__ import annotations

from textual.app import App, ComposeResult

from threadbox.tui.widgets import LogPanel

from .helpers import screen_text

LINES = [
    "Round 1: everyone draws 5 strings from the bag.",
    "Bram draws right 1, down 2 to K5.",
    *(f"Round {n}: the die shows {n % 6 + 1}, and Ada draws left 3 to C{n}." for n in range(2, 14)),
]


class LogApp(App[None]):
    def compose(self) -> ComposeResult:
        yield LogPanel(id="log")


def visible_words(app: App) -> list[str]:
    """The words inside the log's border and left of its scrollbar, top line to bottom."""
    panel = app.query_one(LogPanel)
    region, scrollbar = panel.region, panel.styles.scrollbar_size_vertical
    rows = screen_text(app)[region.y + 1 : region.bottom - 1]
    right = region.right - 1 - panel.styles.padding.right - scrollbar
    return " ".join(row[region.x + 1 : right] for row in rows).split()


async def test_wrapped_lines_keep_every_character_beside_the_scrollbar():
    app = LogApp()
    async with app.run_test(size=(30, 12)) as pilot:
        panel = app.query_one(LogPanel)
        panel.show(LINES[:2])  # no scrollbar yet
        await pilot.pause()
        panel.show(LINES)  # now it scrolls: the early lines must still be whole
        await pilot.pause()
        panel.scroll_home(animate=False)
        await pilot.pause()
        words = visible_words(app)
        assert words[:14] == " ".join(LINES[:2]).split()[:14]
        assert "5" in words and "2" in words
        panel.scroll_end(animate=False)
        await pilot.pause()
        assert visible_words(app)[-8:] == LINES[-1].split()[-8:]
