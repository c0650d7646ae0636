"""A complete 4-player tabletop game recorded the way a person at the table records it.

The "table" is scripted: a seeded RNG stands for the physical draws (which tiles and cards came up),
and strategy bots stand for the players' decisions. Every answer is typed into the same
``record`` loop a person uses (cli.record.record_loop), as text: component ids for draws, option
numbers for decisions. The game is then exported, imported through the rules, and compared event
for event; the exported record is kept as a golden replay (tests/golden/tabletop-4p.dlr). A draw that can
come out only one way is entered by the service, not typed; tabletop-4p-typed-forced-draws.dlr is the same
table recorded before that, when the recorder typed those too: it must still import.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cli.record import record_loop
from domain.games.dungeon_lords.record_format import export, rebuild
from domain.games.dungeon_lords.strategies import STRATEGIES
from domain.service.application import GameService
from domain.service.storage import store_env

GOLDEN = Path(__file__).parent.parent.parent / "golden" / "tabletop-4p.dlr"
SEATS = ["tunneller", "monster_keeper", "evil", "room_builder"]


def scripted_table(app, game, seed):
    """The person at the table: reads what the loop waits for and types the answer."""
    rng = random.Random(seed)
    bots = dict(zip(["red", "blue", "green", "yellow"], SEATS))
    typed = []

    def ask(prompt):
        p = app.pending(game)
        if not p.actors:
            return "quit"
        if p.is_chance:  # what physically came up (and was seen)
            line = ",".join(rng.sample([c for c in p.chance.pool if c != "?"], p.chance.count))
        else:  # the first actor's decision, by number
            actor = p.actors[0]
            options = p.options(actor)
            choice = STRATEGIES[bots[actor]](app.state(game), p, actor, rng)
            line = str(options.index(choice) + 1)
        typed.append(line)
        return line

    return ask, typed


def test_a_recorded_tabletop_game_exports_imports_and_matches_its_golden_record():
    app = GameService(env=store_env("memory"))
    game = app.create_game(["Ann", "Bob", "Cid", "Dee"], mode="tabletop")
    ask, typed = scripted_table(app, game, seed=2026)
    stored = record_loop(app, game, ask)
    log = app.log(game)
    assert app.pending(game).kind == "game_over" and stored == len(typed)  # every typed line was stored
    assert log[0].mode == "tabletop" and app.state(game).scores
    text = export(log)
    rebuilt, _ = rebuild(text)
    assert [e.to_json() for e in rebuilt] == [e.to_json() for e in log]
    assert text == GOLDEN.read_text()  # the golden record (see the module docstring)


@pytest.mark.parametrize("golden", [GOLDEN, GOLDEN.with_name("tabletop-4p-typed-forced-draws.dlr")])
def test_the_golden_tabletop_record_replays(golden):
    log, state = rebuild(golden.read_text())
    assert state.phase == "over" and len(state.players) == 4
    assert sum(1 for s in state.scores if s["winner"]) >= 1
    assert export(log) == golden.read_text()


def test_face_down_cards_are_recorded_when_they_become_known():
    # At a real table the Combat Cards lie face down (Rulebook › Setup): a tabletop game records each one
    # when it is spied on (Improve Reputation) or revealed (Revealing Combat Card Phase), and refuses a
    # card that cannot be there.
    import pytest

    from domain.games.dungeon_lords.commands import ImproveReputation, RecordDraw
    from domain.games.dungeon_lords.engine import execute, new_game, pending
    from domain.games.dungeon_lords.errors import RuleViolation

    events, state = new_game(["Ann", "Bob"], mode="tabletop", variant="full")
    assert state.board.combat_cards == [""] * 4 and state.board.special_events == {"1": [""], "2": [""]}
    assert not [e for e in events if e.type in ("CombatCardsDealt", "SpecialEventsDrawn")]
    rng = random.Random(1)
    spied = None
    for _ in range(400):
        p = pending(state)
        if p.kind == "action" and p.detail["action"] == "improve_reputation" and p.detail["space"] in ("I", "III"):
            spy = ImproveReputation(player=p.actors[0], spy=2)
            if spy in p.options(p.actors[0]):
                _, state = execute(state, spy)
                p = pending(state)
                assert p.is_chance and p.chance.what == "combat_cards" and len(p.chance.pool) == 9
                with pytest.raises(RuleViolation) as refused:
                    execute(state, RecordDraw(cards=["aura_of_fear"]))  # a second-Year card
                assert refused.value.code == "DRAW_IMPOSSIBLE"
                _, state = execute(state, RecordDraw(cards=["magic_shield"]))
                spied = spy.player
                break
        cmd = (
            RecordDraw(cards=rng.sample(p.chance.pool, p.chance.count))
            if p.is_chance
            else rng.choice(p.options(p.actors[0]))
        )
        _, state = execute(state, cmd)
    assert spied and state.board.combat_cards[1] == "magic_shield"
    assert state.player(spied).spied == {"2": "magic_shield"}


def test_a_trap_card_drawn_unseen_is_identified_when_sprung():
    # The recorder often does not see which Trap Card a player drew: it is entered as "?" and named
    # when the trap is sprung in Combat; the name must be a card that can still be unaccounted for.
    import pytest

    from domain.games.dungeon_lords.commands import RecordDraw
    from domain.games.dungeon_lords.engine import execute, new_game, pending
    from domain.games.dungeon_lords.errors import RuleViolation

    events, state = new_game(["Ann", "Bob"], mode="tabletop", variant="first_game")
    log = list(events)
    bots = {"red": STRATEGIES["evil"], "blue": STRATEGIES["evil"]}  # they buy and use traps
    rng = random.Random(0)
    identified = None
    for _ in range(3000):
        p = pending(state)
        if not p.actors:
            break
        if p.is_chance and p.prompt.startswith("Identify"):
            placeholder = state.battle.traps[0]
            assert placeholder.startswith("unseen_trap#")
            held = [t for q in state.players for t in q.traps if not t.startswith("unseen_trap#")]
            for card in held[:1] + state.board.trap_discard[:1]:  # in a hand, or discarded
                with pytest.raises(RuleViolation) as refused:
                    execute(state, RecordDraw(cards=[card]))
                assert refused.value.code == "DRAW_IMPOSSIBLE"
            card = p.chance.pool[0]
            more, state = execute(state, RecordDraw(cards=[card]))
            log += more
            assert more[0].type == "FaceDownCardSeen" and more[0].card == card
            assert more[1].type == "TrapSprung" and more[1].trap == card
            assert card not in state.board.trap_deck and placeholder not in state.board.unseen_traps
            identified = card
            continue
        elif p.is_chance and "?" in p.chance.pool:
            cmd = RecordDraw(cards=["?"] * p.chance.count)  # drawn, not seen
        elif p.is_chance:
            cmd = RecordDraw(cards=rng.sample(p.chance.pool, p.chance.count))
        else:
            cmd = bots[p.actors[0]](state, p, p.actors[0], rng)
        more, state = execute(state, cmd)
        log += more
    assert identified and state.phase == "over"
    drawn = [e for e in log if e.type == "TrapCardsDrawn" and "?" in e.cards]
    assert drawn
    # the record keeps "?" draws and the identification, and rebuilds event for event
    text = export(log)
    assert "draw ?" in text
    rebuilt, again = rebuild(text)
    assert [e.to_json() for e in rebuilt] == [e.to_json() for e in log]
