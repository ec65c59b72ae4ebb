"""claude_settings.jsontext: a value change written into a JSON text, formatting kept."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings as hyp_settings, strategies as st

from context_keeper import claude_settings as sf
from context_keeper.claude_settings.jsontext import parse_spans, rewrite


def test_spans_cover_each_value_and_member():
    text = ' {"a": [1, {"b": "x,y"}], "c" : null}\n'
    root = parse_spans(text)
    assert (root.start, root.end) == (1, len(text) - 1)
    assert root.keys == ["a", "c"]
    assert [text[s:c.end] for s, c in zip(root.starts, root.children)] == ['"a": [1, {"b": "x,y"}]', '"c" : null']
    array = root.children[0]
    assert [text[c.start:c.end] for c in array.children] == ["1", '{"b": "x,y"}']


FILE = """{
    "model": "x",

    "hooks": {
        "Stop": [ { "hooks": [ {"type": "command", "command": "say done"} ] } ]
    }
}
"""


def test_adding_keeps_every_line_and_follows_the_files_indentation():
    old = json.loads(FILE)
    new = json.loads(FILE)
    new["hooks"]["Stop"].append({"hooks": [{"type": "command", "command": "ck"}]})
    new["hooks"]["PreCompact"] = [{"hooks": []}]
    out = rewrite(FILE, old, new)
    assert out == """{
    "model": "x",

    "hooks": {
        "Stop": [ { "hooks": [ {"type": "command", "command": "say done"} ] }, {"hooks": [{"type": "command", "command": "ck"}]} ],
        "PreCompact": [
            {
                "hooks": []
            }
        ]
    }
}
"""
    assert rewrite(out, new, old) == FILE  # and taking them out again gives the text back


@pytest.mark.parametrize("text, new, expected", [
    ('{"a":1,"b":2}', {"a": 1, "b": 2, "c": [1]}, '{"a":1,"b":2,"c":[1]}'),  # minified stays so
    ('{\r\n  "a": 1\r\n}\r\n', {"a": 1, "b": {"c": 2}}, '{\r\n  "a": 1,\r\n  "b": {\r\n    "c": 2\r\n  }\r\n}\r\n'),
    ('{\n\t"a": {\n\t\t"x": 1\n\t}\n}', {"a": {"x": 1, "y": 2}}, '{\n\t"a": {\n\t\t"x": 1,\n\t\t"y": 2\n\t}\n}'),
    ("{}\n", {"hooks": {}}, '{\n  "hooks": {}\n}\n'),  # nothing to learn from: Claude Code's style
    ('{"a": [1, 2, 3]}', {"a": [1, 3]}, '{"a": [1, 3]}'),
    ('{ "a" : 1 , "b" : 2 }', {"b": 2}, '{ "b" : 2 }'),
    ('{"a": "é"}', {"a": "é", "b": "ü"}, '{"a": "é", "b": "ü"}'),
])
def test_styles(text, new, expected):
    assert rewrite(text, json.loads(text), new) == expected


def test_a_reordered_object_is_written_afresh_at_its_place():
    text = '{\n  "keep": [1,   2],\n  "o": {"a": 1, "b": 2}\n}'
    out = rewrite(text, json.loads(text), {"keep": [1, 2], "o": {"b": 2, "a": 1}})
    assert out == '{\n  "keep": [1,   2],\n  "o": {"b": 2, "a": 1}\n}'


def test_duplicate_keys_are_not_guessed_at():
    assert rewrite('{"a": 1, "a": 2}', {"a": 2}, {"a": 3}) is None


_scalars = st.one_of(st.none(), st.booleans(), st.integers(-5, 5), st.text(max_size=3))
_values = st.recursive(_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=3), inner, max_size=4)), max_leaves=12)
_objects = st.dictionaries(st.text(max_size=3), _values, max_size=5)
_layouts = st.sampled_from([{"indent": 2}, {"indent": 4}, {"indent": "\t"}, {},
                            {"separators": (",", ":")}, {"indent": 1, "separators": (" ,", " : ")}])


@hyp_settings(max_examples=300, deadline=None)
@given(_objects, _objects, _layouts)
def test_property_the_text_holds_the_new_value_and_unchanged_members_keep_their_text(old, new, layout):
    text = json.dumps(old, **layout) + "\n"
    out = rewrite(text, old, new)
    assert out is not None
    assert json.dumps(json.loads(out)) == json.dumps(new)  # the value, key order included
    for key in set(old) & set(new):
        if json.dumps(old[key]) == json.dumps(new[key]) and isinstance(old[key], (dict, list)) and old[key]:
            member = json.dumps({key: old[key]}, **layout)[1:-1].strip()
            if "\n" not in member:  # one-line members are copied as they were
                assert member in out
    assert rewrite(out, new, old) is not None


@hyp_settings(max_examples=100, deadline=None)
@given(st.dictionaries(st.sampled_from(["model", "env", "permissions"]), _values, max_size=3), _layouts)
def test_property_install_then_uninstall_gives_the_text_back(foreign, layout):
    # What an install adds, an uninstall of the unchanged file takes out: the same bytes.
    text = json.dumps(foreign, **layout) + "\n"
    entries = sf.our_entries(sf.launcher_for(command=Path("/v/bin/context-keeper")))
    installed = rewrite(text, foreign, sf.merge(foreign, entries))
    assert installed is not None
    assert rewrite(installed, json.loads(installed), sf.unmerge(json.loads(installed))) == text


FOREIGN = {
    "permissions": {"allow": ["Bash(ls:*)"]},
    "hooks": {
        "PostToolUse": [{"matcher": "Read", "hooks": [{"type": "command", "command": "echo read"}]}],
        "PreCompact": [{"hooks": [{"type": "command", "command": "notify"}]}],
        "Stop": [{"hooks": [{"type": "command", "command": "say done", "timeout": 5}]}],
    },
    "model": "claude-sonnet-4-5",
}


@pytest.mark.parametrize("layout", [{"indent": 2}, {"indent": 4}, {"indent": "\t"}, {}, {"separators": (",", ":")}])
def test_foreign_hooks_install_and_uninstall_in_any_layout(layout):
    text = json.dumps(FOREIGN, **layout) + "\n"
    entries = sf.our_entries(sf.launcher_for(command=Path("/v/bin/context-keeper")))
    installed = rewrite(text, FOREIGN, sf.merge(FOREIGN, entries))
    assert installed is not None and json.loads(installed) == sf.merge(FOREIGN, entries)
    assert rewrite(installed, json.loads(installed), sf.unmerge(json.loads(installed))) == text
