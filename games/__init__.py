"""The shared poker engine of the Stud Dealer Trainer.

Pure Python, deterministic and typed. Nothing here imports Django or the web apps:
the web layer calls the engine, never the other way round.

Imports are kept lean on purpose: ``python -m games solve`` must start fast, so
submodules are imported where they are used rather than re-exported here.
"""

__all__: list[str] = []
