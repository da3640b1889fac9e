"""The auction bridge screen, its entry form, sheet and dialogs."""
