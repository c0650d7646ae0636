"""Upcasts of the kernel's events: how stored events of an older schema version are read (see
:mod:`domain.service.aggregate`, which sets them on every game's aggregate carrying the event; a game's
own events are upcast by its package's ``upcasts``).

Each function edits the stored payload of one version in place so that it validates as the next.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def _input_corrected_v1_v2(data: dict[str, Any]) -> None:
    # v1 carried the state re-derived after every later input and nothing followed it: supersede
    # from the corrected event on, and re-apply nothing (the state already holds the outcome).
    data["first"] = data["event"]
    data["superseded"] = data.pop("dropped", [])
    data.setdefault("kept", [])
    data.setdefault("divergence", "")
    data.setdefault("reapplied", 0)
    data["follows"] = False


#: (kernel event type, stored version) -> the function that edits its payload into the next version
KERNEL_UPCASTS: dict[tuple[str, int], Callable[[dict[str, Any]], None]] = {
    ("InputCorrected", 1): _input_corrected_v1_v2,
}
