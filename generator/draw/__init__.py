"""What drawing needs of reportlab and the kit: fonts and their glyphs, icons read from SVG, and
the ink saver's colours. The drawing model itself is playtest/drawing/."""
