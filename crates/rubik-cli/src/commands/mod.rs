//! The subcommands, one file each, and what they share: argument types, reading algs and
//! states, and drawing a cube in the chosen format.

mod alg;
mod apply;
mod bench;
mod moves;
mod play;
mod scramble;
mod serve;
mod show;
mod solve;
mod tables;
mod validate;

use std::io::IsTerminal;

use clap::{Parser, Subcommand, ValueEnum};
use rubik::facelet::colour::ColourScheme;
use rubik::facelet::render;
use rubik::limits::{self, BoundError};
use rubik::notation::quote;
use rubik::{Alg, AlgError, FaceletCube, Turn};

use crate::lines::LineHandler;
use crate::output::{CliError, bad, each_item};

/// rubik: model, notate, scramble and solve Rubik's cubes of any size.
///
/// Every command that takes an ALG or a STATE also takes `-`: it then reads one item per line
/// from standard input and answers one line per item; a bad line (not UTF-8, too long, an empty
/// state, bad notation, not a cube) is reported on stderr with its number and answered with an
/// empty line, the batch goes on, and the exit status is 2 at the end. `--help` lists the bounds
/// every input is checked against before any work.
#[derive(Debug, Parser)]
#[command(name = "rubik", version, about, long_about, after_long_help = bounds_help())]
#[command(mut_subcommands = with_bounds)]
pub struct Cli {
    /// When to colour the output: auto = only on a terminal and when NO_COLOR is unset.
    #[arg(long, global = true, value_enum, default_value_t = ColourChoice::Auto)]
    color: ColourChoice,

    /// The colour scheme, six colour letters in face order URFDLB, for colour-letter input and
    /// coloured output.
    #[arg(long, global = true, default_value = "WRGYOB")]
    scheme: ColourScheme,

    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// The state after an alg, from the solved cube or from --from.
    Apply(apply::Args),
    /// Draw a state (the size comes from its length, 6N²).
    Show(show::Args),
    /// Check that a state is a real cube: prints `ok`, or the reason and exits with 2.
    Validate(validate::Args),
    /// The inverse of an alg.
    Invert(alg::TextArgs),
    /// An alg with adjacent moves on one axis merged and cancelled.
    Simplify(alg::TextArgs),
    /// An alg with its groups, commutators and conjugates written out.
    Expand(alg::TextArgs),
    /// The order of an alg: how many times it must be repeated to restore the cube.
    Order(alg::OrderArgs),
    /// Scrambles (random-state for the 2×2, 3×3 and 4×4, random moves for bigger cubes) or random
    /// states of any size, reproducible with --seed.
    Scramble(scramble::Args),
    /// Every single-layer move a size allows, one per line.
    Moves(moves::Args),
    /// Solve states of any size, one solution each: optimal for the 2×2, two-phase for the 3×3
    /// (at most 20 moves by default), reduction for 4 to 128 layers; or `--method bfs` for a
    /// shortest solution of a short scramble of any size.
    Solve(solve::Args),
    /// The solver tables in the cache: build, verify, path, clear.
    Tables(tables::Args),
    /// Measure the solvers on random states.
    Bench(bench::Args),
    /// Play with a cube in the terminal: turn it, scramble it, time a solve (`?` for the keys).
    Play(play::Args),
    /// Serve the cube in the browser (the page and its JSON API) until Ctrl-C.
    Serve(serve::Args),
}

/// When to colour.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum ColourChoice {
    Auto,
    Always,
    Never,
}

/// How to write a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    /// The facelet string, on one line.
    Facelet,
    /// The unfolded net in face letters.
    Net,
    /// The unfolded net in terminal colours (letters when colour is off).
    Color,
    /// A standalone SVG image of the net.
    Svg,
    /// A JSON object: size, state, solved.
    Json,
}

pub use rubik::limits::{MAX_SIZE, MAX_STICKERS, MAX_WORK};

/// The most threads a command starts (`--jobs`, `--threads-per-state`).
pub const MAX_THREADS: u64 = 256;

/// The longest time budget a search takes, in milliseconds: a day.
pub const MAX_TIMEOUT_MS: u64 = 24 * 60 * 60 * 1000;

/// The longest solution a search may be asked for (`--max-length`).
pub const MAX_SOLUTION_LENGTH: u64 = 1000;

/// A subcommand whose `--help` ends with the bounds.
fn with_bounds(command: clap::Command) -> clap::Command {
    command.after_long_help(bounds_help())
}

/// The bounds every command checks before it starts, for `--help`.
fn bounds_help() -> String {
    format!(
        "Bounds, checked before any work (past one, the input is refused with exit status 2):\n\
         - a size: 1 to {MAX_SIZE}; a state: at most {MAX_STICKERS} stickers (6N²)\n\
         - an alg line: at most {} bytes; a state line: at most {} bytes\n\
         - an alg: at most {} moves expanded, brackets nested at most {} deep, and at most \
         {MAX_WORK} stickers moved on its cube (4N a layer turned, N² a face turned)\n\
         - threads: at most {MAX_THREADS}; a time budget: at most {MAX_TIMEOUT_MS} ms (a day); \
         --max-length: at most {MAX_SOLUTION_LENGTH}\n\
         - scramble: --count at most {}, --length at most {}, --count × --length at most {} \
         moves; bench: --count at most {} (solve) or {} (optimal)",
        crate::lines::MAX_ALG_BYTES,
        crate::lines::MAX_STATE_BYTES,
        rubik::notation::MAX_EXPANDED_MOVES,
        rubik::notation::MAX_NESTING,
        scramble::MAX_COUNT,
        scramble::MAX_LENGTH,
        scramble::MAX_MOVES,
        bench::MAX_SOLVE_STATES,
        bench::MAX_OPTIMAL_STATES,
    )
}

/// What every command may need from the global options.
#[derive(Clone, Copy)]
struct Context {
    scheme: ColourScheme,
    colour: bool,
}

/// Runs the parsed command line.
pub fn run(cli: Cli) -> Result<(), CliError> {
    let context = Context::new(cli.color, cli.scheme);
    match cli.command {
        Command::Scramble(args) => scramble::run(&args),
        Command::Moves(args) => moves::run(&args),
        Command::Tables(args) => tables::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Play(args) => play::run(&args, &context),
        Command::Serve(args) => serve::run(&args),
        command => {
            if let Command::Solve(args) = &command {
                solve::prepare(args)?;
            }
            let (item, handler) = answering(command, context)?;
            each_item(&item, &handler)
        }
    }
}

/// The line handler of a command that answers items (an ALG or a STATE, or `-` for lines).
pub fn line_handler(cli: Cli) -> Result<LineHandler, CliError> {
    Ok(answering(cli.command, Context::new(cli.color, cli.scheme))?.1)
}

/// The item argument of a command that answers items, and its line handler.
fn answering(command: Command, context: Context) -> Result<(String, LineHandler), CliError> {
    match command {
        Command::Apply(args) => apply::handler(args, context),
        Command::Show(args) => show::handler(args, context),
        Command::Validate(args) => validate::handler(args, context),
        Command::Invert(args) => alg::invert(args),
        Command::Simplify(args) => alg::simplify(args),
        Command::Expand(args) => alg::expand(args),
        Command::Order(args) => alg::order(args),
        Command::Solve(args) => solve::handler(args, context),
        _ => Err(CliError::BadInput(
            "this command answers no items, only apply, show, validate, invert, simplify, \
             expand, order and solve do"
                .into(),
        )),
    }
}

impl Context {
    fn new(colour: ColourChoice, scheme: ColourScheme) -> Context {
        let colour = match colour {
            ColourChoice::Always => true,
            ColourChoice::Never => false,
            ColourChoice::Auto => {
                std::io::stdout().is_terminal()
                    && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
            }
        };
        Context { scheme, colour }
    }
}

/// An alg error, with the input and a caret line under the offending text.
fn alg_error(text: &str, error: AlgError) -> CliError {
    CliError::BadInput(format!("{error}\n{}", error.caret(text)))
}

/// Parses an alg.
fn parse_alg(text: &str) -> Result<Alg, CliError> {
    text.parse().map_err(|error| alg_error(text, error))
}

/// An input refused by a bound of [`rubik::limits`]; notation errors with a caret under the
/// offending part of `text`.
fn refused(text: &str, error: BoundError) -> CliError {
    match error {
        BoundError::Alg(error) => alg_error(text, error),
        BoundError::TooMuchWork { .. } => CliError::BadInput(format!("{error} (see --help)")),
        error => bad(error),
    }
}

/// Checks that every move of `alg` (written as `text`) exists on a cube of size `size` and that
/// turning them all moves at most [`MAX_WORK`] stickers; nothing is expanded.
fn check_alg(alg: &Alg, text: &str, size: usize) -> Result<(), CliError> {
    limits::check_alg(alg, size).map_err(|error| refused(text, error))
}

/// The turns of `alg` (written as `text`) on a cube of size `size`, once [`check_alg`] passes.
fn turns_of(alg: &Alg, text: &str, size: usize) -> Result<Vec<Turn>, CliError> {
    limits::turns_of(alg, size).map_err(|error| refused(text, error))
}

/// Reads a state in face letters or in the scheme's colour letters, of at most
/// [`MAX_STICKERS`] stickers.
fn read_state(text: &str, context: &Context) -> Result<FaceletCube, CliError> {
    limits::read_state(text, &context.scheme).map_err(|error| refused(text, error))
}

/// Writes a cube in `format`.
fn draw(cube: &FaceletCube, format: Format, context: &Context) -> String {
    match format {
        Format::Facelet => cube.to_string(),
        Format::Net => render::net(cube),
        Format::Color if context.colour => render::net_ansi(cube, &context.scheme),
        Format::Color => render::net(cube),
        Format::Svg => render::svg(cube, &context.scheme),
        Format::Json => serde_json::json!({
            "size": cube.size(),
            "state": cube.to_string(),
            "solved": cube.is_solved(),
        })
        .to_string(),
    }
}

/// A cube size: a whole number from 1 to [`MAX_SIZE`].
fn parse_size(text: &str) -> Result<usize, String> {
    whole_number(1, MAX_SIZE as u64)(text)
}

/// A value parser for a whole number from `min` to `max`. Its messages do not repeat the text:
/// clap quotes it (shortened by [`shorten`]).
fn whole_number<T: TryFrom<u64>>(
    min: u64,
    max: u64,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static {
    move |text| {
        let number: u64 = text
            .parse()
            .map_err(|_| format!("not a whole number from {min} to {max}"))?;
        if !(min..=max).contains(&number) {
            return Err(format!("goes from {min} to {max}, not {number}"));
        }
        T::try_from(number).map_err(|_| format!("{number} does not fit here"))
    }
}

/// A number of threads, from 1 to [`MAX_THREADS`].
fn parse_threads<T: TryFrom<u64>>(text: &str) -> Result<T, String> {
    whole_number(1, MAX_THREADS)(text)
}

/// A time budget in milliseconds, at most [`MAX_TIMEOUT_MS`].
fn parse_timeout(text: &str) -> Result<u64, String> {
    whole_number(0, MAX_TIMEOUT_MS)(text)
}

/// The longest solution a search is asked for: at most [`MAX_SOLUTION_LENGTH`] moves.
fn parse_max_length(text: &str) -> Result<usize, String> {
    whole_number(0, MAX_SOLUTION_LENGTH)(text)
}

/// Any whole number of 64 bits (a seed, a node budget).
fn parse_u64(text: &str) -> Result<u64, String> {
    whole_number(0, u64::MAX)(text)
}

/// A command-line error as clap writes it, with every long value it quotes cut to its start
/// ([`rubik::notation::quote`]): a mistyped 100 kB argument is not written back whole.
pub fn shorten(error: &clap::Error) -> String {
    let mut text = error.render().to_string();
    for (_, value) in error.context() {
        let values = match value {
            clap::error::ContextValue::String(value) => std::slice::from_ref(value),
            clap::error::ContextValue::Strings(values) => values.as_slice(),
            _ => &[],
        };
        for value in values {
            let shown = quote(value);
            if shown.len() < value.len() {
                text = text.replace(value.as_str(), &shown);
            }
        }
    }
    text
}
