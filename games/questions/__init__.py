"""Questions across games: judging an answer, diagnosing a wrong one, and checking that the
table shown decides the answer."""
