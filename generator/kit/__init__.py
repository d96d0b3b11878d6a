"""A game's kit, built: the request and the build (`build.py`), the book of sections and its
contents page (`book.py`, `sections.py`), the rules reference (`reference.py`), one SVG file a
component (`svg_files.py`), Tabletop Simulator sheets (`tts.py`), previews (`preview.py`), the
kit cache (`cache.py`, `cache_codec.py`), `--watch` (`watch.py`). The top room of the kit
wing: it stands on imposition and the backends."""
