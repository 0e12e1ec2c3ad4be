//! `rubik show`: draw a state.

use super::{Context, Format, draw, read_state};
use crate::output::{CliError, each_item};

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

pub fn run(args: &Args, context: &Context) -> Result<(), CliError> {
    each_item(&args.state, |text| {
        Ok(draw(&read_state(text, context)?, args.format, context))
    })
}
