//! [`Alg`]: a sequence of moves and bracketed groups, kept as the user wrote it; printing and the
//! algebra on the structure (inverse, concatenation, repetition).

use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Add;
use std::str::FromStr;

use crate::notation::error::AlgError;
use crate::notation::moves::{Move, Span, write_amount};
use crate::notation::parse;
use crate::turn::Turn;

/// An algorithm: a sequence of [`Unit`]s, each a move or a bracketed group with an amount.
///
/// Parsing keeps the structure and the amounts as written; [`expand`](Alg::expand) flattens it,
/// [`turns`](Alg::turns) resolves it for a cube size. Printing gives back text that parses to an
/// equal alg. Equality and hashing ignore source spans.
///
/// ```
/// use rubik::notation::Alg;
///
/// let alg: Alg = "[R, U]2 (F')".parse().unwrap();
/// assert_eq!(alg.to_string(), "[R, U]2 (F')");
/// assert_eq!(alg.inverse().to_string(), "(F) [U, R]2");
/// let moves: Vec<String> = alg.expand().unwrap().iter().map(|m| m.to_string()).collect();
/// assert_eq!(moves.join(" "), "R U R' U' R U R' U' F'");
/// assert_eq!(alg.then(&alg.inverse()).simplify().unwrap(), Alg::default());
/// assert_eq!(Alg::parse("R U2 U2 R").unwrap().simplify().unwrap().to_string(), "R2");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Alg {
    units: Vec<Unit>,
}

/// One element of an [`Alg`]'s sequence.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Unit {
    /// A single move.
    Move(Move),
    /// A bracketed group with an amount.
    Group(Group),
}

/// A bracketed group `(A)k`, `[A, B]k` or `[A: B]k`.
#[derive(Clone, Debug)]
pub struct Group {
    /// What the brackets hold.
    pub kind: GroupKind,
    /// How many times the group is applied, as written; negative means inverted.
    pub amount: i64,
    /// Where the group stands in the source text (brackets and amount), if it was parsed.
    pub span: Option<Span>,
}

/// What a [`Group`]'s brackets hold.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum GroupKind {
    /// `(A)`: A.
    Sequence(Alg),
    /// `[A, B]`: A B A' B'.
    Commutator(Alg, Alg),
    /// `[A: B]`: A B A'.
    Conjugate(Alg, Alg),
}

impl PartialEq for Group {
    fn eq(&self, other: &Group) -> bool {
        self.amount == other.amount && self.kind == other.kind
    }
}

impl Eq for Group {}

impl Hash for Group {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.kind.hash(state);
        self.amount.hash(state);
    }
}

impl Alg {
    /// Parses notation (`notation.md` §4). Size-independent: `3Rw` parses, and is checked
    /// against a size by [`turns`](Alg::turns).
    pub fn parse(text: &str) -> Result<Alg, AlgError> {
        parse::parse(text)
    }

    /// The alg made of these units, in order.
    pub fn new(units: Vec<Unit>) -> Alg {
        Alg { units }
    }

    /// The alg made of these moves, in order.
    pub fn from_moves(moves: Vec<Move>) -> Alg {
        Alg::new(moves.into_iter().map(Unit::Move).collect())
    }

    /// The alg of these turns, in order, each spelt canonically for a cube of `size` layers
    /// ([`Move::from_turn`]).
    ///
    /// # Panics
    /// If a turn's block does not fit the cube.
    pub fn from_turns(turns: impl IntoIterator<Item = Turn>, size: usize) -> Alg {
        let moves = turns.into_iter().map(|turn| Move::from_turn(turn, size));
        Alg::from_moves(moves.collect())
    }

    /// The units, in order.
    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    /// Whether the alg has no units at all (`R0` or `()` is not empty, though it does nothing).
    pub fn is_empty(&self) -> bool {
        self.units.is_empty()
    }

    /// The alg that undoes this one, keeping the structure: the units reversed, each inverted
    /// (`[A, B]` becomes `[B, A]`, `[A: B]` becomes `[A: B']`, `(A)k` becomes `(A')k`).
    pub fn inverse(&self) -> Alg {
        Alg::new(self.units.iter().rev().map(Unit::inverse).collect())
    }

    /// This alg followed by `next`.
    pub fn then(&self, next: &Alg) -> Alg {
        self.clone() + next.clone()
    }

    /// The group `(A)k`: this alg `times` times (inverted if `times` is negative).
    pub fn repeat(&self, times: i64) -> Alg {
        Alg::new(vec![Unit::Group(Group {
            kind: GroupKind::Sequence(self.clone()),
            amount: times,
            span: None,
        })])
    }
}

impl Unit {
    /// Where the unit stands in the source text, if it was parsed.
    pub fn span(&self) -> Option<Span> {
        match self {
            Unit::Move(mv) => mv.span,
            Unit::Group(group) => group.span,
        }
    }

    /// The unit that undoes this one.
    pub fn inverse(&self) -> Unit {
        match self {
            Unit::Move(mv) => Unit::Move(mv.inverse()),
            Unit::Group(group) => Unit::Group(group.inverse()),
        }
    }
}

impl Group {
    /// The group that undoes this one, with the same amount and brackets.
    pub fn inverse(&self) -> Group {
        let kind = match &self.kind {
            GroupKind::Sequence(alg) => GroupKind::Sequence(alg.inverse()),
            GroupKind::Commutator(a, b) => GroupKind::Commutator(b.clone(), a.clone()),
            GroupKind::Conjugate(a, b) => GroupKind::Conjugate(a.clone(), b.inverse()),
        };
        Group { kind, ..*self }
    }
}

impl Add for Alg {
    type Output = Alg;

    /// Concatenation: `self` followed by `next`.
    fn add(mut self, next: Alg) -> Alg {
        self.units.extend(next.units);
        self
    }
}

impl FromStr for Alg {
    type Err = AlgError;

    fn from_str(text: &str) -> Result<Alg, AlgError> {
        Alg::parse(text)
    }
}

impl fmt::Display for Alg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, unit) in self.units.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{unit}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unit::Move(mv) => write!(f, "{mv}"),
            Unit::Group(group) => write!(f, "{group}"),
        }
    }
}

impl fmt::Display for Group {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            GroupKind::Sequence(alg) => write!(f, "({alg})")?,
            GroupKind::Commutator(a, b) => write!(f, "[{a}, {b}]")?,
            GroupKind::Conjugate(a, b) => write!(f, "[{a}: {b}]")?,
        }
        write_amount(f, self.amount)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Parses `input`, applies `op` and compares the printed result.
    fn check(input: &str, op: fn(&Alg) -> Alg, expected: &str) {
        let alg = Alg::parse(input).unwrap();
        assert_eq!(op(&alg).to_string(), expected, "{input:?}");
    }

    #[test]
    fn inverse_keeps_the_structure() {
        let cases = [
            ("", ""),
            ("R", "R'"),
            ("R U' F2 B2' L3", "L3' B2 F2 U R'"),
            ("(R U)2", "(U' R')2"),
            ("(R U)2'", "(U' R')2'"),
            ("[R, U]", "[U, R]"),
            ("[R, U]3'", "[U, R]3'"),
            ("[R: U F]", "[R: F' U']"),
            ("[[R: U], F] x", "x' [F, [R: U]]"),
            ("(R [U: F])'", "([U: F'] R')'"),
        ];
        for (input, expected) in cases {
            check(input, Alg::inverse, expected);
        }
    }

    #[test]
    fn concatenation_and_repetition() {
        check("R U", |a| a.then(&Alg::parse("(F)2").unwrap()), "R U (F)2");
        check("R U", |a| a.clone() + Alg::default(), "R U");
        check("", |a| a.then(a), "");
        check("R U", |a| a.repeat(3), "(R U)3");
        check("R U", |a| a.repeat(-2), "(R U)2'");
        check("[R, U]", |a| a.repeat(0).repeat(1), "(([R, U])0)");
        assert!(Alg::default().is_empty());
        assert!(!Alg::parse("R0").unwrap().is_empty());
        assert!(Alg::parse(" \t").unwrap().is_empty());
    }

    #[test]
    fn equality_ignores_spans() {
        let spaced = Alg::parse("  R   (U  F)2  [ R , U ]").unwrap();
        let tight = Alg::parse("R (U F)2 [R,U]").unwrap();
        assert_eq!(spaced, tight);
        assert_ne!(spaced.units()[1].span(), tight.units()[1].span());
        let state = std::collections::hash_map::RandomState::new();
        use std::hash::BuildHasher;
        assert_eq!(state.hash_one(&spaced), state.hash_one(&tight));
        assert_ne!(tight, Alg::parse("R (U F)2' [R, U]").unwrap());
        assert_ne!(tight, Alg::parse("R (U F)2 [R: U]").unwrap());
    }
}
