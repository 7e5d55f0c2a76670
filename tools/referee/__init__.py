"""The referee's words (floor 2): explanations, disputes and the rule texts as the explain command and the referee's page show them."""
