//! The pieces of an N×N×N cube and the orbits they move in, derived from the geometry.
//!
//! Two stickers lie in one *sticker orbit* when some sequence of single-layer turns carries one
//! onto the other: a union-find over the four-cycles of every single-layer quarter turn. The
//! stickers of one cubie make a *piece*; the sticker orbits of a piece's stickers together make
//! its [`Orbit`], the set of places the piece can reach. An orbit is classified by its pieces'
//! sticker count and where its stickers lie ([`OrbitKind`]). A piece's orientations are the
//! rotations of its stickers the turns can produce: as many as its stickers divided by the sticker
//! orbits they lie in (a corner 3, a midge 2, a wing 1: its two stickers lie in different sticker
//! orbits, so a wing never flips in place).
//!
//! Orders, fixed once and for all: corners and midges follow the 3×3 ([`Corner::ALL`],
//! [`Edge::ALL`]) with their stickers in the 3×3's reading order; wings come in edge order, two per
//! edge, each read first on the sticker orbit of the orbit's lowest sticker index (the twin whose
//! first sticker lies on the edge's first face comes first, so wings `2e` and `2e + 1` are twins);
//! centres come in sticker order.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use super::FaceletCube;
use super::geometry::{Layout, Vec3, position};
use crate::cubie::{Corner, Edge};
use crate::face::{Axis, Face};

/// What the pieces of an orbit are. Depths count from the nearest edge of a face (1 = next to it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum OrbitKind {
    /// The 8 corners: three stickers, three orientations.
    Corners,
    /// The 12 middle edges of an odd cube: two stickers, two orientations.
    Midges,
    /// The 24 wings at `depth` from a corner along the edges: two stickers, one orientation.
    Wings {
        /// Stickers between the wing and the nearer corner, plus one (1..=⌊(N-2)/2⌋).
        depth: usize,
    },
    /// The 24 centres on the face diagonals at `depth`.
    XCentres {
        /// Row (= column) of the orbit's first sticker on U.
        depth: usize,
    },
    /// The 24 centres on the middle row and column of an odd cube at `depth`.
    PlusCentres {
        /// Row of the orbit's first sticker on U (its column is the middle one).
        depth: usize,
    },
    /// 24 centres on neither a diagonal nor a middle line. Chiral: the mirror image of an oblique
    /// orbit is another oblique orbit.
    Obliques {
        /// Row of the orbit's first sticker on U in reading order.
        row: usize,
        /// Its column.
        col: usize,
    },
    /// The 6 middle centres of an odd cube (the whole cube on a 1×1): only middle-slice turns
    /// move them, and only as a whole-cube rotation does.
    FixedCentres,
}

impl std::fmt::Display for OrbitKind {
    /// The orbit's pieces in words: `wings at depth 1`, `obliques at row 1, column 2`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OrbitKind::Corners => f.write_str("corners"),
            OrbitKind::Midges => f.write_str("midges"),
            OrbitKind::Wings { depth } => write!(f, "wings at depth {depth}"),
            OrbitKind::XCentres { depth } => write!(f, "x-centres at depth {depth}"),
            OrbitKind::PlusCentres { depth } => write!(f, "+-centres at depth {depth}"),
            OrbitKind::Obliques { row, col } => {
                write!(f, "oblique centres at row {row}, column {col}")
            }
            OrbitKind::FixedCentres => f.write_str("fixed centres"),
        }
    }
}

/// Which piece sits in a slot and how it is turned: the sticker at index `orientation` of the
/// slot's sticker list shows the piece's first (reference) colour, the next one its second, ...
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    /// The piece, by the slot that is its home.
    pub piece: usize,
    /// How far its colours are rotated, `0..orientations()`.
    pub orientation: u8,
}

/// One orbit: its pieces, each a tuple of sticker indices (a *slot*) in a fixed cyclic order.
/// Piece `i` is the piece whose home is slot `i`; its home colours are the faces its stickers
/// lie on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Orbit {
    kind: OrbitKind,
    width: usize,
    orientations: usize,
    stickers: Vec<usize>,
    home: Vec<Face>,
}

impl Orbit {
    /// What the orbit's pieces are.
    pub fn kind(&self) -> OrbitKind {
        self.kind
    }

    /// How many pieces (and slots) the orbit has.
    pub fn piece_count(&self) -> usize {
        self.stickers.len() / self.width
    }

    /// Stickers per piece (3 corners, 2 edges, 1 centres).
    pub fn width(&self) -> usize {
        self.width
    }

    /// How many orientations a piece can show in a slot (3 corners, 2 midges, 1 otherwise).
    pub fn orientations(&self) -> usize {
        self.orientations
    }

    /// The sticker indices of slot `slot`, in the orbit's cyclic order.
    pub fn slot(&self, slot: usize) -> &[usize] {
        &self.stickers[slot * self.width..(slot + 1) * self.width]
    }

    /// Every slot's sticker indices, in slot order.
    pub fn pieces(&self) -> std::slice::ChunksExact<'_, usize> {
        self.stickers.chunks_exact(self.width)
    }

    /// The home colours of piece `piece` in its cyclic order: the faces of its home slot.
    pub fn home(&self, piece: usize) -> &[Face] {
        &self.home[piece * self.width..(piece + 1) * self.width]
    }

    /// The colours of slot `slot` on `cube`, in the slot's order.
    pub fn colours<'a>(
        &'a self,
        cube: &'a FaceletCube,
        slot: usize,
    ) -> impl Iterator<Item = Face> + 'a {
        self.slot(slot).iter().map(|&i| cube.stickers()[i])
    }

    /// The piece (the first one, for centres, whose pieces of one colour look alike) and
    /// orientation that show `colours` (read in a slot's order), if any piece of this orbit can.
    pub fn identify(&self, colours: &[Face]) -> Option<Placement> {
        let width = self.width;
        if colours.len() != width {
            return None;
        }
        (0..self.piece_count()).find_map(|piece| {
            let home = self.home(piece);
            (0..self.orientations)
                .find(|&o| (0..width).all(|k| colours[(o + k) % width] == home[k]))
                .map(|o| Placement {
                    piece,
                    orientation: o as u8,
                })
        })
    }

    /// What sits in each slot of `cube`, colours taken as face names (`None` where the stickers
    /// make no piece of this orbit).
    pub fn read(&self, cube: &FaceletCube) -> Vec<Option<Placement>> {
        let mut colours = Vec::with_capacity(self.width);
        (0..self.piece_count())
            .map(|slot| {
                colours.clear();
                colours.extend(self.colours(cube, slot));
                self.identify(&colours)
            })
            .collect()
    }

    /// Paints `placement` into slot `slot` of `stickers` (a facelet-string sticker list).
    pub fn place(&self, stickers: &mut [Face], slot: usize, placement: Placement) {
        let width = self.width;
        let home = self.home(placement.piece);
        for (k, &sticker) in self.slot(slot).iter().enumerate() {
            let from = (k + width - placement.orientation as usize % width) % width;
            stickers[sticker] = home[from];
        }
    }
}

/// Where a sticker sits in the orbit model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Location {
    /// The orbit, an index into [`Orbits::orbits`].
    pub orbit: usize,
    /// The slot within the orbit.
    pub slot: usize,
    /// The sticker's place in the slot's sticker list.
    pub place: usize,
}

/// Every orbit of a cube size, derived once per size and shared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Orbits {
    size: usize,
    orbits: Vec<Orbit>,
    /// Each sticker's orbit, slot and place, packed (a slot holds at most 24 pieces).
    locations: Vec<(u32, u8, u8)>,
}

impl Orbits {
    /// The orbits of an N×N×N cube (N ≥ 1), derived on first use and cached per size.
    ///
    /// ```
    /// use rubik::facelet::pieces::{OrbitKind, Orbits};
    /// let orbits = Orbits::of(5);
    /// assert_eq!(orbits.orbits().len(), 6); // corners, midges, wings, x, +, fixed centres
    /// assert_eq!(orbits.get(OrbitKind::Wings { depth: 1 }).unwrap().piece_count(), 24);
    /// ```
    pub fn of(size: usize) -> Arc<Orbits> {
        assert!(size >= 1, "a cube has at least one layer");
        static CACHE: PerSize<Orbits> = OnceLock::new();
        cached(&CACHE, size, || Orbits::derive(size))
    }

    /// The cube size.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Every orbit, sorted by kind (corners, midges, wings by depth, x-, +-, oblique centres,
    /// fixed centres).
    pub fn orbits(&self) -> &[Orbit] {
        &self.orbits
    }

    /// The orbit of kind `kind`, if the size has one.
    pub fn get(&self, kind: OrbitKind) -> Option<&Orbit> {
        self.orbits.iter().find(|orbit| orbit.kind == kind)
    }

    /// Where sticker `sticker` (a facelet-string index) sits.
    pub fn locate(&self, sticker: usize) -> Location {
        let (orbit, slot, place) = self.locations[sticker];
        Location {
            orbit: orbit as usize,
            slot: usize::from(slot),
            place: usize::from(place),
        }
    }

    /// Derives the orbits of size `size` from the turn geometry.
    fn derive(size: usize) -> Orbits {
        let count = 6 * size * size;
        let layout = Layout::new(size);
        let mut sticker_orbits = UnionFind::new(count);
        for axis in Axis::ALL {
            for layer in 0..size {
                for cycle in layout.ring_cycles(axis, layer) {
                    sticker_orbits.join_all(&cycle);
                }
            }
        }
        for face in Face::ALL {
            for cycle in layout.face_cycles(face) {
                sticker_orbits.join_all(&cycle);
            }
        }
        let (cubies, centres) = cubies(size);
        let mut piece_orbits = sticker_orbits.clone();
        for cubie in &cubies {
            piece_orbits.join_all(cubie);
        }
        let mut grouped: HashMap<usize, Vec<Vec<usize>>> = HashMap::new();
        for cubie in cubies {
            grouped
                .entry(piece_orbits.find(cubie[0]))
                .or_default()
                .push(cubie);
        }
        // Centre stickers are pieces of their own: grouped flat, made pieces one orbit at a time.
        let mut grouped_centres: HashMap<usize, Vec<usize>> = HashMap::new();
        for sticker in centres {
            grouped_centres
                .entry(sticker_orbits.find(sticker))
                .or_default()
                .push(sticker);
        }
        let centre_pieces = grouped_centres
            .into_values()
            .map(|stickers| stickers.into_iter().map(|s| vec![s]).collect());
        let mut orbits: Vec<Orbit> = grouped
            .into_values()
            .chain(centre_pieces)
            .map(|pieces| orbit(size, pieces, &mut sticker_orbits))
            .collect();
        orbits.sort_by_key(|orbit| orbit.kind);
        let mut locations = vec![(0u32, 0u8, 0u8); count];
        for (o, orbit) in orbits.iter().enumerate() {
            for (slot, stickers) in orbit.pieces().enumerate() {
                for (place, &sticker) in stickers.iter().enumerate() {
                    locations[sticker] = (o as u32, slot as u8, place as u8);
                }
            }
        }
        Orbits {
            size,
            orbits,
            locations,
        }
    }
}

/// A cache of something derived once per cube size.
pub(crate) type PerSize<T> = OnceLock<Mutex<HashMap<usize, Arc<T>>>>;

/// The value of `cache` for `size`, derived by `derive` on first use.
pub(crate) fn cached<T>(cache: &PerSize<T>, size: usize, derive: impl FnOnce() -> T) -> Arc<T> {
    let cache = cache.get_or_init(Default::default);
    let found = cache
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(&size)
        .cloned();
    found.unwrap_or_else(|| {
        let derived = Arc::new(derive());
        let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
        cache.entry(size).or_insert(derived).clone()
    })
}

/// The face a sticker lies on.
fn face_of(size: usize, sticker: usize) -> Face {
    Face::from_index(sticker / (size * size)).expect("a sticker of the cube")
}

/// The stickers of each cubie that shows more than one (each list in index order, cubies in order
/// of their first sticker), and the stickers of the centre cubies, which show one each. A 1×1 is
/// one cubie that shows six centres: its stickers count as centres.
fn cubies(size: usize) -> (Vec<Vec<usize>>, Vec<usize>) {
    let mut index_of: HashMap<Vec3, usize> = HashMap::new();
    let mut cubies: Vec<Vec<usize>> = Vec::new();
    let mut centres = Vec::new();
    let inner = |i: usize| 0 < i && i + 1 < size;
    for sticker in 0..6 * size * size {
        let face = face_of(size, sticker);
        let (row, col) = (sticker % (size * size) / size, sticker % size);
        if size == 1 || (inner(row) && inner(col)) {
            centres.push(sticker);
            continue;
        }
        let (point, normal) = position(size, face, row, col);
        let centre: Vec3 = std::array::from_fn(|i| point[i] - normal[i]);
        match index_of.get(&centre) {
            Some(&i) => cubies[i].push(sticker),
            None => {
                index_of.insert(centre, cubies.len());
                cubies.push(vec![sticker]);
            }
        }
    }
    (cubies, centres)
}

/// The orbit made of `pieces` (cubies, stickers in index order): classified, each piece's
/// stickers put in cyclic order, the pieces in the orbit's order (module documentation).
fn orbit(size: usize, mut pieces: Vec<Vec<usize>>, sticker_orbits: &mut UnionFind) -> Orbit {
    let width = pieces[0].len();
    let first = *pieces.iter().flatten().min().expect("pieces have stickers");
    let faces =
        |piece: &[usize]| -> Vec<Face> { piece.iter().map(|&s| face_of(size, s)).collect() };
    let same_faces = |a: &[Face], b: &[Face]| a.len() == b.len() && a.iter().all(|f| b.contains(f));
    let edge_of = |piece: &[usize]| {
        let faces = faces(piece);
        Edge::ALL
            .into_iter()
            .find(|edge| same_faces(&edge.faces(), &faces))
            .expect("an edge piece lies on two adjacent faces")
    };
    let sticker_orbit_count = {
        let mut roots: Vec<usize> = pieces[0].iter().map(|&s| sticker_orbits.find(s)).collect();
        roots.dedup();
        roots.len()
    };
    let kind = match width {
        3 => {
            // Each corner in the 3×3's order, its stickers in the 3×3's reading order.
            pieces = Corner::ALL
                .iter()
                .map(|corner| {
                    let piece = pieces
                        .iter()
                        .find(|piece| same_faces(&corner.faces(), &faces(piece)))
                        .expect("eight corners");
                    corner
                        .faces()
                        .map(|face| *piece.iter().find(|&&s| face_of(size, s) == face).unwrap())
                        .to_vec()
                })
                .collect();
            OrbitKind::Corners
        }
        2 if sticker_orbit_count == 1 => {
            pieces.sort_by_key(|piece| edge_of(piece).index());
            for piece in &mut pieces {
                if face_of(size, piece[0]) != edge_of(piece).faces()[0] {
                    piece.swap(0, 1);
                }
            }
            OrbitKind::Midges
        }
        2 => {
            let reference = sticker_orbits.find(first);
            for piece in &mut pieces {
                if sticker_orbits.find(piece[0]) != reference {
                    piece.swap(0, 1);
                }
            }
            pieces.sort_by_key(|piece| {
                let edge = edge_of(piece);
                (edge.index(), face_of(size, piece[0]) != edge.faces()[0])
            });
            // Along an edge of U the stickers lie in one row or one column: the other one of the
            // pair gives the distance to the corner.
            let on_u = pieces
                .iter()
                .flatten()
                .find(|&&s| face_of(size, s) == Face::U)
                .expect("every wing orbit reaches U");
            let (row, col) = (on_u / size, on_u % size);
            let along = if row == 0 || row == size - 1 {
                col
            } else {
                row
            };
            OrbitKind::Wings {
                depth: along.min(size - 1 - along),
            }
        }
        _ => {
            pieces.sort();
            let (row, col) = (first / size, first % size);
            if size % 2 == 1 && row == size / 2 && col == size / 2 {
                OrbitKind::FixedCentres
            } else if row == col {
                OrbitKind::XCentres { depth: row }
            } else if size % 2 == 1 && col == size / 2 {
                OrbitKind::PlusCentres { depth: row }
            } else {
                OrbitKind::Obliques { row, col }
            }
        }
    };
    let stickers: Vec<usize> = pieces.into_iter().flatten().collect();
    let home = stickers.iter().map(|&s| face_of(size, s)).collect();
    Orbit {
        kind,
        width,
        orientations: width / sticker_orbit_count,
        stickers,
        home,
    }
}

/// Disjoint sets over `0..n` with path halving.
#[derive(Clone, Debug)]
struct UnionFind {
    parent: Vec<usize>,
}

impl UnionFind {
    fn new(n: usize) -> UnionFind {
        UnionFind {
            parent: (0..n).collect(),
        }
    }

    fn find(&mut self, mut i: usize) -> usize {
        while self.parent[i] != i {
            self.parent[i] = self.parent[self.parent[i]];
            i = self.parent[i];
        }
        i
    }

    /// Puts every element of `items` in one set.
    fn join_all(&mut self, items: &[usize]) {
        let root = self.find(items[0]);
        for &item in &items[1..] {
            let other = self.find(item);
            self.parent[other] = root;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::turn::Turn;

    /// How many orbits of each kind and how many pieces each, from the count of positions along an
    /// edge (N-2) and across a face's centre block ((N-2)²), worked out by hand.
    fn expected_counts(n: usize) -> Vec<(&'static str, usize, usize)> {
        let mut expected = Vec::new();
        if n == 1 {
            return vec![("fixed", 1, 6)];
        }
        expected.push(("corners", 1, 8));
        let inner = n - 2; // stickers along an edge between two corners
        if inner % 2 == 1 {
            expected.push(("midges", 1, 12));
            expected.push(("fixed", 1, 6));
        }
        let half = inner / 2; // wing orbits: each edge's wings pair up mirror-wise
        expected.push(("wings", half, 24));
        // The centre block of a face minus its middle splits into rotation classes of four, one per
        // orbit: half x-centres, half "+" centres on odd N, and the rest obliques.
        let classes = (inner * inner - inner % 2) / 4;
        expected.push(("x", half, 24));
        expected.push(("plus", if inner % 2 == 1 { half } else { 0 }, 24));
        let plus = if inner % 2 == 1 { half } else { 0 };
        expected.push(("oblique", classes - half - plus, 24));
        expected
    }

    fn label(kind: OrbitKind) -> &'static str {
        match kind {
            OrbitKind::Corners => "corners",
            OrbitKind::Midges => "midges",
            OrbitKind::Wings { .. } => "wings",
            OrbitKind::XCentres { .. } => "x",
            OrbitKind::PlusCentres { .. } => "plus",
            OrbitKind::Obliques { .. } => "oblique",
            OrbitKind::FixedCentres => "fixed",
        }
    }

    #[test]
    fn orbit_counts_and_sizes_match_the_closed_formulas() {
        for n in 1..=12 {
            let orbits = Orbits::of(n);
            for (name, count, pieces) in expected_counts(n) {
                let found: Vec<&Orbit> = orbits
                    .orbits()
                    .iter()
                    .filter(|o| label(o.kind()) == name)
                    .collect();
                assert_eq!(found.len(), count, "n={n} {name}");
                assert!(
                    found.iter().all(|o| o.piece_count() == pieces),
                    "n={n} {name}"
                );
            }
            let stickers: usize = orbits.orbits().iter().map(|o| o.stickers.len()).sum();
            assert_eq!(stickers, 6 * n * n, "n={n}");
        }
        let six: Vec<OrbitKind> = Orbits::of(6).orbits().iter().map(Orbit::kind).collect();
        assert_eq!(
            six,
            [
                OrbitKind::Corners,
                OrbitKind::Wings { depth: 1 },
                OrbitKind::Wings { depth: 2 },
                OrbitKind::XCentres { depth: 1 },
                OrbitKind::XCentres { depth: 2 },
                OrbitKind::Obliques { row: 1, col: 2 },
                OrbitKind::Obliques { row: 1, col: 3 },
            ]
        );
    }

    #[test]
    fn every_sticker_has_one_place() {
        for n in 1..=9 {
            let orbits = Orbits::of(n);
            let mut seen = vec![false; 6 * n * n];
            for (o, orbit) in orbits.orbits().iter().enumerate() {
                for (slot, stickers) in orbit.pieces().enumerate() {
                    for (place, &s) in stickers.iter().enumerate() {
                        assert!(!seen[s]);
                        seen[s] = true;
                        assert_eq!(
                            orbits.locate(s),
                            Location {
                                orbit: o,
                                slot,
                                place
                            }
                        );
                    }
                }
            }
            assert!(seen.iter().all(|&s| s));
        }
    }

    #[test]
    fn every_turn_maps_each_orbit_onto_itself_piece_by_piece() {
        for n in 1..=9 {
            let orbits = Orbits::of(n);
            for turn in Turn::single_layer_turns(n) {
                // After the turn, position i holds the sticker that was at permutation[i].
                let permutation = super::super::permutation(n, &[turn]);
                for orbit in orbits.orbits() {
                    let width = orbit.width();
                    for stickers in orbit.pieces() {
                        let image: Vec<usize> =
                            stickers.iter().map(|&s| permutation[s] as usize).collect();
                        let target = orbits.locate(image[0]);
                        assert_eq!(&orbits.orbits()[target.orbit], orbit, "n={n} {turn:?}");
                        let slot = orbit.slot(target.slot);
                        // The same cyclic order, shifted by at most an orientation.
                        assert!(
                            (0..width).all(|k| slot[(target.place + k) % width] == image[k]),
                            "n={n} {turn:?} {stickers:?}"
                        );
                        assert!(target.place < orbit.orientations());
                    }
                }
            }
        }
    }

    #[test]
    fn corners_and_midges_read_as_on_the_three_by_three() {
        let three = Orbits::of(3);
        let corners = three.get(OrbitKind::Corners).unwrap();
        // URF = U9 R1 F3 and FR = F6 R4 (notation.md §6).
        assert_eq!(corners.slot(0), [8, 9, 20]);
        assert_eq!(three.get(OrbitKind::Midges).unwrap().slot(8), [23, 12]);
        for n in 2..=8 {
            let orbits = Orbits::of(n);
            let corners = orbits.get(OrbitKind::Corners).unwrap();
            for corner in Corner::ALL {
                assert_eq!(corners.home(corner.index()), corner.faces());
            }
            // Clockwise seen from outside: the normals' triple product is -1 (U, R, F).
            for stickers in corners.pieces() {
                let normals: Vec<Vec3> = stickers
                    .iter()
                    .map(|&s| {
                        let on = s % (n * n);
                        position(n, face_of(n, s), on / n, on % n).1
                    })
                    .collect();
                let [a, b, c] = [normals[0], normals[1], normals[2]];
                let det = a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0])
                    + a[2] * (b[0] * c[1] - b[1] * c[0]);
                assert_eq!(det, -1);
            }
        }
    }

    #[test]
    fn a_solved_cube_reads_home_and_a_flipped_wing_reads_as_its_twin() {
        for n in 1..=8 {
            let cube = FaceletCube::solved(n);
            for orbit in Orbits::of(n).orbits() {
                for (slot, placement) in orbit.read(&cube).into_iter().enumerate() {
                    let placement = placement.expect("a solved cube shows real pieces");
                    assert_eq!(placement.orientation, 0);
                    assert_eq!(orbit.home(placement.piece), orbit.home(slot));
                    if orbit.width() > 1 {
                        assert_eq!(placement.piece, slot);
                    }
                }
            }
        }
        let orbits = Orbits::of(4);
        let wings = orbits.get(OrbitKind::Wings { depth: 1 }).unwrap();
        assert_eq!(wings.home(0), [Face::U, Face::R]);
        assert_eq!(wings.home(1), [Face::R, Face::U]);
        assert_eq!(
            wings.identify(&[Face::R, Face::U]),
            Some(Placement {
                piece: 1,
                orientation: 0
            })
        );
        let midges = Orbits::of(5);
        let midges = midges.get(OrbitKind::Midges).unwrap();
        assert_eq!(
            midges.identify(&[Face::R, Face::U]),
            Some(Placement {
                piece: 0,
                orientation: 1
            })
        );
    }

    #[test]
    fn place_paints_what_identify_reads() {
        let orbits = Orbits::of(5);
        let mut stickers = FaceletCube::solved(5).stickers().to_vec();
        let corners = orbits.get(OrbitKind::Corners).unwrap();
        let placement = Placement {
            piece: 3,
            orientation: 2,
        };
        corners.place(&mut stickers, 0, placement);
        let colours: Vec<Face> = corners.slot(0).iter().map(|&s| stickers[s]).collect();
        assert_eq!(corners.identify(&colours), Some(placement));
    }
}
