"""What each decision offers: the options of the frame on top of the stack.

The options of the decision now are worked out once per state: ``flow.advance``
stores them after setup and after every action (``remember``), and
``legal_actions`` reads them (``now``). They are kept beside the state's
fields (``GameState.keep_beside``), so JSON and ``==`` ignore them, and copies
and views start without. Code that changes a state other than
through ``apply`` (tests building a position) calls ``forget`` afterwards.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

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
    NEEDLE_SIZE,
    QUEUE_SPOTS,
    REFRESH_GIVE,
    SHARE_GIVE,
    SHOPS,
    TAPESTRY,
)
from .equipment import front_moves, rooms, usable
from .frames import Frame
from .workshop import Workshop

CACHE_KEY = "options_now"  # not a field of the state


def remember(st: Workshop, top: Frame, options: list[Action]) -> None:
    st.keep_beside(CACHE_KEY, (top, options))


def forget(st: Workshop) -> None:
    """Drop the stored options (and those ``legal_actions`` handed out): call after changing a
    state other than through ``apply``."""
    st.drop_kept(CACHE_KEY)
    st.forget_options()


def now(st: Workshop) -> list[Action]:
    """The options of the decision on top (empty when there is none); do not change the list."""
    if st.phase == "over" or not st.stack:
        return []
    top = st.stack[-1]
    stored: tuple[Frame, list[Action]] | None = st.kept_beside(CACHE_KEY)
    if stored is not None and stored[0] is top:
        return stored[1]
    return options(st, top)


def _distinct(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(items))


# The actions, each made once: option lists are rebuilt after every action, and a shared
# value spares validating a new model each time.
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
def matches(needle: tuple[str, ...], card: str) -> list[str]:
    """The needle ends whose 3 threads, read left to right, show the tapestry's colours."""
    colours = TAPESTRY[card].colours
    if len(needle) < MAKE_SPEND:
        return []
    ends = []
    if needle[:MAKE_SPEND] == colours:
        ends.append("left")
    if needle[-MAKE_SPEND:] == colours and (len(needle) > MAKE_SPEND or not ends):
        ends.append("right")
    return ends


def finishes_open(st: Workshop, seat: int) -> list[str]:
    needle = st.needles[seat]
    threads = len(needle) + len(st.baskets[seat])
    out = []
    if any(st.line[: threads + 1]):  # the tapestry at position i costs i threads
        out.append("take")
    if len(needle) >= MAKE_SPEND and any(matches(needle, c) for c in st.hands[seat]):
        out.append("make")
    if threads >= REFRESH_GIVE:
        out.append("refresh")
    if threads >= SHARE_GIVE:
        out.append("share")
    return out


# ---- options ---------------------------------------------------------------------
def options(st: Workshop, f: Frame) -> list[Action]:
    offers = OPTIONS.get(f.kind)
    if offers is None:
        raise AssertionError(f"no options for frame {f.kind}")
    return offers(st, f)


def _plan(st: Workshop, f: Frame) -> list[Action]:
    spots, queues = QUEUE_SPOTS[st.players], st.queues
    return [ASSISTANT[s] for s in SHOPS if len(queues[s]) < spots[s]]


def _equipment_moment(st: Workshop, f: Frame) -> list[Action]:
    if not st.equipment[f.seat]:
        return []
    cards = usable(st, f.seat)
    return [*(use(c) for c in cards), DONE] if cards else []


def _finishes(st: Workshop, f: Frame) -> list[Action]:
    if f.n <= 0:
        return []
    seat = f.seat
    cards = usable(st, seat) if st.equipment[seat] else []
    picks: list[Action] = [FINISH[c] for c in finishes_open(st, seat)]
    equipment: list[Action] = [use(c) for c in cards]
    if picks:
        return picks + equipment
    return [*equipment, DONE] if equipment else []


def _awl(st: Workshop, f: Frame) -> list[Action]:
    moves: list[Action] = [MOVE[s] for s in SHOPS[1:]] if st.studio_threads(f.seat) >= A_GIVE else []
    return [*moves, DONE]


def _keep(st: Workshop, f: Frame) -> list[Action]:
    drawn = st.drawn[f.seat]
    out: list[Action] = [take_card(c) for c in _distinct(drawn)]
    if len(drawn) > 1:
        out += [use(c) for c in st.equipment[f.seat] if EQUIPMENT_CARD[c].effect == "keep_both"]
    return out


def _take(st: Workshop, f: Frame) -> list[Action]:
    threads = st.studio_threads(f.seat)
    return [take_tapestry(i) for i, c in enumerate(st.line) if c and (f.then == "free" or threads >= i)]


def _share(st: Workshop, f: Frame) -> list[Action]:
    return [*(PICK[c] for c in COLOURS if st.scraps[c] - (c == f.colour) > 0), DONE]


def _place(st: Workshop, f: Frame) -> list[Action]:
    seat = f.seat
    needle = st.needles[seat]
    ends = ["left", "right"] if needle else ["left"]
    if f.then == "rearrange":  # F11: between needle and basket only, so nothing is pushed off to scraps
        ends = ends if len(needle) < NEEDLE_SIZE else []
        out: list[Action] = [PLACE["new", c, to] for c in _distinct(f.threads) for to in (*ends, "basket")]
        out += [PLACE["basket", c, to] for c in _distinct(st.baskets[seat]) for to in ends]
        if not f.threads and len(st.baskets[seat]) <= BASKET_SIZE:
            out.append(DONE)
        return out
    out = [PLACE["new", c, to] for c in _distinct(f.threads) for to in (*ends, "basket", "scraps")]
    out += [PLACE["basket", c, to] for c in _distinct(st.baskets[seat]) for to in (*ends, "scraps")]
    if not f.threads and len(st.baskets[seat]) <= BASKET_SIZE:
        out.append(DONE)
    return out


def _discard(field: str, limit: int) -> Callable[[Workshop, Frame], list[Action]]:
    """Over the limit, the seat discards one card of its own ``field`` (a list per seat)."""

    def discard(st: Workshop, f: Frame) -> list[Action]:
        cards: list[str] = getattr(st, field)[f.seat]
        return [take_card(c) for c in cards] if len(cards) > limit else []

    return discard


def _equip_pick(st: Workshop, f: Frame) -> list[Action]:
    pile = st.equipment_discard if f.then == "discard" else st.equipment_offer
    return [take_card(c) for c in _distinct(pile) if c]


def _swap(st: Workshop, f: Frame) -> list[Action]:
    return [swap(i) for i in range(len(st.needles[f.seat]))] if st.bag[f.colour] > 0 else []


OPTIONS: dict[str, Callable[[Workshop, Frame], list[Action]]] = {
    "plan": _plan,
    "window": _equipment_moment,
    "start": _equipment_moment,
    "wrap": _equipment_moment,
    "f_choice": _finishes,
    "a_offer": _awl,
    "b_faceup": lambda st, f: [take_card(c) for c in st.equipment_offer if c],
    "keep": _keep,
    "d_pick": lambda st, f: [PICK[c] for c in _distinct(st.darn)] if f.n > 0 else [],
    "e_pick": lambda st, f: [PICK[c] for c in _distinct(st.ends)],
    "take": _take,
    "make": lambda st, f: [make(c, e) for c in _distinct(st.hands[f.seat]) for e in matches(st.needles[f.seat], c)],
    "free_make": lambda st, f: [make(c, "free") for c in _distinct(st.hands[f.seat])],
    "give": lambda st, f: [GIVE[s] for s in st.give_sources(f.seat)] if f.n > 0 else [],
    "share": _share,
    "place": _place,
    "discard_equipment": _discard("equipment", EQUIPMENT_LIMIT),
    "discard_commission": _discard("commissions", COMMISSION_LIMIT),
    "discard_tapestry": _discard("hands", HAND_LIMIT),
    "front": lambda st, f: list(front_moves(st, f.seat)),
    "extra": lambda st, f: [MOVE[s] for s in rooms(st)],
    "equip_pick": _equip_pick,
    "restock_q": lambda st, f: list(CHOOSE),
    "refresh_q": lambda st, f: list(CHOOSE),
    "comm_pick": lambda st, f: [take_card(c) for c in st.commission_discard],
    "swap": _swap,
}
