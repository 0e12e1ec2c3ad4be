//! Output lines, per-item input and the errors that decide the exit status.
//!
//! Every command answers one item (an argument) or, when the argument is `-`, every line of
//! standard input, writing one answer per item in input order. A bad item in a batch, or one the
//! command found no answer for, is reported on stderr with its line number, leaves an empty line
//! in the output, and the batch goes on; the exit status is 2 at the end if any item was bad,
//! else 1 if any had no answer. Lines are answered in parallel, in batches, and written in order.
//! A command that stops on Ctrl-C ([`interrupt`]) writes the answers it has, cut short or not,
//! answers no line after that, and exits with status 130.

use std::fmt;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::process::ExitCode;

use rayon::prelude::*;

use crate::interrupt;
use crate::lines::{Line, LineHandler, read_line};

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
    /// Ctrl-C ended the run (exit status 130); in a batch, after this many lines were answered
    /// (lines whose search it cut short get the best answer found).
    Interrupted { answered: Option<usize> },
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
            CliError::Interrupted { answered: None } => {
                Some("interrupted: an answer cut short is the best found (-f json tells)".into())
            }
            CliError::Interrupted {
                answered: Some(count),
            } => Some(format!(
                "interrupted after {count} line(s), the lines after them unanswered: an answer \
                 cut short is the best found (-f json tells)"
            )),
        }
    }

    /// The process exit status: 2 for bad input, 1 for failures, 0 for a closed pipe, 130
    /// when Ctrl-C ended the run.
    pub fn exit_code(&self) -> ExitCode {
        match self {
            CliError::Interrupted { .. } => ExitCode::from(interrupt::EXIT_STATUS),
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

/// The most lines of a batch read at a time, answered in parallel, written in input order.
const BATCH: usize = 256;

/// A batch stops taking lines once they hold this many bytes, and takes fewer lines after
/// answers this long, so that a batch of big cubes (lines or answers of megabytes) holds only
/// about one line per thread at a time.
const BATCH_BYTES: usize = 16 << 20;

/// Writes `rubik: message` on stderr. A stderr that cannot be written to (closed, full) is
/// ignored: there is nowhere else to say so.
pub fn report(message: &str) {
    report_raw(&format!("rubik: {message}\n"));
}

/// Writes `text` on stderr as it is, ignoring a stderr that cannot be written to.
pub fn report_raw(text: &str) {
    let _ = io::stderr().lock().write_all(text.as_bytes());
}

/// Answers `item`, or every line of stdin when `item` is `-`, one output line per item in input
/// order, by `handler`. Lines are read as bytes, each under the handler's length bound (a longer
/// line is read past, not kept); batches of lines are answered in parallel on all cores, the
/// first one line per thread, the next ones as many as 16 MiB of answers like the longest so far
/// allow (from one per thread to 256).
pub fn each_item(item: &str, handler: &LineHandler) -> Result<(), CliError> {
    let mut out = Output::stdout();
    if item != "-" {
        let answered = handler.answer(item.as_bytes());
        // Once interrupted, the answer's failure is only what the interruption left.
        let interrupted = interrupt::raised();
        match answered {
            Ok(text) => out.line(&text)?,
            Err(error) if interrupted => {
                if let Some(message) = error.message() {
                    report(&message);
                }
            }
            Err(error) => return Err(error),
        }
        out.finish()?;
        return match interrupted {
            true => Err(CliError::Interrupted { answered: None }),
            false => Ok(()),
        };
    }
    let (mut bad_lines, mut failed_lines) = (0, 0);
    // A line is answered only if no Ctrl-C came before its turn.
    let answer = |line: &Line| match (interrupt::raised(), line) {
        (true, _) => Err(CliError::Interrupted { answered: None }),
        (false, Line::Bytes(bytes)) => handler.answer(bytes),
        (false, Line::TooLong(length)) => Err(handler.too_long(*length)),
    };
    let mut input = io::stdin().lock();
    let cap = handler.kind().max_bytes();
    let mut answered = 0;
    let mut at_end = false;
    let threads = rayon::current_num_threads();
    let mut lines_per_batch = threads;
    while !interrupt::raised() && !at_end {
        let mut batch = Vec::new();
        let mut bytes = 0;
        while batch.len() < lines_per_batch && bytes < BATCH_BYTES {
            let Some(line) = read_line(&mut input, cap)? else {
                at_end = true;
                break;
            };
            bytes += match &line {
                Line::Bytes(kept) => kept.len(),
                Line::TooLong(_) => 0,
            };
            batch.push((answered + batch.len(), line));
        }
        let answers: Vec<(usize, Result<String, CliError>)> = batch
            .into_par_iter()
            .map(|(number, line)| (number, answer(&line)))
            .collect();
        let longest = answers
            .iter()
            .map(|(_, result)| result.as_ref().map_or(0, String::len));
        lines_per_batch = (BATCH_BYTES / longest.max().unwrap_or(0).max(1)).clamp(threads, BATCH);
        for (number, result) in answers {
            answered = number + 1;
            let message = match result {
                Ok(text) => {
                    out.line(&text)?;
                    continue;
                }
                Err(CliError::Interrupted { .. }) => {
                    out.finish()?;
                    return Err(CliError::Interrupted {
                        answered: Some(number),
                    });
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
            report(&format!("line {}: {message}", number + 1));
        }
    }
    out.finish()?;
    if interrupt::raised() {
        return Err(CliError::Interrupted {
            answered: Some(answered),
        });
    }
    if bad_lines > 0 {
        return Err(CliError::BadLines(bad_lines));
    }
    if failed_lines > 0 {
        return Err(CliError::FailedLines(failed_lines));
    }
    Ok(())
}
