"""The Threaded screen: shops and queues, the tapestry line, your studio, the other studios.

The board is one scrolling column of component widgets (two columns on a
wide terminal). Every decision is in the options list; the board scrolls to
the part of the table the decision is about. Keys name things (see ``keys``):
while this seat places threads, a thread is its colour letter and its place a
key of its own, and a cursor on the studio points at the needle's ends, the
basket and scraps; the options list and the cursor follow each other.
"""

from __future__ import annotations

from collections.abc import Collection

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.geometry import Size
from textual.widgets import Static

from threadbox.controller import SeatPort
from threadbox.rules.core import Action, GameState
from threadbox.rules.threaded import ThreadedState
from threadbox.rules.threaded.actions import Done, Finish, PlaceAssistant, TakeTapestry
from threadbox.rules.threaded.data import COLOURS, SHOPS
from threadbox.rules.threaded.words import left_to_do

from ...game_screen import GameScreen
from ...widgets import BoardPanel
from .help_text import HELP
from .keys import COLOUR_KEYS, FINISH_KEYS, LINE_KEYS, PICKING, TARGET_KEYS, keys_of, option_key
from .models import Scene, build, option_group
from .placing import ThreadPlacing
from .widgets.final import FinalScores
from .widgets.ink import ThreadColours
from .widgets.line import TapestryLine
from .widgets.others import OtherStudios
from .widgets.shops import ShopBoard
from .widgets.studio import StudioBoard

WIDE_WIDTH = 150  # from here the shops and the studios stand side by side
NARROW_WIDTH = 70  # under this the options' column gives the board room for a shop's queue of five
# Which part of the board a decision is about.
FOCUS = {
    "plan": "th-shops",
    "window": "th-shops",
    "a_offer": "th-shops",
    "b_faceup": "th-shops",
    "d_pick": "th-shops",
    "e_pick": "th-shops",
    "front": "th-shops",
    "extra": "th-shops",
    "equip_pick": "th-shops",
    "take": "th-line",
    "refresh_q": "th-line",
    "over": "th-final",
}
PARTS = ("th-final", "th-shops", "th-line", "th-studio", "th-others")
# Decisions where a thread is named by its colour letter, and where a place is named by its key.
COLOUR_KINDS = PICKING | {"place", "give"}
TARGET_KINDS = frozenset({"place", "give"})


class ThreadedScreen(ThreadPlacing):
    """One seat's Threaded table.

    | Key | Does |
    | :- | :- |
    | b y p s n g | a thread by its colour: pick it to place (twice: the basket's), give it, take it |
    | [ ] k x | put the picked thread on the needle's left or right end, in the basket, in scraps |
    | left / right, up / down, enter | while placing: the cursor to another place, another thread; put it there |
    | 1-5 | TAKE: the tapestry at that place in the line |
    | a-f | while planning: send an assistant to that shop (d: DARN GOOD THREAD) |
    | t m r s | at FINISHES: TAKE, MAKE, REFRESH, SHARE |
    | d | finish placing / pass / end the turn (the option "done", when offered; not while planning) |
    | t | scroll the board to its next part (a tall part a page at a time; not while choosing at FINISHES) |
    | 0-9, arrows + enter | choose an option (two digits: 16) |
    """

    HELP = HELP
    PALETTE = ThreadColours
    VIEW_ACTIONS = GameScreen.VIEW_ACTIONS | {"next_part"}  # still works in a replay

    DEFAULT_CSS = """
    ThreadedScreen {
        & #th-hint { height: auto; padding: 0 1; color: $foreground-muted; }
        & #th-scroll { height: 1fr; scrollbar-size-vertical: 1; }
        & #th-columns { height: auto; }
        & #th-table, & #th-studios { height: auto; width: 1fr; }
        & #th-final { display: none; margin-bottom: 1; }
        &.-over #th-final { display: block; }
        & ShopBoard, & TapestryLine, & StudioBoard, & OtherStudios, & FinalScores {
            height: auto; padding: 0 1; text-wrap: nowrap; text-overflow: ellipsis;
        }
        & TapestryLine, & StudioBoard, & OtherStudios { margin-top: 1; }
        &.-wide #th-columns { layout: horizontal; }
        &.-wide #th-studios StudioBoard { margin-top: 0; }
        &.-compact #side { width: 32; min-width: 30; }
        &.-wide #side { width: 44; }
        &.-wide #th-table { width: 64; }
        &.-narrow #side { width: 26; min-width: 24; }
        &.-narrow #th-hint, &.-narrow ShopBoard, &.-narrow TapestryLine, &.-narrow StudioBoard,
        &.-narrow OtherStudios, &.-narrow FinalScores { padding: 0; }
    }
    """

    # A shop's letter and a FINISHES initial come before d and t, which they stand for
    # while planning and at FINISHES, and before the colour letters b and s (never on at
    # the same time); one entry on the key bar for each set. A key bound here loses the
    # base screen's binding of it (g: the scores), so that is bound again after it.
    BINDINGS = [
        Binding(SHOPS[0].lower(), f"shop('{SHOPS[0]}')", "Shop", key_display="a-f"),
        *(Binding(shop.lower(), f"shop('{shop}')", "Shop", show=False) for shop in SHOPS[1:]),
        Binding("t", "finish('take')", "Finishes", key_display="tmrs"),
        *(
            Binding(key, f"finish('{choice}')", "Finishes", show=False)
            for choice, key in FINISH_KEYS.items()
            if key != "t"
        ),
        Binding(COLOUR_KEYS[COLOURS[0]], f"colour('{COLOURS[0]}')", "Pick", key_display="bypsng"),
        *(Binding(COLOUR_KEYS[c], f"colour('{c}')", "Pick", show=False) for c in COLOURS[1:]),
        Binding("g", "scores", "Scores"),
        Binding(TARGET_KEYS["left"], "target('left')", "Put", key_display="[]kx"),
        *(Binding(key, f"target('{to}')", "Put", show=False) for to, key in TARGET_KEYS.items() if to != "left"),
        Binding("left", "steer(-1)", "Point at another place", show=False),
        Binding("right", "steer(1)", "Point at another place", show=False),
        Binding("d", "done", "Done"),
        Binding("t", "next_part", "Board"),
    ]

    def __init__(self, port: SeatPort, **kw):
        super().__init__(port, **kw)
        self.part = 0
        self._kind = ""
        self.add_class("-compact")

    def compose_board(self) -> ComposeResult:
        yield Static(id="th-hint", markup=False)
        with VerticalScroll(id="th-scroll"):
            yield FinalScores(id="th-final")  # shown once the game is over
            with Vertical(id="th-columns"):
                with Vertical(id="th-table"):
                    yield ShopBoard(id="th-shops")
                    yield TapestryLine(id="th-line")
                with Vertical(id="th-studios"):
                    if self.me is not None:
                        yield StudioBoard(id="th-studio")
                    yield OtherStudios(id="th-others")

    def on_mount(self) -> None:
        self._arrange(self.app.size)

    def on_resize(self, event: events.Resize) -> None:
        self._arrange(event.size)

    def _arrange(self, size: Size) -> None:
        wide = size.width >= WIDE_WIDTH
        self.set_class(wide, "-wide")
        self.set_class(not wide, "-compact")
        self.set_class(size.width < NARROW_WIDTH, "-narrow")

    def option_group(self, action: Action) -> str:
        return option_group(action)

    def option_key(self, view: GameState, action: Action) -> str | None:
        return option_key(action, self.legal)

    def named_keys(self, view: GameState) -> Collection[str]:
        return LINE_KEYS if self._deciding(view) == "take" else ()

    def press_named(self, key: str) -> bool:
        view = self.view
        assert isinstance(view, ThreadedState)
        if self._deciding(view) != "take" or key not in LINE_KEYS:
            return False
        position = int(key) - 1
        take = next((a for a in self.legal if isinstance(a, TakeTapestry) and a.position == position), None)
        if take is not None:
            self.choose(take)
        elif position >= len(view.line) or not view.line[position]:
            self.refuse(f"There is no tapestry at place {key} of the line.")
        else:
            threads = view.studio_threads(self.me) if self.me is not None else 0
            self.refuse(
                f"Tapestry {key} costs a thread on each of the {position} before it, and you have {threads} threads."
            )
        return True

    def keys_for(self, action: Action) -> tuple[str, ...]:
        key = option_key(action, self.legal)
        return keys_of(key) if key is not None else super().keys_for(action)

    def footer_state(self, view: GameState) -> tuple:
        assert isinstance(view, ThreadedState)
        return (*super().footer_state(view), view.phase, self._deciding(view))

    def _at_finishes(self, view: ThreadedState) -> bool:
        """This seat chooses at FINISHES now (t m r s are its four actions)."""
        return self._deciding(view) == "f_choice"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("shop", "finish", "done", "colour", "target", "steer") and self.allows(action):
            view = self.view  # as last shown: the key bar asks often
            assert isinstance(view, ThreadedState)
            if action == "shop":
                return view.phase == "plan"  # off (hidden) outside planning: d is Done again
            if action == "finish":
                return self._at_finishes(view)  # off elsewhere: t scrolls the board
            if action == "colour":
                return self._deciding(view) in COLOUR_KINDS  # off elsewhere: b, s and g mean the rest
            if action == "target":
                kind = self._deciding(view)
                return kind == "place" or (kind == "give" and parameters[:1] in (("left",), ("right",)))
            if action == "steer":
                return self.aim is not None
            return view.phase != "plan"
        return super().check_action(action, parameters)

    def why_off(self, action: str) -> str | None:
        if action == "shop":
            return "Shops are chosen by their letters a-f while planning."
        if action == "finish":
            return "m, r and s choose MAKE, REFRESH and SHARE when you choose at FINISHES."
        if action == "colour":
            return "Colour letters (b y p s n g) name a thread when you place, give or take threads."
        if action == "target":
            return "[ ] k x say where a thread goes when you place threads ([ and ] also give from the needle's ends)."
        if action == "steer":
            return None  # the arrows only move the placing cursor; elsewhere they are the list's
        return super().why_off(action)

    def action_shop(self, shop: str) -> None:
        if not self.port.my_turn():
            self.refuse(self.nothing_to_decide())
            return
        self.choose(PlaceAssistant(shop=shop))  # the rules accept it or say why not (its queue is full)

    def action_finish(self, choice: str) -> None:
        self.choose(Finish(choice=choice))  # the rules accept it or say what it needs

    def update_board(self, view: GameState, legal: list[Action]) -> None:
        assert isinstance(view, ThreadedState)
        table = build(view, self.me)
        title, hint = self._title(table), self._hint(table)
        self.query_one("#board", BoardPanel).show_title(title)
        shown = self.query_one("#th-hint", Static)
        if str(shown.content) != hint:
            shown.update(hint)
        self.set_class(table.phase == "over", "-over")
        for widget in (FinalScores, ShopBoard, TapestryLine, OtherStudios):
            for found in self.query(widget):
                found.show(table)
        self.show_studio(table, legal)
        kind = "over" if table.phase == "over" else table.decision_kind if self.port.my_turn() else ""
        if kind != self._kind:
            self._kind = kind
            if not kind:  # nothing to decide: the board stays where the player left it
                return
            target = FOCUS.get(kind, "th-studio" if self.me is not None else "th-shops")
            self.call_after_refresh(self._show_part, target)

    def _title(self, table: Scene) -> str:
        if table.phase == "over":
            return f"Threaded · round {table.round} · game over"
        where = "Plan" if table.phase == "plan" else f"Visit {table.shop}"
        first = table.studios[[s.first for s in table.studios].index(True)].name
        return f"Round {table.round} · {where} · ① {first}"

    def _hint(self, table: Scene) -> str:
        if table.phase == "over":
            return "Game over: commissions shown; g: scores"
        deciding = [s.name for s in table.studios if s.to_move]
        who = "You" if self.port.my_turn() else (deciding[0] if deciding else "")
        return f"{who}: {table.decision}"

    def _show_part(self, target: str) -> None:
        found = self.query(f"#{target}")
        parts = self._parts()
        if target in parts:  # t goes on from the part shown
            self.part = parts.index(target)
        if found and self.is_attached:
            scroll = self.query_one("#th-scroll", VerticalScroll)
            if target == PARTS[0]:  # the first part, maybe shown a moment ago and not laid out yet
                scroll.scroll_home(animate=False)
            else:
                scroll.scroll_to_widget(found.first(), animate=False, top=True)

    def action_done(self) -> None:
        done = Done()
        if done in self.port.legal():
            self.choose(done)
        else:
            view = self.port.view()
            assert isinstance(view, ThreadedState)
            self.notify(left_to_do(view, self.me), severity="warning")

    def _parts(self) -> list[str]:
        return [p for p in PARTS if self.query(f"#{p}") and self.query_one(f"#{p}").display]

    def action_next_part(self) -> None:
        parts = self._parts()
        self.part = min(self.part, len(parts) - 1)
        scroll = self.query_one("#th-scroll", VerticalScroll)
        shown, view = self.query_one(f"#{parts[self.part]}").region, scroll.scrollable_content_region
        if shown.bottom > view.bottom and shown.y <= view.y:  # a part taller than the board: its next page first
            scroll.scroll_relative(y=max(1, view.height - 1), animate=False)
            return
        self.part = (self.part + 1) % len(parts)
        self._show_part(parts[self.part])


SCREEN = ThreadedScreen
