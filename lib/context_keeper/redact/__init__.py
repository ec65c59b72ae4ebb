"""Take secrets out of text before anything is written to disk or printed.

`redact(text)` replaces each secret with `[REDACTED]`, keeping a short hint where the
format has one (`ghp_[REDACTED]`). Three passes, each rule only where its trigger
substrings occur, so an ordinary line costs a few substring tests:

- `formats`: secrets recognisable on their own (token prefixes, private key blocks,
  credentials in URLs, webhook URLs, Authorization headers, Microsoft's identifiable keys,
  password hashes); `entropy`: a random body after a prefix no rule knows, a random
  string given to a client or login call;
- `commands`: password arguments of CLIs and formats without `name=value` (SQL, netrc);
- `assignments`: values under secret names, when the value itself looks like a secret
  (`names` judges the name, `values` the value);
- last, with no trigger, `random_tokens`: a machine-random token wherever it stands, and
  `chosen_passwords`: a password a person chose, by its shape, wherever it stands.

The submodules and their patterns load on the first call: importing this package, which
every hook does through its log, stays cheap.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from .lines import block_hits
from .patterns import MARK, Rule

# typing costs milliseconds to import and is only needed by type checkers.
TYPE_CHECKING = False
if TYPE_CHECKING:
    import re

    from .lines import RuleTree

_LONG = 4096  # `lines.LONG`: a longer line is redacted in pieces
NON_ASCII = "\x80"  # the key of the triggers with a character beyond ASCII (see `_Rules`)


class _Rules:
    """Every rule, compiled, with what decides whether it runs (see `redact`)."""

    def __init__(self) -> None:
        import re

        from . import assignments, calls, commands, entropy, formats, languages, nouns, positions, stdin
        from .format_args import compile_rules as format_args_rules
        from .generated_notes import compile_rules as generated_notes_rules
        from .lines import flag_forest, gated, trigger_tree
        from .login_slots import compile_rules as login_slots_rules
        from .nameless import compile_rules as nameless_rules
        from .templated import compile_rules as templated_rules
        from .whole_line import read_with as read_joined_lines_with

        early, dispatch, late = formats.compile_rules()
        ordered = (
            early
            + ((("",), None),)
            + late
            + commands.compile_rules()
            + calls.compile_rules()
            + nameless_rules()
            + login_slots_rules()
            + positions.compile_rules()
            + stdin.compile_rules()
            + templated_rules()
            + format_args_rules(redact)
            + nouns.compile_rules()
            + generated_notes_rules(nouns.judged)
            + languages.compile_rules()
            + _last_line_rules()
        )
        self.rules: tuple[Rule | None, ...] = tuple(rule for _, rule in ordered)
        # (trigger, index of its rule), rules run in order; "\0": a command rule's, tested only after a flag.
        self.triggers = tuple((t, i) for i, (ts, _) in enumerate(ordered) for t in ts if t and t[0] != "\0")
        groups: dict[str, list[tuple[str, int]]] = {}
        for t, i in self.triggers:
            groups.setdefault(t.lower(), []).append((t, i))
        self.block_triggers = tuple((low, tuple(pairs)) for low, pairs in groups.items())
        # A lower-case trigger holding a shorter one (`assw`, `ass`) is tested only where that occurs
        # (`block_hits`); other scripts' (`密码`) have a tree searched only behind a character class.
        wide = {low for low, _ in self.block_triggers if not low.isascii()}
        narrow = trigger_tree(tuple(p for p in self.block_triggers if p[0] not in wide))
        self.trigger_tree, self.gated_trees = gated(narrow)  # (those with a rare character: `gated`)
        self.wide_tree = trigger_tree(tuple(p for p in self.block_triggers if p[0] in wide))
        self.wide_gate = _first_characters_gate(wide)
        self.flag_triggers = tuple((t[1:], i) for i, (ts, _) in enumerate(ordered) for t in ts if t[:1] == "\0")
        self.flag_tree = flag_forest(self.flag_triggers)
        self.keyed_triggers = _keyed(self.triggers)
        self.trigger_chars = frozenset(self.keyed_triggers)
        # The NON_ASCII triggers only where a line holds the first such character of one (no em dash).
        firsts = {next(c for c in t if not c.isascii()) for t, _ in self.triggers if not t.isascii()}
        self.non_ascii_gate = re.compile(f"[{re.escape(''.join(sorted(firsts)))}]" if firsts else "(?!)")
        self.flag_gate = commands.FLAG_GATE
        self.tokens_at = ordered.index((("",), None))
        self.token_starts = re.compile(formats.STARTS, re.ASCII)
        self.dispatch = dispatch
        self.prefixed_tokens = entropy.prefixed_token_rule()
        self.assignment_triggers = assignments.TRIGGERS
        self.assignments = assignments.redact_assignments
        self.multiline = _multiline_rules()
        read_joined_lines_with(redact)  # (the line an argument array, a wrapped call, a continued command makes)

    @functools.cached_property
    def long_needles(self) -> tuple[str, ...]:
        """What the rules that read across lines search a long text for (their triggers, the lines
        `printed` reads): the ones it holds nowhere are found at once (`haystack.rule_out`)."""
        from . import printed

        needles = [t for ts, _ in self.multiline for t in ts] + [*printed.TRIGGERS, "\n(", "\n+ ", "\n++ "]
        return tuple(dict.fromkeys(needles))


def _last_line_rules() -> tuple[tuple[tuple[str, ...], Rule], ...]:
    """The line rules that run after the rest: lists of headers, comparisons with a mask, a
    device sign-in's code, a URL query's random code, a link's token, a credential event's
    value field, a prompt answered on its line, a login written as `user:password`, a phrase of
    words under its label, bound parameters, then the labels of printed output."""
    from . import printed_labels
    from .bound_params import compile_rules as bound_rules
    from .device_codes import compile_rules as device_code_rules
    from .event_fields import compile_rules as event_field_rules
    from .header_lists import compile_rules as header_list_rules
    from .joined_logins import compile_rules as joined_logins_rules
    from .link_tokens import compile_rules as link_token_rules
    from .masked_comparisons import compile_rules as masked_rules
    from .nouns import judged
    from .phrases import compile_rules as phrase_rules
    from .printed_addresses import line_rules as address_token_rules
    from .printed_cipher_keys import line_rules as cipher_key_rules
    from .printed_numbers import line_rules as number_token_rules
    from .printed_whole import line_rules as whole_value_rules
    from .query_codes import compile_rules as query_code_rules
    from .scopes import line_rules as prompt_answer_rules

    return (
        header_list_rules()
        + masked_rules()
        + device_code_rules()
        + query_code_rules()
        + link_token_rules()
        + address_token_rules()
        + cipher_key_rules()
        + number_token_rules()
        + event_field_rules(judged)
        + prompt_answer_rules()
        + joined_logins_rules()
        + phrase_rules()
        + bound_rules()
        + ((printed_labels.LINE_TRIGGERS, printed_labels.redact_label_line),)
        + whole_value_rules()
    )


def _multiline_rules() -> tuple[tuple[tuple[str, ...], Rule], ...]:
    """Rules that read across lines: run on a whole text before its lines (see `lines`)."""
    from . import formats
    from .assertions import compile_rules as assertion_rules
    from .block_scalars import compile_rules as block_scalar_rules
    from .bound_params import compile_rules as bound_rules
    from .continued import compile_rules as continued_rules
    from .echoed import compile_rules as echoed_rules
    from .link_tokens import multiline_rules as sign_in_link_rules
    from .masked_comparisons import compile_rules as masked_rules
    from .negated_assertions import compile_rules as negated_assertion_rules
    from .nouns import judged
    from .numbered_replies import compile_rules as numbered_reply_rules
    from .printed_headings import compile_rules as printed_heading_rules
    from .printed_named_after import multiline_rules as named_after_rules
    from .printed_queries import compile_rules as query_row_rules
    from .printed_whole import multiline_rules as whole_value_multiline_rules
    from .stdin import redact_here_documents
    from .wrapped_calls import compile_rules as wrapped_call_rules

    return (
        formats.multiline_rules()
        + wrapped_call_rules()
        + continued_rules()
        + masked_rules()
        + bound_rules()
        + block_scalar_rules()
        + printed_heading_rules()
        + whole_value_multiline_rules()
        + query_row_rules()
        + named_after_rules()
        + echoed_rules()
        + sign_in_link_rules()
        + numbered_reply_rules(judged)
        + assertion_rules(judged)
        + negated_assertion_rules(judged)
        + ((("<<",), redact_here_documents),)
    )


# Characters from the most to the least common in English prose and code; any other
# character (capitals, digits, punctuation) counts as rarer than all of them.
_COMMON_CHARS = " etaoinsrhldcumfpgwybvkxjqz"


def _first_characters_gate(wide: set[str]) -> re.Pattern[str] | None:
    """One character class of the first non-ASCII character of each of `wide`'s triggers."""
    import re

    chars = "".join(sorted({next(c for c in low if not c.isascii()) for low in wide}))
    return re.compile(f"[{re.escape(chars)}]") if chars else None


def _keyed(triggers: tuple[tuple[str, int], ...]) -> dict[str, RuleTree]:
    """The triggers filed under their rarest character: a trigger can only be in a text that
    holds every one of its characters, so a line is tested only for the triggers whose
    character it holds (about half of them, for ordinary prose). Under each, a trigger is
    tested once for all the rules it triggers (`wort` of `nouns` and `languages`), and one
    that holds another (`password ` holds `assw`) only where that one is (`trigger_tree`).
    Triggers whose rarest character is not ASCII, words of other scripts, share one key,
    NON_ASCII: one test of the text, not one per character."""
    from .lines import trigger_tree

    keyed: dict[str, dict[str, list[int]]] = {}
    for t, i in triggers:
        rarest = max(t, key=_rarity)
        keyed.setdefault(rarest if rarest.isascii() else NON_ASCII, {}).setdefault(t, []).append(i)
    return {char: trigger_tree(tuple((t, tuple(rules)) for t, rules in group.items())) for char, group in keyed.items()}


def _rarity(char: str) -> int:
    rank = _COMMON_CHARS.find(char)
    return len(_COMMON_CHARS) if rank < 0 else rank


@functools.cache
def _compiled() -> _Rules:
    return _Rules()


def redact(text: str) -> str:
    """Return `text` with secrets replaced by `[REDACTED]` (short hints kept).

    Never raises: a rule that fails on some text (a bug) must not stop the fold of a session
    that holds it, nor let the text through unredacted, so the whole text is then the mark."""
    if not text:
        return text
    try:
        return _redact(text)
    except Exception:  # noqa: BLE001 - see above
        return MARK


def _redact(text: str) -> str:
    r = _compiled()
    if "\n" in text or len(text) > _LONG:
        from .lines import redact_lines

        done = _chosen_passwords()(_random_tokens()(redact_lines(text, r, _apply)))
        if done is not text and "\n" in text:
            from .described_columns import keep_described

            done = keep_described(text, done)
            from .ciphertexts import keep_ciphertexts

            done = keep_ciphertexts(text, done)
    else:
        hits = _triggered(text, r)
        if r.flag_gate in text:
            hits.update(i for t, i in r.flag_triggers if t in text)
        starts = set(r.token_starts.findall(text))
        done = _chosen_passwords()(_random_tokens()(_apply(text, hits, starts, _worded(text, r))))
    return done if done is text else _repeats()(text, done)


@functools.cache
def _random_tokens() -> Callable[[str], str]:
    """`random_tokens.redact_random_tokens`: a rule with no trigger, run on what every triggered
    rule left (a machine-random token wherever it stands; its first test, a lower-case letter
    beside a capital, is one search of the text)."""
    from .random_tokens import redact_random_tokens

    return redact_random_tokens


@functools.cache
def _chosen_passwords() -> Callable[[str], str]:
    """`chosen_passwords.redact_chosen_passwords`: with no trigger either, after `random_tokens`
    (a password a person chose, by the shapes password policies force, wherever it stands)."""
    from .chosen_passwords import redact_chosen_passwords

    return redact_chosen_passwords


@functools.cache
def _repeats() -> Callable[[str, str], str]:
    """`repeats.redact_repeats`: a secret found once, taken out wherever else it stands in the text."""
    from .repeats import redact_repeats

    return redact_repeats


def _triggered(text: str, r: _Rules) -> set[int]:
    """The rules (their indexes) a trigger of which is in `text`."""
    hits: set[int] = set()
    chars = r.trigger_chars.intersection(text)
    if NON_ASCII in r.keyed_triggers and not text.isascii() and r.non_ascii_gate.search(text) is not None:
        chars = chars | {NON_ASCII}
    for char in chars:
        for trigger, rules, below in r.keyed_triggers[char]:
            if trigger in text:
                hits.update(rules)
                if below:  # (rare: the triggers that hold this one)
                    hits.update(block_hits(below, text))
    return hits


def _worded(text: str, r: _Rules) -> bool:
    """Whether `text`'s lower case holds a trigger word of the assignments."""
    lowered = text.lower()
    return any(t in lowered for t in r.assignment_triggers)


def _apply(text: str, hits: set[int], starts: set[str], worded: bool) -> str:
    """One line through the rules its triggers chose (`hits`, token `starts`), then the
    assignments when a trigger word is left (`worded`: whether the line held one). A line of a
    file read with its numbers (`cat -n`, an editor's or a file-reading tool's `     1\t…`,
    `    3→…`) is read after its number, as the file's own line: a rule anchored at the line's
    start reads it there; so is a diff's added line after its `+`, when read whole it held
    nothing. (Neither prefix holds a letter: the rest holds the words the line held.)"""
    # (the number's tab or arrow looked for first: most indented lines have none)
    if (
        text[:1] in _NUMBER_LEADS
        and ("\t" in text or "\u2192" in text)
        and (numbered := _numbered().match(text)) is not None
    ):
        rest = text[numbered.end() :]
        done = _apply_line(rest, hits, starts, worded)
        return text if done is rest else text[: numbered.end()] + done
    done = _apply_line(text, hits, starts, worded)
    if done == text and text[:1] == "+" and text[1:2] not in ("+", " ", ""):
        rest = text[1:]  # a diff's added line, read also as the file's own line when whole it held nothing
        again = _apply_line(rest, hits, starts, worded)
        return text if again == rest else "+" + again
    return done


_NUMBER_LEADS = frozenset(" 0123456789")


@functools.cache
def _numbered() -> re.Pattern[str]:
    import re

    return re.compile("[ \t]*\\d{1,7}(?:\t|\u2192)")


def _apply_line(line: str, hits: set[int], starts: set[str], worded: bool) -> str:
    r = _compiled()
    text = line
    if starts:
        hits = hits | {r.tokens_at}
    for i in sorted(hits):
        rule = r.rules[i]
        if rule is not None:
            text = rule(text)
            continue
        done: set[Rule] = set()
        for key in starts:
            for token_rule in r.dispatch.get(key, ()):
                if token_rule not in done:
                    done.add(token_rule)
                    text = token_rule(text)
        text = r.prefixed_tokens(text)  # a vendor's prefix no rule knows, and a random body
    # (a line the rules left as it was holds the words it held: its lower case is not read again)
    if worded if text is line else _worded(text, r):
        text = r.assignments(text)
    return text
