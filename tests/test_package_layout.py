"""threadbox's modules import one way: no circles, and each layer only from the layers below it.

Every import counts, wherever it is written: at the top of a file, inside a
function (loaded late, but still a dependency) or under ``TYPE_CHECKING``
(for the type checker, still a dependency of the code's meaning).
"""

from __future__ import annotations

import ast
from pathlib import Path

import threadbox

PACKAGE = Path(threadbox.__file__).parent

# Where a circle is looked for: the whole package, imports for typing included.
CHECKED = ("threadbox",)

# The layers, lowest first: a module may import from its own layer and those before it.
LAYERS = ("threadbox.rules", "threadbox.controller", "threadbox.tui", "threadbox.net")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}


def imports_of(name: str) -> set[str]:
    """The threadbox modules ``name`` imports, anywhere in its file."""
    path = MODULES[name]
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name in MODULES}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                source = ".".join([*base, node.module] if node.module else base)
            else:
                source = node.module or ""
            for alias in node.names:  # a submodule (from . import tuning), or a name from a module
                submodule = f"{source}.{alias.name}"
                found.add(submodule if submodule in MODULES else source)
    return (found & MODULES.keys()) - {name}


GRAPH = {name: imports_of(name) for name in MODULES}


def circles() -> list[list[str]]:
    """The groups of modules that import one another round a circle (strongly connected, Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(GRAPH[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while (w := stack.pop()) != v:
                group.append(w)
            group.append(v)
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(GRAPH):
        if v not in index:
            visit(v)
    return found


def in_checked(name: str) -> bool:
    return any(name == area or name.startswith(area + ".") for area in CHECKED)


def test_the_import_graph_is_read():
    assert "threadbox.tui.main_menu" in GRAPH["threadbox.tui.app"]
    assert "threadbox.tui.menu" in GRAPH["threadbox.tui.main_menu"]  # a late import, inside a function
    assert "threadbox.controller" in GRAPH["threadbox.tui.host"]  # under TYPE_CHECKING only
    assert "threadbox.tui.widgets.key_bar" in GRAPH["threadbox.tui.help"]  # from .widgets.key_bar import ...


def test_there_is_no_import_circle():
    for group in circles():
        checked = [name for name in group if in_checked(name)]
        assert not checked, f"these modules import one another in a circle: {', '.join(group)}"


def layer(name: str) -> int | None:
    for i, prefix in enumerate(LAYERS):
        if name == prefix or name.startswith(prefix + "."):
            return i
    return None  # the package itself, the command line, simulate: above every layer


def test_each_layer_imports_only_from_below():
    for name, imported in GRAPH.items():
        mine = layer(name)
        if mine is None:
            continue
        upward = sorted(other for other in imported if (theirs := layer(other)) is None or theirs > mine)
        assert not upward, f"{name} imports from a layer above it: {upward}"
