"""The Quilt screen: your sheet, the needle holders in the middle, the others' sheets.

At 80x24 the board shows one sheet (yours; ``t`` turns to the next player's)
and the table under it; from ``WIDE_WIDTH`` columns every other sheet is
drawn beside yours. Every key and click turns into one of the seat's legal
actions or into a notice saying why not. The keys and the board cursor are
in ``pointing.py``.
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from threadbox.controller import SeatPort
from threadbox.rules.core import Action, GameState
from threadbox.rules.quilt import QuiltState
from threadbox.rules.quilt.data import colour_label

from ...widgets import BoardPanel
from .models import centre_face, hint, sheet_face
from .pointing import Pointing
from .widgets.board_scroll import BoardScroll
from .widgets.centre import CentrePanel
from .widgets.colours import QuiltColours
from .widgets.help_text import HELP
from .widgets.sheet import QuiltSheet, legend

WIDE_WIDTH = 140  # from here the other sheets fit beside yours
SIDE_GUESS = 32  # the options' column, for the board's width before it is laid out
PHASE_TITLES = {"patches": "Patches", "pencils": "Pencils", "colouring": "Colouring", "over": "Game over"}


class QuiltScreen(Pointing):
    """One seat's Quilt table.

    | Key | Does |
    | :- | :- |
    | r o y g b p | take that patch (phase 1) / pick that pencil: the list shows only its options (phase 3) |
    | 1-6 | the needle holder with that number (phase 2): put the drawn pencil there, or take it |
    | d | draw a pencil from the bag (phase 2, and for an embroidery's pencil) |
    | 1-5 | colour the next cell of that row with the picked pencil (phase 3): g 4 |
    | + then 3 5 7 | colour the applique with those points: g + 3 |
    | s | colour the next spool's threads: g s |
    | e then 5 3 2 | stitch a part of that embroidery |
    | x then 1 or 2 pencil letters | exchange them (x g y; one pencil: x g enter) |
    | f / n | finish colouring / let a bonus go |
    | left / right | move the cursor over what you can choose; the list follows |
    | arrows, enter (on the board) | move the cursor; act on what it points at |
    | t | show the next player's sheet |
    | click a row, applique, spool, embroidery, holder, patch | point at it; act on it |
    | 0-9 | the numbered option (two digits: 16) |
    """

    HELP = HELP
    PALETTE = QuiltColours
    BINDINGS = [Binding("t", "next_sheet", "Sheets")]

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

    def __init__(self, port: SeatPort, **kw):
        super().__init__(port, **kw)
        self.shown_seat = port.seat if port.seat is not None else 0
        self._others_drawn: GameState | None = None  # the view the other sheets show

    # ---- layout ---------------------------------------------------------------
    def compose_board(self) -> ComposeResult:
        view = self._view()
        yield Static(id="qt-hint", markup=False)
        with BoardScroll(id="qt-scroll"), Horizontal(id="qt-sheets"):
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
    def update_board(self, view: GameState, legal: list[Action]) -> None:
        assert isinstance(view, QuiltState)
        me = self.port.seat
        self.settle_cursor(view, legal)
        cursor = self.cursor
        sheet = self.query_one("#qt-sheet", QuiltSheet)
        sheet.seat = self.shown_seat
        sheet.show(sheet_face(view, self.shown_seat, me, cursor))
        if view is not self._others_drawn:  # the others' sheets change with the table, never with the cursor
            self._others_drawn = view
            for other in self.query(".qt-other").results(QuiltSheet):
                other.show(sheet_face(view, other.seat, me))
        self.query_one(CentrePanel).show(centre_face(view, me, cursor))
        board = self.query_one("#board", BoardPanel)
        room = (board.size.width or self.app.size.width - SIDE_GUESS) - 4
        words = self.pending_hint() or hint(view, me, legal)
        title = PHASE_TITLES[view.phase]
        if view.phase != "over":
            title = f"Round {view.round} · {title}"
        if self.shown_seat != me:
            looking = f"{view.name_of(self.shown_seat)}'s sheet (t: next)"
            if len(title) + 3 + len(looking) <= room:  # in the title, where it moves nothing
                title = f"{title} · {looking}"
            else:
                words = f"Looking at {looking}. " + words
        elif (pencil := self.picked()) and not view.tasks:
            name = colour_label(pencil)
            words = f"{name[0].upper()}{name[1:]} picked: row 1-5, + 3/5/7 or s."
        elif pencil:
            words = f"Picked: {colour_label(pencil)}. " + words
        board.show_title(title)
        narrow = len(words) > room  # too long for the board's edge: inside the board, wrapped
        board.show_hint("" if narrow else words)  # on the board's lower edge; plain text, never markup
        shown = self.query_one("#qt-hint", Static)
        if shown.display != narrow:
            shown.display = narrow  # (not a class on the screen: that restyles every widget)
        if narrow and str(shown.content) != words:
            shown.update(words)

    # ---- keys and clicks ----------------------------------------------------------
    def action_next_sheet(self) -> None:
        players = self._view().players
        self.shown_seat = (self.shown_seat + 1) % players
        self._redraw()


SCREEN = QuiltScreen
