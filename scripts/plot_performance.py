#!/usr/bin/env python3
"""Draws the plots of docs/performance.md from the figures recorded next to them.

Reads docs/perf/spark-runs.json, docs/perf/streaming-breakdown.json,
docs/perf/engine-sliding.json and docs/perf/aggregate-sliding.json (the medians the page
reports) and writes a PNG beside each. Run it
after adding a benchmark run to those files:

    .venv/bin/python -m pip install -r scripts/plot-requirements.txt
    .venv/bin/python scripts/plot_performance.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

PERF = Path(__file__).resolve().parent.parent / "docs" / "perf"
COLORS = {"one Row per tuple": "#9aa5b1", "packed rows": "#2b6cb0"}


def load(name: str) -> dict:
    return json.loads((PERF / name).read_text())


def spark_ratios(plt) -> Path:
    """Per run: native / streams-window (batch) and pandas / streams-window (streaming)."""
    data = load("spark-runs.json")
    runs = data["runs"]
    labels = [str(r["run"]) for r in runs]
    colors = [COLORS[r["design"]] for r in runs]
    panels = [
        ("batch: native emulation / streams-window", [r["B"] / r["A"] for r in runs], "batch"),
        (
            "streaming: applyInPandasWithState / streams-window",
            [r["C2"] / r["C1"] for r in runs],
            "streaming",
        ),
    ]
    fig, axes = plt.subplots(1, 2, figsize=(10, 3.6))
    for ax, (title, ratios, target_key) in zip(axes, panels, strict=True):
        ax.bar(labels, ratios, color=colors)
        target = data["targets"][target_key]
        ax.axhline(target, color="#c53030", linestyle="--", linewidth=1)
        ax.text(
            -0.5,
            target,
            f" target {target:g}×",
            color="#c53030",
            va="bottom",
            ha="left",
            fontsize=9,
            bbox={"facecolor": "white", "edgecolor": "none", "pad": 1},
        )
        for i, ratio in enumerate(ratios):
            ax.text(i, ratio, f"{ratio:.2f}", ha="center", va="bottom", fontsize=8)
        ax.set_title(title, fontsize=10)
        ax.set_xlabel("benchmark run")
        ax.set_ylabel("times faster")
        ax.set_ylim(0, max(max(ratios), target) * 1.2)
    handles = [plt.Rectangle((0, 0), 1, 1, color=c) for c in COLORS.values()]
    fig.legend(handles, list(COLORS), loc="lower center", ncol=2, frameon=False)
    fig.tight_layout(rect=(0, 0.08, 1, 1))
    return save(fig, "spark-ratios.png")


def streaming_breakdown(plt) -> Path:
    """The elimination steps of one streaming micro-batch, as horizontal ranges."""
    steps = load("streaming-breakdown.json")["steps"]
    names = [s["step"] for s in steps][::-1]
    lows = [s["low"] for s in steps][::-1]
    highs = [s["high"] for s in steps][::-1]
    fig, ax = plt.subplots(figsize=(8, 3.4))
    mids = [(lo + hi) / 2 for lo, hi in zip(lows, highs, strict=True)]
    colors = ["#c53030" if "C2" in n else "#2b6cb0" if "packed" in n else "#9aa5b1" for n in names]
    ax.barh(
        names,
        mids,
        xerr=[
            [m - lo for m, lo in zip(mids, lows, strict=True)],
            [hi - m for m, hi in zip(mids, highs, strict=True)],
        ],
        color=colors,
        capsize=3,
    )
    for i, (m, hi) in enumerate(zip(mids, highs, strict=True)):
        ax.text(hi, i, f"  {m:.2f} s", va="center", fontsize=8)
    ax.set_xlabel("seconds for 5M rows, one micro-batch, local[2]")
    ax.set_xlim(0, max(highs) * 1.15)
    fig.tight_layout()
    return save(fig, "streaming-breakdown.png")


def engine_sliding(plt) -> Path:
    """Engine cost per tuple of a sliding window against its size."""
    series = load("engine-sliding.json")["series"]
    fig, ax = plt.subplots(figsize=(6, 3.4))
    for s in series:
        ax.errorbar(s["n"], s["ns"], yerr=s["error"], marker="o", capsize=3, label=s["label"])
    ax.set_xscale("log")
    ax.set_xlabel("window size N (tuples), sliding count(N), count(1)")
    ax.set_ylabel("ns per tuple (99.9% error)")
    ax.set_ylim(0, None)
    ax.legend(frameon=False)
    fig.tight_layout()
    return save(fig, "engine-sliding.png")


def aggregate_sliding(plt) -> Path:
    """SPL Aggregate's cost per tuple on a sliding window against its size, both ways."""
    series = load("aggregate-sliding.json")["series"]
    fig, ax = plt.subplots(figsize=(6, 3.4))
    for s in series:
        ax.errorbar(s["n"], s["ns"], yerr=s["error"], marker="o", capsize=3, label=s["label"])
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("window size N (tuples), sliding count(N), count(1)")
    ax.set_ylabel("ns per tuple (99.9% error)")
    ax.legend(frameon=False)
    fig.tight_layout()
    return save(fig, "aggregate-sliding.png")


def save(fig, name: str) -> Path:
    path = PERF / name
    fig.savefig(path, dpi=110)
    return path


def main() -> int:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        sys.exit("error: matplotlib is missing: pip install -r scripts/plot-requirements.txt")
    for draw in (spark_ratios, streaming_breakdown, engine_sliding, aggregate_sliding):
        print(f"wrote {draw(plt).relative_to(PERF.parent.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
