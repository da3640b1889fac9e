"""Settings in words: what F1, the new-game screen and the CLI say about a table's rules."""

from __future__ import annotations

import pytest

from scorepad.help import laws_in_brief
from scorepad.rules import GAME_MODULES, rules_for
from scorepad.rules.wording import setting_label, setting_phrase, settings_phrases


def test_the_issues_examples_read_as_a_table_says_them():
    assert setting_phrase("five_hundred", "schedule", "avondale") == "Avondale schedule"
    assert setting_phrase("five_hundred", "card_points", False) == "card points: off"
    assert setting_phrase("jass", "weis_tiebreak", "suit_ladder") == "Weis tie: suit ladder ♥ ♦ ♣ ♠"
    assert setting_phrase("jass", "multipliers", {"hearts": 1, "obenabe": 3}) == "multipliers: ♥ 1, Obenabe 3"
    assert setting_phrase("auction_bridge", "revoke_penalty", 150) == "revoke penalty: 150"


@pytest.mark.parametrize("game", list(GAME_MODULES))
def test_every_setting_of_every_game_has_words_and_no_internal_names(game):
    settings = rules_for(game).settings({})
    for name in type(settings).model_fields:
        assert "_" not in setting_label(game, name), name
    for phrase in settings_phrases(game, settings):
        assert "_" not in phrase and "True" not in phrase and "False" not in phrase and "{" not in phrase, (
            phrase
        )


@pytest.mark.parametrize("game", list(GAME_MODULES))
def test_the_laws_in_brief_name_no_files(game):
    text = laws_in_brief(game, rules_for(game).settings({}))
    assert "sources/" not in text and ".txt" not in text and ".md" not in text
    assert "_" not in text.split("\n\n", 1)[0]  # the settings block: words only
