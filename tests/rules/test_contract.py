"""The contract every built game keeps, checked at random points of seeded playouts.

Run over the registry, so a new game gets all of it by being built (in the
manner of OpenSpiel's random simulation test): refusals change nothing and
agree with ``legal_actions``, views cannot be played on and hold no other
seat's secret (nor any other seat's private log line or secret card, in any field),
finished games give every view the real result, states round-trip through JSON, replay from the seed, copy
without sharing anything mutable, and determinize consistently.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from pydantic import BaseModel

from threadbox.rules.core import (
    Action,
    GameState,
    IllegalAction,
    LogEntry,
    NotYourTurn,
    Rng,
    RulesError,
    built_games,
    entry,
)
from threadbox.rules.core.copying import is_frozen_model
from threadbox.rules.core.playout import play_out, replay

from .determinize_checks import check_determinize, play_on

GAMES = {game.info.id: game for game in built_games()}
GAMES_PER_PLAYER_COUNT = 2
CHECKPOINTS = 6  # random points checked in each game


class NotAnAction(Action):
    kind: str = "not-an-action-of-any-game"


def player_counts(game) -> list[int]:
    low, high = game.info.min_players, game.info.max_players
    return sorted({low, min(low + 1, high), high})


def mutable_ids(value: Any, found: dict[int, Any]) -> dict[int, Any]:
    """Every mutable object reachable from ``value`` (frozen models are values: not entered)."""
    if isinstance(value, (list, dict, set, bytearray)):
        if id(value) in found:
            return found
        found[id(value)] = value
        items = value.values() if isinstance(value, dict) else value
        for item in items:
            mutable_ids(item, found)
    elif isinstance(value, tuple):
        for item in value:
            mutable_ids(item, found)
    elif isinstance(value, BaseModel) and not is_frozen_model(type(value)):
        found[id(value)] = value
        for item in value.__dict__.values():
            mutable_ids(item, found)
    return found


def assert_shares_nothing_mutable(original: GameState, copy: GameState) -> None:
    shared = mutable_ids(original, {}).keys() & mutable_ids(copy, {}).keys()
    assert not shared, f"the copy shares mutable objects with the original: {shared}"


MISSING = object()  # a dict key one document has and the other has not


def differing_paths(a: Any, b: Any, path: tuple = ()) -> list[tuple]:
    """JSON paths where two parsed JSON documents differ."""
    if isinstance(a, dict) and isinstance(b, dict):  # a key only one has differs (e.g. a seat's private line)
        keys = [*a, *(k for k in b if k not in a)]
        return [p for k in keys for p in differing_paths(a.get(k, MISSING), b.get(k, MISSING), (*path, k))]
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [p for i, (x, y) in enumerate(zip(a, b)) for p in differing_paths(x, y, (*path, i))]
    return [] if a == b else [path]


def hidden_paths(state: GameState, seat: int | None) -> set[tuple]:
    """Where ``seat``'s view differs from the full state (apart from the RNG): what it may not see."""
    full, view = json.loads(state.to_json()), json.loads(state.view(seat).to_json())
    for doc in (full, view):
        for key in ("rng", "seed", "view_of"):
            doc.pop(key)
    return set(differing_paths(full, view))


def at(doc: Any, path: tuple) -> Any:
    """The value at ``path`` (None where a dict has no such key)."""
    for key in path:
        doc = doc.get(key) if isinstance(doc, dict) else doc[key]
    return doc


def strings(doc: Any) -> list[str]:
    """Every string value in a parsed JSON document (keys are not values)."""
    if isinstance(doc, str):
        return [doc]
    items = doc.values() if isinstance(doc, dict) else doc if isinstance(doc, list) else ()
    return [s for item in items for s in strings(item)]


def others_lines_left_out(doc: Any, seat: int | None) -> Any:
    """The document with every log entry's private lines (``LogEntry.private``) but ``seat``'s left out."""
    if isinstance(doc, dict):
        if {"text", "private"} <= doc.keys():
            doc = {**doc, "private": {k: v for k, v in (doc["private"] or {}).items() if k == str(seat)}}
        return {k: others_lines_left_out(v, seat) for k, v in doc.items()}
    if isinstance(doc, list):
        return [others_lines_left_out(item, seat) for item in doc]
    return doc


def log_entries(value: Any) -> list[LogEntry]:
    """Every log entry the state holds, wherever it is (a field, a list, a nested model)."""
    if isinstance(value, LogEntry):
        return [value]
    if isinstance(value, BaseModel):
        value = value.__dict__
    items = value.values() if isinstance(value, dict) else value if isinstance(value, (list, tuple)) else ()
    return [entry for item in items for entry in log_entries(item)]


def named_in(word: str, text: str) -> bool:
    """Whether ``text`` names ``word`` as a whole word or value ("K2" is not named in "K21")."""
    return re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text) is not None


def secret_ids(state: GameState, seat: int | None) -> set[str]:
    """The identifiers ``seat`` (None: a spectator) may not know now, derived from the game's own view.

    Each string the full state holds where ``seat``'s view differs from it (another
    seat's hand, commission or pending pick, a deck's order), unless the full state
    shows it to ``seat`` anyway: anywhere else, log lines' public text and the seat's
    own private lines included, other seats' private lines left out."""
    full = json.loads(state.to_json())
    for key in ("rng", "seed", "view_of"):
        full.pop(key)
    hidden = hidden_paths(state, seat)
    secret = {s for path in hidden for s in strings(at(full, path)) if re.search(r"\w", s)}
    if not secret:
        return secret
    for path in hidden:
        *parent, last = path
        at(full, tuple(parent))[last] = None
    shown = "\x00".join(strings(others_lines_left_out(full, seat)))
    return {word for word in secret if not named_in(word, shown)}


def check_no_leaks(state: GameState) -> None:
    """No view holds what its seat may not know, wherever it is held (a field nobody listed
    as secret, a log line): no other seat's private log line, no identifier of a secret."""
    entries = log_entries(state)
    for seat in [*range(state.players), None]:
        text = state.view(seat).to_json()
        for logged in entries:
            for owner, line in logged.private.items():
                if owner != seat and line not in (logged.text, logged.for_seat(seat)):
                    assert json.dumps(line)[1:-1] not in text, f"seat {seat}'s view holds seat {owner}'s line {line!r}"
        if not state.info.hidden_information:
            continue
        shown = "\x00".join(strings(json.loads(text)))
        leaked = sorted(word for word in secret_ids(state, seat) if named_in(word, shown))
        assert not leaked, f"seat {seat}'s view names secrets it may not know: {leaked}"


def check_results(state: GameState) -> None:
    """A finished game's result is the same in every view: what decides it is revealed at the end."""
    outcome = state.outcome()
    for seat in [*range(state.players), None]:
        assert state.view(seat).outcome() == outcome, f"seat {seat}'s view reports another result"


def check_secrets(state: GameState) -> bool:
    """What each seat's view hides; True if any view hides anything.

    A game without hidden information hides nothing. Otherwise a spectator
    sees least, and a seat sees more than a spectator only in its own entries
    (per-seat data is indexed by seat, a list position or a dict key), so a
    view showing another seat's secret fails here.
    """
    public = hidden_paths(state, None)
    hid = bool(public)
    for seat in range(state.players):
        hidden = hidden_paths(state, seat)
        hid = hid or bool(hidden)
        if not state.info.hidden_information:
            assert not hidden, f"a game without secrets hides {hidden} from seat {seat}"
            continue
        assert hidden <= public, f"seat {seat} is shown less than a spectator: {hidden - public}"
        for path in public - hidden:
            assert seat in path or str(seat) in path, f"seat {seat}'s view shows another seat's secret at {path}"
    return hid


def refused_unchanged(state: GameState, seat: int, action: Action, error: type[RulesError]) -> None:
    before = state.to_json()
    with pytest.raises(error) as info:
        state.apply(seat, action)
    assert str(info.value), "a refusal must say why"
    assert state.to_json() == before, f"a refused {action!r} changed the state"


class Checkpoints:
    """At random steps of one game: every clause of the contract."""

    def __init__(self, game, players: int, seed: int, variants: list[str]) -> None:
        self.game, self.players, self.seed, self.variants = game, players, seed, variants
        self.rng = random.Random(seed)
        self.seen: dict[str, Action] = {}  # every legal action met so far, by its JSON
        self.actions: list[tuple[int, Action]] = []
        self.steps = 0
        self.checked = 0
        self.hid = False  # some view hid something

    def __call__(self, state: GameState, seat: int, action: Action, transition) -> None:
        self.actions.append((seat, action))
        self.steps += 1
        for s in state.to_move():
            for a in state.legal_actions(s):
                self.seen.setdefault(a.model_dump_json(), a)
        if self.rng.random() < CHECKPOINTS / 60:
            self.check(state)

    def check(self, state: GameState) -> None:
        self.checked += 1
        self.check_refusals(state)
        self.check_copies(state)
        self.check_views(state)
        assert replay(self.game, self.players, self.seed, self.variants, self.actions) == state
        for seat in [*range(state.players), None]:
            sample = check_determinize(state, seat, self.rng)
            assert_shares_nothing_mutable(state, sample)
        if self.checked % 3 == 1:
            play_on(check_determinize(state, self.rng.choice([*range(state.players), None]), self.rng), self.rng)

    def check_refusals(self, state: GameState) -> None:
        to_move = state.to_move()
        for seat in range(state.players):
            assert state.is_deciding(seat) == (seat in to_move)
            legal = state.legal_actions(seat)
            if seat not in to_move:
                assert legal == []
                if self.seen:
                    refused_unchanged(state, seat, self.rng.choice(list(self.seen.values())), NotYourTurn)
                continue
            assert legal, "a seat to move has no options"
            for action in legal:
                state.check(seat, action)  # every option is accepted
            others = [a for a in self.seen.values() if a not in legal]
            for action in self.rng.sample(others, min(5, len(others))):
                refused_unchanged(state, seat, action, IllegalAction)
            refused_unchanged(state, seat, NotAnAction(), IllegalAction)
        refused_unchanged(state, state.players, self.rng.choice(list(self.seen.values())), NotYourTurn)

    def check_copies(self, state: GameState) -> None:
        cls = type(state)
        assert cls.from_json(state.to_json()) == state
        copy = state.clone()
        assert copy == state and copy is not state
        assert_shares_nothing_mutable(state, copy)

    def check_views(self, state: GameState) -> None:
        cls = type(state)
        self.hid = check_secrets(state) or self.hid
        check_no_leaks(state)
        for seat in [*range(state.players), None]:
            view = state.view(seat)
            assert view.rng == Rng() and view.seed == 0, "a view holds the RNG"
            assert view.view_of == (-1 if seat is None else seat)
            assert cls.from_json(view.to_json()) == view
            assert_shares_nothing_mutable(state, view)
            for s in state.to_move():
                refused_unchanged(view, s, state.legal_actions(s)[0], RulesError)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_info_is_the_catalogues(game_id):
    game, listed = GAMES[game_id], entry(game_id)
    info = game.info
    assert (info.title, info.min_players, info.max_players, info.blurb) == (
        listed.title,
        listed.min_players,
        listed.max_players,
        listed.blurb,
    )


def playable_variants(game, players: int) -> list[str]:
    """The variants a game of ``players`` may use (some are per seat, e.g. a handicap for seat 5)."""
    playable = []
    for variant in game.info.variants:
        try:
            game.state_cls.new(players, 1, [variant])
        except RulesError:
            continue
        playable.append(variant)
    return playable


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_contract_holds_through_seeded_playouts(game_id):
    game = GAMES[game_id]
    hid = False
    for players in player_counts(game):
        variants = playable_variants(game, players)
        for n in range(GAMES_PER_PLAYER_COUNT):
            seed = 1000 * players + n
            pick = random.Random(seed)
            chosen = [v for v in variants if pick.random() < 0.5]
            checks = Checkpoints(game, players, seed, chosen)
            # One seat plays at random (odd choices), the others sensibly, so games end
            # in a few hundred actions even where random play alone runs to thousands.
            levels = ["random" if seat == n % players else "easy" for seat in range(players)]
            played = play_out(game, players, seed, chosen, levels, on_step=checks)
            state = played.state
            assert state.is_over() and state.outcome() is not None
            checks.check_copies(state)
            checks.check_views(state)
            check_results(state)
            assert replay(game, players, seed, chosen, played.actions) == state
            refused_unchanged(state, 0, NotAnAction(), NotYourTurn)
            hid = hid or checks.hid
    # A game with hidden information that never hides anything leaks it.
    assert hid == game.info.hidden_information


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_new_game_is_refused_with_a_reason_for_bad_setups(game_id):
    game = GAMES[game_id]
    info = game.info
    with pytest.raises(RulesError, match=f"{info.title} is for"):
        game.state_cls.new(info.max_players + 1, 1)
    with pytest.raises(RulesError, match="no variant"):
        game.state_cls.new(info.min_players, 1, ["no-such-variant"])
