//! Input items: how a command answers one (a [`LineHandler`]), the bounds every item is checked
//! against before any work, lines read from standard input as bytes under a length cap, and
//! [`answer_line`], the entry point that runs one batch line through a command without touching
//! standard input or output (for fuzzing).

use std::collections::HashMap;
use std::io::{self, BufRead};
use std::sync::{Arc, Mutex, OnceLock};

use clap::Parser;

use crate::commands::{self, Cli};
use crate::output::CliError;

/// The longest alg line, in bytes: room for a random-move scramble of the largest cube (about
/// 20,000 moves) several times over.
pub const MAX_ALG_BYTES: usize = 1 << 20;

/// The longest state line, in bytes: room for the largest cube's facelet string
/// ([`commands::MAX_STICKERS`] letters) and spaces around it.
pub const MAX_STATE_BYTES: usize = 8 << 20;

/// What a command's items are; it fixes the longest item the command takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ItemKind {
    /// Algs in notation.
    Alg,
    /// Facelet strings.
    State,
}

impl ItemKind {
    /// The most bytes an item of this kind may have.
    pub const fn max_bytes(self) -> usize {
        match self {
            ItemKind::Alg => MAX_ALG_BYTES,
            ItemKind::State => MAX_STATE_BYTES,
        }
    }

    fn name(self) -> &'static str {
        match self {
            ItemKind::Alg => "an alg",
            ItemKind::State => "a state",
        }
    }
}

/// The answer to one item, as text, or why there is none.
type Answer = dyn Fn(&str) -> Result<String, CliError> + Send + Sync;

/// How a command answers one item (an argument or a line of standard input).
pub struct LineHandler {
    kind: ItemKind,
    answer: Box<Answer>,
}

impl LineHandler {
    /// A handler for items of `kind`, answered by `answer` (given the item trimmed of spaces).
    pub fn new(
        kind: ItemKind,
        answer: impl Fn(&str) -> Result<String, CliError> + Send + Sync + 'static,
    ) -> LineHandler {
        LineHandler {
            kind,
            answer: Box::new(answer),
        }
    }

    /// What the command's items are.
    pub fn kind(&self) -> ItemKind {
        self.kind
    }

    /// Answers one item given as bytes: refused if longer than its kind allows, not UTF-8, or
    /// (for a state) empty; else answered trimmed of surrounding whitespace. An empty alg is the
    /// alg of no moves.
    pub fn answer(&self, item: &[u8]) -> Result<String, CliError> {
        let max = self.kind.max_bytes();
        if item.len() > max {
            return Err(self.too_long(item.len() as u64));
        }
        let text = std::str::from_utf8(item).map_err(|error| {
            CliError::BadInput(format!(
                "not UTF-8 (byte {} of {} is invalid)",
                error.valid_up_to() + 1,
                item.len()
            ))
        })?;
        let text = text.trim();
        if text.is_empty() && self.kind == ItemKind::State {
            return Err(CliError::BadInput(
                "empty: expected a state (a facelet string of 6N² letters)".into(),
            ));
        }
        (self.answer)(text)
    }

    /// The error for an item of `length` bytes, past the bound.
    pub fn too_long(&self, length: u64) -> CliError {
        CliError::BadInput(format!(
            "{length} bytes: {} holds at most {} bytes",
            self.kind.name(),
            self.kind.max_bytes()
        ))
    }
}

/// One line read under a cap.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// The line's bytes, without the newline.
    Bytes(Vec<u8>),
    /// A line longer than the cap, of this many bytes (without the newline); its bytes were
    /// read past, not kept.
    TooLong(u64),
}

/// Reads one line of at most `cap` bytes (the newline not counted) from `input`; a longer line
/// is read to its end without being kept. `None` at the end of the input.
pub fn read_line(input: &mut impl BufRead, cap: usize) -> io::Result<Option<Line>> {
    let mut kept = Vec::new();
    let mut length = 0u64;
    let mut seen_any = false;
    loop {
        let buffer = match input.fill_buf() {
            Ok(buffer) => buffer,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if buffer.is_empty() {
            break;
        }
        seen_any = true;
        let (part, newline) = match buffer.iter().position(|&b| b == b'\n') {
            Some(at) => (&buffer[..at], true),
            None => (buffer, false),
        };
        length += part.len() as u64;
        if length <= cap as u64 {
            kept.extend_from_slice(part);
        }
        let used = part.len() + usize::from(newline);
        input.consume(used);
        if newline {
            break;
        }
    }
    Ok(match (seen_any, length > cap as u64) {
        (false, _) => None,
        (true, true) => Some(Line::TooLong(length)),
        (true, false) => Some(Line::Bytes(kept)),
    })
}

/// A command whose batch lines [`answer_line`] answers, with the options that bound its work.
///
/// Each stands for a `rubik` command line reading `-`, parsed as the program parses it. A line
/// costs what it would cost the program, within the same bounds: an alg may expand to
/// 1,000,000 moves, which take about 0.1 s on a 3×3 but minutes on the largest cube (the
/// work bound, [`MAX_WORK`](crate::commands::MAX_WORK) stickers moved), so a fuzz target keeps
/// `size` small.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LineCommand {
    /// `rubik apply --size N -f facelet -`.
    Apply {
        /// The cube size (1 to 1000, else every line is refused).
        size: u16,
    },
    /// `rubik show -f facelet -`.
    Show,
    /// `rubik validate -`.
    Validate,
    /// `rubik invert -`.
    Invert,
    /// `rubik simplify -`.
    Simplify,
    /// `rubik expand -`.
    Expand,
    /// `rubik order --size N -`.
    Order {
        /// The cube size (1 to 1000, else every line is refused).
        size: u16,
    },
    /// `rubik solve --no-cache --tables-size tiny --max-nodes 100000 -`: a 3×3 by two-phase on
    /// the tiny tables, a 2×2 by its distance table (both built in memory on first use, in
    /// about a second).
    Solve,
    /// `rubik solve --method bfs --max-length 3 --max-memory 64M -`.
    SolveBfs,
}

impl LineCommand {
    /// The command line this stands for.
    fn arguments(self) -> Vec<String> {
        let words: &[&str] = match self {
            LineCommand::Apply { .. } => &["apply", "-f", "facelet", "--size"],
            LineCommand::Show => &["show", "-f", "facelet"],
            LineCommand::Validate => &["validate"],
            LineCommand::Invert => &["invert"],
            LineCommand::Simplify => &["simplify"],
            LineCommand::Expand => &["expand"],
            LineCommand::Order { .. } => &["order", "--size"],
            LineCommand::Solve => &[
                "solve",
                "--no-cache",
                "--tables-size",
                "tiny",
                "--max-nodes",
                "100000",
            ],
            LineCommand::SolveBfs => &[
                "solve",
                "--method",
                "bfs",
                "--max-length",
                "3",
                "--max-memory",
                "64M",
            ],
        };
        let mut arguments: Vec<String> = ["rubik", "--color", "never"]
            .into_iter()
            .chain(words.iter().copied())
            .map(String::from)
            .collect();
        if let LineCommand::Apply { size } | LineCommand::Order { size } = self {
            arguments.push(size.to_string());
        }
        arguments.push("-".into());
        arguments
    }

    /// The command's line handler, made once per process (so a solver's tables are built once).
    fn handler(self) -> Result<Arc<LineHandler>, CliError> {
        static HANDLERS: OnceLock<Mutex<HashMap<LineCommand, Arc<LineHandler>>>> = OnceLock::new();
        let handlers = HANDLERS.get_or_init(Mutex::default);
        let mut handlers = handlers
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(handler) = handlers.get(&self) {
            return Ok(handler.clone());
        }
        let cli = Cli::try_parse_from(self.arguments())
            .map_err(|error| CliError::BadInput(error.to_string()))?;
        let handler = Arc::new(commands::line_handler(cli)?);
        handlers.insert(self, handler.clone());
        Ok(handler)
    }
}

/// Answers one batch line (its bytes, without the newline) as `command` answers it in a batch:
/// the text of its output line, or the error reported for it. It reads and writes nothing
/// (stdin, stdout, stderr, the table cache), and its work is bounded as the program's is, by
/// the same checks; the first call for a solving command builds that solver's tables.
pub fn answer_line(command: LineCommand, line: &[u8]) -> Result<String, CliError> {
    command.handler()?.answer(line)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], cap: usize) -> Vec<Line> {
        let mut reader = io::BufReader::with_capacity(4, input);
        std::iter::from_fn(|| read_line(&mut reader, cap).unwrap()).collect()
    }

    #[test]
    fn lines_past_the_cap_are_measured_not_kept() {
        let got = lines(b"R U\n\nabcdefgh\r\nxyz", 5);
        assert_eq!(
            got,
            [
                Line::Bytes(b"R U".to_vec()),
                Line::Bytes(vec![]),
                Line::TooLong(9),
                Line::Bytes(b"xyz".to_vec()),
            ]
        );
        assert_eq!(lines(b"", 5), []);
        assert_eq!(lines(b"\n", 5), [Line::Bytes(vec![])]);
        assert_eq!(lines(b"12345\n123456", 5).len(), 2);
        assert_eq!(lines(b"123456", 5), [Line::TooLong(6)]);
    }

    #[test]
    fn answer_line_answers_as_the_program_does() {
        let answer = |command, line: &[u8]| answer_line(command, line).map_err(|e| e.message());
        assert_eq!(
            answer(LineCommand::Invert, b" R U2 F' "),
            Ok("F U2 R'".into())
        );
        assert_eq!(
            answer(LineCommand::Order { size: 3 }, b"R U"),
            Ok("105".into())
        );
        assert_eq!(
            answer(LineCommand::Apply { size: 2 }, b"R"),
            Ok("UFUFRRRRFDFDDBDBLLLLUBUB".into())
        );
        assert_eq!(
            answer(LineCommand::Validate, b"UUUURRRRFFFFDDDDLLLLBBBB"),
            Ok("ok".into())
        );
        assert!(answer(LineCommand::Expand, b"R \xff").is_err());
        assert!(answer(LineCommand::Show, b"").is_err());
        assert!(answer(LineCommand::Apply { size: 0 }, b"R").is_err());
        let solved = b"UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
        assert_eq!(answer(LineCommand::SolveBfs, solved), Ok(String::new()));
        let after_r = b"UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB";
        assert_eq!(answer(LineCommand::SolveBfs, after_r), Ok("R'".into()));
        assert_eq!(answer(LineCommand::Solve, after_r), Ok("R'".into()));
        assert_eq!(
            answer(LineCommand::Solve, b"UFUFRRRRFDFDDBDBLLLLUBUB"),
            Ok("R'".into())
        );
    }
}
