"""``python -m checkoutd [ARGS]``, and the ``checkoutd`` command of the wheel
that ``scripts/package`` builds: runs the checkoutd this package carries with
the given arguments, in place of this process (its stdin, stdout, stderr and
exit status are the service's)."""

from __future__ import annotations

import os
import sys

from ._locate import packaged_binary


def main() -> int:
    binary = packaged_binary()
    if binary is None:
        sys.stderr.write("checkoutd: this installation of the Python package carries no checkoutd binary "
                         "(install the wheel scripts/package builds, or run the one you built)\n")
        return 127
    os.execv(binary, [binary, *sys.argv[1:]])
    return 127  # not reached


if __name__ == "__main__":
    sys.exit(main())
