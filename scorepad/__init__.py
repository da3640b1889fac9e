"""scorepad: a terminal score pad for Five Hundred, Swiss Jass (Schieber) and Auction Bridge."""

__version__ = "0.2.0"
