"""Mechanics shared by several games: grids and adjacency, majorities, tie-breakers."""
