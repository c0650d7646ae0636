"""Components as people say them (issue "game service": names in every interface): a draw typed by the
printed name, any case, by an unambiguous prefix, identical copies interchangeable, a did-you-mean for a
typo; a season's three monsters in at most 20 keystrokes."""

from __future__ import annotations

import json
import random

import pytest
from clirun import run, runner_input

from domain.games.dungeon_lords import GAME
from domain.games.dungeon_lords.phases.common import name_of
from domain.service.names import NameUnknown, base, resolve_draw, split_draw


def _at_monster_draw():
    """A 3-player tabletop game driven (randomly) to its first draw of monsters."""
    _, s = GAME.new_game(["Ann", "Bob", "Cat"], mode="tabletop")
    rng = random.Random(1)
    while (p := GAME.engine.pending(s)).chance is None or p.chance.what != "monsters":
        command = GAME.engine.random_draw(s, p) if p.is_chance else rng.choice(p.options(p.actors[0]))
        _, s = GAME.engine.execute(s, command)
    return s, p


def test_printed_names_any_case_and_copies_take_the_first_copy_still_possible() -> None:
    s, p = _at_monster_draw()
    names = sorted({name_of(s, c) for c in p.chance.pool})
    first = names[0]
    typed = [first.upper(), first.lower(), names[1]]
    cards = resolve_draw(typed, p.chance.pool, lambda c: name_of(s, c))
    assert [name_of(s, c) for c in cards] == [first, first, names[1]]
    assert cards[0] != cards[1] and base(cards[0]) == base(cards[1])  # two copies of one kind
    assert p.chance.problem(cards) is None


def test_a_prefix_a_typo_and_an_ambiguous_prefix() -> None:
    s, p = _at_monster_draw()
    pool = p.chance.pool
    name = sorted({name_of(s, c) for c in pool})[0]
    assert name_of(s, resolve_draw([name[:3]], pool, lambda c: name_of(s, c))[0]) == name  # unambiguous here
    typo = name[0] + name[2] + name[1] + name[3:]  # two letters swapped
    with pytest.raises(NameUnknown) as exc:
        resolve_draw([typo], pool, lambda c: name_of(s, c))
    assert f"did you mean {name.lower()}" in str(exc.value)
    with pytest.raises(NameUnknown) as exc:
        resolve_draw(["g"], ["ghost_y1#1", "goblin_y1#1"], lambda c: {"ghost_y1": "Ghost"}.get(base(c), "Goblin"))
    assert "could be any of Ghost, Goblin" in str(exc.value)
    assert split_draw("troll ghost witch") == ["troll", "ghost", "witch"]
    assert split_draw("Chicken Coop, Mint") == ["Chicken Coop", "Mint"]


def test_the_cli_takes_a_seasons_monsters_by_name_in_at_most_20_keystrokes(tmp_path) -> None:
    store = str(tmp_path / "games.sqlite")
    gid = run("new", "--players", "3", "--mode", "tabletop", "--store", store).output.strip().splitlines()[-1]
    rng = random.Random(1)
    while True:
        p = json.loads(run("options", gid, "--json", "--store", store).output)
        if "chance" in p and p["chance"]["what"] == "monsters":
            break
        if "chance" in p:
            pool = p["chance"]["pool"]
            run("act", gid, "--draw", ",".join(rng.sample(pool, p["chance"]["count"])), "--store", store)
        else:
            actor = p["actors"][0]
            run("act", gid, "--json", json.dumps(rng.choice(p["options"][actor])), "--store", store)
    state = GAME.from_dict(json.loads(run("status", gid, "--json", "--store", store).output))
    kinds = sorted({name_of(state, c).lower() for c in p["chance"]["pool"]})
    typed = " ".join(kinds[:3])
    assert len(typed) <= 20
    out = run("act", gid, "--draw", typed, "--store", store).output
    assert "Underground Tavern: " + ", ".join(k.title() for k in kinds[:3]) in out
    bad = run("act", gid, "--draw", "zzz", "--store", store, ok=False)
    assert bad.exit_code == 4 and "DRAW_IMPOSSIBLE" in bad.output and "cannot come up" in bad.output


def test_the_record_loop_takes_names_too(tmp_path) -> None:
    store = str(tmp_path / "games.sqlite")
    gid = run("new", "--players", "3", "--mode", "tabletop", "--store", store).output.strip().splitlines()[-1]
    out = runner_input(["record", gid, "--store", store], "Mine Gold, Dig Tunnels\nquit\n")
    assert "refused" not in out and "draw 2 of: build_room" in out


def test_names_of_several_words_are_told_apart_without_commas() -> None:
    from domain.service.names import group_words

    names = {"kamikaze imp", "pendulum", "poisoned dart"}
    assert group_words("Kamikaze Imp pendulum".split(), names) == ["Kamikaze Imp", "pendulum"]
    assert group_words("poisoned dart kamikaze".split(), names) == ["poisoned dart", "kamikaze"]


def test_a_draw_that_can_come_out_one_way_only_is_entered_by_the_service() -> None:
    """The last cards of a pile, or copies of one kind only: the recorder never types them. The golden
    table (tests/golden/tabletop-3p.dlr) has six; entering only the others gives the same game."""
    from pathlib import Path

    from domain.service.application import GameService
    from domain.service.names import only_outcome
    from domain.service.storage import store_env

    assert only_outcome(["troll#2", "witch#1", "witch#2"], 3) == ["troll#2", "witch#1", "witch#2"]
    assert only_outcome(["witch#2", "witch#1", "witch#3"], 2) == ["witch#1", "witch#2"]  # copies of one kind
    assert only_outcome(["troll#1", "witch#1", "witch#2"], 2) is None
    assert only_outcome(["h6-10", "h6-10"], 1) == ["h6-10"] and only_outcome([], 1) is None

    golden = (Path(__file__).parent.parent / "golden" / "tabletop-3p.dlr").read_text()
    app = GameService(env=store_env("memory"))
    gid = app.create_game(["Ann", "Bob", "Cid"], mode="tabletop", variant="first_game")
    _, table = GAME.new_game(["Ann", "Bob", "Cid"], mode="tabletop", variant="first_game")  # the game as it goes
    skipped = 0
    for line in golden.splitlines():
        word, _, rest = line.partition(" ")
        if word not in ("draw", "red", "blue", "green"):
            continue
        if word == "draw":
            command = GAME.rules.draw_command(rest.split(","))
            p = GAME.engine.pending(table)
            if only_outcome(p.chance.pool, p.chance.count) == rest.split(","):  # the service entered it already
                skipped += 1
                _, table = GAME.engine.execute(table, command)
                continue
        else:
            kind, data = rest.split(" ", 1)
            command = GAME.parse_command({"type": kind, "player": word, **json.loads(data)})
        app.execute(gid, command)
        _, table = GAME.engine.execute(table, command)
    assert skipped == 6 and GAME.export(app.log(gid)) == golden and app.state(gid).version == table.version


def test_a_line_of_orders_as_names_prefixes_or_numbers(tmp_path) -> None:
    """`orders GAME red mine dig 3`: names, prefixes and numbers in the hand as `options` lists it."""
    store = str(tmp_path / "games.sqlite")
    gid = run("--init", "new", "--players", "3", "--seed", "5", "--store", store).output.strip().splitlines()[-1]
    listed = run("options", gid, "--store", store).output
    hand = [w.split(" ", 1)[1] for w in listed.split("red: choose 3 of ", 1)[1].splitlines()[0].split(", ")]
    assert len(hand) >= 3
    typed = [hand[0].split("_")[0], hand[1].replace("_", " ").upper(), "3"]  # a prefix, a name, a number
    assert len(" ".join(typed)) <= 30
    run("orders", gid, "red", *typed, "--store", store)
    state = json.loads(run("status", gid, "--json", "--store", store).output)
    assert state["players"][0]["orders"] == hand[:3]
    bad = run("orders", gid, "blue", "9", "mine", "dig", "--store", store, ok=False)
    assert bad.exit_code == 2 and "COMMAND_MALFORMED" in bad.output and "choose from: 1 " in bad.output
    unknown = run("orders", gid, "blue", "teleport", "mine", "dig", "--store", store, ok=False)
    assert unknown.exit_code == 4 and "ORDER_NOT_IN_HAND" in unknown.output  # the rules' own refusal


def _at_draw(what: str):
    """A 3-player tabletop game driven (randomly) to its first draw of ``what``."""
    _, s = GAME.new_game(["Ann", "Bob", "Cat"], mode="tabletop")
    rng = random.Random(1)
    while (p := GAME.engine.pending(s)).chance is None or p.chance.what != what:
        command = GAME.engine.random_draw(s, p) if p.is_chance else rng.choice(p.options(p.actors[0]))
        _, s = GAME.engine.execute(s, command)
    return s, p


def test_adventurers_are_typed_as_their_tiles_read_class_and_hit_points() -> None:
    """Issue #30: `warrior 3` (or `Warrior 3hp`); a class and hit points two tiles share with different
    skills asks for the skill; the two Year-1 `warrior 4` tiles, which no rule tells apart, are copies."""
    from domain.service.names import draw_command

    s, p = _at_draw("adventurers")
    draw = lambda text: draw_command(GAME, s, text).cards  # noqa: E731
    assert draw("warrior 3hp, Warrior 5 HP, priest 4 heal 1") == ["warrior_y1_a", "warrior_y1_d", "priest_y1_c"]
    assert draw("warrior 4 warrior 4 thief 3 disarm 2") == ["warrior_y1_b", "warrior_y1_c", "thief_y1_b"]
    with pytest.raises(Exception, match="priest 3 heal 1, priest 3 heal 2: type more"):
        draw("priest 3, warrior 3, warrior 5")
    with pytest.raises(Exception, match="warrior 4 is typed 3 times, but only 2 can come up"):
        draw("warrior 4, warrior 4, warrior 4")
    assert {name_of(s, c) for c in p.chance.pool} >= {"warrior 3", "priest 3 heal 1", "wizard 4 magic 2"}


def test_a_component_already_drawn_is_refused_with_that_reason() -> None:
    from domain.service.names import draw_command

    s, _ = _at_draw("adventurers")
    with pytest.raises(Exception, match="Mint cannot come up now: it was already drawn or is out of play") as refused:
        draw_command(GAME, s, "mint")
    assert "did you mean" not in str(refused.value)
