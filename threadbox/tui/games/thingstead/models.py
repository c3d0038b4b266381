"""Pure view models of the Thingstead table, built from one seat's view.

The widgets draw these and nothing else, so what a screen shows is exactly
what the seat's view holds. ``preview`` works out what the highlighted option
would do (the played card aligned on the pawn, the followers each Elder would
receive) on a copy of the view; the table is never touched.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from threadbox.rules.core import Action
from threadbox.rules.thingstead import ThingsteadState
from threadbox.rules.thingstead import actions as act
from threadbox.rules.thingstead.data import (
    CARDS,
    CLAN_NAMES,
    CLANS,
    POWERS,
    RING,
    SEAT_COLOURS,
    clan_label,
)
from threadbox.rules.thingstead.scoring import ClanResult, clan_influence, elder_points

from .keys import Places
from .pointing import Spot, held_card, spot_of

SEAT_LETTERS = ("R", "B")  # Red and Blue, as in the rulebook's examples
POINTER = "▶"  # the board cursor, on what the highlighted option acts on (a glyph: never colour alone)


@dataclass(frozen=True)
class CardFace:
    """An Influence card as a player reads it: its clan, how far it moves, the followers it gives."""

    clan: str
    movement: int
    followers: tuple[int, int, int]  # for the Elder on the pawn's left, the one under it, the one on its right

    @property
    def clan_words(self) -> str:
        return clan_label(self.clan)

    def words(self) -> str:
        left, centre, right = self.followers
        return (
            f"{self.clan_words} card: move up to {self.movement}; followers left {left}, centre {centre}, right {right}"
        )


def card_face(card: int) -> CardFace:
    c = CARDS[card]
    return CardFace(clan=c.clan, movement=c.movement, followers=c.followers)


@dataclass(frozen=True)
class Gift:
    """What an influence would do on one Elder: remove some of theirs, place some of yours."""

    remove: int = 0
    place: int = 0
    quota: int = 0  # the most the card allows there

    def words(self, theirs: str, mine: str) -> str:
        parts = ([f"-{self.remove}{theirs}"] if self.remove else []) + ([f"+{self.place}{mine}"] if self.place else [])
        return " ".join(parts) or "+0"


@dataclass(frozen=True)
class ElderFace:
    position: int
    number: int
    runestones: int
    clans: tuple[str, ...]
    holder: int  # seat with followers there (or its locker), -1 none
    count: int
    need: int  # followers the holder (or the seat on screen) needs to lock it
    locked: bool
    pawns: tuple[int, ...]  # seats whose pawn stands here
    ghosts: tuple[int, ...] = ()  # seats whose pawn would stand here after the highlighted option
    modifier: int = 0  # the ring's bonus or penalty here for the acting seat
    gift: Gift | None = None  # what the highlighted option would do here
    target: bool = False  # the Elder being decided on now
    pointed: bool = False  # the board cursor is here (the highlighted option acts here)


@dataclass(frozen=True)
class RingModel:
    elders: tuple[ElderFace, ...]
    actor: int  # whose ring modifiers are shown (the seat to move, else the seat on screen)
    card: CardFace | None = None  # the played card, or the highlighted card to play
    card_played: bool = False  # True: it is in the Thingstead; False: a card from the hand, not yet played
    note: str = ""  # what the highlighted option would do, in words
    centre_pointed: bool = False  # the board cursor is on the Thingstead: the held card goes there


@dataclass(frozen=True)
class ClanFace:
    clan: str
    name: str
    power: str  # the face-up power in words, or "" when the stack is used up
    power_title: str
    disc: int  # seat, or -1 in the middle
    cards: tuple[tuple[str, ...], tuple[str, ...]]  # per seat: card codes ("?" when hidden)
    influence: tuple[int | None, int | None]  # per seat: matching movement, None when unknown
    next_gain: int  # followers the seat on screen gets for its next card here
    stack: int  # face-down clan cards left
    group: str = ""  # the face-up power's group, in the rulebook's words
    result: ClanResult | None = None  # once the game is over: who wins this clan's point, and why
    pointed: bool = False  # the board cursor is here: the held card goes face down to this clan


@dataclass(frozen=True)
class SeatPanel:
    seat: int
    name: str
    letter: str
    supply: int
    general: int
    on_elders: int
    locked: int
    elder_points: int
    hand: int
    powers: tuple[str, ...]  # in words, "(kept)" or "(while the disc is here)"


@dataclass(frozen=True)
class HandsModel:
    seats: tuple[SeatPanel, ...]
    hand: tuple[CardFace | None, ...]  # the seat on screen's cards by place; None: the played card's place
    row: tuple[CardFace | None, ...]  # by place; None: a place left empty once the deck is used up
    deck: int
    discard: int
    step: str
    me: int | None
    held: int = -1  # the hand card the highlighted option plays (its index), -1 none
    pointed_row: int = -1  # the row place the board cursor is on, -1 none
    deck_pointed: bool = False  # the board cursor is on the deck
    drawing: bool = False  # the seat on screen draws now: the row's places and the deck show their keys


@dataclass
class Board:
    ring: RingModel
    clans: tuple[ClanFace, ...]
    table: HandsModel
    extra: dict = field(default_factory=dict)


def letter(seat: int) -> str:
    return SEAT_LETTERS[seat] if 0 <= seat < 2 else "?"


def _gifts(view: ThingsteadState, actor: int, card: int) -> dict[int, Gift]:
    """The followers each targeted Elder would receive from ``actor``'s pawn with ``card``."""
    if not view.matches(actor, card, view.pawns[actor]):
        return {}
    supply = view.supply[actor]
    out = {}
    for position, quota in zip(view.influence_targets(actor), view.quotas(actor, card)):
        theirs = view.count[position] if view.owner[position] == 1 - actor else 0
        remove = min(quota, theirs)
        place = min(quota - remove, supply)
        supply -= place
        out[position] = Gift(remove=remove, place=place, quota=quota)
    return out


def preview(view: ThingsteadState, highlighted: Action | None) -> tuple[dict[int, Gift], list[int], str, int]:
    """(gifts by position, pawn positions after, words, card) for the highlighted option."""
    actor = view.current
    pawns = list(view.pawns)
    card = view.in_play
    if view.step == "over" or highlighted is None:
        return {}, pawns, "", card
    trial = view.clone()
    words = ""
    if isinstance(highlighted, act.PlayToThingstead):
        card = highlighted.card
        gifts = _gifts(trial, actor, card)
        words = "From here this card would give:" if gifts else "No match here: move first."
        return gifts, pawns, words, card
    if (
        isinstance(highlighted, act.PlayToClan)
        and 0 <= highlighted.card < len(CARDS)
        and highlighted.clan in CLAN_NAMES
    ):
        return {}, pawns, _clan_words(view, actor, highlighted), highlighted.card
    if isinstance(highlighted, act.Move) and 0 <= highlighted.to < RING:
        trial.pawns[actor] = highlighted.to
        gifts = {} if view.influenced else _gifts(trial, actor, card)
        if view.influenced:
            words = "Move after influencing."
        elif not gifts:
            locked = view.locked[highlighted.to]
            words = "That Elder is locked: no influence." if locked else "The card does not match there: no influence."
        elif trial.can_push(actor):
            words = "There you may first shove the other pawn."
        return gifts, list(trial.pawns), words, card
    if isinstance(highlighted, act.Influence):
        return _gifts(trial, actor, card), pawns, "Influence from here, then move.", card
    if isinstance(highlighted, act.Push):
        them = 1 - actor
        trial.pawns[them] = (trial.pawns[them] + highlighted.shift) % RING
        return _gifts(trial, actor, card), list(trial.pawns), "", card
    if isinstance(highlighted, act.Place) and view.step == "place":
        gifts = {}
        supply = view.supply[actor]
        for i, position in enumerate(view.targets):
            if i < view.place_step:
                continue
            theirs = view.count[position] if view.owner[position] == 1 - actor else 0
            use = highlighted.count if position == highlighted.at else view.quota[i]
            remove = min(use, theirs)
            place = min(use - remove, supply)
            supply -= place
            gifts[position] = Gift(remove=remove, place=place, quota=view.quota[i])
        return gifts, pawns, "", card
    return {}, pawns, "", card


def _clan_words(view: ThingsteadState, actor: int, play: act.PlayToClan) -> str:
    """What a card face down in a clan brings now and counts at the end."""
    card, clan = CARDS[play.card], play.clan
    gain = view.clan_gain(actor, CLANS.index(clan))
    if card.clan == clan or view.holds(actor, "tally", clan):
        counts = f"its move {card.movement} counts for {clan} at the end."
    else:
        counts = f"it shows {card.clan}, so it counts 0 for {clan}."
    return f"Face down: +{gain} followers now; {counts}"


def ring_model(
    view: ThingsteadState, me: int | None, highlighted: Action | None = None, spot: Spot | None = None
) -> RingModel:
    actor = view.current if view.step != "over" else (me if me is not None else 0)
    gifts, after, words, card = preview(view, highlighted if me == view.current else None)
    modifier_view = view.clone()
    modifier_view.pawns = after
    target = view.targets[view.place_step] if view.step == "place" and view.place_step < len(view.targets) else -1
    elders = []
    for p in range(RING):
        elder = view.elder_at(p)
        holder = view.owner[p] if view.count[p] else -1
        need = view.lock_need(holder if holder >= 0 else actor, p)
        elders.append(
            ElderFace(
                position=p,
                number=elder.number,
                runestones=elder.runestones,
                clans=elder.clans,
                holder=holder,
                count=view.count[p],
                need=need,
                locked=view.locked[p],
                pawns=tuple(s for s in range(2) if view.pawns[s] == p),
                ghosts=tuple(s for s in range(2) if after[s] == p and view.pawns[s] != p),
                modifier=modifier_view.modifier(actor, p),
                gift=gifts.get(p),
                target=p == target,
                pointed=spot is not None and spot.kind == "elder" and spot.at == p,
            )
        )
    face = card_face(card) if card >= 0 else None
    played = card >= 0 and card == view.in_play
    centre = spot is not None and spot.kind == "thingstead"
    return RingModel(
        elders=tuple(elders), actor=actor, card=face, card_played=played, note=words, centre_pointed=centre
    )


def clan_faces(view: ThingsteadState, me: int | None, spot: Spot | None = None) -> tuple[ClanFace, ...]:
    faces = []
    results = view.clan_results() or (None,) * len(CLANS)
    for c, clan in enumerate(CLANS):
        top = view.clan_top[c]
        cards = tuple(tuple(CARDS[x].code() if x >= 0 else "?" for x in view.clan_cards[c][s]) for s in range(2))
        influence = tuple(
            None if any(x < 0 for x in view.clan_cards[c][s]) else clan_influence(view, clan, s) for s in range(2)
        )
        faces.append(
            ClanFace(
                clan=clan,
                name=CLAN_NAMES[clan],
                power=POWERS[top].text() if top >= 0 else "",
                power_title=POWERS[top].title() if top >= 0 else "",
                disc=view.disc[c],
                cards=cards,  # type: ignore[arg-type]
                influence=influence,  # type: ignore[arg-type]
                next_gain=view.clan_gain(me, c) if me is not None else 0,
                stack=len(view.clan_stack[c]),
                group=POWERS[top].group if top >= 0 else "",
                result=results[c],
                pointed=spot is not None and spot.kind == "clan" and spot.at == c,
            )
        )
    return tuple(faces)


def hands_model(
    view: ThingsteadState,
    me: int | None,
    spot: Spot | None = None,
    held: int | None = None,
    places: Places | None = None,
) -> HandsModel:
    seats = []
    for s in range(2):
        stones, extra = elder_points(view, s)
        kept = [f"{POWERS[p].title()} (kept): {POWERS[p].text()}" for p in view.kept[s]]
        temp = [
            f"{POWERS[view.clan_top[c]].title()} ({CLAN_NAMES[clan]} disc): {POWERS[view.clan_top[c]].text()}"
            for c, clan in enumerate(CLANS)
            if view.disc[c] == s and view.clan_top[c] >= 0
        ]
        seats.append(
            SeatPanel(
                seat=s,
                name=view.name_of(s),
                letter=f"{letter(s)} {SEAT_COLOURS[s]}",
                supply=view.supply[s],
                general=view.general[s],
                on_elders=view.followers_on_elders(s),
                locked=view.locked_by(s),
                elder_points=stones + extra,
                hand=len(view.hands[s]),
                powers=tuple(kept + temp),
            )
        )
    places = places or Places().following(view, me)
    mine = list(places.hand)
    return HandsModel(
        seats=tuple(seats),
        hand=tuple(card_face(c) if c >= 0 else None for c in mine),
        row=tuple(card_face(c) if c >= 0 else None for c in places.row),
        deck=len(view.deck),
        discard=len(view.discard),
        step=view.step,
        me=me,
        held=mine.index(held) if held is not None and held in mine else -1,
        pointed_row=spot.at if spot is not None and spot.kind == "row" else -1,
        deck_pointed=spot is not None and spot.kind == "deck",
        drawing=me is not None and view.step == "draw" and view.current == me,
    )


def board(
    view: ThingsteadState, me: int | None, highlighted: Action | None = None, places: Places | None = None
) -> Board:
    """The whole board for seat ``me``; the highlighted option (this seat's, when it decides)
    previewed on the ring and pointed at by the board cursor. ``places``: the hand and the row
    by place, as the screen keeps them (else as the rules list them)."""
    places = places or Places().following(view, me)
    mine = highlighted if me is not None and me == view.current and view.step != "over" else None
    spot = spot_of(view, me, mine, places) if me is not None and mine is not None else None
    return Board(
        ring=ring_model(view, me, highlighted, spot),
        clans=clan_faces(view, me, spot),
        table=hands_model(view, me, spot, held_card(mine), places),
    )


def clan_result_words(result: ClanResult) -> str:
    """'Pink (P): R 2 cards, move 4 · B 1 card, move 2 → R +1, more movement'."""

    def side(seat: int) -> str:
        n = result.cards[seat]
        cards = f"{letter(seat)} {n} card{'' if n == 1 else 's'}"
        return f"{cards}, move {result.influence[seat]}" if n else cards

    won = f"{letter(result.winner)} +{result.points(result.winner)}" if result.winner >= 0 else "nobody"
    return f"{clan_label(result.clan)}: {side(0)} · {side(1)} → {won}, {result.decided}"


def final_lines(view: ThingsteadState) -> tuple[str, ...]:
    """The final screen's per-clan lines, from the rules' clan results; () before the end."""
    results = view.clan_results()
    if not results:
        return ()
    who = ", ".join(f"{letter(s)} {view.name_of(s)}" for s in range(2))
    head = f"Clans ({who}): most matching movement wins; a tie goes to the disc."
    return (head, *(clan_result_words(r) for r in results))


def option_group(action: Action) -> str:
    """The heading of ``action`` in the options list: a card's destinations come under the card."""
    if isinstance(action, act.PlayToThingstead | act.PlayToClan):
        return CARDS[action.card].short() if 0 <= action.card < len(CARDS) else f"Card {action.card}"
    if isinstance(action, act.Move | act.Influence):
        return "Your pawn"
    if isinstance(action, act.DrawFromRow):
        return "Face-up row"
    if isinstance(action, act.DrawFromDeck):
        return "Deck"
    return ""  # shoving, placing followers: one choice about one thing
