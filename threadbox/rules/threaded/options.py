"""What each decision offers: the options of the frame on top of the stack.

The options of the decision now are worked out once per state: ``flow.advance``
stores them after setup and after every action (``remember``), and
``legal_actions`` and ``why_illegal`` read them (``now``). They live in the
state's ``__dict__`` under a key that is not a field, so JSON and ``==`` ignore
them, and copies and views start without. Code that changes a state other than
through ``apply`` (tests building a position) calls ``forget`` afterwards.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core import Action
from .actions import (
    Choose,
    ChooseShop,
    Done,
    Finish,
    Give,
    MakeTapestry,
    PickThread,
    Place,
    PlaceAssistant,
    Swap,
    TakeCard,
    TakeTapestry,
    UseEquipment,
)
from .data import (
    A_GIVE,
    BASKET_SIZE,
    COLOURS,
    COMMISSION_LIMIT,
    EQUIPMENT_CARD,
    EQUIPMENT_LIMIT,
    HAND_LIMIT,
    MAKE_SPEND,
    REFRESH_GIVE,
    SHARE_GIVE,
    SHOPS,
    TAPESTRY,
)
from .equipment import front_moves, rooms, usable
from .frames import Frame
from .table import Table

CACHE_KEY = "options_now"  # not a field of the state


def remember(st: Table, top: Frame, options: list[Action]) -> None:
    st.__dict__[CACHE_KEY] = (top, options)


def forget(st: Table) -> None:
    """Drop the stored options: call after changing a state other than through ``apply``."""
    st.__dict__.pop(CACHE_KEY, None)


def now(st: Table) -> list[Action]:
    """The options of the decision on top (empty when there is none); do not change the list."""
    if st.phase == "over" or not st.stack:
        return []
    top = st.stack[-1]
    stored = st.__dict__.get(CACHE_KEY)
    if stored is not None and stored[0] is top:
        return stored[1]
    return options(st, top)


def _distinct(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(items))


# The actions, each made once: option lists are rebuilt after every action, and the
# same value in every list lets why_illegal find the chosen one by identity.
PLACE = {
    (source, c, to): Place(source=source, colour=c, to=to)
    for source in ("new", "basket")
    for c in COLOURS
    for to in ("left", "right", "basket", "scraps")
}
PICK = {c: PickThread(colour=c) for c in COLOURS}
GIVE = {s: Give(source=s) for s in ("left", "right", *COLOURS)}
ASSISTANT = {s: PlaceAssistant(shop=s) for s in SHOPS}
FINISH = {c: Finish(choice=c) for c in ("take", "make", "refresh", "share")}
MOVE = {s: ChooseShop(shop=s) for s in SHOPS}
CHOOSE = (Choose(yes=True), Choose(yes=False))
DONE = Done()
_TAKE_CARD: dict[str, TakeCard] = {}
_USE: dict[str, UseEquipment] = {}
_TAPESTRY: dict[int, TakeTapestry] = {}
_MAKE: dict[tuple[str, str], MakeTapestry] = {}
_SWAP: dict[int, Swap] = {}


def take_card(card: str) -> TakeCard:
    action = _TAKE_CARD.get(card)
    if action is None:
        action = _TAKE_CARD[card] = TakeCard(card=card)
    return action


def use(card: str) -> UseEquipment:
    action = _USE.get(card)
    if action is None:
        action = _USE[card] = UseEquipment(card=card)
    return action


def take_tapestry(position: int) -> TakeTapestry:
    action = _TAPESTRY.get(position)
    if action is None:
        action = _TAPESTRY[position] = TakeTapestry(position=position)
    return action


def make(card: str, end: str) -> MakeTapestry:
    action = _MAKE.get((card, end))
    if action is None:
        action = _MAKE[card, end] = MakeTapestry(card=card, end=end)
    return action


def swap(position: int) -> Swap:
    action = _SWAP.get(position)
    if action is None:
        action = _SWAP[position] = Swap(position=position)
    return action


# ---- finishes ----------------------------------------------------------------------
def matches(needle: list[str], card: str) -> list[str]:
    """The needle ends whose 3 threads, read left to right, show the tapestry's colours."""
    colours = list(TAPESTRY[card].colours)
    if len(needle) < MAKE_SPEND:
        return []
    ends = []
    if needle[:MAKE_SPEND] == colours:
        ends.append("left")
    if needle[-MAKE_SPEND:] == colours and (len(needle) > MAKE_SPEND or not ends):
        ends.append("right")
    return ends


def finishes_open(st: Table, seat: int) -> list[str]:
    threads = st.studio_threads(seat)
    out = []
    if any(card and i <= threads for i, card in enumerate(st.line)):
        out.append("take")
    if any(matches(st.needles[seat], c) for c in st.hands[seat]):
        out.append("make")
    if threads >= REFRESH_GIVE:
        out.append("refresh")
    if threads >= SHARE_GIVE:
        out.append("share")
    return out


# ---- options ---------------------------------------------------------------------
def options(st: Table, f: Frame) -> list[Action]:
    seat, kind = f.seat, f.kind
    if kind == "plan":
        return [ASSISTANT[s] for s in SHOPS if len(st.queues[s]) < st.spots(s)]
    if kind in ("window", "start", "wrap"):
        cards = usable(st, seat)
        return [*(use(c) for c in cards), DONE] if cards else []
    if kind == "f_choice":
        if f.n <= 0:
            return []
        cards = usable(st, seat)
        picks: list[Action] = [FINISH[c] for c in finishes_open(st, seat)]
        equipment: list[Action] = [use(c) for c in cards]
        if picks:
            return picks + equipment
        return [*equipment, DONE] if equipment else []
    if kind == "a_offer":
        moves: list[Action] = [MOVE[s] for s in SHOPS[1:]] if st.studio_threads(seat) >= A_GIVE else []
        return [*moves, DONE]
    if kind == "b_faceup":
        return [take_card(c) for c in st.equipment_offer if c]
    if kind == "keep":
        drawn = st.drawn[seat]
        out: list[Action] = [take_card(c) for c in _distinct(drawn)]
        if len(drawn) > 1:
            out += [use(c) for c in st.equipment[seat] if EQUIPMENT_CARD[c].effect == "keep_both"]
        return out
    if kind == "d_pick":
        return [PICK[c] for c in _distinct(st.darn)] if f.n > 0 else []
    if kind == "e_pick":
        return [PICK[c] for c in _distinct(st.ends)]
    if kind == "take":
        threads = st.studio_threads(seat)
        return [take_tapestry(i) for i, c in enumerate(st.line) if c and (f.then == "free" or threads >= i)]
    if kind == "make":
        return [make(c, e) for c in _distinct(st.hands[seat]) for e in matches(st.needles[seat], c)]
    if kind == "free_make":
        return [make(c, "free") for c in _distinct(st.hands[seat])]
    if kind == "give":
        return [GIVE[s] for s in st.give_sources(seat)] if f.n > 0 else []
    if kind == "share":
        return [
            *(PICK[c] for c in COLOURS if st.scraps[c] - (c == f.colour) > 0),
            DONE,
        ]
    if kind == "place":
        return place_options(st, f)
    if kind == "discard_equipment":
        over = len(st.equipment[seat]) > EQUIPMENT_LIMIT
        return [take_card(c) for c in st.equipment[seat]] if over else []
    if kind == "discard_commission":
        over = len(st.commissions[seat]) > COMMISSION_LIMIT
        return [take_card(c) for c in st.commissions[seat]] if over else []
    if kind == "discard_tapestry":
        over = len(st.hands[seat]) > HAND_LIMIT
        return [take_card(c) for c in st.hands[seat]] if over else []
    if kind == "front":
        return list(front_moves(st, seat))
    if kind == "extra":
        return [MOVE[s] for s in rooms(st)]
    if kind == "equip_pick":
        pile = st.equipment_discard if f.then == "discard" else st.equipment_offer
        return [take_card(c) for c in _distinct(pile) if c]
    if kind in ("restock_q", "refresh_q"):
        return list(CHOOSE)
    if kind == "comm_pick":
        return [take_card(c) for c in st.commission_discard]
    if kind == "swap":
        return [swap(i) for i in range(len(st.needles[seat]))] if st.bag[f.colour] > 0 else []
    raise AssertionError(f"no options for frame {kind}")


def place_options(st: Table, f: Frame) -> list[Action]:
    seat = f.seat
    ends = ["left", "right"] if st.needles[seat] else ["left"]
    out: list[Action] = [PLACE["new", c, to] for c in _distinct(f.threads) for to in (*ends, "basket", "scraps")]
    out += [PLACE["basket", c, to] for c in _distinct(st.baskets[seat]) for to in (*ends, "scraps")]
    if not f.threads and len(st.baskets[seat]) <= BASKET_SIZE:
        out.append(DONE)
    return out
