"""Every bound the tool puts on its input, in one place, so each reader and renderer refuses
the same hostile file the same way. Each bound is far above what any real game needs."""

from __future__ import annotations

# files
MAX_COMPONENT_BYTES = 5 * 1024 * 1024  # a YAML file of components
MAX_RECORD_BYTES = 1024 * 1024  # a record of one game
MAX_ICON_BYTES = 1024 * 1024  # an SVG icon
MAX_FONT_BYTES = 32 * 1024 * 1024  # a TrueType font (CJK fonts are large)
MAX_PHOTO_BYTES = 64 * 1024 * 1024  # a photo to scan (`playtest scan`, the web's photo button)
MAX_PHOTO_PIXELS = 120_000_000  # its pixels, read from its header before it is decoded (12 MP
# phones, 108 MP sensors at full size; a small file that decodes to gigabytes is refused)
MAX_CACHE_BYTES = 256 * 1024 * 1024  # a kit's cache (a deck of 5,000 cards: 11 MB)
MAX_KIT_FILE_BYTES = 4 * 1024**3  # a kit's file, read to check it is as it was written

# records
MAX_NAME = 40  # characters of a player's name (a score card on a phone shows it whole)

# YAML
MAX_NODES = 100_000  # values after alias expansion (the largest real file holds 2,500)
MAX_DEPTH = 64
MAX_INTEGER = 10**15  # whole numbers a component or a record may hold (either sign)

# totals (each value within its own bound can still add up to a kit nobody can print)
MAX_DECK_CARDS = 5_000  # cards of one deck, every card's `count` added (real decks: 100 at most)
MAX_KIT_PAGES = 2_000  # pages of one kit's PDF, planned before any is drawn (real kits: 20-60)
MAX_SCORED_FIELDS = 5_000  # input fields of a game scored in YAML, every sheet's and board's
# (real sheets: a few hundred); its expressions are checked at load in time linear in them

# drawing
MAX_GRID = 50  # columns, and rows, of items on one sheet
MAX_SHAPES_PER_FACE = 20_000  # all one face draws (the busiest real face draws 1,400)
MAX_REPEAT = 10_000  # items of one `repeat`
MAX_FORMAT_WIDTH = 200  # width and precision in a `{value:>20}` format spec
MAX_TEXT_CHARS = 5_000  # one text once its template is filled in
MAX_FIT_STEPS = 100  # shrink-to-fit steps of one text (0.95^100: a 500 pt text down to 3 pt)
MAX_ICON_DEPTH = 200  # elements nested in an icon (real icons nest a handful)
MAX_ICON_ELEMENTS = 20_000  # elements of an icon once its `<use>` references are expanded
MAX_COORDINATE = 1e6  # mm, or icon units: anything larger is a mistake, not a drawing
