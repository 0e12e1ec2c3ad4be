//! The bounds every front end (the CLI, the web server) checks its input against before any
//! work starts: the size of a cube, the stickers of a state, the work of an alg. Past a bound,
//! the input is refused with a [`BoundError`] that names it.

use crate::facelet::colour::ColourScheme;
use crate::facelet::{FaceletCube, FaceletError, stickers_moved};
use crate::notation::{Alg, AlgError};
use crate::turn::Turn;

/// The largest cube size a front end takes.
pub const MAX_SIZE: usize = 1000;

/// The most stickers a state may have: those of the largest cube.
pub const MAX_STICKERS: usize = 6 * MAX_SIZE * MAX_SIZE;

/// The most work an alg may cost on a cube, in stickers moved (a turn moves `4N` stickers a
/// layer and `N²` a face it turns): minutes of turning at worst (whole-cube rotations of the
/// 1000×1000×1000), and room for a random-move scramble of the WCA length on every size
/// (4·10¹⁰ on the 1000×1000×1000).
pub const MAX_WORK: u64 = 50_000_000_000;

/// Why an input was refused before any work.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoundError {
    /// A state longer than [`MAX_STICKERS`].
    #[error(
        "{stickers} stickers: a state has at most {MAX_STICKERS} (a \
         {MAX_SIZE}×{MAX_SIZE}×{MAX_SIZE} cube)"
    )]
    TooManyStickers {
        /// How many stickers were given.
        stickers: usize,
    },
    /// A string within the bound that is not a facelet string.
    #[error(transparent)]
    Facelets(#[from] FaceletError),
    /// An alg with a move the cube does not have.
    #[error(transparent)]
    Alg(#[from] AlgError),
    /// An alg that would move more than [`MAX_WORK`] stickers.
    #[error(
        "this alg moves {work} stickers on a {size}×{size}×{size} cube; an alg may move at most \
         {MAX_WORK}"
    )]
    TooMuchWork {
        /// The stickers it would move.
        work: u64,
        /// The cube size.
        size: usize,
    },
}

/// Reads a state in face letters or in `scheme`'s colour letters ([`FaceletCube::read`]), of at
/// most [`MAX_STICKERS`] stickers.
///
/// ```
/// use rubik::limits::{BoundError, read_state};
/// let scheme = Default::default();
/// assert_eq!(read_state("UUUURRRRFFFFDDDDLLLLBBBB", &scheme).unwrap().size(), 2);
/// let long = "U".repeat(rubik::limits::MAX_STICKERS + 1);
/// assert!(matches!(read_state(&long, &scheme), Err(BoundError::TooManyStickers { .. })));
/// ```
pub fn read_state(text: &str, scheme: &ColourScheme) -> Result<FaceletCube, BoundError> {
    let stickers = text.chars().count();
    if stickers > MAX_STICKERS {
        return Err(BoundError::TooManyStickers { stickers });
    }
    Ok(FaceletCube::read(text, scheme)?)
}

/// Checks that every move of `alg` exists on a cube of size `size` and that turning them all
/// moves at most [`MAX_WORK`] stickers; nothing is expanded.
///
/// ```
/// use rubik::limits::{BoundError, check_alg};
/// assert!(check_alg(&"R U".parse().unwrap(), 3).is_ok());
/// assert!(matches!(check_alg(&"3Rw".parse().unwrap(), 3), Err(BoundError::Alg(_))));
/// let huge = "(x)1000000".parse().unwrap();
/// assert!(matches!(check_alg(&huge, 1000), Err(BoundError::TooMuchWork { .. })));
/// ```
pub fn check_alg(alg: &Alg, size: usize) -> Result<(), BoundError> {
    let work = alg.turn_cost(size, |turn| stickers_moved(size, turn))?;
    if work > MAX_WORK {
        return Err(BoundError::TooMuchWork { work, size });
    }
    Ok(())
}

/// The turns of `alg` on a cube of size `size`, once [`check_alg`] passes.
pub fn turns_of(alg: &Alg, size: usize) -> Result<Vec<Turn>, BoundError> {
    check_alg(alg, size)?;
    Ok(alg.turns(size)?)
}
