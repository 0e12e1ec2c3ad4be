//! The key map: which key does what outside the input line, and the help text that says so.
//!
//! [`action`] reads a key; [`HELP`] is what the `?` overlay shows and what the crate docs repeat
//! (a test keeps the two in step).

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use rubik::notation::Family;
use rubik::{Axis, Face};

/// What a key asks for, outside the input line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Turn `family` by `amount` quarter turns (1 or -1), with any layer number typed before.
    Turn(Family, i64),
    /// A digit of a layer number for the next face turn (`2` then `r`: `2R`).
    Layer(u8),
    /// Undo the last entry.
    Undo,
    /// Redo the last undone entry.
    Redo,
    /// Open the input line, starting with this text (`""` or `":"`).
    Input(&'static str),
    /// A new scramble.
    Scramble,
    /// Back to the solved cube.
    Reset,
    /// Show a solution, or hide the one shown.
    Solve,
    /// Apply the next move of the solution shown.
    StepForward,
    /// Take back the last solution move applied.
    StepBack,
    /// Show the history simplified, or as made.
    ToggleSimplified,
    /// Copy the state.
    CopyState,
    /// Copy the moves made.
    CopyHistory,
    /// Show the help overlay.
    Help,
    /// Drop a pending layer number, hide the solution, or else quit.
    Escape,
    /// Quit.
    Quit,
}

/// The key map as the help overlay shows it: keys, then what they do.
pub const HELP: [(&str, &str); 18] = [
    (
        "u r f d l b",
        "turn U R F D L B clockwise (shift: counter-clockwise)",
    ),
    ("m e s", "turn the slice M E S (shift: inverted)"),
    ("x y z", "rotate the cube (shift: inverted)"),
    ("2..9 then r", "turn one inner layer: 2 r is 2R"),
    ("Backspace ^Z", "undo"),
    ("^Y", "redo"),
    (
        "Enter i",
        "type moves (R U R' U', Rw, 2-3Rw, M, x, [R, U]...)",
    ),
    (":", "type a command (below)"),
    ("Space", "scramble"),
    ("^R", "reset to the solved cube"),
    ("Tab", "show or hide a solution; <- -> step through it"),
    ("h", "history simplified or as made"),
    ("c C", "copy the state / the moves (OSC 52)"),
    ("? q Esc ^C", "this help; quit (Esc first hides a solution)"),
    (
        ":load STATE",
        "load a facelet string (face or colour letters)",
    ),
    (":save FILE", "write the state and the moves to FILE"),
    (
        ":scramble SEED",
        "scramble from SEED (without: the next scramble)",
    ),
    (":reset", "reset to the solved cube"),
];

/// The action of `key`, if it has one.
pub fn action(key: KeyEvent) -> Option<Action> {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    if key
        .modifiers
        .intersects(KeyModifiers::ALT | KeyModifiers::SUPER)
    {
        return None;
    }
    let action = match key.code {
        KeyCode::Char(c) if ctrl => match c.to_ascii_lowercase() {
            'z' => Action::Undo,
            'y' => Action::Redo,
            'r' => Action::Reset,
            _ => return None,
        },
        KeyCode::Char(c) => char_action(c)?,
        KeyCode::Backspace => Action::Undo,
        KeyCode::Enter => Action::Input(""),
        KeyCode::Tab => Action::Solve,
        KeyCode::Right => Action::StepForward,
        KeyCode::Left => Action::StepBack,
        KeyCode::Esc => Action::Escape,
        _ => return None,
    };
    Some(action)
}

/// The action of a character typed without Ctrl or Alt.
fn char_action(c: char) -> Option<Action> {
    let amount = if c.is_ascii_uppercase() { -1 } else { 1 };
    let axis = |letters: &str| {
        let i = letters.find(c.to_ascii_lowercase())?;
        Some(Axis::ALL[i])
    };
    let action = match c {
        '1'..='9' => Action::Layer(c as u8 - b'0'),
        'i' => Action::Input(""),
        ':' => Action::Input(":"),
        ' ' => Action::Scramble,
        'h' => Action::ToggleSimplified,
        'c' => Action::CopyState,
        'C' => Action::CopyHistory,
        '?' => Action::Help,
        'q' => Action::Quit,
        _ => {
            let family = if let Some(face) = Face::from_letter(c.to_ascii_uppercase()) {
                Family::Face(face)
            } else if let Some(axis) = axis("mes") {
                Family::Slice(axis)
            } else {
                Family::Rotation(axis("xyz")?)
            };
            Action::Turn(family, amount)
        }
    };
    Some(action)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(code: KeyCode, modifiers: KeyModifiers) -> Option<Action> {
        action(KeyEvent::new(code, modifiers))
    }

    #[test]
    fn letters_turn_and_shift_inverts() {
        let none = KeyModifiers::NONE;
        let shift = KeyModifiers::SHIFT;
        let cases = [
            ('r', none, Action::Turn(Family::Face(Face::R), 1)),
            ('R', shift, Action::Turn(Family::Face(Face::R), -1)),
            ('b', none, Action::Turn(Family::Face(Face::B), 1)),
            ('m', none, Action::Turn(Family::Slice(Axis::X), 1)),
            ('E', shift, Action::Turn(Family::Slice(Axis::Y), -1)),
            ('z', none, Action::Turn(Family::Rotation(Axis::Z), 1)),
            ('Y', shift, Action::Turn(Family::Rotation(Axis::Y), -1)),
            ('3', none, Action::Layer(3)),
            (' ', none, Action::Scramble),
            (':', none, Action::Input(":")),
            ('C', shift, Action::CopyHistory),
        ];
        for (c, modifiers, expected) in cases {
            assert_eq!(press(KeyCode::Char(c), modifiers), Some(expected), "{c:?}");
        }
        for c in ['a', 'g', 'w', '0', '!', 'é'] {
            assert_eq!(press(KeyCode::Char(c), none), None, "{c:?}");
        }
    }

    #[test]
    fn control_keys_and_the_rest() {
        let ctrl = KeyModifiers::CONTROL;
        assert_eq!(press(KeyCode::Char('z'), ctrl), Some(Action::Undo));
        assert_eq!(press(KeyCode::Char('y'), ctrl), Some(Action::Redo));
        assert_eq!(press(KeyCode::Char('r'), ctrl), Some(Action::Reset));
        assert_eq!(press(KeyCode::Char('u'), ctrl), None);
        assert_eq!(press(KeyCode::Char('r'), KeyModifiers::ALT), None);
        let none = KeyModifiers::NONE;
        assert_eq!(press(KeyCode::Backspace, none), Some(Action::Undo));
        assert_eq!(press(KeyCode::Tab, none), Some(Action::Solve));
        assert_eq!(press(KeyCode::Esc, none), Some(Action::Escape));
        assert_eq!(press(KeyCode::F(1), none), None);
    }

    #[test]
    fn the_crate_docs_list_every_key() {
        let docs = include_str!("lib.rs");
        for (keys, meaning) in HELP {
            let row = format!("//! | `{keys}` | {meaning} |");
            assert!(docs.contains(&row), "lib.rs lacks the row {row}");
        }
    }
}
