"""The Warp & Weft screen: your loom, your strings, the pattern cards, the table.

Three panes: *mine* (the loom board and the strings), *cards* (Shared
Objective and the pattern cards) and *table* (running scores and everyone
else's looms). A wide terminal shows all three side by side; narrower ones
show fewer and ``t`` switches between them. Every key turns into one of the
seat's legal actions, or into a notice saying why not.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from typing import Literal

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, VerticalScroll
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import Static

from threadbox.controller import SeatPort
from threadbox.rules.core import Action, GameState
from threadbox.rules.warp_and_weft import ChooseCrossing, PickString, PlaceButton, WarpWeftState, WeaveString
from threadbox.rules.warp_and_weft.data import LETTERS, PATTERN_CARDS, ROUNDS, SLOTS_PER_AXIS, colour_label
from threadbox.rules.warp_and_weft.loom import axis_label, other_axis

from ...game_screen import GameScreen
from ...widgets import ActionList, BoardPanel
from . import cursor as weave_cursor
from .help_text import HELP
from .models import (
    SLOT_KEYS,
    card_models,
    hand_model,
    hint,
    loom_model,
    named_keys,
    option_group,
    option_key,
    scores_model,
    seat_model,
    shared_present,
)
from .widgets.cards import PatternCardView, SharedObjectiveView
from .widgets.hand import HandView
from .widgets.loom import ROOMY, SNUG, LoomBoard
from .widgets.scores import ScorePad
from .widgets.seats import MINI_WIDTH, SeatLoom
from .widgets.strings import StringColours, seat_tags

Pane = Literal["mine", "cards", "table"]
PANES: tuple[Pane, ...] = ("mine", "cards", "table")
PANE_NAMES = {"mine": "your loom", "cards": "cards", "table": "scores"}
PHASE_TITLES = {"draft": "String selection", "weave": "Weaving", "patterns": "Pattern selection", "over": "Game over"}
# Terminal widths from which two panes, then all three, fit side by side
# (side panel + loom board and strings + cards + scores).
MEDIUM_WIDTH = 118
WIDE_WIDTH = 156
ROOMY_HEIGHT = 44  # and from this height the loom is drawn larger
SCORES_UNDER_HEIGHT = 34  # from this height the scores fit under the loom
# From this height a medium-wide terminal shows everything: the others' looms under
# yours, the cards beside them, the scores between the options and the log.
STACKED_HEIGHT = 38
SEAT_WIDTH = MINI_WIDTH + 2  # a SeatLoom's width (its own CSS)
FULL_TITLE_WIDTH = 80  # below this the board's title leaves out the phase (it fits 24 columns)


class WarpWeftScreen(GameScreen):
    """One seat's Warp & Weft table.

    | Key | Does |
    | :- | :- |
    | p b v r y | keep that string (draft) / take that string to weave |
    | 1-8 | weaving: weave the string in that slot of the cursor's axis |
    | arrows (on the loom) | move the weaving cursor over free slots |
    | a | the weaving cursor to the other axis |
    | enter (on the loom) | weave the string at the cursor |
    | click a slot | the cursor there (click again: weave) |
    | o / n | pass over / under the next string met |
    | 1-8 | pattern selection: a button on the card with that number |
    | t | show the next pane (cards, scores and looms) |
    """

    view: WarpWeftState

    HELP = HELP
    PALETTE = StringColours
    # While this seat weaves, the loom (marked -auto-focus) takes the focus back
    # after a hand-off or help screen; else the options list does.
    AUTO_FOCUS = "#ww-loom.-auto-focus, ActionList"
    VIEW_ACTIONS = GameScreen.VIEW_ACTIONS | {"next_pane"}  # still works in a replay

    DEFAULT_CSS = """
    WarpWeftScreen {
        & #ww-hint { height: auto; min-height: 2; padding: 0 1; color: $foreground-muted; }  /* 3 lines at 60 columns */
        & #ww-panes { height: 1fr; }
        & #ww-mine {
            width: 1fr; height: 1fr; grid-size: 2; grid-columns: 38 1fr; grid-rows: auto;  /* auto: a short board scrolls to the loom's last rows */
            overflow: auto auto; scrollbar-size: 1 1;  /* below 80x24 (an SSH window, say): scroll */
        }
        &.-scores-under #ww-mine { grid-rows: 19 1fr; }
        &.-scores-under #ww-mine-scores { column-span: 2; }
        & #ww-cards, & #ww-table { width: 1fr; height: 1fr; scrollbar-size-vertical: 1; }
        & #ww-card-columns { height: auto; layout: vertical; }
        & .ww-card-grid { height: auto; grid-size: 4; grid-columns: 1fr; grid-rows: 6; }
        & #ww-seats { height: auto; grid-size: 2; grid-rows: auto; grid-gutter: 1 1; margin-top: 1; }
        &.-compact #side, &.-medium #side { width: 30; min-width: 30; }
        &.-medium #ww-cards, &.-wide #ww-cards { width: 37; }
        &.-medium #ww-card-columns, &.-wide #ww-card-columns { layout: horizontal; }
        &.-medium .ww-card-grid, &.-wide .ww-card-grid { grid-size: 1; width: 18; }
        &.-wide #side { width: 32; min-width: 30; }
        &.-wide #ww-mine { width: 58; }
        &.-wide #ww-table { padding-left: 1; }
        /* Roomy: the loom drawn larger, the strings and the scores under it. */
        &.-roomy #ww-mine { width: 54; grid-columns: 20 1fr; grid-rows: 28 1fr; }
        &.-roomy #ww-loom { column-span: 2; }
        &.-roomy #ww-mine-scores { column-span: 1; }
        /* Stacked (medium width, tall): mine over the others' looms, the cards beside both. */
        & #ww-side-scores { display: none; height: auto; margin-bottom: 1; }
        &.-stacked #ww-side-scores { display: block; }
        &.-stacked #ww-panes { layout: grid; grid-size: 2 2; grid-columns: 1fr 37; grid-rows: 19 1fr; }
        &.-stacked #ww-cards { row-span: 2; }
        &.-stacked #ww-mine { grid-rows: 1fr; }
        &.-stacked #ww-seats { margin-top: 0; }
        &.-wide #side { width: 24%; min-width: 32; max-width: 56; }
    }
    """

    BINDINGS = [
        *(
            Binding(letter.lower(), f"colour('{letter}')", "Keep or weave that colour", show=False)
            for letter in LETTERS
        ),
        *(Binding(letter, f"colour('{letter}')", "", show=False) for letter in LETTERS),
        Binding("o", "cross(True)", "Over"),
        Binding("n", "cross(False)", "Under"),
        Binding("a", "flip_axis", "Other axis", show=False),
        Binding("t", "next_pane", "Panes"),
    ]

    def __init__(self, port: SeatPort, **kw):
        super().__init__(port, **kw)
        self.cursor: weave_cursor.WeaveCursor | None = None
        self.shown: list[Pane] = list(PANES)  # panes on screen now, in order
        self.pane: Pane = "mine"  # the pane in front when not all fit
        self._stage: tuple[int, str] | None = None  # (round, phase) last drawn
        self._tags: list[str] = []
        self.add_class("-compact")

    # ---- layout ---------------------------------------------------------------
    @property
    def main_seat(self) -> int:
        """The seat whose loom is drawn big: yours, or the first for a spectator."""
        return self.port.seat if self.port.seat is not None else 0

    def compose_side(self) -> ComposeResult:
        yield ScorePad(id="ww-side-scores", classes="ww-scores")  # shown in the stacked layout only

    def compose_board(self) -> ComposeResult:
        view = self.view
        self._tags = seat_tags(view.names)
        yield Static(id="ww-hint", markup=False)
        with Horizontal(id="ww-panes"):
            with Grid(id="ww-mine"):
                yield LoomBoard(id="ww-loom")
                yield HandView(id="ww-hand")
                yield ScorePad(id="ww-mine-scores", classes="ww-scores")
            # The cards and the table are built the first time they are shown:
            # a screen that never opens them (most, at 80x24) does not carry them.
            yield VerticalScroll(id="ww-cards")
            yield VerticalScroll(id="ww-table")

    def _pane_widgets(self, pane: Pane) -> list[Widget]:
        """What the cards or the table pane holds, made (and filled in) when it is first shown."""
        view = self.view
        if pane == "cards":
            cards = {
                card_id: PatternCardView(card_id, id=f"ww-card-{card_id}")
                for card_id in (*view.adjacent, *view.interlaced)
            }
            shared = SharedObjectiveView(view.shared, id="ww-shared")
            self._fill_panes(view, self.legal, [shared, *cards.values()])
            grids = [
                Grid(*(cards[card_id] for card_id in ids), id=f"ww-{group}", classes="ww-card-grid")
                for group, ids in (("adjacent", view.adjacent), ("interlaced", view.interlaced))
            ]
            return [shared, Horizontal(*grids, id="ww-card-columns")]
        scores = ScorePad(id="ww-table-scores", classes="ww-scores")
        looms = [
            SeatLoom(seat, seat_model(view, seat, self._tags), id=f"ww-seat-{seat}")
            for seat in range(view.players)
            if seat != self.main_seat
        ]
        self._fill_panes(view, self.legal, [scores])
        return [scores, Grid(*looms, id="ww-seats")]

    def _build_shown_panes(self) -> None:
        built = False
        for pane in self.shown:
            holder = self.query_one(f"#ww-{pane}")
            if pane != "mine" and not holder.children:
                holder.mount_all(self._pane_widgets(pane))
                built = True
        if built:
            self.call_after_refresh(self._after_building)

    def _after_building(self) -> None:
        if self.is_attached:
            self._arrange(self.app.size)  # sizes and columns of what was just built

    def on_mount(self) -> None:
        # Runs before GameScreen.on_mount (Textual calls both), so the first
        # drawing already has its layout.
        self._arrange(self.app.size)

    def on_resize(self, event: events.Resize) -> None:
        self._arrange(event.size)

    def _arrange(self, size: Size) -> None:
        """Pick the layout for this terminal size and show the panes that fit."""
        mode = "wide" if size.width >= WIDE_WIDTH else "medium" if size.width >= MEDIUM_WIDTH else "compact"
        for name in ("compact", "medium", "wide"):
            self.set_class(name == mode, f"-{name}")
        roomy = mode == "wide" and size.height >= ROOMY_HEIGHT
        stacked = mode == "medium" and size.height >= STACKED_HEIGHT
        self.set_class(roomy, "-roomy")
        self.set_class(stacked, "-stacked")
        self.query_one(LoomBoard).set_shape(ROOMY if roomy else SNUG)
        if mode == "wide" or stacked:
            self.shown = list(PANES)
        elif mode == "medium":
            self.shown = ["mine", "table" if self.pane == "table" else "cards"]
        else:
            self.shown = [self.pane]
        for pane in PANES:
            self.query_one(f"#ww-{pane}").display = pane in self.shown
        self._build_shown_panes()
        # Scores under the loom when there is the height for them, and then
        # not a second time in the table pane beside it.
        under = not stacked and (roomy or size.height >= SCORES_UNDER_HEIGHT)
        self.set_class(under, "-scores-under")
        self.query_one("#ww-mine-scores").display = under
        for pad in self.query("#ww-table-scores"):
            pad.display = not stacked and not (under and "mine" in self.shown)
        for seats in self.query("#ww-seats"):
            seats.styles.grid_size_columns = 2 if mode == "compact" or stacked else 1
        if mode == "wide":
            self.call_after_refresh(self._fit_seats)
        self._title()

    def _fit_seats(self) -> None:
        """On a wide terminal, the others' looms side by side as far as the table pane has room."""
        if not self.is_attached or not self.has_class("-wide"):
            return
        for seats in self.query("#ww-seats"):
            width = self.query_one("#ww-table").content_size.width
            seats.styles.grid_size_columns = max(1, (width + 1) // (SEAT_WIDTH + 1))

    def _title(self) -> None:
        view = self.view
        stage = PHASE_TITLES[view.phase]
        hidden = [p for p in PANES if p not in self.shown]
        if view.phase != "over":
            # A narrow board's title holds the round and the t key; the hint names the phase.
            stage = f"Round {view.round}/{ROUNDS}" + (
                "" if hidden and self.app.size.width < FULL_TITLE_WIDTH else f" · {stage}"
            )
        more = f" · t: {PANE_NAMES[self._next_pane()]}" if hidden else ""
        self.query_one("#board", BoardPanel).show_title(stage + more)

    def _next_pane(self) -> Pane:
        if len(self.shown) == 2:
            return "table" if "cards" in self.shown else "cards"
        return PANES[(PANES.index(self.pane) + 1) % len(PANES)]

    def action_next_pane(self) -> None:
        if len(self.shown) == len(PANES):
            self.notify("Every pane is on screen already.", timeout=3)
            return
        self.pane = self._next_pane()
        self._arrange(self.app.size)
        self._refocus()

    def _refocus(self) -> None:
        """Keep the focus on something on screen: the loom while weaving, else the options."""
        loom = self.query_one(LoomBoard)
        weaving = self.view.phase == "weave" and "mine" in self.shown and bool(self.legal)
        if weaving:
            self.set_focus(loom)
        elif self.focused is None or self.focused is loom:
            self.set_focus(self.query_one(ActionList))

    # ---- drawing ---------------------------------------------------------------

    def option_group(self, action: Action) -> str:
        return option_group(action)

    def option_key(self, view: GameState, action: Action) -> str | None:
        assert isinstance(view, WarpWeftState)
        return option_key(view, action)

    def named_keys(self, view: GameState) -> Collection[str]:
        assert isinstance(view, WarpWeftState)
        return named_keys(view)

    def press_named(self, key: str) -> bool:
        view = self.view
        if view.phase == "patterns":
            cards = view.adjacent + view.interlaced
            if 1 <= int(key) <= len(cards):
                card = PATTERN_CARDS[cards[int(key) - 1]]
                self.choose(PlaceButton(shape=card.shape, card=card.id))  # the rules accept it or say why not
            else:
                self.refuse(f"The pattern cards are numbered 1-{len(cards)}.")
            return True
        if view.phase != "weave":
            return False
        if self._can_steer() and self.cursor is not None:  # else it said why
            self._weave_at(key)
        return True

    def _weave_at(self, key: str) -> None:
        """A slot's number while weaving: the cursor's string into that slot of its axis."""
        assert self.cursor is not None
        if key not in SLOT_KEYS:
            self.refuse(f"The loom's slots are numbered 1-{SLOTS_PER_AXIS}.")
            return
        cursor = weave_cursor.WeaveCursor(self.cursor.colour, self.cursor.axis, SLOT_KEYS.index(key))
        if cursor.action() not in self.legal:
            self.refuse(f"{axis_label(cursor.axis, cursor.slot).capitalize()} already holds a string.")
            return
        self.cursor = cursor
        self.choose(cursor.action())

    def keys_for(self, action: Action) -> tuple[str, ...]:
        """Weaving: the string's letter (unless the cursor holds that colour), ``a`` (unless the
        cursor is on that axis), the slot's number: at most three keys for any of 64 options."""
        if isinstance(action, WeaveString) and self.cursor is not None:
            colour = () if action.colour == self.cursor.colour else (action.colour.lower(),)
            axis = () if action.axis == self.cursor.axis else ("a",)
            return (*colour, *axis, SLOT_KEYS[action.slot])
        return super().keys_for(action)

    def at_rest(self) -> None:
        super().at_rest()
        if self.cursor is not None:
            self.cursor = weave_cursor.settle(None, self.legal)
            self._redraw()

    def update_board(self, view: GameState, legal: list[Action]) -> None:
        assert isinstance(view, WarpWeftState)
        seat, main = self.port.seat, self.main_seat
        self._new_stage(view, legal)
        weaving_free = view.phase == "weave" and view.weaving[main] is None
        self.cursor = weave_cursor.settle(self.cursor, legal) if weaving_free else None
        self.query_one(LoomBoard).can_weave = self.cursor is not None and self.port.seat is not None
        self.query_one(LoomBoard).show(loom_model(view, main, self.cursor))
        self.query_one(HandView).show(hand_model(view, main, self._listed(legal), self.cursor))
        # The cards and table widgets, as far as their panes have been built.
        self._fill_panes(view, legal, self.query("ScorePad, SharedObjectiveView, PatternCardView, SeatLoom"))
        if self.cursor is not None:  # the options list follows the cursor
            self.query_one(ActionList).highlight_action(self.cursor.action())
        words = hint(view, seat, legal, self.cursor)
        note = self.query_one("#ww-hint", Static)
        if note.content != words:
            note.update(words, layout=False)  # a fixed two lines: no new layout needed
        self._title()

    def on_action_list_highlighted(self, event: ActionList.Highlighted) -> None:
        """The cursor follows the options list: a string's slot highlighted there is the cursor's."""
        if event.index != event.action_list.highlighted:
            return  # a stale event: the highlight has moved on since (we may have moved it)
        action = event.action
        if isinstance(action, WeaveString) and self.cursor is not None and action != self.cursor.action():
            self.cursor = weave_cursor.WeaveCursor(action.colour, action.axis, action.slot)
            self._redraw()

    def _listed(self, legal: list[Action]) -> list[Action]:
        """``legal`` in the order of the options list, whose numbers the hand and the cards show."""
        listed = self.query_one(ActionList).actions
        return listed if len(listed) == len(legal) and set(listed) == set(legal) else legal

    def _fill_panes(self, view: WarpWeftState, legal: list[Action], widgets: Iterable[Widget]) -> None:
        """Show this seat's view on the score pads, cards and other seats' looms among ``widgets``."""
        main = self.main_seat
        models = None
        for widget in widgets:
            if isinstance(widget, ScorePad):
                widget.show(scores_model(view, self.port.seat))
            elif isinstance(widget, SharedObjectiveView):
                widget.show(shared_present(view, main))
            elif isinstance(widget, PatternCardView):
                listed = self._listed(legal)
                models = models or {model.card_id: model for model in card_models(view, main, listed, self._tags)}
                widget.show(models[widget.model.card_id])
            elif isinstance(widget, SeatLoom):
                widget.show(seat_model(view, widget.seat, self._tags))

    def _new_stage(self, view: WarpWeftState, legal: list[Action]) -> None:
        """At a new phase, bring forward the pane and focus that phase needs."""
        stage = (view.round, view.phase)
        if stage == self._stage:
            return
        self._stage = stage
        fronts: dict[str, Pane] = {"patterns": "cards", "over": "table"}
        self.pane = fronts.get(view.phase, "mine")
        self._arrange(self.app.size)
        self.query_one(LoomBoard).set_class(view.phase == "weave" and bool(legal), "-auto-focus")
        self._refocus()

    def _redraw(self) -> None:
        self.update_board(self.view, self.legal)

    # ---- keys and clicks ----------------------------------------------------------
    def _crossing_now(self) -> bool:
        """Whether this seat is weaving a string and must choose over or under next."""
        seat = self.port.seat
        doing = self.view.weaving[seat] if seat is not None and self.view.phase == "weave" else None
        return doing is not None and doing.next_crossing() is not None

    def footer_state(self, view: GameState) -> tuple:
        return (*super().footer_state(view), self._crossing_now(), self.cursor is not None, tuple(self.shown))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Only the keys that do something now are on the key bar (the rest say why when pressed).
        if action == "cross":
            return self._crossing_now()
        if action == "next_pane":
            return len(self.shown) < len(PANES)
        return super().check_action(action, parameters)

    def why_off(self, action: str) -> str | None:
        if action == "cross":
            if self.port.seat is None:
                return "Spectators watch; they cannot weave."
            if self.view.phase != "weave":
                return "Over (o) and under (n) are for weaving, when a string crosses another."
            if self.cursor is not None:
                return "First choose where this string goes: Enter weaves it at the cursor."
            return "No string of yours is waiting at a crossing."
        if action == "weave":
            if self._crossing_now():
                return "This string is being woven: choose over (o) or under (n) at its next crossing."
            return self._steer_refusal() or "Nothing to weave now."
        if action == "next_pane":
            return "Every pane is on screen already."
        return super().why_off(action)

    def _can_steer(self) -> bool:
        """Whether the weaving cursor may move now; if not, say why."""
        why = self._steer_refusal()
        if why is None:
            return True
        return self.refuse(why)

    def _steer_refusal(self) -> str | None:
        view = self.view
        doing = view.weaving[self.port.seat] if self.port.seat is not None else None
        if view.phase != "weave":
            return "The loom cursor is for the weaving phase."
        if self.port.seat is None:
            return "Spectators watch; they cannot weave."
        if doing is not None:
            return f"Finish the {colour_label(doing.colour)} string first: o over, n under."
        if self.cursor is None:
            return "All your strings for this round are woven."
        return None

    def action_colour(self, letter: str) -> None:
        view = self.view
        if view.phase != "weave":
            self.choose(PickString(colour=letter))  # the rules accept it or say why not
            return
        if not self._can_steer():
            return
        moved = weave_cursor.with_colour(self.cursor, self.legal, letter)
        if moved is None:
            self.notify(
                f"No {colour_label(letter)} string is waiting to be woven.", title="Not now", severity="warning"
            )
            return
        self.cursor = moved
        self._redraw()

    def action_cross(self, over: bool) -> None:
        self.choose(ChooseCrossing(over=over))

    def action_flip_axis(self) -> None:
        self._steer(
            lambda cursor, legal: weave_cursor.flip(cursor, legal),
            lambda cursor: f"No {other_axis(cursor.axis)} slot is free.",
        )

    def on_loom_board_nudge(self, event: LoomBoard.Nudge) -> None:
        self._steer(
            lambda cursor, legal: weave_cursor.nudge(cursor, legal, event.axis, event.step),
            lambda _: f"No free {event.axis} slot that way.",
        )

    def _steer(
        self,
        move: Callable[[weave_cursor.WeaveCursor, list[Action]], weave_cursor.WeaveCursor | None],
        no_room: Callable[[weave_cursor.WeaveCursor], str],
    ) -> None:
        if not self._can_steer() or self.cursor is None:  # the cursor is there when it may steer
            return
        moved = move(self.cursor, self.legal)
        if moved is None:
            self.notify(no_room(self.cursor), timeout=2)
            return
        self.cursor = moved
        self._redraw()

    def on_loom_board_weave(self, _: LoomBoard.Weave) -> None:
        if self._can_steer() and self.cursor is not None:
            self.choose(self.cursor.action())

    def on_loom_board_slot_clicked(self, event: LoomBoard.SlotClicked) -> None:
        if not self._can_steer():
            return
        cursor = self.cursor
        assert cursor is not None  # _can_steer: there is a string to place
        if (event.axis, event.slot) == (cursor.axis, cursor.slot):
            self.choose(cursor.action())
            return
        moved = weave_cursor.WeaveCursor(cursor.colour, event.axis, event.slot)
        if moved.action() not in self.legal:
            self.notify(
                f"{axis_label(event.axis, event.slot).capitalize()} already holds a string.",
                title="Not free",
                severity="warning",
            )
            return
        self.cursor = moved
        self._redraw()

    def on_hand_view_string_clicked(self, event: HandView.StringClicked) -> None:
        self.action_colour(event.colour)

    def on_pattern_card_view_clicked(self, event: PatternCardView.Clicked) -> None:
        card = PATTERN_CARDS[event.card_id]
        self.choose(PlaceButton(shape=card.shape, card=card.id))


SCREEN = WarpWeftScreen
