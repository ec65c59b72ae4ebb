"""The package stays in rooms a newcomer can read: no module over 400 lines, no
class over 200, no function over 60, and each module says its one job in its first lines."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "lib" / "context_keeper"
MODULE_LINES, CLASS_LINES, FUNCTION_LINES = 400, 200, 60


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def test_no_module_class_or_function_over_its_size() -> None:
    over = []
    for path in _modules():
        source = path.read_text()
        name = path.relative_to(PACKAGE.parent)
        if (lines := len(source.splitlines())) > MODULE_LINES:
            over.append(f"{name}: {lines} lines")
        for node in ast.walk(ast.parse(source)):
            size = (node.end_lineno or node.lineno) - node.lineno + 1 if hasattr(node, "lineno") else 0
            if isinstance(node, ast.ClassDef) and size > CLASS_LINES:
                over.append(f"{name}: class {node.name}, {size} lines")
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and size > FUNCTION_LINES:
                over.append(f"{name}: {node.name}(), {size} lines")
    assert not over, "\n".join(over)


def test_every_module_says_its_job_first() -> None:
    silent = [
        str(path.relative_to(PACKAGE.parent))
        for path in _modules()
        if path.stat().st_size and not ast.get_docstring(ast.parse(path.read_text()))
    ]
    assert not silent, silent
