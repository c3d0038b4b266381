"""The turn flow: plan, visit shop by shop in queue order, restock, and the end.

``advance`` runs after setup and after every action: it resolves automatic
frames, drops decisions that offer nothing, and otherwise moves the round on
until someone has a decision (the top frame) or the game is over.
"""

from __future__ import annotations

from ..core import LogEntry
from .data import (
    COMMISSION,
    COMMISSION_LIMIT,
    DARN_TAKE,
    DARN_THREADS,
    EQUIPMENT_CARD,
    EQUIPMENT_LIMIT,
    EQUIPMENT_ON_OFFER,
    EQUIPMENT_SHOP,
    FINISHES_CHOICES,
    HAND_LIMIT,
    LINE_SIZE,
    SHOP_NAMES,
    SHOPS,
    TAPESTRIES_TO_END,
    TAPESTRY,
    colours_label,
    sort_threads,
)
from .equipment import usable
from .frames import AUTOMATIC, Frame, frame, plain
from .options import OPTIONS, options, remember
from .workshop import Workshop, replaced

# The holder's own equipment moments: each offers the seat's usable equipment, if any.
OWN_MOMENTS = frozenset({"start", "wrap"})


class Step:
    """What one action (with everything it set off) logged, and whether chance was involved."""

    __slots__ = ("log", "barrier")

    def __init__(self) -> None:
        self.log: list[LogEntry] = []
        self.barrier = False

    def say(self, text: str, private: dict[int, str] | None = None) -> None:
        if private is not None:
            self.log.append(LogEntry.line(text, private))
            return
        entry = _PUBLIC_LINES.get(text)
        if entry is None:
            if len(_PUBLIC_LINES) >= PUBLIC_LINES_KEPT:
                _PUBLIC_LINES.clear()
            entry = _PUBLIC_LINES[text] = LogEntry.line(text)
        self.log.append(entry)


# Public log lines, each made once: a LogEntry is an immutable value, and most lines recur
# (the same seat doing the same thing, the same shop opening). Emptied when full.
PUBLIC_LINES_KEPT = 4096
_PUBLIC_LINES: dict[str, LogEntry] = {}


def advance(st: Workshop, step: Step) -> None:
    while st.phase != "over":
        stack = st.stack
        if stack:
            top = stack[-1]
            kind = top.kind
            if kind in AUTOMATIC:
                stack.pop()
                AUTOMATIC_FRAMES[kind](st, top, step)
                continue
            if kind in OWN_MOMENTS and not _holds_for_shop(st, top.seat):
                stack.pop()  # no equipment to use here: no options (the usual case, answered at once)
                continue
            offers = OPTIONS.get(kind)
            now = offers(st, top) if offers is not None else options(st, top)  # options(), written out
            if not now:
                stack.pop()
                continue
            remember(st, top, now)
            return
        if st.phase == "plan":
            _next_planner(st, step)
        elif st.stage == "window":
            _next_window(st)
        elif st.stage == "queue":
            _next_in_queue(st, step)
        else:
            _end_shop(st, step)


def _holds_for_shop(st: Workshop, seat: int) -> bool:
    """Whether the seat holds equipment of the shop being visited (else ``usable`` is empty)."""
    return SHOPS[st.shop_index] in map(EQUIPMENT_SHOP.__getitem__, st.equipment[seat])


# ---- plan ------------------------------------------------------------------------
def _next_planner(st: Workshop, step: Step) -> None:
    for k in range(st.players):
        seat = (st.cursor + k) % st.players
        if st.home[seat] > 0:
            st.stack.append(plain("plan", seat))
            return
    st.phase = "visit"
    st.shop_index = 0
    _open_shop(st, step)


def _open_shop(st: Workshop, step: Step) -> None:
    st.stage = "window"
    st.window_left = tuple(st.turn_order())
    shop = SHOPS[st.shop_index]
    step.say(f"Visiting {shop} {SHOP_NAMES[shop]}.")


# ---- visit -------------------------------------------------------------------------
def _next_window(st: Workshop) -> None:
    """Before the shop's first action each holder of its equipment may use some, in turn order."""
    while st.window_left:
        seat = st.window_left[0]
        st.window_left = st.window_left[1:]
        if st.equipment[seat] and usable(st, seat):
            st.stack.append(plain("window", seat))
            return
    st.stage = "queue"


def _next_in_queue(st: Workshop, step: Step) -> None:
    if st.current is not None:
        _finish_entry(st)
        return
    shop = SHOPS[st.shop_index]
    if shop == "E":
        _ends_and_odds(st, step)
        return
    queue = st.queues[shop]
    if not queue:
        st.stage = "close"
        return
    st.current = queue[0]
    st.queues[shop] = queue[1:]
    st.moved = False
    _start_entry(st, st.current, step)


def _start_entry(st: Workshop, entry: tuple[int, str], step: Step) -> None:
    seat, card = entry
    shop = SHOPS[st.shop_index]
    who = f"{st.name_of(seat)}'s extra assistant ({card})" if card else f"{st.name_of(seat)}'s assistant"
    step.say(f"{who} visits {SHOP_NAMES[shop]}.")
    frames = [plain("wrap", seat)]
    if shop == "A":
        frames.append(plain("a_offer", seat))
    elif shop == "B":
        frames += [plain("b_deck", seat), plain("b_faceup", seat)]
    elif shop == "C":
        frames.append(plain("c_draw", seat))
    elif shop == "D":
        if st.darn:
            frames.append(frame("d_pick", seat, n=min(DARN_TAKE, len(st.darn))))
    else:
        frames.append(frame("f_choice", seat, n=FINISHES_CHOICES))
    frames.append(plain("start", seat))
    st.stack.extend(frames)


def _finish_entry(st: Workshop) -> None:
    assert st.current is not None
    seat, card = st.current
    if not st.moved:
        _return_entry(st, seat, card)
    st.current = None
    st.moved = False


def _return_entry(st: Workshop, seat: int, card: str) -> None:
    """An assistant goes home; the extra-assistant card is discarded after its visit."""
    if card:
        st.equipment_discard += (card,)
        st.settle_decks()
    else:
        st.home = replaced(st.home, seat, st.home[seat] + 1)


def _ends_and_odds(st: Workshop, step: Step) -> None:
    """One thread at a time along the queue, round and round, until none is left;
    each player places their threads after their last pick."""
    queue = st.queues["E"]
    if queue and st.ends:
        seat = queue[st.e_next % len(queue)][0]
        st.e_next += 1
        st.stack.append(plain("e_pick", seat))
        return
    seats = list(dict.fromkeys(seat for seat, _ in queue))
    for seat in reversed(seats):
        if st.e_held[seat]:
            st.stack.append(frame("place", seat, threads=tuple(st.e_held[seat])))
            st.e_held = replaced(st.e_held, seat, ())
    for seat, card in queue:
        _return_entry(st, seat, card)
    st.queues["E"] = ()
    st.e_next = 0
    st.stage = "close"


def _end_shop(st: Workshop, step: Step) -> None:
    shop = st.shop()
    if shop == "D" and st.darn:
        # The last visitor (or the first player if nobody came) tips the rest into the box.
        left = st.darn
        st.darn = ()
        spilt = st.tip(left)
        st.ends = sort_threads(st.ends + spilt)
        step.barrier = True
        out = colours_label(spilt) if spilt else "nothing"
        step.say(f"{colours_label(left)} are tipped into the bargain box; {out} spills out at Ends & Odds.")
    if shop == "F" and any(len(m) >= TAPESTRIES_TO_END for m in st.made):
        st.phase = "over"
        st.stack = []
        outcome = st.outcome()
        assert outcome is not None
        winners = " and ".join(st.name_of(s) for s in outcome.winners)
        step.say(f"A fifth tapestry was made: the game is over. Winner: {winners}.")
        return
    st.shop_index += 1
    if st.shop_index < len(SHOPS):
        _open_shop(st, step)
        return
    _restock(st, step)


def _restock(st: Workshop, step: Step) -> None:
    step.barrier = True
    refill_equipment(st)
    st.darn = sort_threads(st.draw(DARN_THREADS[st.players]))
    for c in st.ends:
        st.bag[c] += 1
    st.ends = ()
    st.first = (st.first + 1) % st.players
    st.cursor = st.first
    st.round += 1
    st.phase = "plan"
    st.shop_index = 0
    st.stage = "window"
    offer = ", ".join(c for c in st.equipment_offer if c) or "none"
    step.say(
        f"Restock: equipment {offer}; {colours_label(st.darn) or 'no threads'} at Darn Good Thread. "
        f"Round {st.round}: {st.name_of(st.first)} has the first player token."
    )


def refill_equipment(st: Workshop) -> None:
    """Discard what is left beneath BOBBINS & BASKETS, then refill the 3 slots from the deck."""
    st.equipment_discard += tuple(c for c in st.equipment_offer if c)
    st.equipment_offer = ()
    for _ in range(EQUIPMENT_ON_OFFER):
        st.settle_decks()
        st.equipment_offer += (st.equipment_deck.pop() if st.equipment_deck else "",)
    st.settle_decks()


# ---- limits and gains ---------------------------------------------------------------
def check_limits(st: Workshop, seat: int) -> None:
    """Over a limit, the seat must discard next (pushed so they come before anything else)."""
    if len(st.hands[seat]) > HAND_LIMIT:
        st.stack.append(plain("discard_tapestry", seat))
    if len(st.commissions[seat]) > COMMISSION_LIMIT:
        st.stack.append(plain("discard_commission", seat))
    if len(st.equipment[seat]) > EQUIPMENT_LIMIT:
        st.stack.append(plain("discard_equipment", seat))


def gain(st: Workshop, seat: int, threads: list[str] | tuple[str, ...]) -> None:
    """New threads open one placement step."""
    if threads:
        st.stack.append(frame("place", seat, threads=sort_threads(threads)))


# ---- automatic frames ---------------------------------------------------------------
def _b_deck(st: Workshop, top: Frame, step: Step) -> None:
    st.settle_decks()
    if not st.equipment_deck:
        step.say("The equipment deck and discard pile are empty.")
        return
    card = st.equipment_deck.pop()
    st.settle_decks()
    st.equipment = replaced(st.equipment, top.seat, st.equipment[top.seat] + (card,))
    step.barrier = True
    step.say(f"{st.name_of(top.seat)} takes {card} from the top of the deck: {EQUIPMENT_CARD[card].text}")
    check_limits(st, top.seat)


def _c_draw(st: Workshop, top: Frame, step: Step) -> None:
    drawn = []
    for _ in range(2):
        st.settle_decks()
        if st.commission_deck:
            drawn.append(st.commission_deck.pop())
    st.settle_decks()
    step.barrier = True
    if not drawn:
        step.say("There are no commissions left to draw.")
        return
    st.drawn = replaced(st.drawn, top.seat, tuple(drawn))
    st.stack.append(plain("keep", top.seat))
    secret = "; ".join(f"{c}: {COMMISSION[c].label()}" for c in drawn)
    step.say(
        f"{st.name_of(top.seat)} draws {len(drawn)} commission{'s' if len(drawn) > 1 else ''}.",
        {top.seat: f"You draw {secret}."},
    )


def _take_finish(st: Workshop, top: Frame, step: Step) -> None:
    seat, pos = top.seat, top.index
    card, threads = st.line[pos], st.line_threads[pos]
    st.line = replaced(st.line, pos, "")
    st.line_threads = replaced(st.line_threads, pos, ())
    st.hands = replaced(st.hands, seat, st.hands[seat] + (card,))
    st.fill_line()
    step.barrier = True
    extra = f" with {colours_label(threads)} on it" if threads else ""
    step.say(f"{st.name_of(seat)} takes tapestry {card} ({TAPESTRY[card].label()}){extra} into hand.")
    check_limits(st, seat)
    gain(st, seat, threads)


def refresh_line(st: Workshop, step: Step) -> None:
    """Threads on the line to scraps; 5 new tapestries; the old ones shuffled into the deck."""
    for threads in st.line_threads:
        for c in threads:
            st.scraps[c] += 1
    old = [c for c in st.line if c]
    st.line = tuple(st.tapestry_deck.pop() if st.tapestry_deck else "" for _ in range(LINE_SIZE))
    st.line_threads = ((),) * LINE_SIZE
    st.tapestry_deck.extend(old)
    st.shuffle(st.tapestry_deck)
    st.fill_line()
    step.barrier = True
    step.say("The tapestry line is refreshed.")


def _refresh_line(st: Workshop, top: Frame, step: Step) -> None:
    refresh_line(st, step)


def _spent(st: Workshop, top: Frame, step: Step) -> None:
    st.equipment_discard += top.cards
    st.settle_decks()


AUTOMATIC_FRAMES = {
    "b_deck": _b_deck,
    "c_draw": _c_draw,
    "take_finish": _take_finish,
    "refresh_line": _refresh_line,
    "spent": _spent,
}
assert set(AUTOMATIC_FRAMES) == AUTOMATIC
