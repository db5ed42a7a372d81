"""Every command's arguments checked against its schema before the command runs.

A client may send anything in `workspace/executeCommand` (`mathlsp.verifyAll [123]`, an object
where a string belongs): each command declares its parameters once, here, and a call that does not
fit is answered with one clear message instead of an AttributeError deep inside the command.
Commands take positional arguments or one object with the same names: `[uri, id]` or `[{uri, id}]`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Param:
    name: str
    required: bool = False
    kind: type = str  # every parameter of ours is a string (a URI, an id, a query, a slug)


URI = Param("uri", required=True)
OPTIONAL_URI = Param("uri")
REF_ID = Param("id", required=True)

SCHEMAS: dict[str, tuple[Param, ...]] = {
    "mathlsp.verifyAll": (URI,),
    "mathlsp.verifyReference": (URI, REF_ID),
    "mathlsp.moveToUnconfirmed": (URI, REF_ID),
    "mathlsp.applySourceMetadata": (URI, REF_ID),
    "mathlsp.insertReference": (URI, Param("identifier", required=True)),
    "mathlsp.searchLiterature": (OPTIONAL_URI, Param("query")),
    "mathlsp.addSetAside": (URI, Param("paper", required=True)),
    "mathlsp.draftSynthesis": (OPTIONAL_URI,),
    "mathlsp.resume": (OPTIONAL_URI,),
    "mathlsp.copyBibtex": (URI, REF_ID),
    "mathlsp.verifyBib": (URI, Param("key")),
    "mathlsp.fixBibField": (URI, Param("key", required=True), Param("field", required=True)),
    # init explains a missing slug itself, with an example of one.
    "mathlsp.init": (Param("slug"), Param("title")),
    "mathlsp.newJournalEntry": (
        URI,
        Param("kind", required=True),
        Param("title"),
        Param("insight"),
        Param("outcome"),
        Param("strategy"),
        Param("tags"),
        Param("tried"),
        Param("reasoning"),
    ),
}


class ArgumentError(ValueError):
    """Arguments that do not fit the command's schema; the message says what was expected."""


def usage(command: str) -> str:
    params = SCHEMAS[command]
    shown = ", ".join(p.name if p.required else f"{p.name}?" for p in params)
    return f"{command} takes [{shown}] (strings), or one object with those keys"


def check_arguments(command: str, args: Sequence[Any]) -> dict[str, Any]:
    """The named arguments of a call of `command`, or ArgumentError when they do not fit."""
    params = SCHEMAS[command]
    if len(args) == 1 and isinstance(args[0], Mapping):
        given = dict(args[0])
        unknown = sorted(str(k) for k in given if k not in {p.name for p in params})
        if unknown:
            raise ArgumentError(f"unknown argument {', '.join(unknown)}: {usage(command)}")
    else:
        if len(args) > len(params):
            raise ArgumentError(f"{len(args)} arguments given: {usage(command)}")
        given = {p.name: value for p, value in zip(params, args, strict=False)}
    out: dict[str, Any] = {}
    for p in params:
        value = given.get(p.name)
        if value is None:
            if p.required:
                raise ArgumentError(f"`{p.name}` is missing: {usage(command)}")
            continue
        if not isinstance(value, p.kind) or isinstance(value, bool):
            raise ArgumentError(
                f"`{p.name}` must be a {p.kind.__name__}, not {type(value).__name__}: "
                f"{usage(command)}"
            )
        out[p.name] = value
    return out


def normalised(command: str, args: Sequence[Any]) -> tuple[dict[str, Any]]:
    """`args` checked and in the one-object form every command reads."""
    return (check_arguments(command, args),)


def checked(server: Any, command: str, args: Sequence[Any]) -> tuple[dict[str, Any]] | None:
    """`normalised`, telling the user once when the arguments do not fit (then None)."""
    try:
        return normalised(command, args)
    except ArgumentError as exc:
        from lsprotocol import types

        from mathlsp.features.edits import show

        show(server, f"mathlsp: {exc}", types.MessageType.Error)
        return None
