//! Output lines, per-item input and the errors that decide the exit status.
//!
//! Every command answers one item (an argument) or, when the argument is `-`, every line of
//! standard input, writing one answer per item in input order. A bad item in a batch, or one the
//! command found no answer for, is reported on stderr with its line number, leaves an empty line
//! in the output, and the batch goes on; the exit status is 2 at the end if any item was bad,
//! else 1 if any had no answer. Lines are answered in parallel, in batches, and written in order.

use std::fmt;
use std::io::{self, BufRead, BufWriter, IsTerminal, Write};
use std::process::ExitCode;

use rayon::prelude::*;

/// Why a run ended without success.
#[derive(Debug)]
pub enum CliError {
    /// The input was wrong (exit status 2); the message says what and where.
    BadInput(String),
    /// The input was fine but the command found no answer (exit status 1); the message says why.
    Failed(String),
    /// Some lines of a batch were wrong; each was already reported (exit status 2).
    BadLines(usize),
    /// Some lines of a batch had no answer, none was wrong; each was already reported (exit
    /// status 1).
    FailedLines(usize),
    /// Reading or writing failed (exit status 1, or 0 for a closed output pipe).
    Io(io::Error),
}

impl CliError {
    /// The message to print on stderr, if any is left to print.
    pub fn message(&self) -> Option<String> {
        match self {
            CliError::BadInput(message) | CliError::Failed(message) => Some(message.clone()),
            CliError::BadLines(count) => Some(format!("{count} bad input line(s), see above")),
            CliError::FailedLines(count) => {
                Some(format!("no answer for {count} line(s), see above"))
            }
            CliError::Io(error) if error.kind() == io::ErrorKind::BrokenPipe => None,
            CliError::Io(error) => Some(error.to_string()),
        }
    }

    /// The process exit status: 2 for bad input, 1 for failures, 0 for a closed pipe.
    pub fn exit_code(&self) -> ExitCode {
        match self {
            CliError::BadInput(_) | CliError::BadLines(_) => ExitCode::from(2),
            CliError::Io(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            CliError::Failed(_) | CliError::FailedLines(_) | CliError::Io(_) => ExitCode::from(1),
        }
    }
}

impl From<io::Error> for CliError {
    fn from(error: io::Error) -> Self {
        CliError::Io(error)
    }
}

/// Bad input, from any error that displays itself.
pub fn bad<E: fmt::Display>(error: E) -> CliError {
    CliError::BadInput(error.to_string())
}

/// Buffered standard output, flushed at the end (or per line when a person is watching).
pub struct Output {
    writer: Box<dyn Write>,
    flush_each_line: bool,
}

impl Output {
    /// Standard output.
    pub fn stdout() -> Output {
        let stdout = io::stdout();
        Output {
            flush_each_line: stdout.is_terminal(),
            writer: Box::new(BufWriter::with_capacity(1 << 16, stdout.lock())),
        }
    }

    /// Standard output flushed after every line, for commands whose lines come slowly (a
    /// benchmark's states), so that a pipe or a file shows each as it ends.
    pub fn stdout_per_line() -> Output {
        Output {
            flush_each_line: true,
            ..Output::stdout()
        }
    }

    /// Writes one answer and a newline (unless the answer already ends a line).
    pub fn line(&mut self, text: &str) -> io::Result<()> {
        self.writer.write_all(text.as_bytes())?;
        if !text.ends_with('\n') {
            self.writer.write_all(b"\n")?;
        }
        if self.flush_each_line {
            self.writer.flush()?;
        }
        Ok(())
    }

    /// Flushes what is buffered.
    pub fn finish(mut self) -> io::Result<()> {
        self.writer.flush()
    }
}

/// Lines of a batch read at a time, answered in parallel, written in input order.
const BATCH: usize = 256;

/// Answers `item`, or every line of stdin when `item` is `-`, one output line per item in input
/// order. Batches of lines are answered in parallel on all cores.
pub fn each_item(
    item: &str,
    answer: impl Fn(&str) -> Result<String, CliError> + Sync,
) -> Result<(), CliError> {
    let mut out = Output::stdout();
    if item != "-" {
        out.line(&answer(item)?)?;
        return Ok(out.finish()?);
    }
    let (mut bad_lines, mut failed_lines) = (0, 0);
    let mut lines = io::stdin().lock().lines().enumerate().peekable();
    while lines.peek().is_some() {
        let batch: Vec<(usize, io::Result<String>)> = lines.by_ref().take(BATCH).collect();
        let answers: Vec<(usize, io::Result<Result<String, CliError>>)> = batch
            .into_par_iter()
            .map(|(number, line)| (number, line.map(|line| answer(line.trim()))))
            .collect();
        for (number, answered) in answers {
            let message = match answered? {
                Ok(text) => {
                    out.line(&text)?;
                    continue;
                }
                Err(CliError::BadInput(message)) => {
                    bad_lines += 1;
                    message
                }
                Err(CliError::Failed(message)) => {
                    failed_lines += 1;
                    message
                }
                Err(other) => return Err(other),
            };
            out.line("")?;
            eprintln!("rubik: line {}: {message}", number + 1);
        }
    }
    out.finish()?;
    if bad_lines > 0 {
        return Err(CliError::BadLines(bad_lines));
    }
    if failed_lines > 0 {
        return Err(CliError::FailedLines(failed_lines));
    }
    Ok(())
}
