"""The five hundred screen, its entry form, sheet and dialogs."""
