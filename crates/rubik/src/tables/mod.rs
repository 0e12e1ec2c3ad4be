//! Lookup tables over coordinates: move tables, symmetry reductions and pruning tables.
//!
//! Each kind has one generic builder: [`MoveTable::build`] for any coordinate,
//! [`SymmetryClasses::build`] and [`Conjugation::build`] for any coordinate the U-D symmetries
//! act on, [`Pruning::build`] for the distance table over any pair of coordinates (reduced by
//! symmetry or not).
//!
//! [`storage`] is the one place in the library that touches the file system: it caches a table's
//! bytes on disk behind a checked header, memory-maps them back, and rebuilds whatever it cannot
//! trust.

pub mod codec;
mod moves;
mod pruning;
pub mod storage;
mod symmetry;

pub use moves::MoveTable;
pub use pruning::{Pruning, Reduction, Unreduced};
pub use symmetry::{Conjugation, SymmetryClasses};
