//! The integration suite of the rubik library: one binary, so the suite links once.
//!
//! * `vectors`: the shared public test vectors (`tests/data/*.jsonl`), every one of them.
//! * `laws`: algebraic laws as property tests across sizes, and known facts about the cube.
//! * `bigcube`: big-cube validation (every turned state accepted, every defect refused) and random states.
//! * `bfs`: breadth-first search against plain iterative deepening, and its bounds.
//! * `solve`: the two-phase solver on the small tables.
//! * `pocket`: the optimal 2×2 solver, its distance tables and random-state scrambles.
//! * `faults`: every kind of table set given damaged files, an unwritable cache, racing loaders.

mod bfs;
mod bigcube;
mod faults;
mod laws;
mod optimal;
mod pocket;
mod solve;
mod vectors;
