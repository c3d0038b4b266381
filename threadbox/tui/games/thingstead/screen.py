"""The Thingstead screen: the ring of Elders, the clan row, and both players' boards.

The options list holds every decision; the ring previews the highlighted one
(the played card aligned on the pawn, the followers each Elder would get)
before it is chosen.
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.geometry import Size
from textual.widgets import Static

from threadbox.controller import SeatPort
from threadbox.rules.core import Action, GameState
from threadbox.rules.thingstead import Move, Place, ThingsteadState

from ...game_screen import GameScreen
from ...widgets import ActionList, BoardPanel
from .help_text import HELP
from .models import board, final_lines, letter, option_group
from .widgets import ClanRow, RingView, TablePanel, ThingsteadColours

WIDE_WIDTH = 130  # from here the clan row stands beside the ring
PARTS = ("#ts-ring", "#ts-clans", "#ts-table")
STEP_HINTS = {  # one short line: the preview's words go on the second
    "play": "Play a card to the Thingstead or face down to a clan.",
    "thing": "Move (or stay), or influence first and move after.",
    "push": "Shove the other pawn one space, or leave it.",
    "place": "Influence to use on the marked Elder.",
    "draw": "Draw from the face-up row or the deck.",
}


class ThingsteadScreen(GameScreen):
    """One seat's Thingstead table.

    | Key | Does |
    | :- | :- |
    | up / down, enter, 0-9 | choose among the options (two digits: 16); the ring previews the highlighted one |
    | t | scroll the board to the next part (ring, clans, table) |
    | click an Elder | move there, or choose it while placing followers |
    """

    HELP = HELP
    PALETTE = ThingsteadColours

    DEFAULT_CSS = """
    ThingsteadScreen {
        & #ts-hint { height: 2; padding: 0 1; color: $foreground-muted; }
        & #ts-scroll { height: 1fr; scrollbar-size-vertical: 1; }
        & #ts-ring { margin: 0 0 1 0; }
        & #ts-clans { margin: 0 0 1 0; }
        &.-wide #ts-scroll { layout: grid; grid-size: 2; grid-columns: 49 1fr; grid-rows: auto; }
        &.-wide #ts-clans { margin: 0 0 1 1; }
        &.-wide #ts-table { column-span: 2; }
    }
    """

    BINDINGS = [Binding("t", "next_part", "Board parts")]

    def __init__(self, port: SeatPort, **kw):
        super().__init__(port, **kw)
        self.part = 0
        self._highlighted: Action | None = None

    def compose_board(self) -> ComposeResult:
        yield Static(id="ts-hint", markup=False)
        with VerticalScroll(id="ts-scroll"):
            yield RingView(id="ts-ring")
            yield ClanRow(id="ts-clans")
            yield TablePanel(id="ts-table")

    def on_mount(self) -> None:
        self._arrange(self.app.size)

    def on_resize(self, event: events.Resize) -> None:
        self._arrange(event.size)

    def _arrange(self, size: Size) -> None:
        self.set_class(size.width >= WIDE_WIDTH, "-wide")

    # ---- drawing -------------------------------------------------------------
    def _view(self) -> ThingsteadState:
        view = self.port.view()
        assert isinstance(view, ThingsteadState)
        return view

    def option_group(self, action: Action) -> str:
        return option_group(action)

    def final_details(self) -> list[str]:
        return list(final_lines(self._view()))

    def update_board(self, view: GameState, legal: list[Action]) -> None:
        assert isinstance(view, ThingsteadState)
        actions = self.query_one(ActionList)
        index = actions.highlighted
        listed = actions.actions
        self._highlighted = listed[index] if index is not None and index < len(listed) else None
        self._draw(view)

    def _draw(self, view: ThingsteadState) -> None:
        me = self.port.seat
        model = board(view, me, self._highlighted)
        self.query_one(RingView).show(model.ring)
        self.query_one(ClanRow).show(model.clans, me)
        self.query_one(TablePanel).show(model.table)
        hint = self.query_one("#ts-hint", Static)
        words = self._hint(view, model.ring.note)
        if hint.content != words:
            hint.update(words, layout=False)
        title = f"Thingstead · deck {len(view.deck)} · {letter(0)} locked {view.locked_by(0)}, "
        title += f"{letter(1)} locked {view.locked_by(1)}"
        self.query_one("#board", BoardPanel).show_title(title)

    def _hint(self, view: ThingsteadState, note: str) -> str:
        if view.step == "over":
            return view.end_reason + " Press g for the scores."
        if not self.port.my_turn():
            return f"{view.name_of(view.current)} is playing."
        text = STEP_HINTS.get(view.step, "")
        return f"{text}\n{note}" if note else text

    def on_action_list_highlighted(self, event: ActionList.Highlighted) -> None:
        listed = event.action_list.actions
        action = listed[event.index] if 0 <= event.index < len(listed) else None
        if action != self._highlighted:
            self._highlighted = action
            self._draw(self._view())

    # ---- keys and clicks ---------------------------------------------------------
    def action_next_part(self) -> None:
        self.part = (self.part + 1) % len(PARTS)
        # No animation: the part is there in the next frame, as in the other games.
        scroll = self.query_one("#ts-scroll", VerticalScroll)
        scroll.scroll_to_widget(self.query_one(PARTS[self.part]), top=True, animate=False)

    def on_ring_view_elder_clicked(self, event: RingView.ElderClicked) -> None:
        legal = self.port.legal()
        moves = [a for a in legal if isinstance(a, Move) and a.to == event.position]
        places = [a for a in legal if isinstance(a, Place) and a.at == event.position]
        if moves:
            self.choose(moves[0])
        elif places:
            self.choose(places[0])  # the most influence; the list offers less
        else:
            elder = self._view().elder_at(event.position).label()
            self.notify(f"{elder} is not one of your options now.", title="Not now", severity="warning")
