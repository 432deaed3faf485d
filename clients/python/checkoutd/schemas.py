"""The contract as data: ``Schemas/`` of checkoutd, for contract tests in a host.

The installed package carries a copy of ``Schemas/`` byte for byte (the OpenRPC
document that ``rpc.discover`` returns, the shared definitions, one schema per
method with its examples, and the schemas of the ``--catalog``/``--iin``/
``--rates``/``--card-brands`` files), so a host can check its own requests, fixtures and mocks
against the contract of the service it ships with::

    from checkoutd import schemas

    schemas.methods()                      # ('address.validate', 'card.format', …)
    schemas.document()["info"]["version"]  # the OpenRPC document: '0.1.0'
    schemas.method("mask.apply")["examples"][0]["params"]
    schemas.validate_params("mask.apply", {"value": "12", "mask": "{{99}}-{{99}}"})
    schemas.validate_result("mask.apply", {"value": "12-", "cursor": 3})
    schemas.validate_params("mask.apply", {"value": 12})   # raises jsonschema.ValidationError

Every function returns a new object, so changing it changes nothing here.
``params_schema()`` and ``result_schema()`` return a method's schemas as the
file has them: their ``$ref`` s are relative to the method document's ``$id``
(``method_id()``), and :func:`registry` holds every document by ``$id`` to
resolve them. The validators need the ``jsonschema`` package (``pip install
jsonschema``; the client itself needs nothing outside the standard library);
without it they raise ``ImportError`` saying so.
"""

from __future__ import annotations

import functools
import json
import threading
from pathlib import Path
from typing import Any, Dict, Tuple

__all__ = ["directory", "document", "definitions", "methods", "method", "method_id", "params_schema",
           "result_schema", "file_schema", "registry", "validator", "validate_params", "validate_result"]

#: The JSON Schema dialect of every file (restricted to keywords draft-07 tools understand).
DIALECT = "https://json-schema.org/draft/2020-12/schema"

_PACKAGED = Path(__file__).resolve().parent / "_schemas"


@functools.lru_cache(maxsize=None)
def directory() -> Path:
    """The folder of the schema files: the copy in the installed package, or,
    for the package used from a source checkout, the checkout's ``Schemas/``."""
    if (_PACKAGED / "openrpc.json").is_file():
        return _PACKAGED
    for parent in Path(__file__).resolve().parents:
        candidate = parent / "Schemas"
        if (candidate / "openrpc.json").is_file() and (candidate / "methods").is_dir():
            return candidate
    raise FileNotFoundError("checkoutd's schemas are not here: this package was installed without them "
                            "(install the wheel that scripts/package builds, or use it from the checkout)")


@functools.lru_cache(maxsize=None)
def _text(relative: str) -> str:
    return (directory() / relative).read_text(encoding="utf-8")


def _load(relative: str) -> Any:
    return json.loads(_text(relative))


def document() -> Dict[str, Any]:
    """The OpenRPC document (``openrpc.json``), as ``rpc.discover`` returns it."""
    return _load("openrpc.json")


def definitions() -> Dict[str, Any]:
    """The shared definitions (``definitions.json``: AmountOfMoney, Session, …)."""
    return _load("definitions.json")


@functools.lru_cache(maxsize=None)
def methods() -> Tuple[str, ...]:
    """Every method with a schema, sorted."""
    return tuple(sorted(path.name[:-len(".json")] for path in (directory() / "methods").glob("*.json")))


def method(name: str) -> Dict[str, Any]:
    """The whole schema document of one method: summary, description, errors,
    ``definitions.params``/``definitions.result`` and the examples. Raises
    ``KeyError`` for a method without one."""
    if name not in methods():
        raise KeyError(f"no method {name!r} in checkoutd's schemas")
    return _load(f"methods/{name}.json")


def method_id(name: str) -> str:
    """The ``$id`` of a method's document, against which its ``$ref`` s resolve."""
    return method(name)["$id"]


def params_schema(name: str) -> Dict[str, Any]:
    """The JSON Schema of a method's ``params`` object."""
    return method(name)["definitions"]["params"]


def result_schema(name: str) -> Dict[str, Any]:
    """The JSON Schema of a method's ``result``."""
    return method(name)["definitions"]["result"]


def file_schema(name: str) -> Dict[str, Any]:
    """The schema of a data file: ``"catalog"``, ``"iin-table"``, ``"rates"`` or ``"card-brands"``."""
    path = directory() / "files" / f"{name}.json"
    if not path.is_file():
        raise KeyError(f"no data file schema {name!r} (catalog, iin-table, rates, card-brands)")
    return _load(f"files/{name}.json")


def _jsonschema() -> Tuple[Any, Any, Any]:
    try:
        from jsonschema import Draft202012Validator
        from referencing import Registry
        from referencing.jsonschema import DRAFT202012
    except ImportError as error:
        raise ImportError("checkoutd.schemas validates with the jsonschema package, which is not "
                          "installed: pip install jsonschema") from error
    return Draft202012Validator, Registry, DRAFT202012


@functools.lru_cache(maxsize=None)
def registry() -> Any:
    """A ``referencing.Registry`` of every schema document by its ``$id``
    (needs ``jsonschema``)."""
    _, Registry, DRAFT202012 = _jsonschema()
    documents = [definitions(), document(), *(method(name) for name in methods()),
                 *(_load(f"files/{path.name}") for path in sorted((directory() / "files").glob("*.json")))]
    return Registry().with_resources(
        (doc["$id"], DRAFT202012.create_resource(doc)) for doc in documents if isinstance(doc.get("$id"), str))


_validators: Dict[Tuple[str, str], Any] = {}
_lock = threading.Lock()


def validator(name: str, part: str = "params") -> Any:
    """A ``jsonschema`` Draft 2020-12 validator of a method's ``"params"`` or
    ``"result"`` (``iter_errors``, ``is_valid``, ``validate``)."""
    if part not in ("params", "result"):
        raise ValueError(f"part is 'params' or 'result', not {part!r}")
    key = (name, part)
    with _lock:
        if key not in _validators:
            Draft202012Validator, _, _ = _jsonschema()
            _validators[key] = Draft202012Validator({"$ref": f"{method_id(name)}#/definitions/{part}"},
                                                    registry=registry())
        return _validators[key]


def validate_params(name: str, params: Any) -> None:
    """Raises ``jsonschema.ValidationError`` (the most relevant problem) when
    ``params`` is not a valid ``params`` object of the method."""
    _validate(validator(name, "params"), params)


def validate_result(name: str, result: Any) -> None:
    """Raises ``jsonschema.ValidationError`` when ``result`` is not a valid
    result of the method."""
    _validate(validator(name, "result"), result)


def _validate(checker: Any, instance: Any) -> None:
    from jsonschema.exceptions import best_match
    error = best_match(checker.iter_errors(instance))
    if error is not None:
        raise error
