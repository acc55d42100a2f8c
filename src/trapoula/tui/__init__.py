"""Terminal play: renderers that turn a seat's view into text (standard library only).

Renderers are looked up by game name; a game without one gets the generic
:class:`~trapoula.tui.base.Renderer`, which prints the view's hand and legal actions.

>>> from trapoula.tui.style import Ui
>>> type(renderer_for("bourloto", Ui())).__name__, type(renderer_for("nosuch", Ui())).__name__
('BourlotoRenderer', 'Renderer')
"""

from __future__ import annotations

import importlib

from trapoula.tui.base import Renderer
from trapoula.tui.style import Ui, supports_color

__all__ = ["RENDERERS", "Renderer", "Ui", "register_renderer", "renderer_for", "supports_color"]

# game name -> "module:Class" (imported on first use)
RENDERERS: dict[str, str] = {
    "bourloto": "trapoula.tui.bourloto:BourlotoRenderer",
    "bourre": "trapoula.tui.bourre:BourreRenderer",
    "burraco": "trapoula.tui.burraco:BurracoRenderer",
}


def register_renderer(game: str, dotted: str) -> None:
    """Register the renderer class at ``"package.module:Class"`` for a game."""
    RENDERERS[game] = dotted


def renderer_for(game: str, ui: Ui) -> Renderer:
    """The renderer of a game, or the generic one."""
    dotted = RENDERERS.get(game)
    if dotted is None:
        return Renderer(ui)
    module, _, cls = dotted.partition(":")
    renderer: Renderer = getattr(importlib.import_module(module), cls)(ui)
    return renderer
