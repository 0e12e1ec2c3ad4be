//! The public vectors of `notation.md` §8: states after algs, and inputs that must be refused
//! with the right reason code.

use rubik::{Alg, FaceletCube};
use serde_json::Value;

fn lines(data: &str) -> impl Iterator<Item = Value> + '_ {
    data.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| serde_json::from_str(line).expect("vector lines are JSON"))
}

fn size(vector: &Value) -> usize {
    vector["n"].as_u64().expect("n") as usize
}

#[test]
fn every_move_vector_gives_its_state() {
    let mut count = 0;
    for vector in lines(include_str!("../data/moves.jsonl")) {
        let (n, alg, state) = (size(&vector), &vector["alg"], &vector["state"]);
        let alg: Alg = alg
            .as_str()
            .unwrap()
            .parse()
            .unwrap_or_else(|e| panic!("{vector}: {e}"));
        let mut cube = FaceletCube::solved(n);
        cube.apply_alg(&alg)
            .unwrap_or_else(|e| panic!("{vector}: {e}"));
        assert_eq!(cube.to_string(), state.as_str().unwrap(), "{vector}");
        count += 1;
    }
    assert_eq!(count, 90);
}

/// The reason code an input gets, or `None` when it is accepted.
fn reason(vector: &Value) -> Option<String> {
    let n = size(vector);
    match vector["kind"].as_str().unwrap() {
        "alg" => {
            let text = vector["alg"].as_str().unwrap();
            match text.parse::<Alg>().and_then(|alg| alg.turns(n)) {
                Ok(_) => None,
                Err(error) => Some(error.kind.code().to_string()),
            }
        }
        _ => {
            let text = vector["facelets"].as_str().unwrap();
            let checked = text
                .parse::<FaceletCube>()
                .map_err(rubik::cubie::InvalidCube::from)
                .and_then(|cube| rubik::cubie::validate(&cube));
            checked.err().map(|error| error.code().to_string())
        }
    }
}

#[test]
fn every_invalid_vector_is_refused_for_its_reason() {
    let mut count = 0;
    for vector in lines(include_str!("../data/invalid.jsonl")) {
        let expected = vector["reason"].as_str().unwrap();
        assert_eq!(reason(&vector).as_deref(), Some(expected), "{vector}");
        count += 1;
    }
    assert_eq!(count, 42);
}
