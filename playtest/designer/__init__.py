"""What a designer asks of the components, beside building and scoring: a starter game
(`playtest new`: `new_game.py` and `starter/`), the list of games (`playtest list`:
`inventory.py`), the JSON Schema of the component files (`playtest schema`: `json_schema.py`),
the YAML reference generated from the same schemas (`yaml_reference.py`) and a game's input
fields as text or JSON (`playtest fields`: `fields_text.py`). A roof room, beside the playtest
log: it imports from the library and the wings below it, and nothing imports it but the CLI."""
