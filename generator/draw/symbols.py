"""The symbols of one build: each piece of repeated art is defined once here, by id."""

from __future__ import annotations

from collections.abc import Callable

from playtest.generator.draw.model import Shape, Symbol, Use, walk


class SymbolTable:
    def __init__(self) -> None:
        self._symbols: dict[str, Symbol] = {}

    def get_or_make(self, symbol_id: str, make: Callable[[], Symbol]) -> Symbol:
        symbol = self._symbols.get(symbol_id)
        if symbol is None:
            symbol = make()
            self._symbols[symbol_id] = symbol
        return symbol

    def defined(self) -> list[Symbol]:
        """Every symbol defined so far, by id."""
        return [self._symbols[key] for key in sorted(self._symbols)]

    def __getitem__(self, symbol_id: str) -> Symbol:
        return self._symbols[symbol_id]

    def used_by(self, shapes: tuple[Shape, ...] | list[Shape]) -> list[Symbol]:
        """Symbols the shapes place, directly or through other symbols, dependencies first."""
        order: list[Symbol] = []
        seen: set[str] = set()

        def visit(items: tuple[Shape, ...] | list[Shape]) -> None:
            for shape in walk(items):
                if isinstance(shape, Use) and shape.symbol not in seen:
                    seen.add(shape.symbol)
                    symbol = self._symbols[shape.symbol]
                    visit(symbol.children)
                    order.append(symbol)

        visit(shapes)
        return order
