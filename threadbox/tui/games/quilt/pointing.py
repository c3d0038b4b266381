"""The Quilt screen's keys, clicks and board cursor: what turns them into the seat's actions.

Keys name things (``keys.py``): a colour letter takes a patch (phase 1) or picks a
pencil (phase 3: the options list then shows only that pencil's options), a
holder's or a row's number, ``+`` and an applique's points, ``s`` the spool,
``e`` and an embroidery's parts, ``x`` and pencils' letters an exchange, ``d`` the
bag, ``f`` finish, ``n`` let a bonus go.
The cursor points at the thing an option acts on; it moves with left / right
(anywhere) and the arrows (on the board), and it rests only on things the
options list shows. The list follows the cursor and the cursor the list. Enter
or a click acts on what is pointed at, with the picked pencil. A key or click on
something not on offer sends it anyway, and the rules say why not.
"""

from __future__ import annotations

from collections.abc import Collection

from textual import events
from textual.binding import Binding
from textual.geometry import Region

from threadbox.rules.core import Action, GameState
from threadbox.rules.quilt import QuiltState
from threadbox.rules.quilt import actions as act
from threadbox.rules.quilt.data import APPLIQUES, EMBROIDERIES, LETTERS, colour_label, distinct

from ...game_screen import GameScreen
from ...widgets import ActionList
from . import keys
from .cursor import BAG, SPOOL, Spot, options_at, pencil_of, pencils_of, spot_of, spots, step, vertical
from .models import TABLE_SPOTS, option_group
from .widgets.board_scroll import BoardScroll
from .widgets.centre import CentrePanel
from .widgets.sheet import QuiltSheet

LETTER_KEYS = "".join(LETTERS).lower()  # "roygbp", as the key bar shows the colour keys
PREFIXES = {
    keys.APPLIQUE_KEY: "Applique: now its points, 3, 5 or 7 (g + 3).",
    keys.STITCH_KEY: "Embroidery: now its parts, 5, 3 or 2.",
    keys.EXCHANGE_KEY: "Exchange: the pencils' letters (1 or 2), then Enter.",
}
OUTSIDE_COLOURING = {
    keys.APPLIQUE_KEY: "+ then an applique's points colours it, in phase 3 (Colouring).",
    keys.STITCH_KEY: "e then an embroidery's parts stitches it, after a stitch bonus in phase 3.",
    keys.EXCHANGE_KEY: "x then pencils' letters exchanges them, after an exchange bonus in phase 3.",
}


def pencil_label(letter: str) -> str:
    """The narrowing's name on the options list's edge."""
    return f"{letter}:"


class Pointing(GameScreen):
    """The Quilt screen's keys and cursor (the drawing is ``QuiltScreen``'s)."""

    BINDINGS = [
        # The colour letters mean a patch in phase 1 and a pencil in phase 3: the key bar
        # says which (one entry for all six, on the first letter), the others stay hidden.
        Binding(LETTERS[0].lower(), f"patch('{LETTERS[0]}')", "Take patch", key_display=LETTER_KEYS),
        Binding(LETTERS[0].lower(), f"pencil('{LETTERS[0]}')", "Pick pencil", key_display=LETTER_KEYS),
        *(Binding(letter.lower(), f"colour('{letter}')", "Patch or pencil", show=False) for letter in LETTERS),
        Binding(keys.DRAW_KEY, f"named('{keys.DRAW_KEY}')", "Draw a pencil", show=False),
        Binding(keys.SPOOL_KEY, f"named('{keys.SPOOL_KEY}')", "Colour the next spool", show=False),
        Binding("plus", f"named('{keys.APPLIQUE_KEY}')", "Applique (then its points)", show=False),
        Binding(keys.STITCH_KEY, f"named('{keys.STITCH_KEY}')", "Embroidery (then its parts)", show=False),
        Binding(keys.FINISH_KEY, f"named('{keys.FINISH_KEY}')", "Finish colouring", show=False),
        Binding(keys.EXCHANGE_KEY, f"named('{keys.EXCHANGE_KEY}')", "Exchange (then the pencils)", show=False),
        Binding(keys.DECLINE_KEY, f"named('{keys.DECLINE_KEY}')", "Let the bonus go", show=False),
        Binding("left", "point(-1)", "Point", key_display="←→", show=False),
        Binding("right", "point(1)", "Point", show=False),
    ]

    cursor: Spot | None = None  # what the board cursor points at
    pencil: str | None = None  # the pencil picked by its letter
    # "+" or "e": the next digit names an applique or an embroidery; "x" and the letters typed
    # so far: an exchange's pencils.
    pending: str | None = None

    def _view(self) -> QuiltState:
        view = self.view
        assert isinstance(view, QuiltState)
        return view

    shown_seat: int = 0  # whose sheet the board shows

    def _redraw(self) -> None:
        self.update_board(self.view, self.legal)

    def show_mine(self) -> None:
        """Turn to this seat's own sheet (where the cursor and the options are)."""
        if self.port.seat is not None:
            self.shown_seat = self.port.seat

    # ---- the options list ---------------------------------------------------------
    def option_group(self, action: Action) -> str:
        return option_group(action)

    def option_key(self, view: GameState, action: Action) -> str | None:
        return keys.option_key(action)

    def named_keys(self, view: GameState) -> Collection[str]:
        assert isinstance(view, QuiltState)
        return keys.named_keys(view)

    def keys_for(self, action: Action) -> tuple[str, ...]:
        key = keys.option_key(action)
        return keys.presses(key) if key is not None else super().keys_for(action)

    def at_rest(self) -> None:
        super().at_rest()
        self.pencil = self.pending = None
        self._redraw()

    def picked(self) -> str | None:
        """The pencil picked by its letter, while the list still shows only its options."""
        pencil = self.pencil
        if pencil is not None and self.query_one(ActionList).narrowed != pencil_label(pencil):
            self.pencil = pencil = None  # Escape showed every option again, or a choice was made
        return pencil

    def pending_hint(self) -> str:
        pending = self.pending or ""
        if pending.startswith(keys.EXCHANGE_KEY) and len(pending) > 1:
            return f"Exchange {colour_label(pending[1])}: Enter, or a second pencil's letter."
        return PREFIXES.get(pending, "")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("patch", "pencil"):
            phase = self._view().phase  # as last shown: the key bar asks often
            return (phase == "patches") if action == "patch" else (phase == "colouring")
        if action == "point":
            return bool(self.legal) and self.port.seat is not None
        return super().check_action(action, parameters)

    def why_off(self, action: str) -> str | None:
        if action == "point":
            return self.nothing_to_decide()
        return super().why_off(action)

    def footer_state(self, view: GameState) -> tuple:
        assert isinstance(view, QuiltState)
        return (*super().footer_state(view), view.phase)  # the colour letters' meaning

    # ---- the cursor ---------------------------------------------------------------
    def _shown(self) -> list[Action]:
        """The options the list shows (the cursor rests only on their things)."""
        return self.query_one(ActionList).shown if self.port.seat is not None else []

    def _offered(self) -> list[Spot]:
        seat = self.port.seat
        return spots(self._view(), seat, self._shown()) if seat is not None else []

    def settle_cursor(self, view: QuiltState, legal: list[Action]) -> None:
        """Keep the cursor only on something still offered (the list's highlight moves it on)."""
        if self.cursor is not None and not options_at(legal, self.cursor):
            self.cursor = None

    def on_action_list_unnarrowed(self, _: ActionList.Unnarrowed) -> None:
        self.pencil = None  # Escape: every pencil's options again
        self._redraw()

    def on_action_list_highlighted(self, event: ActionList.Highlighted) -> None:
        spot = spot_of(event.action) if event.action in self.legal else None
        if spot != self.cursor:
            self.cursor = spot
            if spot is not None:
                self.show_mine()  # show where the option lands
                self.call_after_refresh(self._scroll_to_cursor)
            self._redraw()

    def _best_at(self, spot: Spot, among: list[Action]) -> Action | None:
        """The option the list highlights for ``spot``: with the pencil highlighted now, if it can."""
        here = options_at(among, spot)
        highlighted = self.query_one(ActionList).highlighted_action
        same = [a for a in here if highlighted is not None and pencil_of(a) == pencil_of(highlighted)]
        found = same or here
        return found[0] if found else None

    def _point(self, spot: Spot) -> None:
        """Put the cursor on ``spot`` and the list's highlight on its option."""
        self.cursor = spot
        self.show_mine()
        option = self._best_at(spot, self._shown())
        if option is not None:
            self.query_one(ActionList).highlight_action(option)
        self._redraw()
        self.call_after_refresh(self._scroll_to_cursor)

    def _move(self, to: Spot | None) -> None:
        if not self.legal:
            self.refuse(self.nothing_to_decide())
        elif not self._offered():
            self.refuse("Nothing on the board to point at for these options: choose in the list.")
        elif to is None:
            self.notify("Nothing more that way.", timeout=2)
        else:
            self._point(to)

    def action_point(self, delta: int) -> None:
        self._move(step(self.cursor, self._offered(), delta))

    def on_board_scroll_move(self, event: BoardScroll.Move) -> None:
        offered = self._offered()
        if event.across:
            self._move(step(self.cursor, offered, event.across))
        elif self.port.seat is not None:
            self._move(vertical(self._view(), self.port.seat, self.cursor, offered, event.down))
        else:
            self._move(None)

    def on_board_scroll_act(self, _: BoardScroll.Act) -> None:
        if self.cursor is None:
            if not self.legal:
                self.refuse(self.nothing_to_decide())
            else:
                self.refuse("The cursor points at nothing: move it with the arrows, or choose in the list.")
            return
        self._act_on(self.cursor, pointed=True)

    def _scroll_to_cursor(self) -> None:
        spot = self.cursor
        if spot is None or not self.is_attached:
            return
        widget: CentrePanel | QuiltSheet
        if spot.kind in TABLE_SPOTS:
            widget = self.query_one(CentrePanel)
            line = widget.spot_line(spot)
        else:
            widget = self.query_one("#qt-sheet", QuiltSheet)
            line = widget.line_of(spot)
        scroll = self.query_one(BoardScroll)
        if line is None:
            return
        y = widget.content_region.y + line - scroll.content_region.y + round(scroll.scroll_y)
        scroll.scroll_to_region(Region(0, y, 1, 1), animate=False, immediate=True)

    # ---- acting on a thing ------------------------------------------------------------
    def _act_on(self, spot: Spot, pointed: bool = False) -> None:
        """Choose the option on ``spot`` with the picked pencil; when several pencils could,
        point at it and ask for one; when none, send it anyway: the rules say why not."""
        pencil = self.picked()
        here = options_at(self.legal, spot, pencil)
        highlighted = self.query_one(ActionList).highlighted_action
        if pointed and highlighted in here:
            self.choose(highlighted)
            return
        if len(here) == 1:
            self.choose(here[0])
            return
        if here:
            self._point(spot)
            colours = [c for c in distinct("".join(pencil_of(a) or "" for a in here))]
            names = " or ".join(colour_label(c) for c in colours)
            self.refuse(f"{words_for(spot).capitalize()} takes {names}: press a pencil's letter first.")
            return
        self.choose(self._refused(spot, pencil))  # not on offer: the rules say why

    def _refused(self, spot: Spot, pencil: str | None) -> Action:
        """The action ``spot`` stands for, sent when it is not on offer so the rules can say why."""
        view, kind, key = self._view(), spot.kind, spot.key
        seat = self.port.seat if self.port.seat is not None else 0
        colour = pencil
        if colour is None and kind == "row":
            colour = view.boards[seat].row_colour(int(key))
        if colour is None:
            usable = [
                pencil_of(a) for a in self.legal if isinstance(a, act.ColourCell | act.ColourApplique | act.ColourSpool)
            ]
            colour = next((c for c in usable if c), None) or (view.hand(seat) or LETTERS[0])[0]
        if kind == "row":
            return act.ColourCell(colour=colour, row=int(key))
        if kind == "applique":
            return act.ColourApplique(colour=colour, applique=int(key))
        if kind == "spool":
            return act.ColourSpool(colour=colour)
        if kind == "stitch":
            return act.Stitch(embroidery=int(key))
        if kind == "patch":
            return act.ChoosePatch(colour=str(key))
        if kind == "holder":
            return act.PlacePencil(holder=int(key)) if view.drawn is not None else act.TakeHolder(holder=int(key))
        if kind == "neutral":
            return act.TakeNeutral(colour=str(key))
        return act.DrawPencil() if view.phase == "pencils" else act.DrawBonus()

    def _click(self, spot: Spot) -> None:
        """A click on a thing: act on it if it is pointed at already or names one option; else point at it."""
        self._act_on(spot, pointed=spot == self.cursor)

    def on_quilt_sheet_picked(self, event: QuiltSheet.Picked) -> None:
        event.stop()
        me = self.port.seat
        if me is None or event.sheet.seat != me:
            self.notify("That is another player's sheet: look, don't touch.", severity="warning")
            return
        spot = SPOOL if event.part == "spool" else Spot(event.part, event.index)
        self._click(spot)

    def on_centre_panel_spot_clicked(self, event: CentrePanel.SpotClicked) -> None:
        event.stop()
        self._click(event.spot)

    # ---- named keys -------------------------------------------------------------------
    def on_key(self, event: events.Key) -> None:
        pending, key = self.pending, event.key
        if pending is None:
            return
        if pending.startswith(keys.EXCHANGE_KEY):
            if key == "enter":  # the exchange's pencils are all typed
                event.stop()
                event.prevent_default()
                self.pending = None
                self._exchange(pending[1:])
                return
            if key in LETTER_KEYS and len(key) == 1:
                return  # action_colour adds the letter
        elif key.isdigit():
            return  # press_named takes the digit
        self.pending = None  # anything else: the key means what it always does
        self._redraw()

    def _exchange(self, colours: str) -> None:
        if colours:
            self.choose(act.Exchange(colours=colours))  # the rules accept it or say why not
        else:
            self.refuse("x then the letters of 1 or 2 of your pencils, then Enter (x g y, x g Enter).")

    def press_named(self, key: str) -> bool:
        view = self._view()
        pending, self.pending = self.pending, None
        if pending is not None and key.isdigit():
            found = (keys.applique_with if pending == keys.APPLIQUE_KEY else keys.embroidery_with)(int(key))
            if found is None:
                things = APPLIQUES if pending == keys.APPLIQUE_KEY else EMBROIDERIES
                numbers = ", ".join(str(getattr(t, "points", getattr(t, "parts", 0))) for t in things)
                self._redraw()
                self.refuse(f"There is none with {key}: {pending} goes with {numbers}.")
                return True
            self._act_on(Spot("applique" if pending == keys.APPLIQUE_KEY else "stitch", found))
            return True
        if (
            key == keys.EXCHANGE_KEY
            and view.phase == "colouring"
            and not any(isinstance(a, act.Exchange) for a in self.legal)
        ):
            self.choose(
                act.Exchange(colours=(view.hand(self.port.seat or 0) or LETTERS[0])[0])
            )  # the rules say why not
            return True
        if key in (keys.APPLIQUE_KEY, keys.STITCH_KEY, keys.EXCHANGE_KEY):
            if view.phase != "colouring":
                self.refuse(OUTSIDE_COLOURING[key])
                return True
            self.pending = key
            self._redraw()
            return True
        if key == keys.DRAW_KEY:
            self.choose(act.DrawPencil() if view.phase == "pencils" else act.DrawBonus())  # or the rules say why not
            return True
        if key == keys.FINISH_KEY:
            self.choose(act.Finish())
            return True
        if key == keys.DECLINE_KEY:
            self.choose(act.Decline())
            return True
        if key == keys.SPOOL_KEY:
            self._act_on(SPOOL)
            return True
        if key not in keys.named_keys(view):
            return False
        if view.phase == "pencils":
            self._act_on(Spot("holder", int(key) - 1))
        else:
            self._act_on(Spot("row", int(key) - 1))
        return True

    def action_named(self, key: str) -> None:
        self.press_named(key)

    def action_patch(self, letter: str) -> None:
        self.action_colour(letter)

    def action_pencil(self, letter: str) -> None:
        self.action_colour(letter)

    def action_colour(self, letter: str) -> None:
        view = self._view()
        if self.pending is not None and self.pending.startswith(keys.EXCHANGE_KEY):
            self.pending += letter
            if len(self.pending) > 2:  # two pencils: that is all an exchange takes
                colours, self.pending = self.pending[1:], None
                self._exchange(colours)
            else:
                self._redraw()
            return
        if view.phase == "patches":
            self.choose(act.ChoosePatch(colour=letter))  # the rules accept it or say why not
            return
        mine = [a for a in self.legal if letter in pencils_of(a)]
        if view.phase != "colouring" or not mine:
            self.refuse(self._no_pencil(view, letter))
            return
        self.pencil = letter
        options = self.query_one(ActionList)
        options.narrow_to(mine, pencil_label(letter))
        seat = self.port.seat
        offered = spots(view, seat, mine) if seat is not None else []
        if offered:
            self._point(self.cursor if self.cursor in offered else offered[0])
        else:
            self._redraw()

    def _no_pencil(self, view: QuiltState, letter: str) -> str:
        if view.phase == "pencils":
            return "The colour letters take a patch in phase 1 and pick a pencil in phase 3."
        if view.phase == "over":
            return "The game is over."
        if not self.legal:
            return self.nothing_to_decide()
        usable = distinct("".join(pencils_of(a) for a in self.legal))
        also = f" (you can use {', '.join(colour_label(c) for c in usable)})" if usable else ""
        return f"No {colour_label(letter)} pencil to use now{also}."


def words_for(spot: Spot) -> str:
    """The thing ``spot`` points at, in words."""
    kind, key = spot
    if kind == "row":
        return f"row {int(key) + 1}"
    if kind == "applique":
        return f"the +{APPLIQUES[int(key)].points} applique"
    if kind == "spool":
        return "the next spool"
    if kind == "stitch":
        return f"the {EMBROIDERIES[int(key)].label()}"
    if kind == "patch":
        return f"the {colour_label(str(key))} patch"
    if kind == "holder":
        return f"needle holder {int(key) + 1}"
    if kind == "neutral":
        return f"the {colour_label(str(key))} pencil on the neutral holder"
    return "the bag" if spot == BAG else kind
