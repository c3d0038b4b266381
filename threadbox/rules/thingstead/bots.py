"""The ``easy`` bot: greedy over its own turn, from its own view only.

Every option of the current decision is played out to the end of the turn's
card play on a copy of the view (the rest of the turn's choices made
greedily: the most influence everywhere), and the position reached is valued
by ``value``: Elders held (weighted by how close they are to locking), clan
majorities as far as the seat can know them, powers held and followers in
supply. Draws take the row card that fits the ring best, or the deck.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable

from ..core import Action, SearchBot
from .actions import DrawFromDeck, DrawFromRow, Place
from .data import CARDS, CLAN_INDEX, CLANS, RING, ring_distance
from .scoring import clan_influence
from .state import _TO_CLAN, _TO_THINGSTEAD, ThingsteadState

LOCK_BONUS = 0.5  # a locked (or lockable) Elder is safe from removal
HELD_SHARE = 0.35  # an unlocked Elder with a single follower is worth this share of its runestones
SUPPLY = 0.22  # a follower in supply: future influence
CLAN_POINT = 0.9  # the clan point, when its majority looks settled
OPPONENT_CARD = (
    1.1  # matching movement guessed on one of the opponent's hidden clan cards (value_to_the_end: at most this)
)
OPPONENT_CHOICE = 1.5  # a rival's hidden clan card matches more often than chance: it chose it
POWER_KEPT = 0.8
POWER_TEMP = 0.4
LOOKAHEAD = 40  # cap on branches per decision
PLACED_A_PLAY = 3  # followers a Thingstead play places, about: supply beyond what the turns left can place is idle
ON_ELDER = 0.15  # a follower on an unlocked Elder of one's own, up to its lock: more than one idle in supply
THREAT_PLAYS = 4  # with this many plays left a rival may still take an unlocked Elder; fewer, less likely
POWER_TURNS = 3  # a power is worth its full value with this many card plays left, less nearer the end


def plays_left(state: ThingsteadState, seat: int) -> float:
    """Cards ``seat`` still plays, about: its hand and its share of the deck and row."""
    return len(state.hands[seat]) + (len(state.deck) + len(state.row)) / 2


def usable_supply(state: ThingsteadState, seat: int) -> float:
    """Followers in supply that the plays left can still put on Elders (at the end, none):
    an idle follower scores nothing, so it is no reason to play a card to a clan."""
    return min(state.supply[seat], 10, PLACED_A_PLAY * plays_left(state, seat))


def hidden_card_guess(state: ThingsteadState, them: int) -> list[float]:
    """What one of the rival's face-down cards in each clan is likely to count there: the mean
    matching movement of the cards this view has not seen, raised because the rival chose it.
    A fixed guess of 1.1 a card made 14 face-down cards look like 15 influence, and both bots
    poured cards into one clan all game while their followers idled."""
    seen = {c for c in state._known_cards() if c >= 0}
    unseen = [card for card in CARDS if card.id not in seen] or list(CARDS)
    out = []
    for clan in CLANS:
        every = state.holds(them, "tally", clan) > 0
        total = sum(card.movement for card in unseen if every or card.clan == clan)
        out.append(min(OPPONENT_CARD, OPPONENT_CHOICE * total / len(unseen)))
    return out


def value(state: ThingsteadState, seat: int) -> float:
    """How good ``state`` looks for ``seat`` (views welcome: hidden cards are -1)."""
    them = 1 - seat
    total = 0.0
    for p in range(RING):
        holder = state.owner[p]
        if holder < 0 or state.count[p] == 0:
            continue
        elder = state.elder_at(p)
        stones = elder.runestones + state.holds_for_elder(holder, "runes", p)
        if state.locked[p]:
            v = stones + LOCK_BONUS
        else:
            need = state.lock_need(holder, p)
            share = min(1.0, state.count[p] / need)
            v = stones * (HELD_SHARE + (1 - HELD_SHARE) * share) + (LOCK_BONUS if share >= 1 else 0.0)
        total += v if holder == seat else -v
    total += SUPPLY * (min(state.supply[seat], 10) - min(state.supply[them], 10))
    for clan in CLANS:
        c = CLAN_INDEX[clan]
        mine = clan_influence(state, clan, seat)
        theirs = OPPONENT_CARD * sum(1 for x in state.clan_cards[c][them] if x < 0)
        theirs += clan_influence(state, clan, them)  # cards this view can see (at the end, all)
        lead = mine - theirs
        if abs(lead) < 0.5:
            disc = state.disc[c]
            total += 0.5 * CLAN_POINT * (1 if disc == seat else -1 if disc == them else 0)
        else:
            total += CLAN_POINT * (1 if lead > 0 else -1) * min(1.0, abs(lead) / 3)
    for s, sign in ((seat, 1), (them, -1)):
        total += sign * POWER_KEPT * len(state.kept[s])
        total += sign * POWER_TEMP * sum(1 for c in range(len(CLANS)) if state.disc[c] == s and state.clan_top[c] >= 0)
    return total


def value_to_the_end(state: ThingsteadState, seat: int) -> float:
    """``value`` as the hard bot judges it, minding the end of the game: followers in supply
    and clan powers are worth only what the plays left can use, an Elder held is safer when
    the rival has few plays left, and the rival's face-down clan cards are guessed from the
    cards not seen. (With ``value`` both bots ended most games with 15-25 followers idle.)"""
    them = 1 - seat
    total = 0.0
    for p in range(RING):
        holder = state.owner[p]
        if holder < 0 or state.count[p] == 0:
            continue
        elder = state.elder_at(p)
        stones = elder.runestones + state.holds_for_elder(holder, "runes", p)
        if state.locked[p]:
            v = stones + LOCK_BONUS
        else:
            need = state.lock_need(holder, p)
            share = min(1.0, state.count[p] / need)
            # Safe when locked, or when the rival has too few plays left to take it away.
            safe = max(share, 1 - min(1.0, plays_left(state, 1 - holder) / THREAT_PLAYS))
            v = stones * (HELD_SHARE + (1 - HELD_SHARE) * safe) + (LOCK_BONUS if share >= 1 else 0.0)
            v += ON_ELDER * min(state.count[p], need)  # harder to take, and the tie-break
        total += v if holder == seat else -v
    total += SUPPLY * (usable_supply(state, seat) - usable_supply(state, them))
    guess = hidden_card_guess(state, them)
    for clan in CLANS:
        c = CLAN_INDEX[clan]
        mine = clan_influence(state, clan, seat)
        theirs = guess[c] * sum(1 for x in state.clan_cards[c][them] if x < 0)
        theirs += clan_influence(state, clan, them)  # cards this view can see (at the end, all)
        lead = mine - theirs
        if abs(lead) < 0.5:
            disc = state.disc[c]
            total += 0.5 * CLAN_POINT * (1 if disc == seat else -1 if disc == them else 0)
        else:
            total += CLAN_POINT * (1 if lead > 0 else -1) * min(1.0, abs(lead) / 3)
    for s, sign in ((seat, 1), (them, -1)):
        use = min(1.0, plays_left(state, s) / POWER_TURNS)  # a power with no plays left does nothing
        total += sign * use * POWER_KEPT * len(state.kept[s])
        total += (
            sign * use * POWER_TEMP * sum(1 for c in range(len(CLANS)) if state.disc[c] == s and state.clan_top[c] >= 0)
        )
    return total


def _greedy_finish(state: ThingsteadState, seat: int) -> None:
    """Finish the turn's card play: the most influence, no shove, no move after influencing."""
    while state.step in ("thing", "push", "place") and state.current == seat:
        options = state.legal_actions(seat)
        if state.step == "thing":
            # Influence already done: stay where we are.
            stay = [a for a in options if getattr(a, "to", None) == state.pawns[seat]]
            action = stay[0] if stay else options[0]
        else:
            action = options[0]  # push: 0 first; place: the most first
        state.apply_unchecked(seat, action)


Judge = Callable[[ThingsteadState, int], float]


def outlook(view: ThingsteadState, seat: int, action: Action, judge: Judge = value, best_move: bool = False) -> float:
    """The value (by ``judge``) after ``action`` and a greedy rest of the card play. With
    ``best_move`` a card played to the Thingstead is valued at its best first step (influence
    here, or move to each reachable Elder), not by standing still, which made it look worse
    than a card to a clan."""
    trial = view.clone()
    trial.view_of = None
    trial.apply_unchecked(seat, action)
    if best_move and trial.step == "thing" and trial.current == seat and not trial.moved and not trial.influenced:
        best = float("-inf")
        for first in trial.legal_actions(seat):
            branch = trial.clone()
            branch.apply_unchecked(seat, first)
            _greedy_finish(branch, seat)
            best = max(best, judge(branch, seat))
        return best
    _greedy_finish(trial, seat)
    return judge(trial, seat)


def draw_score(view: ThingsteadState, seat: int, card: int) -> float:
    """How useful a card looks in hand: followers, movement, and Elders it matches near the pawn."""
    c = CARDS[card]
    near = sum(
        1
        for p in range(RING)
        if ring_distance(p, view.pawns[seat]) <= c.movement and not view.locked[p] and view.elder_at(p).shows(c.clan)
    )
    return sum(c.followers) + 0.3 * c.movement + 0.4 * near


DECK_GUESS = 4.6  # about what an unknown card scores by draw_score


class EasyBot:
    """Level ``easy``. The hard bot's own copy (``keen_easy``) judges by ``value_to_the_end``
    and looks at every move of a Thingstead play; the level ``easy`` stays as it was."""

    level = "easy"

    def __init__(self, judge: Judge = value, best_move: bool = False) -> None:
        self.judge, self.best_move = judge, best_move

    def choose(self, view: ThingsteadState, seat: int, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        if view.step == "draw":
            row = [a for a in legal if isinstance(a, DrawFromRow)]
            best = max(row, key=lambda a: draw_score(view, seat, a.card), default=None)
            deck = next((a for a in legal if isinstance(a, DrawFromDeck)), None)
            if best is None or (deck is not None and draw_score(view, seat, best.card) < DECK_GUESS):
                return deck or legal[0]
            return best
        options = legal
        if len(options) > LOOKAHEAD and view.step != "play":
            options = rng.sample(options, LOOKAHEAD)
        scored = []
        for action in options:
            v = outlook(view, seat, action, self.judge, self.best_move)
            if isinstance(action, Place):
                v += 0.01 * action.count  # prefer using influence when it changes nothing else
            scored.append((v + rng.random() * 1e-6, action))
        return max(scored, key=lambda t: t[0])[1]


class QuickBot:
    """A cheap sensible policy (no look-ahead copies), for the hard bot's rollouts.

    Plays to the Thingstead when it has followers and a card that reaches a
    matching Elder, else to the clan of the card's own symbol; moves where the
    card places most; shoves for the most; uses all its influence; draws the
    row card with most followers.
    """

    level = "quick"

    def choose(self, view: ThingsteadState, seat: int, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        step = view.step
        if step == "play":
            return self._play(view, seat, legal, rng)
        if step == "thing":
            return max(legal, key=lambda a: self._gain_at(view, seat, getattr(a, "to", view.pawns[seat])))
        if step == "push":
            them = 1 - seat
            here = view.pawns[them]

            def after(a: Action) -> int:
                view.pawns[them] = (here + a.shift) % RING  # type: ignore[attr-defined]
                got = sum(view.quotas(seat, view.in_play))
                view.pawns[them] = here
                return got

            return max(legal, key=after)
        if step == "place":
            return legal[0]
        row = [a for a in legal if isinstance(a, DrawFromRow)]
        if row and rng.random() < 0.7:
            return max(row, key=lambda a: sum(CARDS[a.card].followers))
        return legal[-1]

    def _gain_at(self, view: ThingsteadState, seat: int, position: int) -> int:
        card = view.in_play
        if not view.matches(seat, card, position):
            return -1
        here = view.pawns[seat]
        view.pawns[seat] = position
        got = sum(min(q, view.supply[seat] + 2) for q in view.quotas(seat, card))
        view.pawns[seat] = here
        return got

    def _play(self, view: ThingsteadState, seat: int, legal: list[Action], rng: random.Random) -> Action:
        hand = [c for c in view.hands[seat] if c >= 0]
        if view.supply[seat] >= 2:
            best, best_gain = None, 0
            for card in hand:
                view.in_play = card
                for p in view.reachable(seat, card):
                    gain = self._gain_at(view, seat, p)
                    if gain > best_gain:
                        best, best_gain = card, gain
            view.in_play = -1
            if best is not None and best_gain >= 2:
                return _TO_THINGSTEAD[best]
        card = min(hand, key=lambda c: sum(CARDS[c].followers) - 0.5 * CARDS[c].movement + rng.random())
        clan = CARDS[card].clan if rng.random() < 0.8 else rng.choice(CLANS)
        return _TO_CLAN[card][CLAN_INDEX[clan]]


def keen_easy() -> EasyBot:
    """The easy bot's greedy play, judged to the end of the game: the hard bot's policy."""
    return EasyBot(value_to_the_end, best_move=True)


def estimate(state: ThingsteadState) -> list[float]:
    """The search's judgement of a position cut short: each seat's ``value_to_the_end`` (a lead, in points)."""
    lead = value_to_the_end(state, 0)
    return [lead, -lead]


SEARCHED_STEPS = ("play", "thing")  # the card and where the pawn goes; measured better than the card alone


class _TurnReflex:
    """The hard bot searches the card plays and the moves; the rest of each turn
    (shoving, placing, drawing) follows the easy bot's greedy choices, in the tree and after it."""

    def __init__(self) -> None:
        self.easy = keen_easy()

    def __call__(self, state: ThingsteadState, seat: int, legal: list[Action], rng: random.Random) -> Action | None:
        if state.step in SEARCHED_STEPS:
            return None
        return self.easy.choose(state, seat, legal, rng)


class _EasyOpinion:
    """The search's prior at the hard bot's own card plays and moves: the easy bot's
    ``outlook`` of each option (other decisions get no opinion). Positions that agree on
    everything the outlook reads share one answer within a decision."""

    def __init__(self) -> None:
        self.seat = 0
        self.known: dict[tuple[object, ...], list[float]] = {}

    def __call__(self, state: ThingsteadState, actor: int, legal: list[Action]) -> list[float]:
        if actor != self.seat or state.step not in SEARCHED_STEPS:
            return [0.0] * len(legal)
        key = (
            state.step,
            tuple(state.hands[actor]),
            tuple(state.pawns),
            tuple(state.owner),
            tuple(state.count),
            tuple(state.locked),
            tuple(state.supply),
            tuple(state.disc),
            tuple(map(tuple, state.kept)),
            tuple(tuple(len(side) for side in per) for per in state.clan_cards),
            state.in_play,
            state.moved,
            state.influenced,
        )
        values = self.known.get(key)
        if values is None:
            values = self.known[key] = [outlook(state, actor, a, value_to_the_end, best_move=True) for a in legal]
        return values


class HardBot(SearchBot[ThingsteadState]):
    """Level ``hard``: the core's ISMCTS over this game's determinizations.

    It searches the card plays and the moves, starting from the easy bot's
    opinion of them (the prior: a short search plays like the easy bot, more
    search overrules it). Each iteration plays a sampled card play and move,
    and the opponent's reply deeper in the tree, with the rest of those turns
    as the easy bot would, then judges the position with
    ``value_to_the_end``: a two-ply search over hidden hands and draws. The
    easy bot's play, by that judgement (``keen_easy``), is its policy
    wherever it does not search.
    """

    def __init__(self) -> None:
        self.opinion = _EasyOpinion()
        super().__init__(
            keen_easy(),
            rollout_limit=0,
            evaluate=estimate,
            reflex=_TurnReflex(),
            prior=self.opinion,
            prior_weight=PRIOR_WEIGHT,
            score_scale=SCORE_SCALE,
        )

    def choose(
        self,
        view: ThingsteadState,
        seat: int,
        legal: list[Action],
        rng: random.Random,
        stop: threading.Event | None = None,
    ) -> Action:
        self.opinion.seat = seat
        self.opinion.known = {}
        try:
            return super().choose(view, seat, legal, rng, stop)
        finally:
            self.opinion.known = {}


def hard_bot() -> HardBot:
    return HardBot()


PRIOR_WEIGHT = 0.5  # the core's default; measured: 124 of 200 games won against easy at 300 iterations, seats rotated
SCORE_SCALE = 3.0  # design choice: a 3-point lead is most of a win (games end around 8-12 points)
