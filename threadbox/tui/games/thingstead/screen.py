"""The Thingstead screen: the ring of Elders, the clan row, and both players' boards.

The options list holds every decision; the ring previews the highlighted one
(the played card aligned on the pawn, the followers each Elder would get)
before it is chosen.
"""

from __future__ import annotations

from collections.abc import Collection

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.geometry import Size
from textual.widgets import Static

from threadbox.controller import SeatPort
from threadbox.rules.core import Action, GameState
from threadbox.rules.thingstead import Influence, Move, Place, PlayToClan, PlayToThingstead, ThingsteadState
from threadbox.rules.thingstead.data import CLANS, ELDERS

from ...game_screen import GameScreen
from ...widgets import ActionList, BoardPanel
from .help_text import HELP
from .models import board, final_lines, letter, option_group
from .widgets import ClanRow, HandsPanel, RingView, ThingsteadColours
from .widgets.ring import LARGE, NORMAL

THINGSTEAD_KEY = "t"  # after a card's place in the hand: to the Thingstead
INFLUENCE_KEY = "i"  # the Thing step: influence first, then move
CLAN_KEYS = "".join(CLANS).lower()  # "psog", as the key bar shows the clan keys
ELDER_NUMBERS = frozenset(str(elder.number) for elder in ELDERS)
WIDE_WIDTH = 130  # from here the clan row stands beside the ring
# The large ring beside a clan row of 60 columns (its power's words on two lines), and its height
# under the hint with the table below: design choice, looked at from 150x45 to 200x60.
LARGE_ROOM, LARGE_HEIGHT = LARGE.width + 2 + 60, 40
WIDE_TITLE = 80  # the header names the game: a 60-column board's title leaves it out
PARTS = ("#ts-ring", "#ts-clans", "#ts-table")
STEP_HINTS = {  # one short line: the preview's words go on the second
    "play": "A card's place in hand, then t or p s o g.",
    "thing": "Elder No. to move (yours: stay), i: influence.",
    "push": "Shove the other pawn one space, or leave it.",
    "place": "Influence to use on the marked Elder.",
    "draw": "Draw from the face-up row or the deck.",
}


class ThingsteadScreen(GameScreen):
    """One seat's Thingstead table.

    | Key | Does |
    | :- | :- |
    | 1-7 then t, p s o g | play the card at that place in your hand to the Thingstead, or face down to a clan |
    | 3-9, i | move to the Elder with that number (or stay on yours); influence first |
    | up / down, enter, 0-9 | choose among the options (two digits: 16); the ring previews the highlighted one |
    | t | scroll the board to the next part (ring, clans, table); after a card's number, the Thingstead |
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
        &.-wide #ts-scroll { layout: grid; grid-size: 2; grid-columns: 49 1fr; grid-rows: auto; grid-gutter: 1 0; }
        /* No margins in the grid: an auto row leaves a margin out, and cut the ring's last line. */
        &.-wide #ts-ring { margin: 0; }
        &.-wide #ts-clans { margin: 0 0 0 1; }
        &.-wide #ts-table { column-span: 2; }
        &.-wide.-large #ts-scroll { grid-columns: 67 1fr; }
    }
    """

    # Where a card goes, after its place in the hand: t (the Thingstead; before the board's
    # t, which it stands for only while a card is chosen) or a clan's letter.
    BINDINGS = [
        Binding(THINGSTEAD_KEY, "to_thingstead", "Thingstead"),
        Binding(CLANS[0].lower(), f"destination('{CLANS[0]}')", "Clan", key_display=CLAN_KEYS),
        *(Binding(clan.lower(), f"destination('{clan}')", "Clan", show=False) for clan in CLANS[1:]),
        Binding(INFLUENCE_KEY, "influence", "Influence first", show=False),
        Binding("t", "next_part", "Board parts"),
    ]

    def __init__(self, port: SeatPort, **kw):
        super().__init__(port, **kw)
        self.part = 0
        self._highlighted: Action | None = None
        self.card: int | None = None  # the place in the hand (from 1) of the card chosen by its key

    def compose_board(self) -> ComposeResult:
        yield Static(id="ts-hint", markup=False)
        with VerticalScroll(id="ts-scroll"):
            yield RingView(id="ts-ring")
            yield ClanRow(id="ts-clans")
            yield HandsPanel(id="ts-table")

    def on_mount(self) -> None:
        self._arrange(self.app.size)

    def on_resize(self, event: events.Resize) -> None:
        self._arrange(event.size)

    def _arrange(self, size: Size) -> None:
        self.set_class(size.width >= WIDE_WIDTH, "-wide")
        self.call_after_refresh(self._fit_ring, size)

    def _fit_ring(self, size: Size) -> None:
        """The ring's size from the board's room: large, normal, or one line per Elder."""
        room = self.query_one("#ts-scroll", VerticalScroll).scrollable_content_region.width
        large = self.has_class("-wide") and room >= LARGE_ROOM and size.height >= LARGE_HEIGHT
        self.set_class(large, "-large")
        self.query_one(RingView).use(LARGE if large else NORMAL if room >= NORMAL.width else None)
        self._draw(self._view())  # the title's words, too, depend on the width

    # ---- drawing -------------------------------------------------------------
    def _view(self) -> ThingsteadState:
        view = self.port.view()
        assert isinstance(view, ThingsteadState)
        return view

    def option_group(self, action: Action) -> str:
        return option_group(action)

    def final_details(self) -> list[str]:
        return list(final_lines(self._view()))

    # ---- named keys: a card by its place in the hand, then where it goes; Elders by number
    def _hand(self, view: ThingsteadState) -> list[int]:
        me = self.port.seat
        return list(view.hands[me]) if me is not None else []

    def option_key(self, view: GameState, action: Action) -> str | None:
        assert isinstance(view, ThingsteadState)
        if isinstance(action, PlayToThingstead | PlayToClan):
            hand = self._hand(view)
            if action.card not in hand:
                return None
            where = THINGSTEAD_KEY if isinstance(action, PlayToThingstead) else action.clan.lower()
            return f"{hand.index(action.card) + 1} {where}"
        if isinstance(action, Move):
            return str(view.elder_at(action.to).number)
        if isinstance(action, Influence):
            return INFLUENCE_KEY
        return None

    def named_keys(self, view: GameState) -> Collection[str]:
        assert isinstance(view, ThingsteadState)
        if view.step == "play":
            return frozenset(str(place) for place in range(1, 10))  # the hand's places
        if view.step == "thing":
            return ELDER_NUMBERS | {INFLUENCE_KEY}
        return ()

    def press_named(self, key: str) -> bool:
        view = self._view()
        if not key.isdigit() or not self.port.my_turn():
            return False
        if view.step == "play":
            hand = self._hand(view)
            place = int(key)
            if not 1 <= place <= len(hand):
                self.refuse(f"Your hand holds {len(hand)} cards: press 1 to {len(hand)}.")
                return True
            self.card = place
            self.query_one(ActionList).highlight_action(PlayToThingstead(card=hand[place - 1]))
            self.refresh_bindings()
            self._draw(view)
            return True
        if view.step == "thing" and key in ELDER_NUMBERS:
            for action in self.port.legal():
                if isinstance(action, Move) and str(view.elder_at(action.to).number) == key:
                    self.choose(action)
                    return True
            self.refuse(f"Elder No. {key} is out of your pawn's reach now: the list shows where it can go.")
            return True
        if view.step == "thing":
            numbers = sorted(int(n) for n in ELDER_NUMBERS)
            self.refuse(f"There is no Elder No. {key}: the Elders are numbered {numbers[0]} to {numbers[-1]}.")
            return True
        return False

    def footer_state(self, view: GameState) -> tuple:
        assert isinstance(view, ThingsteadState)
        return (*super().footer_state(view), view.step, self.card is not None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        view = self.view  # as last shown: the key bar asks often
        assert isinstance(view, ThingsteadState)
        if action == "destination" and self.allows(action):
            return view.step == "play" and self.port.my_turn()
        if action == "to_thingstead" and self.allows(action):
            return view.step == "play" and self.port.my_turn() and self.card is not None  # else the board's
        if action == "next_part" and view.step == "play" and self.port.my_turn() and self.card is not None:
            return False  # t sends the picked card to the Thingstead now: the bar shows that meaning only
        return super().check_action(action, parameters)

    def why_off(self, action: str) -> str | None:
        if action == "destination":
            return f"{' '.join(CLAN_KEYS)} say which clan a card goes to, when you play a card."
        return super().why_off(action)

    def action_to_thingstead(self) -> None:
        self.action_destination("T")

    def action_destination(self, where: str) -> None:
        view = self._view()
        hand = self._hand(view)
        if self.card is None or self.card > len(hand):
            self.refuse(f"First press the card's place in your hand (1 to {len(hand)}), then where it goes.")
            return
        card = hand[self.card - 1]
        self.choose(PlayToThingstead(card=card) if where == "T" else PlayToClan(card=card, clan=where))

    def action_influence(self) -> None:
        if Influence() in self.port.legal():
            self.choose(Influence())
        else:
            self.refuse("Influence first is a choice of the Thing step, before your pawn moves.")

    def update_board(self, view: GameState, legal: list[Action]) -> None:
        assert isinstance(view, ThingsteadState)
        if self.card is not None and (view.step != "play" or not self.port.my_turn()):
            self.card = None  # the card was played (or the turn passed): the next one is chosen afresh
            self.refresh_bindings()
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
        self.query_one(HandsPanel).show(model.hands)
        hint = self.query_one("#ts-hint", Static)
        words = self._hint(view, model.ring.note)
        if hint.content != words:
            hint.update(words, layout=False)
        title = f"deck {len(view.deck)} · locked {letter(0)} {view.locked_by(0)} {letter(1)} {view.locked_by(1)}"
        if self.app.size.width >= WIDE_TITLE:  # a narrow board's title fits without the game's name
            title = f"Thingstead · {title}"
        self.query_one("#board", BoardPanel).show_title(title)

    def _hint(self, view: ThingsteadState, note: str) -> str:
        if view.step == "over":
            return view.end_reason + " Press g for the scores."
        if not self.port.my_turn():
            return f"{view.name_of(view.current)} is playing."
        text = STEP_HINTS.get(view.step, "")
        hand = self._hand(view)
        if view.step == "play" and self.card is not None and self.card <= len(hand):
            keys = " ".join(CLAN_KEYS)
            text = f"Card {self.card}: {THINGSTEAD_KEY} Thingstead, or a clan {keys}."
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
