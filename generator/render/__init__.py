"""Renderers: YAML layouts and component data in, drawing-model shapes out."""
