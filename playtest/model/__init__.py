"""The component model: typed, frozen schemas for everything under `components/`."""
