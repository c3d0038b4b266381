"""What the Threaded widgets draw, built from one seat's view only (pure data, no Textual).

A model holds short strings and thread letters; widgets add the colours. Other
seats' commissions and hands come as counts while the game runs: the view holds
nothing more. Once it is over every view holds every commission (they are scored
in the open), and ``Scene.final`` says what each one brought.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from threadbox.rules.core import Action
from threadbox.rules.threaded import ThreadedState
from threadbox.rules.threaded import actions as act
from threadbox.rules.threaded.choices import matches
from threadbox.rules.threaded.data import (
    BASKET_SIZE,
    COLOUR_NAMES,
    COMMISSION,
    EQUIPMENT_CARD,
    NEEDLE_SIZE,
    SHOP_NAMES,
    SHOPS,
    TAPESTRY,
    assistants_for,
    equipment_effect,
)
from threadbox.rules.threaded.frames import HIDDEN
from threadbox.rules.threaded.words import decision_words

SHORT_SHOP = {"A": "Awl", "B": "Bobbins", "C": "Custom", "D": "Darn", "E": "Ends", "F": "Finish"}
PATTERN_SHORT = {"flame": "fl", "diamond": "di", "wave": "wa", "zigzag": "zz", "medallion": "me"}


def seat_tags(names: list[str]) -> list[str]:
    """Three letters per seat for queues; numbered when two names would read the same."""
    tags = [(name[:3] or "?").ljust(3) for name in names]
    if len(set(tags)) == len(tags):
        return tags
    return [f"{name[:2]}{i + 1}" for i, name in enumerate(names)]


@dataclass(frozen=True)
class CardWords:
    """An equipment card as a player reads it: its id, the shop where it is used, what it does."""

    card: str
    shop: str
    short: str  # a few words, for a narrow board
    full: str  # the whole effect


def card_words(card: str) -> CardWords:
    e = EQUIPMENT_CARD[card]
    return CardWords(card, e.shop, equipment_effect(card), e.text)


@dataclass(frozen=True)
class ShopRow:
    letter: str
    name: str
    current: bool
    queue: tuple[int, ...]  # seats in queue order
    extra: tuple[bool, ...]  # which entries are the extra-assistant card
    spots: int
    offer: str  # plain words
    threads: tuple[str, ...] = ()  # threads on offer (D, E)
    short: str = ""  # the offer in fewer words, for a narrow board ("" when the same)
    cards: tuple[CardWords, ...] = ()  # the face-up equipment (B)


@dataclass(frozen=True)
class LineCard:
    position: int
    card: str
    pattern: str
    colours: tuple[str, ...]
    threads: tuple[str, ...]


@dataclass(frozen=True)
class Studio:
    seat: int
    name: str
    needle: tuple[str, ...]
    basket: tuple[str, ...]
    held: tuple[str, ...]  # taken at Ends & Odds, not placed yet
    incoming: tuple[str, ...]  # new threads of the placement step on now
    equipment: tuple[str, ...]
    hand: tuple[str, ...]  # ids, or "?" for another seat
    commissions: tuple[str, ...]
    made: tuple[str, ...]
    home: int
    assistants: int
    first: bool
    to_move: bool
    public_points: int  # points anyone can count now: threads left // 3
    makeable: tuple[str, ...] = ()  # hand cards whose colours sit at a needle end


@dataclass(frozen=True)
class Scored:
    """One commission at the end: what it asks and the points it brought."""

    card: str
    per: int  # points per matching tapestry
    matching: int  # made tapestries it counts
    points: int


@dataclass(frozen=True)
class FinalScore:
    """One seat's final score: its commissions, then threads left (on ``Studio``)."""

    seat: int
    total: int
    winner: bool
    commissions: tuple[Scored, ...]


@dataclass(frozen=True)
class RunningScore:
    """What the seat's own made tapestries, commissions and threads are worth now (the rules' score sheet)."""

    commissions: tuple[tuple[str, int], ...]  # (card, points now), in the order held
    threads: int
    total: int


def running_score(view: ThreadedState, seat: int) -> RunningScore:
    """The rules' score sheet of ``seat``'s view: its own commissions are the only ones it sees."""
    sheet = view.score_sheet(seat)
    cards = [c for c in view.commissions[seat] if c != HIDDEN]
    return RunningScore(
        commissions=tuple((c, points) for c, (_, points) in zip(cards, sheet[:-1], strict=True)),
        threads=sheet[-1][1],
        total=sum(points for _, points in sheet),
    )


@dataclass(frozen=True)
class Scene:
    """Everything one seat's screen shows."""

    round: int
    phase: str
    shop: str  # the shop being visited ("" in the plan phase)
    decision: str  # who decides what, in words
    decision_kind: str
    me: int | None
    tags: tuple[str, ...]
    shops: tuple[ShopRow, ...]
    line: tuple[LineCard, ...]
    scraps: tuple[str, ...]
    box_inside: int
    bag: int
    decks: dict[str, int] = field(default_factory=dict)
    discards: dict[str, tuple[str, ...]] = field(default_factory=dict)
    studios: tuple[Studio, ...] = ()
    final: tuple[FinalScore, ...] = ()  # every seat, once the game is over; () before
    score: RunningScore | None = None  # the own seat's score now, while the game runs (None: no seat)

    def studio(self, seat: int) -> Studio:
        return self.studios[seat]


def _offer(view: ThreadedState, shop: str) -> tuple[str, tuple[str, ...]]:
    if shop == "A":
        return "give 2, move", ()
    if shop == "B":
        cards = " ".join(c or "--" for c in view.equipment_offer)
        return cards, ()  # the deck's size is with the other decks, under the line
    if shop == "C":
        return f"{C_SHORT} ({len(view.commission_discard)} discarded)", ()
    if shop == "D":
        return "", tuple(view.darn)
    if shop == "E":
        return "", tuple(view.ends)
    return "take/make/refresh/share", ()


C_SHORT = "draw 2, keep 1"


def scored(card: str, made: tuple[str, ...]) -> Scored:
    c = COMMISSION[card]
    matching = sum(c.fulfilled_by(TAPESTRY[t]) for t in made)
    return Scored(card, c.points, matching, c.points * matching)


def final_scores(view: ThreadedState) -> tuple[FinalScore, ...]:
    """Every seat's commissions with their points; () while the game runs (they are secret then)."""
    outcome = view.outcome()
    if outcome is None:
        return ()
    return tuple(
        FinalScore(
            seat=score.seat,
            total=score.total,
            winner=score.seat in outcome.winners,
            commissions=tuple(
                scored(c, tuple(view.made[score.seat])) for c in view.commissions[score.seat] if c != HIDDEN
            ),
        )
        for score in outcome.scores
    )


def build(view: ThreadedState, me: int | None) -> Scene:
    top = view.stack[-1] if view.stack else None
    tags = tuple(seat_tags(view.names))
    current = view.shop() if view.phase == "visit" else ""
    shops = []
    for shop in SHOPS:
        queue = view.queues[shop]
        seats = tuple(s for s, _ in queue)
        extra = tuple(bool(card) for _, card in queue)
        if shop == current and view.current is not None and not view.moved:
            seats = (view.current[0], *seats)
            extra = (bool(view.current[1]), *extra)
        offer, threads = _offer(view, shop)
        short = C_SHORT if shop == "C" else ""
        cards = tuple(card_words(c) for c in view.equipment_offer if c) if shop == "B" else ()
        shops.append(
            ShopRow(
                shop, SHOP_NAMES[shop], shop == current, seats, extra, view.spots(shop), offer, threads, short, cards
            )
        )
    line = tuple(
        LineCard(i, c, TAPESTRY[c].pattern, TAPESTRY[c].colours, tuple(view.line_threads[i]))
        for i, c in enumerate(view.line)
        if c
    )
    studios = []
    for s in range(view.players):
        incoming = top.threads if top is not None and top.kind == "place" and top.seat == s else ()
        hand = tuple(view.hands[s])
        studios.append(
            Studio(
                seat=s,
                name=view.names[s],
                needle=tuple(view.needles[s]),
                basket=tuple(view.baskets[s]),
                held=tuple(view.e_held[s]),
                incoming=tuple(incoming),
                equipment=tuple(view.equipment[s]),
                hand=hand,
                commissions=tuple(view.commissions[s]),
                made=tuple(view.made[s]),
                home=view.home[s],
                assistants=assistants_for(view.players),
                first=s == view.first,
                to_move=s in view.to_move(),
                public_points=view.public_score(s)[1],
                makeable=tuple(c for c in hand if c != HIDDEN and matches(view.needles[s], c)),
            )
        )
    return Scene(
        round=view.round,
        phase=view.phase,
        shop=current,
        decision=decision_words(view) if not view.is_over() else "game over",
        decision_kind=top.kind if top is not None else "",
        me=me,
        tags=tags,
        shops=tuple(shops),
        line=line,
        scraps=tuple(view.scraps_list()),
        box_inside=sum(view.box.values()),
        bag=sum(view.bag.values()),
        decks={
            "tapestries": len(view.tapestry_deck),
            "commissions": len(view.commission_deck),
            "equipment": len(view.equipment_deck),
        },
        discards={"equipment": tuple(view.equipment_discard), "commissions": tuple(view.commission_discard)},
        studios=tuple(studios),
        final=final_scores(view),
        score=running_score(view, me) if me is not None and not view.is_over() else None,
    )


def tapestry_words(card: str) -> str:
    t = TAPESTRY.get(card)
    return f"{card} {t.pattern} {''.join(t.colours)}" if t else "?"


def commission_words(card: str) -> str:
    c = COMMISSION.get(card)
    return f"{card} {c.label()}" if c else "?"


def equipment_words(card: str) -> str:
    e = EQUIPMENT_CARD.get(card)
    return f"{card} ({e.shop}): {e.text}" if e else "?"


LIMITS = {"needle": NEEDLE_SIZE, "basket": BASKET_SIZE}


# The heading of each kind of option; a thread being placed has its own (see option_group).
OPTION_GROUPS: dict[type[Action], str] = {
    act.PlaceAssistant: "Shops",
    act.ChooseShop: "Shops",
    act.Give: "Give",
    act.PickThread: "Scraps",
    act.TakeCard: "Cards",
    act.Finish: "FINISHES",
    act.TakeTapestry: "Tapestry line",
    act.MakeTapestry: "Make a tapestry",
    act.Swap: "Needle",
    act.UseEquipment: "Equipment",
    act.Done: "Or",
}


def option_group(action: Action) -> str:
    """The heading of ``action`` in the options list: a thread's places come under the thread."""
    if isinstance(action, act.Place):
        what = "New" if action.source == "new" else "Basket"
        return f"{what} {action.colour} {COLOUR_NAMES.get(action.colour, '?')}"  # as the option starts
    return OPTION_GROUPS.get(type(action), "")
