"""The server's Textual tuning changes what is kept, never what is drawn, and can be undone."""

from __future__ import annotations

import tempfile
from pathlib import Path

from textual.css.stylesheet import Stylesheet
from textual.strip import Strip

from threadbox.net.screenshot import lobby_svg
from threadbox.tui import tuning


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


def test_every_change_applies_on_the_pinned_textual():
    """A Textual upgrade that breaks a change must fail here, not only log a warning."""
    tuning.apply()
    try:
        assert tuning.APPLIED == [
            "lazy strip caches",
            "no self-referencing strips",
            "shared CSS parsing",
            "no needless ANSI copies",
            "colour codes per terminal",
            "no widget kept by a colour cache",
        ]
    finally:
        tuning.release()
    assert tuning.APPLIED == []


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


async def test_shared_css_rules_are_never_changed_after_parsing():
    """Patch 3 shares parsed rule sets between Apps: that holds only if nothing changes them later."""
    from threadbox.net.app import ThreadboxSSHApp
    from threadbox.net.hub import Hub
    from threadbox.net.registry import RoomRegistry
    from threadbox.net.screenshot import _Session

    def snapshot() -> dict:
        return {
            key: [(repr(rule.selector_set), repr(rule.styles.get_rules()), rule.is_default_rules) for rule in rules]
            for key, rules in tuning._SHARED_RULES.items()
        }

    tuning.apply()
    try:
        await lobby_svg((100, 30))
        before = snapshot()
        assert before  # the lobby's rules were shared
        with tempfile.TemporaryDirectory() as folder:
            session = _Session("zed", (80, 24))
            app = ThreadboxSSHApp(Hub(RoomRegistry(Path(folder))), session)  # type: ignore[arg-type]
            session.app = app
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.press("n")  # another screen, more rules
                await pilot.pause()
                app.theme = "nord"  # other variables: parsed again, the shared ones untouched
                await pilot.pause()
                await pilot.press("escape")
                await pilot.pause()
        after = snapshot()
        assert {key: after[key] for key in before} == before
    finally:
        tuning.release()


def test_local_play_runs_with_the_tuning_and_undoes_it_after(monkeypatch):
    """``threadbox`` in a terminal gets the same savings per strip and frame as the server."""
    from threadbox import cli

    seen = []

    class App:
        def run(self) -> None:
            seen.append((Strip.__init__ is not ORIGINAL_INIT, list(tuning.APPLIED)))

    cli._run(App())
    assert seen and seen[0][0] and seen[0][1] == list(tuning.FOR_ONE_APP)
    assert Strip.__init__ is ORIGINAL_INIT and tuning.APPLIED == []


ORIGINAL_INIT = Strip.__init__
