//! The 3×3 as pieces ([`CubieCube`]) and the 2×2 as corners ([`CornerCube`]).
//!
//! Where the facelet model knows stickers, this one knows pieces: which corner and edge sits at
//! each position and how it is turned (Kociemba's convention). A state is also a transformation,
//! so the face turns are states ([`MOVES`]) and applying a move is [`CubieCube::compose`], fast
//! enough for solvers' inner loops. [`TryFrom<&FaceletCube>`](crate::facelet::FaceletCube) reads
//! stickers with every validity check (reported as [`InvalidCube`]); [`validate`] checks the
//! pieces of a cube of any size.

mod corner_cube;
mod cube;
mod error;
mod facelets;
mod geometry;
mod moves;
mod orbit;
mod piece;
mod stand_in;

pub use corner_cube::CornerCube;
pub use cube::CubieCube;
pub use error::{InvalidCube, NotAFaceTurn, PieceFault};
pub use facelets::validate;
pub use moves::MOVES;
pub use piece::{Corner, Edge};
