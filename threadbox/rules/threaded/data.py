"""Threaded's components as data: threads, shops, queue spots, and every card.

Numbers printed in the rulebook (rules/threaded.txt) say so; numbers it leaves
open are design choices within /work/shared/RULINGS.md and say so too.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations

# Raised when a rules change makes recorded moves replay differently (records of earlier
# revisions are refused on load). 2: the box spills most rounds, the swap cards' placement
# step, the rearrange card keeps to needle and basket, the extra assistant counts spots right.
RULES_REVISION = 2

# ---- threads -------------------------------------------------------------------
COLOURS: tuple[str, ...] = ("B", "Y", "P", "S", "N", "G")  # rulings: 6 colours; letters are ours
COLOUR_NAMES: dict[str, str] = {
    "B": "blue",
    "Y": "yellow",
    "P": "pink",
    "S": "silver",
    "N": "brown",  # N for browN: B is blue
    "G": "green",
}
COLOUR_ORDER: dict[str, int] = {c: i for i, c in enumerate(COLOURS)}
THREADS_PER_COLOUR = 25  # rulings: 150 cubes, 25 of each colour
TOTAL_THREADS = THREADS_PER_COLOUR * len(COLOURS)

NEEDLE_SIZE = 6  # rulebook: the needle holds up to 6 threads
BASKET_SIZE = 4  # rulebook: the basket holds up to 4 threads
EQUIPMENT_LIMIT = 2  # rulebook: 2 equipment slots
COMMISSION_LIMIT = 4  # rulebook: at most 4 commissions
HAND_LIMIT = 3  # rulebook: at most 3 tapestries in hand
TAPESTRIES_TO_END = 5  # rulebook: a fifth made tapestry ends the game
LINE_SIZE = 5  # rulebook: 5 tapestries in the line
EQUIPMENT_ON_OFFER = 3  # rulebook: 3 face-up equipment cards beneath BOBBINS & BASKETS
STARTING_THREADS = 3  # rulebook: 3 threads into each basket
STARTING_SCRAPS = 3  # rulebook: 3 threads on the scraps board
BOX_AT_SETUP = 10  # rulebook: 10 threads tipped into the bargain box at setup
THREADS_PER_POINT = 3  # rulebook: 1 point per 3 threads left in a studio


def assistants_for(players: int) -> int:
    return 4 if players == 2 else 3  # rulebook: 3 assistants, a 4th with 2 players


def sort_threads(threads: Iterable[str]) -> tuple[str, ...]:
    """Threads in colour order: how pools without an order are kept and shown."""
    return tuple(sorted(threads, key=COLOURS.index))


def colour_label(letter: str) -> str:
    """'blue (B)': a colour always with its letter, so colour is never the only signal."""
    return f"{COLOUR_NAMES.get(letter, '?')} ({letter})"


def colours_label(letters: str | tuple[str, ...] | list[str]) -> str:
    return "-".join(COLOUR_NAMES.get(c, "?") for c in letters)


# ---- shops ---------------------------------------------------------------------
SHOPS: tuple[str, ...] = ("A", "B", "C", "D", "E", "F")
SHOP_NAMES: dict[str, str] = {
    "A": "Awl You Want",
    "B": "Bobbins & Baskets",
    "C": "Custom Creations",
    "D": "Darn Good Thread",
    "E": "Ends & Odds",
    "F": "Finishes",
}

# Design choice (rulings: the board is not printed): queue spots per shop at 5 players,
# and which spots the 6 queue blockers close at fewer players. There are always more
# spots than assistants: 2p 13 spots / 8 assistants, 3p 15/9, 4p 17/12, 5p 19/15.
QUEUE_SPOTS: dict[int, dict[str, int]] = {
    5: {"A": 2, "B": 3, "C": 3, "D": 3, "E": 4, "F": 4},
    4: {"A": 2, "B": 3, "C": 3, "D": 3, "E": 3, "F": 3},  # 2 blockers: E, F
    3: {"A": 2, "B": 2, "C": 2, "D": 3, "E": 3, "F": 3},  # 4 blockers: B, C, E, F
    2: {"A": 1, "B": 2, "C": 2, "D": 2, "E": 3, "F": 3},  # 6 blockers: one per shop
}
BLOCKERS = 6  # rulebook: 6 queue blockers
assert all(sum(QUEUE_SPOTS[5].values()) - sum(spots.values()) <= BLOCKERS for spots in QUEUE_SPOTS.values())

# Design choice: threads placed at DARN GOOD THREAD each round ("according to the player
# count shown on the shop"): one more than a full queue takes, so there is nearly always
# something to tip into the bargain box. Beside each: the share of rounds with a thread at
# ENDS & ODDS (target 60%, rulings), 100 easy-bot games per count, benchmarks/threaded_box.py.
DARN_THREADS: dict[int, int] = {
    2: 7,  # 2 spots at D; 84% of 499 rounds (with 6, a full queue left none to tip: 0%)
    3: 10,  # 3 spots; 85% of 593 rounds (with 7: 0%)
    4: 10,  # 3 spots; 83% of 726 rounds (with 8: 0%)
    5: 10,  # 3 spots; 82% of 699 rounds (unchanged)
}
DARN_TAKE = 3  # rulebook: take 3 available threads

# ---- bargain box ---------------------------------------------------------------
# Design choice (rulings: model the tower with the seeded RNG): a tipped thread falls
# straight through with chance 4 in 6, else it lodges inside; each tip also knocks
# every lodged thread loose with chance 2 in 6 (the shares measured: beside DARN_THREADS).
FALL_THROUGH_IN_SIX = 4
KNOCK_LOOSE_IN_SIX = 2

# ---- giving and finishes -------------------------------------------------------
A_GIVE = 2  # rulebook: AWL YOU WANT gives 2 threads
REFRESH_GIVE = 3  # rulebook: REFRESH gives 3 threads
SHARE_GIVE = 1  # rulebook: SHARE gives 1 thread
MAKE_SPEND = 3  # rulebook: 3 matching threads
FINISHES_CHOICES = 2  # rulebook: choose twice
FINISHES_ACTIONS: tuple[str, ...] = ("take", "make", "refresh", "share")


# ---- tapestries ----------------------------------------------------------------
PATTERNS: tuple[str, ...] = ("flame", "diamond", "wave", "zigzag", "medallion")  # rulings: 5 Bargello patterns


@dataclass(frozen=True)
class Tapestry:
    id: str
    pattern: str
    colours: tuple[str, str, str]  # left to right, as printed at the bottom of the card

    def label(self) -> str:
        return f"{self.pattern} {''.join(self.colours)}"


def _tapestries() -> tuple[Tapestry, ...]:
    """Rulings: 40 cards, 5 patterns x 8; every set of 3 colours on exactly 2 cards.

    Card i shows colour set i // 2; the two cards of a set read in two different
    orders and carry two different patterns (i % 5 and (i + 1) % 5).
    """
    cards = []
    sets = list(combinations(COLOURS, 3))
    orders = ((0, 1, 2), (2, 0, 1), (1, 2, 0), (0, 2, 1), (2, 1, 0), (1, 0, 2))
    for i in range(40):
        chosen = sets[i // 2]
        order = orders[(i // 2 + 3 * (i % 2)) % 6]
        colours = (chosen[order[0]], chosen[order[1]], chosen[order[2]])
        cards.append(Tapestry(id=f"T{i + 1:02d}", pattern=PATTERNS[i % 5], colours=colours))
    return tuple(cards)


TAPESTRIES: tuple[Tapestry, ...] = _tapestries()
TAPESTRY: dict[str, Tapestry] = {t.id: t for t in TAPESTRIES}


# ---- commissions ---------------------------------------------------------------
@dataclass(frozen=True)
class Commission:
    """Points for every made tapestry that has both colours, the colour, or the pattern."""

    id: str
    kind: str  # "pair" | "colour" | "pattern"
    needs: tuple[str, ...]  # colour letters, or the pattern name
    points: int

    def fulfilled_by(self, tapestry: Tapestry) -> bool:
        if self.kind == "pattern":
            return tapestry.pattern == self.needs[0]
        return all(c in tapestry.colours for c in self.needs)

    def label(self) -> str:
        if self.kind == "pattern":
            return f"{self.points} per {self.needs[0]} tapestry"
        return f"{self.points} per {colours_label(self.needs)} tapestry"


PAIR_POINTS = 5  # rulings: colour pairs 5 points per tapestry
COLOUR_POINTS = 2  # rulings: single colours 2 points
PATTERN_POINTS = 5  # rulings: patterns 5 points


def _commissions() -> tuple[Commission, ...]:
    cards = [Commission("", "pair", pair, PAIR_POINTS) for pair in combinations(COLOURS, 2)]
    cards += [Commission("", "colour", (c,), COLOUR_POINTS) for c in COLOURS]
    cards += [Commission("", "pattern", (p,), PATTERN_POINTS) for p in PATTERNS]
    return tuple(Commission(f"K{i + 1:02d}", c.kind, c.needs, c.points) for i, c in enumerate(cards))


COMMISSIONS: tuple[Commission, ...] = _commissions()
COMMISSION: dict[str, Commission] = {c.id: c for c in COMMISSIONS}


# ---- equipment -----------------------------------------------------------------
@dataclass(frozen=True)
class Equipment:
    id: str
    shop: str  # the shop whose visit is its use window
    effect: str
    text: str  # in our own words
    colour: str = ""  # the thread colour of a swap card


SHORT_EFFECT = {  # a card's effect in a few words (25 at most), for crowded boards
    "front": "assistant to queue front",
    "equipment_from_discard": "equipment from discard",
    "extra_assistant": "an extra assistant",
    "restock_take": "restock line, take 1",
    "keep_both": "keep both commissions",
    "commission_from_discard": "commission from discard",
    "draw_three": "draw 3 threads",
    "free_make": "free MAKE, lose basket",
    "bargain_five": "5 threads into the box",
    "one_each": "1 of each colour to E",
    "swap": "swap in a {} thread",
    "free_take": "free TAKE, no threads",
    "rearrange": "rearrange needle, basket",
    "refresh_take": "free REFRESH, then TAKE",
    "scraps_seven": "7 threads to scraps",
}


def equipment_effect(card: str) -> str:
    """A card's effect in a few words: 'draw 3 threads', 'swap in a blue thread'."""
    e = EQUIPMENT_CARD.get(card)
    if e is None:
        return card
    return SHORT_EFFECT[e.effect].format(COLOUR_NAMES.get(e.colour, ""))


def equipment_short(card: str) -> str:
    """'F4 (F) swap in a blue thread': id, the shop of its window, and the effect in brief."""
    e = EQUIPMENT_CARD.get(card)
    if e is None:
        return card
    return f"{card} ({e.shop}) {equipment_effect(card)}"


def _equipment() -> tuple[Equipment, ...]:
    cards = [
        Equipment("A1", "A", "front", "Move one of your waiting assistants to the front of its queue."),
        Equipment("A2", "A", "equipment_from_discard", "Take any equipment card from the discard pile."),
        Equipment("A3", "A", "extra_assistant", "Join a queue with room as an extra assistant; discarded after."),
        Equipment("C1", "C", "restock_take", "You may restock the equipment line; then take one face-up card."),
        Equipment("C2", "C", "keep_both", "Keep both commissions you drew."),
        Equipment("C3", "C", "commission_from_discard", "Take any commission from the discard pile."),
        Equipment("D1", "D", "draw_three", "Draw 3 threads from the bag into your studio."),
        Equipment(
            "F1", "F", "free_make", "Make a tapestry from your hand without threads; your basket goes to scraps."
        ),
        Equipment("F2", "F", "bargain_five", "Tip 5 threads from the bag into the bargain box."),
        Equipment("F3", "F", "one_each", "Put 1 thread of every colour from the bag at Ends & Odds."),
    ]
    for i, colour in enumerate(COLOURS):
        cards.append(
            Equipment(
                f"F{4 + i}",
                "F",
                "swap",
                f"Swap a needle thread for a {COLOUR_NAMES[colour]} one from the bag, then place it.",
                colour,
            )
        )
    cards += [
        Equipment("F10", "F", "free_take", "An extra TAKE, placing no threads on the tapestries you skip."),
        Equipment(
            "F11", "F", "rearrange", "Rearrange the threads of your needle and basket as you like (none to scraps)."
        ),
        Equipment("F12", "F", "refresh_take", "You may refresh the line for free; then TAKE a tapestry."),
        Equipment("F13", "F", "scraps_seven", "Put 7 threads from the bag on the scraps board."),
    ]
    return tuple(cards)


EQUIPMENT: tuple[Equipment, ...] = _equipment()
EQUIPMENT_CARD: dict[str, Equipment] = {e.id: e for e in EQUIPMENT}
EQUIPMENT_SHOP: dict[str, str] = {e.id: e.shop for e in EQUIPMENT}  # asked at every equipment moment
assert len(EQUIPMENT) == 20 and len(COMMISSIONS) == 26 and len(TAPESTRIES) == 40  # rulebook: components


# Why a FINISHES action is not on offer: what each needs (rulebook, FINISHES).
FINISH_NEEDS = {
    "take": "TAKE needs a tapestry on the line you can pay for (1 thread per tapestry skipped)",
    "make": "MAKE needs a tapestry in hand whose 3 colours are in order at one end of your needle",
    "refresh": "REFRESH needs 3 threads to give to scraps",
    "share": "SHARE needs 1 thread to give to scraps",
}
