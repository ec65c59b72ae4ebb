"""An error's explanation (not advice), a heading over the names it lists, a bracketed exception, a cause chain."""

from __future__ import annotations

from context_keeper.failures import failure_messages

OUTPUT = (
    "Collecting a<2\n"
    "ERROR: Cannot install a<2 and b==3 because these package versions have conflicting dependencies.\n"
    "\n"
    "The conflict is caused by:\n"
    "    The user requested a<2\n"
    "    b 3 depends on a>=2\n"
    "\n"
    "To fix this you could try to:\n"
    "1. loosen the range of package versions you've specified\n"
    "\n"
    "ERROR: ResolutionImpossible: for help visit https://pip.pypa.io/\n"
)


def test_the_heading_and_its_lines_go_on_with_the_error() -> None:
    assert list(failure_messages(OUTPUT, "pip install 'a<2' b==3").messages) == [
        "ERROR: Cannot install a<2 and b==3 because these package versions have conflicting dependencies.; "
        "The conflict is caused by: The user requested a<2; b 3 depends on a>=2"
    ]


def test_a_heading_of_advice_is_not_the_errors_explanation() -> None:
    text = OUTPUT.replace("The conflict is caused by:\n    The user requested a<2\n    b 3 depends on a>=2\n\n", "")
    text = text.replace("1. loosen", "    loosen")
    assert list(failure_messages(text, "pip install 'a<2' b==3").messages) == [
        "ERROR: Cannot install a<2 and b==3 because these package versions have conflicting dependencies."
    ]


def test_with_nothing_read_as_a_message_a_heading_over_names_is_said_with_them_not_the_hints() -> None:
    output = (
        "The following paths are ignored by one of your .gitignore files:\n"
        "build\n"
        "dist\n"
        "hint: Use -f if you really want to add them.\n"
        'hint: "git config advice.addIgnoredFile false"\n'
    )
    assert list(failure_messages(output, "git add build dist").messages) == [
        "The following paths are ignored by one of your .gitignore files: build; dist"
    ]


def test_an_exception_named_in_brackets_is_the_message_over_warnings() -> None:
    output = (
        "WARNING: Project requires a python version of >=3.11, The virtualenv is being created for you.\n"
        "Virtualenv is created successfully at /p/.venv\n"
        "[AttributeError]: module 'cachelib' has no attribute 'Store'\n"
        "WARNING: Add '-v' to see the detailed traceback\n"
    )
    assert list(failure_messages(output, "pdm lock").messages) == [
        "[AttributeError]: module 'cachelib' has no attribute 'Store'"
    ]


def test_an_error_over_caused_by_headings_is_the_error_and_its_innermost_cause() -> None:
    output = (
        "error: failed to get `dep` as a dependency of package `app v0.1.0`\n"
        "\n"
        "Caused by:\n"
        "  failed to load source for dependency `dep`\n"
        "\n"
        "Caused by:\n"
        "  failed to read `/src/dep/Cargo.toml`\n"
        "\n"
        "Caused by:\n"
        "  No such file or directory (os error 2)\n"
    )
    assert list(failure_messages(output, "cargo check").messages) == [
        "error: failed to get `dep` as a dependency of package `app v0.1.0`; Caused by: No such file or directory (os error 2)"
    ]
