"""The backtest's bootstrap: :data:`RESAMPLES` resamples of a view's competitions, each the
mean of every measure over n competitions drawn with replacement (Efron's bootstrap; the
intervals are the resampled means' 2.5th and 97.5th percentiles, ``scores.py``).

How a resample is drawn (issue 33: on a million matches, 2,000 × n draws with
``Generator.integers`` and a ``bincount`` per resample were 50–60 s, most of the backtest):

- **Its own stream.** Resample r of view v (``scores.py``: 0 all, 1 returning, 2 newcomers)
  draws from ``Generator(SFC64(SeedSequence(0, spawn_key=(v, r))))`` alone — the r-th
  child of the v-th child of ``SeedSequence(0)``, as ``spawn`` numbers them. The resamples
  are independent of one another, so they are drawn on the machine's cores in any split
  (:data:`THREADS`) with the same result.
- **Blocks of competitions.** The n competitions are cut into blocks of 2^:data:`BITS` in
  order (the last one shorter). How many of the n draws fall in each block is the
  multinomial of n over the blocks' sizes / n (``Generator.multinomial``); then each block's
  draws are uniform over its competitions. Together these are exactly n uniform draws with
  replacement (a multinomial's draws, split by where they fall), and a block's measures, a
  few hundred kB, stay in the processor's cache while they are summed.
- **Few bits a draw.** Within a block, a draw takes the next ``b`` bits of the stream's
  64-bit words, lowest first, ``b`` the bits of the block's size − 1 (12 for 4,096: five
  draws a word); a value not below the block's size is dropped and the next taken (only in
  a shorter last block). Each block starts on a fresh word. Uniform and unbiased: every
  value of ``b`` bits is equally likely.

The sums are taken in a compiled pass (:func:`_sums`): for each block, the measures of its
draws added up column by column in the order drawn, the block's sums added to the
resample's in block order; a few-valued column (``resample.Reduced``) counted by class. A
resample's means are the same as ``values[picks].mean(axis=0)`` of the same draws to the
last bits (the order of the additions): ``tests/ratings/backtest/test_bootstrap.py`` draws
the picks with numpy from the same stream and compares to 1e-12. Before this module the
draws were ``default_rng(0).integers(0, n)`` for every view in turn, so the intervals' ends
moved (by about their own sampling error, ~1/√2000 of the interval's width); the means did
not.
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import numpy.typing as npt

from palmares.ratings.backtest.resample import Reduced
from palmares.ratings.jit import compiled, njit

__all__ = ["BITS", "RESAMPLES", "SEED", "THREADS", "resampled_means", "streams"]

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]
U64 = npt.NDArray[np.uint64]

RESAMPLES = 2000
SEED = 0
#: Blocks of 2^BITS competitions (4,096: a block of eight measures is 256 kB).
BITS = 12
#: The threads the resamples are split over (the result does not depend on it).
THREADS = max(1, min(4, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1))

_ONE = np.uint64(1)
#: Classes counted four ways at once (a draw's class count not waiting for the last one's).
_SPLIT_CLASSES = 256


def streams(view: int, n: int) -> tuple[I64, I64, U64]:
    """View ``view``'s resamples of ``n`` competitions: the blocks' starts
    (``starts[b]:starts[b+1]``), each resample's count of draws in each block (a row per
    resample) and each resample's SFC64 state (a, b, c, counter) after those counts were
    drawn, from which its draws continue."""
    starts = np.append(np.arange(0, n, 1 << BITS, dtype=np.int64), np.int64(n))
    shares = np.diff(starts) / n
    counts = np.empty((RESAMPLES, shares.shape[0]), dtype=np.int64)
    states = np.empty((RESAMPLES, 4), dtype=np.uint64)
    for r in range(RESAMPLES):
        child = np.random.SeedSequence(SEED, spawn_key=(view, r))
        rng = np.random.Generator(np.random.SFC64(child))
        counts[r] = rng.multinomial(n, shares)
        states[r] = rng.bit_generator.state["state"]["state"]
    return starts, counts, states


def resampled_means(values: Reduced, view: int) -> F64:
    """Each resample's (a row) mean of every column of ``values`` (a column each), drawn as
    the module describes for view ``view``."""
    n = values.n
    starts, counts, states = streams(view, n)
    rows = values.rows()
    kinds = values.table.shape[0] if values.few else 0
    sums = np.zeros((RESAMPLES, rows.shape[1]))
    hist = np.zeros((RESAMPLES, kinds), dtype=np.int64)
    kernel = compiled(_sums)
    cuts = np.linspace(0, RESAMPLES, THREADS + 1).astype(np.int64)

    def run(k: int) -> None:
        kernel(rows, values.classes, starts, counts, states, cuts[k], cuts[k + 1], sums, hist)

    if THREADS == 1:
        run(0)
    else:
        with ThreadPoolExecutor(THREADS) as pool:
            list(pool.map(run, range(THREADS)))
    out = np.empty((RESAMPLES, values.width))
    if values.few:
        out[:, values.few] = (hist @ values.table) / n
    if values.many:
        out[:, values.many] = sums[:, : len(values.many)] / n
    for j, same in enumerate(values.same):
        if same != j:
            out[:, j] = out[:, same]
    return out


@njit(cache=True, nogil=True)
def _sums(
    rows: F64,
    classes: I64,
    starts: I64,
    counts: I64,
    states: U64,
    first: int,
    last: int,
    sums: F64,
    hist: I64,
) -> None:  # pragma: no cover - compiled
    """Resamples ``first:last``: their draws from ``states`` (SFC64, advanced in place), block
    by block as the module says; each draw's row of ``rows`` (its width a multiple of 8)
    added to ``sums[r]``, its class counted in ``hist[r]`` (when ``hist`` has columns).

    Eight columns (a 64-byte line) are added draw by draw in registers; wider rows, the
    block's rows in order, each times its number of draws (the loop over a row's columns is
    the processor's vector additions): the fastest of each, measured (issue 33)."""
    width = rows.shape[1]
    kinds = hist.shape[1]
    most = 1
    for r in range(first, last):
        for b in range(counts.shape[1]):
            most = max(most, counts[r, b])
    picks = np.empty(most, dtype=np.int64)
    widest = 1
    for b in range(starts.shape[0] - 1):
        widest = max(widest, starts[b + 1] - starts[b])
    drawn = np.empty(widest, dtype=np.int64)
    line = np.empty(width)
    split = np.zeros((4, kinds if kinds <= _SPLIT_CLASSES else 0), dtype=np.int64)
    for b in range(starts.shape[0] - 1):
        lo = starts[b]
        size = starts[b + 1] - lo
        bits = 0
        while (1 << bits) < size:
            bits += 1
        mask = np.uint64((1 << bits) - 1)
        shift = np.uint64(bits)
        limit = np.uint64(size)
        per_word = 64 // bits if bits > 0 else 0
        for r in range(first, last):
            m = counts[r, b]
            if m == 0:
                continue
            # SFC64 (numpy's sfc64_next), its state in registers for the block
            a, s1, s2, k = states[r, 0], states[r, 1], states[r, 2], states[r, 3]
            word = np.uint64(0)
            left = 0
            q = 0
            while q < m:
                if bits == 0:  # a block of one competition
                    picks[q] = lo
                    q += 1
                    continue
                if left == 0:
                    word = a + s1 + k
                    k += _ONE
                    a = s1 ^ (s1 >> np.uint64(11))
                    s1 = s2 + (s2 << np.uint64(3))
                    s2 = ((s2 << np.uint64(24)) | (s2 >> np.uint64(40))) + word
                    left = per_word
                v = word & mask
                word >>= shift
                left -= 1
                if v < limit:
                    picks[q] = lo + np.int64(v)
                    q += 1
            states[r, 0], states[r, 1], states[r, 2], states[r, 3] = a, s1, s2, k
            if width == 8:  # one line a draw: its eight values added in registers
                x0 = x1 = x2 = x3 = x4 = x5 = x6 = x7 = 0.0
                for q in range(m):
                    i = picks[q]
                    x0 += rows[i, 0]
                    x1 += rows[i, 1]
                    x2 += rows[i, 2]
                    x3 += rows[i, 3]
                    x4 += rows[i, 4]
                    x5 += rows[i, 5]
                    x6 += rows[i, 6]
                    x7 += rows[i, 7]
                sums[r, 0] += x0
                sums[r, 1] += x1
                sums[r, 2] += x2
                sums[r, 3] += x3
                sums[r, 4] += x4
                sums[r, 5] += x5
                sums[r, 6] += x6
                sums[r, 7] += x7
            elif width > 0:  # wider: the block's rows in order, each times its draws
                for t in range(size):
                    drawn[t] = 0
                for q in range(m):
                    drawn[picks[q] - lo] += 1
                for j in range(width):
                    line[j] = 0.0
                for t in range(size):
                    if drawn[t] > 0:  # (a row not drawn adds nothing, not 0 × ∞)
                        times = float(drawn[t])
                        for j in range(width):
                            line[j] += times * rows[lo + t, j]
                for j in range(width):
                    sums[r, j] += line[j]
            if 0 < kinds <= _SPLIT_CLASSES:  # four counts a class, in turn: no draw waits
                for q in range(m):  # for the count the draw before it just wrote
                    split[q & 3, classes[picks[q]]] += 1
                for c in range(kinds):
                    hist[r, c] += split[0, c] + split[1, c] + split[2, c] + split[3, c]
                    split[0, c] = split[1, c] = split[2, c] = split[3, c] = 0
            elif kinds > 0:
                for q in range(m):
                    hist[r, classes[picks[q]]] += 1
