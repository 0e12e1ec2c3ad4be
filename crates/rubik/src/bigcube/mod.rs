//! Cubes of every size as orbits of pieces ([`crate::facelet::pieces`]): exact validation
//! ([`normalise`]) and uniformly random states ([`random_state`]).
//!
//! A facelet string is a reachable cube, held any way up, exactly when (checks in this order):
//! 1. the frame is a real cube's: on odd N the six fixed centres show six colours
//!    (`duplicate_centre`) placed as on a real cube (`invalid_centres`); on even N the DBL corner
//!    is a real corner. The frame says which face each colour belongs to;
//! 2. in every orbit of distinct pieces, each slot shows a real piece of that orbit
//!    (`invalid_corner`, `invalid_edge`, `invalid_wing`) and no piece shows twice
//!    (`duplicate_corner`, `duplicate_edge`, `duplicate_wing`; `flipped_wing` when the missing
//!    wing is the twin of the doubled one: a wing cannot flip in place);
//! 3. every centre orbit shows each colour as often as it has home slots of it, 4 of 24
//!    (`centre_count`);
//! 4. the laws the turns keep (derived in `laws.rs`): orientation sums (`twisted_corner`, `flipped_edge`) and
//!    parity links (`parity`). Derived, they are: corner twists sum to 0; on odd N midge flips sum
//!    to 0 and corner and midge parities agree; wings and centres obey no parity law, so two
//!    swapped corners on even N ("PLL parity") and an odd wing permutation ("OLL parity") are
//!    reachable.
//!
//! These are also sufficient: commutators cycle any three pieces of an orbit, so every state that
//! keeps the laws is reached.

mod laws;

use rand_core::Rng;

use crate::cubie::{Corner, Edge, InvalidCube, Piece, PieceFault, Scheme, fault};
use crate::face::{Axis, Face};
use crate::facelet::FaceletCube;
use crate::facelet::pieces::{Orbit, OrbitKind, Orbits, Placement};
use crate::random::below;
use crate::turn::Turn;
use laws::Laws;

/// Checks that `cube` is a reachable state of its size held some way up, and returns it
/// recoloured so that its frame is home (odd N: the fixed centres show their faces' colours;
/// even N: the DBL corner is home), the form every solver reads. The checks and their reason
/// codes are listed in the module documentation.
///
/// ```
/// use rubik::{Alg, FaceletCube, bigcube::normalise};
/// let mut cube = FaceletCube::solved(4);
/// cube.apply_alg(&"Rw U2 x Rw U2 Rw U2 Rw' U2 Lw U2 Rw' U2 Rw U2 Rw' U2 Rw'".parse::<Alg>().unwrap()).unwrap();
/// assert!(normalise(&cube).is_ok()); // one dedge flipped: "OLL parity" is reachable
/// let flipped = "UUUUUUUUUUUUUUUURRRRRRRRRRRRRRRRFFFFFFFFFFFFFFFFDDDDDDDDDDDDDDDDLLLLLLLLLLLLLLLLBBBBBBBBBBBBBBBB";
/// let mut stickers: Vec<char> = flipped.chars().collect();
/// stickers.swap(14, 34); // U15 and F3: a UF wing, turned round in place
/// let text: String = stickers.into_iter().collect();
/// let error = normalise(&text.parse().unwrap()).unwrap_err();
/// assert_eq!(error.code(), "flipped_wing");
/// ```
pub fn normalise(cube: &FaceletCube) -> Result<FaceletCube, InvalidCube> {
    let size = cube.size();
    let scheme = frame(cube)?;
    let normal = cube.recoloured(scheme.0);
    let orbits = Orbits::of(size);
    let mut placements: Vec<Vec<Placement>> = Vec::with_capacity(orbits.orbits().len());
    for orbit in orbits.orbits() {
        placements.push(match orbit.kind() {
            OrbitKind::FixedCentres => Vec::new(),
            _ if orbit.width() == 1 => {
                check_centres(orbit, cube, &scheme)?;
                Vec::new()
            }
            _ => read_pieces(orbit, cube, &normal)?,
        });
    }
    let laws = Laws::of(size);
    for &o in &laws.kept_sums {
        let turns = orbits.orbits()[o].orientations();
        let sum = placements[o]
            .iter()
            .map(|p| usize::from(p.orientation))
            .sum::<usize>()
            % turns;
        if sum != 0 {
            return Err(match turns {
                3 => InvalidCube::TwistedCorner { sum: sum as u8 },
                _ => InvalidCube::FlippedEdge,
            });
        }
    }
    for law in &laws.parity {
        let odd = law.orbits.iter().filter(|&&o| odd(&placements[o])).count();
        if odd % 2 == 1 {
            return Err(InvalidCube::Parity);
        }
    }
    Ok(normal)
}

/// A uniformly random reachable state of an N×N×N cube (N ≥ 1) in its frame (fixed centres, or
/// on even N nothing, held still): each orbit drawn uniformly (a permutation by Fisher–Yates, the
/// orientations, centres as a shuffle of their colours), then mended to keep the laws: the last
/// slot's orientation sets each kept sum to 0, and a swap of the first two pieces of a law's
/// pivot orbit mends an odd parity law. Each mend is a bijection, so the result stays uniform.
/// Every draw goes through [`below`], so a seed gives the same state everywhere.
///
/// ```
/// let a = rubik::bigcube::random_state(6, &mut rubik::seeded_rng(1));
/// assert_eq!(a, rubik::bigcube::random_state(6, &mut rubik::seeded_rng(1)));
/// assert!(rubik::bigcube::normalise(&a).is_ok());
/// ```
pub fn random_state<R: Rng + ?Sized>(size: usize, rng: &mut R) -> FaceletCube {
    let orbits = Orbits::of(size);
    let laws = Laws::of(size);
    let mut placements: Vec<Vec<Placement>> = orbits
        .orbits()
        .iter()
        .map(|orbit| match orbit.kind() {
            OrbitKind::FixedCentres => home(orbit),
            _ => {
                let mut pieces = home(orbit);
                for i in (1..pieces.len()).rev() {
                    pieces.swap(i, below(rng, i as u32 + 1) as usize);
                }
                for piece in &mut pieces {
                    piece.orientation = below(rng, orbit.orientations() as u32) as u8;
                }
                pieces
            }
        })
        .collect();
    for &o in &laws.kept_sums {
        let turns = orbits.orbits()[o].orientations();
        let pieces = &mut placements[o];
        let (last, rest) = pieces.split_last_mut().expect("an orbit has pieces");
        let sum: usize = rest.iter().map(|p| usize::from(p.orientation)).sum();
        last.orientation = ((turns - sum % turns) % turns) as u8;
    }
    for law in &laws.parity {
        if law.orbits.iter().filter(|&&o| odd(&placements[o])).count() % 2 == 1 {
            placements[law.pivot].swap(0, 1);
        }
    }
    let mut stickers = FaceletCube::solved(size).stickers().to_vec();
    for (orbit, pieces) in orbits.orbits().iter().zip(&placements) {
        for (slot, &placement) in pieces.iter().enumerate() {
            orbit.place(&mut stickers, slot, placement);
        }
    }
    FaceletCube::from_stickers(size, stickers).expect("every colour keeps its count")
}

/// Every piece of `orbit` at home, unturned.
fn home(orbit: &Orbit) -> Vec<Placement> {
    (0..orbit.piece_count())
        .map(|piece| Placement {
            piece,
            orientation: 0,
        })
        .collect()
}

/// Whether the permutation `i → next(i)` of `0..len` is odd (the one parity test of every
/// orbit, big cube or reduction).
///
/// # Panics
///
/// If `len` is over 64: no orbit has more than 24 pieces.
pub(crate) fn is_odd(len: usize, next: impl Fn(usize) -> usize) -> bool {
    assert!(len <= 64, "a permutation of {len} elements");
    let mut seen = 0u64;
    let mut cycles = 0;
    for start in 0..len {
        if seen >> start & 1 == 0 {
            cycles += 1;
            let mut i = start;
            while seen >> i & 1 == 0 {
                seen |= 1 << i;
                i = next(i);
            }
        }
    }
    (len - cycles) % 2 == 1
}

/// Whether the permutation of pieces in `placements` (slot → piece) is odd.
fn odd(placements: &[Placement]) -> bool {
    is_odd(placements.len(), |slot| placements[slot].piece)
}

/// Which face each colour of `cube` belongs to, from its frame, which must be a real cube's.
fn frame(cube: &FaceletCube) -> Result<Scheme, InvalidCube> {
    let size = cube.size();
    if size % 2 == 0 {
        let scheme = Scheme::from_dbl_corner(cube)?;
        // The colours each face would show solved, which a mirror-image DBL makes no cube's.
        let mut solved = [Face::U; 6];
        for colour in Face::ALL {
            solved[scheme.0[colour.index()].index()] = colour;
        }
        if !rotations().contains(&solved) {
            let orbits = Orbits::of(size);
            let stickers = orbits.get(OrbitKind::Corners).expect("corners").slot(6);
            let colours: Vec<Face> = stickers.iter().map(|&s| cube.stickers()[s]).collect();
            return Err(Corner::invalid(
                Corner::DBL,
                size,
                stickers,
                &colours,
                PieceFault::Mirrored,
            ));
        }
        return Ok(scheme);
    }
    let scheme = Scheme::from_centres(cube)?;
    let centres = cube.centres().expect("an odd cube has fixed centres");
    if !rotations().contains(&centres) {
        let middle = size / 2;
        return Err(InvalidCube::InvalidCentres {
            size,
            stickers: Face::ALL.map(|face| crate::facelet::index(size, face, middle, middle)),
            colours: centres,
        });
    }
    Ok(scheme)
}

/// The colours of the six centres in every whole-cube orientation: the states of a 1×1 that
/// rotations reach.
fn rotations() -> Vec<[Face; 6]> {
    let mut found = vec![Face::ALL];
    let mut next = 0;
    while next < found.len() {
        let stickers = found[next];
        next += 1;
        for axis in Axis::ALL {
            let mut cube = FaceletCube::from_stickers(1, stickers.to_vec()).expect("six colours");
            cube.turn(Turn {
                axis,
                first: 0,
                last: 0,
                quarters: 1,
            });
            let turned: [Face; 6] = cube.stickers().try_into().expect("six stickers");
            if !found.contains(&turned) {
                found.push(turned);
            }
        }
    }
    found
}

/// Each slot's piece and orientation in an orbit of distinct pieces, read on `normal` (the
/// cube in its frame); errors name the colours as written on `cube`.
fn read_pieces(
    orbit: &Orbit,
    cube: &FaceletCube,
    normal: &FaceletCube,
) -> Result<Vec<Placement>, InvalidCube> {
    let size = cube.size();
    let written = |slot: usize| -> Vec<Face> { orbit.colours(cube, slot).collect() };
    let read = orbit.read(normal);
    let mut placements = Vec::with_capacity(read.len());
    for (slot, placement) in read.iter().enumerate() {
        let Some(placement) = *placement else {
            let colours = written(slot);
            let faces: Vec<Face> = orbit.colours(normal, slot).collect();
            // No repeat and no opposite pair leaves only a corner read the wrong way round.
            let fault = fault(&colours, &faces).unwrap_or(PieceFault::Mirrored);
            let stickers = orbit.slot(slot);
            return Err(match orbit.kind() {
                OrbitKind::Corners => {
                    Corner::invalid(Corner::ALL[slot], size, stickers, &colours, fault)
                }
                OrbitKind::Midges => {
                    Edge::invalid(Edge::ALL[slot], size, stickers, &colours, fault)
                }
                OrbitKind::Wings { depth } => InvalidCube::InvalidWing {
                    depth,
                    size,
                    stickers: [stickers[0], stickers[1]],
                    colours: [colours[0], colours[1]],
                    fault,
                },
                kind => unreachable!("{kind} have no pieces of their own"),
            });
        };
        placements.push(placement);
    }
    let mut first_at: Vec<Option<usize>> = vec![None; placements.len()];
    for (slot, placement) in placements.iter().enumerate() {
        let piece = placement.piece;
        let Some(first) = first_at[piece] else {
            first_at[piece] = Some(slot);
            continue;
        };
        return Err(match orbit.kind() {
            OrbitKind::Corners => {
                Corner::duplicate(Corner::ALL[piece], [Corner::ALL[first], Corner::ALL[slot]])
            }
            OrbitKind::Midges => {
                Edge::duplicate(Edge::ALL[piece], [Edge::ALL[first], Edge::ALL[slot]])
            }
            OrbitKind::Wings { depth } => {
                let colours = written(slot);
                let [a, b] = [orbit.slot(first), orbit.slot(slot)];
                InvalidCube::DuplicateWing {
                    depth,
                    size,
                    stickers: [[a[0], a[1]], [b[0], b[1]]],
                    colours: [colours[0], colours[1]],
                    twin_missing: placements.iter().all(|p| p.piece != piece ^ 1),
                }
            }
            kind => unreachable!("{kind} have no pieces of their own"),
        });
    }
    Ok(placements)
}

/// Checks that a centre orbit shows each colour as often as it has home slots of that colour.
fn check_centres(orbit: &Orbit, cube: &FaceletCube, scheme: &Scheme) -> Result<(), InvalidCube> {
    let slots = 0..orbit.piece_count();
    let colour_at = |slot: usize| cube.stickers()[orbit.slot(slot)[0]];
    for colour in Face::ALL {
        let face = scheme.0[colour.index()];
        let expected = slots.clone().filter(|&s| orbit.home(s)[0] == face).count();
        let showing: Vec<usize> = slots
            .clone()
            .filter(|&s| colour_at(s) == colour)
            .map(|s| orbit.slot(s)[0])
            .collect();
        if showing.len() != expected {
            return Err(InvalidCube::CentreCount {
                orbit: orbit.kind(),
                size: cube.size(),
                colour,
                count: showing.len(),
                expected,
                stickers: showing,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    proptest! {
        /// The cycle count agrees with the inversion count, an independent parity.
        #[test]
        fn is_odd_is_the_parity_of_the_inversions(
            perm in (1usize..=24).prop_flat_map(|n| Just((0..n).collect::<Vec<usize>>()).prop_shuffle())
        ) {
            let inversions = (0..perm.len())
                .flat_map(|i| (i + 1..perm.len()).map(move |j| (i, j)))
                .filter(|&(i, j)| perm[i] > perm[j])
                .count();
            prop_assert_eq!(super::is_odd(perm.len(), |i| perm[i]), inversions % 2 == 1);
        }
    }
}
