"""A Quilt table saved mid-game loads to the same position (saves are replayed and checked)."""

from __future__ import annotations

from threadbox.controller import saves

from .qt_demo import colouring_table


def test_a_saved_table_loads_to_the_same_state(tmp_path):
    table = colouring_table(players=3)
    path = saves.save(table, tmp_path / "quilt.json")
    loaded = saves.load(path)
    assert loaded.full_state_json() == table.full_state_json()
    assert loaded.actions == table.actions
    assert loaded.legal(0) == table.legal(0)
