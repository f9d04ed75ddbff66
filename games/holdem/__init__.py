"""No-limit Texas hold'em (seed document 002)."""
