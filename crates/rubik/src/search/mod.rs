//! Solvers: searches that turn a state into an [`Alg`](crate::Alg) that solves it.
//!
//! * [`two_phase`]: Kociemba's two-phase algorithm for the 3×3, near-optimal in well under a
//!   millisecond once its tables are built.
//! * [`bfs`]: shortest solutions for a cube of any size, by bidirectional breadth-first search
//!   over stickers; for short distances (about 10 face turns on a 3×3, 6 layer turns on a 5×5).

pub mod bfs;
pub mod two_phase;
