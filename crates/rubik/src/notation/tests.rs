//! Tests across the module: the shared vectors (checked against a small sticker model), and
//! properties of arbitrary algs and strings.

use proptest::prelude::*;

use crate::face::{Axis, Face};
use crate::notation::{Alg, Family, Group, GroupKind, Move, Prefix, Unit};
use crate::turn::Turn;

/// The algs of the shared vectors (`/work/shared/vectors`): the ones that must parse and resolve,
/// and the rejected ones with their reason codes.
const VECTORS: &str = include_str!("test_vectors.jsonl");

#[derive(serde::Deserialize)]
struct Vector {
    n: usize,
    alg: String,
    state: Option<String>,
    reason: Option<String>,
}

/// Parses and resolves `alg` on `size`: `Ok(())` or the reason code.
fn check(alg: &str, size: usize) -> Result<(), &'static str> {
    let parsed = Alg::parse(alg).map_err(|e| e.kind.code())?;
    parsed.turns(size).map(drop).map_err(|e| e.kind.code())
}

#[test]
fn shared_vectors() {
    let vectors: Vec<Vector> = VECTORS
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(vectors.len(), 116);
    for vector in &vectors {
        let expected = vector.reason.as_deref().map_or(Ok(()), Err);
        assert_eq!(
            check(&vector.alg, vector.n),
            expected,
            "{:?} on {}",
            vector.alg,
            vector.n
        );
        if let Some(expected) = &vector.state {
            let alg = Alg::parse(&vector.alg).unwrap();
            assert_eq!(
                &state(&alg, vector.n),
                expected,
                "{:?} on {}",
                vector.alg,
                vector.n
            );
            let simple = alg.simplify().unwrap();
            assert_eq!(
                &state(&simple, vector.n),
                expected,
                "{simple} on {}",
                vector.n
            );
            assert_eq!(Alg::parse(&alg.to_string()), Ok(alg));
        }
    }
}

#[test]
fn the_model_gives_the_reference_states() {
    let cases = [
        (
            3,
            "",
            "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB",
        ),
        (
            3,
            "R",
            "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB",
        ),
        (
            3,
            "U",
            "UUUUUUUUUBBBRRRRRRRRRFFFFFFDDDDDDDDDFFFLLLLLLLLLBBBBBB",
        ),
        (
            3,
            "F",
            "UUUUUULLLURRURRURRFFFFFFFFFRRRDDDDDDLLDLLDLLDBBBBBBBBB",
        ),
        (
            3,
            "x",
            "FFFFFFFFFRRRRRRRRRDDDDDDDDDBBBBBBBBBLLLLLLLLLUUUUUUUUU",
        ),
        (
            3,
            "y",
            "UUUUUUUUUBBBBBBBBBRRRRRRRRRDDDDDDDDDFFFFFFFFFLLLLLLLLL",
        ),
        (
            3,
            "M",
            "UBUUBUUBURRRRRRRRRFUFFUFFUFDFDDFDDFDLLLLLLLLLBDBBDBBDB",
        ),
        (2, "R", "UFUFRRRRFDFDDBDBLLLLUBUB"),
        (
            4,
            "Rw",
            "UUFFUUFFUUFFUUFFRRRRRRRRRRRRRRRRFFDDFFDDFFDDFFDDDDBBDDBBDDBBDDBBLLLLLLLLLLLLLLLLUUBBUUBBUUBBUUBB",
        ),
        (
            4,
            "2R",
            "UUFUUUFUUUFUUUFURRRRRRRRRRRRRRRRFFDFFFDFFFDFFFDFDDBDDDBDDDBDDDBDLLLLLLLLLLLLLLLLBUBBBUBBBUBBBUBB",
        ),
    ];
    for (size, alg, expected) in cases {
        assert_eq!(
            state(&Alg::parse(alg).unwrap(), size),
            expected,
            "{alg:?} on {size}"
        );
    }
}

fn face() -> impl Strategy<Value = Face> {
    prop::sample::select(Face::ALL.to_vec())
}

fn axis() -> impl Strategy<Value = Axis> {
    prop::sample::select(Axis::ALL.to_vec())
}

/// Ranges `a-b` with `1 <= a < b <= max`.
fn range(max: usize) -> impl Strategy<Value = Prefix> {
    (1..max).prop_flat_map(move |a| (a + 1..=max).prop_map(move |b| Prefix::Range(a, b)))
}

/// Prefixes with layers up to `max`, and if `huge`, sometimes any layer numbers.
fn prefix(max: usize, huge: bool) -> BoxedStrategy<Prefix> {
    let small = prop_oneof![
        Just(Prefix::None),
        (1..=max).prop_map(Prefix::Layer),
        range(max),
    ];
    if !huge {
        return small.boxed();
    }
    let any_layer = (1..=usize::MAX).prop_map(Prefix::Layer);
    prop_oneof![4 => small, 1 => any_layer, 1 => range(usize::MAX)].boxed()
}

/// Any move that parses: every family, prefixes where allowed, layers as [`prefix`] gives.
fn valid_move(max: usize, huge: bool, amount: BoxedStrategy<i64>) -> impl Strategy<Value = Move> {
    let family = prop_oneof![
        face().prop_map(Family::Face),
        face().prop_map(Family::Wide),
        face().prop_map(Family::LowerWide),
        axis().prop_map(Family::Rotation),
        axis().prop_map(Family::Slice),
        axis().prop_map(Family::InnerSlices),
    ];
    (family, prefix(max, huge), amount).prop_map(|(family, prefix, amount)| {
        let takes_prefix = matches!(
            family,
            Family::Face(_) | Family::Wide(_) | Family::LowerWide(_)
        );
        let prefix = if takes_prefix { prefix } else { Prefix::None };
        Move::new(prefix, family, amount)
    })
}

/// Algs of nested groups, commutators and conjugates over `valid_move`s.
fn valid_alg(
    max: usize,
    huge: bool,
    amount: BoxedStrategy<i64>,
    times: BoxedStrategy<i64>,
) -> impl Strategy<Value = Alg> {
    let unit = valid_move(max, huge, amount).prop_map(Unit::Move).boxed();
    let leaf = prop::collection::vec(unit.clone(), 0..5).prop_map(Alg::new);
    leaf.prop_recursive(3, 48, 4, move |inner| {
        let group = |kind, amount| {
            Unit::Group(Group {
                kind,
                amount,
                span: None,
            })
        };
        let units = prop_oneof![
            2 => unit.clone(),
            1 => (inner.clone(), times.clone())
                .prop_map(move |(a, k)| group(GroupKind::Sequence(a), k)),
            1 => (inner.clone(), inner.clone(), times.clone())
                .prop_map(move |(a, b, k)| group(GroupKind::Commutator(a, b), k)),
            1 => (inner.clone(), inner.clone(), times.clone())
                .prop_map(move |(a, b, k)| group(GroupKind::Conjugate(a, b), k)),
        ];
        prop::collection::vec(units, 0..5).prop_map(Alg::new)
    })
}

fn any_amount() -> BoxedStrategy<i64> {
    prop_oneof![4 => -13i64..=13, 1 => any::<i64>()].boxed()
}

/// Algs whose expansion stays small (group amounts -2..=2) and whose moves all exist on a
/// 5×5×5 (layers up to 4).
fn small_alg() -> impl Strategy<Value = Alg> {
    valid_alg(4, false, any_amount(), (-2i64..=2).boxed())
}

/// The sticker positions of a `size` cube in facelet-string order: the 3D model of
/// `notation.md` §1 (doubled coordinates, stickers at ±size on their face's axis).
fn sticker_positions(size: usize) -> Vec<[i64; 3]> {
    let n = size as i64;
    let mut positions = Vec::new();
    for face in Face::ALL {
        for row in 0..n {
            for col in 0..n {
                let (a, b) = (2 * col - (n - 1), (n - 1) - 2 * row);
                positions.push(match face {
                    Face::U => [a, n, -b],
                    Face::R => [n, b, -a],
                    Face::F => [a, b, n],
                    Face::D => [a, -n, b],
                    Face::L => [-n, b, a],
                    Face::B => [-a, b, -n],
                });
            }
        }
    }
    positions
}

/// The facelet string after `turns` from the solved `size` cube: a test-only model that checks
/// what the turns do, against the reference states of the spec.
fn facelets_after(turns: &[Turn], size: usize) -> String {
    let n = size as i64;
    let home = sticker_positions(size);
    let index: std::collections::HashMap<[i64; 3], usize> =
        home.iter().enumerate().map(|(i, &p)| (p, i)).collect();
    let mut positions = home.clone();
    for turn in turns {
        for point in &mut positions {
            let layer = ((n - 1) - point[turn.axis.index()].clamp(1 - n, n - 1)) / 2;
            if (turn.first as i64..=turn.last as i64).contains(&layer) {
                for _ in 0..turn.quarters {
                    // A quarter turn clockwise seen from the axis's positive end.
                    let [x, y, z] = *point;
                    *point = match turn.axis {
                        Axis::X => [x, z, -y],
                        Axis::Y => [-z, y, x],
                        Axis::Z => [y, -x, z],
                    };
                }
            }
        }
    }
    let mut facelets = vec![' '; home.len()];
    for (sticker, position) in positions.iter().enumerate() {
        facelets[index[position]] = Face::ALL[sticker / (size * size)].letter();
    }
    facelets.into_iter().collect()
}

/// The facelet string after `alg` on a `size` cube.
fn state(alg: &Alg, size: usize) -> String {
    facelets_after(&alg.turns(size).unwrap(), size)
}

/// Text over the notation's alphabet, more likely to get deep into the parser than any string.
fn notation_text() -> impl Strategy<Value = String> {
    "[RUFDLBrufdlbxyzMESmeswXv0-9'(),:\\[\\] \t-]{0,30}"
}

proptest! {
    #[test]
    fn print_then_parse_gives_the_same_alg(alg in valid_alg(8, true, any_amount(), any_amount())) {
        let printed = alg.to_string();
        prop_assert_eq!(Alg::parse(&printed), Ok(alg), "{}", printed);
    }

    #[test]
    fn an_alg_then_its_inverse_simplifies_to_nothing(alg in small_alg()) {
        prop_assert_eq!(alg.then(&alg.inverse()).simplify(), Ok(Alg::default()));
        prop_assert_eq!(alg.inverse().then(&alg).simplify(), Ok(Alg::default()));
    }

    #[test]
    fn turn_costs_add_up_over_the_turns(alg in small_alg(), size in (2usize..5).prop_map(|k| 2 * k + 1)) {
        let turns = alg.turns(size).unwrap();
        let moved = |turn: &Turn| crate::facelet::stickers_moved(size, turn);
        prop_assert_eq!(alg.turn_cost(size, |_| 1), Ok(turns.len() as u64));
        prop_assert_eq!(alg.turn_cost(size, moved), Ok(turns.iter().map(moved).sum()));
    }

    #[test]
    fn the_inverse_turns_undo_the_turns(alg in small_alg()) {
        let turns = alg.turns(5).unwrap();
        let undo: Vec<_> = turns.iter().rev().map(|t| t.inverse()).collect();
        prop_assert_eq!(alg.inverse().turns(5), Ok(undo));
    }

    #[test]
    fn simplify_keeps_the_stickers_and_is_idempotent(alg in small_alg()) {
        let simple = alg.simplify().unwrap();
        prop_assert_eq!(state(&simple, 5), state(&alg, 5));
        prop_assert_eq!(simple.simplify(), Ok(simple.clone()));
        for mv in simple.expand().unwrap() {
            prop_assert!(matches!(mv.amount, 1 | 2 | -1), "{}", mv);
        }
    }

    #[test]
    fn face_turn_algs_simplify_to_a_reduced_word(
        moves in prop::collection::vec((face(), -5i64..=5), 0..40),
    ) {
        let alg = Alg::from_moves(
            moves.iter().map(|&(f, k)| Move::new(Prefix::None, Family::Face(f), k)).collect(),
        );
        let simple = alg.simplify().unwrap().expand().unwrap();
        // No two neighbours on one face, and no three in a row on one axis.
        for pair in simple.windows(2) {
            prop_assert_ne!(pair[0].family, pair[1].family);
        }
        for triple in simple.windows(3) {
            let axes: Vec<_> = triple.iter().map(|m| m.shape().axis()).collect();
            prop_assert!(!(axes[0] == axes[1] && axes[1] == axes[2]));
        }
    }

    #[test]
    fn arbitrary_strings_never_panic(text in prop_oneof![any::<String>(), notation_text()]) {
        match Alg::parse(&text) {
            Ok(alg) => {
                prop_assert_eq!(Alg::parse(&alg.to_string()), Ok(alg.clone()));
                for size in 0..=7 {
                    let _ = alg.turns(size);
                }
                let _ = alg.simplify();
            }
            Err(error) => {
                let span = error.span.unwrap();
                prop_assert!(span.start < span.end && span.end <= text.len(), "{:?}", error);
                prop_assert!(text.is_char_boundary(span.start) && text.is_char_boundary(span.end));
                let _ = error.caret(&text);
                let _ = error.to_string();
            }
        }
    }
}
