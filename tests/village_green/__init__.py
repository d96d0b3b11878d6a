"""Village Green: card data, award vocabulary, checks and scores."""
