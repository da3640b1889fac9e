"""Jass's and Bridge's screens, like Five Hundred's, redraw only what says something new after a key or an entry:
the Tafel while a hand is in play, the bridge pad and the deal line through an auction, the form's lines."""

from __future__ import annotations

from textual.widget import Widget
from textual.widgets import Static

from scorepad.tui.games.auction_bridge.pad import BridgePad
from scorepad.tui.games.jass.tafel import JassTafel

from .conftest import make_app, settle
from .test_auction_bridge_screen import new_rubber, open_rubber, text_of
from .test_jass_screen import keys, logged_types, new_game


def count_refreshes(**widgets: Widget) -> dict[str, int]:
    """How often each widget is asked to repaint (`Static.update` asks too), by the name given."""
    counts: dict[str, int] = {}
    for name, widget in widgets.items():
        counts[name] = 0
        original = widget.refresh

        def refresh(*regions, _name=name, _original=original, **kwargs):
            counts[_name] += 1
            return _original(*regions, **kwargs)

        widget.refresh = refresh  # type: ignore[method-assign]
    return counts


async def test_jass_a_hand_begun_leaves_the_tafel_and_the_form_line_as_they_were_drawn():
    path = new_game()
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        hand = screen.query_one("#jass-hand", Static)
        before = str(hand.render())
        counts = count_refreshes(
            tafel=screen.query_one(JassTafel), status=screen.query_one("#form-status", Static)
        )
        await keys(pilot, "s", "tab", "tab", "c 4-Kh", "enter")  # trump and a Weis: no points yet
        assert logged_types(path)[-3:] == ["deal", "trump", "weis"]
        assert str(hand.render()) != before  # the hand line says the Weis
        assert counts["tafel"] == 0  # the totals are as they were: not drawn again
        status_drawn = counts["status"]
        assert status_drawn >= 1  # it says what was logged
        form = screen.form
        assert form is not None
        said = str(screen.query_one("#form-status", Static).render())
        form.show_info(said)  # told what it says already: not drawn again
        assert counts["status"] == status_drawn
        form.show_error("name the trump first")
        assert counts["status"] > status_drawn  # something new: drawn


async def test_bridge_a_call_logged_leaves_the_pad_and_the_deal_line_as_they_were_drawn():
    app = make_app(open_path=new_rubber())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_rubber(pilot)
        await pilot.press("f5")  # the auction call by call
        await settle(pilot)
        counts = count_refreshes(
            pad=screen.query_one(BridgePad),
            deal=screen.query_one("#bridge-deal", Static),
            hint=screen.query_one("#bridge-hint", Static),
        )
        await pilot.press("1", "h", "enter")  # Ann, the dealer, bids
        await settle(pilot)
        assert "Bob to call" in text_of(app, "#bridge-hint")
        assert "auction: Ann 1♥" in text_of(app, "#bridge-deal")
        assert counts["pad"] == 0  # no score yet: the pad as it was drawn
        assert counts["deal"] >= 1 and counts["hint"] >= 1
        deal_drawn, hint_drawn = counts["deal"], counts["hint"]
        await pilot.press("p")  # a key typed: the deal and whose call it is say what they said
        await settle(pilot)
        assert counts["deal"] == deal_drawn and counts["hint"] == hint_drawn and counts["pad"] == 0
