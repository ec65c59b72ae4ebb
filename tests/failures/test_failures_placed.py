"""failures.placed through failures.ranking: a place named alone on the line over the deeper
message that happened there goes in front of it. Each output is written for its rule in the
shape such tools print (made-up tools and words); the recordings measure the whole."""

from __future__ import annotations

from context_keeper.failures.lines import pieces
from context_keeper.failures.ranking import rank


def messages(output: str) -> list[str]:
    found = rank(pieces("Exit code 1\n" + output))
    return found.messages if found else []


def test_a_numbered_item_holding_only_the_place_heads_the_message_under_it() -> None:
    output = (
        "Problem building the site:\n"
        "1. Could not render the page ./pages/cart.tmpl\n"
        "2. (./pages/cart.tmpl)\n"
        "  Error: unknown helper: price (via render error)\n"
        "3. unknown helper: price\n"
    )
    assert messages(output) == ["./pages/cart.tmpl: Error: unknown helper: price (via render error)"]


def test_a_place_with_one_word_after_it_heads_the_deeper_message() -> None:
    output = "/home/dev/shop/cart.spec: Problems.\n        error  7: Unexpected token at line 3, column 2\n"
    assert messages(output) == ["/home/dev/shop/cart.spec: error 7: Unexpected token at line 3, column 2"]


def test_an_absolute_path_alone_heads_the_deeper_message() -> None:
    output = "checking mounts\n/srv/cache\n   error: mount point does not exist: No such file or directory\n"
    assert messages(output) == ["/srv/cache: error: mount point does not exist: No such file or directory"]


def test_a_place_at_the_message_s_own_margin_is_not_its_head() -> None:
    # (Two lines at one margin are two things said, not a place and what happened there.)
    output = "/srv/cache\nerror: mount point does not exist: No such file or directory\n"
    assert messages(output) == ["error: mount point does not exist: No such file or directory"]


def test_a_line_that_says_more_than_a_place_is_not_a_head() -> None:
    output = "Checked /srv/cache twice\n   error: mount point does not exist: No such file or directory\n"
    assert messages(output) == ["error: mount point does not exist: No such file or directory"]


def test_a_message_that_names_its_place_already_takes_no_head() -> None:
    output = "src/cart.conf:\n   src/cart.conf:4: error: unknown key 'pirce'\n"
    assert messages(output) == ["src/cart.conf:4: error: unknown key 'pirce'"]


def test_a_long_line_that_is_no_path_is_no_place() -> None:
    # (A pattern repeating a class under `*` with an optional slash would backtrack
    # exponentially here, and this would not return.)
    output = "/" + "a" * 80 + "!\n   error: mount point does not exist\n"
    assert messages(output) == ["error: mount point does not exist"]


def test_a_file_a_command_lists_is_no_place_of_the_error_under_it() -> None:
    # (A listing's file, then the program's own error at the same margin: two things printed,
    # and the file in front of the error would name a place the error never happened in.)
    output = "Exit code 1\nsrc/cart.py\nfind: ‘lib’: No such file or directory\nfind: ‘tests’: No such file or directory\n"
    assert messages(output)[0] == "find: ‘lib’: No such file or directory"
