//! Lookup tables over coordinates: move tables, symmetry reductions and pruning tables.
//!
//! Each kind has one generic builder: `MoveTable::build` for any coordinate,
//! `SymmetryClasses::build` and `Conjugation::build` for any coordinate the U-D symmetries
//! act on, `Pruning::build` for the distance table over any pair of coordinates (reduced by
//! symmetry or not), `StepTable::build` for how each face turn changes those distances.
//!
//! A solver's set of tables is built, cached and decoded with the helpers of `cache`;
//! [`storage`] is the one place in the library that touches the file system: it caches a table's
//! bytes on disk behind a checked header, maps them back read-only (or, for long work, reads them
//! into memory backed by huge pages), and rebuilds whatever it cannot trust.

pub(crate) mod cache;
pub(crate) mod codec;
mod moves;
mod pruning;
mod steps;
pub mod storage;
mod symmetry;

pub(crate) use moves::{MoveFunction, MoveTable};

/// Asks the processor to start loading `items[index]` into the cache, so that a later read does
/// not wait on memory: a search probes its children's large-table entries this way before it
/// reads any of them, and the misses overlap. Does nothing where there is no prefetch
/// instruction, or for an index out of range.
pub(crate) fn prefetch<T>(items: &[T], index: usize) {
    #[cfg(target_arch = "x86_64")]
    if let Some(item) = items.get(index) {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        // SAFETY: prefetching is a hint with no effect on memory; the pointer is in bounds.
        unsafe { _mm_prefetch::<_MM_HINT_T0>((item as *const T).cast()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (items, index);
}
pub(crate) use pruning::{Mod3Pruning, Pruning, Unreduced};
pub(crate) use steps::{StepTable, Steps};
pub(crate) use symmetry::{Conjugation, SymmetryClasses};
