"""Walks the params schema of a method (``Schemas/methods``): every member it
declares, with the JSON Pointer of the member and the schema that applies there
($refs resolved, ``allOf``/``anyOf``/``oneOf`` branches merged), and the
example params to start from. The card-number sweep and the bounds test use it.
"""

from __future__ import annotations

import copy
from typing import Any, Dict, Iterator, List, Optional, Tuple

#: A member's place in the params: object member names and array indexes.
Path = Tuple[Any, ...]


def pointer(path: Path) -> str:
    return "".join("/" + str(token).replace("~", "~0").replace("/", "~1") for token in path)


class ParamsWalker:
    def __init__(self, store, method: str):
        self.store = store
        self.method = method
        self.document = store.methods[method]

    def resolve(self, schema: Any, seen: Tuple[str, ...] = ()) -> Dict[str, Any]:
        """``schema`` with its ``$ref`` followed and its ``allOf`` members merged in."""
        if not isinstance(schema, dict):
            return {}
        if "$ref" in schema:
            ref = schema["$ref"]
            if ref in seen:
                return {}
            # "#/definitions/X" in a method file may name one of its own or (written in
            # definitions.json) one of the shared ones: names do not collide.
            tokens = ref.split("#", 1)[1].strip("/").split("/")
            local = ref.startswith("#") and tokens[-1] in self.document.get("definitions", {})
            target = self.document if local else self.store.definitions
            for token in tokens:
                target = target[token]
            merged = dict(self.resolve(target, seen + (ref,)))
            merged.update({k: v for k, v in schema.items() if k != "$ref"})
            return merged
        if "allOf" in schema:
            merged = {k: v for k, v in schema.items() if k != "allOf"}
            for part in schema["allOf"]:
                for key, value in self.resolve(part, seen).items():
                    merged.setdefault(key, value)
            return merged
        return schema

    def members(self) -> Iterator[Tuple[Path, Dict[str, Any]]]:
        """Every member the params schema declares (array items as index 0, a
        map's values under the key ``"k"``), with its resolved schema."""
        yield from self._walk(self.document["definitions"]["params"], ())

    def _walk(self, schema: Any, path: Path) -> Iterator[Tuple[Path, Dict[str, Any]]]:
        resolved = self.resolve(schema)
        if path:
            yield path, resolved
        for branch in resolved.get("anyOf", []) + resolved.get("oneOf", []):
            for member_path, member in self._walk(branch, path):
                if member_path != path:
                    yield member_path, member
        for name, member in resolved.get("properties", {}).items():
            yield from self._walk(member, path + (name,))
        if isinstance(resolved.get("items"), dict):
            yield from self._walk(resolved["items"], path + (0,))
        if isinstance(resolved.get("additionalProperties"), dict):
            yield from self._walk(resolved["additionalProperties"], path + ("k",))

    def example_params(self) -> Dict[str, Any]:
        """The params of the method's first example (``{}`` when it has none)."""
        for example in self.document.get("examples") or []:
            if isinstance(example.get("params"), dict):
                return copy.deepcopy(example["params"])
        return {}


def types_of(schema: Dict[str, Any]) -> List[str]:
    kind = schema.get("type")
    if isinstance(kind, list):
        return kind
    if kind:
        return [kind]
    if "enum" in schema:
        return sorted({type(value).__name__.replace("str", "string") for value in schema["enum"]})
    return []


def with_value(params: Dict[str, Any], path: Path, value: Any) -> Dict[str, Any]:
    """A copy of ``params`` with ``value`` at ``path``; missing objects and arrays
    on the way are created (an array gets its element 0)."""
    result = copy.deepcopy(params)
    node: Any = result
    for index, token in enumerate(path):
        last = index == len(path) - 1
        following = None if last else path[index + 1]
        if isinstance(token, int):
            if not isinstance(node, list):
                raise TypeError(f"{pointer(path)}: not an array at {token}")
            while len(node) <= token:
                node.append([] if isinstance(following, int) else {})
            if last:
                node[token] = value
            else:
                if not isinstance(node[token], (dict, list)):
                    node[token] = [] if isinstance(following, int) else {}
                node = node[token]
        else:
            if last:
                node[token] = value
            else:
                if not isinstance(node.get(token), (dict, list)):
                    node[token] = [] if isinstance(following, int) else {}
                node = node[token]
    return result
