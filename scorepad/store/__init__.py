"""Files on disk: where games live, reading and appending a game's log, settings. No rules, no Textual."""
