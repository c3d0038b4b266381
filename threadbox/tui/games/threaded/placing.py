"""The Threaded screen's decisions by what they name: a thread by its colour letter, a place by its
key, and the placing cursor on the studio (see ``cursor``), which the options list follows and
which follows the list. The keys are bound on ``ThreadedScreen`` (a key bound on a subclass
would replace a base's binding of it); what they do is here.
"""

from __future__ import annotations

from threadbox.controller import SeatPort
from threadbox.rules.core import Action, GameState
from threadbox.rules.threaded import ThreadedState
from threadbox.rules.threaded.actions import Give, PickThread, Place
from threadbox.rules.threaded.data import COLOUR_NAMES, colour_label
from threadbox.rules.threaded.words import left_to_do

from ...game_screen import GameScreen
from ...widgets import ActionList
from . import cursor as place_cursor
from .cursor import PlaceCursor
from .keys import PICKING
from .models import Scene
from .widgets.studio import TARGET_WORDS, StudioBoard, StudioFace


class ThreadPlacing(GameScreen):
    """Threads by colour, places by key, and the placing cursor, for ``ThreadedScreen``."""

    def __init__(self, port: SeatPort, **kw):
        super().__init__(port, **kw)
        self.aim: PlaceCursor | None = None  # the placing cursor (None: this seat places nothing now)
        self._again: str | None = None  # the colour letter just pressed: pressed again, the other thread
        self._table: Scene | None = None  # the board's model, as last drawn

    @property
    def me(self) -> int | None:
        return self.port.seat

    def at_rest(self) -> None:
        super().at_rest()
        self._again = None

    def _deciding(self, view: GameState) -> str:
        """The kind of decision this seat makes now ("" when it makes none)."""
        assert isinstance(view, ThreadedState)
        if not view.stack or view.phase == "over" or not self.port.my_turn():
            return ""
        top = view.stack[-1]
        return top.kind if top.seat == self.me else ""

    def _state(self) -> ThreadedState:
        view = self.view
        assert isinstance(view, ThreadedState)
        return view

    # ---- threads by their colour, places by their keys, the placing cursor -------------
    def action_colour(self, colour: str) -> None:
        kind = self._deciding(self.view)
        if kind == "give":
            self.choose(Give(source=colour))  # the rules accept it or say why not
        elif kind in PICKING:
            self.choose(PickThread(colour=colour))
        elif kind == "place":
            moved = place_cursor.with_colour(self.aim, self.legal, colour, again=self._again == colour)
            if moved is None:
                self.refuse(f"No {colour_label(colour)} thread to place: {self._threads_words()}.")
                return
            self._aim(moved)
            self._again = colour

    def _threads_words(self) -> str:
        offered = place_cursor.threads(self.legal)
        new = [COLOUR_NAMES[c] for s, c in offered if s == "new"]
        basket = [COLOUR_NAMES[c] for s, c in offered if s == "basket"]
        parts = ([f"new {', '.join(new)}"] if new else []) + (
            [f"from the basket {', '.join(basket)}"] if basket else []
        )
        return "the threads to place are " + " and ".join(parts) if parts else "nothing is left to place"

    def action_target(self, to: str) -> None:
        if self._deciding(self.view) == "give":
            self.choose(Give(source=to))  # the rules accept it or say why not (an empty needle)
            return
        aim = self.aim
        if aim is None:
            self.refuse(left_to_do(self._state(), self.me))
            return
        moved = place_cursor.aimed_at(aim, self.legal, to)
        if moved is not None:
            self._aim(moved)  # the cursor stays where the thread went
            self.choose(moved.action())
        elif to == "right" and self.me is not None and not self._state().needles[self.me]:
            self.refuse("The needle is empty: its first thread goes on at the left end ([).")
        else:
            self.choose(PlaceCursor(aim.source, aim.colour, to).action())  # the rules say why not

    def action_steer(self, step: int) -> None:
        self._steer("target", step)

    def _steer(self, what: str, step: int) -> None:
        if self.aim is None:
            return
        move = place_cursor.step_target if what == "target" else place_cursor.step_thread
        moved = move(self.aim, self.legal, step)
        if moved is None:
            if what == "target":
                words = f"This thread can go nowhere further {'right' if step > 0 else 'left'}."
            else:
                words = f"That is the {'last' if step > 0 else 'first'} thread to place."
            self.notify(words, timeout=2)
            return
        self._aim(moved)

    def _aim(self, aim: PlaceCursor, follow_list: bool = True) -> None:
        """The cursor to ``aim``: the studio shows it and the options list highlights it."""
        self._again = None
        self.aim = aim
        self._draw_studio()
        if follow_list:
            self.query_one(ActionList).highlight_action(aim.action())

    def on_action_list_highlighted(self, event: ActionList.Highlighted) -> None:
        action = event.action
        if isinstance(action, Place) and self.aim is not None and action != self.aim.action():
            self._aim(PlaceCursor.of(action), follow_list=False)  # the cursor follows the list

    def on_studio_board_steer(self, event: StudioBoard.Steer) -> None:
        event.stop()
        self._steer(event.what, event.step)

    def on_studio_board_put(self, event: StudioBoard.Put) -> None:
        event.stop()
        if self.aim is not None:
            self.choose(self.aim.action())

    def on_studio_board_clicked(self, event: StudioBoard.Clicked) -> None:
        event.stop()
        aim = self.aim
        if aim is None:
            return
        kind, _, what = event.spot.partition(":")
        if kind == "to":
            if aim.to == what:
                self.choose(aim.action())  # pointed already: put it there
                return
            moved = place_cursor.aimed_at(aim, self.legal, what)
            if moved is None:
                self.refuse(f"The {COLOUR_NAMES[aim.colour]} thread cannot go to the {TARGET_WORDS[what]} now.")
                return
            self._aim(moved)
            return
        thread = (kind, what)
        if thread not in place_cursor.threads(self.legal):
            self.refuse(f"That {COLOUR_NAMES[what]} thread is not one to place now.")
            return
        settled = place_cursor.settle(PlaceCursor(kind, what, aim.to), self.legal)
        if settled is not None:
            self._aim(settled)

    def _draw_studio(self) -> None:
        if self._table is not None:
            for studio in self.query(StudioBoard):
                studio.show(StudioFace(self._table, self.aim))

    def show_studio(self, table: Scene, legal: list[Action]) -> None:
        """Draw the studio (the placing cursor on it while this seat places threads)."""
        self._table = table
        self._again = None  # a new state: a colour letter picks afresh
        placing = self._deciding(self.view) == "place"
        self.aim = place_cursor.settle(self.aim, legal) if placing else None
        for studio in self.query(StudioBoard):
            studio.can_focus = self.aim is not None
            if studio.has_focus and self.aim is None:
                self.set_focus(self.query_one(ActionList))
            studio.show(StudioFace(table, self.aim))
