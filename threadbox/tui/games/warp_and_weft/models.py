"""What Warp & Weft's widgets show (the models), read off one seat's view and legal actions.

Small frozen values and the pure functions that build them: the screen calls
them on every change and pushes the results into the widgets, so the widgets
never read the game themselves.
"""

from __future__ import annotations

from dataclasses import dataclass

from threadbox.rules.core import Action
from threadbox.rules.warp_and_weft import ChooseCrossing, PickString, PlaceButton, WarpWeftState, WeaveString
from threadbox.rules.warp_and_weft.actions import button
from threadbox.rules.warp_and_weft.data import (
    PATTERN_CARDS,
    SHARED_BY_ID,
    SLOTS_PER_AXIS,
    InterlacedPattern,
    colour_label,
)
from threadbox.rules.warp_and_weft.loom import Axis, Loom, axis_label, count_pattern, other_axis
from threadbox.rules.warp_and_weft.scoring import card_score

from .cursor import WeaveCursor

ROUND, SQUARE = "●", "■"  # a placed button, as on the table
ROUND_HIDDEN, SQUARE_HIDDEN = "○", "□"  # your own button, placed but not revealed yet
SHAPE_GLYPH = {"round": ROUND, "square": SQUARE}
HIDDEN_GLYPH = {"round": ROUND_HIDDEN, "square": SQUARE_HIDDEN}


@dataclass(frozen=True)
class HandModel:
    """What the seat's string panel shows.

    ``keys``: the key per colour that can be picked now (draft);
    ``chosen``: the seat's own secret pick, until the reveal; ``selected``:
    the colour under the weaving cursor; ``weaving``: the string on the loom
    now; ``buttons_left``: the shapes of the buttons not placed yet;
    ``pending_button``: where the seat's own button went, until the reveal.
    """

    hand: tuple[str, ...] = ()
    keys: tuple[tuple[str, str], ...] = ()
    passed_from: str | None = None
    chosen: str | None = None
    picks: tuple[str, ...] = ()
    selected: str | None = None
    weaving: str | None = None
    buttons_left: tuple[str, ...] = ()
    pending_button: str | None = None
    on_cards: tuple[tuple[str, str], ...] = ()  # cards holding the seat's buttons: ("●A1 ×2", "P by B")


@dataclass(frozen=True)
class LoomModel:
    """What to draw: a loom, the slot to highlight, and the crossing to decide next.

    ``focus`` is the slot under the weaving cursor or of the string being
    woven (already drawn into ``loom`` by the screen, as ``preview_loom`` does);
    ``next_across`` is the slot of the other axis where that string's next
    over/under choice is made.
    """

    loom: Loom
    focus: tuple[Axis, int] | None = None
    next_across: int | None = None


@dataclass(frozen=True)
class CardModel:
    """What a pattern card shows now, from the seat's view.

    ``key``: the key that places a button here (None: not possible now); ``count``: how often the pattern is on the seat's loom now;
    ``buttons``: one label per button on the card, e.g. "●A" (revealed) or
    "○A" (the seat's own, not revealed yet).
    """

    card_id: str
    key: str | None = None
    count: int = 0
    buttons: tuple[str, ...] = ()


@dataclass(frozen=True)
class ScoresModel:
    """One scorepad column per seat: ``(row, VP)`` pairs in scorepad order."""

    names: tuple[str, ...] = ()
    sheets: tuple[tuple[tuple[str, int], ...], ...] = ()
    me: int | None = None


@dataclass(frozen=True)
class SeatModel:
    """``doing``: a few words on where the seat stands ("has chosen",
    "choosing", "weaving R"); ``hand`` / ``picks``: its strings, public."""

    name: str
    tag: str
    loom: Loom
    total: int = 0
    doing: str = ""
    hand: tuple[str, ...] = ()
    picks: tuple[str, ...] = ()


OVER_KEY, UNDER_KEY = "o", "n"  # weaving: the string being woven passes over / under the next one
SLOT_KEYS = tuple(str(slot + 1) for slot in range(SLOTS_PER_AXIS))  # weaving: the slots, as numbered on the loom
# Every digit while weaving: the slot keys, and no option number that 9 or 0 could start.
WEAVING_KEYS = frozenset(str(digit) for digit in range(10))


def card_key(view: WarpWeftState, card_id: str) -> str:
    """The key of a pattern card in play: its place, Adjacent cards 1-4 then Interlaced 5-8,
    the same all game (the cards in play never change)."""
    return str((view.adjacent + view.interlaced).index(card_id) + 1)


def option_key(view: WarpWeftState, action: Action) -> str | None:
    """The key that names ``action``: a string's colour letter, a card's place, o / n at a
    crossing. Weaving a string goes by the loom's slot numbers (see the screen's ``keys_for``)."""
    if isinstance(action, PickString):
        return action.colour.lower()
    if isinstance(action, ChooseCrossing):
        return OVER_KEY if action.over else UNDER_KEY
    if isinstance(action, PlaceButton) and action.card in view.adjacent + view.interlaced:
        return card_key(view, action.card)
    return None


def named_keys(view: WarpWeftState) -> frozenset[str]:
    """The digits that name things in this phase, on offer or not: the loom's slots while
    weaving, the cards' places while placing buttons (letters never start a number)."""
    if view.phase == "weave":
        return WEAVING_KEYS
    if view.phase == "patterns":
        return frozenset(str(place + 1) for place in range(len(view.adjacent + view.interlaced)))
    return frozenset()


def loom_model(view: WarpWeftState, seat: int, cursor: WeaveCursor | None) -> LoomModel:
    """The seat's loom with the string being woven, or the one under the cursor, drawn in."""
    doing = view.weaving[seat]
    if doing is not None:
        return LoomModel(view.preview_loom(seat), (doing.axis, doing.slot), doing.next_crossing())
    if cursor is not None:
        loom = view.looms[seat].woven(cursor.colour, cursor.axis, cursor.slot, [], preview=True)
        return LoomModel(loom, (cursor.axis, cursor.slot))
    return LoomModel(view.looms[seat])


def hand_model(view: WarpWeftState, seat: int, legal: list[Action], cursor: WeaveCursor | None) -> HandModel:
    keys = tuple((a.colour, a.colour.lower()) for a in legal if isinstance(a, PickString))
    passed = view.phase == "draft" and bool(view.picks[seat])
    doing = view.weaving[seat]
    pending = view.pending_button[seat]
    return HandModel(
        hand=tuple(view.hands[seat]),
        keys=keys,
        passed_from=view.name_of(view.passed_from(seat)) if passed else None,
        chosen=view.pending_pick[seat],
        picks=tuple(view.picks[seat]),
        selected=cursor.colour if cursor else None,
        weaving=doing.colour if doing else None,
        buttons_left=tuple(shape for shape in ("round", "square") for _ in range(view.buttons_left(seat, shape))),
        pending_button=f"{HIDDEN_GLYPH[pending.shape]} on {pending.card}" if pending else None,
        on_cards=cards_held(view, seat),
    )


def short_pattern(card_id: str) -> str:
    """A card's pattern in a few letters: "P by B" (adjacent), "R over BB" (interlaced)."""
    pattern = PATTERN_CARDS[card_id].pattern
    if isinstance(pattern, InterlacedPattern):
        how = {"over": "over", "under": "under", "alternate": "o/u"}[pattern.relation]
        return f"{pattern.a} {how} {pattern.b}{pattern.b}"
    return f"{pattern.a} by {pattern.b}"


def cards_held(view: WarpWeftState, seat: int) -> tuple[tuple[str, str], ...]:
    """Per card holding ``seat``'s revealed buttons: (shape, card and times on the loom now; its pattern)."""
    return tuple(
        (f"{SHAPE_GLYPH[b.shape]}{b.card} ×{card_score(view.looms[seat], b.card)}", short_pattern(b.card))
        for b in view.buttons[seat]
    )


def card_models(view: WarpWeftState, seat: int, legal: list[Action], tags: list[str]) -> list[CardModel]:
    faces = []
    pending = view.pending_button[seat]
    for card_id in view.adjacent + view.interlaced:
        card = PATTERN_CARDS[card_id]
        buttons = [SHAPE_GLYPH[card.shape] + tags[s] for s in view.buttons_on(card_id)]
        if pending is not None and pending.card == card_id:
            buttons.append(HIDDEN_GLYPH[card.shape] + tags[seat])
        faces.append(
            CardModel(
                card_id=card_id,
                key=card_key(view, card_id) if button(card.shape, card_id) in legal else None,
                count=card_score(view.looms[seat], card_id),
                buttons=tuple(buttons),
            )
        )
    return faces


def shared_present(view: WarpWeftState, seat: int) -> tuple[bool, bool]:
    first, second = SHARED_BY_ID[view.shared].patterns
    loom = view.looms[seat]
    return count_pattern(loom, first) > 0, count_pattern(loom, second) > 0


def scores_model(view: WarpWeftState, seat: int | None) -> ScoresModel:
    return ScoresModel(
        names=tuple(view.names),
        sheets=tuple(tuple(view.score_sheet(s)) for s in range(view.players)),
        me=seat,
    )


def seat_doing(view: WarpWeftState, seat: int) -> str:
    """Where a seat stands, in a few words that give nothing secret away."""
    if view.phase in ("draft", "patterns"):
        return "has chosen" if view.has_chosen[seat] else "choosing"
    if view.phase == "weave":
        doing = view.weaving[seat]
        if doing is not None:
            return f"weaving {doing.colour}"
        left = len(view.picks[seat])
        return f"{left} to weave" if left else "woven"
    return ""


def seat_model(view: WarpWeftState, seat: int, tags: list[str]) -> SeatModel:
    return SeatModel(
        name=view.name_of(seat),
        tag=tags[seat],
        loom=view.preview_loom(seat),
        total=view.total_score(seat),
        doing=seat_doing(view, seat),
        hand=tuple(view.hands[seat]),
        picks=tuple(view.picks[seat]),
    )


def hint(view: WarpWeftState, seat: int | None, legal: list[Action], cursor: WeaveCursor | None) -> str:
    """One line on what to do now and with which keys."""
    if view.phase == "over":
        return "The game is over: g shows the final scores."
    if seat is None:
        return "Watching: every player's choices stay secret until revealed."
    if view.phase == "draft":
        chosen = view.pending_pick[seat]
        if chosen:
            return f"You keep {colour_label(chosen)}, secret until everyone has chosen."
        return "Keep one string: press its letter, or click it."
    if view.phase == "weave":
        doing = view.weaving[seat]
        if doing is not None and (across := doing.next_crossing()) is not None:
            met = view.looms[seat].string_at(other_axis(doing.axis), across)
            step = len(doing.over) + 1
            return (
                f"Crossing {step} of {len(doing.crosses)}: {doing.colour} over (o) or under (n) "
                f"the {met} in {axis_label(other_axis(doing.axis), across)}?"
            )
        if cursor is not None:
            crosses = len(view.looms[seat].crossed_slots(cursor.axis, cursor.slot))
            meets = {0: "no crossing", 1: "1 crossing"}.get(crosses, f"{crosses} crossings")
            return (
                f"{cursor.colour} at {axis_label(cursor.axis, cursor.slot)} ({meets}): "
                "Enter or 1-8 weaves · ←→↑↓ a: move · letter: string"  # 1-8: that slot of its axis
            )
        return "Your strings are woven for this round."
    pending = view.pending_button[seat]
    if pending is not None:
        return f"Your {pending.shape} button goes on {pending.card}, secret until everyone has chosen."
    if legal:
        return "Place a button: the number on a card, or click it. ×N: times on your loom now."
    return ""


def option_group(action: Action) -> str:
    """The heading of ``action`` in the options list: the string woven, or the button's shape."""
    if isinstance(action, WeaveString):
        label = colour_label(action.colour)
        return f"{label[0].upper()}{label[1:]} string"
    if isinstance(action, PlaceButton):
        return f"{action.shape.capitalize()} buttons"
    return ""  # picking a string, over or under: one choice
