"""``DecidedOptions``: the option taken is answered with the events decided while the options were listed,
and only for the very state they were listed for; anything else is decided by the rules."""

from __future__ import annotations

from dataclasses import dataclass

from domain.kernel.pending import DecidedOptions


@dataclass
class _State:
    version: int = 0


class _Cmd:
    def __init__(self, n: int) -> None:
        self.n = n


def _rules() -> tuple[list[int], object]:
    calls: list[int] = []

    def decide(state: _State, cmd: _Cmd) -> list[str]:
        calls.append(cmd.n)
        return [f"event {cmd.n} at version {state.version}"]

    return calls, decide


def test_the_option_taken_is_answered_with_the_events_decided_while_listing() -> None:
    calls, decide = _rules()
    state = _State()
    cmds = [_Cmd(1), _Cmd(2)]
    known = DecidedOptions(state, lambda: [(c, decide(state, c)) for c in cmds], decide)  # type: ignore[operator]
    assert known.options() == cmds
    assert calls == [1, 2]
    assert known.handle(state, cmds[1]) == ["event 2 at version 0"]
    assert calls == [1, 2]  # not decided again


def test_another_command_or_another_state_is_decided_anew() -> None:
    calls, decide = _rules()
    state = _State()
    listed = _Cmd(1)
    known = DecidedOptions(state, lambda: [(listed, decide(state, listed))], decide)  # type: ignore[operator]
    typed = _Cmd(1)  # the same command typed at the table: another object
    assert known.handle(state, typed) == ["event 1 at version 0"]  # options never listed: decided
    known.options()
    assert known.handle(state, typed) == ["event 1 at version 0"]
    state.version = 1  # the state changed in place since the options were listed
    assert known.handle(state, listed) == ["event 1 at version 1"]
    assert known.handle(_State(), listed) == ["event 1 at version 0"]
    assert calls == [1, 1, 1, 1, 1]  # the listing's own decision, and each of the four decided anew
