//! Every bound and every class of bad input, driven as a process: past a bound, or on a bad
//! line, `rubik` says which bound or what is wrong on stderr and exits with status 2, writing
//! nothing on stdout but the empty lines that stand for a batch's bad lines; a closed stdout or
//! stderr ends a run quietly.

use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;

use assert_cmd::Command;

fn rubik() -> Command {
    let mut command = Command::cargo_bin("rubik").unwrap();
    command.env("RUBIK_TABLES", std::env::temp_dir().join("rubik-cli-tests"));
    command
}

/// Asserts that `rubik args` (with `stdin`) exits with 2, writes `stdout` and says `message`
/// on stderr; returns stderr.
fn refused(args: &[&str], stdin: &[u8], stdout: &str, message: &str) -> String {
    let output = rubik().args(args).write_stdin(stdin).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
    assert_eq!(String::from_utf8_lossy(&output.stdout), stdout, "{args:?}");
    assert!(stderr.contains(message), "{args:?}: {stderr}");
    stderr
}

/// Asserts that `stderr` holds every one of `messages`.
fn says(stderr: &str, messages: &[&str]) {
    for message in messages {
        assert!(stderr.contains(message), "{message}: {stderr}");
    }
}

const SOLVED: &str = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
const R_STATE: &str = "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB";

#[test]
fn sizes_go_from_1_to_1000() {
    for command in ["apply", "order", "moves", "scramble", "play"] {
        let args = [command, "--size", "1001", "R"];
        let args = if command == "moves" || command == "scramble" || command == "play" {
            &args[..3]
        } else {
            &args[..]
        };
        refused(args, b"", "", "goes from 1 to 1000, not 1001");
    }
    refused(
        &["solve", "--alg", "R", "-n", "0"],
        b"",
        "",
        "goes from 1 to 1000",
    );
}

#[test]
fn a_state_has_at_most_six_million_stickers() {
    // 6·1001² stickers: a real length, past the largest cube.
    let mut line = vec![b'U'; 6 * 1001 * 1001];
    line.push(b'\n');
    refused(
        &["show", "-"],
        &line,
        "\n",
        "6012006 stickers: a state has at most 6000000 (a 1000×1000×1000 cube)",
    );
}

#[test]
fn lines_are_bounded_before_they_are_parsed() {
    let long_alg = "R ".repeat(600_000);
    let input = format!("R\n{long_alg}\nU\n");
    refused(
        &["invert", "-"],
        input.as_bytes(),
        "R'\n\nU'\n",
        "line 2: 1200000 bytes: an alg holds at most 1048576 bytes",
    );
    let long_state = "U".repeat(9 << 20);
    let input = format!("{long_state}\n{SOLVED}\n");
    refused(
        &["validate", "-"],
        input.as_bytes(),
        "\nok\n",
        "line 1: 9437184 bytes: a state holds at most 8388608 bytes",
    );
}

#[test]
fn expansions_are_bounded() {
    refused(
        &["expand", "R (R U)500000"],
        b"",
        "",
        "column 3: expands to more than 1000000 moves",
    );
    let deep = format!("{}R{}", "(".repeat(101), ")".repeat(101));
    refused(
        &["invert", &deep],
        b"",
        "",
        "brackets nested more than 100 deep",
    );
}

#[test]
fn the_work_of_an_alg_on_its_size_is_bounded() {
    // 500,000 turns of R, each moving 4·1000 + 1000² stickers.
    let alg = "((R)1000)500";
    let message = "this alg moves 502000000000 stickers on a 1000×1000×1000 cube; an alg may \
                   move at most 50000000000";
    for args in [
        &["apply", "--size", "1000", alg][..],
        &["order", "--size", "1000", alg],
        &["invert", "--size", "1000", alg],
        &["solve", "--method", "bfs", "--size", "1000", "--alg", alg],
    ] {
        refused(args, b"", "", message);
    }
    // The same alg is cheap on a small cube.
    rubik()
        .args(["order", "--size", "3", alg])
        .assert()
        .success()
        .stdout("1\n");
}

#[test]
fn scrambles_are_bounded_in_count_and_length() {
    refused(
        &["scramble", "--length", "100001"],
        b"",
        "",
        "goes from 0 to 100000",
    );
    refused(
        &["scramble", "--length", "18446744073709551615"],
        b"",
        "",
        "goes from 0 to 100000",
    );
    refused(
        &["scramble", "--count", "100001"],
        b"",
        "",
        "goes from 0 to 100000",
    );
    refused(
        &["scramble", "--count", "1000", "--length", "100000"],
        b"",
        "",
        "1000 scrambles of 100000 moves are 100000000 moves; a run writes at most 10000000",
    );
    // The WCA length of the 1000×1000×1000 is 19960 moves.
    refused(
        &["scramble", "--size", "1000", "--count", "1000"],
        b"",
        "",
        "a run writes at most 10000000",
    );
}

#[test]
fn counts_threads_and_budgets_are_bounded() {
    let cases: [(&[&str], &str); 9] = [
        (
            &["bench", "solve", "--count", "100001"],
            "goes from 1 to 100000",
        ),
        (
            &["bench", "solve", "--count", "18446744073709551615"],
            "goes from 1 to 100000",
        ),
        (
            &["bench", "optimal", "--count", "10001"],
            "goes from 1 to 10000",
        ),
        (
            &["bench", "optimal", "--threads-per-state", "257"],
            "goes from 1 to 256",
        ),
        (&["solve", "--jobs", "0", SOLVED], "goes from 1 to 256"),
        (&["solve", "--jobs", "100000", SOLVED], "goes from 1 to 256"),
        (
            &["solve", "--timeout-ms", "86400001", SOLVED],
            "goes from 0 to 86400000",
        ),
        (
            &["solve", "--max-length", "1001", SOLVED],
            "goes from 0 to 1000",
        ),
        (
            &["solve", "--max-nodes", "-1", SOLVED],
            "not a whole number",
        ),
    ];
    for (args, message) in cases {
        refused(args, b"", "", message);
    }
}

#[test]
fn errors_quote_a_window_of_a_long_input() {
    let line = format!("{}X {}", "R ".repeat(100_000), "U ".repeat(100_000));
    let stderr = refused(
        &["apply", "-"],
        line.as_bytes(),
        "\n",
        "line 1: column 200001",
    );
    assert!(stderr.contains("…R R R R"), "{stderr}");
    assert!(stderr.len() < 500, "{} bytes: {stderr}", stderr.len());
    let word = "X".repeat(100_000);
    let stderr = refused(&["invert", &word], b"", "", "is not a move");
    assert!(stderr.len() < 500, "{} bytes", stderr.len());
    // A long value of an option, which clap quotes, is cut too.
    let digits = "9".repeat(100_000);
    let stderr = refused(
        &["apply", "--size", &digits, "R"],
        b"",
        "",
        "not a whole number",
    );
    assert!(stderr.len() < 1000, "{} bytes", stderr.len());
    let stderr = refused(
        &["--scheme", &word, "show", SOLVED],
        b"",
        "",
        "six colour letters",
    );
    assert!(stderr.len() < 1000, "{} bytes", stderr.len());
}

#[test]
fn a_batch_reports_every_bad_line_and_goes_on() {
    let input = b"R\n\xff\xfeR\n\nR U X\n(R)5000000\n3Rw\nR'\n";
    let stdout = format!("{R_STATE}\n\n{SOLVED}\n\n\n\n{}\n", apply("R'"));
    let stderr = refused(
        &["apply", "-"],
        input,
        &stdout,
        "line 2: not UTF-8 (byte 1 of 3 is invalid)",
    );
    says(
        &stderr,
        &[
            "line 4: column 5: `X` is not a move",
            "line 5: column 1: expands to more than 1000000 moves",
            "line 6: column 1: `3Rw` turns every layer",
            "4 bad input line(s)",
        ],
    );
}

/// The facelet string after `alg` on the solved 3×3.
fn apply(alg: &str) -> String {
    let output = rubik().args(["apply", alg]).output().unwrap();
    String::from_utf8(output.stdout).unwrap().trim().to_string()
}

#[test]
fn a_batch_of_states_reports_every_bad_line_and_goes_on() {
    let twisted = "LBULUFUUBLRLURBULULFDBFRRFRBDBDDDFBFFFBULLDRDFUDDBLRRR";
    let input = format!("{R_STATE}\n\nURFDLX\nUUU\n{twisted}\n{SOLVED}\n");
    let stderr = refused(
        &["solve", "--method", "bfs", "-"],
        input.as_bytes(),
        "R'\n\n\n\n\n\n",
        "line 2: empty: expected a state",
    );
    says(
        &stderr,
        &[
            "line 3: position 6: 'X' is not one of URFDLB",
            "line 4: wrong length: 3 stickers",
            "line 5: a corner is twisted",
            "4 bad input line(s)",
        ],
    );
    let input = [format!("{twisted}\n{SOLVED}\n").as_bytes(), b"\xff\n"].concat();
    let stderr = refused(&["validate", "-"], &input, "\nok\n\n", "line 1: ");
    says(&stderr, &["twisted", "line 3: not UTF-8"]);
}

#[test]
fn a_closed_stdout_ends_the_run_quietly() {
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("rubik"))
        .args([
            "scramble",
            "--random-moves",
            "--count",
            "100000",
            "--seed",
            "1",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first.split_whitespace().count(), 25);
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

#[test]
fn a_closed_stderr_does_not_stop_the_batch() {
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("rubik"))
        .args(["invert", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stderr.take());
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"R\nX\nU\n").unwrap();
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "R'\n\nU'\n");
}
