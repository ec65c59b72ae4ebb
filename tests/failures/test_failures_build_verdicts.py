"""A build tool's verdict that points to a compiler's output above it (`Compilation failed; see the
compiler error output for details`): the compiler's diagnostics are the failures. The output is
written in the shape Gradle prints it."""

from __future__ import annotations

from context_keeper.failures import failure_messages

GRADLE = (
    "/p/src/main/java/shop/Cart.java:21: error: incompatible types: String cannot be converted to int\n"
    "        int count = label;\n"
    "                    ^\n"
    "1 error\n"
    "\n"
    "FAILURE: Build failed with an exception.\n"
    "\n"
    "* What went wrong:\n"
    "Execution failed for task ':compileJava'.\n"
    "> Compilation failed; see the compiler error output for details.\n"
    "\n"
    "BUILD FAILED in 5s\n"
)


def test_javacs_diagnostics_above_gradles_verdict_are_the_failures() -> None:
    assert list(failure_messages(GRADLE, "gradle build").messages) == [
        "/p/src/main/java/shop/Cart.java:21: error: incompatible types: String cannot be converted to int"
    ]


def test_with_no_diagnostics_what_went_wrong_is_the_message() -> None:
    text = GRADLE[GRADLE.index("FAILURE:") :].replace("':compileJava'", "':test'")
    assert list(failure_messages(text, "gradle build").messages) == [
        "Execution failed for task ':test'.; Compilation failed; see the compiler error output for details."
    ]
