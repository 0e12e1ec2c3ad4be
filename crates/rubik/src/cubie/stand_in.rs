//! TEMPORARY stand-in for `crate::facelet` (being written on another branch), only so that this
//! module compiles and its tests run. Deleted when `main` has the real one.
#![allow(dead_code)]

use std::fmt;
use std::str::FromStr;

use super::geometry::{quarter_turn, same, sticker_place};
use crate::face::Face;
use crate::turn::Turn;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FaceletCube {
    size: usize,
    stickers: Vec<Face>,
}

#[derive(Debug, thiserror::Error)]
pub enum FaceletError {
    #[error("wrong length {found}")]
    WrongLength { found: usize },
    #[error("bad letter {letter}")]
    BadLetter { letter: char },
    #[error("wrong colour count")]
    WrongColourCount { colour: Face },
}

impl FaceletError {
    pub fn code(&self) -> &'static str {
        match self {
            FaceletError::WrongLength { .. } => "wrong_length",
            FaceletError::BadLetter { .. } => "bad_letter",
            FaceletError::WrongColourCount { .. } => "wrong_colour_count",
        }
    }
}

impl FaceletCube {
    pub fn solved(size: usize) -> Self {
        let stickers = Face::ALL
            .iter()
            .flat_map(|&f| std::iter::repeat_n(f, size * size))
            .collect();
        FaceletCube { size, stickers }
    }
    pub fn from_stickers(size: usize, stickers: Vec<Face>) -> Result<Self, FaceletError> {
        if stickers.len() != 6 * size * size {
            return Err(FaceletError::WrongLength {
                found: stickers.len(),
            });
        }
        for colour in Face::ALL {
            if stickers.iter().filter(|&&s| s == colour).count() != size * size {
                return Err(FaceletError::WrongColourCount { colour });
            }
        }
        Ok(FaceletCube { size, stickers })
    }
    pub fn size(&self) -> usize {
        self.size
    }
    pub fn stickers(&self) -> &[Face] {
        &self.stickers
    }
    pub fn sticker(&self, face: Face, row: usize, col: usize) -> Face {
        self.stickers[(face.index() * self.size + row) * self.size + col]
    }
    pub fn turn(&mut self, turn: Turn) {
        let n = self.size;
        let limit = n as i32 - 1;
        let places: Vec<_> = (0..6 * n * n)
            .map(|i| sticker_place(Face::ALL[i / (n * n)], i / n % n, i % n, n))
            .collect();
        let mut next = self.stickers.clone();
        for (i, &(place, normal)) in places.iter().enumerate() {
            let axis = turn.axis.index();
            let layer = (limit - place[axis].clamp(-limit, limit)) / 2;
            if (layer as usize) < turn.first || layer as usize > turn.last {
                continue;
            }
            let (mut p, mut q) = (place, normal);
            for _ in 0..turn.quarters {
                p = quarter_turn(p, turn.axis);
                q = quarter_turn(q, turn.axis);
            }
            let j = places
                .iter()
                .position(|&(a, b)| same(a, p) && same(b, q))
                .unwrap();
            next[j] = self.stickers[i];
        }
        self.stickers = next;
    }
}

impl FromStr for FaceletCube {
    type Err = FaceletError;
    fn from_str(s: &str) -> Result<Self, FaceletError> {
        let stickers = s
            .chars()
            .map(|c| Face::from_letter(c).ok_or(FaceletError::BadLetter { letter: c }))
            .collect::<Result<Vec<_>, _>>();
        let len = s.chars().count();
        let size = (1..=len).find(|n| 6 * n * n == len);
        let Some(size) = size else {
            return Err(FaceletError::WrongLength { found: len });
        };
        FaceletCube::from_stickers(size, stickers?)
    }
}

impl fmt::Display for FaceletCube {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.stickers.iter().try_for_each(|s| write!(f, "{s}"))
    }
}
