"""The ``params`` object of every checkoutd method, built from Python arguments.

One pure function per method, ``params_for_<wrapper name>(...)``, shared by the
typed wrappers of :class:`checkoutd.Checkoutd` and
:class:`checkoutd.AsyncCheckoutd`: each wrapper takes the same arguments as its
function here (plus ``timeout``) and sends what it returns. Arguments are the
snake_case names of the method's params in ``Schemas/methods/<method>.json``;
an argument left at ``None`` is not sent, so the service applies its default.
The few params that may be ``null`` on purpose (``tokens_update``'s
``billing_details`` and ``shipping_details``, where ``null`` removes the stored
address) default to ``UNSET`` instead: left out they are not sent, and ``None``
sends ``null``.
A function returning ``None`` means "no ``params`` member" (the service reads
``{}``).

The functions, ``PARAMS_FOR`` (method name → function), ``WRAPPER_NAMES``
(method name → wrapper name) and ``METHODS`` are generated into
:mod:`checkoutd._methods` by ``scripts/generate``; this module is their public
name.

The functions are also handy to build raw requests (a batch, a shell pipeline):

    >>> params_for_mask_apply("12", "{{99}}-{{99}}", cursor=2)
    {'value': '12', 'mask': '{{99}}-{{99}}', 'cursor': 2}
"""

from __future__ import annotations

from ._methods import *  # noqa: F401,F403  (the names of _methods.__all__)
from ._methods import __all__  # noqa: F401
