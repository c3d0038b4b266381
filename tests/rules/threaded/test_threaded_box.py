"""The bargain box spills: most rounds offer a thread at ENDS & ODDS (rulings), at every player count.

The measure is ``benchmarks/threaded_box.py``'s, on fewer games than it plays.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from threadbox.rules.threaded.data import DARN_TAKE, DARN_THREADS, QUEUE_SPOTS

GAMES = 12  # per player count: about 60-80 rounds each (2-player games are the shortest)

_PATH = Path(__file__).resolve().parents[3] / "benchmarks" / "threaded_box.py"
_SPEC = importlib.util.spec_from_file_location("threaded_box", _PATH)
assert _SPEC is not None and _SPEC.loader is not None
threaded_box = sys.modules.setdefault("threaded_box", importlib.util.module_from_spec(_SPEC))
_SPEC.loader.exec_module(threaded_box)  # registered first: its dataclass looks its module up


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_most_rounds_offer_a_thread_at_ends_and_odds(players):
    rounds = threaded_box.measure(players, GAMES, first_seed=1000)
    assert rounds.seen >= 4 * GAMES and rounds.unseen == 0
    assert rounds.share() >= threaded_box.TARGET, f"{rounds.offered} of {rounds.seen} rounds at {players} players"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_full_queue_at_darn_good_thread_leaves_some_to_tip(players):
    assert DARN_THREADS[players] > QUEUE_SPOTS[players]["D"] * DARN_TAKE
