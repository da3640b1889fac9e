"""A game's sheet in words: the rows described, the Rich table of replay, the exports, statistics' table."""
