"""Every event of Dungeon Lords has its words (describe.py's table, built once): none falls back to a dump of
its fields, and an event type without words is an error that names it."""

from __future__ import annotations

import pytest

from domain.games.dungeon_lords import events as ev
from domain.games.dungeon_lords.describe import _EVENT_WORDS, describe_event
from domain.kernel.events import Chance


def test_every_event_type_of_the_game_has_words() -> None:
    names = set(ev.ALL_EVENTS)
    assert len(names) > 100
    assert sorted(names - set(_EVENT_WORDS)) == []
    assert sorted(set(_EVENT_WORDS) - names) == []  # no words for an event that no longer exists


def test_a_face_down_card_seen_at_the_table_is_said_in_words() -> None:
    seen = ev.FaceDownCardSeen(what="combat_card", year=1, position=2, card="cc_y1_03")
    assert describe_event(seen).startswith("Year 1's Combat Card #2 is ")
    trap = ev.FaceDownCardSeen(what="trap_card", year=2, position=1, card="poison_gas_1")
    assert describe_event(trap).startswith("The sprung Trap Card #1 was ")
    special = ev.FaceDownCardSeen(what="special_event", year=2, position=0, card="se_1")
    assert describe_event(special).startswith("Year 2's Special Event Card is ")


def test_an_event_type_without_words_is_an_error_that_names_it() -> None:
    class NewFangled(Chance):
        """A draw no version of the game knows."""

    with pytest.raises(ValueError, match="NewFangled"):
        describe_event(NewFangled())
