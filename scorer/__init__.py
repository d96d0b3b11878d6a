"""The digital scorer: reads a recorded position, scores it and checks it against the rules.

It reads the same game data as the kit (`playtest.library.loader`), so the numbers printed on a
component are the numbers used here. It knows nothing about drawing.
"""
