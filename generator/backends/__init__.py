"""Backends write the drawing model: `pdf` with reportlab, `svg` as XML text."""
