//! `/api/solve`: states solved by [`rubik::solve`] (the CLI's policy: with no `timeout_ms`, the
//! same answer as `rubik solve`) on blocking threads, at most [`Limits::solves_running`] at once
//! and [`Limits::solves_queued`] waiting; past that, or past the server's time cap, a 503.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use axum::http::StatusCode;
use rubik::search::Budget;
use rubik::search::reduction::ReductionError;
use rubik::{SolveError, SolveOptions};
use serde::{Deserialize, Serialize};
use tokio::sync::Semaphore;

use crate::api::{ApiError, read, read_state};
use crate::{App, Limits};

/// How much longer than the cap a solve may take before the server stops waiting for it: a
/// search checks its clock every few thousand nodes, and a timed answer is better than a 503.
const GRACE: Duration = Duration::from_millis(500);

/// The solves admitted (running or waiting) and the solves running, each bounded.
pub struct Gate {
    admitted: Semaphore,
    running: Arc<Semaphore>,
}

impl Gate {
    /// A gate of `limits`' sizes.
    pub fn new(limits: &Limits) -> Gate {
        Gate {
            admitted: Semaphore::new(limits.solves_running + limits.solves_queued),
            running: Arc::new(Semaphore::new(limits.solves_running)),
        }
    }
}

/// A solve request: a state, and optionally a time budget to shorten its solution within.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SolveRequest {
    state: String,
    timeout_ms: Option<u64>,
}

/// One stage of a solution.
#[derive(Debug, Serialize)]
struct StageJson {
    name: &'static str,
    moves: String,
}

/// The answer of `/api/solve`.
#[derive(Debug, Serialize)]
struct Solved {
    size: usize,
    solution: String,
    stages: Vec<StageJson>,
    obtm: usize,
    stm: usize,
    time_ms: f64,
    budget_ran_out: bool,
}

/// `POST /api/solve`.
pub async fn solve(
    State(app): State<Arc<App>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<impl Serialize>, ApiError> {
    let request: SolveRequest = read(body)?;
    let cube = read_state(&request.state)?;
    let limits = app.limits;
    let busy = |why: &str| {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "{why}: at most {} solves run at once and {} wait",
                limits.solves_running, limits.solves_queued
            ),
        )
    };
    let Ok(_admitted) = app.gate.admitted.try_acquire() else {
        return Err(busy("too many solves queued"));
    };
    let wait = Duration::from_millis(limits.queue_wait_ms);
    let running = tokio::time::timeout(wait, app.gate.running.clone().acquire_owned()).await;
    let Ok(Ok(running)) = running else {
        return Err(busy("waited too long for a free solver"));
    };
    let cap = Duration::from_millis(limits.solve_ms);
    let budget_time = request
        .timeout_ms
        .map(|ms| Duration::from_millis(ms).min(cap));
    let cancel = StopOnDrop(Arc::new(AtomicBool::new(false)));
    let solving = {
        let (app, cancel) = (app.clone(), cancel.0.clone());
        tokio::task::spawn_blocking(move || {
            let _running = running;
            app.solvers.tables.load_for(cube.size());
            let options = SolveOptions {
                budget: Budget {
                    time: budget_time,
                    nodes: None,
                    cancel: Some(&cancel),
                },
                ..SolveOptions::new(&app.solvers.tables)
            };
            let start = Instant::now();
            let solution = rubik::solve(&cube, &options);
            (solution, start.elapsed())
        })
    };
    let (solution, elapsed) = match tokio::time::timeout(cap + GRACE, solving).await {
        Ok(joined) => joined.map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e))?,
        Err(_) => {
            return Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "the solve ran past the server's cap of {} ms",
                    limits.solve_ms
                ),
            ));
        }
    };
    let solution = solution.map_err(refusal)?;
    Ok(Json(Solved {
        size: solution.size,
        solution: solution.alg().to_string(),
        stages: (solution.stages.iter())
            .map(|stage| StageJson {
                name: stage.name,
                moves: stage.alg.to_string(),
            })
            .collect(),
        obtm: solution.obtm(),
        stm: solution.stm(),
        time_ms: elapsed.as_secs_f64() * 1e3,
        budget_ran_out: solution.budget_ran_out,
    }))
}

/// A solve's cancel flag, raised when its request is done: answered, past the cap, or dropped
/// because the client went away.
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// The answer to a solve that gave no solution: 503 when its budget stopped it, 500 for a
/// solver's bug, 400 for a state it does not take.
fn refusal(error: SolveError) -> ApiError {
    let status = match &error {
        SolveError::BudgetRanOut(_) | SolveError::Reduction(ReductionError::Stopped(_)) => {
            StatusCode::SERVICE_UNAVAILABLE
        }
        SolveError::Reduction(ReductionError::Replay) => StatusCode::INTERNAL_SERVER_ERROR,
        _ => StatusCode::BAD_REQUEST,
    };
    ApiError::new(status, error)
}
