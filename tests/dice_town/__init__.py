"""Dice Town: card data, final scores, the round resolver, poker hands and position checks."""
