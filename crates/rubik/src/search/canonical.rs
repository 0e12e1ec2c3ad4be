//! What the 3×3 searches share about face turns: the canonical order of a sequence (so that a
//! search walks each product of commuting turns once) and the turns as a state seen along each
//! of the three axes makes them.

use crate::cubie::{ALL_TURNS, FaceTurn};

/// For each turn: the turns that may follow it in canonical order, as a bit mask: never the
/// same face twice, and of two opposite faces the first of U, R, F (the positive face) only
/// before its opposite.
const FOLLOWERS: [u32; 18] = {
    let mut followers = [0; 18];
    let mut p = 0;
    while p < 18 {
        let previous = FaceTurn::ALL[p].face();
        let mut m = 0;
        while m < 18 {
            let face = FaceTurn::ALL[m].face();
            let same = face as u8 == previous as u8;
            let after_opposite = face.is_positive() && face.opposite() as u8 == previous as u8;
            if !same && !after_opposite {
                followers[p] |= 1 << m;
            }
            m += 1;
        }
        p += 1;
    }
    followers
};

/// The turns that may follow `previous` (all of them at the start) in canonical order, as a bit
/// mask over the turns' indices.
pub(crate) fn followers(previous: Option<FaceTurn>) -> u32 {
    previous.map_or(ALL_TURNS, |turn| FOLLOWERS[turn.index()])
}

/// For each axis r and turn k (by index): the turn that the state seen along axis r (conjugated
/// r times by the diagonal turn) makes when the state makes turn k.
pub(crate) fn turns_seen_along_axes() -> [[FaceTurn; 18]; 3] {
    std::array::from_fn(|r| {
        FaceTurn::ALL.map(|turn| {
            let seen = (0..r).fold(turn.cube(), |c, _| c.rotate_diagonal());
            *FaceTurn::ALL
                .iter()
                .find(|t| t.cube() == seen)
                .expect("a rotated face turn is a face turn")
        })
    })
}

/// For each axis r and turn k (by index): the state's turn that the view along axis r's turn k
/// stands for (the inverse of [`turns_seen_along_axes`]).
pub(crate) fn turns_back_from_axes() -> [[FaceTurn; 18]; 3] {
    let seen = turns_seen_along_axes();
    std::array::from_fn(|r| {
        let mut back = [FaceTurn::default(); 18];
        for turn in FaceTurn::ALL {
            back[seen[r][turn.index()].index()] = turn;
        }
        back
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cubie::turns_in;
    use crate::face::Face;

    #[test]
    fn canonical_order_rules_out_same_face_and_one_order_of_opposites() {
        let r = FaceTurn::new(Face::R, 1);
        let following: Vec<String> = turns_in(followers(Some(r)))
            .map(|t| t.face().to_string())
            .collect();
        assert_eq!(following.join(""), "UUUFFFDDDLLLBBB");
        let l = FaceTurn::new(Face::L, 2);
        assert!(turns_in(followers(Some(l))).all(|t| t.face() != Face::L && t.face() != Face::R));
        assert_eq!(turns_in(followers(None)).count(), 18);
    }

    #[test]
    fn axis_views_are_conjugations_and_back_undoes_them() {
        let (seen, back) = (turns_seen_along_axes(), turns_back_from_axes());
        for r in 0..3 {
            for turn in FaceTurn::ALL {
                let mut view = turn.cube();
                for _ in 0..r {
                    view = view.rotate_diagonal();
                }
                assert_eq!(seen[r][turn.index()].cube(), view);
                assert_eq!(back[r][seen[r][turn.index()].index()], turn);
            }
        }
        assert_eq!(seen[0], FaceTurn::ALL);
    }
}
