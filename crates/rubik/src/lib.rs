//! # rubik: a Rubik's cube toolkit
//!
//! The flow, from text to state:
//!
//! * [`notation`] parses what cubers write (`R U R' U'`, `3Rw`, `[R, U]`) into an [`Alg`], and
//!   resolves its moves, for a given cube size, into [`Turn`]s (a block of layers about an axis).
//! * [`facelet`] holds the sticker model of any N×N×N cube, [`FaceletCube`], which turns `Turn`s,
//!   reads and writes facelet strings and renders nets and SVG.
//! * [`cubie`] holds the 3×3 as pieces, [`CubieCube`] (and the 2×2's corners, [`CornerCube`]): a
//!   state is a permutation with orientations, composed, inverted and raised to powers; converted
//!   from a `FaceletCube` with full validation.
//! * [`scramble`] draws reproducible scrambles from a seed.
//! * [`search`] holds the searches: [`search::two_phase`] any 3×3 in about 20 moves,
//!   [`search::optimal`] the shortest 3×3 solutions, [`search::pocket`] the 2×2,
//!   [`search::bfs`] short scrambles of any size in the fewest moves.
//! * [`solve()`] is the one solve policy every front end calls: a state of any size in, a
//!   [`Solution`] in stages (or a typed [`SolveError`]) out.
//!
//! Parse, apply, solve, replay:
//!
//! ```
//! use rubik::search::two_phase::TableSize;
//! use rubik::solve::Tables;
//! use rubik::{Alg, FaceletCube, SolveOptions};
//! let alg: Alg = "R U R' U' F2 D".parse().unwrap();
//! let mut cube = FaceletCube::solved(3);
//! cube.apply_alg(&alg).unwrap();
//! // The tiny tables build in memory in a moment; `TableSize::Large` (cached) solves fastest.
//! let tables = Tables::cached(None, TableSize::Tiny);
//! let solution = rubik::solve(&cube, &SolveOptions::new(&tables)).unwrap();
//! assert!(solution.obtm() <= 20);
//! cube.apply_alg(&solution.alg()).unwrap();
//! assert!(cube.is_solved());
//! ```

#![warn(missing_docs)]

pub mod bigcube;
pub(crate) mod coord;
pub mod cubie;
pub mod face;
pub mod facelet;
pub mod limits;
pub mod notation;
pub mod random;
pub mod scramble;
pub mod search;
pub mod solve;
pub mod tables;
pub mod turn;

pub use cubie::{CornerCube, CubieCube, FaceTurn, InvalidCube};
pub use face::{Axis, Face};
pub use facelet::FaceletCube;
pub use notation::{Alg, AlgError, AlgErrorKind, Move};
pub use random::{SeededRng, seeded_rng};
pub use solve::{Solution, SolveError, SolveOptions, solve};
pub use turn::Turn;

/// The README's examples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeExamples;
