"""failures on outputs that read as a clean success, and on what the tool did not print.

A failed run whose output is only a clean report (`5 passed`, `All checks passed!`, `BUILD
SUCCESS`) gives no message: its last line is no failure. A zero count (`0 failed`) is no
failure sign, but a real one anywhere keeps the general method's pick.
"""

from __future__ import annotations

import pytest

from context_keeper.failures import failure_messages

CLEAN = {
    "pytest": (
        "collected 5 items\n\ntests/test_a.py .....  [100%]\n\n===== 5 passed in 0.12s =====",
        "pytest",
    ),
    "unittest": ("...\n" + "-" * 70 + "\nRan 3 tests in 0.001s\n\nOK", "python -m unittest"),
    "cargo": ("running 3 tests\ntest a ... ok\n\ntest result: ok. 3 passed; 0 failed; 0 ignored", "cargo test"),
    "go": ("ok  \texample.com/x\t0.012s", "go test ./..."),
    "jest": ("PASS  src/a.test.js\n\nTests:       1 passed, 1 total\nRan all test suites.", "npx jest"),
    "mypy": ("Success: no issues found in 12 source files", "mypy ."),
    "ruff": ("All checks passed!", "ruff check ."),
    "maven": ("[INFO] Tests run: 3, Failures: 0, Errors: 0\n[INFO] BUILD SUCCESS\n[INFO] Total time: 2 s", "mvn test"),
    "gradle": ("> Task :test\n\nBUILD SUCCESSFUL in 3s\n4 actionable tasks: 4 executed", "./gradlew test"),
    "node-test": ("✔ adds (0.5ms)\nℹ tests 1\nℹ pass 1\nℹ fail 0\nℹ duration_ms 40", "node --test"),
    "rspec": ("...\n\nFinished in 0.01 seconds\n3 examples, 0 failures", "bundle exec rspec"),
    "dotnet": ("Passed!  - Failed:     0, Passed:     3, Skipped:     0, Total:     3", "dotnet test"),
    "ctest": ("100% tests passed, 0 tests failed out of 3\n\nTotal Test time (real) =   0.01 sec", "ctest"),
    "npm": ("added 10 packages in 1s\n\nfound 0 vulnerabilities", "npm install"),
    "tox": ("  py311: OK (3.2 seconds)\n  congratulations :) (3.3 seconds)", "tox"),
}


@pytest.mark.parametrize("name", sorted(CLEAN))
def test_a_clean_report_gives_no_failure(name: str) -> None:
    output, command = CLEAN[name]
    assert failure_messages("Exit code 1\n" + output, command).messages == ()
    assert failure_messages("Exit code 1\n" + output).messages == ()


def test_a_failure_sign_beside_a_passing_count_keeps_its_message() -> None:
    output = "Exit code 1\n12 passed in 0.3s\nCoverage failure: total of 71 is less than fail-under=80"
    assert failure_messages(output).messages == ("Coverage failure: total of 71 is less than fail-under=80",)
    assert failure_messages("Exit code 2\n3 passed\nKilled").messages == ("Killed",)


def test_a_unittest_header_without_a_body_keeps_its_own_word() -> None:
    # The output cut after a test's header: the runner said ERROR, not "failed".
    output = "Exit code 1\nE.\n" + "=" * 70 + "\nERROR: test_lookup (shop.tests.ProductTests.test_lookup)\n" + "-" * 70
    assert failure_messages(output).messages == ("shop.tests.ProductTests.test_lookup: ERROR",)
