//! A load test of a running `rubik serve`: COUNT solve requests of random 3×3 states (seeded),
//! all sent at once, each on its own connection; every solution is replayed with the library.
//! Prints requests per second and the latency's p50, p99 and max; exits with status 1 if any
//! request failed or any solution does not solve its state. Every request times out after two
//! minutes, so the run always ends.
//!
//!     cargo run --release -p rubik-serve --example load -- URL [COUNT] [SEED]
//!
//! `scripts/load.sh` starts the server, runs this and reports the server's peak memory.

use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use rubik::{Alg, FaceletCube};

/// An error as the text a failed request reports.
fn say(error: impl std::fmt::Display) -> String {
    error.to_string()
}

/// One request: its state, and how it went.
fn solve_one(url: &str, state: &FaceletCube, start: &Barrier) -> Result<Duration, String> {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(120)))
        .build()
        .into();
    let body = serde_json::json!({ "state": state.to_string() }).to_string();
    start.wait();
    let sent = Instant::now();
    let mut response = agent
        .post(format!("{url}api/solve"))
        .header("Content-Type", "application/json")
        .send(body)
        .map_err(say)?;
    let text = response.body_mut().read_to_string().map_err(say)?;
    let latency = sent.elapsed();
    if response.status() != 200 {
        return Err(format!("{}: {text}", response.status()));
    }
    let answer: serde_json::Value = serde_json::from_str(&text).map_err(say)?;
    let solution = answer["solution"]
        .as_str()
        .ok_or(format!("no solution: {text}"))?;
    let solution: Alg = solution.parse().map_err(say)?;
    let mut cube = state.clone();
    cube.apply_alg(&solution).map_err(say)?;
    match cube.is_solved() {
        true => Ok(latency),
        false => Err(format!("{state}: {solution} does not solve it")),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(url) = args.get(1).cloned() else {
        eprintln!("usage: load URL [COUNT] [SEED]");
        std::process::exit(2);
    };
    let count: usize = args.get(2).map_or(1000, |n| n.parse().expect("COUNT"));
    let seed: u64 = args.get(3).map_or(1, |n| n.parse().expect("SEED"));
    let mut rng = rubik::seeded_rng(seed);
    let states: Vec<FaceletCube> = (0..count)
        .map(|_| rubik::bigcube::random_state(3, &mut rng))
        .collect();
    // Every client ready before the first request: they all go at once.
    let start = Arc::new(Barrier::new(count + 1));
    let clients: Vec<_> = states
        .into_iter()
        .map(|state| {
            let (url, start) = (url.clone(), start.clone());
            std::thread::Builder::new()
                .stack_size(256 << 10)
                .spawn(move || solve_one(&url, &state, &start))
                .expect("a client thread")
        })
        .collect();
    start.wait();
    let began = Instant::now();
    let results: Vec<_> = clients.into_iter().map(|c| c.join().unwrap()).collect();
    let elapsed = began.elapsed();
    let mut latencies: Vec<Duration> = results.iter().filter_map(|r| r.clone().ok()).collect();
    let errors: Vec<&String> = results.iter().filter_map(|r| r.as_ref().err()).collect();
    latencies.sort();
    let at = |q: f64| latencies[((latencies.len() - 1) as f64 * q).round() as usize];
    if !latencies.is_empty() {
        println!(
            "{count} solves in {:.2} s: {:.0} requests/s; latency p50 {:.0} ms, p99 {:.0} ms, max {:.0} ms",
            elapsed.as_secs_f64(),
            count as f64 / elapsed.as_secs_f64(),
            at(0.5).as_secs_f64() * 1e3,
            at(0.99).as_secs_f64() * 1e3,
            at(1.0).as_secs_f64() * 1e3,
        );
    }
    if !errors.is_empty() {
        println!("{} errors, the first: {}", errors.len(), errors[0]);
        std::process::exit(1);
    }
}
