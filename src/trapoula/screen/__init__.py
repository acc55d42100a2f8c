"""The full-screen terminal table and replay (Textual, the ``tui`` extra).

Only this package imports Textual; ``available()`` says whether it can be used, without
importing it.  The game loop is the command line's (``trapoula.cli.table``); these modules
draw views and forward what the player types or clicks.
"""

from __future__ import annotations

import importlib.util

__all__ = ["available"]


def available() -> bool:
    """Is Textual installed (``pip install 'trapoula[tui]'``)?"""
    return importlib.util.find_spec("textual") is not None
