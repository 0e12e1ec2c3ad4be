//! The 3×3 as pieces ([`CubieCube`]) and the 2×2 as corners ([`CornerCube`]).
//!
//! Where the facelet model knows stickers, this one knows pieces: which corner and edge sits at
//! each position and how it is turned (Kociemba's convention). A state is also a transformation,
//! so the face turns ([`FaceTurn`]) are states and applying a move is [`CubieCube::compose`], fast
//! enough for solvers' inner loops. [`TryFrom<&FaceletCube>`](crate::facelet::FaceletCube) reads
//! stickers with every validity check (reported as [`InvalidCube`]); [`validate`] checks the
//! pieces of a cube of any size.

mod corner_cube;
mod cube;
mod error;
mod facelets;
mod moves;
mod orbit;
mod piece;
mod symmetry;

pub use corner_cube::CornerCube;
pub use cube::CubieCube;
pub use error::{InvalidCube, NotAFaceTurn, PieceFault};
pub use facelets::validate;
pub(crate) use facelets::{Scheme, fault};
pub use moves::FaceTurn;
pub(crate) use moves::{ALL_TURNS, MOVES, mask_of, set_bits, turns_in};
pub(crate) use piece::Piece;
pub use piece::{Corner, Edge};
pub use symmetry::UdSymmetry;

/// What the two piece models share, so that coordinates and tables can be built over either:
/// a state that is also a transformation, composed by `*` (`a * b` is `a` then `b`), with the
/// solved state as identity.
pub(crate) trait PieceCube:
    Copy + Eq + std::fmt::Debug + std::ops::Mul<Output = Self> + Send + Sync + 'static
{
    /// The solved state, the identity of composition.
    const SOLVED: Self;
}

impl PieceCube for CubieCube {
    const SOLVED: Self = CubieCube::SOLVED;
}

impl PieceCube for CornerCube {
    const SOLVED: Self = CornerCube::SOLVED;
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use std::collections::HashSet;

    use super::*;
    use crate::{SeededRng, seeded_rng};

    /// The algebra both state types share, so that one set of laws tests both.
    trait State: PieceCube {
        fn random(rng: &mut SeededRng) -> Self;
        fn inverse(&self) -> Self;
        fn pow(&self, exponent: i64) -> Self;
        fn order(&self) -> u64;
        fn is_solved(&self) -> bool;
    }

    macro_rules! state {
        ($type:ty) => {
            impl State for $type {
                fn random(rng: &mut SeededRng) -> Self {
                    <$type>::random(rng)
                }
                fn inverse(&self) -> Self {
                    <$type>::inverse(self)
                }
                fn pow(&self, exponent: i64) -> Self {
                    <$type>::pow(self, exponent)
                }
                fn order(&self) -> u64 {
                    <$type>::order(self)
                }
                fn is_solved(&self) -> bool {
                    <$type>::is_solved(self)
                }
            }
        };
    }
    state!(CubieCube);
    state!(CornerCube);

    /// The group laws on three states drawn from `seed`.
    fn laws<S: State>(seed: u64) -> Result<(), TestCaseError> {
        let mut rng = seeded_rng(seed);
        let [a, b, c] = [(); 3].map(|_| S::random(&mut rng));
        prop_assert_eq!(a * S::SOLVED, a);
        prop_assert_eq!(S::SOLVED * a, a);
        prop_assert_eq!(a * a.inverse(), S::SOLVED);
        prop_assert_eq!(a.inverse() * a, S::SOLVED);
        prop_assert_eq!((a * b) * c, a * (b * c));
        prop_assert_eq!((a * b).inverse(), b.inverse() * a.inverse());
        let mut power = S::SOLVED;
        for n in 0..30 {
            prop_assert_eq!(a.pow(n), power);
            prop_assert_eq!(a.pow(-n), power.inverse());
            power = power * a;
        }
        prop_assert_eq!(a.pow(i64::MIN), a.inverse().pow(i64::MAX) * a.inverse());
        // The order is the least period: a^order is solved, a^(order/p) is not for any prime p
        // dividing it.
        let order = a.order();
        prop_assert!(a.pow(order as i64).is_solved());
        for p in [2, 3, 5, 7, 11] {
            if order % p == 0 {
                prop_assert!(!a.pow((order / p) as i64).is_solved(), "{:?}", a);
            }
        }
        let mut rest = order;
        for p in [2, 3, 5, 7, 11] {
            while rest % p == 0 {
                rest /= p;
            }
        }
        prop_assert_eq!(rest, 1, "no other prime divides the order of a cube state");
        Ok(())
    }

    proptest! {
        #[test]
        fn cubie_cube_laws(seed: u64) {
            laws::<CubieCube>(seed)?;
        }

        #[test]
        fn corner_cube_laws(seed: u64) {
            laws::<CornerCube>(seed)?;
        }

        #[test]
        fn queries_agree_with_the_arrays(seed: u64) {
            let cube = CubieCube::random(&mut seeded_rng(seed));
            let (cp, co) = (cube.corner_permutation(), cube.corner_twists());
            let (ep, eo) = (cube.edge_permutation(), cube.edge_flips());
            for position in Corner::ALL {
                let i = position.index();
                prop_assert_eq!(cube.corner_at(position), (cp[i], co[i]));
                prop_assert_eq!(cube.find_corner(cp[i]), (position, co[i]));
            }
            for position in Edge::ALL {
                let i = position.index();
                prop_assert_eq!(cube.edge_at(position), (ep[i], eo[i]));
                prop_assert_eq!(cube.find_edge(ep[i]), (position, eo[i]));
            }
            prop_assert_eq!(CubieCube::from_parts(cp, co, ep, eo).unwrap(), cube);
            let corners = CornerCube::from(&cube);
            prop_assert_eq!(corners.corner_permutation(), cp);
            prop_assert_eq!(corners.corner_twists(), co);
            prop_assert_eq!(corners.find_corner(cp[0]), (Corner::URF, co[0]));
            prop_assert_eq!(corners.corner_at(Corner::DRB), (cp[7], co[7]));
        }
    }

    #[test]
    fn from_parts_refuses_what_no_cube_has() {
        use Corner::*;
        let corners = Corner::ALL;
        let edges = Edge::ALL;
        let swapped_corners = [UFL, URF, ULB, UBR, DFR, DLF, DBL, DRB];
        let doubled_corner = [URF, URF, ULB, UBR, DFR, DLF, DBL, DRB];
        let mut doubled_edge = Edge::ALL;
        doubled_edge[11] = Edge::UR;
        let cases = [
            (
                corners,
                [0, 0, 0, 0, 0, 0, 0, 3],
                edges,
                [0; 12],
                "twist_out_of_range",
            ),
            (corners, [0; 8], edges, [2; 12], "flip_out_of_range"),
            (doubled_corner, [0; 8], edges, [0; 12], "duplicate_corner"),
            (corners, [0; 8], doubled_edge, [0; 12], "duplicate_edge"),
            (
                corners,
                [1, 1, 0, 0, 0, 0, 0, 0],
                edges,
                [0; 12],
                "twisted_corner",
            ),
            (
                corners,
                [0; 8],
                edges,
                [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
                "flipped_edge",
            ),
            (swapped_corners, [0; 8], edges, [0; 12], "parity"),
        ];
        for (cp, co, ep, eo, code) in cases {
            let error = CubieCube::from_parts(cp, co, ep, eo).unwrap_err();
            assert_eq!(error.code(), code, "{error}");
        }
        let messages = [
            (
                CubieCube::from_parts(doubled_corner, [0; 8], edges, [0; 12]),
                "the corners at URF and UFL are both the URF corner",
            ),
            (
                CubieCube::from_parts(corners, [0; 8], doubled_edge, [0; 12]),
                "the edges at UR and BR are both the UR edge",
            ),
            (
                CubieCube::from_parts(corners, [0, 0, 0, 0, 0, 0, 0, 3], edges, [0; 12]),
                "the corner at DRB has twist 3, not 0, 1 or 2",
            ),
        ];
        for (result, message) in messages {
            assert_eq!(result.unwrap_err().to_string(), message);
        }
    }

    #[test]
    fn random_states_are_valid_reproducible_and_varied() {
        let mut rng = seeded_rng(42);
        let cubes: Vec<CubieCube> = (0..500).map(|_| CubieCube::random(&mut rng)).collect();
        let again: Vec<CubieCube> = {
            let mut rng = seeded_rng(42);
            (0..500).map(|_| CubieCube::random(&mut rng)).collect()
        };
        assert_eq!(cubes, again);
        assert_eq!(cubes.iter().collect::<HashSet<_>>().len(), 500);
        let mut parities = HashSet::new();
        let mut urf_positions = [0; 8];
        for cube in &cubes {
            let parts = (
                cube.corner_permutation(),
                cube.corner_twists(),
                cube.edge_permutation(),
                cube.edge_flips(),
            );
            assert_eq!(
                CubieCube::from_parts(parts.0, parts.1, parts.2, parts.3).unwrap(),
                *cube
            );
            assert_eq!(cube.to_string().parse::<CubieCube>().unwrap(), *cube);
            parities.insert(cube.corner_parity());
            urf_positions[cube.find_corner(Corner::URF).0.index()] += 1;
        }
        assert_eq!(parities.len(), 2);
        // 500 draws over 8 positions: each near 62.5.
        assert!(
            urf_positions.iter().all(|&n| (35..=90).contains(&n)),
            "{urf_positions:?}"
        );

        let corners: Vec<CornerCube> = (0..500).map(|_| CornerCube::random(&mut rng)).collect();
        assert_eq!(corners.iter().collect::<HashSet<_>>().len(), 500);
        for state in &corners {
            assert_eq!(state.corner_at(Corner::DBL), (Corner::DBL, 0));
            assert_eq!(state.to_string().parse::<CornerCube>().unwrap(), *state);
        }
    }

    #[test]
    fn debug_lists_pieces_with_orientations() {
        let r = CubieCube::face_turn(crate::Face::R, 1);
        assert_eq!(
            format!("{r:?}"),
            "CubieCube { corners: [DFR+2, UFL, ULB, URF+1, DRB+1, DLF, DBL, UBR+2], \
             edges: [FR, UF, UL, UB, BR, DF, DL, DB, DR, FL, BL, UR] }"
        );
    }
}
