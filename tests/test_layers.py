"""The package reads in the order data flows: each package imports only the ones above it in
LAYERS (or itself), no module imports one that imports it, and few modules sit loose.

Every import that runs counts, including the ones inside functions: the hot path defers its
imports, but a deferred import is still a dependency. Imports under `if TYPE_CHECKING:` do not
run; they name the type a fold step works on (`SessionModel`, from the module that dispatches
records to those steps), and the layer test still holds them to the layer order.
"""

from __future__ import annotations

import ast
from pathlib import Path

LIB = Path(__file__).resolve().parent.parent / "lib"
PACKAGE = LIB / "context_keeper"

# Top to bottom, the order data flows through the product; the entry points last.
LAYERS = [
    "records",  # the one record system, its loader and JSON
    "text",  # clipping, one-line forms, relative paths, numbers
    "interrupts",  # SIGTERM held back around a step
    "locations",  # where data and config live by default
    "config",  # our settings
    "redact",  # secrets out of everything stored or printed
    "store",  # the runs dir: files, locks, log, archive
    "failures",  # a failed command's messages
    "transcript",  # what Claude Code writes
    "session",  # the digest, folded record by record
    "cold",  # cold units and their summaries
    "preserve",  # the channels into the model: block, restore note
    "compaction",  # one compaction on disk and after it: history, check, refill
    "hooks",  # the five hooks
    "claude_settings",  # Claude Code's settings files, for install and doctor
    "status_line",  # Claude Code's status line: room left before compaction, what the last one kept
    "report",
    "doctor",
    "cli",
    "agent_sdk",  # the hooks registered for an agent built on the Claude Agent SDK
    "entry",
    "__main__",
]
LOOSE_MODULES_AT_MOST = 8


def _module_name(path: Path) -> tuple[str, bool]:
    parts = list(path.relative_to(LIB).with_suffix("").parts)
    is_package = parts[-1] == "__init__"
    return ".".join(parts[:-1] if is_package else parts), is_package


def _type_only(tree: ast.Module) -> set[int]:
    """The ids of the import nodes inside `if TYPE_CHECKING:` blocks."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            out.update(id(inner) for stmt in node.body for inner in ast.walk(stmt))
    return out


def _graph(type_only: bool = False) -> dict[str, set[str]]:
    """Module -> the modules it imports (with `type_only`, also those only type checkers see)."""
    modules = {_module_name(p)[0]: p for p in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        deps: set[str] = set()
        tree = ast.parse(path.read_text())
        skipped = set() if type_only else _type_only(tree)
        for node in ast.walk(tree):
            if id(node) in skipped:
                continue
            if isinstance(node, ast.Import):
                deps.update(a.name for a in node.names if a.name in modules)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = name.split(".") if is_package else name.split(".")[:-1]
                    base = base[: len(base) - node.level + 1]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                for alias in node.names:
                    full = f"{target}.{alias.name}"
                    deps.add(full if full in modules else target)
        graph[name] = {d for d in deps if d in modules and d != name}
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def _top(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def test_no_module_imports_one_that_imports_it() -> None:
    assert _cycles(_graph()) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_each_package_imports_only_packages_above_it() -> None:
    rank = {name: i for i, name in enumerate(LAYERS)}
    wrong = []
    for module, deps in _graph(type_only=True).items():
        mine = _top(module)
        if not mine:
            continue
        assert mine in rank, f"{mine} has no place in LAYERS"
        for dep in deps:
            theirs = _top(dep)
            if theirs and theirs != mine and rank[theirs] > rank[mine]:
                wrong.append(f"{module} imports {dep} (a layer below it)")
    assert not wrong, "\n".join(sorted(wrong))


def test_few_modules_sit_loose() -> None:
    loose = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert len(loose) <= LOOSE_MODULES_AT_MOST, loose
    packages = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").exists()}
    assert packages | {p.removesuffix(".py") for p in loose} - {"__init__"} >= set(LAYERS) - {""}


def test_deferred_imports_count_and_type_only_ones_do_not() -> None:
    graph = _graph()
    # context_refill imports compaction.pending inside main(): still a dependency.
    assert "context_keeper.compaction.pending" in graph["context_keeper.hooks.context_refill"]
    # A fold step names SessionModel for type checkers only.
    assert "context_keeper.session.model" not in graph["context_keeper.session.texts"]
    assert "context_keeper.session.model" in _graph(type_only=True)["context_keeper.session.texts"]
