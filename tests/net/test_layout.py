"""threadbox/net reads one way: server -> session / gate -> app -> lobby / room screens -> registry -> rooms -> names."""

from __future__ import annotations

import ast
from pathlib import Path

import threadbox
import threadbox.net

NET = Path(threadbox.net.__file__).parent

# Each module, and the net modules it may import (directly); anything else is a step upwards.
BELOW = {
    "server": {
        "app",
        "asyncssh_internals",
        "auth",
        "driver",
        "gate",
        "loopguard",
        "names",
        "options",
        "registry",
        "session",
        "skeletons",
    },
    "session": {"app", "driver", "hub", "names", "rooms"},
    "gate": {"asyncssh_internals", "auth", "names", "options"},
    "screenshot": {"app", "hub", "names", "registry"},
    "app": {"driver", "hub", "lobby", "loopguard", "names", "roomview", "rooms"},
    "lobby": {"driver", "hub", "newroom", "rooms"},
    "newroom": {"hub", "registry", "rooms"},
    "roomview": {"hub", "rooms"},
    "hub": {"names", "registry", "rooms"},
    "registry": {"names", "rooms", "saving"},
    "rooms": {"names", "saving"},
    "auth": {"names"},
    "saving": set(),
    "names": {"invisible", "skeletons"},
    "skeletons": {"invisible"},
    "invisible": set(),
    "asyncssh_internals": set(),
    "driver": set(),
    "loopguard": set(),
    "options": set(),
}


def _net_imports(tree: ast.AST, top_level_only: bool) -> set[str]:
    found = set()
    nodes = tree.body if top_level_only else list(ast.walk(tree))  # type: ignore[attr-defined]
    for node in nodes:
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module is None:
            found.update(alias.name for alias in node.names)  # from . import tuning
        elif isinstance(node, ast.ImportFrom) and node.level == 1:
            found.add(node.module.split(".")[0])
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("threadbox.net."):
            found.add(node.module.split(".")[2])
    return found


def test_each_module_imports_only_what_is_below_it():
    modules = {p.stem for p in NET.glob("*.py") if p.stem != "__init__"}
    assert modules == set(BELOW), "a new module: say where it sits in BELOW"
    for name in modules:
        tree = ast.parse((NET / f"{name}.py").read_text())
        imported = _net_imports(tree, top_level_only=False)
        assert imported <= BELOW[name], f"{name} imports {imported - BELOW[name]}"
        # ...and at the top of the file, never inside a function to dodge a circle.
        assert imported == _net_imports(tree, top_level_only=True), f"{name} imports inside a function"


def test_there_is_no_import_circle():
    def reaches(start: str, seen: set[str]) -> set[str]:
        for nxt in BELOW[start] - seen:
            seen.add(nxt)
            reaches(nxt, seen)
        return seen

    for name in BELOW:
        assert name not in reaches(name, set())


def test_textual_private_modules_are_used_in_one_module_only():
    """Every use of Textual's private internals, by the server or the local app, is in
    ``tui/tuning.py`` (checked there by check_internals)."""
    from threadbox.tui import tuning
    from threadbox.tui.tuning import check_internals

    package = Path(threadbox.__file__).parent
    for path in package.rglob("*.py"):
        tree = ast.parse(path.read_text())
        private = {
            node.module
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("textual._")
        }
        private |= {
            alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.Import)
            for alias in node.names
            if alias.name.startswith("textual._")
        }
        assert not private or path == Path(tuning.__file__), f"{path.name} uses {private}"
    assert check_internals() == []  # all still there on the pinned Textual
