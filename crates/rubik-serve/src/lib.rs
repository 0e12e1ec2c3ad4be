//! # rubik-serve: the cube in the browser
//!
//! The HTTP server behind `rubik serve`: the page (every file under `web/`, embedded in the
//! binary) and a JSON API over the `rubik` library (`POST /api/apply`, `/api/validate`,
//! `/api/scramble`, `/api/solve`; the README's "Web page" section is the contract). It holds no
//! cube logic: every answer is a library call, run on a blocking thread. Every input is bounded:
//! the body's size, the cube's size and the alg's work (the library's [`rubik::limits`]), and
//! solves by a time cap and a bounded queue ([`Limits`]).

mod api;
mod assets;
mod solving;

use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{any, get, post};
use rubik::search::Scrambler;
use rubik::solve::Tables;

/// What the server solves and scrambles with.
pub struct Solvers {
    /// The solver's tables, loaded once (at start-up, in the background) and shared by every
    /// solve.
    pub tables: Tables<'static>,
    /// The scrambler, as `rubik scramble` makes it (its tables from the same cache).
    pub scrambler: Scrambler,
}

/// The server's bounds.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The largest request body, in bytes (past it: 413).
    pub body_bytes: usize,
    /// The longest a solve may take, in milliseconds: a request's `timeout_ms` is capped to it,
    /// and a solve still running past it is answered with a 503.
    pub solve_ms: u64,
    /// How many solves run at once.
    pub solves_running: usize,
    /// How many solves may wait for a free solver (past it: 503).
    pub solves_queued: usize,
    /// The longest a solve waits for a free solver, in milliseconds (past it: 503).
    pub queue_wait_ms: u64,
}

impl Default for Limits {
    /// 1 MiB bodies (a 128×128×128 state is 98,304 letters), solves of at most 10 s, one solve
    /// per core, 1024 waiting at most 60 s.
    fn default() -> Limits {
        Limits {
            body_bytes: 1 << 20,
            solve_ms: 10_000,
            solves_running: std::thread::available_parallelism().map_or(1, |n| n.get()),
            solves_queued: 1024,
            queue_wait_ms: 60_000,
        }
    }
}

/// What every handler shares.
struct App {
    solvers: Solvers,
    limits: Limits,
    gate: solving::Gate,
}

impl App {
    fn new(solvers: Solvers, limits: Limits) -> App {
        App {
            solvers,
            limits,
            gate: solving::Gate::new(&limits),
        }
    }

    /// Loads every table a request may need, so that the first requests do not wait for them.
    fn load_tables(&self) {
        for size in [2, 3] {
            self.solvers.tables.load_for(size);
            self.solvers
                .scrambler
                .scramble(size, &mut rubik::seeded_rng(0));
        }
    }
}

/// The whole site: the API under `/api/` and the embedded page everywhere else.
pub fn router(solvers: Solvers, limits: Limits) -> Router {
    routes(Arc::new(App::new(solvers, limits)))
}

/// The routes over `app`.
fn routes(app: Arc<App>) -> Router {
    let limits = app.limits;
    Router::new()
        .route("/api/apply", post(api::apply))
        .route("/api/validate", post(api::validate))
        .route("/api/scramble", post(api::scramble))
        .route("/api/solve", post(solving::solve))
        .route("/api/{*rest}", any(api::not_found))
        .fallback(get(assets::file))
        .layer(DefaultBodyLimit::max(limits.body_bytes))
        .with_state(app)
}

/// Where to listen, and what to serve.
pub struct Config {
    /// The host name or address to listen on (`127.0.0.1`: this machine only).
    pub host: String,
    /// The port (0: any free port).
    pub port: u16,
    /// The solvers.
    pub solvers: Solvers,
    /// The bounds.
    pub limits: Limits,
}

/// Serves until Ctrl-C, then stops taking connections, lets the requests under way finish (a
/// second at most) and returns. `listening` is called with the address once it listens.
pub fn serve(config: Config, listening: impl FnOnce(SocketAddr)) -> io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let served = runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind((config.host.as_str(), config.port)).await?;
        listening(listener.local_addr()?);
        let app = Arc::new(App::new(config.solvers, config.limits));
        let loading = app.clone();
        tokio::task::spawn_blocking(move || loading.load_tables());
        let router = routes(app);
        axum::serve(listener, router)
            .with_graceful_shutdown(async {
                tokio::signal::ctrl_c().await.ok();
            })
            .await
    });
    runtime.shutdown_timeout(Duration::from_secs(1));
    served
}
