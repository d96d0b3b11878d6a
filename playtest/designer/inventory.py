"""What a game holds, in words: each deck, die, sheet, token and board with its count and size
(the lines of `playtest list`)."""

from __future__ import annotations

from playtest.model.game import Game


def _size(size: tuple[float, float]) -> str:
    w, h = size
    return f"{w:g}x{h:g} mm"


def inventory(game: Game) -> list[str]:
    lines = []
    for deck in game.decks:
        total = sum(card.count for card in deck.cards)
        note = f" (option {deck.optional})" if deck.optional else ""
        lines.append(f"deck {deck.id}: {total} {deck.name}, {_size(deck.size)}{note}")
    for die in game.dice:
        lines.append(f"die {die.id}: {die.count} x {die.name}")
    for sheet in game.sheets:
        lines.append(f"sheet {sheet.id}: {sheet.name}, {_size(sheet.size)}")
    for token in game.tokens:
        lines.append(f"token {token.id}: {token.count} x {token.name}, {_size(token.size)}")
    for board in game.boards:
        note = "" if board.printed else " (on the table: not printed)"
        lines.append(f"board {board.id}: {board.name}, {_size(board.size)}{note}")
    return lines
