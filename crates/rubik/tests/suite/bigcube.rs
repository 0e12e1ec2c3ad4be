//! Big-cube validation and random states: every state turns reach is accepted, held any way up;
//! every single defect of each kind is refused with its reason; random states are valid,
//! reproducible and spread evenly.

use proptest::prelude::*;
use rubik::bigcube::{normalise, random_state};
use rubik::facelet::pieces::{Orbit, OrbitKind, Orbits};
use rubik::{Axis, Face, FaceletCube, Turn};

/// A cube of size 4 to 12 scrambled by up to 60 random block turns (whole-cube rotations among
/// them), then turned as a whole once more.
fn scrambled() -> impl Strategy<Value = FaceletCube> {
    (4..=12usize)
        .prop_flat_map(|size| {
            let turn =
                (0..3usize, 0..size, 0..size, 1..4u8).prop_map(move |(axis, a, b, q)| Turn {
                    axis: Axis::ALL[axis],
                    first: a.min(b),
                    last: a.max(b),
                    quarters: q,
                });
            (
                Just(size),
                prop::collection::vec(turn, 0..60),
                0..3usize,
                0..4u8,
            )
        })
        .prop_map(|(size, turns, axis, quarters)| {
            let mut cube = FaceletCube::solved(size);
            cube.apply(turns);
            cube.turn(Turn {
                axis: Axis::ALL[axis],
                first: 0,
                last: size - 1,
                quarters,
            });
            cube
        })
}

/// The orbits of `kind` on this cube's size.
fn orbits_of(cube: &FaceletCube, kind: fn(OrbitKind) -> bool) -> Vec<Orbit> {
    Orbits::of(cube.size())
        .orbits()
        .iter()
        .filter(|o| kind(o.kind()))
        .cloned()
        .collect()
}

/// `cube` with the stickers at `a` and `b` exchanged.
fn swapped(cube: &FaceletCube, pairs: &[(usize, usize)]) -> FaceletCube {
    let mut stickers = cube.stickers().to_vec();
    for &(a, b) in pairs {
        stickers.swap(a, b);
    }
    FaceletCube::from_stickers(cube.size(), stickers).unwrap()
}

/// `cube` with the stickers of `slot` of `orbit` rotated by one place (a piece turned in place).
fn turned_in_place(cube: &FaceletCube, orbit: &Orbit, slot: usize) -> FaceletCube {
    let s = orbit.slot(slot);
    let pairs: Vec<(usize, usize)> = (1..s.len()).map(|k| (s[0], s[k])).collect();
    swapped(cube, &pairs)
}

/// `cube` with the pieces in slots `a` and `b` of `orbit` exchanged, orientations kept.
fn pieces_swapped(cube: &FaceletCube, orbit: &Orbit, a: usize, b: usize) -> FaceletCube {
    let pairs: Vec<(usize, usize)> = orbit
        .slot(a)
        .iter()
        .copied()
        .zip(orbit.slot(b).iter().copied())
        .collect();
    swapped(cube, &pairs)
}

fn code(cube: &FaceletCube) -> &'static str {
    match normalise(cube) {
        Ok(_) => "ok",
        Err(error) => error.code(),
    }
}

fn odd(cube: &FaceletCube) -> bool {
    cube.size() % 2 == 1
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_turned_state_is_accepted_and_framed(cube in scrambled()) {
        let normal = normalise(&cube).unwrap();
        if let Some(centres) = normal.centres() {
            prop_assert_eq!(centres, Face::ALL);
        }
        prop_assert!(rubik::cubie::validate(&cube).is_ok());
    }

    #[test]
    fn corner_defects_are_refused(cube in scrambled(), a in 0..8usize, b in 1..8usize) {
        let corners = &orbits_of(&cube, |k| k == OrbitKind::Corners)[0];
        prop_assert_eq!(code(&turned_in_place(&cube, corners, a)), "twisted_corner");
        // Two corners swapped: the "PLL parity" of even cubes, a parity error on odd ones.
        let swap = pieces_swapped(&cube, corners, a, (a + b) % 8);
        prop_assert_eq!(code(&swap), if odd(&cube) { "parity" } else { "ok" });
    }

    #[test]
    fn midge_defects_are_refused(cube in scrambled(), a in 0..12usize, b in 1..12usize) {
        for midges in orbits_of(&cube, |k| k == OrbitKind::Midges) {
            prop_assert_eq!(code(&turned_in_place(&cube, &midges, a)), "flipped_edge");
            prop_assert_eq!(code(&pieces_swapped(&cube, &midges, a, (a + b) % 12)), "parity");
        }
    }

    #[test]
    fn wing_defects_are_refused(cube in scrambled(), a in 0..24usize, b in 1..24usize, o in 0..8usize) {
        let wings = orbits_of(&cube, |k| matches!(k, OrbitKind::Wings { .. }));
        let wings = &wings[o % wings.len()];
        prop_assert_eq!(code(&turned_in_place(&cube, wings, a)), "flipped_wing");
        // Two wings swapped ("OLL parity") is reachable.
        prop_assert_eq!(code(&pieces_swapped(&cube, wings, a, (a + b) % 24)), "ok");
        // The first stickers of two wings exchanged: a wing that does not exist, or one shown
        // twice, unless that is the same as exchanging the wings (the second stickers agree).
        let (p, q) = (wings.slot(a), wings.slot((a + b) % 24));
        let (x, y) = (p[0], q[0]);
        let colour = |s: usize| cube.stickers()[s];
        let same = colour(x) == colour(y) || colour(p[1]) == colour(q[1]);
        let expected = if same { "ok" } else { "wing" };
        let found = code(&swapped(&cube, &[(x, y)]));
        prop_assert!(found.contains(expected), "{found}");
    }

    #[test]
    fn centre_defects_are_refused(cube in scrambled(), a in 0..24usize, b in 0..24usize, o in 0..64usize, w in 0..48usize) {
        let centres = orbits_of(&cube, |k| matches!(
            k,
            OrbitKind::XCentres { .. } | OrbitKind::PlusCentres { .. } | OrbitKind::Obliques { .. }
        ));
        let orbit = &centres[o % centres.len()];
        let colour = |s: usize| cube.stickers()[s];
        // Centres of one orbit are interchangeable.
        prop_assert_eq!(code(&pieces_swapped(&cube, orbit, a, b)), "ok");
        // A centre swapped with one of another orbit, or with a wing sticker, of another colour.
        let x = orbit.slot(a)[0];
        let other = &centres[(o + 1) % centres.len()];
        let y = other.slot(b)[0];
        if other != orbit && colour(x) != colour(y) {
            prop_assert_eq!(code(&swapped(&cube, &[(x, y)])), "centre_count");
        }
        let wings = &orbits_of(&cube, |k| matches!(k, OrbitKind::Wings { .. }))[0];
        let y = wings.slot(w / 2)[w % 2];
        if colour(x) != colour(y) {
            let found = code(&swapped(&cube, &[(x, y)]));
            prop_assert!(["invalid_wing", "duplicate_wing", "flipped_wing"].contains(&found), "{found}");
        }
    }

    #[test]
    fn random_states_are_valid_and_reproducible(size in 1..=12usize, seed: u64) {
        let cube = random_state(size, &mut rubik::seeded_rng(seed));
        prop_assert!(normalise(&cube).is_ok());
        prop_assert!(rubik::cubie::validate(&cube).is_ok());
        prop_assert_eq!(cube, random_state(size, &mut rubik::seeded_rng(seed)));
    }
}

#[test]
fn frames_that_are_no_cube_are_refused() {
    let five = FaceletCube::solved(5);
    let centre = |face: Face| rubik::facelet::index(5, face, 2, 2);
    // U and D centres exchanged: a mirror image.
    let error = normalise(&swapped(&five, &[(centre(Face::U), centre(Face::D))])).unwrap_err();
    assert_eq!(error.code(), "invalid_centres");
    assert!(
        error.to_string().contains("U13 R13 F13 D13 L13 B13"),
        "{error}"
    );
    // The U centre swapped with an F x-centre: two F centres.
    let error = normalise(&swapped(&five, &[(centre(Face::U), 2 * 25 + 6)])).unwrap_err();
    assert_eq!(error.code(), "duplicate_centre");
}

#[test]
fn a_mirrored_frame_corner_is_named() {
    // Two stickers of DBL (D13 and B16 on a 4×4) exchanged: a mirror-image corner.
    let error = normalise(&swapped(&FaceletCube::solved(4), &[(60, 95)])).unwrap_err();
    assert_eq!(error.code(), "invalid_corner");
    assert!(error.to_string().contains("DBL"), "{error}");
}

#[test]
fn a_wing_flipped_in_place_names_its_stickers() {
    let mut cube = FaceletCube::solved(4);
    // U15 and F3: the wing of the UF edge at depth 1 next to UFR... turned round.
    cube = swapped(&cube, &[(14, 34)]);
    let error = normalise(&cube).unwrap_err();
    assert_eq!(error.code(), "flipped_wing");
    let message = error.to_string();
    assert!(message.contains("U15 F3"), "{message}");
    assert!(message.contains("flipped in place"), "{message}");
}

/// Over 1,200 random 4×4 and 5×5 states, each corner lands in slot 0 about equally often, and the
/// wing and corner permutations are odd about half the time.
#[test]
fn random_states_spread_evenly() {
    for size in [4, 5] {
        let draws = 1200;
        let mut rng = rubik::seeded_rng(size as u64);
        let orbits = Orbits::of(size);
        let corners = orbits.get(OrbitKind::Corners).unwrap();
        let wings = orbits.get(OrbitKind::Wings { depth: 1 }).unwrap();
        let mut at_slot_zero = [0usize; 8];
        let (mut odd_corners, mut odd_wings) = (0, 0);
        for _ in 0..draws {
            let cube = random_state(size, &mut rng);
            let corner = corners.read(&cube);
            at_slot_zero[corner[0].unwrap().piece] += 1;
            odd_corners += usize::from(is_odd(&corner));
            odd_wings += usize::from(is_odd(&wings.read(&cube)));
        }
        // Expected 150 each (σ ≈ 11.5) and 600 (σ ≈ 17): six σ of room.
        assert!(
            at_slot_zero.iter().all(|&n| (80..=220).contains(&n)),
            "{at_slot_zero:?}"
        );
        assert!((500..=700).contains(&odd_corners), "{odd_corners}");
        assert!((500..=700).contains(&odd_wings), "{odd_wings}");
    }
}

fn is_odd(placements: &[Option<rubik::facelet::pieces::Placement>]) -> bool {
    let pieces: Vec<usize> = placements.iter().map(|p| p.unwrap().piece).collect();
    let mut seen = vec![false; pieces.len()];
    let mut transpositions = 0;
    for start in 0..pieces.len() {
        let mut i = start;
        let mut length = 0;
        while !seen[i] {
            seen[i] = true;
            i = pieces[i];
            length += 1;
        }
        transpositions += length.max(1) - 1;
    }
    transpositions % 2 == 1
}
