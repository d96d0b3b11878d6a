"""Backends write the drawing model: `pdf` with reportlab, `svg` with svgwrite."""
