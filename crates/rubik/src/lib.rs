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
//! * [`search`] solves: [`search::two_phase`] any 3×3 in about 20 moves, [`search::bfs`] short
//!   scrambles of any size in the fewest moves.
//!
//! ```
//! use rubik::{Alg, FaceletCube};
//! let alg: Alg = "R U R' U'".parse().unwrap();
//! let mut cube = FaceletCube::solved(3);
//! cube.apply_alg(&alg).unwrap();
//! assert_eq!(rubik::facelet::order(3, &alg.turns(3).unwrap()), 6);
//! ```

#![warn(missing_docs)]

pub mod bigcube;
pub mod coord;
pub mod cubie;
pub mod face;
pub mod facelet;
pub mod notation;
pub mod random;
pub mod scramble;
pub mod search;
pub mod tables;
pub mod turn;

pub use cubie::{CornerCube, CubieCube, InvalidCube};
pub use face::{Axis, Face};
pub use facelet::FaceletCube;
pub use notation::{Alg, AlgError, AlgErrorKind, Move};
pub use random::{SeededRng, seeded_rng};
pub use turn::Turn;

/// The README's examples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeExamples;
