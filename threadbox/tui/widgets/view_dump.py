"""The generic board: a seat's view written out as plain text."""

from __future__ import annotations

import json

from textual.widgets import Static

from threadbox.rules.core import GameState


def view_text(view: GameState | None, width: int = 48) -> str:
    """Every field of the view (already redacted for its seat), one per line.

    A value that fits in ``width`` stays on its field's line; longer ones
    open up, one item per line.
    """
    if view is None:
        return ""
    data = view.model_dump(mode="json", exclude={"rng", "seed", "view_of"})
    return "\n".join(_lines(data, 0, width))


def _lines(value, indent: int, width: int) -> list[str]:
    pad = " " * indent
    if isinstance(value, dict):
        items = [(f"{key}: ", item) for key, item in value.items()]
    elif isinstance(value, list):
        items = [("- ", item) for item in value]
    else:
        return [pad + json.dumps(value, ensure_ascii=False)]
    lines = []
    for label, item in items:
        flat = json.dumps(item, ensure_ascii=False)
        if not isinstance(item, (dict, list)) or len(pad + label + flat) <= width or not item:
            lines.append(pad + label + flat)
        elif label == "- " and isinstance(item, dict):
            inner = _lines(item, indent + 2, width)  # "- first: 1" then the rest below it
            lines.append(pad + "- " + inner[0].lstrip())
            lines.extend(inner[1:])
        else:
            lines.append(pad + label.rstrip())
            lines.extend(_lines(item, indent + 2, width))
    return lines


class ViewDump(Static):
    """A seat's view as text, for games whose own board is not drawn yet.

    Put it in a scrolling container: a whole view is often longer than a screen.
    """

    DEFAULT_CSS = """
    ViewDump { width: auto; }
    """

    def __init__(self, *, id: str | None = None):
        super().__init__(markup=False, id=id)

    def show(self, view: GameState | None) -> None:
        self.update(view_text(view))
