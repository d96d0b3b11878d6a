"""The symbols of one build: each piece of repeated art is defined once here, by id."""

from __future__ import annotations

from collections.abc import Callable

from playtest.drawing.model import Group, Shape, Symbol, Use


class SymbolTable:
    def __init__(self) -> None:
        self._symbols: dict[str, Symbol] = {}
        self._placed_by: dict[int, tuple[tuple[Shape, ...], tuple[str, ...]]] = {}

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
        # a page's list: not kept past the page
        self._visit(self._placed(shapes, keep=False), order, set())
        return order

    def _visit(self, placed: tuple[str, ...], order: list[Symbol], seen: set[str]) -> None:
        """Add the symbols `placed` and theirs to `order`, dependencies first. (A method, not
        a closure calling itself: that would be a reference cycle, left to the collector,
        at every page.)"""
        for symbol_id in placed:
            if symbol_id not in seen:
                seen.add(symbol_id)
                symbol = self._symbols[symbol_id]
                self._visit(self._placed(symbol.children), order, seen)
                order.append(symbol)

    def _placed(
        self, shapes: tuple[Shape, ...] | list[Shape], keep: bool = True
    ) -> tuple[str, ...]:
        """The symbols `shapes` place themselves (groups' included), in order of first place.
        Kept by the shapes, which are shared: a face's shapes are placed on its page and in its
        SVG file, and a kept face is placed again by the next build's pages."""
        known = self._placed_by.get(id(shapes))
        if known is not None and known[0] is shapes:
            return known[1]
        placed: dict[str, None] = {}
        for shape in shapes:
            kind = type(shape)  # the model's classes have no subclasses
            if kind is Use:
                placed[shape.symbol] = None  # type: ignore[union-attr]
            elif kind is Group:
                inner = self._placed(shape.children)  # type: ignore[union-attr]
                if inner:
                    placed.update(dict.fromkeys(inner))
        found = tuple(placed)
        if keep and isinstance(shapes, tuple):  # kept with its id: the id stays its own
            self._placed_by[id(shapes)] = (shapes, found)
        return found
