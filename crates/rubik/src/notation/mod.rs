//! Cube notation: text ⇄ [`Alg`]. This module knows nothing about cube state.
//!
//! The flow (the rules are those of `notation.md`):
//!
//! ```text
//! "R U [r, U']2" ──Alg::parse──▶ Alg ──Alg::expand──▶ [Move] ──Move::turn(size)──▶ Turn
//! ```
//!
//! An [`Alg`] keeps what the user wrote: groups `(A)k`, commutators `[A, B]k`, conjugates
//! `[A: B]k`, every amount as written (`R3` stays `R3`), and the source [`Span`] of every move and
//! group, so a later error (say `3Rw` on a 3×3×3) points at the right column. Parsing is
//! size-independent; the size rules (which moves exist on an N×N×N) apply when a move is resolved
//! to a [`Turn`](crate::Turn). Spans never take part in equality.
//!
//! Files:
//! * `moves.rs`: [`Move`] and its parts ([`Prefix`], [`Family`], [`Span`]); printing, inverting,
//!   the size-independent checks.
//! * `alg.rs`: [`Alg`] and its units ([`Unit`], [`Group`], [`GroupKind`]); printing and algebra
//!   (inverse, concatenation, repetition).
//! * `parse.rs`: the byte scanner behind [`Alg::parse`] (grammar, whitespace, amounts).
//! * `error.rs`: [`AlgError`], its reason codes and the caret rendering.
//! * `expand.rs`: flattening groups into moves or turns, under a length limit.
//! * `resolve.rs`: [`Move`] ⇄ [`Turn`](crate::Turn) for a given cube size.
//! * `simplify.rs`: merging and cancelling neighbouring moves on one axis.

mod alg;
mod error;
mod expand;
mod moves;
mod parse;
mod resolve;
mod simplify;
#[cfg(test)]
mod tests;

pub use alg::{Alg, Group, GroupKind, Unit};
pub use error::{AlgError, AlgErrorKind, AmountProblem, QUOTE_CHARS, quote};
pub use moves::{Family, Move, Prefix, Span};

/// The most moves an alg may expand to ([`Alg::expand`], [`Alg::turns`], [`Alg::simplify`]).
pub const MAX_EXPANDED_MOVES: usize = 1_000_000;

/// The deepest nesting of brackets the parser accepts.
pub const MAX_NESTING: usize = 100;
