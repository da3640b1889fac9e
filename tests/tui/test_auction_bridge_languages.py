"""Issue #33, item 6: the Auction Bridge screen at 80×24 keeps its promises in German and Russian (every side's
total in view, the form's labels whole), and F1 opens the laws page in the language spoken."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from scorepad.locale import set_language
from scorepad.log import parse_entry
from scorepad.store.game_file import GameFile, create, new_header
from scorepad.tui.games.auction_bridge.screen import AuctionBridgeScreen
from scorepad.tui.screens.modals import TextScreen

from .conftest import make_app, settle

PLAYERS = ["Ann", "Bob", "Cid", "Dan"]
#: the sides named after their players, as a new rubber names them (longer than "We" and "They")
SIDES = {"Ann & Cid": ["Ann", "Cid"], "Bob & Dan": ["Bob", "Dan"]}
#: what each language must show whole: the pad's totals label, its two score labels, the form's field titles,
#: the deal line, the deal list's words, and the laws page (its first lines in view; a section further down)
WORDS = {
    "de": {
        "total": "Total",
        "scores": ("Stichwertung", "Honneurwertung"),
        "fields": ("Alleinspieler", "Kontrakt", "Stiche", "Honneurs"),
        "deal": "Runde 4 · Partie 2 · Dan gibt",
        "rows": ("erfüllt +1, Partie", "gefallen 1", "Ergebnis"),
        "laws": ("Die Einstellungen dieses Spiels", "Revoke-Strafe: 100", "## Die Reizung (Regeln 42–46)"),
    },
    "ru": {
        "total": "итого",
        "scores": ("запись взяток", "запись онёров"),
        "fields": ("разыгрывающий", "контракт", "взятки", "онёры"),
        "deal": "Сдача 4 · гейм 2 · сдаёт Dan",
        "rows": ("выполнен +1, гейм", "без 1", "результат"),
        "laws": ("Настройки этой партии", "штраф за ренонс: 100", "## Торговля (законы 42–46)"),
    },
}


def mid_rubber() -> Path:
    """Three deals: a game to Ann & Cid, honours to both sides, the second game begun."""
    path = create(new_header("auction_bridge", PLAYERS, title="Friday", sides=SIDES))
    items = [
        {"type": "deal", "dealer": "Ann"},
        {"type": "contract", "player": "Ann", "call": "3H", "double": "doubled"},
        {"type": "result", "tricks": 10, "honours": {"side": "Ann & Cid", "holding": "4_one_hand"}},
        {"type": "deal", "dealer": "Bob"},
        {"type": "contract", "player": "Bob", "call": "2NT"},
        {"type": "result", "tricks": 8, "honours": {"side": "Bob & Dan", "holding": "3_aces"}},
        {"type": "deal", "dealer": "Cid"},
        {"type": "contract", "player": "Cid", "call": "4S"},
        {"type": "result", "tricks": 9, "honours": {"side": "Bob & Dan", "holding": "3"}},
    ]
    with GameFile.open(path) as game:
        for item in items:
            game.append(parse_entry("auction_bridge", item))
    return path


def screen_text(app) -> str:
    """The screen as a person sees it: every cell of the terminal, as text."""
    width, height = app.size
    console = Console(
        width=width, height=height, file=io.StringIO(), force_terminal=True, record=True, legacy_windows=False
    )
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text()


@pytest.mark.parametrize("code", ["de", "ru"])
async def test_the_bridge_screen_at_80x24_shows_every_total_and_whole_labels(code):
    set_language(code)
    words = WORDS[code]
    app = make_app(open_path=mid_rubber())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, AuctionBridgeScreen)
        shown = screen_text(app)
        totals = screen.sheet.totals
        # the pad's totals line in view, with each side's total
        total_line = next(line for line in shown.splitlines() if words["total"] in line)
        assert [str(totals[side]) in total_line for side in SIDES] == [True, True]
        # the deal list says its results and headings in the language too
        for label in (*words["scores"], *words["fields"], words["deal"], *words["rows"]):
            assert label in shown, label
        assert "…" not in "".join(
            str(field.border_title) for field in screen.query("#bridge-fields Input") if field.display
        )


@pytest.mark.parametrize("code", ["de", "ru"])
async def test_f1_at_80x24_opens_the_laws_in_the_language_spoken(code):
    set_language(code)
    app = make_app(open_path=mid_rubber())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, TextScreen)
        heading, setting, section = WORDS[code]["laws"]
        assert app.screen.markdown.startswith(f"## {heading}") and section in app.screen.markdown
        shown = screen_text(app)
        assert heading in shown and setting in shown


@pytest.mark.parametrize("code", ["de", "ru"])
def test_snapshot_bridge_screen_80x24(code, snap_compare, snapshot_home):
    set_language(code)
    path = mid_rubber()

    async def settled(pilot):
        await settle(pilot)

    assert snap_compare(make_app(open_path=path), terminal_size=(80, 24), run_before=settled)


@pytest.mark.parametrize("code", ["de", "ru"])
def test_snapshot_bridge_laws_80x24(code, snap_compare, snapshot_home):
    set_language(code)
    path = mid_rubber()

    async def open_the_laws(pilot):
        await settle(pilot)
        await pilot.press("f1")
        await settle(pilot)

    assert snap_compare(make_app(open_path=path), terminal_size=(80, 24), run_before=open_the_laws)
