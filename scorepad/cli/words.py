"""argparse's own words (`usage:`, the group titles, its refusals) in the language spoken.

argparse asks the standard gettext module's global domain, which knows nothing of scorepad's catalogues (and
would read the locale variables itself, past `--lang` and the Language setting): its module's `_` and `ngettext`
are pointed at scorepad's, which answer in English when English is spoken. The messages are listed here so that
the catalogues carry them (as Python 3.11 to 3.13 write them; one a newer Python words otherwise stays English).
"""

from __future__ import annotations

import argparse

from scorepad.locale import N_, _, ngettext

ARGPARSE_MESSAGES = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("can't open '%(filename)s': %(error)s"),
)


def _argparse_plurals() -> None:  # never called: the plural messages argparse asks for, for the catalogues
    ngettext("expected %s argument", "expected %s arguments", 2)


def speak_argparse() -> None:
    setattr(argparse, "_", _)  # noqa: B010 (not in argparse's type stubs)
    setattr(argparse, "ngettext", ngettext)  # noqa: B010
