"""pydantic's plugin search skipped while the app builds and runs, without leaving the environment changed.

pydantic looks for plugins (observability hooks) in every installed package's metadata the first time a model
or adapter is built, unless `PYDANTIC_DISABLE_PLUGINS` says not to (it reads the variable each time): ~0.1 s of a
start, or of the first dialog opened, for hooks scorepad's models never use. The variable is set only while the
app is being made and while it runs, and taken away again when it ends, so a program that embeds the app, and
what it starts after, keep their environment as it was. A value the user set is left alone.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

VARIABLE = "PYDANTIC_DISABLE_PLUGINS"
SKIP_ALL = "__all__"


class PluginSearchSkipped:
    """`begin` sets the variable (if unset), `end` takes it away again (if it is still ours); either may be called
    more than once."""

    def __init__(self) -> None:
        self._set_here = False

    @property
    def active(self) -> bool:
        return self._set_here

    def begin(self) -> None:
        if self._set_here or VARIABLE in os.environ:
            return
        os.environ[VARIABLE] = SKIP_ALL
        self._set_here = True

    def end(self) -> None:
        if not self._set_here:
            return
        self._set_here = False
        if os.environ.get(VARIABLE) == SKIP_ALL:  # changed since by someone else: theirs now
            del os.environ[VARIABLE]

    @contextmanager
    def during(self) -> Iterator[None]:
        """Set for the block (unless it was already, by this or by the user)."""
        began = not self._set_here
        self.begin()
        try:
            yield
        finally:
            if began:
                self.end()
