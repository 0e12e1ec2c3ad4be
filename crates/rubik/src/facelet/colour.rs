//! Colours and colour schemes: which colour each face shows, and how to write it.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::face::Face;

/// A sticker colour of the standard cube.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// White (`W`).
    White,
    /// Red (`R`).
    Red,
    /// Green (`G`).
    Green,
    /// Yellow (`Y`).
    Yellow,
    /// Orange (`O`).
    Orange,
    /// Blue (`B`).
    Blue,
}

impl Colour {
    /// Every colour.
    pub const ALL: [Colour; 6] = [
        Colour::White,
        Colour::Red,
        Colour::Green,
        Colour::Yellow,
        Colour::Orange,
        Colour::Blue,
    ];

    /// The colour's letter (`W R G Y O B`).
    pub const fn letter(self) -> char {
        ['W', 'R', 'G', 'Y', 'O', 'B'][self as usize]
    }

    /// The colour with the given letter.
    pub fn from_letter(letter: char) -> Option<Colour> {
        Colour::ALL.into_iter().find(|c| c.letter() == letter)
    }

    /// The colour as an SVG/CSS hex value.
    pub const fn hex(self) -> &'static str {
        [
            "#ffffff", "#c41e3a", "#009e60", "#ffd500", "#ff5800", "#0051ba",
        ][self as usize]
    }

    /// The nearest colour of the 256-colour terminal palette.
    pub const fn ansi256(self) -> u8 {
        [231, 160, 34, 226, 208, 27][self as usize]
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = ["white", "red", "green", "yellow", "orange", "blue"][*self as usize];
        f.write_str(name)
    }
}

/// The colour each face shows when solved, in face order U R F D L B.
///
/// ```
/// use rubik::facelet::colour::{Colour, ColourScheme};
/// use rubik::Face;
/// let scheme = ColourScheme::default();
/// assert_eq!(scheme.colour(Face::F), Colour::Green);
/// assert_eq!("WRGYOB".parse::<ColourScheme>().unwrap(), scheme);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ColourScheme {
    colours: [Colour; 6],
}

impl Default for ColourScheme {
    /// The Western scheme: U white, R red, F green, D yellow, L orange, B blue.
    fn default() -> Self {
        ColourScheme {
            colours: Colour::ALL,
        }
    }
}

impl ColourScheme {
    /// The colour of `face`.
    pub fn colour(&self, face: Face) -> Colour {
        self.colours[face.index()]
    }

    /// The face whose colour has the letter `letter`.
    pub fn face_of_letter(&self, letter: char) -> Option<Face> {
        let colour = Colour::from_letter(letter)?;
        Face::ALL.into_iter().find(|&f| self.colour(f) == colour)
    }

    /// The scheme's six letters in face order (`WRGYOB` by default).
    pub fn letters(&self) -> String {
        self.colours.iter().map(|c| c.letter()).collect()
    }
}

/// Why a colour scheme was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SchemeError {
    /// Not six letters.
    #[error("a colour scheme is six colour letters in face order URFDLB, like WRGYOB; got {0:?}")]
    WrongLength(String),
    /// A letter that is no colour.
    #[error("position {position}: '{letter}' is not a colour (W R G Y O B)")]
    BadColour {
        /// The letter.
        letter: char,
        /// Its 1-based position.
        position: usize,
    },
    /// A colour given to two faces.
    #[error("{0} is given to two faces")]
    Repeated(Colour),
}

impl FromStr for ColourScheme {
    type Err = SchemeError;

    /// Reads six colour letters in face order URFDLB, e.g. `WRGYOB`.
    fn from_str(text: &str) -> Result<Self, SchemeError> {
        let letters: Vec<char> = text.chars().collect();
        if letters.len() != 6 {
            return Err(SchemeError::WrongLength(crate::notation::quote(text)));
        }
        let mut colours = [Colour::White; 6];
        for (i, &letter) in letters.iter().enumerate() {
            let colour = Colour::from_letter(letter).ok_or(SchemeError::BadColour {
                letter,
                position: i + 1,
            })?;
            if colours[..i].contains(&colour) {
                return Err(SchemeError::Repeated(colour));
            }
            colours[i] = colour;
        }
        Ok(ColourScheme { colours })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip() {
        for colour in Colour::ALL {
            assert_eq!(Colour::from_letter(colour.letter()), Some(colour));
        }
        let scheme: ColourScheme = "YOBWRG".parse().unwrap();
        assert_eq!(scheme.letters(), "YOBWRG");
        assert_eq!(scheme.face_of_letter('W'), Some(Face::D));
        assert_eq!(scheme.face_of_letter('U'), None);
    }

    #[test]
    fn bad_schemes_are_refused() {
        assert!(matches!(
            "WRG".parse::<ColourScheme>(),
            Err(SchemeError::WrongLength(_))
        ));
        assert!(matches!(
            "WRGYOX".parse::<ColourScheme>(),
            Err(SchemeError::BadColour {
                letter: 'X',
                position: 6
            })
        ));
        assert_eq!(
            "WRGYOW".parse::<ColourScheme>(),
            Err(SchemeError::Repeated(Colour::White))
        );
    }
}
