"""The Textual App each SSH session runs: lobby, then a room, then the game.

The game itself is shown by the same screens as local play
(``threadbox.tui.games.screen_for``), each given a ``RelayPort`` onto the
room's one table: its seat's view only, or a spectator's.

Remote-safe: this App writes nothing on the server and opens nothing there.
No screenshots, no file delivery, no ``open_url``, no suspend; the command
palette holds this app's own commands; a crash is logged on the server and
shown to the player, and the room carries on.
"""

from __future__ import annotations

import logging
import secrets
import traceback
from collections.abc import Iterable
from typing import Any, Protocol

from rich.console import Console
from textual.app import App, SystemCommand
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.command import CommandInput, CommandPalette
from textual.css.query import QueryError
from textual.dom import DOMNode
from textual.filter import Monochrome, NoColor
from textual.screen import Screen
from textual.worker import WorkerFailed

from threadbox.tui.game_screen import GameScreen
from threadbox.tui.games import screen_for
from threadbox.tui.tuning import QuietFailures, capture_output, is_closing, running_pump, screens_of, set_filters

from .driver import MAX_SIZE, MIN_HEIGHT, MIN_WIDTH, SessionIO, SSHDriver
from .hub import Hub, RoomAware
from .lobby import LobbyScreen, TooSmallScreen
from .loopguard import WorkMeter
from .names import Identity
from .rooms import Member, RelayPort, Room, RoomError, RoomEvent
from .roomview import RoomPanel, RoomScreen


class SessionInfo(SessionIO, Member, Protocol):
    """What the App needs from its SSH session (``session.Session`` is one)."""

    identity: Identity
    term_type: str | None
    env: dict[str, str]
    label: str
    command: str | None

    def room_event(self, room: Room, event: RoomEvent) -> None:
        """Queue a room's event for this App (the session is the room's member)."""


log = logging.getLogger("threadbox.net.app")

PALETTE_LIMIT = 40  # characters in the command palette's search (its commands have short names)
COMMAND_LIMIT = 40  # characters of "ssh -t HOST join CODE" worth reading

try:  # the local app's theme, so SSH play looks the same
    from threadbox.tui.app import THEME as _THEME
except Exception:  # pragma: no cover - the TUI is optional for the server
    _THEME = "gruvbox"


class _NullFile:
    """Output nowhere: the session's driver writes the frames, not the Console."""

    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return True

    def fileno(self) -> int:
        return -1


class LogCapture(_NullFile):
    """Where ``print`` inside a session goes: the server's log, never a terminal.

    Every App points ``sys.stdout`` here while it runs; being one shared
    object (not one per App), whatever order sessions end in, ``sys.stdout``
    never ends up holding a finished App.
    """

    def __init__(self, stream: str):
        self.stream = stream

    def write(self, text: str) -> int:
        if text.strip():
            log.info("%s from a session: %s", self.stream, text.rstrip()[:500])
        return len(text)


STDOUT_CAPTURE = LogCapture("stdout")
STDERR_CAPTURE = LogCapture("stderr")


def client_console(term_type: str | None, env: dict[str, str]) -> Console:
    """A console for the App that renders in the client's colours, not the server's."""
    environ = {"TERM": term_type or "xterm"}
    if env.get("COLORTERM"):
        environ["COLORTERM"] = env["COLORTERM"]
    return Console(
        color_system="auto",
        file=_NullFile(),  # type: ignore[arg-type]  # a text sink with the methods Console uses
        markup=True,
        highlight=False,
        emoji=False,
        legacy_windows=False,
        _environ=environ,
        force_terminal=True,
        safe_box=False,
        soft_wrap=False,
    )


class RemotePalette(CommandPalette):
    """The command palette with a bounded search: a long one costs every session time."""

    def _on_mount(self, event) -> None:
        super()._on_mount(event)
        self.query_one(CommandInput).max_length = PALETTE_LIMIT


class ThreadboxSSHApp(QuietFailures, App[None]):
    """One SSH session: the lobby, a room, its game.

    | Key | Does |
    | :- | :- |
    | f2 | the room's seats (who is here, hand an away seat to a bot, leave) |
    | ctrl+p | commands |
    | ctrl+q | disconnect |
    """

    TITLE = "threadbox"
    BINDINGS = [
        Binding("ctrl+q", "quit", "Disconnect", priority=True, show=False),
        Binding("f2", "room_panel", "Room", show=False),
        Binding("ctrl+c", "help_quit", show=False, system=True),
    ]

    def __init__(self, hub: Hub, session: SessionInfo):
        super().__init__(driver_class=SSHDriver)
        self.hub = hub
        self.ssh_session = session
        self.identity: Identity = session.identity
        # Colours from the client's terminal type, not the server's environment.
        self.console = client_console(session.term_type, session.env)
        # NO_COLOR too is the client's choice, not the server's.
        self.no_color = "NO_COLOR" in session.env
        mono = (NoColor() if self.native_ansi_color else Monochrome()) if self.no_color else None
        set_filters(self, (NoColor, Monochrome), mono)
        self.error_console = Console(file=_NullFile())  # type: ignore[arg-type]  # as in client_console
        capture_output(self, STDOUT_CAPTURE, STDERR_CAPTURE)
        self.theme = _THEME
        self.farewell: str | None = None  # said on the terminal after the app ends
        self.exit_reason = "the app ended"  # for the log
        self.crash_ref: str | None = None
        self.room: Room | None = None
        self.seat: int | None = None
        self.ports: list[RelayPort] = []
        self._lobby_due = False
        self._warned_size = False
        self._navigating = False
        self.work_meter = WorkMeter(5.0)  # loop time this session used (see loopguard.LoopGuard)

    # ---- screens -------------------------------------------------------------
    def get_default_screen(self) -> Screen:
        # An empty screen at the bottom; lobby, room or game goes over it.
        return Screen(id="base")

    def on_mount(self) -> None:
        self.hub.registry.watchers.add(self._rooms_changed)
        self.show_lobby()
        if self.ssh_session.term_size[0] > MAX_SIZE[0] or self.ssh_session.term_size[1] > MAX_SIZE[1]:
            self._say_too_big()
        # "ssh -t HOST join CODE" (or "watch CODE", or just "CODE"): straight to that room.
        words = (getattr(self.ssh_session, "command", None) or "")[:COMMAND_LIMIT].split()
        if words:
            watch = words[0].lower() == "watch"
            code = words[-1] if len(words) > 1 or words[0].lower() not in ("join", "watch") else ""
            room = self.hub.registry.get(code) if code else None
            if room is not None:
                self.join_room(room, watch=watch)
                return
            self.notify(f"No room {code or '?'} here: pick one from the list.", severity="warning")
        # Coming back after a dropped connection: straight back to your seat.
        mine = [r for r in self.hub.registry.rooms_with_seat(self.identity) if r.status != "over"]
        if len(mine) == 1:
            self.enter_room(mine[0])
        elif mine:
            codes = ", ".join(r.code for r in mine)
            self.notify(f"You have seats in rooms {codes}: pick one to resume.", timeout=8)

    def on_unmount(self) -> None:
        self.hub.registry.watchers.discard(self._rooms_changed)

    def _rooms_changed(self) -> None:
        # Called from whichever session changed the rooms: only queue work here.
        if not self._lobby_due:
            self._lobby_due = True
            self.call_later(self._later_refresh_rooms)

    def _later_refresh_rooms(self) -> None:
        # Now in our own context: gather a burst of changes into one redraw.
        self.set_timer(0.25, self._refresh_rooms)

    def _refresh_rooms(self) -> None:
        self._lobby_due = False
        for screen in self.screen_stack:
            if isinstance(screen, RoomAware):
                screen.rooms_changed()

    # ---- rooms ---------------------------------------------------------------
    # One base screen at a time (lobby, room, or game): screens below the top
    # would keep their widgets and render caches alive for nothing.
    def set_base(self, screen: Screen) -> None:
        """Make ``screen`` the only screen (dialogs on top are closed)."""
        self._navigating = True
        try:
            while len(self.screen_stack) > 2:
                self.pop_screen()
            if len(self.screen_stack) == 2:
                self.switch_screen(screen)
            else:
                self.push_screen(screen)
        finally:
            self._navigating = False
        self.hub.note_garbage()
        if self._too_small(self.size):
            self.push_screen(TooSmallScreen())

    def pop_screen(self) -> AwaitComplete:
        """Pop the top screen, unless asked by a screen that is no longer on top.

        ``Screen.dismiss`` pops whatever is on top. Over SSH, a dialog can be
        closed under the player's fingers (the room closed, the game began)
        while its last key is still queued; that key must not pop the screen
        that replaced it.
        """
        if not self._navigating:
            origin = _origin_screen(self)
            if origin is not None and origin is not self.screen:
                log.info(
                    "session %s: ignored a pop from %r, which is not on top",
                    getattr(self.ssh_session, "label", "?"),
                    origin,
                )
                return AwaitComplete.nothing()
        return super().pop_screen()

    def show_lobby(self) -> None:
        self.set_base(LobbyScreen())

    def join_room(self, room: Room, watch: bool = False) -> None:
        """Take or resume a seat in ``room`` (or watch it) and show it."""
        seat = None
        if not watch:
            try:
                seat = room.claim(self.identity)
            except RoomError as exc:
                self.notify(str(exc), severity="warning", timeout=6)
                if room.table is None:
                    return
                watch = True
        self.enter_room(room, seat=seat, watch=watch)

    def enter_room(self, room: Room, seat: int | None = None, watch: bool = False) -> None:
        """Show ``room``: its game if it has begun, else its seats."""
        if seat is None and not watch:
            seat = room.seat_of(self.identity)
        joins = self.hub.registry.joins
        wait = joins.wait(self.identity.key)
        if wait:
            self.notify(
                f"You came into rooms {joins.limit} times in the last minute: "
                f"please wait {max(1, round(wait))} seconds before the next.",
                severity="warning",
                timeout=6,
            )
            return
        self.detach_room("left")
        self.room, self.seat = room, seat
        room.attach(self.ssh_session, seat)
        if room.table is not None:
            self.open_game()
        else:
            self.show_room()

    def show_room(self) -> None:
        if self.room is None:
            self.show_lobby()
            return
        self.close_ports()
        self.set_base(RoomScreen(self.room))

    def leave_room(self) -> None:
        """Back to the lobby; the seat stays yours."""
        self.detach_room("left")
        self.show_lobby()

    def detach_room(self, reason: str = "left") -> None:
        """Leave the room without touching the screens (also after the app ended)."""
        room = self.room
        self.room, self.seat = None, None
        self.close_ports()
        if room is not None:
            room.detach(self.ssh_session, reason)  # type: ignore[arg-type]

    def close_ports(self) -> None:
        for port in self.ports:
            port.close()
        self.ports.clear()

    def open_game(self) -> None:
        """Show the game of the current room."""
        room = self.room
        if room is None or room.table is None:
            return
        self.close_ports()
        port = room.port(self.seat, self.call_later)
        self.ports.append(port)
        self.set_base(make_game_screen(port, room))

    def on_room_event(self, room: Room, event: RoomEvent) -> None:
        if room is not self.room:
            return
        if event.text:
            self.notify(event.text, severity=event.severity, timeout=5)
        if event.kind == "closed":
            self.leave_room()
            return
        if event.kind == "started" and any(isinstance(s, RoomScreen) for s in self.screen_stack):
            self.open_game()
        for screen in self.screen_stack:
            if isinstance(screen, RoomAware):
                screen.rooms_changed()

    def on_game_screen_leave(self, _message) -> None:
        """The player left the game screen: back to the room (the seat stays theirs)."""
        self.show_room()

    def action_room_panel(self) -> None:
        if self.room is None or isinstance(self.screen, (RoomScreen, RoomPanel)):
            return
        self.push_screen(RoomPanel(self.room))

    # ---- window size -----------------------------------------------------------
    @staticmethod
    def _too_small(size) -> bool:
        return size.width < MIN_WIDTH or size.height < MIN_HEIGHT

    def on_resize(self, event) -> None:
        small = self._too_small(event.size)
        on_top = isinstance(self.screen, TooSmallScreen)
        if small and not on_top:
            self.push_screen(TooSmallScreen())
        elif not small and on_top:
            self.pop_screen()
        if self.ssh_session.term_size[0] > MAX_SIZE[0] or self.ssh_session.term_size[1] > MAX_SIZE[1]:
            self._say_too_big()

    def _say_too_big(self) -> None:
        if not self._warned_size:
            self._warned_size = True
            w, h = self.ssh_session.term_size
            self.notify(
                f"Your window is {w}x{h}; threadbox draws at most {MAX_SIZE[0]}x{MAX_SIZE[1]} in its top-left corner.",
                severity="warning",
                timeout=8,
            )

    # ---- commands: our own set, nothing that touches the server ---------------------
    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield SystemCommand("Theme", "Change the colours", self.action_change_theme)
        if screen.query("HelpPanel"):
            yield SystemCommand("Keys", "Hide the keys panel", self.action_hide_help_panel)
        else:
            yield SystemCommand("Keys", "Show the keys of this screen", self.action_show_help_panel)
        if self.room is not None:
            yield SystemCommand(
                "Room",
                f"Room {self.room.code}: seats, who is here, hand a seat to a bot",
                lambda: self.push_screen(RoomPanel(self.room)) if self.room else None,
            )
            yield SystemCommand("Leave room", "Back to the lobby; your seat stays yours", self.leave_room)
        yield SystemCommand("Disconnect", "End this SSH session; your seat stays yours", self.exit)

    def action_command_palette(self) -> None:
        if self.use_command_palette and not CommandPalette.is_open(self):  # type: ignore[arg-type]  # App is invariant
            self.push_screen(RemotePalette(id="--command-palette"))

    def notify(self, message: str, *, markup: bool = False, **kwargs: Any) -> None:
        """Notices carry players' names and codes: plain text always, never markup."""
        super().notify(message, markup=False, **kwargs)

    def deliver_screenshot(self, *args: Any, **kwargs: Any) -> str | None:
        self.notify("Screenshots are not available over SSH.", severity="warning")
        return None

    def save_screenshot(self, *args: Any, **kwargs: Any) -> str:
        self.notify("Screenshots are not available over SSH.", severity="warning")
        return ""

    def action_screenshot(self, *args: Any, **kwargs: Any) -> None:
        self.notify("Screenshots are not available over SSH.", severity="warning")

    def deliver_text(self, *args: Any, **kwargs: Any) -> str | None:
        self.notify("Files cannot be delivered over SSH.", severity="warning")
        return None

    def deliver_binary(self, *args: Any, **kwargs: Any) -> str | None:
        self.notify("Files cannot be delivered over SSH.", severity="warning")
        return None

    def open_url(self, url: str, *, new_tab: bool = True) -> None:
        self.notify(f"Open this link yourself: {url}", timeout=10)

    async def action_quit(self) -> None:
        self.exit_reason = "the player quit"
        await super().action_quit()

    def action_suspend_process(self) -> None:
        pass  # would stop the whole server

    # ---- crashes: log them, tell the player, keep the room ---------------------------
    def session_error(self, error: Exception) -> bool:
        """Log it; tell the player; keep the room. True: dealt with (the session goes on)."""
        if _palette_race(error):
            # Textual's command palette can lose a race with fast typing (its search
            # worker finds the list gone). Not worth a session: close the palette.
            log.warning(
                "session %s: command palette failed (%s); closed it",
                getattr(self.ssh_session, "label", "?"),
                getattr(error, "error", error),
            )
            self.call_later(self._close_palette)
            return True
        if _from_a_closed_screen(self, error):
            # A screen already switched away from still ran a queued callback and
            # found its widgets gone: it is off screen for good, nothing to save.
            log.info(
                "session %s: error in a screen already closed, ignored: %r",
                getattr(self.ssh_session, "label", "?"),
                error,
            )
            return True
        if is_closing(self):
            # Screens still mounting while the session closes find their widgets gone: noise.
            log.info("session %s: error while closing, ignored: %r", getattr(self.ssh_session, "label", "?"), error)
            return False
        if self.crash_ref is None:
            self.crash_ref = secrets.token_hex(3)
            self.exit_reason = f"crash {self.crash_ref}"
            log.error(
                "session %s (%s) crashed [ref %s]:\n%s",
                getattr(self.ssh_session, "label", "?"),
                self.identity.key,
                self.crash_ref,
                "".join(traceback.format_exception(type(error), error, error.__traceback__)),
            )
            # The frames' locals may be huge (a runaway loop's list): the log has what we need.
            traceback.clear_frames(error.__traceback__)
            self.farewell = (
                f"Sorry: threadbox hit an internal error and closed this session (ref {self.crash_ref}).\r\n"
                "The game goes on and your seat is kept: connect again to resume.\r\n"
            )
        return False

    def _close_palette(self) -> None:
        if isinstance(self.screen, CommandPalette):
            self.pop_screen()


_STALE = object()


def _origin_screen(app: App) -> object | None:
    """The screen whose handler is running now (None: the app itself; _STALE: a detached widget)."""
    pump = running_pump()
    if pump is None or pump is app:
        return None
    if isinstance(pump, Screen):
        return pump
    try:
        return pump.screen
    except Exception:
        return _STALE


def _from_a_closed_screen(app: App, error: BaseException) -> bool:
    """A query error raised by a screen (or its widget) that is no longer on the screen stack."""
    if not isinstance(error, QueryError):
        return False
    node = None
    tb = error.__traceback__
    while tb is not None:  # the innermost method of a screen or widget
        candidate = tb.tb_frame.f_locals.get("self")
        if isinstance(candidate, DOMNode) and candidate is not app:
            node = candidate
        tb = tb.tb_next
    if node is None:
        return False
    stacks = screens_of(app)
    screen = node if isinstance(node, Screen) else None
    if screen is None:
        try:
            screen = node.screen
        except Exception:
            return True  # detached from any screen
    return screen not in stacks


def _palette_race(error: BaseException) -> bool:
    """A failed worker of Textual's command palette (not our code, not the game's)."""
    if not isinstance(error, WorkerFailed):
        return False
    inner = getattr(error, "error", None)
    frames = traceback.extract_tb(inner.__traceback__) if inner is not None else []
    return bool(frames) and any(f.filename.endswith(("textual/command.py", "textual\\command.py")) for f in frames)


def make_game_screen(port: RelayPort, room: Room) -> Screen:
    """The game's own screen from the TUI (the generic one if it has none)."""
    try:
        screen = screen_for(port)
    except Exception:
        log.exception("room %s: no screen for %s; using the generic one", room.code, port.game_id)
        screen = GameScreen(port)
    if hasattr(screen, "leave_note"):
        screen.leave_note = f"You keep your seat: room {room.code} waits for you, and reconnecting puts you back in it."
    return screen
