"""Flush Code Hack five-card draw with suit order (seed document 001)."""
