"""The build compiles the message catalogues: each `scorepad/locale/<lang>/LC_MESSAGES/scorepad.po` to its `.mo`
(Babel), for a wheel and for an editable install alike. The `.mo` files are never committed (.gitignore)."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


def compile_catalogues(source: Path, target: Path) -> list[Path]:
    """Every `.po` under `source` compiled to the same place under `target` (fuzzy messages left out, as
    msgfmt does); returns the `.mo` files written."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written = []
    for po in sorted(source.glob("*/LC_MESSAGES/*.po")):
        mo = target / po.relative_to(source).with_suffix(".mo")
        mo.parent.mkdir(parents=True, exist_ok=True)
        with po.open("rb") as text:
            catalogue = read_po(text)
        with mo.open("wb") as out:
            write_mo(out, catalogue)
        written.append(mo)
    return written


class CatalogueHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return  # a source distribution carries the .po files only
        source = Path(self.root) / "scorepad" / "locale"
        if version == "editable":
            compile_catalogues(source, source)  # the editable install reads the package from the source tree
            return
        self._built = Path(tempfile.mkdtemp(prefix="scorepad-catalogues-"))
        for mo in compile_catalogues(source, self._built):
            build_data["force_include"][str(mo)] = f"scorepad/locale/{mo.relative_to(self._built).as_posix()}"

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        built = getattr(self, "_built", None)
        if built is not None:
            shutil.rmtree(built, ignore_errors=True)
