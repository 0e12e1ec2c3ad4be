//! # rubik-tui: the interactive cube in the terminal
//!
//! What `rubik play` runs: a cube of any size drawn as an unfolded net, turned from the keyboard,
//! with undo and redo, the history as notation, a move count, a solve timer, scrambles, a
//! solution to step through, and loading and saving states. Built on `ratatui` and `crossterm`;
//! every cube fact (notation, turns, scrambles, validation, the net's layout) comes from the
//! [`rubik`] library.
//!
//! ```no_run
//! let config = rubik_tui::Config {
//!     size: 3,
//!     seed: 42,
//!     scheme: Default::default(),
//!     colour: true,
//!     tables: None,
//!     table_size: Default::default(),
//! };
//! rubik_tui::run(&config)?;
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! ## The screen
//!
//! The net (U on top, L F R B across, D below, as in a facelet string) fills the left; it is
//! drawn in two-cell blocks of colour while it fits beside the panel, in half blocks (`▀`, two
//! stickers a cell) when it does not: a 7×7×7 in blocks and a 14×14×14 in half blocks fit an
//! 80×24 terminal. Without colour (`NO_COLOR`, `--color never`) it is drawn in face letters,
//! spaced while they fit. The panel on the right shows the size and seed, the moves made
//! (rotations not counted) and the timer, the scramble, the history and the solution. The
//! bottom lines are the input line and the status line; a refused input stays in the line with
//! carets under the offending text.
//!
//! ## Keys
//!
//! Outside the input line (`^` is Ctrl):
//!
//! | keys | what they do |
//! |---|---|
//! | `u r f d l b` | turn U R F D L B clockwise (shift: counter-clockwise) |
//! | `m e s` | turn the slice M E S (shift: inverted) |
//! | `x y z` | rotate the cube (shift: inverted) |
//! | `2..9 then r` | turn one inner layer: 2 r is 2R |
//! | `Backspace ^Z` | undo |
//! | `^Y` | redo |
//! | `Enter i` | type moves (R U R' U', Rw, 2-3Rw, M, x, [R, U]...) |
//! | `:` | type a command (below) |
//! | `Space` | scramble |
//! | `^R` | reset to the solved cube |
//! | `Tab` | show or hide a solution; <- -> step through it |
//! | `h` | history simplified or as made |
//! | `c C` | copy the state / the moves (OSC 52) |
//! | `? q Esc ^C` | this help; quit (Esc first hides a solution) |
//! | `:load STATE` | load a facelet string (face or colour letters) |
//! | `:save FILE` | write the state and the moves to FILE |
//! | `:scramble SEED` | scramble from SEED (without: the next scramble) |
//! | `:reset` | reset to the solved cube |
//!
//! In the input line, Enter applies what was typed (notation, or a command starting with `:`),
//! Esc closes the line, ^U clears it, and a paste goes into it (a paste outside it opens it).
//! Notation is applied as one entry, so one undo takes it all back; quick turns are one entry
//! each. Ctrl-C quits from anywhere.
//!
//! ## Scrambles, solutions, timer
//!
//! Scrambles are the WCA scrambles of the library's [`rubik::search::Scrambler`] (random-state
//! for the 2×2, 3×3 and 4×4, random moves of the WCA length otherwise): the `k`th scramble of a
//! session started with `--seed S` is the `k`th line of `rubik scramble --seed S --count k`.
//! The timer starts with the first move after a scramble (or after loading an unsolved state)
//! that is not a rotation, and stops when the cube is solved, or when a solution is shown.
//! A 2×2 is solved optimally and a 3×3 in at most 20 moves, whatever state is shown, loaded
//! ones included. Other sizes get the simplified inverse of the scramble and the moves made
//! since (correct, not short); a loaded big cube has no such moves, and gets no solution. The
//! seam is `solver.rs`.
//!
//! ## Copying and saving
//!
//! `c` and `C` send the state or the moves to the terminal's clipboard with an OSC 52 escape
//! sequence (most terminals honour it; tmux does with `set -g set-clipboard on`) and also write
//! them into the status line, where the terminal's own selection can take them. `:save FILE`
//! writes the size, the state (a facelet string), the scramble or the loaded start state, and
//! the moves made, one `name: value` line each.
//!
//! ## The terminal
//!
//! [`run`] switches the terminal to raw mode and the alternate screen, and switches both back
//! when it returns, fails, or panics (it installs a panic hook that restores the terminal
//! before the panic is reported). A resized terminal is redrawn at once.

#![warn(missing_docs)]

mod app;
mod keys;
mod solver;
mod terminal;
mod view;

use std::path::PathBuf;

use rubik::facelet::colour::ColourScheme;
use rubik::search::two_phase::TableSize;

/// How `rubik play` starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The cube size (N ≥ 1; 0 is taken as 1).
    pub size: usize,
    /// The seed of the session's scrambles: the same seed gives the same scrambles.
    pub seed: u64,
    /// The colour scheme, for the net's colours and for states loaded in colour letters.
    pub scheme: ColourScheme,
    /// Whether to draw in colour; `false` draws face letters (for `NO_COLOR`).
    pub colour: bool,
    /// The solver table cache directory (none: the tables are built in memory).
    pub tables: Option<PathBuf>,
    /// Which 3×3 tables the solution reads: the same as `rubik solve`'s, so that both give the
    /// same solution of a state.
    pub table_size: TableSize,
}

/// Runs the interactive cube in the terminal until the user quits, and puts the terminal back
/// as it was, whatever happens.
pub fn run(config: &Config) -> std::io::Result<()> {
    solver::use_tables(config.tables.clone(), config.table_size);
    terminal::run(config)
}
