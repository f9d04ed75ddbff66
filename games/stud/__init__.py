"""Seven-card stud (Stud High, Razz, Stud Hi-Lo 8 or better): rules, betting, the hand's
state, irregularities, explanations, generation, variations and the hand walk."""
