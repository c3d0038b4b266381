"""Replays: a recorded game shown move by move on the game's own screen, read-only.

``replay_screen(record)`` makes the game's screen class (``games.screen_class``)
into a replay: the same board, drawn from a ``ReplayPort`` instead of a seat
at a table, with the keys below on top. The log line of the step on show is
highlighted.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from textual.app import App
from textual.binding import Binding
from textual.timer import Timer

from threadbox.controller import Record, RecordError, Replay, ReplayPort
from threadbox.controller.replay import Eyes
from threadbox.rules.core import GameState

from .game_screen import GameScreen
from .gameover import join_names
from .games import screen_class
from .handoff import HandOffScreen
from .help import HelpScreen, key_table
from .widgets import ActionList, LogPanel, StatusBar

REPLAY_LEAVE_NOTE = "Nothing is played in a replay: the game stays as it was."
PACES = (2.0, 1.0, 0.5, 0.25, 0.1)  # seconds a step when playing by itself
DEFAULT_PACE = 1

REPLAY_HELP = """\
## Replay keys

- Right / Down: one step forward; Left / Up: one step back.
- Page Down / Page Up: to the next round, or back to the start of this one.
- Home / End: to the setup, to the last move.
- Space plays the game by itself, and stops it; `+` and `-` change the pace.
- `w` changes whose eyes you see through: every secret (finished games only),
  one seat's (what that player knew at that moment), or a spectator's.
- The highlighted log lines (marked ▶) are what the step on show did.
- Nothing can be played here; Escape leaves the replay.
"""


class ReplayControls(GameScreen):
    """The replay keys, put in front of a game's screen class (see ``replay_class``).

    | Key | Does |
    | :- | :- |
    | right / down, left / up | one step forward, back |
    | pagedown / pageup | next round / start of this round (or the one before) |
    | home / end | to the setup / to the last move |
    | space | play by itself, or stop |
    | + / - | faster / slower |
    | w | whose eyes: every secret, one seat, a spectator |
    | escape / q | leave the replay |
    """

    BINDINGS = [
        Binding("right", "step(1)", "Step", priority=True),
        Binding("down", "step(1)", "Step", show=False, priority=True),
        Binding("left", "step(-1)", "Back", priority=True),
        Binding("up", "step(-1)", "Back", show=False, priority=True),
        Binding("pagedown", "round(1)", "Round", priority=True),
        Binding("pageup", "round(-1)", "Round back", show=False, priority=True),
        Binding("home", "jump(False)", "Start", show=False, priority=True),
        Binding("end", "jump(True)", "End", show=False, priority=True),
        Binding("space", "autoplay", "Play", priority=True),
        Binding("plus,equals_sign", "pace(1)", "Faster", show=False),
        Binding("minus", "pace(-1)", "Slower", show=False),
        Binding("w", "eyes", "Eyes"),
    ]
    REPLAY_ACTIONS = frozenset({"step", "round", "jump", "autoplay", "pace", "eyes"})

    port: ReplayPort

    def __init__(self, port: ReplayPort, **kw):
        super().__init__(port, read_only=True, **kw)
        self.pace = DEFAULT_PACE
        self._timer: Timer | None = None

    @property
    def replay(self) -> Replay:
        return self.port.replay

    @property
    def playing(self) -> bool:
        return self._timer is not None

    def on_mount(self) -> None:
        # The log's width must not depend on whether it scrolled before, or the
        # same step could wrap its lines differently after stepping around.
        self.query_one(LogPanel).styles.scrollbar_gutter = "stable"
        self.query_one(ActionList).display = False  # nothing to choose: the log takes the side

    def on_unmount(self) -> None:
        self._stop()

    def private(self) -> bool:
        """Whether showing a seat's eyes here needs that player alone at the screen."""
        return (
            not self.replay.finished
            and self.port.info.hidden_information
            and len(self.replay.record.human_seats()) > 1
            and self.port.eyes.kind == "seat"
        )

    # ---- drawing
    def refresh_from_port(self) -> None:
        super().refresh_from_port()
        status = self.query_one(StatusBar)
        status.title = f"{self.port.info.title} · replay"
        status.seat = f"Seeing {self.port.eyes.label(self.replay.names)}"

    def decision_note(self, view: GameState) -> tuple[str, bool]:
        port = self.port
        note = f"Step {port.step}/{self.replay.last}"
        mover = self.replay.movers[port.step]
        if mover is not None:
            note += f" ({self.replay.names[mover]})"
        if port.is_over():
            note += " · game over"
        elif port.step == self.replay.last and not self.replay.finished:
            note += " · the game goes on from here"
        elif port.pending():
            note += f" · next: {join_names([self.replay.names[s] for s in port.pending()])}"
        if self.playing:
            note += f" · playing, {PACES[self.pace]:g} s a step"
        return note, False

    def log_lines(self) -> tuple[list[str], int | None]:
        return self.port.log(), self.replay.step_lines(self.port.step)

    def footer_state(self, view: GameState) -> tuple:
        return (self.port.step == 0, self.port.step == self.replay.last, self.playing)

    def action_help(self) -> None:
        text = REPLAY_HELP + "\n\n" + self.HELP  # the game's own help; not how to play a move
        self.app.push_screen(HelpScreen(self.port.info.title, text, key_table(self)))

    # ---- keys
    def allows(self, action: str) -> bool:
        return action in self.REPLAY_ACTIONS or super().allows(action)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not self.allows(action):
            return False
        if action == "eyes":
            return len(self.replay.allowed_eyes()) > 1
        if action in ("step", "round", "jump"):
            forward = parameters[0] if parameters else True
            at_end = self.port.step == self.replay.last if forward in (1, True) else self.port.step == 0
            return None if at_end else True
        return super().check_action(action, parameters)

    def action_step(self, by: int) -> None:
        self._stop()
        self.port.go(self.port.step + by)

    def action_round(self, by: int) -> None:
        self._stop()
        step = self.port.step
        self.port.go(self.replay.next_round(step) if by > 0 else self.replay.previous_round(step))

    def action_jump(self, to_end: bool) -> None:
        self._stop()
        self.port.go(self.replay.last if to_end else 0)

    def action_autoplay(self) -> None:
        if self.playing:
            self._stop()
        else:
            if self.port.step == self.replay.last:
                self.port.go(0)
            self._timer = self.set_interval(PACES[self.pace], self._tick)
        self.refresh_from_port()

    def action_pace(self, by: int) -> None:
        self.pace = max(0, min(len(PACES) - 1, self.pace + by))
        self.notify(f"{PACES[self.pace]:g} seconds a step", timeout=2)
        if self.playing:
            self._stop()
            self._timer = self.set_interval(PACES[self.pace], self._tick)
        self.refresh_from_port()

    def _tick(self) -> None:
        if self.port.step >= self.replay.last:
            self._stop()
            self.refresh_from_port()
            return
        self.port.go(self.port.step + 1)

    def _stop(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def action_eyes(self) -> None:
        allowed = self.replay.allowed_eyes()
        following = allowed[(allowed.index(self.port.eyes) + 1) % len(allowed)]
        self.look(following)

    def look(self, eyes: Eyes) -> None:
        """See the replay through ``eyes``; another player's secrets wait behind a hand-off."""
        if not self.private() or eyes.kind != "seat":
            self.port.look(eyes)
            return
        self._stop()
        # Leaving here leaves the replay: the last player's eyes are not shown again to whoever is here now.
        self.app.push_screen(replay_handoff(self.replay.name_of(eyes), lambda: self.port.look(eyes), self.dismiss))


_CLASSES: dict[type[GameScreen], type[ReplayControls]] = {}


def replay_class(screen: type[GameScreen]) -> type[ReplayControls]:
    """``screen`` (a game's screen class) with the replay keys in front; made once per class."""
    if screen not in _CLASSES:
        name = f"Replay{screen.__name__}"
        # Textual inherits DEFAULT_CSS (and type selectors) along the first base only, here
        # ReplayControls: the game screen's own layout is carried over under the new name.
        css = re.sub(rf"\b{screen.__name__}\b", name, screen.__dict__.get("DEFAULT_CSS", ""))
        _CLASSES[screen] = type(name, (ReplayControls, screen), {"__module__": __name__, "DEFAULT_CSS": css})
    return _CLASSES[screen]


def open_replay(app: App, record: Record) -> bool:
    """Show a replay of ``record`` over ``app``'s screen; a damaged record is said so, and left as it is.

    A seat's secrets in an unfinished hot-seat game wait behind the privacy
    hand-off, put up before the replay is drawn at all.
    """
    try:
        screen = replay_screen(record)
    except RecordError as exc:
        app.notify(str(exc), title="Cannot replay this game", severity="error", timeout=10)
        return False
    if screen.private():
        app.push_screen(replay_handoff(screen.replay.name_of(screen.port.eyes), lambda: app.push_screen(screen)))
    else:
        app.push_screen(screen)
    return True


def replay_handoff(name: str, ready: Callable[[], object], leave: Callable[[], object] = lambda: None) -> HandOffScreen:
    """The hand-off before a seat's secrets in a replay; leaving it goes back to where the replay was opened."""
    return HandOffScreen(name, ready=ready, leave=leave, leave_note=REPLAY_LEAVE_NOTE, question="Leave this replay?")


def replay_screen(record: Record, eyes: Eyes | None = None, step: int | None = None) -> ReplayControls:
    """A replay of ``record`` on its game's own screen; ``RecordError`` if the record is damaged.

    It opens at the last move (``step`` to choose another), seen through
    ``eyes`` or the first way this replay allows.
    """
    replay = Replay(record)
    port = ReplayPort(replay, eyes, step)
    return replay_class(screen_class(record.game))(port)
