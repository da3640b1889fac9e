"""One folder per game: its screen, entry form, sheet and dialogs together."""
