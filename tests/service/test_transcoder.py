"""The store encodes with orjson (``domain.service.transcoder``) and must write the very bytes eventsourcing's
``JSONTranscoder`` writes: every stored event and snapshot of whole games (golden records, simulated games of
each game and of Festival Season), and objects chosen to tell the two encoders apart."""

from __future__ import annotations

import dataclasses
import enum
import typing
from collections import namedtuple
from datetime import UTC, date, datetime, timedelta, timezone
from decimal import Decimal
from pathlib import Path
from typing import Any
from uuid import UUID, uuid4

import msgspec
import pydantic
import pytest
from eventsourcing.persistence import JSONTranscoder, Transcoder, Transcoding, TranscodingNotRegisteredError

from domain.games import GAMES
from domain.games.dungeon_lords.ruleset import RULESETS
from domain.service.aggregate import AGGREGATES
from domain.service.application import GameService
from domain.service.simulation import plans, run
from domain.service.storage import store_env
from domain.service.transcoder import OrjsonTranscoder

GOLDEN = Path(__file__).parent.parent / "golden"


class _Stock(JSONTranscoder):
    """Counts what ``OrjsonTranscoder`` hands to the stock encoder (it sits between the two in the MRO)."""

    handed_back = 0

    def encode(self, obj: Any) -> bytes:
        self.handed_back += 1
        return super().encode(obj)


class _Checked(OrjsonTranscoder, _Stock):
    """Encodes with orjson and asserts, for every object, the bytes of a stock ``JSONTranscoder``."""

    def __init__(self) -> None:
        super().__init__()
        self.stock = JSONTranscoder()
        self.encoded = 0

    def register(self, transcoding: Transcoding) -> None:
        super().register(transcoding)
        self.stock.register(transcoding)

    def encode(self, obj: Any) -> bytes:
        out = super().encode(obj)
        assert out == self.stock.encode(obj), obj
        self.encoded += 1
        return out


class _CheckedApp(GameService):
    def construct_transcoder(self) -> Transcoder:
        transcoder = _Checked()
        self.register_transcodings(transcoder)
        return transcoder


def _checked_app() -> tuple[_CheckedApp, _Checked]:
    app = _CheckedApp(env=store_env("memory"))
    transcoder = app.mapper.transcoder
    assert isinstance(transcoder, _Checked)
    return app, transcoder


def test_the_application_encodes_with_orjson_unless_the_environment_names_a_transcoder() -> None:
    assert type(GameService(env=store_env("memory")).mapper.transcoder) is OrjsonTranscoder
    env = {**store_env("memory"), "TRANSCODER_TOPIC": "eventsourcing.persistence:JSONTranscoder"}
    assert type(GameService(env=env).mapper.transcoder) is JSONTranscoder


@pytest.mark.parametrize(
    "record", sorted(p.name for p in GOLDEN.glob("*.dlr")) + sorted(p.name for p in GOLDEN.glob("*.mir"))
)
def test_orjson_writes_the_stock_bytes_for_every_event_and_snapshot_of_a_golden_record(record: str) -> None:
    app, transcoder = _checked_app()
    gid = app.import_record((GOLDEN / record).read_text(), allow_unfinished=True)
    events = len(app.stored(gid))
    assert transcoder.encoded >= events  # every event (and a snapshot every 100) went through the check
    assert transcoder.handed_back == 0  # ... and every one took orjson's path


@pytest.mark.parametrize(
    "game, modules",
    [("dungeon_lords", ()), ("dungeon_lords", RULESETS["festival"]), ("monster_inn", ())],
    ids=["dungeon-lords", "festival-season", "monster-inn"],
)
def test_orjson_writes_the_stock_bytes_for_simulated_games_and_their_head_snapshots(game: str, modules: tuple) -> None:
    app, transcoder = _checked_app()
    todo = plans(3, seed=5, game=game, modules=modules)
    games = [
        app.create_from_events(log, final_state=final, game=game) for log, final in run(todo, workers=1, as_json=True)
    ]
    events = sum(len(app.stored(g)) for g in games)
    assert app.snapshots is not None
    snapshots = sum(1 for g in games if list(app.snapshots.get(g)))
    assert snapshots == 3 and transcoder.encoded == events + snapshots
    assert transcoder.handed_back == 0  # every one by orjson


class _Point:
    """A type of our own with a transcoding whose output holds more transcoded objects."""

    def __init__(self, at: datetime, owner: UUID, label: str) -> None:
        self.at, self.owner, self.label = at, owner, label


class _PointAsDict(Transcoding):
    type = _Point
    name = "point"

    def encode(self, obj: _Point) -> dict[str, Any]:
        return {"at": obj.at, "owner": obj.owner, "label": obj.label, "more": [obj.at.date()]}

    def decode(self, data: dict[str, Any]) -> _Point:
        return _Point(data["at"], data["owner"], data["label"])


class _DateAsISO(Transcoding):
    type = date
    name = "date_iso"

    def encode(self, obj: date) -> str:
        return obj.isoformat()

    def decode(self, data: str) -> date:
        return date.fromisoformat(data)


class _Str(str):
    pass


class _Int(int):
    pass


class _Dict(dict):  # type: ignore[type-arg]
    def items(self):  # type: ignore[no-untyped-def]  # json may call it; orjson would not
        return reversed(list(super().items()))


class _List(list):  # type: ignore[type-arg]
    chains: list[str] = []


class _Colour(enum.StrEnum):
    RED = "red"


class _Rank(enum.IntEnum):
    ONE = 1


_Pair = namedtuple("_Pair", "a b")


def _nested(depth: int) -> Any:
    value: Any = "bottom"
    for _ in range(depth):
        value = [value]
    return value


_WHEN = datetime(2026, 11, 26, 5, 49, 0, 123456, tzinfo=UTC)
_ID = UUID("a895295f-ceeb-4fc1-9171-1fbb6e775f5b")

SAME_BYTES: list[Any] = [
    {"timestamp": _WHEN, "data": {"color": "red", "cards": ["mine_gold", "get_food"]}, "chain": "e9" * 32},
    {
        "at": _WHEN.replace(microsecond=0),
        "naive": datetime(2026, 1, 2, 3, 4, 5),
        "east": _WHEN.astimezone(timezone(timedelta(hours=5, minutes=30))),
    },
    {"id": _ID, "ids": [uuid4(), uuid4()], "nested": {"deeper": [{"id": _ID}]}},
    {"id_text": str(_ID), "hex": _ID.hex, "dashes": "a-bcde-f", "date": "2026-11-26"},
    {
        "text": "Zuzana’s dungeon — čšř ÄÖÜ ß 漢字 😀",
        "controls": "\x00\x01\x1f\x7f\b\f\n\r\t",
        "quotes": '"\\/',
        "separators": "\u2028\u2029",
    },
    {
        "point": _Point(_WHEN, _ID, "the Troll’s lair"),
        "points": [_Point(_WHEN, uuid4(), "")],
        "day": date(2026, 11, 26),
    },
    {"floats": [1.5, -0.0, 0.1, 123456789.125, 1e15]},  # written alike
    {"orjson writes 0.00001": 1e-5},  # where json writes 1e-05
    {"orjson writes 1e-7": [1e-7]},  # 1e-07
    {"orjson writes 1e+16": {"x": 1e16}},  # 1e16
    {"extremes": [1.7976931348623157e308, 5e-324, -4.6970505375028676e-05]},
    {"nan": float("nan")},
    {"inf": float("inf"), "none": None},
    {"minus_inf": [None, -float("inf")]},
    {"float_key": {"1.5": 2}, "text": "1.5,", "more": "e+16}"},  # look like floats: the stock encoder writes them
    {"big": 2**70, "small": -(2**63), "edge": 2**63 - 1, "bools": [True, False, None]},
    {"int_keys": {1: "a", 2: "b"}, "bool_key": {True: 1}, "none_key": {None: 0}},
    {"tuple": (1, 2, (3, "x")), "named": _Pair(1, "b"), "empty": ((), [], {})},
    {"str": _Str("sub"), "int": _Int(7), "dict": _Dict(a=1, b=2), "list": _List([1, 2])},
    {"enums": [_Colour.RED, _Rank.ONE], "enum_key": {_Colour.RED: 1}},
    {"decimal": Decimal("1.10")},
    {"deep": _nested(100), "very_deep": _nested(300)},  # past orjson's nesting limit: the stock encoder writes it
    {},
]


def _pair() -> tuple[JSONTranscoder, OrjsonTranscoder]:
    stock, fast = JSONTranscoder(), OrjsonTranscoder()
    app = GameService(env=store_env("memory"))
    for t in (stock, fast):
        app.register_transcodings(t)
        t.register(_PointAsDict())
        t.register(_DateAsISO())
    return stock, fast


@pytest.mark.parametrize("obj", SAME_BYTES, ids=[str(i) for i in range(len(SAME_BYTES))])
def test_orjson_writes_the_stock_bytes_for_objects_that_tell_the_encoders_apart(obj: Any) -> None:
    stock, fast = _pair()
    assert fast.encode(obj) == stock.encode(obj)


def test_whole_snapshots_with_transcoded_states_inside_are_the_same_bytes() -> None:
    stock, fast = _pair()
    (log, final), *_ = run(plans(1, players=4, seed=3), workers=1, as_json=True)
    states = {"state": final, "at": _WHEN, "also": [final], "point": _Point(_WHEN, _ID, "x")}
    assert fast.encode(states) == stock.encode(states)
    assert fast.encode({"top": states}) == stock.encode({"top": states})


@pytest.mark.parametrize(
    "obj, error",
    [
        ({"unregistered": object()}, TranscodingNotRegisteredError),
        ({"lone surrogate": "\ud800"}, UnicodeEncodeError),
        ({"bytes": b"x"}, TranscodingNotRegisteredError),
        ({"set": {1, 2}}, TranscodingNotRegisteredError),
    ],
)
def test_what_the_stock_encoder_refuses_is_refused_the_same_way(obj: Any, error: type[Exception]) -> None:
    stock, fast = _pair()
    with pytest.raises(error):
        stock.encode(obj)
    with pytest.raises(error):
        fast.encode(obj)


def test_a_circular_structure_is_refused_as_the_stock_encoder_refuses_it() -> None:
    stock, fast = _pair()
    loop: dict[str, Any] = {}
    loop["self"] = loop
    with pytest.raises(ValueError, match="Circular"):
        stock.encode(loop)
    with pytest.raises(ValueError, match="Circular"):
        fast.encode(loop)


def test_not_a_dict_is_the_stock_encoders_business() -> None:
    stock, fast = _pair()
    for obj in (["a", 1.5], "text", 1e-7, float("nan"), _ID, _WHEN, None):
        assert fast.encode(obj) == stock.encode(obj)


def test_no_stored_field_is_an_enum() -> None:
    """orjson writes an enum member (its value) where the stock encoder cannot (a plain ``Enum``) or could
    differ (a mixed-in enum whose value is not its text): no event field or game state holds one."""
    found = [where for where, kind in _field_types() if isinstance(kind, type) and issubclass(kind, enum.Enum)]
    assert found == []


def _field_types() -> list[tuple[str, Any]]:
    """(where, type) for every type named in a field of a stored event or state, of every game, recursively."""
    out: list[tuple[str, Any]] = []
    seen: set[Any] = set()

    def walk(where: str, kind: Any) -> None:
        if _hashable(kind):
            if kind in seen:
                return
            seen.add(kind)
        out.append((where, kind))
        for arg in typing.get_args(kind):
            walk(where, arg)
        if isinstance(kind, type) and issubclass(kind, pydantic.BaseModel):
            for name, info in kind.model_fields.items():
                walk(f"{kind.__name__}.{name}", info.annotation)
        elif isinstance(kind, type) and issubclass(kind, msgspec.Struct):  # the events (and their Seat)
            for f in msgspec.structs.fields(kind):
                walk(f"{kind.__name__}.{f.name}", f.type)
        elif isinstance(kind, type) and dataclasses.is_dataclass(kind):
            for name, hint in typing.get_type_hints(kind).items():
                walk(f"{kind.__name__}.{name}", hint)

    for name, package in GAMES.items():
        walk(f"{name} state", package.state_type)
        for event in package.events.values():
            walk(f"{name} event", event)
    assert {a.package.info.name for a in AGGREGATES.values()} <= set(GAMES)
    return out


def _hashable(kind: Any) -> bool:
    try:
        hash(kind)
    except TypeError:
        return False
    return True
