//! The wing stages: wing-orbit parity (before the centres, while a slice turn is still free)
//! and pairing every wing with its edge, with the even sizes' edge-permutation parity.

use super::orbit::{Orbit, wing_orbits};
use super::{ReductionError, three, wide_r};
use crate::cubie::InvalidCube;
use crate::face::Face;
use crate::facelet::FaceletCube;
use crate::search::budget::Running;
use crate::turn::Turn;

/// The colours each wing slot must show: the midge's of its edge (odd N) or its own faces'.
pub(super) fn home_colours(orbit: &Orbit, cube: &FaceletCube) -> Vec<[Face; 2]> {
    let size = cube.size();
    let middle = |x: usize| match x {
        0 => 0,
        3 => size - 1,
        _ => size / 2,
    };
    orbit
        .kind
        .pieces
        .iter()
        .map(|piece| {
            [0, 1].map(|j| {
                if size % 2 == 0 {
                    return orbit.face(piece[j]);
                }
                let (face, row, col) = (piece[j] / 16, piece[j] / 4 % 4, piece[j] % 4);
                cube.stickers()[(face * size + middle(row)) * size + middle(col)]
            })
        })
        .collect()
}

/// Whether the wings in `state` are an odd permutation of the slots whose colours are `homes`.
fn is_odd(state: &[Face], homes: &[[Face; 2]]) -> Result<bool, ReductionError> {
    let mut goes_to = Vec::with_capacity(homes.len());
    for slot in 0..homes.len() {
        let colours = [state[2 * slot], state[2 * slot + 1]];
        let home = homes.iter().position(|&h| h == colours).ok_or_else(|| {
            ReductionError::Unsolvable(format!(
                "no wing slot takes a {}{} wing",
                colours[0], colours[1]
            ))
        })?;
        goes_to.push(home);
    }
    let mut distinct = goes_to.clone();
    distinct.sort_unstable();
    distinct.dedup();
    if distinct.len() != goes_to.len() {
        return Err(ReductionError::Unsolvable("two wings alike".to_string()));
    }
    Ok(crate::bigcube::is_odd(goes_to.len(), |slot| goes_to[slot]))
}

/// Quarter turns of wide blocks that make every wing orbit an even permutation: the block
/// `0..=k` changes the parity of orbits 1 to k (its face turn moves wings by two 4-cycles).
pub(super) fn wing_parity(cube: &FaceletCube) -> Result<Vec<Turn>, ReductionError> {
    let orbits = wing_orbits(cube.size());
    let mut odd = Vec::with_capacity(orbits.len() + 1);
    for orbit in &orbits {
        odd.push(is_odd(&orbit.read(cube), &home_colours(orbit, cube))?);
    }
    odd.push(false);
    Ok((0..orbits.len())
        .filter(|&i| odd[i] != odd[i + 1])
        .map(|i| wide_r(i + 1))
        .collect())
}

/// A quarter turn of the block `0..=depth` when the wing orbit `depth` is an odd permutation:
/// it makes that orbit even and moves no orbit inside it.
pub(super) fn orbit_parity(
    cube: &FaceletCube,
    depth: usize,
) -> Result<Option<Turn>, ReductionError> {
    let orbit = &wing_orbits(cube.size())[depth - 1];
    Ok(is_odd(&orbit.read(cube), &home_colours(orbit, cube))?.then(|| wide_r(depth)))
}

/// Turns that pair every wing, leaving the centres solved and the outer layers a 3×3; `tick`
/// after each orbit.
pub(super) fn pair(
    cube: &FaceletCube,
    budget: &Running,
    tick: &dyn Fn(),
) -> Result<Vec<Turn>, ReductionError> {
    // Innermost first: an operation on an orbit may turn the blocks out to it, which moves the
    // orbits outside it (not yet paired) and none inside it.
    let mut orbits = wing_orbits(cube.size());
    orbits.reverse();
    let mut work = cube.clone();
    let mut turns = Vec::new();
    for (index, orbit) in orbits.iter().enumerate() {
        let mut state = orbit.read(&work);
        let done = turns.len();
        if cube.size() % 2 == 1 || index > 0 {
            // The midges' colours, or the paired innermost orbit's (face turns keep it paired).
            let mut homes = if cube.size() % 2 == 1 {
                home_colours(orbit, &work)
            } else {
                let paired = orbits[0].read(&work);
                paired.chunks(2).map(|w| [w[0], w[1]]).collect()
            };
            orbit.place(&mut state, &mut homes, &mut turns, budget)?;
        } else {
            pair_with_itself(orbit, &mut state, &work, &mut turns, budget)?;
        }
        work.apply(turns[done..].iter().copied());
        tick();
    }
    Ok(turns)
}

/// Even N: pairs the first wing orbit (the innermost) with itself. Each edge is given the edge (colour
/// pair and way round) whose wings it already holds most of, greedily; one edge is turned round
/// if that would need an odd permutation of wings, and two edges swapped if the reduced cube
/// would be an odd permutation of edges against corners ("PLL parity").
fn pair_with_itself(
    orbit: &Orbit,
    state: &mut Vec<Face>,
    cube: &FaceletCube,
    turns: &mut Vec<Turn>,
    budget: &Running,
) -> Result<(), ReductionError> {
    let pieces = &orbit.kind.pieces;
    let faces = |slot: usize| {
        let mut f = [orbit.face(pieces[slot][0]), orbit.face(pieces[slot][1])];
        f.sort();
        f
    };
    // Each edge's two wing slots; the wing (a, b) in the first goes with (b, a) in the second.
    let mut edges: Vec<[usize; 2]> = Vec::new();
    for slot in 0..pieces.len() {
        if !edges.iter().any(|e| e.contains(&slot)) {
            let twin = (slot + 1..pieces.len())
                .find(|&t| faces(t) == faces(slot))
                .expect("every edge holds two wings");
            edges.push([slot, twin]);
        }
    }
    let wing = |slot: usize| [state[2 * slot], state[2 * slot + 1]];
    let twin = |[a, b]: [Face; 2]| [b, a];
    let mut offers: Vec<(usize, usize, [Face; 2])> = Vec::new();
    for (e, &[first, second]) in edges.iter().enumerate() {
        for slot in 0..pieces.len() {
            let colours = wing(slot);
            let held =
                usize::from(wing(first) == colours) + usize::from(wing(second) == twin(colours));
            offers.push((held, e, colours));
        }
    }
    offers.sort_by_key(|&(held, ..)| std::cmp::Reverse(held));
    let mut given: Vec<Option<([Face; 2], usize)>> = vec![None; edges.len()];
    let mut used: Vec<[Face; 2]> = Vec::new();
    for (held, e, colours) in offers {
        let mut pair = colours;
        pair.sort();
        if given[e].is_none() && !used.contains(&pair) {
            given[e] = Some((colours, held));
            used.push(pair);
        }
    }
    let mut given: Vec<([Face; 2], usize)> =
        given.into_iter().collect::<Option<_>>().ok_or_else(|| {
            ReductionError::Unsolvable("the wings make fewer than 12 edges".to_string())
        })?;
    let homes_of = |given: &[([Face; 2], usize)]| {
        let mut homes = vec![[Face::U; 2]; pieces.len()];
        for (&[first, second], &(colours, _)) in edges.iter().zip(given) {
            homes[first] = colours;
            homes[second] = twin(colours);
        }
        homes
    };
    // Edges by how few of their wings are in place: the cheapest to change.
    let mut loose: Vec<usize> = (0..edges.len()).collect();
    loose.sort_by_key(|&e| given[e].1);
    if is_odd(state, &homes_of(&given))? {
        given[loose[0]].0 = twin(given[loose[0]].0);
    }
    // Every wing orbit painted as this one will be (the reduced cube reads the outermost).
    let mut stickers = cube.stickers().to_vec();
    for other in wing_orbits(cube.size()) {
        for (slot, colours) in homes_of(&given).iter().enumerate() {
            for j in 0..2 {
                stickers[other.sticker(pieces[slot][j])] = colours[j];
            }
        }
    }
    let painted = FaceletCube::from_stickers(cube.size(), stickers)
        .map_err(|e| ReductionError::Unsolvable(e.to_string()))?;
    match three::reduced(&painted) {
        Err(InvalidCube::Parity) => given.swap(loose[0], loose[1]),
        Err(other) => return Err(other.into()),
        Ok(_) => {}
    }
    orbit.place(state, &mut homes_of(&given), turns, budget)
}
