"""The key bar: the keys that work now, dimmed when they do nothing, clickable."""

from __future__ import annotations

from textual.app import App
from textual.binding import Binding

from threadbox.tui.widgets import KeyBar


class Keys(App):
    BINDINGS = [
        Binding("a", "count", "Count"),
        Binding("b", "never", "Never now"),
        Binding("c", "hidden", "Hidden", show=False),
    ]

    def __init__(self):
        super().__init__()
        self.counted = 0
        self.bells = 0

    def compose(self):
        yield KeyBar()

    def action_count(self) -> None:
        self.counted += 1

    def check_action(self, action, parameters):
        return None if action == "never" else True

    def bell(self) -> None:
        self.bells += 1


def bar_text(app: App) -> str:
    return str(app.query_one(KeyBar).render())


async def test_the_bar_lists_shown_keys_with_what_they_do():
    app = Keys()
    async with app.run_test(size=(80, 5)) as pilot:
        await pilot.pause()
        text = bar_text(app)
        assert " a Count " in text and " b Never now " in text
        assert "Hidden" not in text
        assert text.rstrip().endswith("^p palette")  # the command palette key, on the right
        assert app.query_one(KeyBar).render().cell_len == 80


async def test_clicking_a_key_presses_it_and_a_dimmed_key_rings():
    app = Keys()
    async with app.run_test(size=(80, 5)) as pilot:
        await pilot.pause()
        bar = app.query_one(KeyBar)
        bar.render()
        count, never = (next(s for s in bar._spans if s.key == k) for k in ("a", "b"))
        assert count.enabled and not never.enabled
        await pilot.click(KeyBar, offset=(count.start + 1, 0))
        await pilot.click(KeyBar, offset=(never.start + 1, 0))
        await pilot.pause()
        assert app.counted == 1 and app.bells == 1


async def test_a_narrow_bar_drops_padding_then_keys_but_keeps_the_palette():
    app = Keys()
    async with app.run_test(size=(26, 5)) as pilot:
        await pilot.pause()
        text = bar_text(app)
        assert text.startswith("a Count")  # no padding when room is short
        assert "Never" not in text  # did not fit
        assert text.rstrip().endswith("^p palette") and len(text) == 26
