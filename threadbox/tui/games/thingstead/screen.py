"""The Thingstead screen: the ring of Elders, the clan row, and both players' boards.

The options list holds every decision; the ring previews the highlighted one
(the played card aligned on the pawn, the followers each Elder would get)
before it is chosen. Every option is named by keys (``keys.py``: a hand card's
place then where it goes, an Elder's number, a count, a row card's place, d),
and the highlighted option is the board cursor ▶ (``pointing.py``), moved by
left / right and the mouse: the list and the board point at the same thing.
"""

from __future__ import annotations

from collections.abc import Collection
from weakref import WeakKeyDictionary

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.geometry import Size
from textual.widgets import Static

from threadbox.controller import SeatPort
from threadbox.rules.core import Action, GameState
from threadbox.rules.thingstead import DrawFromDeck, Influence, PlayToClan, PlayToThingstead, ThingsteadState
from threadbox.rules.thingstead.data import CLANS

from ...game_screen import GameScreen
from ...widgets import ActionList, BoardPanel
from . import keys as named
from . import pointing
from .help_text import HELP
from .keys import CLAN_KEYS, DECK_KEY, DIGITS, INFLUENCE_KEY, THINGSTEAD_KEY, Places
from .models import board, final_lines, letter, option_group
from .pointing import Spot
from .widgets import ClanRow, HandsPanel, RingView, ThingsteadColours
from .widgets.ring import CENTRE, LARGE, NORMAL

WIDE_WIDTH = 130  # from here the clan row stands beside the ring
# The large ring beside a clan row of 60 columns (its power's words on two lines), and its height
# under the hint with the table below: design choice, looked at from 150x45 to 200x60.
LARGE_ROOM, LARGE_HEIGHT = LARGE.width + 2 + 60, 40
WIDE_TITLE = 80  # the header names the game: a 60-column board's title leaves it out
PARTS = ("#ts-ring", "#ts-clans", "#ts-table")
STEP_HINTS = {  # one short line: the preview's words go on the second
    "play": "A card's place in hand, then t or p s o g.",
    "thing": "Elder No. to move (yours: stay), i: influence.",
    "push": "Shove: the Elder No. to put their pawn on.",
    "place": "Followers for the ▶ Elder: 0 to {most}.",
    "draw": "Draw: a row card's place, or d the deck.",
}
# The places each seat's cards were last shown in, per app and game (its ring's order and its
# players): a hot-seat game shows a new screen at every hand-off, and the cards keep their keys.
_SEEN: WeakKeyDictionary[App, dict[tuple, Places]] = WeakKeyDictionary()
PARTS_OF = {"elder": "#ts-ring", "thingstead": "#ts-ring", "clan": "#ts-clans", "row": "#ts-table", "deck": "#ts-table"}


class ThingsteadScreen(GameScreen):
    """One seat's Thingstead table.

    | Key | Does |
    | :- | :- |
    | 1-6 then t, p s o g | play the card at that place in your hand to the Thingstead, or face down to a clan |
    | 3-9, i | move to the Elder with that number (or stay on yours); influence first |
    | 3-9 (shoving) | put the other pawn on the Elder with that number (its own: leave it) |
    | 0-9 (placing) | use that many followers' influence on the marked Elder |
    | 1-3, d (drawing) | take the face-up row card at that place, or the top of the deck |
    | left / right | the board cursor ▶ to the next option round the board (Elder, clan, row card); the list follows |
    | enter | do what the cursor points at (the highlighted option) |
    | up / down | move in the options list; the board cursor follows |
    | t | scroll the board to the next part (ring, clans, table); after a card's number, the Thingstead |
    | mouse over, click | point at an Elder, the Thingstead, a clan; a click does it |
    """

    view: ThingsteadState

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
        Binding(DECK_KEY, "deck", "Deck"),
        Binding("left", "point(-1)", "Point", key_display="←→", priority=True),
        Binding("right", "point(1)", "", show=False, priority=True),  # listed with left: "←→ Point"
        Binding("enter", "point_act", "Do what ▶ points at", show=False),  # the list takes Enter first when focused
        Binding("t", "next_part", "Board parts"),
    ]

    def __init__(self, port: SeatPort, **kw):
        super().__init__(port, **kw)
        self.part = 0
        self._highlighted: Action | None = None
        self.card: int | None = None  # the place in the hand (from 1) of the card chosen by its key
        self._places = Places()  # the hand and the face-up row by place: their keys (keys.kept_places)
        self._places_of: tuple[tuple[int, ...], tuple[int, ...]] | None = None  # what they were worked out from
        self._pointed_part = "#ts-ring"  # the board part the cursor was last in

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
        self.call_after_refresh(self._scroll_to_part, self._pointed_part)  # the parts moved

    # ---- drawing -------------------------------------------------------------
    def _view(self) -> ThingsteadState:
        view = self.port.view()
        assert isinstance(view, ThingsteadState)
        return view

    def option_group(self, action: Action) -> str:
        return option_group(action)

    def final_details(self) -> list[str]:
        return list(final_lines(self._view()))

    # ---- named keys: see keys.py
    def places(self, view: ThingsteadState | None = None) -> Places:
        """The seat's hand and the face-up row by place, each card kept in its place while it
        stays (a drawn card takes the played one's): the places are the cards' keys."""
        view = view or self.view
        me = self.port.seat
        now = (tuple(view.hands[me]) if me is not None else (), tuple(view.row))
        if now != self._places_of:
            if self.read_only:  # a replay steps back and forth: the rules' order, the same at each step
                self._places_of, self._places = now, Places().following(view, me)
                return self._places
            seen = _SEEN.setdefault(self.app, {})
            game = (tuple(view.ring), tuple(view.names), me)
            kept = self._places if self._places_of is not None else seen.get(game, Places())
            self._places_of, self._places = now, kept.following(view, me)
            seen[game] = self._places
        return self._places

    def _hand(self, view: ThingsteadState) -> list[int]:
        return list(self.places(view).hand)

    def option_key(self, view: GameState, action: Action) -> str | None:
        assert isinstance(view, ThingsteadState)
        me = self.port.seat
        return None if me is None else named.option_key(view, me, action, self.places(view))

    def named_keys(self, view: GameState) -> Collection[str]:
        assert isinstance(view, ThingsteadState)
        return () if view.step == "over" else DIGITS  # every digit names a thing in every step

    def keys_for(self, action: Action) -> tuple[str, ...]:
        key = self.option_key(self.view, action)
        return tuple(key.split()) if key else super().keys_for(action)

    def at_rest(self) -> None:
        super().at_rest()
        if self.card is not None:
            self.card = None
            self.refresh_bindings()
            self._draw(self.view)

    def press_named(self, key: str) -> bool:
        view = self.view
        me = self.port.seat
        if not key.isdigit() or not self.port.my_turn() or me is None or view.step == "over":
            return False
        if view.step == "play":
            hand = self._hand(view)
            place = int(key)
            if not 1 <= place <= len(hand) or hand[place - 1] < 0:
                self.refuse(named.hand_refusal(self.places(view), key))
                return True
            self._hold(place)
            return True
        action = named.named_by(view, me, self.legal, key, self.places(view))
        if action is not None:
            self.choose(action)
        else:
            self.refuse(named.digit_refusal(view, me, self.legal, key, self.places(view)))
        return True

    def _hold(self, place: int) -> None:
        """The card at ``place`` in the hand is picked: its destination comes next (a key or the cursor)."""
        view = self.view
        card = self._hand(view)[place - 1]
        self.card = place
        if pointing.held_card(self._highlighted) != card:
            self._point(PlayToThingstead(card=card))
        self.refresh_bindings()
        self._draw(view)

    def footer_state(self, view: GameState) -> tuple:
        assert isinstance(view, ThingsteadState)
        return (*super().footer_state(view), view.step, self.card is not None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        view = self.view  # as last shown: the key bar asks often
        assert isinstance(view, ThingsteadState)
        mine = self.port.my_turn() and self.allows(action)
        if action == "destination" and self.allows(action):
            return view.step == "play" and self.port.my_turn()
        if action == "to_thingstead" and self.allows(action):
            return view.step == "play" and self.port.my_turn() and self.card is not None  # else the board's
        if action == "next_part" and view.step == "play" and self.port.my_turn() and self.card is not None:
            return False  # t sends the picked card to the Thingstead now: the bar shows that meaning only
        if action == "deck":
            return mine and view.step == "draw"
        if action in ("point", "point_act"):
            return mine and bool(self.legal)
        return super().check_action(action, parameters)

    def why_off(self, action: str) -> str | None:
        if action == "destination":
            return f"{' '.join(CLAN_KEYS)} say which clan a card goes to, when you play a card."
        if action == "deck":
            return f"{DECK_KEY} draws the top card of the deck, when you draw after playing a card."
        if action in ("point", "point_act"):
            return "The board cursor points at what you may do, when you have a decision."
        return super().why_off(action)

    def action_to_thingstead(self) -> None:
        self.action_destination("T")

    def action_destination(self, where: str) -> None:
        view = self.view
        hand = self._hand(view)
        if self.card is None or self.card > len(hand) or hand[self.card - 1] < 0:
            places = named.in_words(tuple(hand)) if any(c >= 0 for c in hand) else "none"
            self.refuse(f"First press the card's place in your hand ({places}), then where it goes.")
            return
        card = hand[self.card - 1]
        self.choose(PlayToThingstead(card=card) if where == "T" else PlayToClan(card=card, clan=where))

    def action_influence(self) -> None:
        if Influence() in self.legal:
            self.choose(Influence())
        else:
            self.refuse("Influence first is a choice of the Thing step, before your pawn moves.")

    def action_deck(self) -> None:
        self.choose(DrawFromDeck())  # the rules say why not when the deck is used up

    # ---- the board cursor: the highlighted option, drawn where it acts (see pointing.py)
    def _point(self, action: Action) -> bool:
        """Put the cursor (and the list's highlight) on ``action``; False if the filter hides it."""
        if not self.query_one(ActionList).highlight_action(action):
            return self.refuse("The typed filter hides that option: Escape shows every option.")
        self._now_highlighted(action)
        return True

    def action_point(self, step: int) -> None:
        me = self.port.seat
        if me is None:
            return
        view = self.view
        assert isinstance(view, ThingsteadState)
        moved = pointing.stepped(view, me, self.legal, self._highlighted, self.places(view), step)
        if moved is None:
            self.refuse("Nothing on the board to point at now: choose from the list.")
        elif moved == self._highlighted:
            self.refuse(f"Only this is on offer now: {self.port.describe(moved)}. Enter does it.")
        else:
            self._point(moved)

    def action_point_act(self) -> None:
        if self._highlighted in self.legal:
            self.choose(self._highlighted)

    def _at(self, spot: Spot) -> Action | None:
        me = self.port.seat
        if me is None or not self.port.my_turn():
            return None
        view = self.view
        assert isinstance(view, ThingsteadState)
        return pointing.action_at(view, me, self.legal, self._highlighted, self.places(view), spot)

    def _point_at(self, spot: Spot) -> None:
        action = self._at(spot)
        if action is not None and action != self._highlighted:
            self._point(action)

    def _act_at(self, spot: Spot, nothing: str) -> None:
        action = self._at(spot)
        if action is None:
            self.refuse(nothing)
        elif self._point(action):
            self.choose(action)

    def update_board(self, view: GameState, legal: list[Action]) -> None:
        assert isinstance(view, ThingsteadState)
        if self.card is not None and (view.step != "play" or not self.port.my_turn()):
            self.card = None  # the card was played (or the turn passed): the next one is chosen afresh
            self.refresh_bindings()
        self._highlighted = self.query_one(ActionList).highlighted_action
        self._draw(view)
        self._show_pointed(view)

    def _draw(self, view: ThingsteadState) -> None:
        me = self.port.seat
        model = board(view, me, self._highlighted, self.places(view))
        self.query_one(RingView).show(model.ring)
        self.query_one(ClanRow).show(model.clans, me)
        self.query_one(HandsPanel).show(model.table)
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
        if view.step == "place":
            text = text.format(most=view.max_use(view.current, view.place_step) if view.targets else 0)
        hand = self._hand(view)
        if view.step == "play" and self.card is not None and self.card <= len(hand):
            keys = " ".join(CLAN_KEYS)
            text = f"Card {self.card}: {THINGSTEAD_KEY} Thingstead, or a clan {keys}."
        return f"{text}\n{note}" if note else text

    def on_action_list_highlighted(self, event: ActionList.Highlighted) -> None:
        self._now_highlighted(event.action)

    def _now_highlighted(self, action: Action | None) -> None:
        """The list's highlight (and so the board cursor) is on ``action`` now: draw it there."""
        if action == self._highlighted:
            return
        self._highlighted = action
        view = self.view
        assert isinstance(view, ThingsteadState)
        held = pointing.held_card(action)
        hand = self._hand(view)
        if self.card is not None and held is not None and (self.card > len(hand) or hand[self.card - 1] != held):
            self.card = None  # another card is highlighted: the picked one is put back
            self.refresh_bindings()
        self._draw(view)
        self._show_pointed(view)

    def _show_pointed(self, view: ThingsteadState) -> None:
        """Bring the board part the cursor is in into view, when the cursor moves to another part."""
        me = self.port.seat
        if me is None or self.read_only or not self.port.my_turn():
            return  # a replay's board stays where the viewer put it
        spot = pointing.spot_of(view, me, self._highlighted, self.places(view))
        part = PARTS_OF[spot.kind] if spot is not None else self._pointed_part
        if part != self._pointed_part:
            self._pointed_part = part
            self.call_after_refresh(self._scroll_to_part, part)  # once laid out (a new turn's layout too)

    def _scroll_to_part(self, part: str) -> None:
        if part == self._pointed_part:
            scroll = self.query_one("#ts-scroll", VerticalScroll)
            scroll.scroll_to_widget(self.query_one(part), animate=False, top=False)

    # ---- keys and clicks ---------------------------------------------------------
    def action_next_part(self) -> None:
        self.part = (self.part + 1) % len(PARTS)
        # No animation: the part is there in the next frame, as in the other games.
        scroll = self.query_one("#ts-scroll", VerticalScroll)
        scroll.scroll_to_widget(self.query_one(PARTS[self.part]), top=True, animate=False)

    def on_ring_view_pointed(self, event: RingView.Pointed) -> None:
        self._point_at(Spot("thingstead") if event.position == CENTRE else Spot("elder", event.position))

    def on_ring_view_elder_clicked(self, event: RingView.ElderClicked) -> None:
        if event.position == CENTRE:
            self._act_at(Spot("thingstead"), "The Thingstead takes a card from your hand, when you play one.")
            return
        elder = self.view.elder_at(event.position).label()
        self._act_at(Spot("elder", event.position), f"{elder} is not one of your options now.")

    def on_clan_row_pointed(self, event: ClanRow.Pointed) -> None:
        self._point_at(Spot("clan", event.clan))

    def on_clan_row_clicked(self, event: ClanRow.Clicked) -> None:
        name = CLANS[event.clan]
        self._act_at(Spot("clan", event.clan), f"The {name} clan takes a card face down, when you play one.")

    def on_hands_panel_clicked(self, event: HandsPanel.Clicked) -> None:
        if event.part == "hand":
            if self.view.step == "play" and self.port.my_turn():
                self._hold(event.place + 1)
            else:
                self.refuse("A card from your hand is played at the start of your turn.")
        elif event.part == "row":
            self._act_at(Spot("row", event.place), "The face-up row is drawn from after playing a card.")
        else:
            self._act_at(Spot("deck"), "The deck is drawn from after playing a card.")
