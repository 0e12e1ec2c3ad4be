//! The `notation` target: any text through the parser, the printer, the expander and
//! `simplify`, checking their laws where the alg is short enough for that to be cheap.

use rubik::notation::{Alg, Family, GroupKind, MAX_EXPANDED_MOVES, Move, Prefix, Unit};
use rubik::{FaceletCube, Turn};

/// The most moves an alg may expand to for the laws that expand it (kept small so that each
/// run is fast; the length check itself is tested at any length).
const LAW_LIMIT: u64 = 2_000;

/// The cube sizes an expanded alg is turned on.
const SIZES: std::ops::RangeInclusive<usize> = 1..=5;

/// Parses `data` as notation. An error must display and show its caret; an alg must print as
/// text that parses back to it, be undone by its inverse, simplify to the same state, and expand to as many moves as its
/// structure says (or fail with `too_long`, at once, past [`MAX_EXPANDED_MOVES`]).
pub fn notation(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let alg = match Alg::parse(text) {
        Ok(alg) => alg,
        Err(error) => {
            if let Some(span) = error.span {
                assert!(span.start <= span.end && span.end <= text.len(), "{span:?}");
            }
            let _ = (error.to_string(), error.caret(text), error.kind.code());
            return;
        }
    };
    let printed = alg.to_string();
    let reparsed = Alg::parse(&printed).unwrap_or_else(|e| panic!("{printed:?} fails: {e}"));
    assert_eq!(reparsed, alg, "{printed:?} parses to another alg");
    assert_eq!(reparsed.to_string(), printed);
    // Inverting twice gives the alg back up to the spelling of half turns (`R2'` inverts to
    // `R2`), so a third time gives the inverse exactly.
    let inverse = alg.inverse();
    assert_eq!(inverse.inverse().inverse(), inverse);

    let len = expanded_len(&alg);
    assert_eq!(expanded_len(&inverse), len);
    if len > MAX_EXPANDED_MOVES as u64 {
        let error = alg.expand().expect_err("past the limit");
        assert_eq!(error.kind.code(), "too_long");
        return;
    }
    if len > LAW_LIMIT {
        return;
    }
    let moves = alg.expand().expect("within the limit");
    assert_eq!(moves.len() as u64, len);
    let undone: Vec<_> = moves
        .iter()
        .rev()
        .map(|mv| as_turned(&mv.inverse()))
        .collect();
    let inverse_moves: Vec<_> = inverse.expand().unwrap().iter().map(as_turned).collect();
    assert_eq!(inverse_moves, undone);
    assert!(alg.then(&inverse).simplify().unwrap().is_empty());
    let simplified = alg.simplify().unwrap();
    assert_eq!(simplified.simplify().unwrap(), simplified);
    assert_eq!(Alg::parse(&simplified.to_string()).unwrap(), simplified);

    for size in SIZES {
        let Ok(turns) = alg.turns(size) else {
            continue;
        };
        let state = state_after(size, &turns);
        let simplified_turns = simplified
            .turns(size)
            .expect("simplify keeps moves that resolve");
        assert_eq!(state_after(size, &simplified_turns), state, "size {size}");
        let mut back = state;
        back.apply(inverse.turns(size).expect("the inverse resolves"));
        assert!(back.is_solved(), "size {size}: {alg} then its inverse");
    }
}

/// A move as it turns: its layers and its quarter turns (`R2'` and `R2` are the same).
fn as_turned(mv: &Move) -> (Prefix, Family, i64) {
    (mv.prefix, mv.family, mv.amount.rem_euclid(4))
}

/// The solved cube of `size` after `turns`.
fn state_after(size: usize, turns: &[Turn]) -> FaceletCube {
    let mut cube = FaceletCube::solved(size);
    cube.apply(turns.iter().copied());
    cube
}

/// How many moves `alg` expands to, saturating, counted from its structure here rather than by
/// the library: `(A)k` is |k|·A, `[A, B]` is 2(A + B), `[A: B]` is 2A + B.
fn expanded_len(alg: &Alg) -> u64 {
    alg.units().iter().fold(0, |total, unit| {
        let unit_len = match unit {
            Unit::Move(_) => 1,
            Unit::Group(group) => {
                let body = match &group.kind {
                    GroupKind::Sequence(a) => expanded_len(a),
                    GroupKind::Commutator(a, b) => expanded_len(a)
                        .saturating_add(expanded_len(b))
                        .saturating_mul(2),
                    GroupKind::Conjugate(a, b) => expanded_len(a)
                        .saturating_mul(2)
                        .saturating_add(expanded_len(b)),
                };
                group.amount.unsigned_abs().saturating_mul(body)
            }
        };
        total.saturating_add(unit_len)
    })
}
