"""The conformance suite: what every registered game must do, run for each entry of ``domain.games.GAMES``.

Random playouts from set-up to the end, in every variant, at every player count and in both modes (the engine draws, or
a recorder enters each draw), checking at every input point that
- the decision is one the game documents (kind, commands, detail: ``GamePackage.decisions``);
- every option the game offers is accepted, and a refused command (out of turn, malformed) raises
  RuleViolation and changes nothing;
- a player's view only hides: same shape as the whole state, every value equal or HIDDEN, and the
  seed of a digital game in progress hidden from everyone;
and at the end that replay equals the live state, the invariants hold after every event, the
game's record exports and imports back to the same game, and the game stayed within the bounds its
``GameInfo`` declares (inputs, players, each seat's final score).
"""

from __future__ import annotations

import json
import random

import pytest

from domain.games import GAMES
from domain.kernel import HIDDEN, GamePackage, RuleViolation, redaction_problems

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]


def _cases() -> list[tuple[str, str, int, str, int]]:
    out = []
    for name, game in sorted(GAMES.items()):
        for variant in game.info.variants:
            for players in range(game.info.min_players, game.info.max_players + 1):
                for mode in ("digital", "tabletop"):
                    out.append((name, variant, players, mode, players * 7 + len(mode) + len(variant)))
    return out


def _json(game: GamePackage, state) -> str:
    return json.dumps(game.to_dict(state), sort_keys=True)


def _refusals_change_nothing(game: GamePackage, state, chosen, actors: list[str], players: list[str]) -> None:
    before = _json(game, state)
    outsider = next((c for c in players if c not in actors), None)
    if outsider is not None and getattr(chosen, "player", None) is not None:
        with pytest.raises(RuleViolation):
            game.engine.execute(state, chosen.model_copy(update={"player": outsider}))
    with pytest.raises(RuleViolation) as exc:
        game.engine.execute(state, {"type": "no_such_command"})
    assert exc.value.code and exc.value.message and exc.value.rule
    assert _json(game, state) == before, "a refused command changed the state"


def _views_only_hide(game: GamePackage, state, players: list[str], over: bool) -> None:
    full = game.view(state, None)
    for player in players:
        seen = game.view(state, player)
        assert redaction_problems(full, seen) == [], f"{player}'s view"
        if state.mode == "digital" and not over:
            assert seen.get("seed") in (None, HIDDEN), "the seed predicts every draw"
    if state.mode == "digital" and not over:
        assert full.get("seed") in (None, HIDDEN)


def _documented(game: GamePackage, p) -> None:
    """Every decision the game waits for is one its documentation lists, with those commands and details."""
    spec = game.decisions.get(p.kind)
    assert spec is not None, f"decision {p.kind!r} is not documented"
    accepted = {c.model_fields["type"].default for c in p.accepts}
    assert accepted <= set(spec.commands), f"{p.kind}: accepts {accepted - set(spec.commands)} undocumented"
    assert set(p.detail) <= set(spec.detail), f"{p.kind}: detail {set(p.detail) - set(spec.detail)} undocumented"


@pytest.mark.parametrize(("name", "variant", "players", "mode", "seed"), _cases())
def test_a_random_playout_keeps_every_promise(name: str, variant: str, players: int, mode: str, seed: int) -> None:
    game = GAMES[name]
    engine = game.engine
    rng = random.Random(seed)
    log, state = game.new_game(NAMES[:players], seed=seed, mode=mode, variant=variant)
    colours = game.seats(state)
    for step in range(game.info.max_inputs + 1):  # a game that does not end within its bound fails
        p = engine.pending(state)
        _documented(game, p)
        if not p.actors:
            break
        if p.is_chance:  # a recorder enters what came up (the RNG stands in for the table)
            command = engine.random_draw(state, p)
        else:
            offered = {a: p.options(a) for a in p.actors}
            assert any(offered.values()), f"the game waits for {p.actors} but offers nothing: {p.prompt}"
            actor = rng.choice([a for a, o in offered.items() if o])
            command = rng.choice(offered[actor])
            if step % 7 == 0:
                _refusals_change_nothing(game, state, command, p.actors, colours)
        if step % 25 == 0:
            _views_only_hide(game, state, colours, over=False)
        events, state = engine.execute(state, command)  # every offered option is accepted
        assert events, "an accepted input appends at least its own event"
        log += events
    else:
        pytest.fail(f"no end after {game.info.max_inputs} inputs (GameInfo.max_inputs)")
    _views_only_hide(game, state, colours, over=True)

    assert _json(game, engine.replay(log)) == _json(game, state)  # replay equals live
    folded = None
    for n, e in enumerate(log, 1):
        folded = game.rules.evolve(folded, e)
        assert game.problems(folded) == [], f"after event {n} ({e.type})"

    rebuilt, final = game.rebuild(game.export(log))  # the record round-trips through the rules
    assert [e.type for e in rebuilt] == [e.type for e in log]
    assert _json(game, final) == _json(game, state)
    _scores_within_bounds(game, log, players)


def _scores_within_bounds(game: GamePackage, log: list, players: int) -> None:
    """The final scores, where ``GameInfo.scores`` says they are: one row per seat, each within the bounds."""
    event_type, rows, key = game.info.scores
    [scored] = [e for e in log if e.type == event_type]
    table = getattr(scored, rows)
    assert len(table) == players
    finals = table.values() if isinstance(table, dict) else [row[key] for row in table]  # {seat: score}, or rows
    for score in finals:
        assert game.info.min_score <= score <= game.info.max_score, f"{score} outside the declared bounds"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_declares_its_bounds(name: str) -> None:
    info = GAMES[name].info
    assert 1 <= info.min_players <= info.max_players
    assert info.max_inputs > 0, "GameInfo.max_inputs: the most inputs a game takes (justified where declared)"
    assert info.min_score < info.max_score
    event_type, rows, key = info.scores
    assert event_type in GAMES[name].events and rows in GAMES[name].events[event_type].field_names(), info.scores


@pytest.mark.parametrize("name", sorted(GAMES))
def test_set_up_refuses_a_player_count_outside_the_declared_bounds(name: str) -> None:
    game = GAMES[name]
    for players in (game.info.min_players - 1, game.info.max_players + 1):
        with pytest.raises(RuleViolation):
            game.new_game(NAMES[:players], seed=1, variant=game.info.variants[0])
