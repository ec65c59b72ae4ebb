"""bench/second_core.py's prototype: the child redacts the strings the fold redacts, cut as
the fold cuts them, and the fold that looks its results up saves the same state."""

from __future__ import annotations

import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))

import dense  # noqa: E402
import second_core  # noqa: E402

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def test_the_child_answers_the_folds_redactions_and_the_state_is_the_same(tmp_path: Path) -> None:
    path = tmp_path / "dense.jsonl"
    dense.write_dense(path, 200_000, seed=5)
    alone, _ = second_core.fold(path, with_child=False)
    with_child, figures = second_core.fold(path, with_child=True, wait=True)
    assert with_child == alone
    # Every assistant text, command, task subject and prompt was answered; what is left are
    # the strings the child does not take (failure messages) and repeats it sent once.
    assert figures["hits"] >= 0.9 * (figures["hits"] + figures["misses"]) > 0


def test_a_redacted_secret_is_the_same_whoever_redacted_it(tmp_path: Path) -> None:
    path = tmp_path / "secret.jsonl"
    source = (FIXTURES / "tools_and_tasks.jsonl").read_text()
    secret = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
    path.write_text(source.replace("All done. FINAL-TEXT", f"All done, the token is {secret}. FINAL-TEXT", 1))
    alone, _ = second_core.fold(path, with_child=False)
    with_child, figures = second_core.fold(path, with_child=True, wait=True)
    assert secret in path.read_text()
    assert with_child == alone and secret.encode() not in with_child and b"ghp_" in with_child and figures["hits"] > 0
