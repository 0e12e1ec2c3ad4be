//! [`AlgError`]: what is wrong with an alg and where, with the reason codes of `notation.md` §6
//! and a caret line for showing the place.

use std::fmt;

use crate::notation::moves::Span;

/// Why an alg was rejected, and where. It displays as `column C: what is wrong`, C being the
/// 1-based byte offset of the span (the character column, as notation is ASCII up to the error).
///
/// ```
/// use rubik::notation::Alg;
/// let input = "R U 3Rw";
/// let error = Alg::parse(input).unwrap().turns(3).unwrap_err();
/// assert_eq!(error.kind.code(), "whole_cube_wide");
/// assert_eq!(error.to_string(), "column 5: `3Rw` turns every layer of a 3×3×3; write x");
/// assert_eq!(error.caret(input), "R U 3Rw\n    ^^^");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AlgError {
    /// What is wrong.
    pub kind: AlgErrorKind,
    /// The offending text in the source (byte offsets), when the alg came from a parse.
    pub span: Option<Span>,
}

/// What is wrong with an alg. Several kinds may share one reason [`code`](Self::code).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AlgErrorKind {
    /// Text that is no move (`X`, `'`, `’`).
    #[error("`{text}` is not a move")]
    UnknownMove {
        /// The offending text.
        text: String,
    },
    /// Digits with no move letter after them (`R 2`).
    #[error("`{text}` is a number without a move")]
    BareNumber {
        /// The offending text.
        text: String,
    },
    /// A misplaced `w` (`Rww`, `rw`, `xw`).
    #[error(
        "`{text}`: `w` comes once, right after an upper-case face letter (`Rw`; `r` needs none)"
    )]
    BadWide {
        /// The offending text.
        text: String,
    },
    /// `,` or `:` outside square brackets.
    #[error("`{separator}` only separates the two parts of `[A, B]` or `[A: B]`")]
    StraySeparator {
        /// The separator.
        separator: char,
    },
    /// Two units written without whitespace between them (`RU`, `R(U)`).
    #[error("missing space before `{next}`: moves and groups are separated by spaces")]
    MissingSpace {
        /// The first character of the second unit.
        next: char,
    },
    /// A malformed amount (`R''`, `R01`, `R-1`, `R'2`, too many digits).
    #[error("`{text}`: {problem}")]
    BadAmount {
        /// The offending text.
        text: String,
        /// What is wrong with the amount.
        problem: AmountProblem,
    },
    /// Layer number 0, or a layer number written with a leading 0.
    #[error("`{text}`: layers are numbered from 1, without leading zeros")]
    BadLayer {
        /// The offending text.
        text: String,
    },
    /// A range that is not `a-b` with `a < b` (`3-2R`, `2-2R`, `2-R`).
    #[error("`{text}`: a range is written a-b with a < b")]
    BadRange {
        /// The offending text.
        text: String,
    },
    /// A layer number too large for any cube.
    #[error("`{text}`: layer number too large")]
    LayerTooLarge {
        /// The offending text.
        text: String,
    },
    /// A move reaching past the cube's last layer (`5-6R` on a 5×5×5).
    #[error("`{text}` reaches layer {layer}, but a {} has {size}", CubeName(*size))]
    LayerOutOfRange {
        /// The offending move.
        text: String,
        /// The deepest layer the move needs.
        layer: usize,
        /// The cube size.
        size: usize,
    },
    /// A face or wide move covering every layer (`3Rw` on a 3×3×3): spell it as a rotation.
    #[error("`{text}` turns every layer of a {}; write {rotation}", CubeName(*size))]
    WholeCubeWide {
        /// The offending move.
        text: String,
        /// The cube size.
        size: usize,
        /// The same turn spelled as a rotation.
        rotation: String,
    },
    /// A layer prefix on `x`, `y` or `z`.
    #[error("`{text}`: rotations take no layer prefix")]
    PrefixOnRotation {
        /// The offending move.
        text: String,
    },
    /// A layer prefix on `M E S m e s`.
    #[error("`{text}`: slice moves take no layer prefix")]
    PrefixOnSlice {
        /// The offending move.
        text: String,
    },
    /// `M`, `E` or `S` on an even cube, which has no middle layer.
    #[error("`{text}`: a {} has no middle layer", CubeName(*size))]
    SliceOnEven {
        /// The offending move.
        text: String,
        /// The cube size.
        size: usize,
    },
    /// A slice move on a cube too small for it (`m` needs 4 layers, `M` 3).
    #[error("`{text}` needs a cube of {min} layers or more, not a {}", CubeName(*size))]
    SliceTooSmall {
        /// The offending move.
        text: String,
        /// The cube size.
        size: usize,
        /// The smallest size the move exists on.
        min: usize,
    },
    /// An opening bracket never closed.
    #[error("`{open}` is never closed")]
    Unclosed {
        /// The bracket.
        open: char,
    },
    /// A closing bracket with no matching opening one.
    #[error("`{close}` closes nothing")]
    Unopened {
        /// The bracket.
        close: char,
    },
    /// Square brackets without `,` or `:` (`[R U]`).
    #[error("`{text}`: square brackets need `,` (commutator) or `:` (conjugate)")]
    MissingSeparator {
        /// The bracketed text.
        text: String,
    },
    /// A second separator in square brackets (`[R, U, F]`).
    #[error("a second `{separator}`: square brackets hold two parts, `[A, B]` or `[A: B]`")]
    ExtraSeparator {
        /// The separator.
        separator: char,
    },
    /// `,` or `:` inside parentheses (`(R, U)`).
    #[error("`{separator}` inside `( )`: commutators and conjugates take square brackets")]
    SeparatorInParens {
        /// The separator.
        separator: char,
    },
    /// The expansion would exceed [`MAX_EXPANDED_MOVES`](crate::notation::MAX_EXPANDED_MOVES).
    #[error("expands to more than {limit} moves")]
    TooLong {
        /// The limit.
        limit: usize,
    },
    /// Brackets nested deeper than [`MAX_NESTING`](crate::notation::MAX_NESTING).
    #[error("brackets nested more than {limit} deep")]
    TooDeep {
        /// The limit.
        limit: usize,
    },
}

/// What is wrong with an amount.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AmountProblem {
    /// `R01`.
    #[error("an amount does not start with 0")]
    LeadingZero,
    /// `R-1`, `R+`.
    #[error("amounts take no sign; ' means counter-clockwise")]
    Sign,
    /// `R''`.
    #[error("one prime at most")]
    DoublePrime,
    /// `R'2`.
    #[error("the prime comes last, after the number (R2')")]
    PrimeFirst,
    /// More than 2^63 quarter turns.
    #[error("amount too large")]
    TooLarge,
}

impl AlgErrorKind {
    /// The reason code of `notation.md` §6 (`bad_move`, `missing_space`, ...), or `too_long` /
    /// `too_deep` for the limits of this implementation.
    pub fn code(&self) -> &'static str {
        use AlgErrorKind::*;
        match self {
            UnknownMove { .. } | BareNumber { .. } | BadWide { .. } | StraySeparator { .. } => {
                "bad_move"
            }
            MissingSpace { .. } => "missing_space",
            BadAmount { .. } => "bad_amount",
            BadLayer { .. } => "bad_layer",
            BadRange { .. } => "bad_range",
            LayerTooLarge { .. } | LayerOutOfRange { .. } => "layer_out_of_range",
            WholeCubeWide { .. } => "whole_cube_wide",
            PrefixOnRotation { .. } => "prefix_on_rotation",
            PrefixOnSlice { .. } => "prefix_on_slice",
            SliceOnEven { .. } => "slice_on_even",
            SliceTooSmall { .. } => "slice_too_small",
            Unclosed { .. } | Unopened { .. } => "unbalanced",
            MissingSeparator { .. } | ExtraSeparator { .. } | SeparatorInParens { .. } => {
                "bad_bracket"
            }
            TooLong { .. } => "too_long",
            TooDeep { .. } => "too_deep",
        }
    }
}

/// The most characters of the input an error quotes: the text in its message, and each of the
/// three parts of a caret's window (before the span, the span, after it).
pub const QUOTE_CHARS: usize = 40;

/// Prints a size as `3×3×3`.
struct CubeName(usize);

impl fmt::Display for CubeName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{0}×{0}×{0}", self.0)
    }
}

impl AlgError {
    pub(super) fn new(kind: AlgErrorKind, span: Option<Span>) -> AlgError {
        AlgError { kind, span }
    }

    /// Shows where the error is: the line of `input` holding the span, and under it a line of
    /// `^` under the span. `input` must be the text the alg was parsed from. Without a span, the
    /// input alone. Of a long line, only a window is shown: up to [`QUOTE_CHARS`] characters
    /// before the span, of the span and after it, with `…` where the line was cut.
    pub fn caret(&self, input: &str) -> String {
        let Some(span) = self.span else {
            return quote(input);
        };
        let start = floor_char_boundary(input, span.start);
        let end = floor_char_boundary(input, span.end.max(span.start));
        let line_start = input[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = input[start..].find('\n').map_or(input.len(), |i| start + i);
        let line = input[line_start..line_end].trim_end_matches('\r');
        let start = (start - line_start).min(line.len());
        let end = (end.max(line_start) - line_start).clamp(start, line.len());
        let before = tail(&line[..start], QUOTE_CHARS);
        let marked = head(&line[start..end], QUOTE_CHARS);
        let after = head(&line[start + marked.len()..], QUOTE_CHARS);
        let cut_before = if before.len() < start { "…" } else { "" };
        let cut_after = if start + marked.len() + after.len() < line.len() {
            "…"
        } else {
            ""
        };
        // Keep tabs in the padding so the caret lines up however the terminal expands them.
        let pad: String = cut_before
            .chars()
            .chain(before.chars())
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        let width = marked.chars().count().max(1);
        format!(
            "{cut_before}{before}{marked}{after}{cut_after}\n{pad}{}",
            "^".repeat(width)
        )
    }
}

/// `text` as an error quotes it: whole, or its first [`QUOTE_CHARS`] characters and `…`.
///
/// ```
/// let long = "R".repeat(1000);
/// assert_eq!(rubik::notation::quote(&long), format!("{}…", &long[..40]));
/// assert_eq!(rubik::notation::quote("R U"), "R U");
/// ```
pub fn quote(text: &str) -> String {
    let shown = head(text, QUOTE_CHARS);
    match shown.len() < text.len() {
        true => format!("{shown}…"),
        false => text.to_string(),
    }
}

/// The first `count` characters of `text` (all of it if shorter).
fn head(text: &str, count: usize) -> &str {
    let end = text
        .char_indices()
        .nth(count)
        .map_or(text.len(), |(i, _)| i);
    &text[..end]
}

/// The last `count` characters of `text` (all of it if shorter).
fn tail(text: &str, count: usize) -> &str {
    let start = match count {
        0 => text.len(),
        _ => text
            .char_indices()
            .rev()
            .nth(count - 1)
            .map_or(0, |(i, _)| i),
    };
    &text[start..]
}

/// The largest char boundary of `text` at or before `index`.
fn floor_char_boundary(text: &str, index: usize) -> usize {
    let mut index = index.min(text.len());
    while !text.is_char_boundary(index) {
        index -= 1;
    }
    index
}

impl fmt::Display for AlgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.span {
            Some(span) => write!(f, "column {}: {}", span.start + 1, self.kind),
            None => write!(f, "{}", self.kind),
        }
    }
}

impl std::error::Error for AlgError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(start: usize, end: usize) -> AlgError {
        AlgError::new(
            AlgErrorKind::TooLong { limit: 1 },
            Some(Span { start, end }),
        )
    }

    #[test]
    fn caret_underlines_the_span() {
        let cases = [
            ("R U X", at(4, 5), "R U X\n    ^"),
            ("R U 3Rw", at(4, 7), "R U 3Rw\n    ^^^"),
            ("R\tU\tX", at(4, 5), "R\tU\tX\n \t \t^"),
            ("R U\r\nF X\nB", at(7, 8), "F X\n  ^"),
            ("R’ (", at(5, 6), "R’ (\n   ^"),
            ("R", at(1, 1), "R\n ^"),
            ("R U", at(9, 12), "R U\n   ^"),
            ("R’", at(2, 3), "R’\n ^"),
        ];
        for (input, error, expected) in cases {
            assert_eq!(error.caret(input), expected, "{input:?}");
        }
        let no_span = AlgError::new(AlgErrorKind::TooLong { limit: 1 }, None);
        assert_eq!(no_span.caret("R U"), "R U");
    }

    #[test]
    fn caret_quotes_a_window_of_a_long_line() {
        let long = format!("{}X{}", "R ".repeat(100_000), " U".repeat(100_000));
        let x = 200_000;
        let caret = at(x, x + 1).caret(&long);
        let before = "R ".repeat(QUOTE_CHARS / 2);
        let after = format!("{}…", " U".repeat(QUOTE_CHARS / 2));
        let pad = " ".repeat(QUOTE_CHARS + 1);
        assert_eq!(caret, format!("…{before}X{after}\n{pad}^"));
        // A long span shows its first characters, underlined.
        let caret = at(0, long.len()).caret(&long);
        let shown = &long[..QUOTE_CHARS];
        let marks = "^".repeat(QUOTE_CHARS);
        assert_eq!(caret, format!("{shown}{shown}…\n{marks}"));
        let no_span = AlgError::new(AlgErrorKind::TooLong { limit: 1 }, None);
        assert_eq!(no_span.caret(&long), format!("{shown}…"));
        let multibyte = "’".repeat(1000);
        let caret = at(1500, 1503).caret(&multibyte);
        assert_eq!(
            caret.lines().next().unwrap().chars().count(),
            2 * QUOTE_CHARS + 1 + 2
        );
    }

    #[test]
    fn messages_quote_the_start_of_a_long_word() {
        let word = "X".repeat(100_000);
        let message = crate::Alg::parse(&word).unwrap_err().to_string();
        assert_eq!(
            message,
            format!("column 1: `{}…` is not a move", &word[..QUOTE_CHARS])
        );
    }

    #[test]
    fn display_gives_the_column_when_known() {
        assert_eq!(
            at(4, 5).to_string(),
            "column 5: expands to more than 1 moves"
        );
        let no_span = AlgError::new(AlgErrorKind::TooDeep { limit: 3 }, None);
        assert_eq!(no_span.to_string(), "brackets nested more than 3 deep");
    }
}
