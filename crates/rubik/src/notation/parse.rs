//! The parser behind [`Alg::parse`]: a recursive-descent byte scanner for the grammar of
//! `notation.md` §4.
//!
//! One pass checks that brackets balance and nest at most [`MAX_NESTING`] deep, so the descent
//! cannot overflow the stack and reports unbalanced brackets before anything inside them. A second
//! pass builds the [`Alg`]. Every unit must be followed by whitespace, a bracket or separator, or
//! the end; what else follows decides the error (`missing_space` when another unit starts there).
//! Text is only copied into a `String` when an error names it.

use crate::notation::MAX_NESTING;
use crate::notation::alg::{Alg, Group, GroupKind, Unit};
use crate::notation::error::{AlgError, AlgErrorKind, AmountProblem, quote};
use crate::notation::moves::{Family, Move, Prefix, Span};

/// Parses a whole alg.
pub(super) fn parse(text: &str) -> Result<Alg, AlgError> {
    check_brackets(text.as_bytes())?;
    let mut parser = Parser {
        text,
        bytes: text.as_bytes(),
        pos: 0,
    };
    let alg = parser.sequence()?;
    match parser.peek() {
        None => Ok(alg),
        Some(byte) => Err(error(stray(byte), parser.pos, parser.pos + 1)),
    }
}

fn is_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\r' | b'\n')
}

/// Bytes that end a sequence: closing brackets and separators.
fn ends_sequence(byte: u8) -> bool {
    matches!(byte, b')' | b']' | b',' | b':')
}

/// Bytes that end a word of unknown text.
fn ends_word(byte: u8) -> bool {
    is_space(byte) || ends_sequence(byte) || matches!(byte, b'(' | b'[')
}

/// Bytes that can start a unit.
fn starts_unit(byte: u8) -> bool {
    matches!(byte, b'(' | b'[') || byte.is_ascii_digit() || Family::from_letter(byte).is_some()
}

/// An error about the text `start..end`.
fn error(kind: AlgErrorKind, start: usize, end: usize) -> AlgError {
    AlgError::new(kind, Some(Span { start, end }))
}

/// The value of a decimal number, if it fits.
fn decimal(digits: &[u8]) -> Option<u64> {
    digits.iter().try_fold(0u64, |n, &d| {
        n.checked_mul(10)?.checked_add(u64::from(d - b'0'))
    })
}

/// The bracket that closes `open` (`(` or `[`).
fn closer_of(open: u8) -> u8 {
    if open == b'(' { b')' } else { b']' }
}

/// The error for a closing bracket or separator where a sequence may not end.
fn stray(byte: u8) -> AlgErrorKind {
    match byte {
        b')' | b']' => AlgErrorKind::Unopened {
            close: char::from(byte),
        },
        _ => AlgErrorKind::StraySeparator {
            separator: char::from(byte),
        },
    }
}

/// Checks that brackets pair up and nest at most [`MAX_NESTING`] deep.
fn check_brackets(bytes: &[u8]) -> Result<(), AlgError> {
    let fail = |kind, at: usize| Err(error(kind, at, at + 1));
    let mut open: Vec<usize> = Vec::new();
    for (at, &byte) in bytes.iter().enumerate() {
        match byte {
            b'(' | b'[' if open.len() == MAX_NESTING => {
                return fail(AlgErrorKind::TooDeep { limit: MAX_NESTING }, at);
            }
            b'(' | b'[' => open.push(at),
            b')' | b']' => {
                let paired = open.pop().is_some_and(|i| closer_of(bytes[i]) == byte);
                if !paired {
                    return fail(stray(byte), at);
                }
            }
            _ => {}
        }
    }
    match open.pop() {
        Some(at) => fail(
            AlgErrorKind::Unclosed {
                open: char::from(bytes[at]),
            },
            at,
        ),
        None => Ok(()),
    }
}

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Parser<'a> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    /// The source text from `start` to the current position, as an error quotes it.
    fn text_from(&self, start: usize) -> String {
        quote(&self.text[start..self.pos])
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(is_space) {
            self.pos += 1;
        }
    }

    /// Advances while `keep` holds for the next byte.
    fn skip_while(&mut self, keep: impl Fn(u8) -> bool) {
        while self.peek().is_some_and(&keep) {
            self.pos += 1;
        }
    }

    /// `ws* (unit (ws+ unit)*)? ws*`, up to a closing bracket, a separator or the end.
    fn sequence(&mut self) -> Result<Alg, AlgError> {
        let mut units = Vec::new();
        self.skip_space();
        while let Some(byte) = self.peek() {
            if ends_sequence(byte) {
                break;
            }
            units.push(self.unit()?);
            self.skip_space();
        }
        Ok(Alg::new(units))
    }

    /// A move or a group, and a check of what follows it.
    fn unit(&mut self) -> Result<Unit, AlgError> {
        let start = self.pos;
        let unit = match self.bytes[start] {
            b'(' | b'[' => Unit::Group(self.group()?),
            _ => Unit::Move(self.parse_move()?),
        };
        match self.peek() {
            None => Ok(unit),
            Some(byte) if is_space(byte) || ends_sequence(byte) => Ok(unit),
            Some(b'w') => {
                self.skip_while(|b| b == b'w');
                let text = self.text_from(start);
                Err(error(AlgErrorKind::BadWide { text }, start, self.pos))
            }
            Some(byte) if starts_unit(byte) => Err(error(
                AlgErrorKind::MissingSpace {
                    next: char::from(byte),
                },
                self.pos,
                self.pos + 1,
            )),
            Some(_) => Err(self.unknown_word(self.pos)),
        }
    }

    /// The error for text from `start` up to the next space, bracket or separator.
    fn unknown_word(&mut self, start: usize) -> AlgError {
        self.skip_while(|b| !ends_word(b));
        let text = self.text_from(start);
        error(AlgErrorKind::UnknownMove { text }, start, self.pos)
    }

    /// `(A)k`, `[A, B]k` or `[A: B]k`. The brackets are known to balance.
    fn group(&mut self) -> Result<Group, AlgError> {
        let start = self.pos;
        let open = self.bytes[start];
        self.pos += 1;
        let first = self.sequence()?;
        let kind = if open == b'(' {
            self.close(start)?;
            GroupKind::Sequence(first)
        } else {
            let separator = self.peek();
            // Past the separator, or past the `]` that came instead (check_brackets ensures one).
            self.pos = (self.pos + 1).min(self.bytes.len());
            let second = match separator {
                Some(b',' | b':') => self.sequence()?,
                _ => {
                    let text = self.text_from(start);
                    return Err(error(
                        AlgErrorKind::MissingSeparator { text },
                        start,
                        self.pos,
                    ));
                }
            };
            self.close(start)?;
            if separator == Some(b',') {
                GroupKind::Commutator(first, second)
            } else {
                GroupKind::Conjugate(first, second)
            }
        };
        let amount = self.amount(self.pos)?;
        Ok(Group {
            kind,
            amount,
            span: Some(Span {
                start,
                end: self.pos,
            }),
        })
    }

    /// Consumes the bracket closing the one at `open_at`, where a sequence inside it ended.
    fn close(&mut self, open_at: usize) -> Result<(), AlgError> {
        let open = self.bytes[open_at];
        let closer = closer_of(open);
        let at = self.pos;
        let kind = match self.peek() {
            Some(byte) if byte == closer => {
                self.pos += 1;
                return Ok(());
            }
            Some(separator @ (b',' | b':')) if closer == b')' => AlgErrorKind::SeparatorInParens {
                separator: char::from(separator),
            },
            Some(separator @ (b',' | b':')) => AlgErrorKind::ExtraSeparator {
                separator: char::from(separator),
            },
            // Ruled out by check_brackets, but an error is the honest answer.
            _ => {
                let kind = AlgErrorKind::Unclosed {
                    open: char::from(open),
                };
                return Err(error(kind, open_at, open_at + 1));
            }
        };
        Err(error(kind, at, at + 1))
    }

    /// `prefix? family amount?`
    fn parse_move(&mut self) -> Result<Move, AlgError> {
        let start = self.pos;
        let first = self.digits();
        let second = if !first.is_empty() && self.peek() == Some(b'-') {
            self.pos += 1;
            let second = self.digits();
            if second.is_empty() {
                self.skip_while(|b| !ends_word(b));
                let text = self.text_from(start);
                return Err(error(AlgErrorKind::BadRange { text }, start, self.pos));
            }
            Some(second)
        } else {
            None
        };
        let Some(family) = self.family() else {
            if first.is_empty() || self.peek().is_some_and(|b| !ends_word(b)) {
                return Err(self.unknown_word(start));
            }
            let text = self.text_from(start);
            return Err(error(AlgErrorKind::BareNumber { text }, start, self.pos));
        };
        let prefix = match second {
            _ if first.is_empty() => Prefix::None,
            None => Prefix::Layer(self.layer(first, start)?),
            Some(second) => Prefix::Range(self.layer(first, start)?, self.layer(second, start)?),
        };
        let amount = self.amount(start)?;
        let mv = Move {
            prefix,
            family,
            amount,
            span: Some(Span {
                start,
                end: self.pos,
            }),
        };
        mv.check()?;
        Ok(mv)
    }

    /// The run of ASCII digits at the current position (possibly empty).
    fn digits(&mut self) -> &'a [u8] {
        let start = self.pos;
        self.skip_while(|b| b.is_ascii_digit());
        let bytes = self.bytes;
        &bytes[start..self.pos]
    }

    /// A family letter, with its `w` if it is an upper-case face letter.
    fn family(&mut self) -> Option<Family> {
        let family = Family::from_letter(self.peek()?)?;
        self.pos += 1;
        match family {
            Family::Face(face) if self.peek() == Some(b'w') => {
                self.pos += 1;
                Some(Family::Wide(face))
            }
            family => Some(family),
        }
    }

    /// The value of a layer number; `move_start` is where the move's text starts.
    fn layer(&self, digits: &[u8], move_start: usize) -> Result<usize, AlgError> {
        let text = || self.text_from(move_start);
        let fail = |kind| error(kind, move_start, self.pos);
        if digits[0] == b'0' {
            return Err(fail(AlgErrorKind::BadLayer { text: text() }));
        }
        decimal(digits)
            .and_then(|n| usize::try_from(n).ok())
            .ok_or_else(|| fail(AlgErrorKind::LayerTooLarge { text: text() }))
    }

    /// `( "0" | [1-9][0-9]* )? "'"?`. Scans every amount-like byte (digits, primes, signs) so a
    /// malformed amount is reported whole; the error names the text from `text_start`.
    fn amount(&mut self, text_start: usize) -> Result<i64, AlgError> {
        let start = self.pos;
        self.skip_while(|b| matches!(b, b'0'..=b'9' | b'\'' | b'+' | b'-'));
        amount_value(&self.bytes[start..self.pos]).map_err(|problem| {
            let text = self.text_from(text_start);
            error(
                AlgErrorKind::BadAmount { text, problem },
                text_start,
                self.pos,
            )
        })
    }
}

/// The value of an amount's bytes: empty is 1, `'` is -1, `k'` is -k.
fn amount_value(tail: &[u8]) -> Result<i64, AmountProblem> {
    let digit_count = tail.iter().take_while(|b| b.is_ascii_digit()).count();
    let (digits, rest) = tail.split_at(digit_count);
    let primed = match rest {
        [] => false,
        [b'\''] => true,
        _ if rest.iter().any(|&b| b == b'+' || b == b'-') => return Err(AmountProblem::Sign),
        [b'\'', b'\'', ..] => return Err(AmountProblem::DoublePrime),
        _ => return Err(AmountProblem::PrimeFirst),
    };
    if digits.len() > 1 && digits[0] == b'0' {
        return Err(AmountProblem::LeadingZero);
    }
    let magnitude = if digits.is_empty() {
        Some(1)
    } else {
        decimal(digits)
    };
    let value = match magnitude {
        Some(m) if primed => 0i64.checked_sub_unsigned(m),
        Some(m) => i64::try_from(m).ok(),
        None => None,
    };
    value.ok_or(AmountProblem::TooLarge)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Ok(printed)` for an alg that parses, `Err((code, column))` for one that does not.
    fn check(input: &str, expected: Result<&str, (&str, usize)>) {
        let got = Alg::parse(input)
            .map(|alg| alg.to_string())
            .map_err(|e| (e.kind.code(), e.span.map_or(0, |s| s.start + 1)));
        let expected = expected.map(str::to_string);
        assert_eq!(got, expected, "{input:?}");
    }

    #[test]
    fn valid_algs_print_back() {
        let cases = [
            ("", ""),
            ("   ", ""),
            ("\t\r\n", ""),
            ("R", "R"),
            ("  R  U'  ", "R U'"),
            ("R\tU\nF\r\nB", "R U F B"),
            ("R2'", "R2'"),
            ("R3 R4 R10 R0 R0'", "R3 R4 R10 R0 R0"),
            ("R1", "R"),
            ("R1'", "R'"),
            ("U R F D L B", "U R F D L B"),
            ("u r f d l b", "u r f d l b"),
            ("Uw Rw Fw Dw Lw Bw", "Uw Rw Fw Dw Lw Bw"),
            ("x y z x' y2 z3'", "x y z x' y2 z3'"),
            ("M E S m e s", "M E S m e s"),
            (
                "1R 3R 12R 3Rw 3r 2-3R 2-3Rw 2-3r 10-12Lw'",
                "1R 3R 12R 3Rw 3r 2-3R 2-3Rw 2-3r 10-12Lw'",
            ),
            ("(R U)", "(R U)"),
            ("( R U )2'", "(R U)2'"),
            ("()", "()"),
            ("(  )3", "()3"),
            ("[R,U]", "[R, U]"),
            ("[R , U]", "[R, U]"),
            ("[ R:U ]", "[R: U]"),
            ("[,]", "[, ]"),
            ("[:]0", "[: ]0"),
            ("[[R, U]: (F B)2]'", "[[R, U]: (F B)2]'"),
            ("((((R))))", "((((R))))"),
            ("R (U) [F, B] [L: D]", "R (U) [F, B] [L: D]"),
            ("R9223372036854775807", "R9223372036854775807"),
            ("R9223372036854775808'", "R9223372036854775808'"),
            ("99R", "99R"),
            ("3Rw", "3Rw"),
        ];
        for (input, printed) in cases {
            check(input, Ok(printed));
        }
    }

    #[test]
    fn invalid_algs_fail_with_code_and_column() {
        let cases = [
            // bad_move
            ("R U X", "bad_move", 5),
            ("R 2", "bad_move", 3),
            ("2 R", "bad_move", 1),
            ("2-3", "bad_move", 1),
            ("Rww", "bad_move", 1),
            ("rw", "bad_move", 1),
            ("xw", "bad_move", 1),
            ("R2w", "bad_move", 1),
            ("(R)w", "bad_move", 1),
            ("R, U", "bad_move", 2),
            ("R: U", "bad_move", 2),
            (", R", "bad_move", 1),
            ("R ' U", "bad_move", 3),
            ("R’", "bad_move", 2),
            ("R U’", "bad_move", 4),
            ("RX", "bad_move", 2),
            ("R #", "bad_move", 3),
            ("2X", "bad_move", 1),
            ("R Rv", "bad_move", 4),
            ("w", "bad_move", 1),
            ("R\u{a0}U", "bad_move", 2),
            // missing_space
            ("RU", "missing_space", 2),
            ("R2U", "missing_space", 3),
            ("R'U", "missing_space", 3),
            ("R(U)", "missing_space", 2),
            ("(R U)(F)", "missing_space", 6),
            ("(R U)F", "missing_space", 6),
            ("[R, U][F: D]", "missing_space", 7),
            ("[R, U]2[F: D]", "missing_space", 8),
            ("R2R", "missing_space", 3),
            ("Rr", "missing_space", 2),
            ("RwM", "missing_space", 3),
            // bad_amount
            ("R''", "bad_amount", 1),
            ("R2''", "bad_amount", 1),
            ("R01", "bad_amount", 1),
            ("R00", "bad_amount", 1),
            ("R-1", "bad_amount", 1),
            ("R+", "bad_amount", 1),
            ("R'2", "bad_amount", 1),
            ("R2'3", "bad_amount", 1),
            ("R9223372036854775808", "bad_amount", 1),
            ("R9223372036854775809'", "bad_amount", 1),
            ("R99999999999999999999999", "bad_amount", 1),
            ("U (R U)''", "bad_amount", 8),
            ("(R U)01", "bad_amount", 6),
            ("[R, U]-", "bad_amount", 7),
            // bad_layer
            ("0R", "bad_layer", 1),
            ("R 01R", "bad_layer", 3),
            ("0-2R", "bad_layer", 1),
            ("2-0R", "bad_layer", 1),
            ("0Rw", "bad_layer", 1),
            // bad_range
            ("2-2R", "bad_range", 1),
            ("3-2Rw", "bad_range", 1),
            ("2-R", "bad_range", 1),
            ("R 2-", "bad_range", 3),
            // layer_out_of_range (for every size)
            ("99999999999999999999999R", "layer_out_of_range", 1),
            // prefix_on_rotation, prefix_on_slice
            ("2x", "prefix_on_rotation", 1),
            ("R 1-2y'", "prefix_on_rotation", 3),
            ("2M", "prefix_on_slice", 1),
            ("1m", "prefix_on_slice", 1),
            ("2-3S", "prefix_on_slice", 1),
            // unbalanced
            ("((R U) F", "unbalanced", 1),
            ("R, U]", "unbalanced", 5),
            ("R U)", "unbalanced", 4),
            ("(R U]", "unbalanced", 5),
            ("[R, U)", "unbalanced", 6),
            ("R [U, (F]", "unbalanced", 9),
            ("(", "unbalanced", 1),
            ("RU (", "unbalanced", 4),
            // bad_bracket
            ("[R U]", "bad_bracket", 1),
            ("[]", "bad_bracket", 1),
            ("R [R]2", "bad_bracket", 3),
            ("[R, U, F]", "bad_bracket", 6),
            ("[R: U: F]", "bad_bracket", 6),
            ("[R, U: F]", "bad_bracket", 6),
            ("(R, U)", "bad_bracket", 3),
            ("(R: U)", "bad_bracket", 3),
        ];
        for (input, code, column) in cases {
            check(input, Err((code, column)));
        }
    }

    #[test]
    fn nesting_is_limited() {
        let deep = |n: usize| format!("{}R{}", "(".repeat(n), ")".repeat(n));
        check(&deep(MAX_NESTING), Ok(&deep(MAX_NESTING)));
        check(&deep(MAX_NESTING + 1), Err(("too_deep", MAX_NESTING + 1)));
        check(&"(".repeat(1_000_000), Err(("too_deep", MAX_NESTING + 1)));
    }

    #[test]
    fn messages_name_the_offending_text() {
        let cases = [
            ("R U X", "column 5: `X` is not a move"),
            ("R 2", "column 3: `2` is a number without a move"),
            (
                "RU",
                "column 2: missing space before `U`: moves and groups are separated by spaces",
            ),
            ("R''", "column 1: `R''`: one prime at most"),
            ("R01", "column 1: `R01`: an amount does not start with 0"),
            (
                "R-1",
                "column 1: `R-1`: amounts take no sign; ' means counter-clockwise",
            ),
            (
                "R'2",
                "column 1: `R'2`: the prime comes last, after the number (R2')",
            ),
            (
                "0R",
                "column 1: `0R`: layers are numbered from 1, without leading zeros",
            ),
            (
                "3-2Rw",
                "column 1: `3-2Rw`: a range is written a-b with a < b",
            ),
            ("2x", "column 1: `2x`: rotations take no layer prefix"),
            ("R [U", "column 3: `[` is never closed"),
            ("R U)", "column 4: `)` closes nothing"),
            (
                "[R U]2",
                "column 1: `[R U]`: square brackets need `,` (commutator) or `:` (conjugate)",
            ),
            (
                "R, U",
                "column 2: `,` only separates the two parts of `[A, B]` or `[A: B]`",
            ),
        ];
        for (input, message) in cases {
            assert_eq!(
                Alg::parse(input).unwrap_err().to_string(),
                message,
                "{input:?}"
            );
        }
    }

    #[test]
    fn spans_cover_units() {
        let alg = Alg::parse(" R2'  (U F)3 [R, 2-3Lw]'").unwrap();
        let spans: Vec<_> = alg.units().iter().map(|u| u.span().unwrap()).collect();
        let texts: Vec<_> = spans
            .iter()
            .map(|s| &" R2'  (U F)3 [R, 2-3Lw]'"[s.start..s.end])
            .collect();
        assert_eq!(texts, ["R2'", "(U F)3", "[R, 2-3Lw]'"]);
    }

    #[test]
    fn a_megabyte_parses() {
        let unit = "R U2' [3Rw', (F 2-3d)2]3 [M: e] ";
        let text = unit.repeat((1 << 20) / unit.len());
        let alg = Alg::parse(&text).unwrap();
        assert_eq!(alg.units().len(), 4 * (1 << 20) / unit.len());
    }
}
