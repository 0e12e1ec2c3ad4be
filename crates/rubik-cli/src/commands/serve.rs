//! `rubik serve`: the cube in the browser, the page and its JSON API (the `rubik-serve` crate).

use std::io::Write;

use rubik::search::Scrambler;
use rubik_serve::{Config, Limits, Solvers};

use super::tables::TableArgs;
use super::{parse_timeout, whole_number};
use crate::output::{CliError, report};

/// Arguments of `rubik serve`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The address to listen on (the default, 127.0.0.1, is this machine only).
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// The port (0: any free port; the first line printed names it).
    #[arg(long, default_value_t = 8080, value_parser = clap::value_parser!(u16))]
    port: u16,
    /// Open the page in the browser once listening.
    #[arg(long)]
    open: bool,
    /// The longest a solve may take, in milliseconds (a request's `timeout_ms` is capped to it).
    #[arg(long, default_value_t = 10_000, value_parser = parse_timeout)]
    max_solve_ms: u64,
    /// How many solves may wait for a free solver (one solve runs per core), at most 100000.
    #[arg(long, default_value_t = 1024, value_parser = whole_number::<usize>(0, 100_000))]
    max_queued: usize,
    #[command(flatten)]
    tables: TableArgs,
}

/// Serves until Ctrl-C; the first line on stdout is `listening on http://HOST:PORT/`.
pub fn run(args: &Args) -> Result<(), CliError> {
    // The page's solves shorten on the pool, as `rubik solve` does.
    crate::pool::start(None)?;
    let config = Config {
        host: args.host.clone(),
        port: args.port,
        solvers: Solvers {
            tables: args.tables.solve_tables(),
            scrambler: Scrambler::new(args.tables.cache_dir()),
        },
        limits: Limits {
            solve_ms: args.max_solve_ms,
            solves_queued: args.max_queued,
            ..Limits::default()
        },
    };
    let open = args.open;
    rubik_serve::serve(config, |address| {
        let url = format!("http://{address}/");
        let mut stdout = std::io::stdout().lock();
        // A server whose stdout is closed still serves.
        let _ = writeln!(stdout, "listening on {url}").and_then(|()| stdout.flush());
        if open && let Err(error) = webbrowser::open(&url) {
            report(&format!("could not open a browser ({error}); open {url}"));
        }
    })
    .map_err(|error| {
        CliError::Failed(format!(
            "cannot serve on {}:{}: {error}",
            args.host, args.port
        ))
    })
}
