"""rbtying/shengji's level table as a formula (``GameScoringParameters``): its bands.

rbtying/shengji ``mechanics/src/scoring.rs`` (``GameScoringParameters::step_size``,
``materialize``, ``MaterializedScoringParameters::score``) @ 71f8d43; rule ``levels.formula``.

>>> step_size(pb.LevelFormula(step_size_per_deck=20), 3, 300)
60
"""

from __future__ import annotations

from oracle import pb

FORMULA_WINDOWS = 50
"""Windows of a level formula on the banker's side, as rbtying/shengji scores at most 50."""


def step_size(formula: pb.LevelFormula, decks: int, total_points: int) -> int:
    """Points per step: ``step_size_per_deck`` per deck plus the adjustment for this many decks.

    rbtying/shengji ``mechanics/src/scoring.rs`` ``GameScoringParameters::step_size``; a step
    is more than 0, at most all the points, and a multiple of 5 (``ValueError`` otherwise).

    >>> step_size(pb.LevelFormula(step_size_per_deck=20), 3, 300)
    60
    >>> step_size(pb.LevelFormula(step_size_per_deck=20, step_adjustments={2: -5}), 2, 200)
    35
    """
    size = formula.step_size_per_deck * decks + formula.step_adjustments.get(decks, 0)
    if not 0 < size <= total_points:
        raise ValueError(f"a step of {size} points must be between 5 and {total_points}")
    if size % 5:
        raise ValueError(f"a step of {size} points is not a multiple of 5")
    return size


def formula_bands(formula: pb.LevelFormula, decks: int, total_points: int) -> list[pb.LevelBand]:
    """The bands of a level formula (rule ``levels.formula``).

    rbtying/shengji ``mechanics/src/scoring.rs`` ``GameScoringParameters::materialize`` and
    ``MaterializedScoringParameters::score``, with ``s`` the :func:`step_size`, ``N`` the steps
    to turn the deal over and ``D`` the dead zone. The banker's side wins below ``N*s``:

    * with the window around zero truncated: ``[(k-1)s, ks)`` gives ``N-k+1`` levels for
      ``k = N .. 2``, then ``[5, s)`` gives ``N`` and ``[5-s, 5)`` gives ``N+1``;
      otherwise ``[(N-1)s, Ns)`` gives 1;
    * each window of ``s`` points further down gives one level more, for
      :data:`FORMULA_WINDOWS` windows in all; the first band, below them, gives one more
      (rbtying/shengji stops scoring there).

    From ``N*s`` the attackers take the deal: the dead zone ``[Ns, (N+D)s)`` gives no level,
    then one level and one more every ``s`` points (no upper limit here).

    >>> bands = formula_bands(pb.LevelFormula(step_size_per_deck=20, steps_to_turnover=2,
    ...     deadzone_size=1, truncate_zero_crossing_window=True), 2, 200)
    >>> [(b.at_least, b.below, b.levels) for b in bands[-5:]]
    [(-35, 5, 3), (5, 40, 2), (40, 80, 1), (80, 120, 0), (120, 0, 1)]
    """
    s = step_size(formula, decks, total_points)
    n, dead = formula.steps_to_turnover, formula.deadzone_size
    if n < 1:
        raise ValueError("steps_to_turnover must be at least 1: the banker's side must be able to win")
    if formula.truncate_zero_crossing_window:
        windows = [((k - 1) * s, k * s, n - k + 1) for k in range(n, 1, -1)]
        windows += [(5, s, n), (5 - s, 5, n + 1)]
    else:
        windows = [((n - 1) * s, n * s, 1)]
    while len(windows) < FORMULA_WINDOWS:
        start, end, levels = windows[-1]
        windows.append((start - (end - start), start, levels + 1))
    lowest = windows[-1]
    bands = [pb.LevelBand(below=lowest[0], side=pb.SIDE_BANKER, levels=lowest[2] + 1)]
    bands += [pb.LevelBand(at_least=a, below=b, side=pb.SIDE_BANKER, levels=lv) for a, b, lv in reversed(windows)]
    if dead > 0:
        bands.append(pb.LevelBand(at_least=n * s, below=(n + dead) * s, side=pb.SIDE_NEITHER, levels=0,
                                  attackers_take_deal=True))
    bands.append(pb.LevelBand(at_least=(n + dead) * s, side=pb.SIDE_ATTACKERS, levels=1, step=s,
                              attackers_take_deal=True))
    return bands
