"""A footer that lays its keys out again only when they change."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol, runtime_checkable

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer as TextualFooter

from scorepad.locale import _, language


def _keys_width(keys: list[Any]) -> int:
    """Cells the footer's keys take in a row, as Textual's compact footer draws them: "^z Undo", one space between."""
    cells = 0
    for key in keys:
        display, description = getattr(key, "key_display", ""), getattr(key, "description", "")
        cells += cell_len(str(display)) + (1 + cell_len(str(description)) if description else 0)
    return cells + max(0, len(keys) - 1)


@runtime_checkable
class ShowsKeysElsewhere(Protocol):
    """A screen that shows some of its keys on a line of its own (a game's F5, F6 … on a narrow screen)."""

    def keys_shown_elsewhere(self) -> Iterable[str]:
        """The actions whose keys the footer leaves out for now."""
        ...


def _left_out(screen: Screen[Any]) -> frozenset[str]:
    return frozenset(screen.keys_shown_elsewhere()) if isinstance(screen, ShowsKeysElsewhere) else frozenset()


class Footer(TextualFooter):
    """Textual's Footer, its keys' words in the language in use (the bindings' descriptions are marked with N_
    where they are made, and translated here, as they are shown)."""

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            description = getattr(widget, "description", None)  # a key's words (FooterKey is not public API)
            if isinstance(description, str) and description:
                widget.description = _(description)  # type: ignore[attr-defined]
            yield widget


class KeysFooter(Footer):
    """Textual's Footer, recomposed only when the keys it shows differ from those it shows now.

    Footer mounts and lays out every key again whenever the screen says its bindings may have changed, which
    is on every focus change: moving from field to field of an entry form (Tab, or the form moving on after an
    Enter) did it each time, with the same keys — the biggest cost of a frame while a deal is typed.

    It also leaves out the keys its screen shows on a line of its own (`ShowsKeysElsewhere`): on a narrow screen
    a game's own keys have that line, and the footer's copy of them ran off its edge, cut mid-word."""

    _shown: tuple[Any, ...] | None = None

    @staticmethod
    def keys_of(screen: Screen[Any]) -> tuple[Any, ...]:
        """What the footer shows of the screen's bindings: the shown keys, their words and whether they work."""
        left_out = _left_out(screen)
        return (language(),) + tuple(
            (
                binding.key,
                binding.key_display,
                binding.description,
                binding.action,
                binding.group,
                binding.tooltip,
                enabled,
                tooltip,
            )
            for _node, binding, enabled, tooltip in screen.active_bindings.values()
            if binding.show and binding.action not in left_out
        )

    _laid_out_for = 0  # the width the keys were last laid out for

    def compose(self) -> ComposeResult:
        left_out = _left_out(self.screen) if self.is_attached else frozenset()
        keys = [widget for widget in super().compose() if getattr(widget, "action", None) not in left_out]
        room = self.size.width
        self._laid_out_for = room
        # a key is shown whole or not at all (German and Russian words are longer): the last ones give way, and
        # every key stays in the command palette (Ctrl+P) by name
        while room and len(keys) > 1 and _keys_width(keys) > room:
            keys.pop()
        yield from keys

    def on_resize(self) -> None:
        if self.size.width != self._laid_out_for:
            self.refresh(recompose=True)

    def bindings_changed(self, screen: Screen[Any]) -> None:
        if screen.app.app_focus and self.is_attached and screen is self.screen:  # when Footer recomposes
            keys = self.keys_of(screen)
            if keys == self._shown:
                return
            self._shown = keys
        super().bindings_changed(screen)
