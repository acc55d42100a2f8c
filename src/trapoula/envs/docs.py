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

The observation's size depends on the preset and the table size (Bourloto's bidding log
has one slot per possible bid: `ru` plays up to four agreement rounds, `gr` two bidding
rounds; Bourré and Burraco have a block per seat).  The sizes of every preset and table
size are in the first table of each game, the full slice table of every one that differs
from the default follows.  **One agent for several presets:** `layout="shared"` (every
environment and `trapoula.envs.make_adapter(game, layout="shared")`) pads Bourloto's bidding
log to the largest default preset's (22 slots), so `ru` and `gr` both give the 870 values
of the default table below, slice for slice (the slots a preset never fills stay 0).
Bourré and Burraco already share one layout per table size across their presets.
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
    sizes, differ = [], []
    for preset, players in _configs(name):
        opts = {} if players is None else {"players": players}
        own = make_adapter(make(name, preset, **opts))
        shared = make_adapter(make(name, preset, **opts), layout="shared")
        sizes.append((f"`{preset}`", own.players, own.num_actions, own.obs_layout.size,
                      own.info_layout.size, shared.obs_layout.size))
        seen = [ad] + [d for _, d in differ]
        if all(own.info_layout.pieces != x.info_layout.pieces for x in seen):
            differ.append((preset, own))
    out += ["### Sizes", ""]
    out += [table_rows(sizes, ("preset", "players", "actions", "observation",
                               "information state", "observation, layout=shared")), ""]
    opts = "" if ad.players == 4 else f" ({ad.players} players; seats scale with the table)"
    out += [f"### Observation, preset `{cls.default_preset}`: {ad.obs_layout.size} values, "
            f"information state {ad.info_layout.size}{opts}", ""]
    rows = [(n, shape, rng, ("*info* " if n in extra else "") + desc[n])
            for n, shape, rng in ad.info_layout.rows()]
    out += [table_rows(rows, ("slice", "shape", "values", "meaning")), ""]
    for preset, own in differ:
        same = [p for p, n in _configs(name) if p != preset and n == own.players
                and make_adapter(make(name, p, players=n)).info_layout.pieces
                == own.info_layout.pieces]
        also = f" (every preset: {', '.join(f'`{p}`' for p in [preset, *same])})" if same else ""
        out += [f"### Observation, preset `{preset}`, {own.players} players{also}: "
                f"{own.obs_layout.size} values, information state {own.info_layout.size}", ""]
        out += [table_rows(own.info_layout.rows(), ("slice", "shape", "values")), ""]
    return out


def _configs(name: str) -> list[tuple[str, int | None]]:
    """Every preset, and for games with a table size every allowed one."""
    cls = game_class(name)
    out: list[tuple[str, int | None]] = []
    for preset in cls.presets:
        spec = {f.name: f for f in _fields(make(name, preset).options)}.get("players")
        if spec is None:
            out.append((preset, None))
            continue
        meta = spec.metadata
        choices = meta.get("choices") or range(meta["minimum"], meta["maximum"] + 1)
        out += [(preset, int(n)) for n in choices]
    return out


def _fields(options: object) -> tuple:  # type: ignore[type-arg]
    import dataclasses

    return dataclasses.fields(options)  # type: ignore[arg-type]


def page() -> str:
    """The Markdown page of every game's layouts."""
    lines = [_INTRO]
    for name in ADAPTERS:
        lines += _game_section(name)
    return "\n".join(lines).rstrip() + "\n"


if __name__ == "__main__":
    print(page(), end="")
