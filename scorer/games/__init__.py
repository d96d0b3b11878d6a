"""One module per game: its record schema, its rules checks and its scoring."""
