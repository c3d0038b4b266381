"""Building Threaded positions for tests without creating or losing a thread or card.

The table keeps tuples (an action replaces them): the helpers replace them too.
Each helper that changes a state drops its stored options (``options.forget``):
they are worked out again for the position built."""

from __future__ import annotations

from threadbox.rules.core import RulesError
from threadbox.rules.threaded import ThreadedState
from threadbox.rules.threaded.data import COLOURS, SHOPS, assistants_for
from threadbox.rules.threaded.flow import Step, advance
from threadbox.rules.threaded.options import forget
from threadbox.rules.threaded.workshop import replaced, without

CARD_LISTS = (
    "tapestry_deck",
    "equipment_deck",
    "equipment_offer",
    "equipment_discard",
    "commission_deck",
    "commission_discard",
    "line",
)
SEAT_LISTS = ("equipment", "commissions", "hands", "made")  # per seat, of tuples


def table(players: int = 2, seed: int = 0, names: list[str] | None = None) -> ThreadedState:
    names = names or ["Fraser", "Izzy", "Ada", "Bea", "Cy"][:players]
    return ThreadedState.new(players, seed, names=names)


def _to_bag(st: ThreadedState, threads) -> None:
    for c in threads:
        st.bag[c] += 1


def _from_bag(st: ThreadedState, threads: str) -> tuple[str, ...]:
    for c in threads:
        assert st.bag[c] > 0, f"no {c} left in the bag"
        st.bag[c] -= 1
    return tuple(threads)


def set_studio(st: ThreadedState, seat: int, needle: str = "", basket: str = "") -> None:
    """Needle (left to right) and basket as letter strings; old threads go back to the bag."""
    _to_bag(st, st.needles[seat] + st.baskets[seat])
    st.needles = replaced(st.needles, seat, _from_bag(st, needle))
    st.baskets = replaced(st.baskets, seat, tuple(sorted(_from_bag(st, basket), key=COLOURS.index)))
    forget(st)


def set_pool(st: ThreadedState, name: str, threads: str) -> None:
    """``darn`` or ``ends``."""
    _to_bag(st, getattr(st, name))
    setattr(st, name, tuple(sorted(_from_bag(st, threads), key=COLOURS.index)))
    forget(st)


def set_scraps(st: ThreadedState, threads: str) -> None:
    _to_bag(st, st.scraps_list())
    st.scraps = {c: 0 for c in COLOURS}
    for c in _from_bag(st, threads):
        st.scraps[c] += 1
    forget(st)


def set_line_threads(st: ThreadedState, position: int, threads: str) -> None:
    _to_bag(st, st.line_threads[position])
    st.line_threads = replaced(st.line_threads, position, _from_bag(st, threads))
    forget(st)


def take_card(st: ThreadedState, card: str) -> None:
    """Remove a card from wherever it is (a deck, a pile, the line, a seat)."""
    for name in CARD_LISTS:
        cards = getattr(st, name)
        if card in cards:
            if name in ("line", "equipment_offer"):
                setattr(st, name, replaced(cards, cards.index(card), ""))
            elif isinstance(cards, tuple):
                setattr(st, name, without(cards, card))
            else:
                cards.remove(card)
            return
    for name in SEAT_LISTS:
        seats = getattr(st, name)
        for seat, cards in enumerate(seats):
            if card in cards:
                setattr(st, name, replaced(seats, seat, without(cards, card)))
                return
    raise AssertionError(f"{card} is nowhere")


def give_cards(st: ThreadedState, seat: int, name: str, cards: list[str]) -> None:
    """Set a seat's ``equipment``/``commissions``/``hands``/``made``; old ones go to their deck."""
    seats = getattr(st, name)
    old = seats[seat]
    deck = {
        "equipment": st.equipment_deck,
        "commissions": st.commission_deck,
        "hands": st.tapestry_deck,
        "made": st.tapestry_deck,
    }[name]
    deck.extend(old)
    setattr(st, name, replaced(seats, seat, ()))
    for card in cards:
        take_card(st, card)
    setattr(st, name, replaced(getattr(st, name), seat, tuple(cards)))
    forget(st)


def set_line(st: ThreadedState, cards: list[str]) -> None:
    for i, card in enumerate(cards):
        if st.line[i] != card:
            _to_bag(st, st.line_threads[i])
            st.line_threads = replaced(st.line_threads, i, ())
            if st.line[i]:
                st.tapestry_deck.append(st.line[i])
                st.line = replaced(st.line, i, "")
            take_card(st, card)
            st.line = replaced(st.line, i, card)
    forget(st)


def set_offer(st: ThreadedState, cards: list[str]) -> None:
    st.equipment_deck.extend(c for c in st.equipment_offer if c)
    st.equipment_offer = ("",) * len(st.equipment_offer)
    for i, card in enumerate(cards):
        take_card(st, card)
        st.equipment_offer = replaced(st.equipment_offer, i, card)
    forget(st)


def visit(
    st: ThreadedState, shop: str, queue: list[int], window: bool = False, later: dict[str, list[int]] | None = None
) -> None:
    """Jump to the visit of ``shop`` with this queue (seats, in order); ``later`` fills other
    queues; the rest are empty. ``window``: start before the shop's equipment window."""
    if SHOPS.index(shop) > SHOPS.index("D"):
        set_pool(st, "darn", "")  # Darn Good Thread is over: its threads are gone
    st.queues = {s: () for s in SHOPS}
    st.queues[shop] = tuple((seat, "") for seat in queue)
    for other, seats in (later or {}).items():
        st.queues[other] = tuple((seat, "") for seat in seats)
    placed = [seat for q in st.queues.values() for seat, _ in q]
    st.home = tuple(assistants_for(st.players) - placed.count(seat) for seat in range(st.players))
    st.phase = "visit"
    st.shop_index = SHOPS.index(shop)
    st.stage = "window" if window else "queue"
    st.window_left = tuple(st.turn_order()) if window else ()
    st.current = None
    st.moved = False
    st.stack = []
    advance(st, Step())


def play(st: ThreadedState, *actions) -> None:
    """Apply actions, each by the seat now to move."""
    for action in actions:
        seat = st.to_move()[0]
        st.apply(seat, action)


def assert_refused(st: ThreadedState, seat: int, action, words: str = "") -> None:
    """The action raises a readable RulesError and changes nothing."""
    before = st.to_json()
    try:
        st.apply(seat, action)
    except RulesError as exc:
        assert words.lower() in str(exc).lower(), str(exc)
    else:
        raise AssertionError(f"{action} was accepted")
    assert st.to_json() == before


def conserved(st: ThreadedState) -> None:
    assert st.threads_accounted() == 150
    cards = st.cards_accounted()
    assert sorted(cards["equipment"]) == sorted(e for e in _ids("EQUIPMENT"))
    assert sorted(cards["commission"]) == sorted(_ids("COMMISSIONS"))
    assert sorted(cards["tapestry"]) == sorted(_ids("TAPESTRIES"))


def _ids(name: str) -> list[str]:
    from threadbox.rules.threaded import data

    return [c.id for c in getattr(data, name)]
