//! The app as a state machine: key presses and pastes in, state out. No terminal, no clock and
//! no files: the time comes with each event, and saving or copying is handed back to the caller
//! as an [`Effect`]. Every cube fact (parsing, turning, scrambling, validation) is a library call.

use std::ops::Range;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use rubik::facelet::FaceletError;
use rubik::facelet::colour::ColourScheme;
use rubik::notation::{Move, Prefix};
use rubik::{Alg, AlgError, FaceletCube, SeededRng, Turn, seeded_rng};

use crate::Config;
use crate::keys::{self, Action};
use crate::solver::{self, NoSolution};

/// What the caller must do for the app, outside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Put this text on the clipboard.
    Copy(String),
    /// Write `contents` to the file `path`, then report with [`App::saved`].
    Save {
        /// The file.
        path: PathBuf,
        /// What to write.
        contents: String,
    },
}

/// The solve timer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Timer {
    /// Nothing to time: no scramble since the last reset.
    Idle,
    /// Scrambled: the timer starts with the first move that is not a rotation.
    Ready,
    /// Running since then.
    Running(Instant),
    /// Stopped: the cube was solved, or a solution was shown (`solved` false).
    Stopped {
        /// The time taken.
        time: Duration,
        /// Whether the cube was solved by hand.
        solved: bool,
    },
}

/// Where the present cube started from, at the last scramble, reset or load.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The solved cube.
    Solved,
    /// The solved cube, then this scramble, the `number`th of the session's seed.
    Scrambled {
        /// The scramble.
        alg: Alg,
        /// Which scramble of the seed's stream it is (1 = the first).
        number: u64,
    },
    /// A state that was loaded: no known moves lead to it.
    Loaded(Box<FaceletCube>),
}

/// One undoable step: a quick turn, a typed alg, or a solution move.
#[derive(Clone, Debug)]
struct Entry {
    alg: Alg,
    turns: Vec<Turn>,
    /// Moves that count (every move but whole-cube rotations).
    counted: usize,
}

/// A solution being stepped through, move by move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Playback {
    /// The moves, in order.
    pub moves: Vec<Move>,
    /// How many of them have been applied.
    pub done: usize,
}

/// What the keyboard is talking to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Keys turn the cube and run commands (see [`keys`]).
    Normal,
    /// Keys edit the input line.
    Input(InputLine),
    /// The help overlay is shown; any key closes it.
    Help,
}

/// The input line: notation or a `:command`, being typed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InputLine {
    /// The text typed.
    pub text: String,
    /// Where the cursor is, as a byte offset into `text` (always on a character boundary).
    pub cursor: usize,
    /// Why the text was refused when Enter was last pressed, until it is edited.
    pub error: Option<InputError>,
}

/// Why the input line's text was refused, and where in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// What is wrong.
    pub message: String,
    /// The offending bytes of the text, when known.
    pub span: Option<Range<usize>>,
}

/// A line of news for the status bar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    /// The message.
    pub text: String,
    /// Whether it reports a failure.
    pub error: bool,
}

/// The interactive cube: the state behind everything the terminal shows.
#[derive(Clone, Debug)]
pub struct App {
    scheme: ColourScheme,
    colour: bool,
    cube: FaceletCube,
    origin: Origin,
    entries: Vec<Entry>,
    undone: Vec<Entry>,
    seed: u64,
    rng: SeededRng,
    scrambles: u64,
    timer: Timer,
    mode: Mode,
    solution: Option<Playback>,
    layer: Option<usize>,
    simplified: bool,
    status: Option<Status>,
    finished: bool,
}

impl App {
    /// A solved cube as `config` says.
    pub fn new(config: &Config) -> App {
        App {
            scheme: config.scheme,
            colour: config.colour,
            cube: FaceletCube::solved(config.size.max(1)),
            origin: Origin::Solved,
            entries: Vec::new(),
            undone: Vec::new(),
            seed: config.seed,
            rng: seeded_rng(config.seed),
            scrambles: 0,
            timer: Timer::Idle,
            mode: Mode::Normal,
            solution: None,
            layer: None,
            simplified: false,
            status: None,
            finished: false,
        }
    }

    /// Handles one key event that happened at `now`.
    pub fn handle_key(&mut self, key: KeyEvent, now: Instant) -> Option<Effect> {
        if key.kind == KeyEventKind::Release {
            return None;
        }
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            self.finished = true;
            return None;
        }
        match &mut self.mode {
            Mode::Help => {
                self.mode = Mode::Normal;
                None
            }
            Mode::Input(line) => match line.edit(key) {
                LineEdit::Editing => None,
                LineEdit::Cancel => {
                    self.mode = Mode::Normal;
                    None
                }
                LineEdit::Submit(text) => self.submit(text, now),
            },
            Mode::Normal => self.perform(keys::action(key)?, now),
        }
    }

    /// Handles pasted text: it goes into the input line, which opens if it was closed.
    pub fn handle_paste(&mut self, text: &str) {
        match &mut self.mode {
            Mode::Input(line) => line.insert(text),
            _ => {
                let mut line = InputLine::default();
                line.insert(text);
                self.mode = Mode::Input(line);
            }
        }
    }

    /// Reports how writing the file of an [`Effect::Save`] went.
    pub fn saved(&mut self, path: &std::path::Path, result: std::io::Result<()>) {
        match result {
            Ok(()) => self.inform(format!("saved to {}", path.display())),
            Err(error) => self.complain(format!("cannot write {}: {error}", path.display())),
        }
    }

    /// Carries out one action of the key map.
    fn perform(&mut self, action: Action, now: Instant) -> Option<Effect> {
        let layer = self.layer.take();
        match action {
            Action::Turn(family, amount) => {
                let prefix = layer.map_or(Prefix::None, Prefix::Layer);
                let alg = Alg::from_moves(vec![Move::new(prefix, family, amount)]);
                self.play(alg, now)
                    .unwrap_or_else(|error| self.complain(error.to_string()));
            }
            Action::Layer(digit) => {
                let layer = layer
                    .unwrap_or(0)
                    .saturating_mul(10)
                    .saturating_add(usize::from(digit));
                self.layer = Some(layer);
                self.inform(format!("layer {layer}: now a face key (r turns {layer}R)"));
            }
            Action::Undo => {
                self.solution = None;
                if !self.undo(now) {
                    self.inform("nothing to undo".to_string());
                }
            }
            Action::Redo => {
                self.solution = None;
                match self.undone.pop() {
                    Some(entry) => self.push(entry, now),
                    None => self.inform("nothing to redo".to_string()),
                }
            }
            Action::Input(text) => {
                let mut line = InputLine::default();
                line.insert(text);
                self.mode = Mode::Input(line);
            }
            Action::Scramble => self.scramble(None),
            Action::Reset => self.reset(),
            Action::Solve => self.solve(now),
            Action::StepForward => self.step_forward(now),
            Action::StepBack => self.step_back(now),
            Action::ToggleSimplified => self.simplified = !self.simplified,
            Action::CopyState => {
                let state = self.cube.to_string();
                self.inform(format!("copied the state: {state}"));
                return Some(Effect::Copy(state));
            }
            Action::CopyHistory => {
                let moves = self.history().to_string();
                if moves.is_empty() {
                    self.inform("no moves to copy yet".to_string());
                    return None;
                }
                self.inform(format!("copied the moves: {moves}"));
                return Some(Effect::Copy(moves));
            }
            Action::Help => self.mode = Mode::Help,
            Action::Escape if layer.is_some() => self.status = None,
            Action::Escape if self.solution.is_some() => self.solution = None,
            Action::Escape | Action::Quit => self.finished = true,
        }
        None
    }

    /// Carries out the input line's text; on failure the line stays open with the error.
    fn submit(&mut self, text: String, now: Instant) -> Option<Effect> {
        self.mode = Mode::Normal;
        if text.trim().is_empty() {
            return None;
        }
        let outcome = if text.trim_start().starts_with(':') {
            self.command(&text)
        } else {
            self.typed(&text, now).map(|()| None)
        };
        outcome.unwrap_or_else(|mut error| {
            error.span = error.span.map(|span| snap(&text, span));
            let cursor = error.span.as_ref().map_or(text.len(), |span| span.start);
            self.mode = Mode::Input(InputLine {
                text,
                cursor,
                error: Some(error),
            });
            None
        })
    }

    /// Applies typed notation.
    fn typed(&mut self, text: &str, now: Instant) -> Result<(), InputError> {
        let alg = Alg::parse(text)?;
        let shown = alg.to_string();
        self.play(alg, now)?;
        if self.status.is_none() {
            self.inform(format!("applied {shown}"));
        }
        Ok(())
    }

    /// Runs a `:command`.
    fn command(&mut self, text: &str) -> Result<Option<Effect>, InputError> {
        let mut words = text.split_whitespace();
        let name = words.next().unwrap_or_default();
        let argument = words.next();
        let span_of = |word: &str| {
            let start = word.as_ptr() as usize - text.as_ptr() as usize;
            Some(start..start + word.len())
        };
        if let Some(extra) = words.next() {
            return Err(InputError {
                message: format!("`{name}` takes one argument at most"),
                span: span_of(extra),
            });
        }
        match (name, argument) {
            (":load", Some(state)) => {
                let start = span_of(state).map_or(0, |span| span.start);
                self.load(state, start)?;
            }
            (":save", Some(path)) => {
                return Ok(Some(Effect::Save {
                    path: PathBuf::from(path),
                    contents: self.save_text(),
                }));
            }
            (":scramble", None) => self.scramble(None),
            (":scramble", Some(seed)) => {
                let seed = seed.parse().map_err(|_| InputError {
                    message: format!("`{seed}` is not a seed: a whole number from 0 to 2^64-1"),
                    span: span_of(seed),
                })?;
                self.scramble(Some(seed));
            }
            (":reset", None) => self.reset(),
            (":load" | ":save", None) => {
                return Err(InputError {
                    message: format!("`{name}` needs an argument (see ?)"),
                    span: span_of(name),
                });
            }
            _ => {
                return Err(InputError {
                    message: format!("`{name}` is not a command: :load, :save, :scramble, :reset"),
                    span: span_of(name),
                });
            }
        }
        Ok(None)
    }

    /// Loads a state written in face or colour letters; `start` is where it stands in the input.
    fn load(&mut self, state: &str, start: usize) -> Result<(), InputError> {
        let cube = FaceletCube::read(state, &self.scheme).map_err(|error| {
            let span = match &error {
                FaceletError::BadLetter { position, .. } => state
                    .char_indices()
                    .nth(position - 1)
                    .map(|(i, c)| start + i..start + i + c.len_utf8()),
                FaceletError::WrongLength { .. } => Some(start..start + state.len()),
                FaceletError::WrongColourCount { .. } => None,
            };
            InputError {
                message: error.to_string(),
                span,
            }
        })?;
        rubik::cubie::validate(&cube).map_err(|error| InputError {
            message: format!("{error} [{}]", error.code()),
            span: None,
        })?;
        let size = cube.size();
        let origin = if cube.is_solved() {
            Origin::Solved
        } else {
            Origin::Loaded(Box::new(cube.clone()))
        };
        self.begin(cube, origin);
        self.inform(format!("loaded a {size}×{size}×{size}"));
        Ok(())
    }

    /// The text `:save` writes: the state, where it came from, and the moves made.
    fn save_text(&self) -> String {
        let size = self.cube.size();
        let mut text = format!("# rubik play, {size}×{size}×{size}\nstate: {}\n", self.cube);
        match &self.origin {
            Origin::Solved => {}
            Origin::Scrambled { alg, .. } => text += &format!("scramble: {alg}\n"),
            Origin::Loaded(start) => text += &format!("start: {start}\n"),
        }
        text + &format!("moves: {}\n", self.history())
    }

    /// Starts over from `cube`: no history, no solution, the timer ready if there is a solve.
    fn begin(&mut self, cube: FaceletCube, origin: Origin) {
        self.timer = if cube.is_solved() {
            Timer::Idle
        } else {
            Timer::Ready
        };
        self.cube = cube;
        self.origin = origin;
        self.entries.clear();
        self.undone.clear();
        self.solution = None;
    }

    /// A new scramble: the next of the seed's stream, or the first of `seed`'s.
    fn scramble(&mut self, seed: Option<u64>) {
        if let Some(seed) = seed {
            self.seed = seed;
            self.rng = seeded_rng(seed);
            self.scrambles = 0;
        }
        let size = self.cube.size();
        let alg = solver::scramble(size, &mut self.rng);
        self.scrambles += 1;
        let mut cube = FaceletCube::solved(size);
        match cube.apply_alg(&alg) {
            Ok(()) => {
                let number = self.scrambles;
                self.begin(cube, Origin::Scrambled { alg, number });
                self.inform(format!("scramble {number} of seed {}", self.seed));
            }
            Err(error) => self.complain(error.to_string()),
        }
    }

    /// Back to the solved cube.
    fn reset(&mut self) {
        self.begin(FaceletCube::solved(self.cube.size()), Origin::Solved);
        self.inform("reset".to_string());
    }

    /// Shows a solution, or hides the one shown.
    fn solve(&mut self, now: Instant) {
        if self.solution.take().is_some() {
            return;
        }
        if self.cube.is_solved() {
            self.inform("already solved".to_string());
            return;
        }
        let found = solver::solution(&self.cube, self.path().as_ref());
        match found.and_then(|alg| alg.expand().map_err(NoSolution::TooLong)) {
            Ok(moves) => {
                if let Timer::Running(since) = self.timer {
                    self.timer = Timer::Stopped {
                        time: now - since,
                        solved: false,
                    };
                }
                let count = moves.len();
                let plural = if count == 1 { "" } else { "s" };
                self.inform(format!(
                    "a solution of {count} move{plural}: -> and <- step"
                ));
                self.solution = Some(Playback { moves, done: 0 });
            }
            Err(NoSolution::NoSolver) => {
                self.complain("no solver for a cube this size, and it was loaded".to_string());
            }
            Err(NoSolution::TooLong(error)) => self.complain(error.to_string()),
            Err(NoSolution::Failed(error)) => self.complain(error.to_string()),
        }
    }

    /// Applies the next move of the solution shown.
    fn step_forward(&mut self, now: Instant) {
        let Some(solution) = &self.solution else {
            return;
        };
        let Some(&next) = solution.moves.get(solution.done) else {
            return;
        };
        match self.record(Alg::from_moves(vec![next]), now) {
            Ok(()) => {
                if let Some(solution) = &mut self.solution {
                    solution.done += 1;
                }
            }
            Err(error) => self.complain(error.to_string()),
        }
    }

    /// Takes back the last solution move applied.
    fn step_back(&mut self, now: Instant) {
        if let Some(solution) = &mut self.solution {
            if solution.done > 0 {
                solution.done -= 1;
                self.undo(now);
            }
        }
    }

    /// A move the user made: any solution shown no longer applies.
    fn play(&mut self, alg: Alg, now: Instant) -> Result<(), AlgError> {
        self.solution = None;
        self.record(alg, now)
    }

    /// Applies `alg` as a new entry of the history; nothing is applied if a move is refused.
    fn record(&mut self, alg: Alg, now: Instant) -> Result<(), AlgError> {
        let size = self.cube.size();
        let turns = alg.turns(size)?;
        let counted = turns.iter().filter(|turn| !turn.is_rotation(size)).count();
        self.undone.clear();
        self.status = None;
        self.push(
            Entry {
                alg,
                turns,
                counted,
            },
            now,
        );
        Ok(())
    }

    /// Applies an entry and puts it on the history.
    fn push(&mut self, entry: Entry, now: Instant) {
        self.cube.apply(entry.turns.iter().copied());
        if self.timer == Timer::Ready && entry.counted > 0 {
            self.timer = Timer::Running(now);
        }
        self.entries.push(entry);
        self.check_solved(now);
    }

    /// Takes back the last entry, if any.
    fn undo(&mut self, now: Instant) -> bool {
        let Some(entry) = self.entries.pop() else {
            return false;
        };
        self.cube
            .apply(entry.turns.iter().rev().map(|turn| turn.inverse()));
        self.undone.push(entry);
        self.check_solved(now);
        true
    }

    /// Stops the timer when the cube is solved.
    fn check_solved(&mut self, now: Instant) {
        if let Timer::Running(since) = self.timer {
            if self.cube.is_solved() {
                let time = now - since;
                self.timer = Timer::Stopped { time, solved: true };
                let moves = self.moves();
                self.inform(format!("solved in {}, {moves} moves", clock(time)));
            }
        }
    }

    fn inform(&mut self, text: String) {
        self.status = Some(Status { text, error: false });
    }

    fn complain(&mut self, text: String) {
        self.status = Some(Status { text, error: true });
    }

    /// The moves from the solved cube to the present state, when they are known.
    fn path(&self) -> Option<Alg> {
        match &self.origin {
            Origin::Solved => Some(self.history()),
            Origin::Scrambled { alg, .. } => Some(alg.then(&self.history())),
            Origin::Loaded(_) => None,
        }
    }

    /// The moves made since the last scramble, reset or load, as entered.
    pub fn history(&self) -> Alg {
        let units = self
            .entries
            .iter()
            .flat_map(|e| e.alg.units().iter().cloned());
        Alg::new(units.collect())
    }

    /// How many moves were made since the last scramble, reset or load (rotations not counted).
    pub fn moves(&self) -> usize {
        self.entries.iter().map(|e| e.counted).sum()
    }

    /// The cube as it is now.
    pub fn cube(&self) -> &FaceletCube {
        &self.cube
    }

    /// The colour scheme.
    pub fn scheme(&self) -> &ColourScheme {
        &self.scheme
    }

    /// Whether to draw in colour.
    pub fn colour(&self) -> bool {
        self.colour
    }

    /// Where the cube started from.
    pub fn origin(&self) -> &Origin {
        &self.origin
    }

    /// The seed of the present stream of scrambles.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The solve timer.
    pub fn timer(&self) -> Timer {
        self.timer
    }

    /// What the keyboard is talking to.
    pub fn mode(&self) -> &Mode {
        &self.mode
    }

    /// The solution being stepped through, if one is shown.
    pub fn solution(&self) -> Option<&Playback> {
        self.solution.as_ref()
    }

    /// Whether the history is shown simplified.
    pub fn simplified(&self) -> bool {
        self.simplified
    }

    /// The latest news.
    pub fn status(&self) -> Option<&Status> {
        self.status.as_ref()
    }

    /// Whether the user asked to quit.
    pub fn finished(&self) -> bool {
        self.finished
    }
}

/// A duration as a cuber's clock shows it: `12.34` or `1:02.34`.
pub fn clock(time: Duration) -> String {
    let centis = time.as_millis() / 10;
    let (minutes, seconds, centis) = (centis / 6000, centis / 100 % 60, centis % 100);
    if minutes > 0 {
        format!("{minutes}:{seconds:02}.{centis:02}")
    } else {
        format!("{seconds}.{centis:02}")
    }
}

impl From<AlgError> for InputError {
    fn from(error: AlgError) -> InputError {
        InputError {
            message: error.to_string(),
            span: error
                .span
                .map(|span| span.start..span.end.max(span.start + 1)),
        }
    }
}

/// `span` moved onto character boundaries of `text` (an alg error may point inside a
/// character that is no notation, such as `’`), and at least one character long where it can be.
fn snap(text: &str, span: Range<usize>) -> Range<usize> {
    let mut start = span.start.min(text.len());
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    let mut end = span.end.clamp(start, text.len());
    while !text.is_char_boundary(end) {
        end += 1;
    }
    if end == start {
        end = text[start..]
            .chars()
            .next()
            .map_or(start, |c| start + c.len_utf8());
    }
    start..end
}

/// What a key did to the input line.
#[derive(Clone, Debug, PartialEq, Eq)]
enum LineEdit {
    /// The line was edited (or the key meant nothing to it).
    Editing,
    /// Esc: close the line, applying nothing.
    Cancel,
    /// Enter: carry out this text.
    Submit(String),
}

impl InputLine {
    /// Edits the line with `key`.
    fn edit(&mut self, key: KeyEvent) -> LineEdit {
        let plain = !key
            .modifiers
            .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT | KeyModifiers::SUPER);
        match key.code {
            KeyCode::Enter => return LineEdit::Submit(std::mem::take(&mut self.text)),
            KeyCode::Esc => return LineEdit::Cancel,
            KeyCode::Char(c) if plain => self.insert(c.encode_utf8(&mut [0; 4])),
            KeyCode::Char('u') if key.modifiers.contains(KeyModifiers::CONTROL) => {
                self.text.clear();
                self.cursor = 0;
                self.error = None;
            }
            KeyCode::Backspace => {
                if let Some(previous) = self.previous() {
                    self.text.replace_range(previous..self.cursor, "");
                    self.cursor = previous;
                    self.error = None;
                }
            }
            KeyCode::Delete => {
                if let Some(next) = self.next() {
                    self.text.replace_range(self.cursor..next, "");
                    self.error = None;
                }
            }
            KeyCode::Left => self.cursor = self.previous().unwrap_or(self.cursor),
            KeyCode::Right => self.cursor = self.next().unwrap_or(self.cursor),
            KeyCode::Home => self.cursor = 0,
            KeyCode::End => self.cursor = self.text.len(),
            _ => {}
        }
        LineEdit::Editing
    }

    /// The boundary of the character before the cursor.
    fn previous(&self) -> Option<usize> {
        let c = self.text[..self.cursor].chars().next_back()?;
        Some(self.cursor - c.len_utf8())
    }

    /// The boundary of the character after the cursor.
    fn next(&self) -> Option<usize> {
        let c = self.text[self.cursor..].chars().next()?;
        Some(self.cursor + c.len_utf8())
    }

    /// Inserts `text` at the cursor, control characters (newlines from a paste) as blanks.
    fn insert(&mut self, text: &str) {
        let clean: String = text
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        self.text.insert_str(self.cursor, &clean);
        self.cursor += clean.len();
        self.error = None;
    }
}

#[cfg(test)]
pub(crate) mod tests;
