"""Kit building: renders components onto the drawing model, imposes them on printable sheets
and writes PDF and SVG through interchangeable backends. Knows nothing about scoring."""
