// The timeline: the moves made on the cube since its base state (solved, scrambled or painted),
// grouped in actions (what one Undo takes back: a typed sequence, a key, a drag, a solution),
// with a solution's moves labelled by stage, and the position the cube is at. The state after an
// entry is kept when the server has told it, and asked for again (through `fetchState`) when not.

/**
 * One entry: `alg` (its notation), `turns` (its turns' geometry, as the server gave them),
 * `state` (the facelet string after it, or null while unknown), `action` (a number shared by the
 * entries of one action) and `stage` (the solver's stage name, or '' for the user's moves).
 */
export class Timeline {
  /** A timeline at `base` with no moves; `fetchState(state, alg)` asks the server. */
  constructor(base, fetchState) {
    this.base = base;
    this.fetchState = fetchState;
    this.entries = [];
    this.pos = 0;
    this.actions = 0;
  }

  get length() {
    return this.entries.length;
  }

  /**
   * Drops the entries after the current position and appends one action of `entries` (objects
   * with alg, turns, state and optionally stage).
   */
  push(entries) {
    this.entries.length = this.pos;
    this.actions += 1;
    for (const entry of entries) {
      this.entries.push({ stage: '', state: null, ...entry, action: this.actions });
    }
  }

  /** The state at position p if known, else null. */
  knownState(p) {
    return p === 0 ? this.base : this.entries[p - 1].state;
  }

  /** The state at position p (0..length), asking the server when unknown; null on failure. */
  async stateAt(p) {
    let known = p;
    while (this.knownState(known) === null) known -= 1;
    if (known === p) return this.knownState(p);
    const alg = this.algBetween(known, p);
    const state = await this.fetchState(this.knownState(known), alg);
    if (state !== null) this.entries[p - 1].state = state;
    return state;
  }

  /** The notation of the entries from position `from` to `to` (from ≤ to). */
  algBetween(from, to) {
    return this.entries.slice(from, to).map((entry) => entry.alg).join(' ');
  }

  /**
   * The turns that take the cube from position `from` to `to`, in order: the entries' turns
   * forwards, or their inverses in reverse order backwards.
   */
  turnsBetween(from, to) {
    if (from <= to) return this.entries.slice(from, to).flatMap((entry) => entry.turns);
    return this.entries
      .slice(to, from)
      .flatMap((entry) => entry.turns)
      .reverse()
      .map((turn) => ({ ...turn, quarters: (4 - turn.quarters) % 4 }));
  }

  /** Where Undo goes from position p: the start of the action holding the entry before p. */
  undoTarget(p) {
    if (p === 0) return 0;
    const action = this.entries[p - 1].action;
    let q = p - 1;
    while (q > 0 && this.entries[q - 1].action === action) q -= 1;
    return q;
  }

  /** Where Redo goes from position p: the end of the action holding the entry after p. */
  redoTarget(p) {
    if (p === this.length) return p;
    const action = this.entries[p].action;
    let q = p + 1;
    while (q < this.length && this.entries[q].action === action) q += 1;
    return q;
  }

  /** The moves made up to position p: turns of a block short of the whole cube. */
  moveCount(p, size) {
    let count = 0;
    for (const entry of this.entries.slice(0, p)) {
      for (const turn of entry.turns) {
        if (turn.quarters % 4 !== 0 && !(turn.first === 0 && turn.last === size - 1)) count += 1;
      }
    }
    return count;
  }

  /** Consecutive runs of entries with the same stage: [{stage, from, to}], to exclusive. */
  segments() {
    const runs = [];
    this.entries.forEach((entry, i) => {
      const last = runs[runs.length - 1];
      if (last && last.stage === entry.stage && last.action === entry.action) last.to = i + 1;
      else runs.push({ stage: entry.stage, action: entry.action, from: i, to: i + 1 });
    });
    return runs;
  }
}

/**
 * The entries of a solution: one per move of `solution` (notation), each with its turn from
 * `turns` and its stage from `stages` ([{name, moves}]); one entry holding it all when the
 * moves and turns do not match one to one. `finalState` is the state after the last move.
 */
export function solutionEntries(solution, turns, stages, finalState) {
  const moves = solution.split(/\s+/).filter(Boolean);
  if (moves.length !== turns.length) {
    return [{ alg: solution, turns, state: finalState, stage: 'solution' }];
  }
  const names = stages.flatMap((stage) =>
    stage.moves.split(/\s+/).filter(Boolean).map(() => stage.name));
  const labelled = names.length === moves.length;
  return moves.map((alg, i) => ({
    alg,
    turns: [turns[i]],
    state: i === moves.length - 1 ? finalState : null,
    stage: labelled ? names[i] : 'solution',
  }));
}
