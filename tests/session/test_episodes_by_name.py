"""mentions.episodes_of: the episodes named, found through a name index kept up to date as
the list gains episodes at its end and loses them at its front, as a fresh one would find them."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from context_keeper.session.facts import Episode
from context_keeper.session.mentions import episodes_of
from context_keeper.session.model import SessionModel


def _episode(n: int) -> Episode:
    return Episode(n, f"prompt {n}", n, n, n)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 12), st.integers(0, 12)), min_size=1, max_size=25))
def test_the_index_follows_appends_and_drops(steps: list[tuple[int, int]]) -> None:
    model = SessionModel()
    n = 0
    for added, dropped in steps:
        for _ in range(added):
            n += 1
            model.episodes.append(_episode(n))
        del model.episodes[: min(dropped, len(model.episodes) - 1)]
        asked = [f"prompt-{k}" for k in range(n + 2, 0, -1)]
        fresh = SessionModel(episodes=model.episodes)  # no index yet: made from the whole list
        assert (
            episodes_of(model, asked)
            == episodes_of(fresh, asked)
            == [e for u in asked for e in model.episodes if e.unit == u]
        )


def test_a_new_list_is_indexed_anew() -> None:
    model = SessionModel(episodes=[_episode(1), _episode(2)])
    assert [e.n for e in episodes_of(model, ["prompt-2", "prompt-1"])] == [2, 1]
    model.episodes = [_episode(1), _episode(3)]
    assert [e.n for e in episodes_of(model, ["prompt-2", "prompt-3"])] == [3]


def test_episodes_of_one_number_are_all_found() -> None:
    # A state made elsewhere can list two episodes of one number.
    model = SessionModel(episodes=[_episode(1), _episode(2)])
    assert len(episodes_of(model, ["prompt-2"])) == 1
    model.episodes.append(_episode(2))
    assert [e.n for e in episodes_of(model, ["prompt-2"])] == [2, 2]
