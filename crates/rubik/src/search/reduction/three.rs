//! The last stage: the reduced cube's outer layers as a 3×3, solved by two-phase.

use super::ReductionError;
use crate::cubie::{CubieCube, InvalidCube};
use crate::face::Face;
use crate::facelet::FaceletCube;
use crate::search::Budget;
use crate::search::two_phase::{self, Limits, TwoPhase};

/// The 3×3 a reduced cube stands for: its corners, and of each edge and centre the stickers
/// next to the corner (even N) or in the middle (odd N).
pub(super) fn reduced(cube: &FaceletCube) -> Result<CubieCube, InvalidCube> {
    let size = cube.size();
    let inner = if size % 2 == 1 { size / 2 } else { 1 };
    let layer = [0, inner, size - 1];
    let stickers = (0..54)
        .map(|i| {
            let (face, row, col) = (i / 9, i / 3 % 3, i % 3);
            cube.stickers()[(face * size + layer[row]) * size + layer[col]]
        })
        .collect::<Vec<Face>>();
    CubieCube::try_from(&FaceletCube::from_stickers(3, stickers)?)
}

/// The outer face turns that solve the reduced cube: the first two-phase solution of at most
/// 20 moves, shortened for `improve_nodes` more nodes, within `budget`.
pub(super) fn solve(
    cube: &FaceletCube,
    three: &TwoPhase<'_>,
    improve_nodes: u64,
    budget: Budget<'_>,
) -> Result<two_phase::Found, ReductionError> {
    let limits = Limits {
        max_length: Some(20),
        improve_nodes: Some(improve_nodes),
        budget,
    };
    Ok(three.solve(&reduced(cube)?, &limits)?)
}
