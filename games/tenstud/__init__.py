"""Ten-card stud, weakest reveals first (seed document 000)."""
