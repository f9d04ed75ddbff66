"""Seven-card stud (Stud High, Razz, Stud Hi-Lo 8 or better): rules, betting, the hand's
state, irregularities, explanations, generation and the hand walk (variations: games.vary)."""
