"""The Threaded screen: shops and queues, the tapestry line, your studio, the other studios.

The board is one scrolling column of component widgets (two columns on a
wide terminal). Every decision is in the options list; the board scrolls to
the part of the table the decision is about.
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.geometry import Size
from textual.widgets import Static

from threadbox.controller import SeatPort
from threadbox.rules.core import Action, GameState
from threadbox.rules.threaded import ThreadedState
from threadbox.rules.threaded.actions import Done, Finish, PlaceAssistant
from threadbox.rules.threaded.data import SHOPS
from threadbox.rules.threaded.words import left_to_do

from ...game_screen import GameScreen
from ...widgets import BoardPanel
from .help_text import HELP
from .models import Scene, build, option_group
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
# FINISHES' four actions by their initials (t: TAKE there, the board's t key elsewhere).
FINISH_KEYS = {"take": "t", "make": "m", "refresh": "r", "share": "s"}


class ThreadedScreen(GameScreen):
    """One seat's Threaded table.

    | Key | Does |
    | :- | :- |
    | a-f | while planning: send an assistant to that shop (d: DARN GOOD THREAD) |
    | t m r s | at FINISHES: TAKE, MAKE, REFRESH, SHARE |
    | 0-9, arrows + enter | choose an option (two digits: 16) |
    | d | finish placing / pass / end the turn (the option "done", when offered; not while planning) |
    | t | scroll the board to its next part (a tall part a page at a time; not while choosing at FINISHES) |
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
    # while planning and at FINISHES; one entry on the key bar for each set.
    BINDINGS = [
        Binding(SHOPS[0].lower(), f"shop('{SHOPS[0]}')", "Shop", key_display="a-f"),
        *(Binding(shop.lower(), f"shop('{shop}')", "Shop", show=False) for shop in SHOPS[1:]),
        Binding("t", "finish('take')", "Finishes", key_display="tmrs"),
        *(
            Binding(key, f"finish('{choice}')", "Finishes", show=False)
            for choice, key in FINISH_KEYS.items()
            if key != "t"
        ),
        Binding("d", "done", "Done"),
        Binding("t", "next_part", "Board"),
    ]

    def __init__(self, port: SeatPort, **kw):
        super().__init__(port, **kw)
        self.part = 0
        self._kind = ""
        self.add_class("-compact")

    @property
    def me(self) -> int | None:
        return self.port.seat

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
        if isinstance(action, PlaceAssistant):
            return action.shop.lower()
        if isinstance(action, Finish):
            return FINISH_KEYS[action.choice]
        return None

    def footer_state(self, view: GameState) -> tuple:
        assert isinstance(view, ThreadedState)
        return (*super().footer_state(view), view.phase, self._at_finishes(view))

    def _at_finishes(self, view: ThreadedState) -> bool:
        """This seat chooses at FINISHES now (t m r s are its four actions)."""
        return bool(view.stack) and view.stack[-1].kind == "f_choice" and self.port.my_turn()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("shop", "finish", "done") and self.allows(action):
            view = self.view  # as last shown: the key bar asks often
            assert isinstance(view, ThreadedState)
            if action == "shop":
                return view.phase == "plan"  # off (hidden) outside planning: d is Done again
            if action == "finish":
                return self._at_finishes(view)  # off elsewhere: t scrolls the board
            return view.phase != "plan"
        return super().check_action(action, parameters)

    def why_off(self, action: str) -> str | None:
        if action == "shop":
            return "Shops are chosen by their letters a-f while planning."
        if action == "finish":
            return "m, r and s choose MAKE, REFRESH and SHARE when you choose at FINISHES."
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
        scene = build(view, self.me)
        title, hint = self._title(scene), self._hint(scene)
        self.query_one("#board", BoardPanel).show_title(title)
        shown = self.query_one("#th-hint", Static)
        if str(shown.content) != hint:
            shown.update(hint)
        self.set_class(scene.phase == "over", "-over")
        for widget in (FinalScores, ShopBoard, TapestryLine, StudioBoard, OtherStudios):
            for found in self.query(widget):
                found.show(scene)
        kind = "over" if scene.phase == "over" else scene.decision_kind if self.port.my_turn() else ""
        if kind != self._kind:
            self._kind = kind
            if not kind:  # nothing to decide: the board stays where the player left it
                return
            target = FOCUS.get(kind, "th-studio" if self.me is not None else "th-shops")
            self.call_after_refresh(self._show_part, target)

    def _title(self, scene: Scene) -> str:
        if scene.phase == "over":
            return f"Threaded · round {scene.round} · game over"
        where = "Plan" if scene.phase == "plan" else f"Visit {scene.shop}"
        first = scene.studios[[s.first for s in scene.studios].index(True)].name
        return f"Round {scene.round} · {where} · ① {first}"

    def _hint(self, scene: Scene) -> str:
        if scene.phase == "over":
            return "Game over: commissions shown; g: scores"
        deciding = [s.name for s in scene.studios if s.to_move]
        who = "You" if self.port.my_turn() else (deciding[0] if deciding else "")
        return f"{who}: {scene.decision}"

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
