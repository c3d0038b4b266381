"""threadbox: five tabletop games played in the terminal."""

__version__ = "0.1.0"
