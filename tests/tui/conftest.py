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
