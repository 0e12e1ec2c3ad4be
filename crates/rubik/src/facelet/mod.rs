//! The sticker model of an N×N×N cube of any size: [`FaceletCube`].
//!
//! Six faces of `N²` stickers each, laid flat in the order and orientation of the facelet string
//! (`notation.md` §1). Layer turns move stickers in place: O(N) for the ring of a layer, plus
//! O(N²) when an outer face rotates; nothing is allocated per move. This is the model every other
//! level converts from and to; rendering lives in [`render`], colour schemes in [`colour`].

pub mod colour;
mod geometry;
pub mod pieces;
pub mod render;

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::face::{Axis, Face};
use crate::notation::{Alg, AlgError};
use crate::turn::Turn;
use colour::ColourScheme;
use geometry::Layout;

/// The index of sticker (face, row, col) in a facelet string of a cube of size `size`.
///
/// ```
/// use rubik::{Face, facelet::index};
/// assert_eq!(index(3, Face::R, 0, 0), 9);
/// ```
pub const fn index(size: usize, face: Face, row: usize, col: usize) -> usize {
    (face as usize * size + row) * size + col
}

/// The name of the sticker at `index`: its face letter and its 1-based place on that face in
/// reading order, as in Kociemba's `U1..B9` for the 3×3 (`R1` is the top-left sticker of R).
///
/// ```
/// assert_eq!(rubik::facelet::sticker_name(3, 9), "R1");
/// assert_eq!(rubik::facelet::sticker_name(4, 15), "U16");
/// ```
pub fn sticker_name(size: usize, index: usize) -> String {
    let per_face = size * size;
    match Face::from_index(index / per_face.max(1)) {
        Some(face) => format!("{face}{}", index % per_face + 1),
        None => format!("#{}", index + 1),
    }
}

/// Why a facelet string (or sticker list) is not a cube: checks 1 to 3 of `notation.md` §6.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FaceletError {
    /// The length is not `6N²` for any N ≥ 1, or not the one expected for the size.
    #[error("wrong length: {found} stickers, {}", expected_length(*expected))]
    WrongLength {
        /// How many stickers were given.
        found: usize,
        /// The size the length had to fit, when one was given.
        expected: Option<usize>,
    },
    /// A character that names no face (or no colour of the scheme).
    #[error("position {position}: '{letter}' is not one of {allowed}")]
    BadLetter {
        /// The offending character.
        letter: char,
        /// Its 1-based position in the string.
        position: usize,
        /// The letters that would have been accepted.
        allowed: String,
    },
    /// A colour that does not occur exactly `N²` times.
    #[error("{colour} occurs {count} times; every colour must occur {expected} times")]
    WrongColourCount {
        /// The colour, named by its face.
        colour: Face,
        /// How often it occurs.
        count: usize,
        /// How often it should (`N²`).
        expected: usize,
    },
}

fn expected_length(size: Option<usize>) -> String {
    match size {
        Some(n) => format!("a {n}×{n}×{n} cube has {}", 6 * n * n),
        None => "a cube has 6N² (6, 24, 54, 96, ...)".to_string(),
    }
}

impl FaceletError {
    /// The reason code of `notation.md` §6 (`wrong_length`, `bad_letter`, `wrong_colour_count`).
    pub fn code(&self) -> &'static str {
        match self {
            FaceletError::WrongLength { .. } => "wrong_length",
            FaceletError::BadLetter { .. } => "bad_letter",
            FaceletError::WrongColourCount { .. } => "wrong_colour_count",
        }
    }
}

/// An N×N×N cube as stickers: each sticker holds the face whose colour it shows when solved.
///
/// ```
/// use rubik::{Alg, FaceletCube};
/// let mut cube = FaceletCube::solved(3);
/// cube.apply_alg(&"R".parse::<Alg>().unwrap()).unwrap();
/// assert_eq!(cube.to_string(), "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB");
/// assert!(!cube.is_solved());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FaceletCube {
    layout: Layout,
    stickers: Vec<Face>,
}

impl FaceletCube {
    /// The solved cube of size `size` (N ≥ 1).
    pub fn solved(size: usize) -> FaceletCube {
        assert!(size >= 1, "a cube has at least one layer");
        let stickers = Face::ALL
            .iter()
            .flat_map(|&face| std::iter::repeat_n(face, size * size))
            .collect();
        FaceletCube {
            layout: Layout::new(size),
            stickers,
        }
    }

    /// A cube from its stickers in facelet-string order; checks the length (`6·size²`) and that
    /// each colour occurs `size²` times.
    pub fn from_stickers(size: usize, stickers: Vec<Face>) -> Result<FaceletCube, FaceletError> {
        if size == 0 || stickers.len() != 6 * size * size {
            return Err(FaceletError::WrongLength {
                found: stickers.len(),
                expected: Some(size),
            });
        }
        let mut counts = [0usize; 6];
        for &sticker in &stickers {
            counts[sticker.index()] += 1;
        }
        if let Some(colour) = Face::ALL
            .into_iter()
            .find(|c| counts[c.index()] != size * size)
        {
            return Err(FaceletError::WrongColourCount {
                colour,
                count: counts[colour.index()],
                expected: size * size,
            });
        }
        Ok(FaceletCube {
            layout: Layout::new(size),
            stickers,
        })
    }

    /// Reads a facelet string written in colour letters under `scheme` (e.g. `W` for the face
    /// whose centre is white). The size comes from the length.
    pub fn from_colours(text: &str, scheme: &ColourScheme) -> Result<FaceletCube, FaceletError> {
        Self::parse_with(text, |c| scheme.face_of_letter(c), &scheme.letters())
    }

    /// Reads a cube written in face letters (`URFDLB`) or, failing that, in the colour letters
    /// of `scheme`; a string that is neither is refused as a facelet string.
    ///
    /// ```
    /// use rubik::{FaceletCube, facelet::colour::ColourScheme};
    /// let scheme = ColourScheme::default();
    /// let by_faces = FaceletCube::read("UUUURRRRFFFFDDDDLLLLBBBB", &scheme).unwrap();
    /// let by_colours = FaceletCube::read("WWWWRRRRGGGGYYYYOOOOBBBB", &scheme).unwrap();
    /// assert_eq!(by_faces, by_colours);
    /// ```
    pub fn read(text: &str, scheme: &ColourScheme) -> Result<FaceletCube, FaceletError> {
        let in_colours =
            |c: char| Face::from_letter(c).is_none() && scheme.face_of_letter(c).is_some();
        let all_colour_letters = text.chars().all(|c| scheme.face_of_letter(c).is_some());
        if text.chars().any(in_colours) && all_colour_letters {
            FaceletCube::from_colours(text, scheme)
        } else {
            text.parse()
        }
    }

    /// Reads `text` with `read` mapping each character to a face; `allowed` names the letters.
    fn parse_with(
        text: &str,
        read: impl Fn(char) -> Option<Face>,
        allowed: &str,
    ) -> Result<FaceletCube, FaceletError> {
        let found = text.chars().count();
        let size = (1..)
            .take_while(|n| 6 * n * n <= found)
            .find(|n| 6 * n * n == found)
            .ok_or(FaceletError::WrongLength {
                found,
                expected: None,
            })?;
        let stickers = text
            .chars()
            .enumerate()
            .map(|(i, letter)| {
                read(letter).ok_or_else(|| FaceletError::BadLetter {
                    letter,
                    position: i + 1,
                    allowed: allowed.to_string(),
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        FaceletCube::from_stickers(size, stickers)
    }

    /// The number of layers along each axis (N).
    pub fn size(&self) -> usize {
        self.layout.size()
    }

    /// All stickers in facelet-string order (index = face·N² + row·N + col).
    pub fn stickers(&self) -> &[Face] {
        &self.stickers
    }

    /// The sticker at (face, row, col), rows and columns as in the net of `notation.md`.
    pub fn sticker(&self, face: Face, row: usize, col: usize) -> Face {
        self.stickers[index(self.size(), face, row, col)]
    }

    /// Whether every face shows a single colour (in any whole-cube orientation).
    pub fn is_solved(&self) -> bool {
        let per_face = self.stickers.len() / 6;
        self.stickers
            .chunks(per_face)
            .all(|face| face.iter().all(|&s| s == face[0]))
    }

    /// Turns a block of layers. The turn must fit the size (`turn.last < size`).
    pub fn turn(&mut self, turn: Turn) {
        turn_stickers(&self.layout, &mut self.stickers, turn);
    }

    /// Applies turns in order.
    pub fn apply(&mut self, turns: impl IntoIterator<Item = Turn>) {
        for turn in turns {
            self.turn(turn);
        }
    }

    /// Applies an alg, after checking that every move exists on this size.
    pub fn apply_alg(&mut self, alg: &Alg) -> Result<(), AlgError> {
        let turns = alg.turns(self.size())?;
        self.apply(turns);
        Ok(())
    }

    /// The colours of the six centres in face order, for odd sizes (`None` for even ones).
    pub fn centres(&self) -> Option<[Face; 6]> {
        let n = self.size();
        (n % 2 == 1).then(|| Face::ALL.map(|face| self.sticker(face, n / 2, n / 2)))
    }

    /// The same stickers with every colour `c` renamed `rename[c]`.
    pub fn recoloured(&self, rename: [Face; 6]) -> FaceletCube {
        FaceletCube {
            layout: self.layout,
            stickers: self.stickers.iter().map(|s| rename[s.index()]).collect(),
        }
    }

    /// The same stickers with each colour named after the face that shows it in `shown`
    /// (`shown[f]`: the colour face `f` shows, six different): a cube held with face `f`
    /// showing `shown[f]` becomes one whose faces show their own names.
    pub fn renamed_after(&self, shown: [Face; 6]) -> FaceletCube {
        let mut rename = Face::ALL;
        for face in Face::ALL {
            rename[shown[face.index()].index()] = face;
        }
        self.recoloured(rename)
    }

    /// Writes the stickers as colour letters under `scheme`.
    pub fn to_colours(&self, scheme: &ColourScheme) -> String {
        self.stickers
            .iter()
            .map(|&s| scheme.colour(s).letter())
            .collect()
    }
}

/// How many stickers a turn moves on a cube of `size` layers: `4·size` for each layer of the
/// block, and `size²` for each outer face it turns. The work of [`FaceletCube::turn`].
///
/// ```
/// use rubik::{Alg, facelet::stickers_moved};
/// let cost = |size, text: &str| {
///     let alg: Alg = text.parse().unwrap();
///     alg.turn_cost(size, |turn| stickers_moved(size, turn)).unwrap()
/// };
/// assert_eq!(cost(3, "R"), 12 + 9);
/// assert_eq!(cost(3, "M2 R4"), 12);
/// assert_eq!(cost(3, "x"), 3 * 12 + 2 * 9);
/// ```
pub fn stickers_moved(size: usize, turn: &Turn) -> u64 {
    if turn.quarters % 4 == 0 {
        return 0;
    }
    let (size, layers) = (size as u64, (turn.last - turn.first + 1) as u64);
    let faces = u64::from(turn.first == 0) + u64::from(turn.last + 1 == size as usize);
    layers * 4 * size + faces * size * size
}

/// Turns `stickers` (of any element type, laid out as a facelet string) by one block turn.
fn turn_stickers<T: Copy>(layout: &Layout, stickers: &mut [T], turn: Turn) {
    if turn.quarters % 4 == 0 {
        return;
    }
    let size = layout.size();
    debug_assert!(turn.first <= turn.last && turn.last < size);
    for layer in turn.first..=turn.last {
        layout.turn_ring(stickers, turn.axis, layer, turn.quarters);
    }
    if turn.first == 0 {
        layout.turn_face(stickers, turn.axis.positive_face(), turn.quarters);
    }
    if turn.last == size - 1 {
        let back = turn.axis.positive_face().opposite();
        layout.turn_face(stickers, back, (4 - turn.quarters) % 4);
    }
}

/// Where a sequence of turns takes the stickers of a cube of size `size`: entry `i` is the
/// position (facelet-string index) whose sticker the turns bring to position `i`, so the
/// stickers after the turns are `stickers[permutation[i]]`.
///
/// ```
/// use rubik::{Alg, FaceletCube, facelet::permutation};
/// let turns = Alg::parse("R U'").unwrap().turns(3).unwrap();
/// let solved = FaceletCube::solved(3);
/// let mut cube = solved.clone();
/// cube.apply(turns.iter().copied());
/// let moved: Vec<_> = permutation(3, &turns)
///     .iter()
///     .map(|&from| solved.stickers()[from as usize])
///     .collect();
/// assert_eq!(cube.stickers(), moved);
/// ```
pub fn permutation(size: usize, turns: &[Turn]) -> Vec<u32> {
    let layout = Layout::new(size);
    let mut permutation: Vec<u32> = (0..6 * size as u32 * size as u32).collect();
    for &turn in turns {
        turn_stickers(&layout, &mut permutation, turn);
    }
    permutation
}

/// Calls `visit(axis, layer, moves)` for every single layer of a cube of size `size`, with the
/// sticker moves `(from, to)` of one clockwise quarter turn of that layer (seen from the axis's
/// positive face): O(N) pairs for an inner layer, O(N²) for an outer one, stickers that stay put
/// left out.
///
/// ```
/// use rubik::{Axis, facelet::for_each_quarter_turn};
/// let mut r = Vec::new();
/// for_each_quarter_turn(3, |axis, layer, moves| {
///     if (axis, layer) == (Axis::X, 0) {
///         r = moves.to_vec();
///     }
/// });
/// assert!(r.contains(&(20, 2))); // R carries F3 up to U3
/// ```
pub fn for_each_quarter_turn(size: usize, mut visit: impl FnMut(Axis, usize, &[(usize, usize)])) {
    let layout = Layout::new(size);
    let forward = |cycle: [usize; 4]| (0..4).map(move |i| (cycle[i], cycle[(i + 1) % 4]));
    let backward = |cycle: [usize; 4]| (0..4).map(move |i| (cycle[(i + 1) % 4], cycle[i]));
    let mut moves: Vec<(usize, usize)> = Vec::new();
    for axis in Axis::ALL {
        for layer in 0..size {
            moves.clear();
            moves.extend(layout.ring_cycles(axis, layer).flat_map(forward));
            if layer == 0 {
                moves.extend(layout.face_cycles(axis.positive_face()).flat_map(forward));
            }
            if layer + 1 == size {
                let back = axis.positive_face().opposite();
                moves.extend(layout.face_cycles(back).flat_map(backward));
            }
            moves.retain(|&(from, to)| from != to);
            visit(axis, layer, &moves);
        }
    }
}

/// The order of a sequence of turns as a permutation of the stickers of a cube of size `size`:
/// how many times it must be applied to bring every sticker home (`R U` on a 3×3: 105).
///
/// Every sticker cycle stays within an orbit of at most 24 stickers, so the order divides
/// lcm(1..=24) and always fits a `u64`.
///
/// ```
/// use rubik::{Alg, facelet::order};
/// let alg: Alg = "R U".parse().unwrap();
/// assert_eq!(order(3, &alg.turns(3).unwrap()), 105);
/// ```
pub fn order(size: usize, turns: &[Turn]) -> u64 {
    cycles(&permutation(size, turns))
        .iter()
        .map(|cycle| cycle.len() as u64)
        .fold(1, |order, length| order / gcd(order, length) * length)
}

/// The cycles of a sticker permutation (as [`permutation`] gives it) that move something, each
/// as its positions in order: the sticker at each position comes from the next one.
pub(crate) fn cycles(permutation: &[u32]) -> Vec<Vec<u32>> {
    let mut seen = vec![false; permutation.len()];
    let mut cycles = Vec::new();
    for start in 0..permutation.len() {
        if seen[start] || permutation[start] as usize == start {
            continue;
        }
        let mut cycle = Vec::new();
        let mut at = start;
        while !seen[at] {
            seen[at] = true;
            cycle.push(at as u32);
            at = permutation[at] as usize;
        }
        cycles.push(cycle);
    }
    cycles
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

impl FromStr for FaceletCube {
    type Err = FaceletError;

    /// Reads a facelet string of `URFDLB` letters; the size comes from the length (`6N²`).
    fn from_str(text: &str) -> Result<FaceletCube, FaceletError> {
        FaceletCube::parse_with(text, Face::from_letter, "URFDLB")
    }
}

impl fmt::Display for FaceletCube {
    /// Writes the facelet string.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text: String = self.stickers.iter().map(|s| s.letter()).collect();
        f.write_str(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A cube turned whole and renamed after its centres is the cube's state seen from its
    /// new hold.
    #[test]
    fn a_turned_cube_renamed_after_its_centres_is_held_home() {
        let mut cube = FaceletCube::solved(3);
        cube.apply_alg(&"R U' F2".parse::<Alg>().unwrap()).unwrap();
        let mut turned = cube.clone();
        turned.apply_alg(&"x y'".parse::<Alg>().unwrap()).unwrap();
        assert_ne!(turned, cube);
        let renamed = turned.renamed_after(turned.centres().unwrap());
        // The rotation undone, the turns, the rotation: the centres stay home.
        let mut expected = FaceletCube::solved(3);
        expected
            .apply_alg(&"y x' R U' F2 x y'".parse::<Alg>().unwrap())
            .unwrap();
        assert_eq!(renamed, expected);
    }

    /// The reference states of `notation.md` §1.
    const REFERENCE: [(usize, Turn, &str); 9] = [
        (
            3,
            Turn {
                axis: Axis::X,
                first: 0,
                last: 0,
                quarters: 1,
            },
            "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB",
        ),
        (
            3,
            Turn {
                axis: Axis::Y,
                first: 0,
                last: 0,
                quarters: 1,
            },
            "UUUUUUUUUBBBRRRRRRRRRFFFFFFDDDDDDDDDFFFLLLLLLLLLBBBBBB",
        ),
        (
            3,
            Turn {
                axis: Axis::Z,
                first: 0,
                last: 0,
                quarters: 1,
            },
            "UUUUUULLLURRURRURRFFFFFFFFFRRRDDDDDDLLDLLDLLDBBBBBBBBB",
        ),
        (
            3,
            Turn {
                axis: Axis::X,
                first: 0,
                last: 2,
                quarters: 1,
            },
            "FFFFFFFFFRRRRRRRRRDDDDDDDDDBBBBBBBBBLLLLLLLLLUUUUUUUUU",
        ),
        (
            3,
            Turn {
                axis: Axis::Y,
                first: 0,
                last: 2,
                quarters: 1,
            },
            "UUUUUUUUUBBBBBBBBBRRRRRRRRRDDDDDDDDDFFFFFFFFFLLLLLLLLL",
        ),
        (
            3,
            Turn {
                axis: Axis::X,
                first: 1,
                last: 1,
                quarters: 3,
            },
            "UBUUBUUBURRRRRRRRRFUFFUFFUFDFDDFDDFDLLLLLLLLLBDBBDBBDB",
        ),
        (
            2,
            Turn {
                axis: Axis::X,
                first: 0,
                last: 0,
                quarters: 1,
            },
            "UFUFRRRRFDFDDBDBLLLLUBUB",
        ),
        (
            4,
            Turn {
                axis: Axis::X,
                first: 0,
                last: 1,
                quarters: 1,
            },
            "UUFFUUFFUUFFUUFFRRRRRRRRRRRRRRRRFFDDFFDDFFDDFFDDDDBBDDBBDDBBDDBBLLLLLLLLLLLLLLLLUUBBUUBBUUBBUUBB",
        ),
        (
            4,
            Turn {
                axis: Axis::X,
                first: 1,
                last: 1,
                quarters: 1,
            },
            "UUFUUUFUUUFUUUFURRRRRRRRRRRRRRRRFFDFFFDFFFDFFFDFDDBDDDBDDDBDDDBDLLLLLLLLLLLLLLLLBUBBBUBBBUBBBUBB",
        ),
    ];

    #[test]
    fn reference_turns_give_reference_states() {
        for (size, turn, expected) in REFERENCE {
            let mut cube = FaceletCube::solved(size);
            cube.turn(turn);
            assert_eq!(cube.to_string(), expected, "{turn:?}");
        }
    }

    #[test]
    fn solved_string_round_trips_for_every_size() {
        for size in 1..=12 {
            let cube = FaceletCube::solved(size);
            assert_eq!(cube.size(), size);
            assert!(cube.is_solved());
            let text = cube.to_string();
            assert_eq!(text.len(), 6 * size * size);
            assert_eq!(text.parse::<FaceletCube>().unwrap(), cube);
        }
    }

    #[test]
    fn four_quarter_turns_of_any_block_restore_the_cube() {
        for size in 1..=6 {
            for axis in Axis::ALL {
                for first in 0..size {
                    for last in first..size {
                        let mut cube = FaceletCube::solved(size);
                        let turn = Turn {
                            axis,
                            first,
                            last,
                            quarters: 1,
                        };
                        cube.turn(turn);
                        let once = cube.clone();
                        cube.apply([turn; 3]);
                        assert!(cube.is_solved(), "{size} {turn:?}");
                        cube = once;
                        cube.turn(turn.inverse());
                        assert!(cube.is_solved());
                    }
                }
            }
        }
    }

    #[test]
    fn bad_strings_are_refused_in_order() {
        let check = |text: &str, code: &str| {
            assert_eq!(
                text.parse::<FaceletCube>().unwrap_err().code(),
                code,
                "{text:?}"
            );
        };
        check("", "wrong_length");
        check("UUUUUUR", "wrong_length");
        check("UUUURRRRFFFFDDDDLLLLBBBx", "bad_letter");
        check("UUUURRRRFFFFDDDDLLLLBBBU", "wrong_colour_count");
        let err = "UUUxRRRRFFFFDDDDLLLLBBBB"
            .parse::<FaceletCube>()
            .unwrap_err();
        assert_eq!(err.to_string(), "position 4: 'x' is not one of URFDLB");
    }

    #[test]
    fn colour_letters_read_through_the_scheme() {
        let scheme = ColourScheme::default();
        let cube = FaceletCube::solved(2);
        let text = cube.to_colours(&scheme);
        assert_eq!(text, "WWWWRRRRGGGGYYYYOOOOBBBB");
        assert_eq!(FaceletCube::from_colours(&text, &scheme).unwrap(), cube);
        let err = FaceletCube::from_colours("UUUURRRRFFFFDDDDLLLLBBBB", &scheme).unwrap_err();
        assert_eq!(err.code(), "bad_letter");
    }

    #[test]
    fn permutation_moves_stickers_as_turns_do() {
        for size in 1..=6 {
            let turns: Vec<Turn> = Turn::single_layer_turns(size).collect();
            let mut start = FaceletCube::solved(size);
            start.apply(turns.iter().step_by(2).copied());
            for chunk in turns.chunks(4) {
                let mut cube = start.clone();
                cube.apply(chunk.iter().copied());
                let moved: Vec<Face> = permutation(size, chunk)
                    .iter()
                    .map(|&from| start.stickers()[from as usize])
                    .collect();
                assert_eq!(cube.stickers(), moved, "{size} {chunk:?}");
            }
        }
    }

    #[test]
    fn quarter_turn_moves_agree_with_the_permutation() {
        for size in 1..=6 {
            let mut visited = 0;
            for_each_quarter_turn(size, |axis, layer, moves| {
                visited += 1;
                let turn = Turn {
                    axis,
                    first: layer,
                    last: layer,
                    quarters: 1,
                };
                let permutation = permutation(size, &[turn]);
                let mut moved: Vec<(usize, usize)> = (0..permutation.len())
                    .filter(|&to| permutation[to] as usize != to)
                    .map(|to| (permutation[to] as usize, to))
                    .collect();
                let mut moves = moves.to_vec();
                moved.sort();
                moves.sort();
                assert_eq!(moves, moved, "{size} {axis:?} {layer}");
            });
            assert_eq!(visited, 3 * size);
        }
    }

    #[test]
    fn order_counts_sticker_cycles() {
        let r = Turn {
            axis: Axis::X,
            first: 0,
            last: 0,
            quarters: 1,
        };
        assert_eq!(order(3, &[r]), 4);
        assert_eq!(order(3, &[]), 1);
        assert_eq!(order(5, &[Turn { quarters: 2, ..r }]), 2);
    }
}
