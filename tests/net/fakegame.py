"""Blind Bid: a tiny game with secrets and simultaneous turns, for the SSH tests.

Each seat is dealt three secret words (one card each). For three rounds every
seat plays one card at once; when all have played, the cards are shown and
the longest word scores. A seat sees its own hand and, until the reveal, only
whether the others have played. The test game joins the catalogue as
``net-test`` (see ``install``), so no real game's rules are needed.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Literal

from pydantic import Field, TypeAdapter
from testgames import install_game

from threadbox.rules.core import (
    Action,
    Blank,
    CatalogueEntry,
    GameInfo,
    GameState,
    LogEntry,
    Outcome,
    Placeholder,
    Public,
    SeatScore,
    Transition,
    own,
    rank_winners,
    registry,
)

GAME_ID = "net-test"
# Every word is distinct, so a screen showing one proves which hand it shows.
WORDS = [
    "amberwolf",
    "birchmoth",
    "cobaltfox",
    "dunehare",
    "emberlynx",
    "frostowl",
    "garnetelk",
    "hazelmink",
    "indigoyak",
    "junipercat",
    "kelpseal",
    "lilacbat",
]


class Play(Action):
    kind: Literal["play"] = "play"
    card: str


class BlindBid(GameState):
    info = GameInfo(
        id=GAME_ID,
        title="Blind Bid",
        min_players=2,
        max_players=4,
        hidden_information=True,
        blurb="Everyone plays a secret word at once.",
        variants={"short": "Two rounds only."},
    )
    action_adapter = TypeAdapter(Annotated[Play, Field(discriminator="kind")])

    hands: Annotated[list[list[str]], own(Blank(factory=list))]
    played: Annotated[list[str | None], own(Placeholder("(chosen)"))]
    shown: Public[list[list[str]]] = Field(default_factory=list)
    scores: Public[list[int]]
    round: Public[int] = 0
    rounds: Public[int] = 3

    @classmethod
    def new(cls, players: int, seed: int, variants: Iterable[str] = (), names: list[str] | None = None):
        variants = list(variants)
        names = names or [f"Player {i + 1}" for i in range(players)]
        hands = [WORDS[3 * i : 3 * i + 3] for i in range(players)]
        return cls(
            players=players,
            names=names,
            variants=variants,
            seed=seed,
            hands=hands,
            played=[None] * players,
            scores=[0] * players,
            rounds=2 if "short" in variants else 3,
        )

    def to_move(self) -> list[int]:
        if self.round >= self.rounds:
            return []
        return [s for s in range(self.players) if self.played[s] is None]

    def _legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_move():
            return []
        return [Play(card=c) for c in self.hands[seat]]

    def _apply(self, seat: int, action: Action) -> Transition:
        self.hands[seat].remove(action.card)
        self.played[seat] = action.card
        log = [
            LogEntry(
                text=f"{self.names[seat]} has chosen.", private={seat: f"{self.names[seat]} has chosen {action.card}."}
            )
        ]
        if all(p is not None for p in self.played):
            cards = [p or "" for p in self.played]
            best = max(len(c) for c in cards)
            for s, c in enumerate(cards):
                if len(c) == best:
                    self.scores[s] += 1
            self.shown.append(cards)
            log.append(LogEntry(text="Shown: " + ", ".join(f"{self.names[s]} {c}" for s, c in enumerate(cards))))
            self.played = [None] * self.players
            self.round += 1
            return Transition(log=log, barrier=True)
        return Transition(log=log)

    def outcome(self) -> Outcome | None:
        if not self.is_over():
            return None
        scores = [SeatScore(seat=s, total=t, categories=[("Rounds", t)]) for s, t in enumerate(self.scores)]
        winners, used = rank_winners(scores, None)
        return Outcome(scores=scores, winners=winners, reason="every round is played", tiebreak_used=used)

    def describe(self, action: Action, seat: int) -> str:
        return f"Play {action.card}"

    def progress(self) -> str:
        return f"round {self.round + 1} of {self.rounds}"


def install(monkeypatch) -> None:
    """Add Blind Bid to the catalogue as ``net-test``, shown by the generic game screen."""
    entry = CatalogueEntry(GAME_ID, "Blind Bid", 2, 4, "Everyone plays a secret word at once.")
    monkeypatch.setattr(registry, "CATALOGUE", (*registry.CATALOGUE, entry))
    install_game(monkeypatch, GAME_ID, BlindBid)
