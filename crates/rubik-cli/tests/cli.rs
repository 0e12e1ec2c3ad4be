//! The `rubik` program driven as a process: answers, pipelines, errors and exit statuses.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use assert_cmd::Command;
use predicates::prelude::*;

fn rubik() -> Command {
    let mut command = Command::cargo_bin("rubik").unwrap();
    command.env_remove("NO_COLOR");
    // Solver tables never go to the user's cache from a test.
    command.env("RUBIK_TABLES", std::env::temp_dir().join("rubik-cli-tests"));
    command
}

/// Runs `rubik args` and returns its stdout, asserting success.
fn answer(args: &[&str]) -> String {
    let output = rubik().args(args).output().unwrap();
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

const R_STATE: &str = "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB";

#[test]
fn apply_prints_the_facelet_string() {
    assert_eq!(answer(&["apply", "R"]), format!("{R_STATE}\n"));
    assert_eq!(
        answer(&["apply", "--size", "2", "R"]),
        "UFUFRRRRFDFDDBDBLLLLUBUB\n"
    );
    assert_eq!(
        answer(&["apply", "R", "--from", R_STATE, "-f", "facelet"]).len(),
        55
    );
}

#[test]
fn apply_from_a_state_continues_it() {
    let twice = answer(&["apply", "R2"]);
    assert_eq!(answer(&["apply", "--from", R_STATE, "R"]), twice);
}

#[test]
fn apply_in_every_format() {
    let json: serde_json::Value =
        serde_json::from_str(&answer(&["apply", "R R'", "-f", "json"])).unwrap();
    assert_eq!(json["solved"], true);
    assert_eq!(json["size"], 3);
    assert!(answer(&["apply", "R", "-f", "net"]).starts_with("    UUF\n"));
    assert!(answer(&["apply", "R", "-f", "svg"]).starts_with("<svg"));
    // Colour is off when stdout is not a terminal, unless asked for.
    assert!(!answer(&["apply", "R", "-f", "color"]).contains('\x1b'));
    assert!(answer(&["--color", "always", "apply", "R", "-f", "color"]).contains("\x1b[48;5;"));
}

#[test]
fn a_dash_reads_one_item_per_line() {
    let output = rubik()
        .args(["apply", "-"])
        .write_stdin("R\n\nR R'\n")
        .output()
        .unwrap();
    assert!(output.status.success());
    let solved = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        format!("{R_STATE}\n{solved}\n{solved}\n")
    );
}

#[test]
fn a_bad_line_is_reported_and_the_batch_goes_on() {
    rubik()
        .args(["invert", "-"])
        .write_stdin("R U\nR U X\nF\n")
        .assert()
        .code(2)
        .stdout("U' R'\n\nF'\n")
        .stderr(predicate::str::contains("line 2"));
}

#[test]
fn bad_algs_exit_2_with_the_place() {
    rubik()
        .args(["apply", "R U 3Rw"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("3Rw").and(predicate::str::contains("    ^^^")));
    rubik().args(["apply", "RU"]).assert().code(2);
    rubik().args(["order", "--size", "4", "M"]).assert().code(2);
    rubik()
        .args(["apply", "(R U)99999999999999"])
        .assert()
        .code(2);
}

#[test]
fn validate_says_ok_or_why() {
    assert_eq!(answer(&["validate", R_STATE]), "ok\n");
    assert_eq!(answer(&["validate", "WWWWRRRRGGGGYYYYOOOOBBBB"]), "ok\n");
    let twisted = "LBULUFUUBLRLURBULULFDBFRRFRBDBDDDFBFFFBULLDRDFUDDBLRRR";
    rubik()
        .args(["validate", twisted])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("twisted"));
    rubik()
        .args(["validate", "UUU"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("length"));
}

#[test]
fn show_draws_the_net() {
    let net = answer(&["show", "UUUURRRRFFFFDDDDLLLLBBBB"]);
    assert_eq!(
        net,
        "   UU\n   UU\nLL FF RR BB\nLL FF RR BB\n   DD\n   DD\n"
    );
}

#[test]
fn alg_algebra() {
    assert_eq!(answer(&["invert", "R U2 F'"]), "F U2 R'\n");
    assert_eq!(answer(&["simplify", "R L R' U U'"]), "L\n");
    assert_eq!(answer(&["expand", "[R, U]"]), "R U R' U'\n");
    assert_eq!(answer(&["order", "R U"]), "105\n");
    assert_eq!(answer(&["order", "--size", "4", "Rw2"]), "2\n");
    assert_eq!(answer(&["order", "--size", "6", "x"]), "4\n");
}

#[test]
fn scrambles_are_reproducible_and_counted() {
    let a = answer(&["scramble", "--seed", "7", "--count", "3", "--random-moves"]);
    assert_eq!(
        a,
        answer(&["scramble", "--seed", "7", "--count", "3", "--random-moves"])
    );
    assert_eq!(a.lines().count(), 3);
    assert!(a.lines().all(|line| line.split(' ').count() == 25));
    let big = answer(&["scramble", "--size", "5", "--seed", "1", "--length", "10"]);
    assert_eq!(big.split_whitespace().count(), 10);
}

#[test]
fn random_states_of_any_size_are_reproducible_valid_states() {
    let args = "scramble -n 6 --random-state -s 5 -c 2";
    let args: Vec<&str> = args.split(' ').collect();
    let states = answer(&args);
    assert_eq!(states, answer(&args));
    assert_eq!(states.lines().count(), 2);
    assert!(states.lines().all(|line| line.len() == 6 * 36));
    rubik()
        .args(["validate", "-"])
        .write_stdin(states)
        .assert()
        .success()
        .stdout("ok\nok\n");
    rubik()
        .args(["scramble", "--random-state", "--random-moves"])
        .assert()
        .code(2);
}

/// The solved 4×4 with the stickers at each pair of indices exchanged in turn.
fn solved_4x4_with(swaps: &[(usize, usize)]) -> String {
    let mut stickers: Vec<char> = "URFDLB".chars().flat_map(|c| [c; 16]).collect();
    for &(a, b) in swaps {
        stickers.swap(a, b);
    }
    stickers.into_iter().collect()
}

#[test]
fn validate_names_the_big_cube_rule_and_stickers() {
    // U15 and F3: one wing turned round in place.
    rubik()
        .args(["validate", &solved_4x4_with(&[(14, 34)])])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("U15 F3").and(predicate::str::contains("[flipped_wing]")));
    // U6 (an x-centre) and R2 (a wing sticker): a wing showing U twice.
    rubik()
        .args(["validate", &solved_4x4_with(&[(5, 17)])])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("R2 U12").and(predicate::str::contains("[invalid_wing]")));
    // U6 and R6, two x-centres: centres of one orbit are interchangeable.
    assert_eq!(answer(&["validate", &solved_4x4_with(&[(5, 21)])]), "ok\n");
}

#[test]
fn moves_lists_every_single_layer_turn() {
    let moves = answer(&["moves", "--size", "4"]);
    assert_eq!(moves.lines().count(), 36);
    assert!(moves.lines().any(|m| m == "2R'"));
}

#[test]
fn bad_arguments_exit_2() {
    rubik().args(["apply", "--size", "0", "R"]).assert().code(2);
    rubik()
        .args(["--scheme", "WRGYOX", "show", "U"])
        .assert()
        .code(2);
    rubik().args(["nonsense"]).assert().code(2);
}

#[test]
fn solve_bfs_prints_a_shortest_solution() {
    assert_eq!(answer(&["solve", "--method", "bfs", R_STATE]), "R'\n");
    assert_eq!(
        answer(&["solve", "--method", "bfs", "--alg", "R U F"]),
        "F' U' R'\n"
    );
    let solved = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
    assert_eq!(answer(&["solve", "--method", "bfs", solved]), "\n");
    assert_eq!(
        answer(&["solve", "--method", "bfs", "WWWWRRRRGGGGYYYYOOOOBBBB"]),
        "\n"
    );
    let quarters = answer(&[
        "solve", "--method", "bfs", "--alg", "R2", "--moves", "quarter",
    ]);
    assert!(
        ["R R\n", "R' R'\n"].contains(&quarters.as_str()),
        "{quarters}"
    );
    assert_eq!(
        answer(&["solve", "--method", "bfs", "--alg", "M", "--moves", "all"]),
        "M'\n"
    );
    assert_eq!(
        answer(&[
            "solve", "--method", "bfs", "-n", "4", "--alg", "2R U", "--moves", "all"
        ]),
        "U' 2R'\n"
    );
    assert_eq!(
        answer(&[
            "solve", "--method", "bfs", "--alg", "R U2 R'", "--moves", "R U"
        ]),
        "R U2 R'\n"
    );
    let json = answer(&["solve", "--method", "bfs", "--alg", "R U", "-f", "json"]);
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        (&json["solution"], &json["length"]),
        (&"U' R'".into(), &2.into())
    );
    assert!(json["states"].as_u64().unwrap() > 0 && json["time_ms"].is_number());
}

#[test]
fn solve_reads_one_state_or_alg_per_line() {
    rubik()
        .args(["solve", "--method", "bfs", "-"])
        .write_stdin(format!("{R_STATE}\nUUU\n"))
        .assert()
        .code(2)
        .stdout("R'\n\n")
        .stderr(predicate::str::contains("line 2: wrong length"));
    rubik()
        .args(["solve", "--method", "bfs", "--alg", "-", "--max-depth", "2"])
        .write_stdin("R U\nR U F\n\nU\n")
        .assert()
        .code(1)
        .stdout("U' R'\n\n\nU'\n")
        .stderr(predicate::str::contains(
            "line 2: no solution within 2 moves",
        ));
}

#[test]
fn solve_refuses_bad_input_with_2() {
    let twisted = "LBULUFUUBLRLURBULULFDBFRRFRBDBDDDFBFFFBULLDRDFUDDBLRRR";
    let cases: [&[&str]; 7] = [
        &["solve", "--method", "bfs", twisted],
        &["solve", "--method", "bfs", "--alg", "R U X"],
        &["solve", "--method", "bfs", "--alg", "M", "--size", "4"],
        &["solve", "--method", "bfs", "--alg", "R", "--moves", "R Q"],
        &[
            "solve",
            "--method",
            "bfs",
            "--alg",
            "R",
            "--max-memory",
            "4X",
        ],
        &["solve", "--method", "bfs", "--alg", "R", R_STATE],
        &["solve", "--method", "bfs"],
    ];
    for args in cases {
        rubik().args(args).assert().code(2).stdout("");
    }
}

#[test]
fn solve_says_why_it_found_nothing_with_1() {
    let hard = "D2 B' R2 U' F2 L B' D L2 F U2 R' B2 U L' D2 F R U2 B'";
    let cases: [(&[&str], &str); 5] = [
        (
            &["--alg", "R U F", "--max-depth", "2"],
            "no solution within 2 moves",
        ),
        (
            &["--alg", hard, "--timeout-ms", "0"],
            "out of time: no solution within 0 moves",
        ),
        (
            &["--alg", hard, "--max-memory", "1M"],
            "more than the bound of 1.0 MiB",
        ),
        (
            &["--alg", "U", "--moves", "R"],
            "no sequence of these moves solves this state",
        ),
        (
            &["--size", "4", "--alg", "Rw"],
            "no sequence of outer face turns solves this state (it has inner layers turned): \
             --moves blocks or --moves all can",
        ),
    ];
    for (args, message) in cases {
        rubik()
            .args(["solve", "--method", "bfs"])
            .args(args)
            .assert()
            .code(1)
            .stdout("")
            .stderr(predicate::str::contains(message));
    }
}

#[test]
fn benchmarks_refuse_no_states_before_building_tables() {
    let dir = tempfile::tempdir().unwrap();
    for bench in ["solve", "optimal"] {
        rubik()
            .env("RUBIK_TABLES", dir.path())
            .args(["bench", bench, "--count", "0", "--optimal-tables", "huge"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("goes from 1 to"));
    }
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn the_big_cube_benchmark_refuses_what_only_the_3x3_one_means() {
    let dir = tempfile::tempdir().unwrap();
    rubik()
        .env("RUBIK_TABLES", dir.path())
        .args(["bench", "solve", "--size", "5", "--count", "1"])
        .args(["--max-length", "30"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--max-length"))
        .stderr(predicate::str::contains("reduction"));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

/// The big-cube benchmark gives the moves and times on one thread, the 3×3 yardstick of the
/// same run, then the same states on all cores (the run checks their solutions are the same).
#[test]
fn the_big_cube_benchmark_runs_on_one_thread_then_on_all_cores() {
    let output = solver(
        big_cube_tables(),
        &["bench", "solve", "--size", "4", "--count", "3"],
    )
    .output()
    .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let at = |start: &str| lines.iter().position(|l| l.starts_with(start));
    let (one, yardstick, all) = (
        at("4x4x4: 3 uniformly random states (seed 1), one thread"),
        at("yardstick, the 3x3 two-phase solver on one thread in this run: "),
        lines
            .iter()
            .position(|l| l.contains("threads, states side by side: ")),
    );
    assert!(
        one < yardstick && yardstick < all && one.is_some(),
        "{text}"
    );
    let single = solver(
        big_cube_tables(),
        &[
            "bench",
            "solve",
            "--size",
            "4",
            "--count",
            "1",
            "--single-only",
        ],
    )
    .output()
    .unwrap();
    let text = String::from_utf8(single.stdout).unwrap();
    assert!(
        text.contains("yardstick") && !text.contains("side by side"),
        "{text}"
    );
}

#[test]
fn the_big_cube_benchmark_solves_every_state_within_any_budget() {
    // Out of time at once, a 7×7's centre tables stop and the 3-cycles finish: the state is
    // still solved, in more moves.
    let mean = |budget: &[&str]| {
        let bench = [
            "bench",
            "solve",
            "--size",
            "7",
            "--count",
            "1",
            "--single-only",
        ];
        let run = solver(big_cube_tables(), &[&bench[..], budget].concat())
            .assert()
            .success();
        let out = String::from_utf8(run.get_output().stdout.clone()).unwrap();
        let mean = out.split("OBTM: mean ").nth(1).unwrap().split(',').next();
        mean.unwrap().parse::<f64>().unwrap()
    };
    assert!(mean(&["--timeout-ms", "1"]) > mean(&[]));
}

/// `rubik ARGS` with the tiny solver tables, cached in `dir`.
fn solver(dir: &std::path::Path, args: &[&str]) -> Command {
    let mut command = rubik();
    command
        .env("RUBIK_TABLES", dir)
        .args(args)
        .args(["--tables-size", "tiny"]);
    command
}

/// The table cache the tests that need large tables share with the other test binaries
/// (`target/tmp/tables`), each kind built there once, before the first test that needs it: the
/// 5×5's take tens of seconds to build in a test build, and two tests building them at once
/// take twice that.
fn shared_cache(builds: &[&[&str]]) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("tables");
    for args in builds {
        rubik()
            .env("RUBIK_TABLES", &dir)
            .args(["tables", "build"])
            .args(*args)
            .assert()
            .success();
    }
    dir
}

/// The shared cache with the tables the big-cube tests read built: the 4×4's, and the small
/// 5×5 ones that go with the tiny 3×3 tables [`solver`] asks for.
fn big_cube_tables() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    let five: &[&str] = &["--puzzle", "5x5", "--tables-size", "tiny"];
    DIR.get_or_init(|| shared_cache(&[&["--puzzle", "4x4"], five]))
}

/// The shared cache with the optimal solver's small tables built.
fn small_optimal_tables() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    let build: &[&str] = &["--puzzle", "3x3-optimal", "--optimal-tables", "small"];
    DIR.get_or_init(|| shared_cache(&[build]))
}

/// The facelet string after `alg`, then `solution`, from solved.
fn after(alg: &str, solution: &str) -> String {
    let state = answer(&["apply", alg]);
    answer(&["apply", "--from", state.trim(), solution])
}

const SOLVED: &str = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

#[test]
fn solve_finds_short_solutions_that_solve() {
    let dir = tempfile::tempdir().unwrap();
    let output = solver(dir.path(), &["solve", "--alg", "R U R' F2"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let solution = String::from_utf8(output.stdout).unwrap();
    assert_eq!(solution.split_whitespace().count(), 4, "{solution}");
    assert_eq!(after("R U R' F2", solution.trim()).trim(), SOLVED);
    // A state string, in colour letters and turned as a whole, works the same.
    let state = answer(&["apply", "R U R' F2 y", "--format", "facelet"]);
    let output = solver(dir.path(), &["solve", state.trim(), "-m", "20"])
        .output()
        .unwrap();
    assert!(output.status.success());
}

#[test]
fn solve_streams_a_batch_and_reports_bad_lines() {
    let dir = tempfile::tempdir().unwrap();
    let r = answer(&["apply", "R"]);
    let input = format!("{}\nnot a cube\n{SOLVED}\n", r.trim());
    let output = solver(dir.path(), &["solve", "-", "-m", "20"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let lines: Vec<String> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0], "R'");
    assert_eq!(lines[1], "");
    assert_eq!(lines[2], "");
    assert!(String::from_utf8(output.stderr).unwrap().contains("line 2"));
}

#[test]
fn solve_writes_json() {
    let dir = tempfile::tempdir().unwrap();
    let output = solver(
        dir.path(),
        &["solve", "--alg", "F2 U", "-f", "json", "-m", "20"],
    )
    .output()
    .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(
        json["length"].as_u64().unwrap() as usize,
        json["solution"]
            .as_str()
            .unwrap()
            .split_whitespace()
            .count()
    );
    assert_eq!(json["budget_ran_out"], false);
    assert!(json["time_ms"].as_f64().unwrap() >= 0.0);
}

#[test]
fn solve_refuses_impossible_cubes() {
    let dir = tempfile::tempdir().unwrap();
    let twisted = "LBULUFUUBLRLURBULULFDBFRRFRBDBDDDFBFFFBULLDRDFUDDBLRRR";
    solver(dir.path(), &["solve", twisted])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("twisted_corner"));
    solver(dir.path(), &["solve", "--alg", "R U X"])
        .assert()
        .code(2);
}

#[test]
fn tables_are_built_verified_located_and_cleared() {
    let dir = tempfile::tempdir().unwrap();
    solver(dir.path(), &["tables", "verify"]).assert().code(1);
    solver(dir.path(), &["tables", "build"])
        .assert()
        .success()
        .stdout("tiny tables ready\n");
    solver(dir.path(), &["tables", "verify"])
        .assert()
        .success()
        .stdout(predicate::str::contains("valid"));
    let path = solver(dir.path(), &["tables", "path"]).output().unwrap();
    assert!(
        String::from_utf8(path.stdout)
            .unwrap()
            .contains("twophase-tiny.tbl")
    );
    solver(dir.path(), &["tables", "clear"])
        .assert()
        .success()
        .stdout(predicate::str::contains("removed"));
    solver(dir.path(), &["tables", "verify"]).assert().code(1);
}

#[test]
fn three_by_three_scrambles_are_random_states() {
    let dir = tempfile::tempdir().unwrap();
    let run = || {
        let output = rubik()
            .env("RUBIK_TABLES", dir.path())
            .args(["scramble", "--seed", "11", "--count", "3"])
            .output()
            .unwrap();
        String::from_utf8(output.stdout).unwrap()
    };
    let scrambles = run();
    assert_eq!(scrambles, run());
    assert_eq!(scrambles.lines().count(), 3);
    for scramble in scrambles.lines() {
        assert!(scramble.split_whitespace().count() <= 21, "{scramble}");
        assert_ne!(after(scramble, "").trim(), SOLVED);
    }
}

/// The 2×2 state after `alg`, then `solution`, from solved (through `rubik apply`).
fn after_2x2(alg: &str, solution: &str) -> String {
    let state = answer(&["apply", "--size", "2", alg]);
    answer(&["apply", solution, "--from", state.trim()])
        .trim()
        .to_string()
}

const SOLVED_2X2: &str = "UUUURRRRFFFFDDDDLLLLBBBB";

#[test]
fn two_by_two_states_are_solved_optimally_in_either_metric() {
    let dir = tempfile::tempdir().unwrap();
    let solve = |args: &[&str]| {
        let output = solver(dir.path(), args).output().unwrap();
        assert!(output.status.success(), "{args:?}");
        String::from_utf8(output.stdout).unwrap().trim().to_string()
    };
    // A state given as 24 letters: the size comes from the length.
    assert_eq!(solve(&["solve", "UFUFRRRRFDFDDBDBLLLLUBUB"]), "R'");
    let scramble = "R U2 F' R2 U F2 R'";
    let htm = solve(&["solve", "--size", "2", "--alg", scramble]);
    let qtm = solve(&["solve", "--size", "2", "--alg", scramble, "--metric", "qtm"]);
    for solution in [&htm, &qtm] {
        assert_eq!(after_2x2(scramble, solution), SOLVED_2X2, "{solution}");
        assert!(solution.split_whitespace().all(|m| "URF".contains(&m[..1])));
    }
    assert!(htm.split_whitespace().count() <= 7);
    assert!(!qtm.contains('2'), "{qtm}");
    let json = solve(&["solve", "--size", "2", "--alg", "R U", "--format", "json"]);
    assert!(
        json.contains(r#""length":2"#) && json.contains(r#""metric":"htm""#),
        "{json}"
    );
    // A shorter limit than the optimum has no answer; the 3×3 solver has no quarter metric.
    solver(
        dir.path(),
        &["solve", "--size", "2", "--alg", "R U F", "-m", "2"],
    )
    .assert()
    .code(1);
    solver(dir.path(), &["solve", "--alg", "R U", "--metric", "qtm"])
        .assert()
        .code(2);
}

#[test]
fn two_by_two_scrambles_are_random_states_at_least_four_moves_out() {
    let dir = tempfile::tempdir().unwrap();
    let run = || {
        let output = solver(
            dir.path(),
            &["scramble", "--size", "2", "--seed", "3", "-c", "20"],
        )
        .output()
        .unwrap();
        String::from_utf8(output.stdout).unwrap()
    };
    let scrambles = run();
    assert_eq!(scrambles, run());
    assert_eq!(scrambles.lines().count(), 20);
    for scramble in scrambles.lines() {
        let length = scramble.split_whitespace().count();
        assert!((4..=11).contains(&length), "{scramble}");
        assert!(scramble.split_whitespace().all(|m| "URF".contains(&m[..1])));
        // The scramble is optimal: solving its state takes as many moves.
        let state = answer(&["apply", "--size", "2", scramble]);
        let output = solver(dir.path(), &["solve", state.trim()])
            .output()
            .unwrap();
        let solution = String::from_utf8(output.stdout).unwrap();
        assert_eq!(solution.split_whitespace().count(), length, "{scramble}");
    }
    let moves = answer(&["scramble", "--size", "2", "--seed", "3", "--random-moves"]);
    assert_eq!(moves.split_whitespace().count(), 25);
}

#[test]
fn two_by_two_tables_are_built_verified_and_located() {
    let dir = tempfile::tempdir().unwrap();
    let tables = |args: &[&str]| {
        let mut command = solver(dir.path(), &["tables"]);
        command.args(args).args(["--puzzle", "2x2"]);
        command
    };
    tables(&["verify"]).assert().code(1);
    tables(&["build"])
        .assert()
        .success()
        .stdout("2x2 tables ready\n");
    tables(&["verify"])
        .assert()
        .success()
        .stdout(predicate::str::contains("pocket-qtm.tbl: valid"));
    tables(&["path"])
        .assert()
        .success()
        .stdout(predicate::str::contains("pocket-htm.tbl"));
}

#[test]
fn solve_optimal_counts_either_metric() {
    let dir = small_optimal_tables();
    for (alg, metric, length) in [("R2 U", "htm", 2), ("R2 U", "qtm", 3), ("R U'", "qtm", 2)] {
        let answer = solver(
            dir,
            &[
                "solve",
                "--optimal",
                "--optimal-tables",
                "small",
                "--alg",
                alg,
                "--metric",
                metric,
                "-f",
                "json",
            ],
        )
        .output()
        .unwrap();
        assert!(answer.status.success(), "{answer:?}");
        let json: serde_json::Value = serde_json::from_slice(&answer.stdout).unwrap();
        assert_eq!(json["length"], length, "{alg} in {metric}: {json}");
        assert_eq!(json["metric"], metric);
        assert_eq!(json["optimal"], true);
        let solution = json["solution"].as_str().unwrap();
        assert_eq!(after(alg, solution).trim(), SOLVED, "{alg}: {solution}");
    }
    solver(
        dir,
        &[
            "solve",
            "--optimal",
            "--optimal-tables",
            "giant",
            "--alg",
            "R",
        ],
    )
    .assert()
    .code(2)
    .stderr(predicate::str::contains("not an optimal table size"));
    // A 2×2 is solved from its table, optimally already.
    let answer = solver(dir, &["solve", "--optimal", "-n", "2", "--alg", "R U"])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(answer.stdout)
            .unwrap()
            .trim()
            .split(' ')
            .count(),
        2
    );
}

/// Ctrl-C stops an optimal search that would take hours: the answer is the best solution found,
/// not proved shortest, and the exit status is 130.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_search_with_the_best_solution_found() {
    use std::process::Stdio;
    use std::time::{Duration, Instant};

    // The tables first, so that the interruption comes during the search.
    let dir = small_optimal_tables();
    let small = ["--optimal-tables", "small"];
    let superflip = "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2";
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("rubik"))
        .env("RUBIK_TABLES", dir)
        .args(["solve", "--optimal", "--alg", superflip, "-f", "json"])
        .args(small)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_secs(3));
    let pid = child.id().to_string();
    let kill = std::process::Command::new("kill")
        .args(["-INT", &pid])
        .status();
    assert!(kill.unwrap().success());
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            panic!("still searching a minute after Ctrl-C");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(130), "{stderr}");
    assert!(stderr.contains("interrupted"), "{stderr}");
    // The first upper bound comes within milliseconds of the search's start.
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["optimal"], false, "{json}");
    assert!(json["lower_bound"].as_u64().unwrap() < 20, "{json}");
    let solution = json["solution"].as_str().unwrap();
    assert_eq!(after(superflip, solution).trim(), SOLVED, "{solution}");
}

#[test]
fn solve_reduces_big_cubes_and_refuses_a_flipped_wing() {
    let dir = big_cube_tables();
    for (size, alg) in [("4", "Rw U2 r' F Dw 2L"), ("5", "3Rw' U r2 B' l 2D")] {
        let output = solver(dir, &["solve", "--size", size, "--alg", alg, "-f", "json"])
            .output()
            .unwrap();
        assert!(output.status.success(), "{size}");
        let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        // The stages that have moves, in order; their moves make the solution.
        let stages = json["stages"].as_array().unwrap();
        let names: Vec<&str> = stages.iter().map(|s| s["name"].as_str().unwrap()).collect();
        let order = match size {
            "4" => &["centres L/R", "centres U/D", "centres + edges", "3x3"][..],
            _ => &["centres U/D", "centres L/R", "centres", "edges", "3x3"],
        };
        assert!(names.is_sorted_by_key(|name| order.iter().position(|o| o == name)));
        assert!(names.iter().all(|name| order.contains(name)) && !names.is_empty());
        let moves: Vec<&str> = stages
            .iter()
            .map(|s| s["moves"].as_str().unwrap())
            .collect();
        assert_eq!(moves.join(" "), json["solution"].as_str().unwrap());
        let state = answer(&["apply", "--size", size, alg]);
        let end = answer(&[
            "apply",
            "--from",
            state.trim(),
            json["solution"].as_str().unwrap(),
        ]);
        let n: usize = size.parse().unwrap();
        let stickers = end.trim().as_bytes();
        assert!(
            stickers
                .chunks(n * n)
                .all(|face| face.iter().all(|&s| s == face[0])),
            "{size}: {end}"
        );
    }
    // U2 and its wing partner B3 swapped: the UB wing flipped in place.
    let mut flipped: Vec<u8> = answer(&["apply", "--size", "4", ""]).trim().into();
    flipped.swap(1, 5 * 16 + 2);
    solver(dir, &["solve", std::str::from_utf8(&flipped).unwrap()])
        .assert()
        .code(2);
}

#[test]
fn a_big_cube_solve_says_why_it_gives_no_solution() {
    let dir = big_cube_tables();
    let base = [
        "solve",
        "--size",
        "4",
        "--alg",
        "R U r F Dw 2L B' Uw2 l' D 2F Rw",
    ];
    let refusals = [
        // A wrong metric is bad input; a limit that stops the solver is a failure.
        (
            &["--metric", "qtm"][..],
            2,
            "the reduction solver counts face turns",
        ),
        (
            &["--max-length", "5"][..],
            1,
            "within 5 moves: the shortest found has",
        ),
    ];
    for (extra, code, message) in refusals {
        let args: Vec<&str> = base.iter().chain(extra).copied().collect();
        solver(dir, &args)
            .assert()
            .code(code)
            .stdout("")
            .stderr(predicate::str::contains(message));
    }
    solver(dir, &[&base[..], &["--max-length", "5"]].concat())
        .assert()
        .stderr(predicate::str::contains("(obtm)"));
    // A budget only cuts the work that shortens: out of time from the start, every size is
    // still solved.
    for size in ["4", "5", "6", "7"] {
        let args = [&base[..2], &[size], &base[3..], &["--timeout-ms", "0"]].concat();
        let solved = solver(dir, &args).assert().success();
        let moves = String::from_utf8(solved.get_output().stdout.clone()).unwrap();
        let mut cube = rubik::FaceletCube::solved(size.parse().unwrap());
        cube.apply_alg(&base[4].parse().unwrap()).unwrap();
        cube.apply_alg(&moves.trim().parse().unwrap()).unwrap();
        assert!(cube.is_solved(), "{size}×{size}: {moves}");
    }
}
