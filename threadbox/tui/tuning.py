"""Every use of Textual's private internals, by the SSH server and the local app, in one place.

It sits in the interface layer, below the server, so that local play can use
it without loading the server's package (and with it pydantic and the
controller, before the menu's first frame).

Two kinds. The private parts the server relies on (the xterm parser, the
context variables, the screen stacks, the App's error hooks and output
capture) are at the end of this module, with ``check_internals()`` saying
whether they are all still there. The tuning below changes Textual for a
server that runs many Apps at once.

The SSH server calls ``apply()`` when it starts and ``release()`` when it
stops; so does local play in a terminal (``cli._run``), where the same
savings cut a frame of a 200x60 game screen by about a sixth (fewer caches
made per strip, no strip copied to convert colours it does not have). Each
change is checked against the Textual version it was written for
(``textual>=8.2.8,<8.3`` is pinned) and skipped, with a log line, if
Textual's internals look different. Set ``THREADBOX_NO_TUNING=1`` to run without any of it (for comparisons).

1. Lazy strip caches. Every ``textual.strip.Strip`` makes seven small
   ``FIFOCache`` objects when it is created, though most strips never use
   most of them: about 6,000 cache objects per session, a third of a
   session's memory. Here each cache is made on first use instead.

2. No self-referencing strips. ``Strip.divide`` and ``Strip.crop_extend``
   can cache a strip in its own cache, which makes it a reference cycle that
   only the cyclic garbage collector frees: most of a running session's
   cyclic garbage. Here a strip is never cached in itself.

3. Shared CSS parsing. Every App parses the same default CSS of the same
   widgets again (about a third of a session's start-up time and ~10% of
   its memory). Here the parsed rules are shared between Apps whose theme
   variables are the same; rule sets are only read once parsed.

4. (Gone: watchers of removed ``FooterKey`` widgets were let go here while
   the screens used Textual's ``Footer``; no widget of ours binds data now.)

5. No copy of a strip that has no ANSI colours. Apps over SSH convert ANSI
   colours to true colour on every strip they draw and keep the converted
   copy beside the original, though our screens draw in theme colours: a
   second copy of every line on screen. Here a strip that needs no change is
   used as it is.

6. Colour codes per terminal. Rich keeps a style's escape codes on the
   style the first time it is written, for whatever colour system that
   terminal had, and Rich and Textual share equal styles between Apps: a
   vt100 player could be sent the 24-bit colours made for another player's
   terminal. Here the codes are kept per colour system. (This one is a fix,
   and not only for memory: it changes what a plain terminal receives.)

7. No widget kept by a colour cache. ``StylesCache.get_inner_outer`` is an
   ``lru_cache`` on a method: keyed by the widget's styles cache too, it kept
   the last 1,024 of them alive, with every line they had drawn, long after
   their sessions ended (joining and leaving in a loop: 99 -> 249 MiB after
   150 visits, with nobody left). Here the cache is keyed by the colours only.

Apart from 6, nothing here changes what is drawn: only what is kept, and for how long.
"""

from __future__ import annotations

import logging
import os
from typing import Any

from textual._context import active_app, active_message_pump
from textual._xterm_parser import XTermParser
from textual.app import App
from textual.filter import LineFilter

log = logging.getLogger("threadbox.tuning")

_users = 0  # servers running with the tuning on
APPLIED: list[str] = []  # the changes apply() made (all of them on the pinned Textual)
_undo: list = []  # how to put back what apply() changed, newest last

_STRIP_CACHES = {
    "_divide_cache": 4,
    "_crop_cache": 16,
    "_style_cache": 16,
    "_filter_cache": 4,
    "_line_length_cache": 4,
    "_crop_extend_cache": 4,
    "_offsets_cache": 4,
}
_STRIP_SLOTS = {"_segments", "_cell_length", "_render_cache", "_link_ids", "_cell_count", *_STRIP_CACHES}


class _LazyCache:
    """Stands in for a ``__slots__`` member: makes the FIFOCache on first access.

    Once installed it stays (also after ``release``): strips made meanwhile
    may still be alive without their caches, and it serves eager ones too.
    """

    __slots__ = ("slot", "size", "factory")

    def __init__(self, slot, size: int, factory):
        self.slot, self.size, self.factory = slot, size, factory

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        try:
            return self.slot.__get__(obj, owner)
        except AttributeError:
            cache = self.factory(self.size)
            self.slot.__set__(obj, cache)
            return cache

    def __set__(self, obj, value) -> None:
        self.slot.__set__(obj, value)


def _swap(owner, name: str, new) -> None:
    """Set ``owner.name = new``, remembering how to undo it."""
    _undo.append((owner, name, owner.__dict__[name]))
    setattr(owner, name, new)


def _lazy_strip_caches() -> bool:
    from textual.cache import FIFOCache
    from textual.strip import Strip

    if set(getattr(Strip, "__slots__", ())) != _STRIP_SLOTS:
        log.warning("textual.strip.Strip changed; strip caches left as they are")
        return False
    for name, size in _STRIP_CACHES.items():
        if not isinstance(Strip.__dict__[name], _LazyCache):
            setattr(Strip, name, _LazyCache(Strip.__dict__[name], size, FIFOCache))

    def __init__(self, segments, cell_length=None) -> None:
        self._segments = list(segments)
        self._cell_length = cell_length
        self._render_cache = None
        self._link_ids = None
        self._cell_count = None

    __init__.__doc__ = Strip.__init__.__doc__
    _swap(Strip, "__init__", __init__)
    return True


def _no_self_cycles() -> bool:
    from textual.strip import Strip

    divide, crop_extend = Strip.__dict__.get("divide"), Strip.__dict__.get("crop_extend")
    if divide is None or crop_extend is None:
        log.warning("textual.strip.Strip changed; strip self-references left as they are")
        return False

    def _divide(self, cuts):
        cell_length = self.cell_length
        cuts = [cut for cut in cuts if cut <= cell_length]
        if cuts == [cell_length]:
            return [self]  # the whole strip: not cached in itself
        return divide(self, cuts)

    def _crop_extend(self, start, end, style):
        cache_key = (start, end, style)
        cached = self._crop_extend_cache.get(cache_key)
        if cached is not None:
            return cached
        strip = self.extend_cell_length(end, style).crop(start, end)
        if strip is not self:
            self._crop_extend_cache[cache_key] = strip
        return strip

    _divide.__doc__, _crop_extend.__doc__ = divide.__doc__, crop_extend.__doc__
    _swap(Strip, "divide", _divide)
    _swap(Strip, "crop_extend", _crop_extend)
    return True


_SHARED_RULES: dict[tuple, list] = {}
_SHARED_LIMIT = 512


def _shared_css_parsing() -> bool:
    from textual.css.stylesheet import Stylesheet

    original = Stylesheet.__dict__.get("_parse_rules")
    if original is None:
        log.warning("textual's Stylesheet changed; CSS parsing left as it is")
        return False

    def _parse_rules(self, css, read_from, is_default_rules=False, tie_breaker=0, scope=""):
        key = (css, read_from, is_default_rules, tie_breaker, scope, tuple(sorted(self._variables.items())))
        rules = _SHARED_RULES.get(key)
        if rules is None:
            rules = original(self, css, read_from, is_default_rules, tie_breaker, scope)
            if len(_SHARED_RULES) >= _SHARED_LIMIT:
                _SHARED_RULES.pop(next(iter(_SHARED_RULES)))
            _SHARED_RULES[key] = rules
        return rules

    _parse_rules.__doc__ = original.__doc__
    _swap(Stylesheet, "_parse_rules", _parse_rules)
    return True


def _no_needless_ansi_copies() -> bool:
    from textual.filter import ANSIToTruecolor
    from textual.strip import Strip

    apply_filter = Strip.__dict__.get("apply_filter")
    if apply_filter is None or "truecolor_style" not in ANSIToTruecolor.__dict__:
        log.warning("textual's ANSI filter changed; strips are copied as before")
        return False

    def _apply_filter(self, filter, background):
        if type(filter) is ANSIToTruecolor:
            # What the filter changes: colours without an RGB triplet (ANSI, default), dim text with a colour.
            for _text, style, control in self._segments:
                if control is not None:
                    break
                if style is not None:
                    color, bgcolor = style.color, style.bgcolor
                    if (color is not None and (color.triplet is None or style.dim)) or (
                        bgcolor is not None and bgcolor.triplet is None
                    ):
                        break
            else:
                return self  # nothing to convert
        return apply_filter(self, filter, background)

    _apply_filter.__doc__ = apply_filter.__doc__
    _swap(Strip, "apply_filter", _apply_filter)
    return True


def _codes_per_colour_system() -> bool:
    from functools import lru_cache

    from rich.style import Style

    render, make_codes = Style.__dict__.get("render"), Style.__dict__.get("_make_ansi_codes")
    if render is None or make_codes is None or "_ansi" not in getattr(Style, "__slots__", ()):
        log.warning("rich's Style changed; colour codes left as they are")
        return False

    @lru_cache(maxsize=8192)
    def codes(style, color_system) -> str:
        kept, style._ansi = style._ansi, None  # computed afresh for this colour system, not kept on the style
        try:
            return make_codes(style, color_system)
        finally:
            style._ansi = kept

    def _render(self, text="", *, color_system=render.__kwdefaults__["color_system"], legacy_windows=False):
        if not text or color_system is None:
            return text
        attrs = codes(self, color_system)
        rendered = f"\x1b[{attrs}m{text}\x1b[0m" if attrs else text
        if self._link and not legacy_windows:
            rendered = f"\x1b]8;id={self._link_id};{self._link}\x1b\\{rendered}\x1b]8;;\x1b\\"
        return rendered

    _render.__doc__ = render.__doc__
    _swap(Style, "render", _render)

    # Textual draws strips with its own copy of the same shortcut.
    from textual.strip import Strip

    render_style = Strip.__dict__.get("render_style")
    if isinstance(render_style, classmethod) and hasattr(Strip, "render_ansi"):

        def _render_style(cls, style, text, color_system):
            ansi = cls.render_ansi(style, color_system)  # cached per (style, colour system)
            output = f"\x1b[{ansi}m{text}\x1b[0m" if ansi else text
            if style._link:
                output = f"\x1b]8;id={style._link_id};{style._link}\x1b\\{output}\x1b]8;;\x1b\\"
            return output

        _render_style.__doc__ = render_style.__func__.__doc__
        _swap(Strip, "render_style", classmethod(_render_style))
    else:
        log.warning("textual's Strip changed; its colour codes left as they are")
    return True


# What one app in one terminal gains from (the rest is for many Apps in one process,
# and costs the local menu's first frame about a tenth: colour codes kept per terminal,
# CSS parsed once for every App).
def _inner_outer_by_colour() -> bool:
    from functools import lru_cache

    from textual._styles_cache import StylesCache

    original = StylesCache.__dict__.get("get_inner_outer")
    inner = getattr(original, "__wrapped__", None)
    if inner is None or not hasattr(original, "cache_clear"):
        log.warning("Textual's StylesCache.get_inner_outer changed; its cache left as it is")
        return False

    @lru_cache(maxsize=1024)
    def by_colour(base_background, background):
        return inner(None, base_background, background)  # the body reads only the two colours

    def get_inner_outer(self, base_background, background):
        return by_colour(base_background, background)

    get_inner_outer.__doc__ = inner.__doc__
    _swap(StylesCache, "get_inner_outer", get_inner_outer)
    getattr(original, "cache_clear", lambda: None)()  # what it holds already
    return True


FOR_ONE_APP = ("lazy strip caches", "no self-referencing strips", "no needless ANSI copies")


def apply(only: tuple[str, ...] | None = None) -> None:
    """Turn the tuning on (counted: each server that starts calls it once); ``only``: the
    changes to make, by name (local play: ``FOR_ONE_APP``). The first call decides."""
    global _users
    _users += 1
    if _users > 1:
        return
    import textual

    if os.environ.get("THREADBOX_NO_TUNING"):
        log.info("Textual tuning switched off (THREADBOX_NO_TUNING)")
        return
    version = getattr(textual, "__version__", "")
    if not version.startswith("8.2."):
        log.warning("Textual %s is not the tested 8.2.x: no tuning applied", version)
        return
    done = [
        name
        for name, step in (
            ("lazy strip caches", _lazy_strip_caches),
            ("no self-referencing strips", _no_self_cycles),
            ("shared CSS parsing", _shared_css_parsing),
            ("no needless ANSI copies", _no_needless_ansi_copies),
            ("colour codes per terminal", _codes_per_colour_system),
            ("no widget kept by a colour cache", _inner_outer_by_colour),
        )
        if (only is None or name in only) and step()
    ]
    APPLIED[:] = done
    log.info("Textual tuning: %s", ", ".join(done) or "none")


def release() -> None:
    """Undo ``apply()`` once the last server using it has stopped."""
    global _users
    if _users == 0:
        return
    _users -= 1
    if _users:
        return
    while _undo:
        owner, name, old = _undo.pop()
        setattr(owner, name, old)
    APPLIED.clear()
    _SHARED_RULES.clear()


# ---- private internals the server relies on (not patches) ----------------------------------
class Parser(XTermParser):
    """Textual's xterm input parser without its per-instance ``lru_cache``.

    ``XTermParser._parse_extended_key`` is an ``lru_cache`` on a method: the
    cache is global and keyed by the parser, so it kept every finished App
    alive. This subclass parses without the cache.
    """

    def _parse_extended_key(self, sequence: str):  # type: ignore[override]
        return XTermParser._parse_extended_key.__wrapped__(self, sequence)

    def waiting(self) -> bool:
        """Part of a sequence is held back (a lone ESC until its wait runs out): ``tick()`` later."""
        return getattr(self, "_timeout_time", None) is not None


def clear_parser_cache() -> None:
    """Belt and braces: drop anything a stock XTermParser left in the cache."""
    cache_clear = getattr(XTermParser._parse_extended_key, "cache_clear", None)
    if cache_clear is not None:
        cache_clear()


def app_of_context(context) -> Any:
    """The App a callback's context belongs to (None: not a session's)."""
    return context.get(active_app, None) if context is not None else None


def running_pump() -> Any:
    """The widget, screen or App whose handler is running now."""
    return active_message_pump.get(None)


def screens_of(app: App) -> list:
    """Every screen on every one of the App's screen stacks."""
    return [screen for stack in app._screen_stacks.values() for screen in stack]


def set_filters(app: App, keep: type | tuple[type, ...], add: LineFilter | None) -> None:
    """Drop the App's line filters of the given kinds, and add one."""
    app._filters = [f for f in app._filters if not isinstance(f, keep)]
    if add is not None:
        app._filters.append(add)


def capture_output(app: App, stdout, stderr) -> None:
    """Where ``print`` inside this App goes while it runs."""
    app._capture_stdout = stdout
    app._capture_stderr = stderr


def is_closing(app: App) -> bool:
    return bool(app._exit or app._closing)


class QuietFailures:
    """An App mixin: errors go to ``session_error`` first; nothing is printed on the server.

    ``session_error(error)`` returns True when it has dealt with the error
    (Textual then does nothing); otherwise Textual closes the App.
    """

    def session_error(self, error: Exception) -> bool:  # pragma: no cover - overridden
        return False

    def _handle_exception(self, error: Exception) -> None:
        if not self.session_error(error):
            super()._handle_exception(error)  # type: ignore[misc]

    def _fatal_error(self) -> None:
        # No rich traceback with locals: it is logged already and must not reach anyone.
        self._close_messages_no_wait()  # type: ignore[attr-defined]

    def _print_error_renderables(self) -> None:
        self._exit_renderables.clear()  # type: ignore[attr-defined]


def check_internals() -> list[str]:
    """The private parts above that are missing from this Textual (empty: all there)."""
    missing = []
    if not hasattr(XTermParser._parse_extended_key, "__wrapped__"):
        missing.append("XTermParser._parse_extended_key is no longer an lru_cache")
    if not hasattr(XTermParser(False), "_timeout_time"):
        missing.append("XTermParser._timeout_time")
    for name in ("_screen_stacks", "_filters", "_capture_stdout", "_capture_stderr", "_exit_renderables"):
        if not hasattr(App(), name):
            missing.append(f"App.{name}")
    for name in ("_handle_exception", "_fatal_error", "_print_error_renderables", "_close_messages_no_wait"):
        if not callable(getattr(App, name, None)):
            missing.append(f"App.{name}()")
    return missing
