"""Golden games: seeded games of every game replayed against committed records.

The safety net of refactors that must change no rule (issue 22). Each record in
``tests/rules/golden/`` is one game at one seat count (and variants), played by
a seeded ``random.Random`` over ``legal_actions``, never by bots. For every
action it holds the seat, the action, how many options there were (and a hash
of their list, in order), the log lines as each seat and a spectator read them,
and a hash of the state's JSON and of every view's JSON; at the end, the
outcome, the final state's JSON in full and a hash of each seat's view. The
test plays each game again and reports the first step that differs and what.
It also replays the recorded actions from their JSON (as a save loads) and
checks they reach the same final state.

Regenerating the records is only for a deliberate rule change, never to make
this test pass after a refactor:

    python -m tests.rules.golden.make            # all records
    python -m tests.rules.golden.make quilt-2p-s1  # only these (--list names them)

The commit that rewrites them must say which rule changed and why (``git diff``
of the records shows what moved: one line per step).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from threadbox.rules.core import GameState, built_games

from .golden.games import GOLDENS, STEP_FIELDS, Golden, canonical, new_state, play

SHOWN = 8  # differing fields or paths named in a message


def differing_paths(a: Any, b: Any, path: str = "") -> list[str]:
    """Where two parsed JSON documents differ, as readable paths."""
    if isinstance(a, dict) and isinstance(b, dict):
        keys = [*a, *(k for k in b if k not in a)]
        return [p for k in keys for p in differing_paths(a.get(k), b.get(k), f"{path}.{k}" if path else str(k))]
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [p for i, (x, y) in enumerate(zip(a, b)) for p in differing_paths(x, y, f"{path}[{i}]")]
    return [] if a == b else [path or "(the whole document)"]


def short(value: Any, limit: int = 200) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= limit else text[:limit] + "…"


def at(doc: Any, path: str) -> Any:
    """The value at a path made by ``differing_paths`` (None where it is missing)."""
    for part in path.replace("[", ".[").split("."):
        if not part or part.startswith("(the"):
            continue
        if part.startswith("["):
            index = int(part[1:-1])
            doc = doc[index] if isinstance(doc, list) and index < len(doc) else None
        else:
            doc = doc.get(part) if isinstance(doc, dict) else None
    return doc


def differences(recorded: Any, now: Any) -> str:
    """The first few places where two JSON values differ, each with both values."""
    paths = differing_paths(recorded, now)
    shown = [f"\n  {p}: recorded {short(at(recorded, p))}, now {short(at(now, p))}" for p in paths[:SHOWN]]
    more = f"\n  ... and {len(paths) - SHOWN} more" if len(paths) > SHOWN else ""
    return "".join(shown) + more


def state_after(golden: Golden, steps: list[list[Any]], count: int) -> GameState:
    """The state after the first ``count`` recorded actions, with today's rules."""
    state = new_state(golden)
    cls = type(state)
    for seat, data, *_ in steps[:count]:
        state.apply(seat, cls.parse_action(data))
    return state


def hidden_from(state: GameState, seat: int | None) -> list[str]:
    """Where ``seat``'s view differs from the full state (the RNG and seed aside): what it may not see."""
    full, view = json.loads(state.to_json()), json.loads(state.view(seat).to_json())
    for doc in (full, view):
        for key in ("rng", "seed", "view_of"):
            doc.pop(key, None)
    return differing_paths(full, view)


def first_difference(golden: Golden, recorded: dict[str, Any], now: dict[str, Any]) -> str | None:
    """The first thing that differs between the record and the game played now, in words, or None."""
    if recorded["opening"] != now["opening"]:
        return f"the opening log differs:{differences(recorded['opening'], now['opening'])}"
    for index, (old, new) in enumerate(zip(recorded["steps"], now["steps"])):
        for name, a, b in zip(STEP_FIELDS, old, new):
            if a == b:
                continue
            where = f"step {index} (seat {old[0]} playing {short(old[1], 120)}; earlier steps agree)"
            if name == "options_hash":
                return f"{where}: the list of options has the same length but other actions or another order"
            if name == "state_hash":
                changed = differing_paths(
                    json.loads(state_after(golden, now["steps"], index).to_json()),
                    json.loads(state_after(golden, now["steps"], index + 1).to_json()),
                )
                return (
                    f"{where}: the state's JSON after the action differs (action, options and log agree). "
                    f"Now the action changes {', '.join(changed[:SHOWN]) or 'nothing'}; at the end the state "
                    f"differs at:{differences(recorded['final_state'], now['final_state'])}"
                )
            if name == "view_hashes":
                seats = [*map(str, range(golden.players)), "-"]
                state = state_after(golden, now["steps"], index + 1)
                whose = [
                    f"\n  {'the spectator' if seat == '-' else 'seat ' + seat}'s view; now it hides "
                    f"{', '.join(hidden_from(state, None if seat == '-' else int(seat))[:SHOWN]) or 'nothing'}"
                    for seat, x, y in zip(seats, a.split(), b.split())
                    if x != y
                ]
                return f"{where}: views differ (the state agrees):{''.join(whose)}"
            return f"{where}: {name} differs:{differences(a, b)}"
    if len(recorded["steps"]) != len(now["steps"]):
        return f"the recorded game ended after {len(recorded['steps'])} actions, now after {len(now['steps'])}"
    if recorded["outcome"] != now["outcome"]:
        return f"the outcome differs:{differences(recorded['outcome'], now['outcome'])}"
    if recorded["final_state"] != now["final_state"]:
        return f"the final state's JSON differs:{differences(recorded['final_state'], now['final_state'])}"
    if recorded["final_views"] != now["final_views"]:
        return f"the final views differ ('-': the spectator):{differences(recorded['final_views'], now['final_views'])}"
    return None


@pytest.mark.parametrize("golden", GOLDENS, ids=lambda g: g.name)
def test_golden_game_plays_as_recorded(golden: Golden) -> None:
    assert golden.path.exists(), f"no record {golden.path.name}: make it with python -m tests.rules.golden.make"
    recorded = json.loads(golden.path.read_text(encoding="utf-8"))
    difference = first_difference(golden, recorded, play(golden))
    assert difference is None, f"{golden.name}: {difference}"


@pytest.mark.parametrize("golden", GOLDENS, ids=lambda g: g.name)
def test_golden_game_replays_from_its_recorded_json(golden: Golden) -> None:
    """The recorded actions, parsed back from JSON as a save loads them, reach the recorded final state."""
    recorded = json.loads(golden.path.read_text(encoding="utf-8"))
    state = state_after(golden, recorded["steps"], len(recorded["steps"]))
    paths = differing_paths(recorded["final_state"], json.loads(canonical(state.to_json())))
    assert not paths, f"{golden.name}: replayed from JSON, the final state differs at {', '.join(paths[:SHOWN])}"
    assert state.is_over()


def test_every_game_has_golden_records_at_two_seats_and_its_largest_count() -> None:
    counts = {(g.game, g.players) for g in GOLDENS}
    for game in built_games():
        info = game.info
        needed = {2, info.max_players} | ({1} if info.min_players == 1 else set())
        assert {(info.id, n) for n in needed} <= counts, f"{info.title} lacks golden games at {sorted(needed)} seats"
        variants = {v for g in GOLDENS if g.game == info.id for v in g.variants}
        assert variants or not info.variants, f"{info.title} has variants but no golden game plays one"


def test_a_changed_record_is_reported_at_its_first_differing_step():
    """The messages a refactor that changed something would see: the step, and what differs there."""
    golden = next(g for g in GOLDENS if g.game == "thingstead")
    now = play(golden)
    assert first_difference(golden, now, now) is None
    line = next(i for i, step in enumerate(now["steps"]) if step[4])  # a step that logged a line
    doctored = json.loads(json.dumps(now))
    doctored["steps"][line][4][0] = "Someone does something else."
    message = first_difference(golden, doctored, now)
    assert message is not None and message.startswith(f"step {line} ") and "log differs" in message
    assert 'recorded "Someone does something else."' in message
    doctored = json.loads(json.dumps(now))
    doctored["steps"][3][5] = "0" * 16
    message = first_difference(golden, doctored, now)
    assert (
        message is not None and message.startswith("step 3 ") and "the state's JSON after the action differs" in message
    )
    doctored = json.loads(json.dumps(now))
    doctored["steps"][7][6] = " ".join(["0" * 8, *doctored["steps"][7][6].split()[1:]])
    message = first_difference(golden, doctored, now)
    assert message is not None and "views differ" in message and "seat 0's view" in message
    doctored = json.loads(json.dumps(now))
    doctored["outcome"]["scores"][0]["total"] += 1
    message = first_difference(golden, doctored, now)
    assert message is not None and "the outcome differs" in message and "scores[0].total" in message
