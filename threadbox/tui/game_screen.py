"""The base game screen: one seat's view of a table and that seat's decisions.

Game screens subclass ``GameScreen`` and draw their own board in
``compose_board`` / ``update_board``; the rest (status line, options, log,
undo, help, leaving, game over) works the same for every game. A screen only
holds a ``SeatPort``, so it can show nothing its seat may not see.

``self.view`` (the seat's view) and ``self.legal`` (its legal actions now) are
read from the port once per change, before ``update_board``; games read them
instead of asking the port again.
A screen made with ``read_only=True`` (a replay) draws the same but plays
nothing: only the keys in ``VIEW_ACTIONS`` work, and leaving just closes it.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, ScrollableContainer, Vertical
from textual.dom import DOMNode
from textual.message import Message
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widget import Widget

from threadbox.controller import SeatPort
from threadbox.rules.core import Action, GameState, RulesError

from .gameover import GameOverChoice, GameOverScreen, join_names
from .help import HelpScreen, key_table, keys_markdown, own_keys
from .widgets import ActionList, BoardPanel, KeyBar, LogPanel, StatusBar, ViewDump
from .widgets.confirm import ConfirmScreen
from .widgets.key_bar import declared_bindings
from .widgets.option_filter import number_waits
from .widgets.palette import PaletteHost

SCREEN_HELP = """\
## Using the game screen

- The line at the top names the game, the seat on screen and who must decide now.
- **Your options** lists everything the rules let you do right now, grouped
  under headings by what they act on. Move with the arrow keys and press Enter,
  type the option's number, or click it. A number that could go on (`1` when
  there are 16 options) waits for the next digit: `1` `6` takes option 16,
  `1` then Enter (or a short pause) takes option 1.
- Where the game has its own names for things (a needle holder's number, a
  shop's letter), the option shows that key instead of a number, and the key
  means the same thing every turn; pressed when that thing is not on offer, it
  says why. The other options' numbers never start with such a key.
- Press `/` and type to narrow the list: each word you type must be in the
  option or its heading (`/` `g` keeps the options with a (G)). Backspace takes
  a letter back, Escape shows every option again; Enter takes the highlighted one.
- When another player's move changes your options, the options still on offer
  keep their numbers and the highlight stays on the option it was on. A number
  or Enter pressed just then that would take an option you had not seen is not
  taken: the list shows what it is now, and a second press takes it. (A key the
  game names things by always means that thing.)
- The **log** tells what happened, as far as your seat may know. Press `l` to
  hide or show it.
- Press `u` to take back your last action. Undo stops at anything that drew at
  random or showed something hidden, and at another player's move.
- Press Escape to leave the game; it asks first.
"""

GENERIC_HELP = """\
This game has no board drawing of its own yet, so the board panel shows your
seat's view of the game as text: everything you may know, nothing you may not.
"""


class LeaveScreen(ConfirmScreen):
    """Asks before leaving a game: True (y) to leave, False (n, escape) to stay."""

    def __init__(self, note: str = ""):
        super().__init__("Leave this game?", note, yes="Leave", no="Stay")


class GameScreen(Screen[None]):
    """One seat's screen: status, board, options, log.

    | Key | Does |
    | :- | :- |
    | up / down, enter | pick from the options list |
    | 0-9 | choose the option with that number (two digits: 16) |
    | / | type to narrow the options list |
    | u | undo your last action (when the rules allow it) |
    | ? / f1 | help |
    | l | show or hide the log |
    | g | the final scores (once the game is over) |
    | escape / q | leave the game (asks first) |

    Posts ``GameScreen.Leave`` (it bubbles to the app) when the player leaves.
    """

    HELP: ClassVar[str] = GENERIC_HELP
    # What still works on a read-only screen; games add keys that only change what is shown.
    VIEW_ACTIONS: ClassVar[frozenset[str]] = frozenset({"help", "toggle_log", "scores", "leave"})
    # The game's colours, composed once (hidden) for the widgets that draw the board.
    PALETTE: ClassVar[type[PaletteHost] | None] = None
    AUTO_FOCUS = "ActionList"

    DEFAULT_CSS = """
    GameScreen {
        & > #play { height: 1fr; }
        & #board {
            width: 1fr; height: 1fr;
            border: round $border-blurred; border-title-align: left;
            &.-focus-inside { border: round $border; }  /* see set_focus */
        }
        & #side { width: 38%; min-width: 30; max-width: 64; height: 1fr; }
        & #actions { height: 2fr; }
        & #log { height: 1fr; min-height: 5; }
    }
    """

    BINDINGS = [
        Binding("u", "undo", "Undo"),
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("f1", "help", "Help", show=False),
        Binding("l", "toggle_log", "Log"),
        Binding("g", "scores", "Scores"),
        Binding("escape", "leave", "Leave"),
        Binding("q", "leave", "Leave", show=False),
        Binding("slash", "find", "Find", key_display="/", show=False),
        *(Binding(str(n), f"pick({n})", "Choose by number", show=False) for n in range(10)),
    ]

    # Textual repaints the whole screen when the focus moves; the two widgets whose
    # focus changed repaint themselves (and the board, see set_focus), which is all
    # that looks different: a full repaint costs a frame of 10-15 ms at 200x60.
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)

    class TableChanged(Message, bubble=False):
        """The table changed; posted by the port listener, handled on this screen."""

    class Leave(Message):
        """The player left the game; the app decides where to (menu, lobby)."""

    def __init__(self, port: SeatPort, *, read_only: bool = False, **kw):
        super().__init__(**kw)
        self.port = port
        self.view: GameState = port.view()  # this seat's view, as last shown
        self.legal: list[Action] = port.legal()  # its legal actions, as last shown
        self.read_only = read_only
        self.leave_note = ""  # said when asking to leave, e.g. "The game is saved."
        self._over_shown = False
        self._change_posted = False
        self._footer_state: tuple | None = None
        self._own_change = False  # the next refresh shows this seat's own choice

    # ---- layout ---------------------------------------------------------
    def compose(self) -> ComposeResult:
        if self.PALETTE is not None:
            yield self.PALETTE()
        yield StatusBar(id="status")
        with Horizontal(id="play"):
            with BoardPanel(id="board") as board:
                board.border_title = "Board"
                yield from self.compose_board()
            with Vertical(id="side"):
                yield ActionList(id="actions")
                yield from self.compose_side()
                yield LogPanel(id="log")
        yield KeyBar()

    def compose_board(self) -> ComposeResult:
        """The board widgets; subclasses draw the game here."""
        with ScrollableContainer(id="view-scroll"):
            yield ViewDump(id="view")

    def compose_side(self) -> ComposeResult:
        """Widgets between the options and the log (none by default)."""
        yield from ()

    def update_board(self, view: GameState, legal: list[Action]) -> None:
        """Show ``view`` (this seat's view) on the board; called on every change."""
        for dump in self.query(ViewDump):  # none if a subclass drew its own board
            dump.show(view)

    def set_focus(self, widget: Widget | None, scroll_visible: bool = True, from_app_focus: bool = False) -> None:
        super().set_focus(widget, scroll_visible, from_app_focus)
        # The board's border is bright while the focus is inside it. A ``:focus-within``
        # rule would restyle (and so draw again) every widget on the board at every focus
        # change, 20-30 ms at 200x60 with six sheets: the class restyles the board alone.
        boards = self.query("#board")
        if boards:
            board = boards.first()
            focused = self.focused
            inside = focused is not None and board in focused.ancestors
            if board.has_class("-focus-inside") != inside:
                board.set_class(inside, "-focus-inside", update=False)
                self.app.stylesheet.update_nodes([board], animate=True)

    # ---- keeping up with the table -------------------------------------
    def on_mount(self) -> None:
        self.port.subscribe(self._table_changed)
        self.refresh_from_port()

    def on_unmount(self) -> None:
        self.port.unsubscribe(self._table_changed)

    def _table_changed(self) -> None:
        # May run inside another app's task (a table shared over SSH): only post.
        # One message at a time is enough: the handler reads the latest state.
        if not self._change_posted:
            self._change_posted = True
            self.post_message(self.TableChanged())

    def on_game_screen_table_changed(self, _: TableChanged) -> None:
        self._change_posted = False
        self.refresh_from_port()

    def refresh_from_port(self) -> None:
        port = self.port
        self.view, self.legal = view, legal = port.view(), port.legal()
        status = self.query_one(StatusBar)
        status.title = port.info.title
        status.seat = "Watching" if port.seat is None else f"Seat: {view.name_of(port.seat)}"
        status.note, status.urgent = self.decision_note(view)
        choices = [(action, port.describe(action)) for action in legal]
        groups = [self.option_group(action) for action in legal]
        own, self._own_change = self._own_change, False
        keys = [self.option_key(view, action) for action in legal]
        reserved = self.named_keys(view)
        self.query_one(ActionList).show(
            choices, waiting=status.note, groups=groups, own=own, keys=keys, reserved=reserved
        )
        lines, mark = self.log_lines()
        self.query_one(LogPanel).show(lines, mark)
        self.update_board(view, legal)
        footer = self.footer_state(view)
        if footer != self._footer_state:  # the footer rebuilds every key: only when needed
            self._footer_state = footer
            self.refresh_bindings()
        if not port.is_over():
            self._over_shown = False  # an undo can reopen a finished game
        elif not self._over_shown and not self.read_only:
            self._over_shown = True
            self.action_scores()

    def option_group(self, action: Action) -> str:
        """The heading ``action`` is listed under: what it acts on, in the game's words ("" for none)."""
        return ""

    def final_details(self) -> list[str]:
        """Lines the game adds under the final score table (plain text); none by default."""
        return []

    def option_key(self, view: GameState, action: Action) -> str | None:
        """The key the game names ``action`` by (a holder's number, a shop's letter), drawn
        beside it instead of a number; None: it goes by its number."""
        return None

    def named_keys(self, view: GameState) -> Collection[str]:
        """Every key the game names things by in this phase, on offer or not: no option
        number starts with one, and ``press_named`` answers them."""
        return ()

    def press_named(self, key: str) -> bool:
        """Act on a named key (or say why it names nothing on offer); False: not a named key now."""
        return False

    def keys_for(self, action: Action) -> tuple[str, ...]:
        """The keys that choose ``action`` from this screen at rest (see ``at_rest``): its own
        key if it has one ("2 p": a card's place, then where it goes), else its number (and
        Enter when a longer number could still follow). Games whose board or cursor offers a
        shorter way say so here; every option must be within three keys (issue 23)."""
        options = self.query_one(ActionList)
        index = options.actions.index(action)
        key = options.keys[index]
        if key:
            return tuple(key.split())
        numbers = options.numbers
        number = next(n for n, a in numbers.items() if a == action)
        digits = tuple(str(number))
        return (*digits, "enter") if number_waits(str(number), max(numbers)) else digits

    def at_rest(self) -> None:
        """Drop whatever is half chosen (a picked card, a moved cursor, a typed filter), so the
        keys ``keys_for`` gives start from a known place. Games with steps of their own extend it."""
        options = self.query_one(ActionList)
        options.drop_number()
        options.narrow_to(None)
        if options.filter_text:
            options.filter_to("")

    def log_lines(self) -> tuple[list[str], int | None]:
        """The log lines to show, and where the ones to highlight begin (None: none)."""
        return self.port.log(), None

    def footer_state(self, view: GameState) -> tuple:
        """All that the footer's keys depend on; games whose keys depend on more extend it."""
        return (self.port.can_undo(), self.port.is_over(), self.port.my_turn())

    def decision_note(self, view: GameState) -> tuple[str, bool]:
        """Who must decide, in words, and whether it is this seat (urgent)."""
        port = self.port
        if port.is_over():
            return "Game over", False
        pending = port.pending()
        if port.my_turn() and port.seat is not None:
            others = [view.name_of(s) for s in pending if s != port.seat]
            note = f"{view.name_of(port.seat)} to play"
            if others:
                note += f" (also deciding: {join_names(others)})"
            return note, True
        if not pending:
            return "", False
        return f"Waiting for {join_names([view.name_of(s) for s in pending])}", False

    # ---- intents ----------------------------------------------------------
    def choose(self, action: Action) -> bool:
        """Send this seat's ``action`` to the table; a refusal is shown, nothing is lost."""
        if self.read_only:
            self.notify("Nothing can be played here: this screen only shows the game.", severity="warning")
            return False
        if self.is_attached and self.query_one(ActionList).changed_under(action):
            return False  # Enter on the board as another seat changed the options: it says what it is now
        try:
            self.port.act(action)
        except RulesError as exc:
            self.notify(str(exc), title="Not allowed", severity="error")
            return False
        # Keys already typed are handled before the table's change message:
        # refresh now, or a quick second Enter would repeat this choice.
        if self.is_attached:
            self._own_change = True
            self.refresh_from_port()
        return True

    def on_action_list_chosen(self, event: ActionList.Chosen) -> None:
        event.stop()
        self.choose(event.action)

    def allows(self, action: str) -> bool:
        """False for a key that would play, on a read-only screen."""
        return not self.read_only or action in self.VIEW_ACTIONS

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not self.allows(action):
            return False
        if action == "undo":
            if self.port.is_spectator:
                return False
            # Off the key bar when there is nothing to undo; pressed anyway, it says why.
            return self.port.can_undo()
        if action == "scores":
            return self.port.is_over()
        return True

    def on_action_list_refused(self, event: ActionList.Refused) -> None:
        event.stop()
        self.refuse(event.text)

    def action_pick(self, digit: int) -> None:
        if not self.legal:
            self.refuse(self.nothing_to_decide())
            return
        options = self.query_one(ActionList)
        if not options.typing_number and self.press_named(str(digit)):
            return
        options.press_digit(digit)

    def action_find(self) -> None:
        if not self.legal:
            self.refuse(self.nothing_to_decide())
        else:
            self.query_one(ActionList).start_typing()

    # ---- saying why a key does nothing ------------------------------------------
    def refuse(self, text: str, title: str = "Not now") -> bool:
        """Say briefly why a key or click did nothing; False, for ``return self.refuse(...)``."""
        self.notify(text, title=title, severity="warning", timeout=4)
        return False

    def nothing_to_decide(self) -> str:
        """Why this seat cannot choose now, in words."""
        port = self.port
        if port.is_spectator:
            return "You are watching this game: only the players at the table choose."
        if port.is_over():
            return "The game is over. Press g for the scores."
        note = self.decision_note(self.view)[0]
        return f"Nothing to decide right now. {note}." if note else "Nothing to decide right now."

    def why_off(self, action: str) -> str | None:
        """Why a key bound to ``action`` does nothing now (its binding is off); games add their own."""
        if action == "undo":
            if self.port.is_spectator:
                return "Spectators have nothing to undo."
            return self.undo_refusal()
        if action == "scores":
            return "The scores come when the game is over."
        return None

    def undo_refusal(self) -> str:
        return "Nothing to undo: undo takes back only your own last action, and never past a roll, draw or reveal."

    def on_key(self, event: events.Key) -> None:
        """Say why a key of this screen does nothing now, instead of nothing.

        Keys reach here before the bindings run (Textual checks them once the
        key has bubbled up to the app): a key is answered here only when every
        binding of it, on the focused widget, its containers and this screen,
        is off now. The screen's ``why_off`` gives the reason.

        A number being typed on the options list (``1`` of ``16``) is taken by
        Enter and dropped by any other key but a digit, wherever the focus is.
        """
        options = self.query_one(ActionList)
        if event.key == "enter" and options.take_number():
            event.stop()
            event.prevent_default()
            return
        if not event.key.isdigit():
            options.drop_number()
        chain: list[DOMNode] = []
        node: DOMNode | None = self.focused
        while node is not None and node is not self:
            chain.append(node)
            node = node.parent
        bound = [
            (node, b.action.partition("(")[0])
            for node in [*chain, self]
            for b in declared_bindings(node)
            if event.key in b.key.split(",")
        ]
        if not bound or any(node.check_action(name, ()) is True for node, name in bound):
            return
        reason = self.why_off(bound[0][1])
        if reason:
            event.stop()
            self.refuse(reason)

    def action_undo(self) -> None:
        try:
            self.port.undo()
        except RulesError as exc:
            self.notify(str(exc), title="Cannot undo", severity="warning")
            return
        if self.is_attached:  # the player's own change: no guard against keys on their way
            self._own_change = True
            self.refresh_from_port()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(self.port.info.title, self.help_text()))

    def help_text(self) -> str:
        """The help: the game's own keys first (its class's keys table), then the keys of
        every game screen, then how the game goes and how to use the screen."""
        title = self.port.info.title
        own = own_keys(type(self)) if type(self) is not GameScreen else ""
        if own:
            keys = f"## Keys for {title}\n\n{own}\n" + keys_markdown(
                key_table(self, GameScreen), "Keys on every game screen"
            )
        else:
            keys = keys_markdown(key_table(self))
        return keys + "\n" + self.HELP + "\n\n" + SCREEN_HELP

    def action_toggle_log(self) -> None:
        log = self.query_one(LogPanel)
        log.display = not log.display

    def action_scores(self) -> None:
        outcome = self.port.outcome()
        if outcome is not None:
            names = self.view.names  # short enough for one score column per seat
            screen = GameOverScreen(outcome, names, self.port.info.title, self.final_details())
            self.app.push_screen(screen, callback=self._after_game_over)

    def _after_game_over(self, choice: GameOverChoice | None) -> None:
        if choice == "menu" and self.read_only:
            self.dismiss(None)
        elif choice == "menu":
            self.post_message(self.Leave())
        elif choice == "quit":
            self.app.exit()

    def action_leave(self) -> None:
        if self.read_only:
            self.dismiss(None)  # nothing to lose, and not a seat leaving its game
            return
        if self.port.is_over():
            self.post_message(self.Leave())
            return
        self.app.push_screen(LeaveScreen(self.leave_note), callback=self._after_leave)

    def _after_leave(self, leave: bool | None) -> None:
        if leave:
            self.post_message(self.Leave())
