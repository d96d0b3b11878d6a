"""The ground floor: what every other layer may use, importing nothing of playtest above it.

Errors and their one-line messages, limits and finite numbers, wording, JSON text, interrupts,
the one bounded reader (`input_files`) and the one safe writer (`output_files`), a folder
written whole (`output_folder`), YAML read with its lines (`yaml_events`, `yamlsource`) and
validated (`validation`), the base of every schema (`schema`) and its field docs, games named
as typed (`game_ids`) and per-object values (`per_object`)."""
