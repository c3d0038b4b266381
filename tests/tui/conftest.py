"""Fixtures for the screen tests: a private save folder and the test games."""

from __future__ import annotations

import pytest

from .fakegame import install


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    """Saves go to a temporary folder, never the real one."""
    folder = tmp_path / "home"
    monkeypatch.setenv("THREADBOX_HOME", str(folder))
    return folder


@pytest.fixture
def fake(monkeypatch):
    """The test games Tally and Hidden Tally, in the catalogue's places of Quilt and Thingstead."""
    install(monkeypatch)


@pytest.fixture
def quick_idle(monkeypatch):
    """The Pilot waits for the app to go idle in slices of 20 ms; a whole game is
    hundreds of decisions, so look more often (Textual 8.2's private knobs)."""
    monkeypatch.setattr("textual._wait.SLEEP_GRANULARITY", 0.004)
    monkeypatch.setattr("textual._wait.SLEEP_IDLE", 0.0005)


@pytest.fixture
def script_reads_the_list(monkeypatch):
    """Keys typed by a script that works them out from the options on screen at that moment:
    the guard for a person who read the list before another seat changed it (tested on its
    own in test_options_list.py) has nothing to guard against, and would refuse keys typed
    faster than a person reacts."""
    monkeypatch.setattr("threadbox.tui.widgets.action_list.CHANGE_GUARD", 0.0)


@pytest.fixture(autouse=True)
def keys_come_fast(monkeypatch):
    """Tests press Enter on a hand-off a few ms after the Enter before it, faster than anyone lets
    go of a key: the held-Enter guard (tested on its own in test_handoff.py) would take it for one."""
    monkeypatch.setattr("threadbox.tui.handoff.HELD_GAP", 0.0)
