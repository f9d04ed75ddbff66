"""What every game shares: cards, hand evaluation, pots and the odd chip, action records,
errors, names and sentences, the rulebook citations and the reading of scenario documents."""
