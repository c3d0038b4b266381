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


# ---- every game's rules package has one layout (docs/adding-a-game.md) ---------------------------

GAME_FILES = {
    "__init__.py": "GAME, the game's GameDef",
    "data.py": "the components and numbers, RULES_REVISION",
    "actions.py": "the actions and ACTION_ADAPTER",
    "state.py": "the GameState subclass, its info from catalogue_info",
    "scoring.py": "the scorepad",
    "words.py": "the game in a player's words",
    "bots.py": "EasyBot and hard_bot",
}
RULES = PACKAGE / "rules"


def game_packages() -> list[Path]:
    return sorted(p for p in RULES.iterdir() if p.is_dir() and p.name != "core" and (p / "__init__.py").exists())


def imported_from(tree: ast.Module) -> dict[str, str]:
    """Each name a module imports relatively, and the module it comes from (".state" for ``from .state import X``)."""
    return {
        alias.asname or alias.name: "." * node.level + (node.module or "")
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and node.level
        for alias in node.names
    }


def assigned(tree: ast.Module, name: str) -> ast.expr | None:
    """The value a module assigns to ``name`` at its top level (None if it does not)."""
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            return node.value
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id == name:
            return node.value
    return None


def _game_def_problems(tree: ast.Module) -> list[str]:
    game = assigned(tree, "GAME")
    if not (isinstance(game, ast.Call) and isinstance(game.func, ast.Name) and game.func.id == "GameDef"):
        return ["__init__.py: no GAME = GameDef(...)"]
    sources = imported_from(tree)
    problems = []
    state = game.args[0] if game.args else None
    if not (isinstance(state, ast.Name) and sources.get(state.id) == ".state"):
        problems.append("__init__.py: GAME's state class does not come from state.py")
    keywords = {k.arg: k.value for k in game.keywords}
    bots = keywords.get("bots")
    if not isinstance(bots, ast.Dict) or {k.value for k in bots.keys if isinstance(k, ast.Constant)} != {
        "easy",
        "hard",
    }:
        problems.append('__init__.py: GAME has no bots={"easy": ..., "hard": ...}')
    elif not all(isinstance(v, ast.Name) and sources.get(v.id) == ".bots" for v in bots.values):
        problems.append("__init__.py: GAME's bots do not come from bots.py")
    rules = keywords.get("rules")
    if not (isinstance(rules, ast.Name) and rules.id == "RULES_REVISION" and sources.get(rules.id) == ".data"):
        problems.append("__init__.py: GAME has no rules=RULES_REVISION (from data.py)")
    return problems


def _info_problems(tree: ast.Module, game_id: str) -> list[str]:
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            info = assigned(ast.Module(body=node.body, type_ignores=[]), "info")
            if info is None:
                continue
            if not (
                isinstance(info, ast.Call) and isinstance(info.func, ast.Name) and info.func.id == "catalogue_info"
            ):
                return [f"state.py: {node.name}.info is not catalogue_info(...)"]
            first = info.args[0] if info.args else None
            if not (isinstance(first, ast.Constant) and first.value == game_id):
                return [f"state.py: {node.name}.info is not catalogue_info({game_id!r}, ...)"]
            return []
    return ["state.py: no state class sets info = catalogue_info(...)"]


def layout_problems(package: Path) -> list[str]:
    """What keeps a game's rules package from the layout ``docs/adding-a-game.md`` describes."""
    game_id = package.name.replace("_", "-")
    missing = [f"no {name} ({what})" for name, what in GAME_FILES.items() if not (package / name).exists()]
    if missing:
        return missing
    trees = {path.name: ast.parse(path.read_text(encoding="utf-8")) for path in sorted(package.glob("*.py"))}
    problems = _game_def_problems(trees["__init__.py"]) + _info_problems(trees["state.py"], game_id)
    revision = assigned(trees["data.py"], "RULES_REVISION")
    if not (isinstance(revision, ast.Constant) and isinstance(revision.value, int)):
        problems.append("data.py: no RULES_REVISION = <a whole number>")
    if assigned(trees["actions.py"], "ACTION_ADAPTER") is None:
        problems.append("actions.py: no ACTION_ADAPTER")
    for name, tree in trees.items():
        if name.removesuffix(".py") in ("table", "tables"):
            problems.append(f"{name}: 'table' is the controller's Table; name the module for what it holds")
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and (node.name.endswith("Table") or node.name.endswith("Tables")):
                problems.append(f"{name}: class {node.name}: 'Table' is the controller's; name it in the game's words")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "GameInfo":
                problems.append(f"{name}: GameInfo(...) by hand; the state's info is catalogue_info(...)")
    return problems


def test_every_game_package_has_the_layout_of_the_guide():
    packages = game_packages()
    assert {p.name for p in packages} >= {"quilt", "thingstead", "thread_count", "threaded", "warp_and_weft"}
    for package in packages:
        assert not layout_problems(package), f"{package.name}: {layout_problems(package)}"


def test_every_game_s_info_and_revision_come_from_the_catalogue_and_its_data():
    import importlib

    from threadbox.rules.core import built_games, entry

    for game in built_games():
        info, e = game.info, entry(game.info.id)
        assert (info.title, info.min_players, info.max_players, info.blurb) == (
            e.title,
            e.min_players,
            e.max_players,
            e.blurb,
        )
        data = importlib.import_module(game.state_cls.__module__.rsplit(".", 1)[0] + ".data")
        assert game.rules == data.RULES_REVISION, info.id


SIXTH_GAME = {  # the smallest package the guide describes, file by file
    "__init__.py": '''"""Spindle: a sixth game."""
from ..core import GameDef
from .bots import EasyBot, hard_bot
from .data import RULES_REVISION
from .state import SpindleState

GAME = GameDef(SpindleState, bots={"easy": EasyBot, "hard": hard_bot}, rules=RULES_REVISION)
''',
    "data.py": 'RULES_REVISION = 1\nSPIN = "spin"  # design choice: the one action\n',
    "actions.py": """from typing import Literal
from pydantic import TypeAdapter
from ..core import Action


class Spin(Action):
    kind: Literal["spin"] = "spin"


ACTION_ADAPTER: TypeAdapter[Spin] = TypeAdapter(Spin)
""",
    "state.py": """from typing import ClassVar
from ..core import GameInfo, GameState, catalogue_info


class SpindleState(GameState):
    info: ClassVar[GameInfo] = catalogue_info("spindle", hidden_information=False)
""",
    "scoring.py": "def score_sheet() -> list[tuple[str, int]]:\n    return []\n",
    "words.py": "def describe() -> str:\n    return 'Spin'\n",
    "bots.py": "class EasyBot:\n    level = 'easy'\n\n\ndef hard_bot() -> None:\n    return None\n",
}


def write_game(root: Path, files: dict[str, str]) -> Path:
    package = root / "spindle"
    package.mkdir()
    for name, text in files.items():
        (package / name).write_text(text, encoding="utf-8")
    return package


def test_a_sixth_game_written_as_the_guide_says_passes(tmp_path):
    assert layout_problems(write_game(tmp_path, SIXTH_GAME)) == []


def test_a_sixth_game_breaking_the_layout_is_told_what_breaks_it(tmp_path):
    def problems(**changed: str | None) -> list[str]:
        files = {name: text for name, text in {**SIXTH_GAME, **changed}.items() if text is not None}
        root = tmp_path / str(len(list(tmp_path.iterdir())))
        root.mkdir()
        return layout_problems(write_game(root, files))

    assert problems(**{"scoring.py": None}) == ["no scoring.py (the scorepad)"]
    assert problems(**{"words.py": None, "bots.py": None}) == [
        "no words.py (the game in a player's words)",
        "no bots.py (EasyBot and hard_bot)",
    ]
    assert problems(**{"table.py": "class SpindleTable:\n    pass\n"}) == [
        "table.py: 'table' is the controller's Table; name the module for what it holds",
        "table.py: class SpindleTable: 'Table' is the controller's; name it in the game's words",
    ]
    by_hand = SIXTH_GAME["state.py"].replace(
        'catalogue_info("spindle", hidden_information=False)',
        'GameInfo(id="spindle", title="Spindle", min_players=2, max_players=4, blurb="")',
    )
    assert problems(**{"state.py": by_hand}) == [
        "state.py: SpindleState.info is not catalogue_info(...)",
        "state.py: GameInfo(...) by hand; the state's info is catalogue_info(...)",
    ]
    no_revision = SIXTH_GAME["__init__.py"].replace(", rules=RULES_REVISION", "")
    assert problems(**{"__init__.py": no_revision}) == ["__init__.py: GAME has no rules=RULES_REVISION (from data.py)"]
    assert problems(**{"actions.py": "X = 1\n"}) == ["actions.py: no ACTION_ADAPTER"]
    assert problems(**{"data.py": 'SPIN = "spin"\n'}) == ["data.py: no RULES_REVISION = <a whole number>"]
