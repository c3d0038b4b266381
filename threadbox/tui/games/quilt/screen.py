"""The Quilt screen: your sheet, the needle holders in the middle, the others' sheets.

At 80x24 the board shows one sheet (yours; ``t`` turns to the next player's)
and the table under it; from ``WIDE_WIDTH`` columns every other sheet is
drawn beside yours. Every key and click turns into one of the seat's legal
actions or into a notice saying why not.
"""

from __future__ import annotations

from collections.abc import Collection

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from threadbox.controller import SeatPort
from threadbox.rules.core import Action, GameState
from threadbox.rules.quilt import (
    ChoosePatch,
    ColourApplique,
    ColourCell,
    ColourSpool,
    DrawPencil,
    PlacePencil,
    QuiltState,
    Stitch,
    TakeHolder,
)
from threadbox.rules.quilt.data import COLOUR_NAMES, LETTERS, colour_label

from ...game_screen import GameScreen
from ...widgets import ActionList, BoardPanel
from .models import DRAW_KEY, centre_face, hint, named_keys, option_group, option_key, sheet_face
from .widgets.centre import CentrePanel
from .widgets.colours import QuiltColours
from .widgets.help_text import HELP
from .widgets.sheet import QuiltSheet, legend

LETTER_KEYS = "".join(LETTERS).lower()  # "roygbp", as the key bar shows the colour keys
WIDE_WIDTH = 140  # from here the other sheets fit beside yours
SIDE_GUESS = 32  # the options' column, for the board's width before it is laid out
PHASE_TITLES = {"patches": "Patches", "pencils": "Pencils", "colouring": "Colouring", "over": "Game over"}


class QuiltScreen(GameScreen):
    """One seat's Quilt table.

    | Key | Does |
    | :- | :- |
    | r o y g b p | take that patch (phase 1) / pick that pencil: the list shows its options (phase 3) |
    | 1-6 | the needle holder with that number (phase 2): put the drawn pencil there, or take it |
    | d | draw a pencil from the bag (phase 2) |
    | t | show the next player's sheet |
    | click a row, applique, spool, embroidery | colour it with the picked pencil |
    | click a needle holder | put the drawn pencil there, or take it |
    | 0-9 | the numbered option (two digits: 16) |
    """

    HELP = HELP
    PALETTE = QuiltColours

    DEFAULT_CSS = """
    QuiltScreen {
        & #qt-hint { height: auto; display: none; color: $foreground-muted; }
        & #qt-scroll { height: 1fr; scrollbar-size: 1 1; }
        & #qt-sheets { height: auto; }
        & #qt-main { height: auto; width: auto; margin-right: 2; }
        & #qt-legend { height: auto; width: 46; color: $foreground-muted; margin-top: 1; }
        & #qt-others { height: auto; width: auto; display: none; }
        &.-wide #qt-others { display: block; }
        &.-wide #qt-main { width: 1fr; }  /* the other sheets, at their own width, beside it */
        & #qt-others QuiltSheet { margin-bottom: 1; }
        &.-wide #side { width: 44; }
    }
    """

    BINDINGS = [
        # The colour letters mean a patch in phase 1 and a pencil in phase 3: the key bar
        # says which (one entry for all six, on the first letter), the others stay hidden.
        Binding(LETTERS[0].lower(), f"patch('{LETTERS[0]}')", "Take patch", key_display=LETTER_KEYS),
        Binding(LETTERS[0].lower(), f"pencil('{LETTERS[0]}')", "Pick pencil", key_display=LETTER_KEYS),
        *(Binding(letter.lower(), f"colour('{letter}')", "Patch or pencil", show=False) for letter in LETTERS),
        Binding(DRAW_KEY, f"named('{DRAW_KEY}')", "Draw a pencil", show=False),
        Binding("t", "next_sheet", "Sheets"),
    ]

    def __init__(self, port: SeatPort, **kw):
        super().__init__(port, **kw)
        self.shown_seat = port.seat if port.seat is not None else 0
        self.pencil: str | None = None  # the pencil picked for clicks
        self.target: Action | None = None  # the highlighted option, marked on the sheet

    def _view(self) -> QuiltState:
        view = self.port.view()
        assert isinstance(view, QuiltState)
        return view

    # ---- layout ---------------------------------------------------------------
    def compose_board(self) -> ComposeResult:
        view = self._view()
        yield Static(id="qt-hint", markup=False)
        with VerticalScroll(id="qt-scroll"), Horizontal(id="qt-sheets"):
            with Vertical(id="qt-main"):
                yield QuiltSheet(self.shown_seat, id="qt-sheet")
                yield CentrePanel(id="qt-table")
                yield Static(legend(), id="qt-legend", markup=False)
            with Vertical(id="qt-others"):
                for seat in range(view.players):
                    if seat != self.port.seat:
                        yield QuiltSheet(seat, id=f"qt-sheet-{seat}", classes="qt-other")

    def on_mount(self) -> None:
        self._arrange(self.app.size.width)

    def on_resize(self, event: events.Resize) -> None:
        self._arrange(event.size.width)

    def _arrange(self, width: int) -> None:
        wide = width >= WIDE_WIDTH
        self.set_class(wide, "-wide")
        if self.is_mounted:
            self.call_later(self._redraw)  # the hint may fit the board's edge now, or not
        if wide and self.port.seat is not None:
            self.shown_seat = self.port.seat

    # ---- drawing ---------------------------------------------------------------

    def option_group(self, action: Action) -> str:
        return option_group(action)

    def option_key(self, view: GameState, action: Action) -> str | None:
        return option_key(action)

    def named_keys(self, view: GameState) -> Collection[str]:
        assert isinstance(view, QuiltState)
        return named_keys(view)

    def press_named(self, key: str) -> bool:
        view = self._view()
        if key not in named_keys(view):
            return False
        if key == DRAW_KEY:
            self.choose(DrawPencil())  # the rules accept it or say why not (a pencil to place first)
            return True
        holder = int(key) - 1
        for action in self.port.legal():
            if isinstance(action, PlacePencil | TakeHolder) and action.holder == holder:
                self.choose(action)
                return True
        # Not on offer: the rules say why (taken, full, empty, a pencil to place first).
        self.choose(PlacePencil(holder=holder) if view.drawn is not None else TakeHolder(holder=holder))
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("patch", "pencil"):
            view = self.view  # as last shown: the key bar asks often
            assert isinstance(view, QuiltState)
            phase = view.phase
            return (phase == "patches") if action == "patch" else (phase == "colouring")
        return super().check_action(action, parameters)

    def footer_state(self, view: GameState) -> tuple:
        assert isinstance(view, QuiltState)
        return (*super().footer_state(view), view.phase)  # the colour letters' meaning

    def update_board(self, view: GameState, legal: list[Action]) -> None:
        assert isinstance(view, QuiltState)
        me = self.port.seat
        if self.target not in legal:
            self.target = None
        if self.pencil is not None and not any(getattr(a, "colour", None) == self.pencil for a in legal):
            self.pencil = None
        sheet = self.query_one("#qt-sheet", QuiltSheet)
        sheet.seat = self.shown_seat
        sheet.show(sheet_face(view, self.shown_seat, me, self.target))
        for other in self.query(".qt-other").results(QuiltSheet):
            other.show(sheet_face(view, other.seat, me))
        self.query_one(CentrePanel).show(centre_face(view, me))
        board = self.query_one("#board", BoardPanel)
        room = (board.size.width or self.app.size.width - SIDE_GUESS) - 4
        words = hint(view, me, legal)
        title = PHASE_TITLES[view.phase]
        if view.phase != "over":
            title = f"Round {view.round} · {title}"
        if self.shown_seat != me:
            looking = f"{view.name_of(self.shown_seat)}'s sheet (t: next)"
            if len(title) + 3 + len(looking) <= room:  # in the title, where it moves nothing
                title = f"{title} · {looking}"
            else:
                words = f"Looking at {looking}. " + words
        elif self.pencil:
            words = f"Picked: {colour_label(self.pencil)}. " + words
        board.show_title(title)
        narrow = len(words) > room  # too long for the board's edge: inside the board, wrapped
        board.show_hint("" if narrow else words)  # on the board's lower edge; plain text, never markup
        shown = self.query_one("#qt-hint", Static)
        if shown.display != narrow:
            shown.display = narrow  # (not a class on the screen: that restyles every widget)
        if narrow and str(shown.content) != words:
            shown.update(words)

    def _redraw(self) -> None:
        self.update_board(self._view(), self.port.legal())

    def on_action_list_highlighted(self, event: ActionList.Highlighted) -> None:
        actions = event.action_list.actions
        target = actions[event.index] if 0 <= event.index < len(actions) else None
        if target != self.target:
            self.target = target
            if self.port.seat is not None and self.shown_seat != self.port.seat and target is not None:
                self.shown_seat = self.port.seat  # show where the option lands
            self._redraw()

    # ---- keys and clicks ----------------------------------------------------------
    def action_next_sheet(self) -> None:
        players = self._view().players
        self.shown_seat = (self.shown_seat + 1) % players
        self._redraw()

    def action_named(self, key: str) -> None:
        if not self.press_named(key):
            self.refuse(f"{key} draws a pencil from the bag in phase 2 (Pencils).")

    def action_patch(self, letter: str) -> None:
        self.action_colour(letter)

    def action_pencil(self, letter: str) -> None:
        self.action_colour(letter)

    def action_colour(self, letter: str) -> None:
        view = self._view()
        if view.phase == "patches":
            self.choose(ChoosePatch(colour=letter))  # the rules accept it or say why not
            return
        legal = self.port.legal()
        if not any(getattr(a, "colour", None) == letter for a in legal if not isinstance(a, ChoosePatch)):
            self.notify(f"No {COLOUR_NAMES[letter]} ({letter}) pencil to use now.", title="Not now", severity="warning")
            return
        self.pencil = letter
        self.query_one(ActionList).filter_to(letter.lower())  # the list shows that pencil's options
        self._redraw()

    def on_quilt_sheet_picked(self, event: QuiltSheet.Picked) -> None:
        event.stop()
        me = self.port.seat
        if me is None or event.sheet.seat != me:
            self.notify("That is another player's sheet: look, don't touch.", severity="warning")
            return
        legal = self.port.legal()
        kinds = {"row": ColourCell, "applique": ColourApplique, "spool": ColourSpool, "stitch": Stitch}
        kind = kinds[event.part]
        matching = [
            a
            for a in legal
            if isinstance(a, kind)
            and (
                (event.part == "row" and a.row == event.index)
                or (event.part == "applique" and a.applique == event.index)
                or (event.part == "stitch" and a.embroidery == event.index)
                or event.part == "spool"
            )
        ]
        if self.pencil is not None:
            matching = [a for a in matching if getattr(a, "colour", self.pencil) == self.pencil] or matching
        if matching:
            self.choose(matching[0])
            return
        what = {"row": f"row {event.index + 1}", "applique": "that applique", "spool": "the spools"}
        self.notify(
            f"You cannot colour {what.get(event.part, 'that embroidery')} now; the options list says what you can.",
            title="Not now",
            severity="warning",
        )

    def on_centre_panel_holder_clicked(self, event: CentrePanel.HolderClicked) -> None:
        legal = self.port.legal()
        for action in legal:
            if isinstance(action, PlacePencil | TakeHolder) and action.holder == event.holder:
                self.choose(action)
                return
        if self._view().phase == "pencils" and self.port.my_turn():
            # The rules say why (full, empty, already taken, a pencil to place first).
            self.choose(TakeHolder(holder=event.holder))
        else:
            self.notify("Needle holders are for phase 2, on your turn.", title="Not now", severity="warning")


SCREEN = QuiltScreen
