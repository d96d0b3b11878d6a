"""The drawing model: shapes, text and reusable symbols in millimetres (y grows downwards),
drawn once from the layouts and written by any backend (PDF, SVG, PNG via PDF). It knows no
backend and no game: fonts reach text layout as a `Measure` (text.py)."""
