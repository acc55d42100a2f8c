"""The card network: a Q-network's card outputs trained on double-dummy targets.

The samples of :mod:`trapoula.train.dd_targets` (the seat's view's network input, the
double-dummy card points of every legal card on the actual deal) train a card network
(:func:`train_card_net`: a copy of the shipped network, or with ``hidden`` a new one, which
measured better: docs/learned.md) on its 32 plain card-play outputs (integer ``12 + 4k`` for
card ``k``): ``plain`` times the squared error between the output and the card's target (the
team's card points from the position on / 100) over the legal cards of each decision, plus
``centered`` times the squared error of their differences from the decision's mean (the part
of a decision's targets that orders its cards, free of the deal's level).  The minimiser is
the mean double-dummy value of a card given the view: PIMC's value with the true posterior,
distilled.  The bidding network is not trained: the card network ships *beside* it
(``card_w0, card_b0, ...`` in the weights file, :class:`trapoula.learned.bourloto.QNet`), so
the bidding values and every preset not listed in ``card_presets`` play exactly as before.

Held-out decisions (the last ``holdout`` share of the chunk files) measure what the network
would gain over the heuristic's card, per decision, in double-dummy points on the actual deal
(:func:`gains`: playing the network's best card always, or only when it values it at least
``margin`` card points above the heuristic's card — the ``improve`` rule).

    python -m trapoula.train.distill runs/dd/gr-1 runs/dd/gr-2 --out card.npz \
        --hidden 256,128 --heuristic-input --lr 1e-3 --ema 0.998 --centered 200
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import torch

from trapoula.learned.bourloto import RETURN_SCALE, weights_path
from trapoula.learned.symmetry import SymTables
from trapoula.train.dd_targets import card_slots
from trapoula.train.model import make_model

__all__ = ["gains", "load_samples", "main", "train_card_net"]

NUM_ACTIONS = 140
MARGINS = (0.0, 2.0, 4.0, 8.0)  # card points: the improve margins the held-out check reports


def load_samples(folders: Sequence[str | Path]) -> list[dict[str, np.ndarray]]:
    """Every ``chunk-*.npz`` of ``folders``, in order (a list of dicts of arrays)."""
    out = []
    for f in folders:
        for p in sorted(Path(f).glob("chunk-*.npz")):
            with np.load(p) as z:
                if len(z["heur"]):
                    out.append({k: z[k] for k in z.files})
    return out


def _concat(chunks: Sequence[dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
    return {k: np.concatenate([c[k] for c in chunks]) for k in ("x", "dd", "heur", "trick")}


def gains(q: np.ndarray, dd: np.ndarray, heur: np.ndarray,
          margins: Sequence[float] = MARGINS) -> dict[str, float]:
    """Mean double-dummy gain a decision (card points) over the heuristic's card of playing
    the best card of ``q`` (values ``[N, 32]`` in card points) always (``"always"``) and with
    each improve margin (``"m<margin>"``, with the share of decisions overridden), and the
    oracle's (the best card of ``dd``).

    >>> dd = np.array([[10.0, 4.0, np.nan], [0.0, 6.0, 2.0]], np.float32)
    >>> q = np.array([[1.0, 3.0, 9.0], [0.0, 9.0, 5.0]], np.float32)
    >>> gains(q, dd, np.array([0, 2]), margins=(3.0,))
    {'oracle': 2.0, 'always': -1.0, 'm3': 2.0, 'm3_override': 0.5}
    """
    legal = ~np.isnan(dd)
    qm = np.where(legal, q, -np.inf)
    best = qm.argmax(1)
    rows = np.arange(len(dd))
    h = dd[rows, heur]
    out = {"oracle": float(np.mean(np.nanmax(dd, 1) - h)),
           "always": float(np.mean(dd[rows, best] - h))}
    for m in margins:
        over = qm[rows, best] - q[rows, heur] >= m
        out[f"m{m:g}"] = float(np.mean(np.where(over, dd[rows, best] - h, 0.0)))
        out[f"m{m:g}_override"] = float(np.mean(over))
    return {k: round(v, 3) for k, v in out.items()}


def _model_from(arrays: Any, more: int = 0) -> torch.nn.Sequential:
    """The torch MLP of ``arrays``' network, with ``more`` inputs (zero weights) appended."""
    ws = []
    k = 0
    while f"w{k}" in arrays:
        ws.append((np.asarray(arrays[f"w{k}"], np.float32), np.asarray(arrays[f"b{k}"],
                                                                       np.float32)))
        k += 1
    if more:
        ws[0] = (np.concatenate([ws[0][0], np.zeros((more, ws[0][0].shape[1]), np.float32)]),
                 ws[0][1])
    model = make_model(ws[0][0].shape[0], [w.shape[1] for w, _ in ws[:-1]], ws[-1][0].shape[1])
    lin = [m for m in model if isinstance(m, torch.nn.Linear)]
    with torch.no_grad():
        for m, (w, b) in zip(lin, ws, strict=True):
            m.weight.copy_(torch.from_numpy(w.T.copy()))
            m.bias.copy_(torch.from_numpy(b))
    return model


def with_heuristic(x: np.ndarray, heur: np.ndarray) -> np.ndarray:
    """``x`` with the one-hot of the heuristic's card appended (32 columns)."""
    one = np.zeros((len(x), 32), x.dtype)
    one[np.arange(len(x)), heur] = 1
    return np.concatenate([x, one], axis=1)


def _card_q(model: torch.nn.Sequential, x: np.ndarray, batch: int = 4096) -> np.ndarray:
    """The model's card outputs ``[N, 32]`` in card points."""
    slots = torch.from_numpy(card_slots())
    out = []
    with torch.no_grad():
        for k in range(0, len(x), batch):
            xb = torch.from_numpy(x[k:k + batch].astype(np.float32))
            out.append(model(xb)[:, slots].numpy() * RETURN_SCALE)
    return np.concatenate(out) if out else np.zeros((0, 32), np.float32)


def _sym_card_q(model: torch.nn.Sequential, x: np.ndarray, heur: np.ndarray | None,
                sym: SymTables) -> np.ndarray:
    """The model's card values ``[N, 32]`` averaged over the six plain-suit permutations of
    each input (the values of each permuted input read back on the original cards);
    ``heur``: the heuristic's card, appended as a one-hot after permuting (None: no input)."""
    t = sym.trumps(x)
    rows = np.arange(len(x))[:, None]
    total = np.zeros((len(x), 32), np.float64)
    for j in range(6):
        xp = sym.permute(x, j)
        if heur is not None:
            xp = with_heuristic(xp, sym.cards[t, j][np.arange(len(x)), heur])
        q = _card_q(model, xp)
        total += q[rows, sym.cards[t, j]]  # card k's value is the permuted card's
    return (total / 6.0).astype(np.float32)


def train_card_net(train: dict[str, np.ndarray], test: dict[str, np.ndarray] | None,
                   base: Any, minutes: float = 10.0, epochs: int = 100, lr: float = 2e-4,
                   batch: int = 512, centered: float = 1.0, seed: int = 0,
                   heuristic_input: bool = False, freeze: int = 0, plain: float = 1.0,
                   ema: float = 0.0, hidden: Sequence[int] = (), log: Any = print,
                   sym: SymTables | None = None, copies: int = 1, select: str = "plain",
                   weight_decay: float = 0.0, check_every: int = 0,
                   on_best: Any = None
                   ) -> tuple[torch.nn.Sequential, list[dict[str, Any]]]:
    """A copy of ``base`` (weights arrays) trained on ``train``'s card targets for at most
    ``epochs`` passes or ``minutes``; returns the model of the epoch with the best held-out
    ``always`` gain (the last epoch without ``test``) and the log lines.
    ``heuristic_input``: the network also sees the heuristic's card (32 more inputs, one-hot),
    so it learns where to correct the heuristic.  ``freeze``: the first linear layers kept
    as they are (the heuristic card's new input weights still train).  ``ema`` > 0: the
    model checked and returned is the exponential moving average of the weights (that decay
    a step), which smooths the fit of the targets' noise.  ``hidden``: a new network of
    these widths (from random weights) instead of the copy of ``base``.
    ``sym`` with ``copies`` 6: every sample is trained under each of the six plain-suit
    permutations of its trump once an epoch (:mod:`trapoula.learned.symmetry`, permuted batch
    by batch: six times the samples, no more memory); the held-out check then also reports
    the values averaged over the permutations (``held_out_sym``), and ``select`` ``"sym"``
    keeps the epoch by that one.  ``weight_decay`` > 0: AdamW with that decoupled decay.
    ``check_every`` > 0: the held-out check (and the time limit) also every that many
    samples within an epoch (its line's ``epoch`` a fraction); ``on_best(model)`` is called
    with each new best model (the command line writes the weights file each time)."""
    torch.manual_seed(seed)
    torch.set_num_threads(1)
    plain_w = plain
    model = _model_from(base, 32 if heuristic_input else 0)
    if hidden:
        first = next(m for m in model if isinstance(m, torch.nn.Linear))
        model = make_model(first.weight.shape[1], hidden, NUM_ACTIONS)

    def inputs(d: dict[str, np.ndarray]) -> np.ndarray:
        return with_heuristic(d["x"], d["heur"].astype(np.int64)) if heuristic_input else d["x"]
    for k, lin in enumerate(m for m in model if isinstance(m, torch.nn.Linear)):
        if k >= freeze:
            break
        lin.bias.requires_grad_(False)
        if k == 0 and heuristic_input:
            old = lin.weight.shape[1] - 32

            def keep(grad: torch.Tensor, old: int = old) -> torch.Tensor:
                grad = grad.clone()
                grad[:, :old] = 0.0
                return grad

            lin.weight.register_hook(keep)
        else:
            lin.weight.requires_grad_(False)
    params = [p for p in model.parameters() if p.requires_grad]
    opt = (torch.optim.AdamW(params, lr=lr, weight_decay=weight_decay) if weight_decay > 0
           else torch.optim.Adam(params, lr=lr))
    shadow = copy.deepcopy(model) if ema > 0 else model
    slots = torch.from_numpy(card_slots())
    copies = copies if sym is not None else 1
    if copies > 1:
        assert sym is not None
        x = torch.from_numpy(np.ascontiguousarray(train["x"]))  # float16: permuted per batch
        heur_all = torch.from_numpy(train["heur"].astype(np.int64))
        trump_all = torch.from_numpy(sym.trumps(train["x"]))
        gather_t = torch.from_numpy(sym.gather)
        cards_t = torch.from_numpy(sym.cards)
        inverse_t = torch.from_numpy(sym.inverse)
    else:
        x = torch.from_numpy(inputs(train).astype(np.float32))
    dd = torch.from_numpy(train["dd"] / RETURN_SCALE)
    mask = ~torch.isnan(dd)
    target = torch.nan_to_num(dd)
    lines: list[dict[str, Any]] = []

    def batch_of(idx: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        """(inputs, targets, mask) of rows ``idx`` (of ``copies`` x the samples)."""
        if copies == 1:
            return x[idx], target[idx], mask[idx].float()
        s_, j = idx // copies, idx % copies
        t = trump_all[s_]
        xb = torch.gather(x[s_], 1, gather_t[t, j]).float()
        inv = inverse_t[t, j]
        tb = torch.gather(target[s_], 1, inv)
        mb = torch.gather(mask[s_], 1, inv).float()
        if heuristic_input:
            h = cards_t[t, j].gather(1, heur_all[s_][:, None])[:, 0]
            xb = torch.cat([xb, torch.nn.functional.one_hot(h, 32).float()], dim=1)
        return xb, tb, mb

    def check(epoch: float, loss: float) -> dict[str, Any]:
        line: dict[str, Any] = {"epoch": epoch, "loss": round(loss, 5),
                                "samples": len(train["heur"]) * copies,
                                "minutes": round((time.monotonic() - start) / 60.0, 2)}
        if test is not None and len(test["heur"]):
            q = _card_q(shadow, inputs(test))
            heur = test["heur"].astype(np.int64)
            line["held_out"] = gains(q, test["dd"], heur)
            if sym is not None:
                qs = _sym_card_q(shadow, test["x"], heur if heuristic_input else None, sym)
                line["held_out_sym"] = gains(qs, test["dd"], heur)
            for name, rows in (("trick2", test["trick"] == 1), ("later", test["trick"] > 1)):
                if rows.any():  # the second trick's decisions, and those after it
                    line[name] = gains(q[rows], test["dd"][rows], heur[rows])
        lines.append(line)
        log(json.dumps(line))
        return line

    start = time.monotonic()
    best_state = {k: v.clone() for k, v in shadow.state_dict().items()}
    key = "held_out_sym" if select == "sym" and sym is not None else "held_out"
    best = check(0, float("nan")).get(key, {}).get("always", -1e9)
    end = time.monotonic() + 60.0 * minutes
    def keep(line: dict[str, Any], fallback: float) -> None:
        nonlocal best, best_state
        score = line.get(key, {}).get("always", fallback)
        if test is None or score > best:
            best = score
            best_state = {k: v.clone() for k, v in shadow.state_dict().items()}
            if on_best is not None:
                on_best(shadow)

    stop = False
    for epoch in range(1, epochs + 1):
        perm = torch.randperm(len(x) * copies)
        total, n, since = 0.0, 0, 0
        for k in range(0, len(perm), batch):
            idx = perm[k:k + batch]
            xb, t, m = batch_of(idx)
            q = model(xb)[:, slots]
            cnt = m.sum(1).clamp(min=1.0)
            err = ((q - t) ** 2 * m).sum(1) / cnt
            qc = q - (q * m).sum(1, keepdim=True) / cnt[:, None]
            tc = t - (t * m).sum(1, keepdim=True) / cnt[:, None]
            diff = ((qc - tc) ** 2 * m).sum(1) / cnt
            loss = (plain_w * err + centered * diff).mean()
            opt.zero_grad()
            loss.backward()  # type: ignore[no-untyped-call]
            torch.nn.utils.clip_grad_norm_(model.parameters(), 10.0)
            opt.step()
            if ema > 0:
                with torch.no_grad():
                    for ps, pm in zip(shadow.parameters(), model.parameters(), strict=True):
                        ps.mul_(ema).add_(pm, alpha=1.0 - ema)
            total += float(loss.detach()) * len(idx)
            n += len(idx)
            since += len(idx)
            if check_every and since >= check_every and n < len(perm):
                since = 0
                at = round(epoch - 1 + n / len(perm), 3)
                keep(check(at, total / n), at)
                if time.monotonic() > end:
                    stop = True
                    break
        if stop:
            break
        keep(check(epoch, total / max(n, 1)), epoch)
        if time.monotonic() > end:
            break
    model.load_state_dict(best_state)
    return model, lines


def export(model: torch.nn.Sequential, base: Any, path: str | Path, presets: Sequence[str],
           card_from: int, modes: dict[str, tuple[str, str]],
           margins: dict[str, tuple[float, float]], symmetry: bool = False) -> None:
    """``base``'s arrays with the card network beside them (``card_w0, ...``, float16;
    ``base``'s own card network, if any, is replaced); ``symmetry``: the bot averages the
    card values over the six plain-suit permutations (``card_symmetry``)."""
    out = {k: np.asarray(base[k]) for k in base if not k.startswith("card_")}
    k = 0
    with torch.no_grad():
        for m in model:
            if isinstance(m, torch.nn.Linear):
                out[f"card_w{k}"] = m.weight.numpy().T.astype(np.float16)
                out[f"card_b{k}"] = m.bias.numpy().astype(np.float16)
                k += 1
    out["card_presets"] = np.array(list(presets), dtype=str)
    out["card_from"] = np.array([card_from], dtype=np.int8)
    out["card_symmetry"] = np.array([1 if symmetry else 0], dtype=np.int8)
    for p, who in modes.items():
        out[f"mode_{p}"] = np.array(list(who), dtype=str)
    for p, v in margins.items():
        out[f"margin_{p}"] = np.array(list(v), dtype=np.float32)
    np.savez(path, **out)  # type: ignore[arg-type]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folders", nargs="+", help="folders of dd_targets chunk files")
    ap.add_argument("--out", required=True, help="the weights file to write (.npz)")
    ap.add_argument("--base", default=None, help="the weights to start from (default: shipped)")
    ap.add_argument("--minutes", type=float, default=10.0)
    ap.add_argument("--epochs", type=int, default=100)
    ap.add_argument("--lr", type=float, default=2e-4)
    ap.add_argument("--batch", type=int, default=512)
    ap.add_argument("--centered", type=float, default=1.0)
    ap.add_argument("--heuristic-input", action="store_true",
                    help="the card network also sees the heuristic's card")
    ap.add_argument("--freeze", type=int, default=0,
                    help="keep the first N linear layers of the base network")
    ap.add_argument("--plain", type=float, default=1.0,
                    help="the weight of the plain squared error (the centered one: --centered)")
    ap.add_argument("--ema", type=float, default=0.0,
                    help="keep the moving average of the weights with this decay a step")
    ap.add_argument("--hidden", default="",
                    help="widths of a new network, comma-separated (default: the base's copy)")
    ap.add_argument("--holdout", type=float, default=0.1, help="share of chunks held out")
    ap.add_argument("--symmetry", type=int, default=1, choices=(1, 6),
                    help="6: train every sample under the six plain-suit permutations")
    ap.add_argument("--select", default="plain", choices=("plain", "sym"),
                    help="keep the epoch by the plain or the permutation-averaged held-out gain")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--weight-decay", type=float, default=0.0, help="AdamW's decay (0: Adam)")
    ap.add_argument("--check-every", type=int, default=0,
                    help="also check (and write the best) every this many samples")
    ap.add_argument("--play-symmetry", action="store_true",
                    help="the bot averages the card values over the six permutations")
    ap.add_argument("--preset", default="gr", help="the presets the card network plays")
    ap.add_argument("--card-from", type=int, default=1,
                    help="the card network decides from this many tricks done on")
    ap.add_argument("--mode", default="improve/learned",
                    help="the card presets' default: who decides before / in the play phase")
    ap.add_argument("--margin", default="20/0", help="their improve margins before / in play")
    a = ap.parse_args(argv)
    base_path = Path(a.base) if a.base else weights_path()
    with np.load(base_path) as z:
        base = {k: z[k] for k in z.files}
    chunks = load_samples(a.folders)
    n_test = int(round(a.holdout * len(chunks))) if len(chunks) > 1 else 0
    train = _concat(chunks[:len(chunks) - n_test] if n_test else chunks)
    test = _concat(chunks[len(chunks) - n_test:]) if n_test else None
    print(f"{len(train['heur'])} training decisions, "
          f"{0 if test is None else len(test['heur'])} held out", flush=True)
    sym = None
    if a.symmetry > 1 or a.select == "sym":
        import trapoula
        from trapoula.envs import make_adapter

        layout = make_adapter(trapoula.make("bourloto", "gr"), layout="shared").obs_layout
        sym = SymTables(layout, train["x"].shape[1],
                        layout.size + len(base["presets"]) if "features" in base and len(
                            base["features"]) else None)
    presets = a.preset.split(",")
    bid, play = a.mode.split("/")
    mb, mp = (float(v) for v in a.margin.split("/"))

    def write(model: torch.nn.Sequential) -> None:
        export(model, base, a.out, presets, a.card_from, {p: (bid, play) for p in presets},
               {p: (mb, mp) for p in presets}, symmetry=a.play_symmetry)

    model, _ = train_card_net(train, test, base, a.minutes, a.epochs, a.lr, a.batch,
                              a.centered, seed=a.seed, heuristic_input=a.heuristic_input,
                              freeze=a.freeze, plain=a.plain, ema=a.ema,
                              hidden=[int(h) for h in a.hidden.split(",") if h],
                              sym=sym, copies=a.symmetry, select=a.select,
                              weight_decay=a.weight_decay, check_every=a.check_every,
                              on_best=write)
    write(model)
    print(f"wrote {a.out}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
