"""A footer that lays its keys out again only when they change."""

from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.widgets import Footer


class KeysFooter(Footer):
    """Textual's Footer, recomposed only when the keys it shows differ from those it shows now.

    Footer mounts and lays out every key again whenever the screen says its bindings may have changed, which
    is on every focus change: moving from field to field of an entry form (Tab, or the form moving on after an
    Enter) did it each time, with the same keys — the biggest cost of a frame while a deal is typed."""

    _shown: tuple[Any, ...] | None = None

    @staticmethod
    def keys_of(screen: Screen) -> tuple[Any, ...]:
        """What the footer shows of the screen's bindings: the shown keys, their words and whether they work."""
        return tuple((binding.key, binding.key_display, binding.description, binding.action, binding.group,
                      binding.tooltip, enabled, tooltip)
                     for _node, binding, enabled, tooltip in screen.active_bindings.values() if binding.show)

    def bindings_changed(self, screen: Screen) -> None:
        if screen.app.app_focus and self.is_attached and screen is self.screen:  # when Footer recomposes
            keys = self.keys_of(screen)
            if keys == self._shown:
                return
            self._shown = keys
        super().bindings_changed(screen)
