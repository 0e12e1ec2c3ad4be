//! `rubik show`: draw a state.

use super::{Context, Format, draw, read_state};
use crate::lines::{ItemKind, LineHandler};
use crate::output::CliError;

/// Arguments of `rubik show`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The state (facelet string in URFDLB or colour letters), or `-` for one per line.
    #[arg(allow_hyphen_values = true)]
    state: String,
    /// How to draw it.
    #[arg(long, short, value_enum, default_value_t = Format::Color)]
    format: Format,
}

/// The state argument, and how each state is drawn.
pub fn handler(args: Args, context: Context) -> Result<(String, LineHandler), CliError> {
    let format = args.format;
    let handler = LineHandler::new(ItemKind::State, move |text| {
        Ok(draw(&read_state(text, &context)?, format, &context))
    });
    Ok((args.state, handler))
}
