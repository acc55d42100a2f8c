"""The generated reference page of the action and observation layouts (``docs/envs/layouts.md``).

    .venv/bin/python -m trapoula.envs.docs > docs/envs/layouts.md

``tests/envs/test_docs_envs.py`` checks that the page matches the code.

>>> "| 12-139 |" in page()
True
"""

from __future__ import annotations

import importlib

from trapoula.core.registry import game_class, make
from trapoula.envs import ADAPTERS, make_adapter
from trapoula.envs.layout import table_rows

__all__ = ["page"]

_INTRO = """\
# Action and observation layouts

Generated from the code by `python -m trapoula.envs.docs`; a test keeps it up to date.
Every environment (PettingZoo, Gymnasium, OpenSpiel) uses these layouts.  An action is an
integer in `range(num_actions)`; the mask offers exactly the legal ones.  An observation is
a flat `float32` tensor, every value in [0, 1], laid out as the named slices below (seats
are relative to the observer: 0 is himself, 1 the next seat in the direction of play ...);
the information-state tensor (OpenSpiel) is the observation followed by the extra slices.
In Python: `adapter.obs_layout.views(tensor)["hand"]`.
"""


def _game_section(name: str) -> list[str]:
    cls = game_class(name)
    module = importlib.import_module(ADAPTERS[name].partition(":")[0])
    out = [f"## {cls.title}", ""]
    doc = (module.__doc__ or "").split("\n\n")
    out += [doc[0].strip(), ""]
    for preset in cls.presets:
        ad = make_adapter(make(name, preset))
        out += [f"### Actions, preset `{preset}` ({ad.num_actions} integers)", ""]
        out += [table_rows(ad.layout_rows(), ("integers", "meaning", "used"))]
        out += [""]
    ad = make_adapter(make(name))
    desc = module.SLICES
    extra = {n for n, _ in ad.info_layout.pieces} - {n for n, _ in ad.obs_layout.pieces}
    opts = "" if ad.players == 4 else f" ({ad.players} players; seats scale with the table)"
    out += [f"### Observation: {ad.obs_layout.size} values, information state "
            f"{ad.info_layout.size}{opts}", ""]
    rows = [(n, shape, rng, ("*info* " if n in extra else "") + desc[n])
            for n, shape, rng in ad.info_layout.rows()]
    out += [table_rows(rows, ("slice", "shape", "values", "meaning")), ""]
    return out


def page() -> str:
    """The Markdown page of every game's layouts."""
    lines = [_INTRO]
    for name in ADAPTERS:
        lines += _game_section(name)
    return "\n".join(lines).rstrip() + "\n"


if __name__ == "__main__":
    print(page(), end="")
