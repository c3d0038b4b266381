"""Thingstead components: clans, the seven Elders, the Influence cards, the clan powers.

Every number says where it comes from: the rulebook, RULINGS.md, or a design
choice. Cards are frozen values; the state keeps only their ids.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Literal

# Raised when a rules change makes recorded moves replay differently (records of earlier
# revisions are refused on load). 2: Reserve, Long memory and Welcome redesigned (the
# powers' balance measured in benchmarks/results/thingstead-powers.txt).
RULES_REVISION = 2

PLAYERS = 2  # rulebook: a game for two
FOLLOWERS_PER_PLAYER = 27  # rulebook: 54 followers, 27 in each colour
START_SUPPLY = 3  # rulebook setup: 3 followers in each player's supply
HAND_SIZE = 5  # rulebook: deal 5 Influence cards to each player
BIG_HAND_SIZE = 6  # RULINGS.md / FAQ: a clan power raises the hand to 6 (design choice: while the deck lasts)
ROW_SIZE = 3  # rulebook: a face-up row of 3 cards
LOCKS_TO_END = 3  # rulebook: the game ends when a player has locked 3 Elders
CLAN_FOLLOWERS = (4, 3, 2, 1, 0)  # rulebook: 4, 3, 2, 1, 0 followers for the 1st..5th card in a clan
RING = 7  # rulebook: 7 Elders around the ring
# RULINGS.md: ring modifier by distance (shorter way round) from the opponent's pawn.
RING_MODIFIER = {0: -2, 1: -1, 2: 0, 3: 1}
CLAN_POINTS = 1  # rulebook: one point for each clan you have the most influence over
MIN_LOCK = 1  # design choice: lock powers never bring an Elder below 1 follower (the marker)

Clan = Literal["P", "S", "O", "G"]
# RULINGS.md: the four clans. Each has a letter so colour is never the only signal.
CLANS: tuple[str, ...] = ("P", "S", "O", "G")
CLAN_NAMES: dict[str, str] = {"P": "Pink", "S": "Sky Blue", "O": "Orange", "G": "Green"}
CLAN_INDEX: dict[str, int] = {c: i for i, c in enumerate(CLANS)}
SEAT_COLOURS = ("Red", "Blue")  # rulebook: the examples' two colours; Red is the eldest and starts


def clan_label(clan: str) -> str:
    """'Orange (O)': a clan is always named with its letter."""
    return f"{CLAN_NAMES[clan]} ({clan})"


@dataclass(frozen=True)
class Elder:
    id: int
    number: int  # followers needed to lock it; Elders are numbered by it (RULINGS.md)
    runestones: int  # victory points
    clans: tuple[str, ...]  # allied clan symbols

    def shows(self, clan: str) -> bool:
        return clan in self.clans

    def label(self) -> str:
        return f"Elder No. {self.number}"


# Design choice: numbers 3..9 (one is No. 8, RULINGS.md), runestones rising with
# the number, every clan on exactly 4 Elders (two Elders show three clans).
ELDERS: tuple[Elder, ...] = (
    Elder(0, 3, 1, ("P", "G")),
    Elder(1, 4, 1, ("S", "O")),
    Elder(2, 5, 2, ("P", "O")),
    Elder(3, 6, 2, ("S", "G")),
    Elder(4, 7, 3, ("P", "S", "G")),
    Elder(5, 8, 3, ("P", "O", "G")),
    Elder(6, 9, 4, ("S", "O")),
)
START_ELDER = 5  # rulebook: both pawns start on the No. 8 Elder


@dataclass(frozen=True)
class InfluenceCard:
    id: int
    clan: str
    movement: int
    left: int  # followers for the Elder on the pawn's left (one step clockwise)
    centre: int  # the Elder the pawn is on
    right: int  # the Elder on the pawn's right (one step counter-clockwise)

    @property
    def followers(self) -> tuple[int, int, int]:
        return (self.left, self.centre, self.right)

    def code(self) -> str:
        return f"{self.clan}{self.movement}:{self.left}{self.centre}{self.right}"

    @cache  # noqa: B019 - 36 frozen cards, labels written into every log line
    def label(self) -> str:
        return f"{clan_label(self.clan)} move {self.movement}, followers {self.left}/{self.centre}/{self.right}"

    def short(self) -> str:
        """'Pink (P) move 3, 1/1/1': for option lists, where 25 choices must fit."""
        return f"{clan_label(self.clan)} move {self.movement}, {self.left}/{self.centre}/{self.right}"


# Design choice: the same nine shapes in each clan (9 cards x 4 clans = 36, rulebook),
# more movement for fewer followers. (3, 1, 2, 0) is Blue's card in the worked
# example, (2, 0, 2, 2) Red's Orange card.
CARD_SHAPES: tuple[tuple[int, int, int, int], ...] = (
    (1, 1, 2, 1),
    (1, 0, 3, 1),
    (1, 1, 3, 0),
    (2, 0, 2, 2),
    (2, 2, 2, 0),
    (2, 1, 2, 1),
    (3, 1, 2, 0),
    (3, 0, 2, 1),
    (3, 1, 1, 1),
)
CARDS: tuple[InfluenceCard, ...] = tuple(
    InfluenceCard(ci * len(CARD_SHAPES) + si, clan, *shape)
    for ci, clan in enumerate(CLANS)
    for si, shape in enumerate(CARD_SHAPES)
)
TOTAL_CARDS = len(CARDS)  # rulebook: 36 Influence cards

Group = Literal["symbols and pawns", "Elders and scoring", "movement", "followers"]
Kind = Literal[
    "push", "wild", "hand", "ward", "lock", "runes", "tally", "stride", "soar", "rally", "recruit", "reserve"
]


@dataclass(frozen=True)
class Power:
    id: int
    clan: str  # the clan whose stack holds this card
    kind: Kind
    symbol: str  # the symbol the power names ("" when it names none)
    group: Group

    def text(self) -> str:
        """The power in one short sentence (our own words)."""
        name = CLAN_NAMES.get(self.symbol, "")
        return {
            "push": f"When you influence from an Elder showing {name}, you may first move your opponent's pawn "
            "one space either way.",
            "wild": f"Any card you play matches an Elder showing {name}.",
            "hand": f"While the draw deck lasts, your hand holds {BIG_HAND_SIZE} cards instead of {HAND_SIZE}.",
            "ward": "The Elder under your opponent's pawn gives you -1 instead of -2.",
            "lock": f"You need 1 follower fewer to lock an Elder showing {name}.",
            "runes": f"Each Elder showing {name} that you win scores 1 more point.",
            "tally": f"All your face-down cards in the {name} clan count, whatever their symbol.",
            "stride": "Your cards give 1 more movement.",
            "soar": f"Instead of moving, you may put your pawn on any Elder showing {name}.",
            "rally": f"The Elder your pawn is on takes 1 more follower when it shows {name}.",
            "recruit": "Playing a card to a clan gives you 1 more follower.",
            "reserve": "When you lock an Elder, its other followers go to your supply, not the general supply.",
        }[self.kind]

    def title(self) -> str:
        return {
            "push": "Shove",
            "wild": "Welcome",
            "hand": "Long memory",
            "ward": "Ward",
            "lock": "Oath",
            "runes": "Runes",
            "tally": "Tally",
            "stride": "Stride",
            "soar": "Soar",
            "rally": "Rally",
            "recruit": "Recruit",
            "reserve": "Reserve",
        }[self.kind]

    @cache  # noqa: B019 - 20 frozen powers
    def label(self) -> str:
        return f"{self.title()} ({CLAN_NAMES[self.clan]}): {self.text()}"


# RULINGS.md: 20 powers, 5 per clan, in the rulebook's four groups. The worked
# example puts the pawn shove on Orange; the FAQ's lock, hand-size and extra
# follower powers exist. Design choice: each clan's powers name its own symbol.
# Measured (benchmarks/results/thingstead-powers.json, 400 easy-bot games a power
# given from the start): each takes effect in 38-100% of games and moves its
# holder's win share by -4.7 to +7.4 points. Tuned so: Long memory lasts while
# the deck does (+17 points when its sixth card gave a last turn), Welcome lets
# any card match Elders showing its symbol (its own cards only: 26% took effect),
# Reserve keeps a lock's followers (the old top-up to 2 never happened).
_POWERS: tuple[tuple[str, Kind, str, Group], ...] = (
    ("P", "wild", "P", "symbols and pawns"),
    ("P", "lock", "P", "Elders and scoring"),
    ("P", "stride", "", "movement"),
    ("P", "rally", "P", "followers"),
    ("P", "recruit", "", "followers"),
    ("S", "hand", "", "movement"),  # the FAQ's order of the groups puts the hand of 6 between lock and follower
    ("S", "lock", "S", "Elders and scoring"),
    ("S", "runes", "S", "Elders and scoring"),
    ("S", "soar", "S", "movement"),
    ("S", "rally", "S", "followers"),
    ("O", "push", "O", "symbols and pawns"),
    ("O", "wild", "O", "symbols and pawns"),
    ("O", "runes", "O", "Elders and scoring"),
    ("O", "soar", "O", "movement"),
    ("O", "rally", "O", "followers"),
    ("G", "ward", "", "symbols and pawns"),
    ("G", "lock", "G", "Elders and scoring"),
    ("G", "tally", "G", "Elders and scoring"),
    ("G", "rally", "G", "followers"),
    ("G", "reserve", "", "followers"),
)
POWERS: tuple[Power, ...] = tuple(Power(i, *p) for i, p in enumerate(_POWERS))
POWERS_PER_CLAN = 5  # rulebook: 20 clan cards, 5 for each clan


def power_of(clan: str, kind: str) -> Power:
    return next(p for p in POWERS if p.clan == clan and p.kind == kind)


def ring_distance(a: int, b: int) -> int:
    d = abs(a - b) % RING
    return min(d, RING - d)


def left_of(position: int) -> int:
    """The pawn's left: one step clockwise (the worked example's Orange shove is counter-clockwise, to the right)."""
    return (position + 1) % RING


def right_of(position: int) -> int:
    return (position - 1) % RING


# WITHIN[here][reach]: the ring positions at most ``reach`` steps from ``here``, in order
# (3 steps reach the whole ring of 7).
WITHIN: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(p for p in range(RING) if ring_distance(p, here) <= reach) for reach in range(RING // 2 + 1))
    for here in range(RING)
)
