"""The ink saver's colours (`--ink-saver`): lighter fills, readable text over them. The drawing
model is playtest/drawing/, fonts and icons playtest/faces/."""
