"""Events are frozen ``msgspec`` structs (``domain.kernel.events``), no longer pydantic models: the record is
unchanged. Every event of played games, golden records and stored games serialises to the bytes the pydantic
models gave (a pydantic twin of every event class, built here from the struct's own fields, is the
reference), reads back equal to the live event (a list stays a list, a square a tuple), is not changed after
the rules emit it (nothing the rules keep is shared with it), and bad stored JSON is still refused on read."""

from __future__ import annotations

import json
import shutil
import typing
from pathlib import Path
from typing import Any

import msgspec
import pydantic
import pytest

from domain.games import GAMES
from domain.kernel import play_until_blocked
from domain.kernel.events import Event

GOLDEN = Path(__file__).parent.parent / "golden"
FESTIVAL = ["five_seasons", "unique_opportunities", "festival", "pets", "bards", "paladin_pair"]
#: (game, players, bot, seed, options): bot games that between them raise most event types
GAMES_PLAYED = [
    ("dungeon_lords", 4, "random", 3, {"variant": "full"}),
    ("dungeon_lords", 2, "random", 5, {"variant": "full"}),
    ("dungeon_lords", 3, "balanced", 1, {"variant": "first_game"}),
    ("dungeon_lords", 4, "random", 2, {"modules": FESTIVAL}),
    ("dungeon_lords", 4, "balanced", 4, {"modules": FESTIVAL}),
    ("monster_inn", 4, "random", 1, {"variant": "standard"}),
    ("monster_inn", 5, "budgeted", 0, {"variant": "open_treasure"}),
]
RECORDS = sorted([*GOLDEN.glob("*.dlr"), *GOLDEN.glob("*.mir")])


def _dumps(data: Any) -> bytes:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()


_TWINS: dict[type, type[pydantic.BaseModel]] = {}


def _pydantic_type(tp: Any) -> Any:
    """``tp`` with every struct in it replaced by its pydantic twin (and msgspec's bounds by pydantic's)."""
    if isinstance(tp, type) and issubclass(tp, msgspec.Struct):
        return twin(tp)
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is typing.Annotated:
        meta = [pydantic.Field(ge=m.ge, le=m.le) for m in tp.__metadata__ if isinstance(m, msgspec.Meta)]
        return typing.Annotated[(_pydantic_type(args[0]), *meta)] if meta else _pydantic_type(args[0])
    if origin is None or not args:
        return tp
    if origin in (typing.Union, __import__("types").UnionType):
        return typing.Union[tuple(_pydantic_type(a) for a in args)]  # noqa: UP007
    return origin[tuple(_pydantic_type(a) for a in args)]


def twin(cls: type) -> type[pydantic.BaseModel]:
    """The pydantic model the struct ``cls`` was before (same fields, order, defaults; frozen, no extra)."""
    if cls not in _TWINS:
        hints = typing.get_type_hints(cls, include_extras=True)
        fields: dict[str, Any] = {}
        for f in msgspec.structs.fields(cls):
            default = f.default if f.default is not msgspec.NODEFAULT else ...
            if f.default_factory is not msgspec.NODEFAULT:
                default = pydantic.Field(default_factory=f.default_factory)
            fields[f.name] = (_pydantic_type(hints[f.name]), default)
        config = pydantic.ConfigDict(frozen=True, extra="forbid")
        _TWINS[cls] = pydantic.create_model(f"{cls.__name__}Twin", __config__=config, **fields)  # type: ignore[call-overload]
    return _TWINS[cls]


def _given(value: Any) -> Any:
    """The value as the rules gave it, a struct inside (a ``Seat``) as the dict its twin reads."""
    if isinstance(value, msgspec.Struct):
        return {k: _given(v) for k, v in msgspec.structs.asdict(value).items()}
    if isinstance(value, list | tuple):
        return type(value)(_given(v) for v in value)
    return value


def _check(e: Event, where: str) -> None:
    """``e`` serialises as its pydantic twin did, and reads back from its stored JSON as itself."""
    cls = type(e)
    data = e.payload()
    assert list(data) == list(cls.__struct_fields__), where
    # what pydantic made of the values the rules gave:
    built = twin(cls)(**{k: _given(v) for k, v in msgspec.structs.asdict(e).items()})
    assert _dumps(data) == _dumps(built.model_dump(mode="json")), f"{where}: {cls.__name__}"
    stored = json.loads(_dumps(data))  # the store's JSON, read back
    back = cls.from_payload(stored)
    assert back == e and repr(back) == repr(e), f"{where}: {cls.__name__} reads back otherwise"
    assert _dumps(back.payload()) == _dumps(stored), where
    assert e.to_json() == {"type": cls.__name__, **data}


def _play(game: str, players: int, bot: str, seed: int, options: dict[str, Any]) -> list[tuple[Event, bytes]]:
    """A finished bot game: every event with its bytes when the rules emitted it."""
    package = GAMES[game]
    events, state = package.new_game([f"p{k}" for k in range(players)], seed=seed, **options)
    emitted = [(e, _dumps(e.payload())) for e in events]
    bots = dict.fromkeys(package.seats(state), package.bots[bot])

    def keep(_state: Any, _command: Any, new: list[Any]) -> None:
        emitted.extend((e, _dumps(e.payload())) for e in new)

    _, _, waiting = play_until_blocked(package.engine, state, bots, seed=seed, max_commands=50_000, on_step=keep)
    assert not waiting.actors
    return emitted


@pytest.mark.parametrize(("game", "players", "bot", "seed", "options"), GAMES_PLAYED)
def test_played_events_serialise_as_pydantic_did_and_read_back_equal(game, players, bot, seed, options) -> None:
    emitted = _play(game, players, bot, seed, options)
    for n, (e, at_emission) in enumerate(emitted, 1):
        assert _dumps(e.payload()) == at_emission, f"event {n} ({e.type}) changed after it was emitted"
        _check(e, f"{game} event {n}")
    log = [GAMES[game].event_from_json(json.loads(_dumps(e.to_json()))) for e, _ in emitted]
    assert to_dict_of(game, GAMES[game].engine.replay(log)) == to_dict_of(
        game, GAMES[game].engine.replay([e for e, _ in emitted])
    )


def to_dict_of(game: str, state: Any) -> Any:
    return GAMES[game].to_dict(state)


@pytest.mark.parametrize("record", RECORDS, ids=lambda p: p.name)
def test_events_of_the_golden_records_serialise_as_pydantic_did(record: Path) -> None:
    package = GAMES["dungeon_lords" if record.suffix == ".dlr" else "monster_inn"]
    events, _ = package.rebuild(record.read_text())
    for n, e in enumerate(events, 1):
        _check(e, f"{record.name} event {n}")


@pytest.mark.parametrize("store", ["store-8e2e04d", "store-a940cd7"])
def test_stored_events_read_and_written_again_give_the_stored_json(tmp_path, store: str) -> None:
    """Every event of the golden stores (written by older commits, pydantic models then): read back and
    written again, its payload is the stored one byte for byte (fields added since read as their default)."""
    from domain.service.application import GameService

    path = tmp_path / "s.sqlite"
    shutil.copy(GOLDEN / f"{store}.sqlite", path)
    app = GameService.open(str(path))
    for gid in json.loads((GOLDEN / f"{store}.json").read_text()):
        package = app.game_of(gid)
        for version, kind, data, _ in app.stored(gid):
            e = package.events[kind].from_payload(data)
            again = e.payload()
            defaults = {f.name for f in msgspec.structs.fields(type(e)) if f.name not in data}
            assert _dumps({k: again[k] for k in data}) == _dumps(data), f"{store} {gid} event {version}"
            model_fields = twin(type(e)).model_fields
            assert all(again[k] == model_fields[k].get_default(call_default_factory=True) for k in defaults)
            _check(e, f"{store} event {version}")


def _sample(tp: Any, k: int) -> Any:
    """A value of the type ``tp`` (the ``k``-th of a few), as the rules would give it."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is typing.Annotated:
        return _sample(args[0], k)
    if origin in (typing.Union, __import__("types").UnionType):
        options = [a for a in args if a is not type(None)]
        return None if k == 0 and type(None) in args else _sample(options[k % len(options)], k)
    if isinstance(tp, type) and issubclass(tp, msgspec.Struct):
        hints = typing.get_type_hints(tp, include_extras=True)
        return tp(**{f: _sample(hints[f], k) for f in tp.__struct_fields__})
    if origin is list:
        return [_sample(args[0], k + j) for j in range(k + 1)]
    if origin is tuple:
        return tuple(_sample(a, k + j) for j, a in enumerate(args))
    if origin is dict:
        return {f"key{j}": _sample(args[1], k + j) for j in range(k + 1)}
    if tp is Any:
        return [{"nested": [1, "two", None, True]}, 2**40, "x"][k % 3]
    return {str: f"text{k}", int: 2**31 + k if k else 0, bool: bool(k)}[tp]


@pytest.mark.parametrize("game", ["dungeon_lords", "monster_inn"])
@pytest.mark.parametrize("k", [0, 1, 2])
def test_every_event_type_serialises_as_pydantic_did(game: str, k: int) -> None:
    """An instance of every event class (every field given a value of its type; optional ones None first)."""
    for name, cls in GAMES[game].events.items():
        hints = typing.get_type_hints(cls, include_extras=True)
        _check(cls(**{f: _sample(hints[f], k) for f in cls.__struct_fields__}), f"{game} {name} sample {k}")


# --- bad stored JSON is refused on read --------------------------------------------------------------
BAD = [
    ({"type": "PhaseBegan", "phase": "orders", "year": "1", "season": "spring"}, "year"),  # wrong type
    ({"type": "PhaseBegan", "phase": "orders", "year": True, "season": "spring"}, "year"),  # a bool is no int
    ({"type": "PhaseBegan", "phase": "orders", "year": 1.5, "season": "spring"}, "year"),
    ({"type": "PhaseBegan", "phase": "orders", "year": 1, "season": "spring", "extra": 1}, "extra"),  # unknown
    ({"type": "PhaseBegan", "phase": "orders", "season": "spring"}, "year"),  # missing
    ({"type": "TunnelDug", "color": "red", "square": [1, 2, 3]}, "square"),
    ({"type": "OrdersChosen", "color": "red", "orders": "abc"}, "orders"),
]


@pytest.mark.parametrize(("data", "field"), BAD)
def test_bad_stored_json_is_refused_with_a_value_error_naming_the_field(data, field) -> None:
    with pytest.raises(ValueError, match=field):
        GAMES["dungeon_lords"].event_from_json(data)
    with pytest.raises(pydantic.ValidationError):  # and the pydantic twin refused it as well
        twin(GAMES["dungeon_lords"].events[data["type"]]).model_validate(
            {k: v for k, v in data.items() if k != "type"}, strict=True
        )


@pytest.mark.parametrize("seed", [2**63, -1, 2**64])
def test_a_stored_seed_out_of_range_is_refused(seed: int) -> None:
    package = GAMES["dungeon_lords"]
    events, _ = package.new_game(["a", "b"], seed=7)
    good = events[0].to_json()
    assert package.event_from_json(good) == events[0]
    with pytest.raises(ValueError, match="seed"):
        package.event_from_json({**good, "seed": seed})


def test_an_event_of_another_type_or_none_is_refused() -> None:
    package = GAMES["dungeon_lords"]
    with pytest.raises(KeyError):
        package.event_from_json({"phase": "orders"})
    with pytest.raises(ValueError):  # the payload's "type" must be the class's own
        package.events["PhaseBegan"].from_payload({"type": "YearBegan", "year": 2, "starting_player": "red"})
