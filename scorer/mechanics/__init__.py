"""Mechanics shared by several games: grids and adjacency, majorities, tie-breakers, and a
tuple with one item replaced (engine states are tuples)."""
