//! Solvers: searches from a state to the solved cube, each returning its solution as [`Turn`]s
//! and as an [`Alg`].
//!
//! * [`bfs`]: shortest solutions for a cube of any size, by bidirectional breadth-first search
//!   over stickers; for short distances (about 10 face turns on a 3×3, 6 layer turns on a 5×5).
//!
//! [`Turn`]: crate::Turn
//! [`Alg`]: crate::Alg

pub mod bfs;
