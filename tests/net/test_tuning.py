"""The server's Textual tuning changes what is kept, never what is drawn, and can be undone."""

from __future__ import annotations

from textual.css.stylesheet import Stylesheet
from textual.strip import Strip

from threadbox.net import tuning
from threadbox.net.screenshot import lobby_svg


async def test_tuning_draws_the_same_and_is_undone():
    originals = (Strip.__init__, Strip.divide, Strip.crop_extend, Stylesheet._parse_rules)
    plain = await lobby_svg((100, 30))
    tuning.apply()
    try:
        assert Strip.__init__ is not originals[0]
        strip = Strip([])  # made lazily: no caches until used
        tuned = await lobby_svg((100, 30))
        assert tuned == plain
        # A strip never caches itself, so it is freed without the cyclic collector.
        whole = Strip.blank(5)
        assert whole.divide([5]) == [whole] and whole.crop_extend(0, 5, None) is whole
        assert all(whole not in cached for cached in whole._divide_cache._cache.values())
        assert whole not in whole._crop_extend_cache._cache.values()
    finally:
        tuning.release()
    assert (Strip.__init__, Strip.divide, Strip.crop_extend, Stylesheet._parse_rules) == originals
    assert strip.crop(0, 0).cell_length == 0 and strip._crop_cache is not None  # still usable


async def test_removed_widgets_do_not_stay_watched():
    """A footer whose keys change many times keeps only its live keys (data_bind watchers)."""
    from textual.app import App
    from textual.binding import Binding
    from textual.widgets import Footer
    from textual.widgets._footer import FooterKey

    class Keys(App):
        BINDINGS = [Binding("a", "flip", "Flip"), Binding("b", "other", "Other")]
        flipped = False

        def compose(self):
            yield Footer()

        def action_flip(self) -> None:
            self.flipped = not self.flipped
            self.refresh_bindings()

        def check_action(self, action, parameters):
            return not self.flipped if action == "other" else True  # "b" comes and goes

    def watched_keys(app: App) -> int:
        footer = app.query_one(Footer)
        return sum(len(v) for v in getattr(footer, "__watchers", {}).values())

    tuning.apply()
    try:
        app = Keys()
        async with app.run_test() as pilot:
            for _ in range(12):
                await pilot.press("a")
                await pilot.pause()
            live = len(app.query(FooterKey))
            assert watched_keys(app) <= 2 * live  # without the tuning: one per key ever shown
    finally:
        tuning.release()


def test_a_strip_without_ansi_colours_is_not_copied():
    from rich.segment import Segment
    from rich.style import Style
    from rich.terminal_theme import DEFAULT_TERMINAL_THEME
    from textual.color import Color
    from textual.filter import ANSIToTruecolor

    ansi = ANSIToTruecolor(DEFAULT_TERMINAL_THEME)
    plain = Strip([Segment("ab", Style(color="#ff0000", bgcolor="#000000", bold=True)), Segment("c")])
    coloured = Strip([Segment("ab", Style(color="red"))])
    dimmed = Strip([Segment("ab", Style(color="#ff0000", dim=True))])
    tuning.apply()
    try:
        assert plain.apply_filter(ansi, Color(0, 0, 0)) is plain
        converted = coloured.apply_filter(ansi, Color(0, 0, 0))
        assert converted is not coloured and converted._segments[0].style.color.triplet is not None
        assert not dimmed.apply_filter(ansi, Color(0, 0, 0))._segments[0].style.dim  # dim becomes a colour
    finally:
        tuning.release()


def test_one_style_is_written_for_each_terminal_in_its_own_colours():
    from rich.color import ColorSystem
    from rich.segment import Segment
    from rich.style import Style

    style = Style(color="#ff8000", bold=True)
    tuning.apply()
    try:
        assert style.render("x", color_system=ColorSystem.TRUECOLOR) == "\x1b[1;38;2;255;128;0mx\x1b[0m"
        assert style.render("x", color_system=ColorSystem.STANDARD) == "\x1b[1;91mx\x1b[0m"  # not the 24-bit codes
        strip = Strip([Segment("x", style)])
        assert Strip.render_style(style, "x", ColorSystem.STANDARD) == "\x1b[1;91mx\x1b[0m"
        assert Strip.render_style(style, "x", ColorSystem.TRUECOLOR).startswith("\x1b[1;38;2;")
        assert strip.cell_length == 1
    finally:
        tuning.release()
