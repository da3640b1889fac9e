"""What a user's theme file may say, checked strictly (pydantic): loaded only when there is such a file to read.

The themes that come with scorepad are read without it (scorepad/tui/themes.py): they are checked the same way by
tests/test_packaging.py, and the start of the app does not wait for pydantic to build this model.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, StrictBool, field_validator
from textual.color import Color, ColorParseError

from scorepad.locale import _
from scorepad.rules.names import text_problem

COLOUR_KEYS = (
    "primary",
    "secondary",
    "warning",
    "error",
    "success",
    "accent",
    "foreground",
    "background",
    "surface",
    "panel",
    "boost",
)


class ThemeFile(BaseModel):
    """What a theme file may say: the keys of textual.theme.Theme, each of its own type (no coercion)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    name: str = Field(min_length=1, max_length=40)
    primary: str
    secondary: str | None = None
    warning: str | None = None
    error: str | None = None
    success: str | None = None
    accent: str | None = None
    foreground: str | None = None
    background: str | None = None
    surface: str | None = None
    panel: str | None = None
    boost: str | None = None
    dark: StrictBool = True
    luminosity_spread: float = Field(default=0.15, ge=0, le=1)
    text_alpha: float = Field(default=0.95, ge=0, le=1)
    variables: dict[str, str] = Field(default_factory=dict)
    ansi: StrictBool = False

    @field_validator("name")
    @classmethod
    def _plain_name(cls, name: str) -> str:
        problem = text_problem(name, _("a theme's name"))
        if problem:
            raise ValueError(problem)
        return name

    @field_validator(*COLOUR_KEYS)
    @classmethod
    def _colour(cls, value: str | None) -> str | None:
        if value is not None:
            try:
                Color.parse(value)
            except ColorParseError:
                raise ValueError(
                    _('{value} is not a colour (e.g. "#E8C766" or "darkgreen")').format(value=repr(value))
                ) from None
        return value
