"""A location's ``check`` and its ``decide`` agree, and the action's options are the candidates the check
allows (issue #35: options are listed by checking each candidate; only the option taken is decided, and with
``build`` only its command is made). In every order of random games (base game and Festival Season, 2 to 4
players) each candidate is checked as a spec and decided as the command ``build`` makes of it: the same
refusal code or none (a builder that fills a field wrongly, or a decide with a rule its check lacks, fails
here), and the Pending lists exactly the allowed commands, in order, then Decline. That the split kept the
rules is the fixed-seed streams' test (``tests/service/test_streams.py``): a rule dropped from a check offers
illegal options and changes the streams."""

from __future__ import annotations

import pytest

from domain.games.dungeon_lords.actions import ACTIONS, rules_for
from domain.games.dungeon_lords.bots import random_bot
from domain.games.dungeon_lords.commands import Decline
from domain.games.dungeon_lords.engine import ENGINE, new_game
from domain.games.dungeon_lords.errors import RuleViolation
from domain.games.dungeon_lords.phases.actions import current

FESTIVAL = ["five_seasons", "unique_opportunities", "festival", "pets", "bards", "paladin_pair"]


def _code(fn, *args) -> str | None:
    try:
        fn(*args)
    except RuleViolation as refusal:
        return refusal.code
    return None


def test_the_shipped_locations_with_a_builder_have_a_check() -> None:
    checked = {a for a, rules in ACTIONS.items() if rules.check is not None}
    assert {"dig_tunnels", "build_room", "hire_monster", "improve_reputation", "mine_gold"} <= checked
    assert all(rules.check is not None for rules in ACTIONS.values() if rules.build is not None)


@pytest.mark.parametrize(
    ("players", "seed", "modules"), [(4, 3, []), (3, 5, []), (2, 8, []), (4, 2, FESTIVAL), (3, 9, FESTIVAL)]
)
def test_check_refuses_exactly_what_decide_refuses(players: int, seed: int, modules: list[str]) -> None:
    import random

    _, state = new_game([f"p{k}" for k in range(players)], seed=seed, variant="full", modules=modules)
    rng = random.Random(seed)
    compared = legal = 0
    for _ in range(3000):
        p = ENGINE.pending(state)
        if not p.actors:
            break
        if p.kind == "action":
            pl = current(state)
            assert pl is not None
            me, rules = state.player(pl.color), rules_for(state, pl)
            if rules.check is not None:
                allowed = []
                for spec in rules.candidates(state, me, pl):
                    cmd = rules.build(me.color, spec) if rules.build is not None else spec
                    by_check = _code(rules.check, state, me, pl, spec)
                    assert by_check == _code(rules.decide, state, me, pl, cmd), (pl.action, cmd)
                    compared += 1
                    if by_check is None:
                        allowed.append(cmd)
                options = list(p.options(pl.color))
                assert options[:-1] == allowed and options[-1] == Decline(player=pl.color)
                legal += len(allowed)
        actor = p.actors[0]
        command = ENGINE.random_draw(state, p) if p.is_chance else random_bot(state, p, actor, rng)
        _, state = ENGINE.execute(state, command, inplace=True)
    assert compared > 20 and 0 < legal < compared  # both answers were seen
