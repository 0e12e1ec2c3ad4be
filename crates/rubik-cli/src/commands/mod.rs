//! The subcommands, one file each, and what they share: argument types, reading algs and
//! states, and drawing a cube in the chosen format.

mod alg;
mod apply;
mod bench;
mod moves;
mod play;
mod scramble;
mod show;
mod solve;
mod tables;
mod validate;

use std::io::IsTerminal;

use clap::{Parser, Subcommand, ValueEnum};
use rubik::facelet::colour::ColourScheme;
use rubik::facelet::render;
use rubik::{Alg, AlgError, FaceletCube, Turn};

use crate::lines::LineHandler;
use crate::output::{CliError, bad, each_item};

/// rubik: model, notate, scramble and solve Rubik's cubes of any size.
///
/// Every command that takes an ALG or a STATE also takes `-`: it then reads one item per line
/// from standard input and answers one line per item.
#[derive(Debug, Parser)]
#[command(name = "rubik", version, about, long_about)]
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
    /// Scrambles (random-state for the 2×2 and 3×3, random moves for bigger cubes) or random
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

/// The largest cube size a command takes.
pub const MAX_SIZE: usize = 1000;

/// The most stickers a state may have: those of the largest cube.
pub const MAX_STICKERS: usize = 6 * MAX_SIZE * MAX_SIZE;

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

/// The turns of `alg` (written as `text`) on a cube of size `size`, or why a move does not exist.
fn turns_of(alg: &Alg, text: &str, size: usize) -> Result<Vec<Turn>, CliError> {
    alg.turns(size).map_err(|error| alg_error(text, error))
}

/// Reads a state in face letters or in the scheme's colour letters.
fn read_state(text: &str, context: &Context) -> Result<FaceletCube, CliError> {
    FaceletCube::read(text, &context.scheme).map_err(bad)
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
    let size: usize = text
        .parse()
        .map_err(|_| format!("`{text}` is not a whole number"))?;
    if (1..=MAX_SIZE).contains(&size) {
        Ok(size)
    } else {
        Err(format!("a size goes from 1 to {MAX_SIZE}, not {size}"))
    }
}
