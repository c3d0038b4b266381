"""Seeded games played over ``legal_actions`` and recorded as plain data (see ``tests/rules/test_golden.py``).

The actions are chosen by a seeded ``random.Random`` among the legal actions sorted
by their JSON (so a change in the order of ``legal_actions`` alone changes no
choice; it shows as a changed list hash), never by a bot: bots may change on
purpose, the rules may not.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from threadbox.rules.core import Action, GameState, LogEntry, get_game

HERE = Path(__file__).parent
DIGITS = 16  # hex digits of sha256 kept per hash: 64 bits, plenty to tell two states apart
VIEW_DIGITS = 8  # per view and step: 32 bits, beside the state's hash (keeps the files small)
MAX_ACTIONS = 20_000  # far above the longest recorded game (Threaded, about 4200)

# What each step of a record holds, in order (a list per step keeps the files small).
STEP_FIELDS = ("seat", "action", "options", "options_hash", "log", "state_hash", "view_hashes")


@dataclass(frozen=True)
class Golden:
    """One recorded game: which game, how many seats, which variants, which seed."""

    game: str
    players: int
    variants: tuple[str, ...] = ()
    seed: int = 1

    @property
    def name(self) -> str:
        extra = "".join(f"-{v}" for v in self.variants)
        return f"{self.game}-{self.players}p{extra}-s{self.seed}"

    @property
    def path(self) -> Path:
        return HERE / f"{self.name}.json"


# Every game at 2 seats and its largest count, Thread Count solo too, and each variant at least once.
GOLDENS: tuple[Golden, ...] = (
    Golden("threaded", 2),
    Golden("threaded", 5),
    Golden("thread-count", 1),
    Golden("thread-count", 1, seed=2),
    Golden("thread-count", 2),
    Golden("thread-count", 2, seed=2),
    Golden("thread-count", 6),
    Golden("thread-count", 2, ("side-b",)),
    Golden("thread-count", 3, ("easier", "no-crossing")),
    Golden("thread-count", 4, ("no-cup-minus-2", "side-b")),
    Golden("quilt", 2),
    Golden("quilt", 3, ("everything-counted",)),
    Golden("quilt", 4),
    Golden("quilt", 4, ("quiltmania",)),
    Golden("thingstead", 2),
    Golden("thingstead", 2, seed=2),
    Golden("warp-and-weft", 2),
    Golden("warp-and-weft", 3),
    Golden("warp-and-weft", 5),
)


def canonical(text: str) -> str:
    """A JSON document with its keys sorted: the order of fields is not behaviour."""
    return json.dumps(json.loads(text), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(text: str, digits: int = DIGITS) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:digits]


def action_json(action: Action) -> str:
    return canonical(action.model_dump_json())


def lines_seen(entries: list[LogEntry], players: int) -> list[Any]:
    """Each log line as every seat and a spectator reads it: the spectator's text, or
    ``[text, {seat: its text}]`` when some seats read something else."""
    out: list[Any] = []
    for entry in entries:
        public = entry.for_seat(None)
        private = {str(s): entry.for_seat(s) for s in range(players) if entry.for_seat(s) != public}
        out.append([public, private] if private else public)
    return out


def views_json(state: GameState) -> dict[str, str]:
    """The canonical JSON of every seat's view and of a spectator's (key "-")."""
    seats: list[int | None] = [*range(state.players), None]
    return {("-" if s is None else str(s)): canonical(state.view(s).to_json()) for s in seats}


def new_state(golden: Golden) -> GameState:
    return get_game(golden.game).state_cls.new(golden.players, golden.seed, list(golden.variants))


def play(golden: Golden) -> dict[str, Any]:
    """Play the game and record everything the test compares (one list per step, see ``STEP_FIELDS``):
    the seat, the action's JSON, how many options the seat had and a hash of their list
    (in ``legal_actions``' order), the log lines, a hash of the state's JSON after the
    action and a short hash of each view's JSON (seats in order, then the spectator)."""
    state = new_state(golden)
    choose = random.Random(f"golden {golden.name}")
    opening = lines_seen(state.opening_log(), state.players)
    steps: list[list[Any]] = []
    while to_move := state.to_move():
        if len(steps) >= MAX_ACTIONS:
            raise AssertionError(f"{golden.name} did not end within {MAX_ACTIONS} actions")
        seat = choose.choice(to_move)
        legal = state.legal_actions(seat)
        listed = [action_json(a) for a in legal]
        action = legal[choose.choice(sorted(range(len(legal)), key=listed.__getitem__))]
        transition = state.apply(seat, action)
        steps.append(
            [
                seat,
                json.loads(action_json(action)),
                len(legal),
                digest("\n".join(listed)),
                lines_seen(transition.log, state.players),
                digest(canonical(state.to_json())),
                " ".join(digest(text, VIEW_DIGITS) for text in views_json(state).values()),
            ]
        )
    outcome = state.outcome()
    return {
        "game": golden.game,
        "players": golden.players,
        "variants": list(golden.variants),
        "seed": golden.seed,
        "opening": opening,
        "outcome": None if outcome is None else json.loads(outcome.model_dump_json()),
        "final_views": {seat: digest(text) for seat, text in views_json(state).items()},
        "final_state": json.loads(canonical(state.to_json())),
        "steps": steps,
    }


def one(value: Any) -> str:
    """A JSON value on one line, keys sorted."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def dumps(record: dict[str, Any]) -> str:
    """The record as a file: one line per top-level key, per final-state field and per
    step, so a deliberate change shows as a readable diff."""
    lines = ["{"]
    for key, value in record.items():
        if key == "final_state":
            fields = [f"  {one(k)}:{one(v)}" for k, v in value.items()]
            lines.append('"final_state":{\n' + ",\n".join(fields) + "\n},")
        elif key == "steps":
            lines.append('"steps":[\n' + ",\n".join(one(step) for step in value) + "\n]")
        else:
            lines.append(f"{one(key)}:{one(value)},")
    lines.append("}")
    return "\n".join(lines) + "\n"
