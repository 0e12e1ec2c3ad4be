//! `rubik validate`: is a state a real cube, and if not, exactly why.

use super::{Context, read_state};
use crate::output::{CliError, each_item};

/// Arguments of `rubik validate`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The state (facelet string in URFDLB or colour letters), or `-` for one per line.
    #[arg(allow_hyphen_values = true)]
    state: String,
}

pub fn run(args: &Args, context: &Context) -> Result<(), CliError> {
    each_item(&args.state, |text| {
        let cube = read_state(text, context)?;
        rubik::cubie::validate(&cube)
            .map_err(|error| CliError::BadInput(format!("{error} [{}]", error.code())))?;
        Ok("ok".to_string())
    })
}
