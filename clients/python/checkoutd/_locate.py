"""Finding the checkoutd executable."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Iterator, Optional, Union

from .errors import BinaryNotFound

ENV_VAR = "CHECKOUTD_BIN"


def packaged_binary() -> Optional[str]:
    """The checkoutd this package carries, or ``None`` in a package without one:
    ``_bin/checkoutd`` in the package, where the wheel that ``scripts/package``
    builds keeps it (with the shared libraries it needs in ``_bin/lib/``)."""
    candidate = Path(__file__).resolve().parent / "_bin" / "checkoutd"
    if candidate.is_file() and os.access(candidate, os.X_OK):
        return str(candidate)
    return None


def find_binary(binary: Union[str, "os.PathLike[str]", None] = None) -> str:
    """Returns the path of the checkoutd executable to run.

    In order: ``binary`` when given; the ``CHECKOUTD_BIN`` environment
    variable; the checkoutd this package carries (:func:`packaged_binary`);
    ``checkoutd`` on ``PATH``; ``.build/release/checkoutd`` then
    ``.build/debug/checkoutd`` in the nearest directory above this package
    that has one (the package used from a source checkout), then the same
    above the current directory (the package installed with
    ``pip install clients/python`` and used from inside the checkout).
    Raises :class:`BinaryNotFound`.
    """
    if binary is not None:
        return _checked(os.fspath(binary), "the binary argument")
    from_env = os.environ.get(ENV_VAR)
    if from_env:
        return _checked(from_env, f"${ENV_VAR}")
    packaged = packaged_binary()
    if packaged:
        return packaged
    on_path = shutil.which("checkoutd")
    if on_path:
        return on_path
    for start in _checkout_starts():
        found = _find_in_checkout(start)
        if found:
            return found
    raise BinaryNotFound(
        f"checkoutd not found: pass binary=..., set ${ENV_VAR}, put checkoutd on PATH, "
        "or run `swift build` in the repository")


def _checkout_starts() -> Iterator[Path]:
    yield Path(__file__).resolve().parent
    try:
        yield Path.cwd()
    except OSError:  # the current directory was removed
        return


def _find_in_checkout(start: Path) -> Optional[str]:
    for directory in (start, *start.parents):
        for configuration in ("release", "debug"):
            candidate = directory / ".build" / configuration / "checkoutd"
            if candidate.is_file() and os.access(candidate, os.X_OK):
                return str(candidate)
    return None


def _checked(path: str, origin: str) -> str:
    if os.sep not in path and not os.path.exists(path):
        resolved = shutil.which(path)
        if resolved:
            return resolved
    if not os.path.isfile(path):
        raise BinaryNotFound(f"checkoutd not found at {path!r} (from {origin})")
    if not os.access(path, os.X_OK):
        raise BinaryNotFound(f"{path!r} (from {origin}) is not executable")
    return path
