//! The table cache failing under the `rubik` program, process by process: two processes building
//! the same tables at once, a disk that fills up (a file-size limit makes every write past it
//! fail), a cache directory that cannot be created, a damaged file. The answers stay right; a
//! cache that cannot be written is a warning on stderr; `rubik tables verify` names the damage.
//! Uses the 2×2 tables (built in well under a second).

use std::path::Path;
use std::process::{Command as Process, Output, Stdio};

use assert_cmd::Command;
use assert_cmd::cargo::cargo_bin;
use predicates::prelude::*;

/// A 2×2 state: R turned.
const STATE: &str = "UFUFRRRRFDFDDBDBLLLLUBUB";

/// `rubik ARGS --puzzle 2x2`-style commands on the table cache `dir`.
fn rubik(dir: &Path, args: &[&str]) -> Command {
    let mut command = Command::cargo_bin("rubik").unwrap();
    command.env("RUBIK_TABLES", dir).args(args);
    command
}

/// Checks that `output` succeeded with one solution of [`STATE`], replayed by `rubik apply`.
fn solves_the_state(dir: &Path, output: &Output) {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let solution = String::from_utf8(output.stdout.clone()).unwrap();
    let after = rubik(dir, &["apply", "--from", STATE, solution.trim()])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(after.stdout).unwrap().trim(),
        "UUUURRRRFFFFDDDDLLLLBBBB"
    );
}

fn verify(dir: &Path) -> Command {
    rubik(dir, &["tables", "verify", "--puzzle", "2x2"])
}

#[test]
fn two_processes_building_the_same_tables_leave_valid_files() {
    let dir = tempfile::tempdir().unwrap();
    let start = || {
        Process::new(cargo_bin("rubik"))
            .env("RUBIK_TABLES", dir.path())
            .args(["tables", "build", "--puzzle", "2x2"])
            .stdout(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let (first, second) = (start(), start());
    for builder in [first, second] {
        let output = builder.wait_with_output().unwrap();
        assert!(output.status.success());
        assert_eq!(output.stdout, b"2x2 tables ready\n");
    }
    verify(dir.path()).assert().success();
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(names.len(), 2, "no temporary file left: {names:?}");
    solves_the_state(
        dir.path(),
        &rubik(dir.path(), &["solve", STATE]).output().unwrap(),
    );
}

#[test]
fn a_full_disk_costs_a_warning_not_an_answer() {
    let dir = tempfile::tempdir().unwrap();
    // A shell that ignores SIGXFSZ and limits files to 64 blocks: each 1.8 MB table write
    // fails with "File too large", as it would on a full disk (with "No space left").
    let output = Process::new("sh")
        .args(["-c", r#"trap "" XFSZ; ulimit -f 64; exec "$0" "$@""#])
        .arg(cargo_bin("rubik"))
        .args(["solve", STATE])
        .env("RUBIK_TABLES", dir.path())
        .output()
        .unwrap();
    solves_the_state(dir.path(), &output);
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("warning: could not cache table pocket-htm"),
        "{stderr}"
    );
    // Nothing half-written is left behind, and nothing is taken for a table.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    verify(dir.path())
        .assert()
        .code(1)
        .stdout(predicate::str::contains("missing"));
}

#[test]
fn a_cache_that_cannot_be_created_costs_a_warning_not_an_answer() {
    // Permissions do not stop root: the directory would have to be under a file.
    let root = tempfile::tempdir().unwrap();
    let blocker = root.path().join("a-file");
    std::fs::write(&blocker, b"").unwrap();
    let dir = blocker.join("tables");
    let output = rubik(&dir, &["solve", STATE]).output().unwrap();
    solves_the_state(root.path(), &output);
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("cannot create the directory"), "{stderr}");
}

#[test]
fn a_damaged_file_is_named_by_verify_and_rebuilt_by_a_solve() {
    let dir = tempfile::tempdir().unwrap();
    rubik(dir.path(), &["tables", "build", "--puzzle", "2x2"])
        .assert()
        .success();
    let file = dir.path().join("pocket-htm.tbl");
    let bytes = std::fs::read(&file).unwrap();
    std::fs::write(&file, &bytes[..bytes.len() / 2]).unwrap();
    verify(dir.path())
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "pocket-htm.tbl: invalid: the header promises",
        ));
    let output = rubik(dir.path(), &["solve", STATE]).output().unwrap();
    solves_the_state(dir.path(), &output);
    assert!(output.stderr.is_empty());
    verify(dir.path()).assert().success();
}
