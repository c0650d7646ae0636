"""The kernel's redeal helpers (domain/kernel/redeal.py), which the games' determinize use: what a view shows,
and a redeal that depends on the set of hidden ids and the places' sizes, never on where each id lies."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from domain.kernel import HIDDEN
from domain.kernel.redeal import redeal, shown, shuffled, swap


def test_a_view_shows_its_string_values_not_its_keys_nor_what_is_hidden():
    view = {"illusion": 0, "hand": ["a#1", HIDDEN], "board": {"deck": [HIDDEN], "face_up": ("b",)}, "n": 3}
    assert shown(view) == {"a#1", "b"}


@given(
    ids=st.lists(st.sampled_from([f"c#{k}" for k in range(12)]), min_size=1, max_size=12, unique=True),
    cut=st.integers(0, 12),
    seed=st.integers(0, 1_000),
    data=st.data(),
)
def test_a_redeal_depends_on_the_hidden_set_only_and_is_a_bijection(ids, cut, seed, data):
    deck, hand = ids[: cut % (len(ids) + 1)], ids[cut % (len(ids) + 1) :]
    other = data.draw(st.permutations(ids))  # the same cards lying elsewhere
    deck2, hand2 = other[: len(deck)], other[len(deck) :]
    m1 = redeal([*deck, *hand, *hand[:1]], random.Random(seed))  # a card in two places counts once
    m2 = redeal([*deck2, *hand2, *hand2[:1]], random.Random(seed))
    assert (swap(deck, m1), swap(hand, m1)) == (swap(deck2, m2), swap(hand2, m2))
    assert sorted(m1.values()) == sorted(m1) == sorted(ids)


def test_ids_kept_stay_put_and_others_move_among_themselves():
    ids = [f"t#{k}" for k in range(8)]
    moved = set()
    for seed in range(20):
        m = redeal(ids, random.Random(seed), keep={"t#0"})
        assert "t#0" not in m and set(m.values()) == set(ids) - {"t#0"}
        moved |= {k for k, v in m.items() if k != v}
    assert moved  # the redeal does move cards


def test_a_shuffle_does_not_depend_on_the_order_it_is_given():
    assert shuffled(["c", "a", "b"], random.Random(3)) == shuffled(["b", "c", "a"], random.Random(3))
