"""The read-only board: the score of one game, live, made to be read across the room (`scorepad board`)."""
