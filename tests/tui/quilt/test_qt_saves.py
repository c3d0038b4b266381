"""A Quilt table saved mid-game loads to the same position (saves are replayed and checked)."""

from __future__ import annotations

from threadbox.controller import saves

from .qt_demo import colouring_table, pencils_table


def test_a_saved_table_loads_to_the_same_state(tmp_path):
    table = colouring_table(players=3)
    path = saves.save(table, tmp_path / "quilt.json")
    loaded = saves.load(path)
    assert loaded.full_state_json() == table.full_state_json()
    assert loaded.actions == table.actions
    assert loaded.legal(0) == table.legal(0)


def test_undo_takes_back_a_colouring_but_not_a_draw():
    table = colouring_table()
    before = table.full_state_json()
    cell = next(a for a in table.legal(0) if type(a).__name__ == "ColourCell")
    table.act(0, cell)
    assert table.can_undo(0)  # no draw, nothing hidden revealed: her colouring can be taken back
    table.undo(0)
    assert table.full_state_json() == before

    table = pencils_table()
    draw = next(a for a in table.legal(0) if type(a).__name__ == "DrawPencil")
    table.act(0, draw)
    assert not table.can_undo(0)  # the pencil drawn from the bag is seen: no taking it back
