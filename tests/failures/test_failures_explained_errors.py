"""An `ERROR:` line's explanation after a blank line: a heading over its deeper lines, not advice."""

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
