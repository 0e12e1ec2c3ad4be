//! Flattening an [`Alg`]'s groups, commutators and conjugates into plain moves or turns.
//!
//! The length of the result is computed first, with saturating arithmetic, and checked against
//! [`MAX_EXPANDED_MOVES`], so `(R U)999999999999` fails at once instead of allocating. Each move
//! of the structure is converted once (however often its group repeats it); the copies come
//! from the flattened body of each group, extended in place.

use std::convert::Infallible;

use crate::notation::MAX_EXPANDED_MOVES;
use crate::notation::alg::{Alg, Group, GroupKind, Unit};
use crate::notation::error::{AlgError, AlgErrorKind};
use crate::notation::moves::Move;
use crate::turn::Turn;

/// Something with an inverse that a flattened sequence can hold.
trait Invert: Clone {
    fn invert(&self) -> Self;
}

impl Invert for Move {
    fn invert(&self) -> Move {
        self.inverse()
    }
}

impl Invert for Turn {
    fn invert(&self) -> Turn {
        self.inverse()
    }
}

impl Alg {
    /// The plain moves this alg stands for: `(A)k` is A k times (inverted if k < 0), `[A, B]`
    /// is `A B A' B'`, `[A: B]` is `A B A'`. Each move keeps its source span.
    ///
    /// Fails with `too_long` if there would be more than [`MAX_EXPANDED_MOVES`] moves.
    pub fn expand(&self) -> Result<Vec<Move>, AlgError> {
        self.flatten(&mut |mv: &Move| Ok(*mv))
    }

    /// The turns this alg makes on a cube of `size` layers: [`expand`](Alg::expand), then
    /// [`Move::turn`] on each move. Every move written is checked, even in a group repeated 0
    /// times; an error carries the span of the offending move.
    pub fn turns(&self, size: usize) -> Result<Vec<Turn>, AlgError> {
        self.flatten(&mut |mv: &Move| mv.turn(size))
    }

    /// The total `cost` of the turns this alg makes on a cube of `size` layers, counted
    /// without expanding: each move written is resolved and costed once, and its cost counted
    /// as often as its groups repeat it or its inverse (saturating at `u64::MAX`); so `cost`
    /// must give a turn and its inverse the same cost. Every move written is checked, as by
    /// [`turns`](Alg::turns).
    ///
    /// ```
    /// use rubik::Alg;
    /// let alg: Alg = "(R Rw2)1000 [F: (R)0] x'".parse().unwrap();
    /// let layers = alg.turn_cost(3, |turn| (turn.last - turn.first + 1) as u64).unwrap();
    /// assert_eq!(layers, 1000 * (1 + 2) + 2 + 3);
    /// assert_eq!(alg.turn_cost(4, |_| 1), Ok(2000 + 2 + 1));
    /// assert!("(M)0".parse::<Alg>().unwrap().turn_cost(2, |_| 1).is_err());
    /// ```
    pub fn turn_cost(&self, size: usize, cost: impl Fn(&Turn) -> u64) -> Result<u64, AlgError> {
        self.weighted_len(&mut |mv: &Move| mv.turn(size).map(|turn| cost(&turn)))
    }

    fn flatten<T: Invert>(
        &self,
        convert: &mut impl FnMut(&Move) -> Result<T, AlgError>,
    ) -> Result<Vec<T>, AlgError> {
        let mut out = Vec::with_capacity(self.checked_len()?);
        self.flatten_into(convert, &mut out)?;
        Ok(out)
    }

    /// The expanded length, or `too_long` naming the unit where the total passes the limit.
    fn checked_len(&self) -> Result<usize, AlgError> {
        let mut total = 0u64;
        for unit in self.units() {
            total = total.saturating_add(unit.expanded_len());
            if total > MAX_EXPANDED_MOVES as u64 {
                let kind = AlgErrorKind::TooLong {
                    limit: MAX_EXPANDED_MOVES,
                };
                return Err(AlgError::new(kind, unit.span()));
            }
        }
        Ok(total as usize)
    }

    /// The total `weight` of the expanded moves, each move written weighed once (saturating).
    fn weighted_len<E>(&self, weight: &mut impl FnMut(&Move) -> Result<u64, E>) -> Result<u64, E> {
        self.units().iter().try_fold(0u64, |total, unit| {
            Ok(total.saturating_add(unit.weighted_len(weight)?))
        })
    }

    fn flatten_into<T: Invert>(
        &self,
        convert: &mut impl FnMut(&Move) -> Result<T, AlgError>,
        out: &mut Vec<T>,
    ) -> Result<(), AlgError> {
        for unit in self.units() {
            match unit {
                Unit::Move(mv) => out.push(convert(mv)?),
                Unit::Group(group) => group.flatten_into(convert, out)?,
            }
        }
        Ok(())
    }

    /// Calls `visit` on every move written in the alg, in order, without expanding.
    fn try_for_each_move(
        &self,
        visit: &mut impl FnMut(&Move) -> Result<(), AlgError>,
    ) -> Result<(), AlgError> {
        for unit in self.units() {
            match unit {
                Unit::Move(mv) => visit(mv)?,
                Unit::Group(group) => {
                    for part in group.kind.parts() {
                        part.try_for_each_move(visit)?;
                    }
                }
            }
        }
        Ok(())
    }
}

impl Unit {
    /// The expanded length, saturating at `u64::MAX`.
    fn expanded_len(&self) -> u64 {
        let Ok(length) = self.weighted_len(&mut |_: &Move| Ok::<_, Infallible>(1));
        length
    }

    /// [`Alg::weighted_len`] of one unit.
    fn weighted_len<E>(&self, weight: &mut impl FnMut(&Move) -> Result<u64, E>) -> Result<u64, E> {
        Ok(match self {
            Unit::Move(mv) => weight(mv)?,
            Unit::Group(group) => {
                let body = match &group.kind {
                    GroupKind::Sequence(a) => a.weighted_len(weight)?,
                    GroupKind::Commutator(a, b) => a
                        .weighted_len(weight)?
                        .saturating_add(b.weighted_len(weight)?)
                        .saturating_mul(2),
                    GroupKind::Conjugate(a, b) => a
                        .weighted_len(weight)?
                        .saturating_mul(2)
                        .saturating_add(b.weighted_len(weight)?),
                };
                group.amount.unsigned_abs().saturating_mul(body)
            }
        })
    }
}

impl GroupKind {
    /// The algs inside the brackets, in order.
    fn parts(&self) -> impl Iterator<Item = &Alg> {
        let (a, b) = match self {
            GroupKind::Sequence(a) => (a, None),
            GroupKind::Commutator(a, b) | GroupKind::Conjugate(a, b) => (a, Some(b)),
        };
        std::iter::once(a).chain(b)
    }
}

impl Group {
    fn flatten_into<T: Invert>(
        &self,
        convert: &mut impl FnMut(&Move) -> Result<T, AlgError>,
        out: &mut Vec<T>,
    ) -> Result<(), AlgError> {
        if self.amount == 0 {
            // Nothing to expand, but every move written must still be valid.
            return self.kind.parts().try_for_each(|part| {
                part.try_for_each_move(&mut |mv: &Move| convert(mv).map(drop))
            });
        }
        let start = out.len();
        match &self.kind {
            GroupKind::Sequence(a) => a.flatten_into(convert, out)?,
            GroupKind::Commutator(a, b) => {
                a.flatten_into(convert, out)?;
                let middle = out.len();
                b.flatten_into(convert, out)?;
                let end = out.len();
                push_inverse(out, start, middle);
                push_inverse(out, middle, end);
            }
            GroupKind::Conjugate(a, b) => {
                a.flatten_into(convert, out)?;
                let middle = out.len();
                b.flatten_into(convert, out)?;
                push_inverse(out, start, middle);
            }
        }
        if self.amount < 0 {
            let body = &mut out[start..];
            body.reverse();
            for item in body {
                *item = item.invert();
            }
        }
        let end = out.len();
        // An empty body repeats to nothing: `()999999999999` must not loop that many times.
        if end > start {
            for _ in 1..self.amount.unsigned_abs() {
                out.extend_from_within(start..end);
            }
        }
        Ok(())
    }
}

/// Appends the inverse of `out[start..end]`.
fn push_inverse<T: Invert>(out: &mut Vec<T>, start: usize, end: usize) {
    for i in (start..end).rev() {
        let inverse = out[i].invert();
        out.push(inverse);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Expands `input` and prints the moves, or gives the error's code and column.
    fn check(input: &str, expected: Result<&str, (&str, usize)>) {
        let got = Alg::parse(input)
            .unwrap()
            .expand()
            .map(|moves| Alg::from_moves(moves).to_string())
            .map_err(|e| (e.kind.code(), e.span.map_or(0, |s| s.start + 1)));
        assert_eq!(got, expected.map(str::to_string), "{input:?}");
    }

    #[test]
    fn groups_expand() {
        let cases = [
            ("", Ok("")),
            ("R U2' x", Ok("R U2' x")),
            ("(R U)", Ok("R U")),
            ("(R U)2", Ok("R U R U")),
            ("(R U)'", Ok("U' R'")),
            ("(R U2')2'", Ok("U2 R' U2 R'")),
            ("(R U)0 F", Ok("F")),
            ("()5", Ok("")),
            ("[R, U]", Ok("R U R' U'")),
            ("[R, U]'", Ok("U R U' R'")),
            ("[R, U]2", Ok("R U R' U' R U R' U'")),
            ("[R: U]", Ok("R U R'")),
            ("[R: U]'", Ok("R U' R'")),
            ("[R U: F]2", Ok("R U F U' R' R U F U' R'")),
            ("[[R: U], F]", Ok("R U R' F R U' R' F'")),
            ("[R, [U: F]]", Ok("R U F U' R' U F' U'")),
            ("[, R]", Ok("R R'")),
            ("[R: ]", Ok("R R'")),
            ("((R)2 U)2", Ok("R R U R R U")),
            ("R3 (R3)'", Ok("R3 R3'")),
            ("((R U)999999999999)0", Ok("")),
            ("R ()999999999999999 ((R0)0)9223372036854775807", Ok("R")),
            ("R (R U)500000", Err(("too_long", 3))),
            ("(R U)999999999999", Err(("too_long", 1))),
            ("F [R, U]9223372036854775807", Err(("too_long", 3))),
            ("((R U)99999999999)99999999999", Err(("too_long", 1))),
        ];
        for (input, expected) in cases {
            check(input, expected);
        }
        let at_the_limit = Alg::parse("(R U)500000").unwrap().expand().unwrap();
        assert_eq!(at_the_limit.len(), MAX_EXPANDED_MOVES);
    }

    #[test]
    fn expanded_moves_keep_their_spans() {
        let input = "R [U: F']2";
        let spans: Vec<_> = Alg::parse(input)
            .unwrap()
            .expand()
            .unwrap()
            .iter()
            .map(|mv| &input[mv.span.unwrap().start..mv.span.unwrap().end])
            .collect();
        assert_eq!(spans, ["R", "U", "F'", "U", "U", "F'", "U"]);
    }

    #[test]
    fn turns_check_every_move_written() {
        let code = |input: &str, size| {
            Alg::parse(input)
                .unwrap()
                .turns(size)
                .map_err(|e| (e.kind.code(), e.span.unwrap().start + 1))
        };
        assert_eq!(code("R (3Rw)0", 3), Err(("whole_cube_wide", 4)));
        assert_eq!(code("[R: M]0", 4), Err(("slice_on_even", 5)));
        assert_eq!(code("(R [U, 4R])2'", 3), Err(("layer_out_of_range", 8)));
        assert_eq!(code("(R U)0", 3), Ok(vec![]));
        let turns = code("(R U)2'", 3).unwrap();
        let expected = Alg::parse("U' R' U' R'").unwrap().turns(3).unwrap();
        assert_eq!(turns, expected);
    }
}
