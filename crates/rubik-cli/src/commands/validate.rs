//! `rubik validate`: is a state a real cube, and if not, exactly why.

use super::{Context, read_state};
use crate::lines::{ItemKind, LineHandler};
use crate::output::CliError;

/// Arguments of `rubik validate`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The state (facelet string in URFDLB or colour letters), or `-` for one per line.
    #[arg(allow_hyphen_values = true)]
    state: String,
}

/// The state argument, and how each state is checked.
pub fn handler(args: Args, context: Context) -> Result<(String, LineHandler), CliError> {
    let handler = LineHandler::new(ItemKind::State, move |text| {
        let cube = read_state(text, &context)?;
        rubik::cubie::validate(&cube)
            .map_err(|error| CliError::BadInput(format!("{error} [{}]", error.code())))?;
        Ok("ok".to_string())
    });
    Ok((args.state, handler))
}
