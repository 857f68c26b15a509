"""The layers keep to their imports: Pillow only in render/, and renderers only read rules data."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from render import FULL_RENDERERS, RENDERERS
from rules import ENGINES
from tests.board_samples import samples

ROOT = Path(__file__).resolve().parent.parent
FRONT = ["bot.py", "cogs", "host", "db", "offline", "rules"]


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
    return found


def _sources(*names: str) -> list[Path]:
    out: list[Path] = []
    for name in names:
        path = ROOT / name
        out.extend([path] if path.is_file() else sorted(path.rglob("*.py")))
    return out


def test_no_pillow_outside_render():
    """Drawing lives in render/ (boards, and the tournament and campaign sheets in render/sheets)."""
    drawing = [str(p.relative_to(ROOT)) for p in _sources(*FRONT)
               if any(m == "PIL" or m.startswith("PIL.") for m in _imports(p))]
    assert drawing == []


def test_the_store_runs_no_engine():
    """db/ only stores: it imports nothing of rules/ or host/ (engine work is host/replay.py)."""
    up = [f"{p.relative_to(ROOT)}: {m}" for p in _sources("db") for m in sorted(_imports(p))
          if m.split(".")[0] in ("rules", "host", "cogs", "render")]
    assert up == []


def test_renderers_read_views_and_rules_data_only():
    """A renderer imports of rules/ only the texts and a game's data, text, views, scoring and labels."""
    allowed = {"data", "text", "views", "scoring", "labels"}
    reaching = []
    for path in _sources("render"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [f"{node.module}.{a.name}" for a in node.names] if isinstance(node, ast.ImportFrom) and node.module else []
            for name in names:  # rules.<game>.<module>[.<name>], rules.text.<name>
                parts = name.split(".")
                if parts[0] == "rules" and parts[1] != "text" and (len(parts) < 3 or parts[2] not in allowed):
                    reaching.append(f"{path.relative_to(ROOT)}: {name}")
    assert reaching == []


def test_render_never_reaches_up_into_host_db_or_cogs():
    """Arrows point down: render reads views and rules data (and nothing of host, db or cogs)."""
    up = [f"{p.relative_to(ROOT)}: {m}" for p in _sources("render") for m in sorted(_imports(p))
          if m.split(".")[0] in ("host", "db", "cogs", "discord")]
    assert up == []


def test_only_the_adapter_knows_discord():
    """host, db, rules, render and the offline table know no Discord types."""
    knowing = [str(p.relative_to(ROOT)) for p in _sources("host", "db", "rules", "render", "offline")
               if any(m == "discord" or m.startswith("discord.") for m in _imports(p))]
    assert knowing == []


def _cog_module(path: Path) -> str:
    name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    return name.removesuffix(".__init__")


def _cogs_named(node: ast.Import | ast.ImportFrom, modules: set[str]) -> set[str]:
    """The cogs modules an import statement names (``from cogs import a``, ``from cogs.a import f``,
    ``import cogs.a``)."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names if alias.name in modules}
    if node.level or not (node.module or "").startswith("cogs"):
        return set()
    module = node.module or ""
    named = {module} if module in modules and module != "cogs" else set()
    return named | {f"{module}.{alias.name}" for alias in node.names if f"{module}.{alias.name}" in modules}


def test_no_cog_imports_another_inside_a_function_to_dodge_a_circle():
    """A circle between cogs is broken by its design (a dispatch table such as ``cogs.clicks``,
    or the shared part in a module both sides import), never by an import inside a function."""
    inner = []
    for path in _sources("cogs"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for sub in ast.walk(node):
                    if isinstance(sub, ast.ImportFrom) and (sub.level or (sub.module or "").startswith("cogs")) \
                            or isinstance(sub, ast.Import) and any(a.name.startswith("cogs") for a in sub.names):
                        inner.append(f"{path.relative_to(ROOT)}:{sub.lineno}")
    assert inner == []


PROJECT = ["bot.py", "cogs", "host", "db", "offline", "rules", "render", "bench", "scripts", "tests"]


def _module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def _imported(module: str, is_package: bool, node: ast.Import | ast.ImportFrom, modules: set[str]) -> set[str]:
    """The project modules an import statement names, relative imports resolved: ``from a import b``
    names the module ``a.b`` when there is one, else ``a``."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names if alias.name in modules}
    base = node.module or ""
    if node.level:
        parts = module.split(".")[:None if is_package else -1]
        parts = parts[:len(parts) - node.level + 1]
        base = ".".join(parts + ([node.module] if node.module else []))
    named = {f"{base}.{alias.name}" for alias in node.names if f"{base}.{alias.name}" in modules}
    if len(named) < len(node.names) and base in modules:
        named.add(base)
    return named


def import_graph() -> dict[str, set[str]]:
    """Every project module and the project modules it imports: anywhere in the file (inside
    functions and under ``if TYPE_CHECKING:`` too)."""
    paths = {_module_name(p): p for p in _sources(*(n for n in PROJECT if (ROOT / n).exists()))}
    modules = set(paths)
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        deps: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                deps |= _imported(name, path.name == "__init__.py", node, modules)
        graph[name] = deps - {name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles: each group of modules that reach one another (Tarjan's strongly
    connected components of more than one module), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(name: str) -> None:
        index[name] = low[name] = len(index)
        stack.append(name)
        for dep in sorted(graph[name]):
            if dep not in index:
                visit(dep)
                low[name] = min(low[name], low[dep])
            elif dep in stack:
                low[name] = min(low[name], index[dep])
        if low[name] == index[name]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == name:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10 * len(graph)))
    try:
        for name in sorted(graph):
            if name not in index:
                visit(name)
    finally:
        sys.setrecursionlimit(limit)
    return sorted(found)


def test_no_import_circle_of_any_kind():
    """DESIGN.md: no import circle of any kind, type-only (``if TYPE_CHECKING:``) and in-function
    imports included. A circle is broken by moving the shared piece to where it belongs (the bot
    as features see it is ``cogs.isle_bot``, not ``cogs.app`` that loads them) or by inverting
    the dependency (``render.common`` declares what it tells a recorder; ``render.layout``
    implements it)."""
    assert circles(import_graph()) == []


def test_the_circle_finder_sees_type_only_and_in_function_imports():
    """The check itself: a circle closed by an import under ``TYPE_CHECKING`` or inside a
    function is found, and a one-way chain is not."""
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []
    modules = {"cogs.app", "cogs.kit", "render.common"}
    tree = ast.parse("if TYPE_CHECKING:\n    from cogs.app import IsleBot\ndef f():\n    from . import common\n")
    named = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            named |= _imported("cogs.kit", False, node, modules)
    assert named == {"cogs.app"}
    tree = ast.parse("def f():\n    from . import common\n")
    node = next(n for n in ast.walk(tree) if isinstance(n, ast.ImportFrom))
    assert _imported("render.layout", False, node, {"render.common", "render.layout"}) == {"render.common"}


def _rules_data() -> dict[str, str]:
    """Every plain data value held at module level by the rules packages, as text."""
    out = {}
    for name, module in sorted(sys.modules.items()):
        if not (name == "rules" or name.startswith("rules.")) or module is None:
            continue
        for attr, value in sorted(vars(module).items()):
            if not attr.startswith("__") and isinstance(value, (dict, list, set, tuple, frozenset, str, int, float)):
                out[f"{name}.{attr}"] = repr(value)
    return out


@pytest.mark.parametrize("key", sorted(ENGINES))
def test_rendering_leaves_the_rules_data_unchanged(key):
    engine = ENGINES[key]
    boards = samples(key, engine.min_players)
    before = _rules_data()
    for sample in boards:
        assert RENDERERS[key](sample.view).startswith(b"\x89PNG")
        assert FULL_RENDERERS[key](sample.view).startswith(b"\x89PNG")
    after = _rules_data()
    changed = sorted(k for k in before if after.get(k) != before[k])
    assert changed == [], f"rendering {key} wrote into the rules' data: {changed[:5]}"
