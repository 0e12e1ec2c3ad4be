//! The JSON API and the embedded page, through the router in process: JSON in and out, every
//! error status, the limits. Expected values come from the library called directly (a second
//! path to the same answer) or from hand-worked turns, and every solution is replayed.

use std::path::PathBuf;
use std::sync::OnceLock;

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderMap, Method, Request, StatusCode, header};
use http_body_util::BodyExt;
use proptest::prelude::*;
use rubik::search::Scrambler;
use rubik::search::two_phase::TableSize;
use rubik::solve::Tables;
use rubik::{Alg, FaceletCube, SolveOptions, Turn};
use rubik_serve::{Limits, Solvers, router};
use serde_json::{Value, json};
use tower::ServiceExt;

/// The table cache the test binaries share (`target/tmp/tables`): the first router builds the
/// tables it needs there (unless an earlier test binary has), the others map them.
fn cache() -> Option<PathBuf> {
    Some(PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("tables"))
}

/// The tiny tables, for the library's own answers.
fn tables() -> &'static Tables<'static> {
    static TABLES: OnceLock<Tables<'static>> = OnceLock::new();
    TABLES.get_or_init(|| Tables::cached(cache(), TableSize::Tiny))
}

/// A router with `limits`, on the tiny tables.
fn router_with(limits: Limits) -> Router {
    let solvers = Solvers {
        tables: Tables::cached(cache(), TableSize::Tiny),
        scrambler: Scrambler::new(cache()),
    };
    router(solvers, limits)
}

/// The router with the default limits but a two-minute solve cap, shared by the tests: they
/// check answers, and a 5×5 on the tiny tables in a dev build on a loaded machine has taken past
/// the default 10 s (the cap has its own test, with its own limits).
fn app() -> Router {
    static APP: OnceLock<Router> = OnceLock::new();
    APP.get_or_init(|| {
        router_with(Limits {
            solve_ms: 120_000,
            ..Limits::default()
        })
    })
    .clone()
}

/// The answer of `app` to a request: status, headers, body bytes.
async fn send(
    app: Router,
    method: Method,
    path: &str,
    body: Vec<u8>,
) -> (StatusCode, HeaderMap, Vec<u8>) {
    let request = Request::builder()
        .method(method)
        .uri(path)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body))
        .unwrap();
    let response = app.oneshot(request).await.unwrap();
    let (parts, body) = response.into_parts();
    let bytes = body.collect().await.unwrap().to_bytes().to_vec();
    (parts.status, parts.headers, bytes)
}

/// POSTs `body` to `path` on `app`: the status and the JSON answer.
async fn post_to(app: Router, path: &str, body: &Value) -> (StatusCode, Value) {
    let (status, headers, bytes) =
        send(app, Method::POST, path, body.to_string().into_bytes()).await;
    assert_eq!(headers[header::CONTENT_TYPE], "application/json", "{path}");
    (status, serde_json::from_slice(&bytes).unwrap())
}

async fn post(path: &str, body: Value) -> (StatusCode, Value) {
    post_to(app(), path, &body).await
}

fn cube_after(size: usize, alg: &str) -> FaceletCube {
    let mut cube = FaceletCube::solved(size);
    cube.apply_alg(&alg.parse().unwrap()).unwrap();
    cube
}

fn turn(axis: &str, first: usize, last: usize, quarters: u8) -> Value {
    json!({"axis": axis, "first": first, "last": last, "quarters": quarters})
}

#[tokio::test]
async fn apply_gives_the_state_and_each_turn() {
    let (status, answer) = post("/api/apply", json!({"size": 3, "alg": "R U R' U'"})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["size"], 3);
    assert_eq!(answer["state"], cube_after(3, "R U R' U'").to_string());
    // R and U turn the layer at the positive face; the primes turn it three quarters.
    let turns = [
        turn("x", 0, 0, 1),
        turn("y", 0, 0, 1),
        turn("x", 0, 0, 3),
        turn("y", 0, 0, 3),
    ];
    assert_eq!(answer["turns"], json!(turns));
    // On a 4×4: L' is the layer farthest from R turned clockwise seen from R; 3Fw2 the three
    // layers nearest F; M... has no middle layer, so 2-3Rw' is the inner block, counted from R.
    let (_, answer) = post("/api/apply", json!({"size": 4, "alg": "L' 3Fw2 2-3Rw'"})).await;
    let turns = [turn("x", 3, 3, 1), turn("z", 0, 2, 2), turn("x", 1, 2, 3)];
    assert_eq!(answer["turns"], json!(turns));
    assert_eq!(answer["state"], cube_after(4, "L' 3Fw2 2-3Rw'").to_string());
}

#[tokio::test]
async fn apply_starts_from_a_state_which_wins_over_a_size() {
    let start = cube_after(2, "R F");
    let body = json!({"size": 5, "state": start.to_string(), "alg": "F' R'"});
    let (status, answer) = post("/api/apply", body).await;
    assert_eq!((status, &answer["size"]), (StatusCode::OK, &json!(2)));
    assert_eq!(answer["state"], FaceletCube::solved(2).to_string());
    let (status, answer) = post("/api/apply", json!({"alg": "R"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(answer["error"], "give a size or a state");
}

#[tokio::test]
async fn notation_errors_give_the_librarys_message_and_the_column() {
    let (status, answer) = post("/api/apply", json!({"size": 3, "alg": "R U 3Rw"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let error = "R U 3Rw".parse::<Alg>().unwrap().turns(3).unwrap_err();
    assert_eq!(
        answer,
        json!({"error": error.kind.to_string(), "column": 5})
    );
    let (status, answer) = post("/api/apply", json!({"size": 3, "alg": "R U X"})).await;
    assert_eq!(
        (status, &answer["column"]),
        (StatusCode::BAD_REQUEST, &json!(5))
    );
    assert_eq!(answer["error"], "`X` is not a move");
}

#[tokio::test]
async fn bounds_refuse_before_any_work() {
    for size in [0, rubik::limits::MAX_SIZE + 1] {
        let (status, answer) = post("/api/apply", json!({"size": size, "alg": "R"})).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{size}");
        assert!(
            answer["error"]
                .as_str()
                .unwrap()
                .contains("1 to 1000 layers")
        );
        let (status, _) = post("/api/scramble", json!({"size": size})).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{size}");
    }
    // Whole-cube turns of the largest cube: past the CLI's work bound, refused at once.
    let (status, answer) = post("/api/apply", json!({"size": 1000, "alg": "(x)10000"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("an alg may move at most")
    );
    assert!(answer.get("column").is_none());
    let (status, answer) = post("/api/apply", json!({"size": 3, "alg": "(R)1000001"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(answer["error"], "expands to more than 1000000 moves");
}

#[tokio::test]
async fn malformed_requests_are_400_and_large_bodies_413() {
    let bodies: [&[u8]; 5] = [
        b"{",
        b"[]",
        br#"{"size": 3}"#,
        br#"{"size": 3, "alg": "R", "extra": 1}"#,
        br#"{"size": -3, "alg": "R"}"#,
    ];
    for body in bodies {
        let (status, _, bytes) = send(app(), Method::POST, "/api/apply", body.to_vec()).await;
        assert_eq!(
            status,
            StatusCode::BAD_REQUEST,
            "{}",
            String::from_utf8_lossy(body)
        );
        let answer: Value = serde_json::from_slice(&bytes).unwrap();
        assert!(answer["error"].as_str().unwrap().starts_with("bad request"));
    }
    let huge = json!({"size": 3, "alg": "R ".repeat(600_000)}).to_string();
    for path in ["/api/apply", "/api/solve"] {
        let (status, _, bytes) = send(app(), Method::POST, path, huge.clone().into_bytes()).await;
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
        let answer: Value = serde_json::from_slice(&bytes).unwrap();
        assert!(answer["error"].is_string());
    }
    let (status, _, _) = send(app(), Method::GET, "/api/apply", Vec::new()).await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    let (status, answer) = post("/api/rotate", json!({})).await;
    assert_eq!(
        (status, &answer["error"]),
        (StatusCode::NOT_FOUND, &json!("no API at /api/rotate"))
    );
}

#[tokio::test]
async fn validate_says_valid_or_the_librarys_reason() {
    let state = cube_after(5, "Rw U2 3Fw'").to_string();
    let (status, answer) = post("/api/validate", json!({"state": state})).await;
    assert_eq!(
        (status, answer),
        (StatusCode::OK, json!({"valid": true, "size": 5}))
    );
    // A twisted corner (the README's example): the reason is the library's message.
    let twisted = "LBULUFUUBLRLURBULULFDBFRRFRBDBDDDFBFFFBULLDRDFUDDBLRRR";
    let reason = rubik::cubie::validate(&twisted.parse().unwrap())
        .unwrap_err()
        .to_string();
    assert!(reason.contains("twisted"));
    let (_, answer) = post("/api/validate", json!({"state": twisted})).await;
    assert_eq!(answer, json!({"valid": false, "size": 3, "reason": reason}));
    // The right length and letters, the colours miscounted: a 3×3 string, not a cube.
    let miscounted = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBU";
    let (status, answer) = post("/api/validate", json!({"state": miscounted})).await;
    assert_eq!(
        (status, &answer["valid"], &answer["size"]),
        (StatusCode::OK, &json!(false), &json!(3))
    );
    assert_eq!(
        answer["reason"],
        "U occurs 10 times; every colour must occur 9 times"
    );
    // No size at all: a 400.
    for bad in [
        "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBB",
        &"X".repeat(54),
        "",
    ] {
        let (status, answer) = post("/api/validate", json!({"state": bad})).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
        assert!(answer["error"].is_string());
    }
}

#[tokio::test]
async fn scrambles_are_the_clis_for_the_seed_and_return_it() {
    let scrambler = Scrambler::new(cache());
    for size in [1, 2, 3, 4, 7] {
        let (status, answer) = post("/api/scramble", json!({"size": size, "seed": 42})).await;
        assert_eq!(status, StatusCode::OK);
        let alg = scrambler
            .scramble(size, &mut rubik::seeded_rng(42))
            .to_string();
        assert_eq!(answer["alg"], alg, "{size}");
        let state = cube_after(size, &alg).to_string();
        assert_eq!(
            answer,
            json!({"size": size, "seed": 42, "alg": alg, "state": state})
        );
    }
    // Pinned independently of the server: what `rubik scramble --seed 42` writes.
    let (_, answer) = post("/api/scramble", json!({"size": 3, "seed": 42})).await;
    assert_eq!(
        answer["alg"],
        "U2 F2 D R2 U L B R D2 F' D2 B' D2 F U2 B' L2 B2 D2 B"
    );
    // No seed: a fresh one, returned, which gives the same scramble again.
    let (_, fresh) = post("/api/scramble", json!({"size": 3})).await;
    assert!(fresh["seed"].as_u64().unwrap() < 1 << 53, "{fresh}");
    let (_, again) = post("/api/scramble", json!({"size": 3, "seed": fresh["seed"]})).await;
    assert_eq!(fresh, again);
}

/// Solves `state` through the API and checks the answer: the solution replays to solved, the
/// stages add up to it, the lengths are its lengths.
async fn solve_and_replay(state: &FaceletCube) -> Value {
    let (status, answer) = post("/api/solve", json!({"state": state.to_string()})).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let solution: Alg = answer["solution"].as_str().unwrap().parse().unwrap();
    let mut cube = state.clone();
    cube.apply_alg(&solution).unwrap();
    assert!(cube.is_solved(), "{state}");
    let stages: Vec<&str> = (answer["stages"].as_array().unwrap().iter())
        .map(|stage| stage["moves"].as_str().unwrap())
        .collect();
    assert_eq!(stages.join(" "), answer["solution"].as_str().unwrap());
    let turns: Vec<Turn> = solution.turns(state.size()).unwrap();
    let obtm: usize = turns.iter().map(|t| t.obtm(state.size())).sum();
    let stm: usize = turns.iter().map(|t| t.stm(state.size())).sum();
    assert_eq!(
        (&answer["obtm"], &answer["stm"]),
        (&json!(obtm), &json!(stm))
    );
    assert_eq!(answer["size"], state.size());
    assert!(answer["budget_ran_out"].is_boolean());
    assert!(answer["time_ms"].as_f64().unwrap() >= 0.0);
    answer
}

#[tokio::test]
async fn solves_replay_and_match_the_library_policy() {
    let mut rng = rubik::seeded_rng(7);
    for size in [2, 3, 3, 3, 4, 5] {
        let state = rubik::bigcube::random_state(size, &mut rng);
        let answer = solve_and_replay(&state).await;
        let direct = rubik::solve(&state, &SolveOptions::new(tables())).unwrap();
        assert_eq!(answer["solution"], direct.alg().to_string(), "{size}");
        let names: Vec<&str> = direct.stages.iter().map(|s| s.name).collect();
        let served: Vec<&str> = (answer["stages"].as_array().unwrap().iter())
            .map(|stage| stage["name"].as_str().unwrap())
            .collect();
        assert_eq!(served, names);
    }
    let answer = solve_and_replay(&FaceletCube::solved(3)).await;
    assert_eq!(
        (&answer["solution"], &answer["stages"]),
        (&json!(""), &json!([]))
    );
}

#[tokio::test]
async fn a_timed_solve_shortens_within_its_budget() {
    let state = rubik::bigcube::random_state(3, &mut rubik::seeded_rng(3)).to_string();
    let (status, answer) = post("/api/solve", json!({"state": state, "timeout_ms": 100})).await;
    assert_eq!(status, StatusCode::OK);
    let mut cube: FaceletCube = state.parse().unwrap();
    cube.apply_alg(&answer["solution"].as_str().unwrap().parse().unwrap())
        .unwrap();
    assert!(cube.is_solved());
    assert!(answer["obtm"].as_u64().unwrap() <= 20);
}

#[tokio::test]
async fn unsolvable_states_are_400() {
    let twisted = "LBULUFUUBLRLURBULULFDBFRRFRBDBDDDFBFFFBULLDRDFUDDBLRRR";
    let (status, answer) = post("/api/solve", json!({"state": twisted})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(answer["error"].as_str().unwrap().contains("twisted"));
    let (status, _) = post("/api/solve", json!({"state": "UUU"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let too_big = FaceletCube::solved(rubik::search::reduction::MAX_SIZE + 1).to_string();
    let (status, answer) = post("/api/solve", json!({"state": too_big})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("up to 128 layers")
    );
}

#[tokio::test]
async fn a_solve_past_its_budget_or_the_cap_is_503_with_retry_after() {
    // A 64×64×64 takes longer than the server's cap, with a budget of its own (which never
    // leaves a cube unsolved, only shortens less) or without.
    let state = rubik::bigcube::random_state(64, &mut rubik::seeded_rng(1)).to_string();
    let capped = router_with(Limits {
        solve_ms: 50,
        ..Limits::default()
    });
    for body in [
        json!({"state": state, "timeout_ms": 20}),
        json!({"state": state}),
    ] {
        let request = body.to_string().into_bytes();
        let (status, headers, bytes) =
            send(capped.clone(), Method::POST, "/api/solve", request).await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(headers[header::RETRY_AFTER], "1");
        let answer: Value = serde_json::from_slice(&bytes).unwrap();
        assert!(answer["error"].is_string(), "{answer}");
    }
}

#[tokio::test]
async fn solves_past_the_queue_are_503_with_retry_after() {
    let one = router_with(Limits {
        solves_running: 1,
        solves_queued: 0,
        ..Limits::default()
    });
    let state = rubik::bigcube::random_state(3, &mut rubik::seeded_rng(5)).to_string();
    let slow = json!({"state": state, "timeout_ms": 400});
    let first = tokio::spawn({
        let one = one.clone();
        async move { post_to(one, "/api/solve", &slow).await }
    });
    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    let request = json!({"state": state}).to_string().into_bytes();
    let (status, headers, bytes) = send(one.clone(), Method::POST, "/api/solve", request).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(headers[header::RETRY_AFTER], "1");
    let answer: Value = serde_json::from_slice(&bytes).unwrap();
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("too many solves")
    );
    assert_eq!(first.await.unwrap().0, StatusCode::OK);
    // Once it is done, the next is taken.
    assert_eq!(
        post_to(one, "/api/solve", &json!({"state": state})).await.0,
        StatusCode::OK
    );
}

/// The Content-Type a file of the page must be served with.
fn expected_type(path: &str) -> &'static str {
    match path.rsplit('.').next().unwrap() {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "svg" => "image/svg+xml",
        "ico" => "image/x-icon",
        "json" => "application/json",
        "png" => "image/png",
        other => panic!("add the type of .{other} files to this test"),
    }
}

#[tokio::test]
async fn every_file_under_web_is_served_with_its_type() {
    let web = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("web");
    let mut dirs = vec![web.clone()];
    let mut served = 0;
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            let relative = path
                .strip_prefix(&web)
                .unwrap()
                .to_str()
                .unwrap()
                .replace('\\', "/");
            let (status, headers, bytes) =
                send(app(), Method::GET, &format!("/{relative}"), Vec::new()).await;
            assert_eq!(status, StatusCode::OK, "{relative}");
            assert_eq!(
                headers[header::CONTENT_TYPE],
                expected_type(&relative),
                "{relative}"
            );
            assert_eq!(bytes, std::fs::read(&path).unwrap(), "{relative}");
            served += 1;
        }
    }
    assert!(served >= 1);
    let (status, headers, bytes) = send(app(), Method::GET, "/", Vec::new()).await;
    assert_eq!(
        (status, &headers[header::CONTENT_TYPE]),
        (
            StatusCode::OK,
            &expected_type("index.html").parse().unwrap()
        )
    );
    assert_eq!(bytes, std::fs::read(web.join("index.html")).unwrap());
    let (status, _, _) = send(app(), Method::GET, "/no-such-file.js", Vec::new()).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Applying an alg and then its inverse from the answered state gives the start back, and
    /// every answer is the library's own.
    #[test]
    fn apply_then_the_inverse_round_trips(
        size in 1usize..6,
        picks in proptest::collection::vec(0usize..1000, 0..12),
    ) {
        let moves: Vec<Turn> = Turn::single_layer_turns(size).collect();
        let turns: Vec<Turn> = picks.iter().map(|&i| moves[i % moves.len()]).collect();
        let alg: Alg = Alg::from_turns(turns.iter().copied(), size);
        let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
        let (status, there) = runtime.block_on(post("/api/apply", json!({"size": size, "alg": alg.to_string()})));
        prop_assert_eq!(status, StatusCode::OK);
        let mut cube = FaceletCube::solved(size);
        cube.apply(turns.iter().copied());
        prop_assert_eq!(&there["state"], &json!(cube.to_string()));
        let back = json!({"state": there["state"], "alg": alg.inverse().to_string()});
        let (_, back) = runtime.block_on(post("/api/apply", back));
        prop_assert_eq!(&back["state"], &json!(FaceletCube::solved(size).to_string()));
    }
}
