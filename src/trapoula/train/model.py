"""The Q-network in torch (training) and its numpy arrays (what the bot ships with).

A ReLU MLP from the features (the shared observation and the preset flag) to one value per
integer of the 140-action layout; :func:`to_arrays` gives the ``w0, b0, ...`` arrays that
:class:`trapoula.learned.bourloto.QNet` evaluates in numpy.

>>> import torch
>>> net = make_model(10, (8,), 3)
>>> arrays = to_arrays(net, ("gr",))
>>> sorted(arrays), arrays["w0"].shape
(['b0', 'b1', 'features', 'heuristic_bidding', 'presets', 'w0', 'w1'], (10, 8))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import torch
from torch import nn

__all__ = ["make_model", "to_arrays"]


def make_model(inputs: int, hidden: Sequence[int], outputs: int) -> nn.Sequential:
    """``inputs -> hidden... -> outputs`` with ReLU between the linear layers."""
    layers: list[nn.Module] = []
    width = inputs
    for h in hidden:
        layers += [nn.Linear(width, h), nn.ReLU()]
        width = h
    layers.append(nn.Linear(width, outputs))
    return nn.Sequential(*layers)


def to_arrays(model: nn.Sequential, presets: Sequence[str], dtype: Any = np.float32,
              heuristic_bidding: Sequence[str] = (),
              modes: Mapping[str, Sequence[str]] | None = None,
              margins: Mapping[str, Sequence[float]] | None = None,
              features: str = "") -> dict[str, np.ndarray]:
    """The linear layers' weights as ``w{k}`` ``[in, out]`` and ``b{k}``, the presets,
    those whose bidding the network was trained to leave to the heuristic, and per preset
    who decides by default (``mode_<preset>``: bidding, play) with the "improve" margins
    (``margin_<preset>``), and the card-play feature set's name (``features``, "" for none)."""
    out: dict[str, np.ndarray] = {}
    k = 0
    with torch.no_grad():
        for m in model:
            if isinstance(m, nn.Linear):
                out[f"w{k}"] = m.weight.detach().cpu().numpy().T.astype(dtype)
                out[f"b{k}"] = m.bias.detach().cpu().numpy().astype(dtype)
                k += 1
    out["presets"] = np.array(list(presets))
    out["heuristic_bidding"] = np.array(list(heuristic_bidding), dtype=str)
    out["features"] = np.array([features] if features else [], dtype=str)
    for p, who in (modes or {}).items():
        out[f"mode_{p}"] = np.array(list(who), dtype=str)
    for p, v in (margins or {}).items():
        out[f"margin_{p}"] = np.array(list(v), dtype=np.float32)
    return out
