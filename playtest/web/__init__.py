"""The web scorer of `playtest serve`: pages, API, static files and templates."""
