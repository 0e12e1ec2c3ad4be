//! Solvers: searches that turn a state into an [`Alg`](crate::Alg) that solves it.
//!
//! * [`two_phase`]: Kociemba's two-phase algorithm for the 3×3, near-optimal in well under a
//!   millisecond once its tables are built.

pub mod two_phase;
