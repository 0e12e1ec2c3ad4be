//! Replays every fuzz input kept in the repository through its target's body: the minimised
//! corpus (`fuzz/corpus/TARGET/`) and the reproducer of every crash found
//! (`fuzz/regressions/TARGET/`). No nightly toolchain or libFuzzer needed.

use std::fs;
use std::path::{Path, PathBuf};

/// The files of `fuzz/KIND/TARGET/`, sorted (none if the directory is missing).
fn inputs(kind: &str, target: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz")
        .join(kind)
        .join(target);
    let mut files: Vec<PathBuf> = match fs::read_dir(&dir) {
        Ok(entries) => entries.map(|entry| entry.unwrap().path()).collect(),
        Err(_) => Vec::new(),
    };
    files.sort();
    files
}

/// Runs `target`'s body on each of its kept inputs, naming the file that fails.
fn replay(target: &str) {
    let (_, body) = rubik_fuzz::TARGETS
        .into_iter()
        .find(|(name, _)| *name == target)
        .expect("a target of that name");
    let corpus = inputs("corpus", target);
    assert!(!corpus.is_empty(), "no corpus for {target}");
    for file in corpus.iter().chain(&inputs("regressions", target)) {
        let data = fs::read(file).unwrap();
        let outcome = std::panic::catch_unwind(|| body(&data));
        assert!(outcome.is_ok(), "{} fails", file.display());
    }
}

#[test]
fn every_cargo_fuzz_target_has_a_body_here() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/fuzz_targets");
    let mut files: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|entry| {
            entry
                .unwrap()
                .path()
                .file_stem()
                .unwrap()
                .to_string_lossy()
                .into()
        })
        .collect();
    files.sort();
    let mut bodies: Vec<_> = rubik_fuzz::TARGETS.iter().map(|(name, _)| *name).collect();
    bodies.sort();
    assert_eq!(files, bodies);
}

#[test]
fn notation() {
    replay("notation");
}

#[test]
fn facelets() {
    replay("facelets");
}

#[test]
fn table_file() {
    replay("table_file");
}

#[test]
fn cli_line() {
    replay("cli_line");
}
