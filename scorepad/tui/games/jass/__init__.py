"""The jass screen, its entry form, sheet and dialogs."""
