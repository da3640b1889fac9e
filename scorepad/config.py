"""The user's preferences (theme …) as a small JSON file in the config dir. No Textual."""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any

from scorepad.store import config_home

DEFAULTS: dict[str, Any] = {"theme": "green-felt"}


def config_path() -> Path:
    return config_home() / "config.json"


def load_config() -> dict[str, Any]:
    try:
        data = json.loads(config_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return dict(DEFAULTS)
    return {**DEFAULTS, **data} if isinstance(data, dict) else dict(DEFAULTS)


def save_config(config: dict[str, Any]) -> None:
    """Written whole to a temporary file and renamed, so a crash never leaves half a file."""
    path = config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    try:
        tmp.write_text(json.dumps(config, indent=2), encoding="utf-8")
        os.replace(tmp, path)
    except OSError:  # a full or read-only disk: no half file left; the caller says so
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)
        raise


def update_config(**changes: Any) -> dict[str, Any]:
    config = {**load_config(), **changes}
    save_config(config)
    return config
