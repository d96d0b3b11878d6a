"""The drawing model: shapes, text and reusable symbols in millimetres (y grows downwards),
drawn once by the renderers and written by any backend (PDF, SVG, PNG via PDF)."""
