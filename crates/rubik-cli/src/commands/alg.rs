//! `rubik invert`, `simplify`, `expand` and `order`: algebra on algs.

use super::{check_alg, parse_alg, parse_size, turns_of};
use crate::lines::{ItemKind, LineHandler};
use crate::output::{CliError, bad};
use rubik::Alg;

/// Arguments of the commands that rewrite an alg.
#[derive(Debug, clap::Args)]
pub struct TextArgs {
    /// The alg, or `-` to read one alg per line.
    #[arg(allow_hyphen_values = true)]
    alg: String,
    /// Also check that every move exists on a cube of this size.
    #[arg(long, short = 'n', value_parser = parse_size)]
    size: Option<usize>,
}

impl TextArgs {
    /// The alg argument, and a handler answering every alg with `rewrite` applied to it.
    fn each(
        self,
        rewrite: impl Fn(Alg) -> Result<String, CliError> + Send + Sync + 'static,
    ) -> Result<(String, LineHandler), CliError> {
        let size = self.size;
        let handler = LineHandler::new(ItemKind::Alg, move |text| {
            let alg = parse_alg(text)?;
            if let Some(size) = size {
                check_alg(&alg, text, size)?;
            }
            rewrite(alg)
        });
        Ok((self.alg, handler))
    }
}

pub fn invert(args: TextArgs) -> Result<(String, LineHandler), CliError> {
    args.each(|alg| Ok(alg.inverse().to_string()))
}

pub fn simplify(args: TextArgs) -> Result<(String, LineHandler), CliError> {
    args.each(|alg| Ok(alg.simplify().map_err(bad)?.to_string()))
}

pub fn expand(args: TextArgs) -> Result<(String, LineHandler), CliError> {
    args.each(|alg| {
        let moves = alg.expand().map_err(bad)?;
        Ok(Alg::from_moves(moves).to_string())
    })
}

/// Arguments of `rubik order`.
#[derive(Debug, clap::Args)]
pub struct OrderArgs {
    /// The alg, or `-` to read one alg per line.
    #[arg(allow_hyphen_values = true)]
    alg: String,
    /// The cube size.
    #[arg(long, short = 'n', default_value = "3", value_parser = parse_size)]
    size: usize,
}

pub fn order(args: OrderArgs) -> Result<(String, LineHandler), CliError> {
    let size = args.size;
    let handler = LineHandler::new(ItemKind::Alg, move |text| {
        let turns = turns_of(&parse_alg(text)?, text, size)?;
        Ok(rubik::facelet::order(size, &turns).to_string())
    });
    Ok((args.alg, handler))
}
