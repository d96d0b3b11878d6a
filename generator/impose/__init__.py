"""Imposition: where components go on printable pages. Layouts come from the sheet templates
in components/_shared/print.yaml (data), and every page is checked against the paper's
printable area."""
