//! `rubik apply`: the state after an alg.

use super::{Context, Format, draw, parse_alg, parse_size, read_state, turns_of};
use crate::lines::{ItemKind, LineHandler};
use crate::output::CliError;
use rubik::FaceletCube;

/// Arguments of `rubik apply`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The alg, or `-` to read one alg per line.
    #[arg(allow_hyphen_values = true)]
    alg: String,
    /// The cube size (ignored with --from, whose length gives the size).
    #[arg(long, short = 'n', default_value = "3", value_parser = parse_size)]
    size: usize,
    /// Start from this state instead of the solved cube.
    #[arg(long)]
    from: Option<String>,
    /// How to write the result.
    #[arg(long, short, value_enum, default_value_t = Format::Facelet)]
    format: Format,
}

/// The alg argument, and how each alg is answered.
pub fn handler(args: Args, context: Context) -> Result<(String, LineHandler), CliError> {
    let start = match &args.from {
        Some(state) => read_state(state, &context)?,
        None => FaceletCube::solved(args.size),
    };
    let format = args.format;
    let handler = LineHandler::new(ItemKind::Alg, move |text| {
        let turns = turns_of(&parse_alg(text)?, text, start.size())?;
        let mut cube = start.clone();
        cube.apply(turns);
        Ok(draw(&cube, format, &context))
    });
    Ok((args.alg, handler))
}
