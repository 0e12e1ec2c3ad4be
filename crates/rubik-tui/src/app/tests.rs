//! The state machine driven by key events, without a terminal: keys in, state out.

use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use proptest::prelude::*;
use rubik::search::Scrambler;
use rubik::search::two_phase::TableSize;

use super::*;

/// The key event of a character (shifted when it is upper case, as terminals report it).
pub fn char_key(c: char) -> KeyEvent {
    let modifiers = if c.is_ascii_uppercase() {
        KeyModifiers::SHIFT
    } else {
        KeyModifiers::NONE
    };
    KeyEvent::new(KeyCode::Char(c), modifiers)
}

/// A test clock: every event happens one second after the one before.
pub struct Driver {
    pub app: App,
    pub now: Instant,
    pub effects: Vec<Effect>,
}

impl Driver {
    /// A session on a cube of size `size` with seed 7, in colour.
    pub fn new(size: usize) -> Driver {
        Driver::with_colour(size, true)
    }

    /// A session on a cube of size `size` with seed 7, in colour or in letters.
    pub fn with_colour(size: usize, colour: bool) -> Driver {
        let config = Config {
            size,
            seed: 7,
            scheme: ColourScheme::default(),
            colour,
            tables: None,
            table_size: TableSize::Tiny,
        };
        Driver {
            app: App::new(&config),
            now: Instant::now(),
            effects: Vec::new(),
        }
    }

    pub fn key(&mut self, key: KeyEvent) -> &mut Driver {
        self.now += Duration::from_secs(1);
        self.effects.extend(self.app.handle_key(key, self.now));
        self
    }

    pub fn code(&mut self, code: KeyCode) -> &mut Driver {
        self.key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    pub fn ctrl(&mut self, c: char) -> &mut Driver {
        self.key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL))
    }

    /// Presses the keys of each character of `text`.
    pub fn keys(&mut self, text: &str) -> &mut Driver {
        for c in text.chars() {
            self.key(char_key(c));
        }
        self
    }

    /// Opens the input line, types `text` and presses Enter.
    pub fn enter(&mut self, text: &str) -> &mut Driver {
        self.code(KeyCode::Enter).keys(text).code(KeyCode::Enter)
    }
}

/// The solved cube of size `size` after `alg`.
fn after(size: usize, alg: &str) -> FaceletCube {
    let mut cube = FaceletCube::solved(size);
    cube.apply_alg(&alg.parse().unwrap()).unwrap();
    cube
}

fn error_of(app: &App) -> &InputError {
    match app.mode() {
        Mode::Input(InputLine {
            error: Some(error), ..
        }) => error,
        other => panic!("no input error: {other:?}"),
    }
}

#[test]
fn letters_turn_faces_and_shift_turns_back() {
    let mut d = Driver::new(3);
    d.keys("ruFx");
    assert_eq!(*d.app.cube(), after(3, "R U F' x"));
    assert_eq!(d.app.history().to_string(), "R U F' x");
    assert_eq!(d.app.moves(), 3, "rotations are not counted");
    d.keys("mS");
    assert_eq!(*d.app.cube(), after(3, "R U F' x M S'"));
}

#[test]
fn a_digit_picks_an_inner_layer() {
    let mut d = Driver::new(5);
    d.keys("2r3U");
    assert_eq!(*d.app.cube(), after(5, "2R 3U'"));
    d.keys("9r");
    assert_eq!(*d.app.cube(), after(5, "2R 3U'"), "a 5×5×5 has no layer 9");
    assert!(d.app.status().unwrap().error);
    d.keys("2").code(KeyCode::Esc).keys("r");
    assert_eq!(*d.app.cube(), after(5, "2R 3U' R"), "Esc drops the layer");
    assert!(!d.app.finished());
}

#[test]
fn typed_notation_is_one_entry() {
    let mut d = Driver::new(4);
    d.enter("R U R' U'").enter("(Rw 2-3Uw)2 y");
    assert_eq!(*d.app.cube(), after(4, "R U R' U' (Rw 2-3Uw)2 y"));
    assert_eq!(d.app.moves(), 8);
    assert_eq!(d.app.history().to_string(), "R U R' U' (Rw 2-3Uw)2 y");
    assert_eq!(*d.app.mode(), Mode::Normal);
    d.code(KeyCode::Backspace);
    assert_eq!(*d.app.cube(), after(4, "R U R' U'"));
    d.ctrl('z');
    assert!(d.app.cube().is_solved());
}

#[test]
fn a_parse_error_applies_nothing_and_points_at_the_column() {
    let mut d = Driver::new(3);
    d.keys("r").enter("R U X F");
    assert_eq!(*d.app.cube(), after(3, "R"));
    let error = error_of(&d.app);
    assert_eq!(error.span, Some(4..5));
    assert_eq!(error.message, "column 5: `X` is not a move");
    let Mode::Input(line) = d.app.mode() else {
        unreachable!()
    };
    assert_eq!((line.text.as_str(), line.cursor), ("R U X F", 4));
    // Fixing the text at the cursor and pressing Enter applies it.
    d.code(KeyCode::Delete).keys("L").code(KeyCode::Enter);
    assert_eq!(*d.app.cube(), after(3, "R R U L F"));
}

#[test]
fn a_move_the_size_lacks_is_refused_with_its_place() {
    let mut d = Driver::new(4);
    d.enter("R M");
    assert_eq!(error_of(&d.app).span, Some(2..3));
    assert!(error_of(&d.app).message.contains("no middle layer"));
    assert!(d.app.cube().is_solved());
    // A curly quote is no notation; the span is moved onto whole characters.
    let mut d = Driver::new(3);
    d.enter("R’");
    assert_eq!(error_of(&d.app).span, Some(1..4));
    // Esc closes the line without applying anything.
    d.code(KeyCode::Esc);
    assert_eq!(*d.app.mode(), Mode::Normal);
    assert!(!d.app.finished());
}

#[test]
fn undo_and_redo_have_no_limit() {
    let mut d = Driver::new(3);
    let keys = "rufdlbRUFDLBmesxyz".repeat(20);
    d.keys(&keys);
    let turned = d.app.cube().clone();
    for _ in 0..keys.len() {
        d.code(KeyCode::Backspace);
    }
    assert!(d.app.cube().is_solved());
    d.code(KeyCode::Backspace);
    assert_eq!(d.app.status().unwrap().text, "nothing to undo");
    for _ in 0..keys.len() {
        d.ctrl('y');
    }
    assert_eq!(*d.app.cube(), turned);
    d.ctrl('y');
    assert_eq!(d.app.status().unwrap().text, "nothing to redo");
    // A new move forgets what was undone.
    d.ctrl('z').keys("r").ctrl('y');
    assert_eq!(d.app.status().unwrap().text, "nothing to redo");
}

#[test]
fn scrambles_follow_the_seed_and_cannot_be_undone() {
    let mut d = Driver::new(3);
    d.keys(" ");
    let scrambler = Scrambler::new(None);
    let mut rng = rubik::seeded_rng(7);
    let first = scrambler.scramble(3, &mut rng);
    let second = scrambler.scramble(3, &mut rng);
    let scrambled = |alg: &Alg| {
        let mut cube = FaceletCube::solved(3);
        cube.apply_alg(alg).unwrap();
        cube
    };
    assert_eq!(
        *d.app.origin(),
        Origin::Scrambled {
            alg: first.clone(),
            number: 1
        }
    );
    assert_eq!(*d.app.cube(), scrambled(&first));
    d.code(KeyCode::Backspace);
    assert_eq!(
        *d.app.cube(),
        scrambled(&first),
        "the scramble is the start"
    );
    d.keys(" ");
    assert_eq!(*d.app.cube(), scrambled(&second));
    d.enter(":scramble 7");
    assert_eq!(*d.app.cube(), scrambled(&first));
    assert_eq!(d.app.seed(), 7);
    d.enter(":scramble 2026");
    let pinned = scrambler.scramble(3, &mut rubik::seeded_rng(2026));
    assert_eq!(*d.app.cube(), scrambled(&pinned));
    assert_eq!(d.app.history().to_string(), "");
}

#[test]
fn the_timer_runs_from_the_first_move_to_the_solve() {
    let mut d = Driver::new(2);
    assert_eq!(d.app.timer(), Timer::Idle);
    d.keys("r");
    assert_eq!(d.app.timer(), Timer::Idle, "no scramble, no timing");
    d.keys(" ");
    assert_eq!(d.app.timer(), Timer::Ready);
    d.keys("y");
    assert_eq!(
        d.app.timer(),
        Timer::Ready,
        "inspection: rotations are free"
    );
    let Origin::Scrambled { alg, .. } = d.app.origin().clone() else {
        unreachable!()
    };
    d.keys("ry");
    let started = d.now - Duration::from_secs(1);
    assert_eq!(d.app.timer(), Timer::Running(started));
    // Undo the three entries, then solve by typing the scramble's inverse: a second a key.
    d.code(KeyCode::Backspace).code(KeyCode::Backspace);
    d.code(KeyCode::Backspace);
    let typed = alg.inverse().to_string();
    d.enter(&typed);
    assert!(d.app.cube().is_solved());
    let expected = 1 + 3 + 1 + typed.chars().count() as u64 + 1;
    assert_eq!(
        d.app.timer(),
        Timer::Stopped {
            time: Duration::from_secs(expected),
            solved: true
        }
    );
    assert!(d.app.status().unwrap().text.starts_with("solved in "));
}

#[test]
fn the_solution_solves_step_by_step() {
    let mut d = Driver::new(3);
    d.keys(" ruf").code(KeyCode::Tab);
    let solution = d.app.solution().unwrap().clone();
    assert_eq!(solution.done, 0);
    assert!(matches!(
        d.app.timer(),
        Timer::Stopped { solved: false, .. }
    ));
    let count = solution.moves.len();
    for _ in 0..count {
        d.code(KeyCode::Right);
    }
    assert!(d.app.cube().is_solved());
    d.code(KeyCode::Right);
    assert_eq!(d.app.solution().unwrap().done, count);
    d.code(KeyCode::Left).code(KeyCode::Left);
    assert_eq!(d.app.solution().unwrap().done, count - 2);
    let mut expected = d.app.cube().clone();
    expected
        .apply_alg(&Alg::from_moves(solution.moves[count - 2..].to_vec()))
        .unwrap();
    assert!(expected.is_solved());
    // Esc hides the solution without quitting; a move of one's own drops it too.
    d.code(KeyCode::Esc);
    assert!(d.app.solution().is_none() && !d.app.finished());
    d.code(KeyCode::Tab).keys("r");
    assert!(d.app.solution().is_none());
    d.ctrl('r').code(KeyCode::Tab);
    assert_eq!(d.app.status().unwrap().text, "already solved");
}

#[test]
fn loading_a_state() {
    let r_state = after(3, "R").to_string();
    let mut d = Driver::new(2);
    d.enter(&format!(":load {r_state}"));
    assert_eq!(*d.app.cube(), after(3, "R"));
    assert_eq!(d.app.timer(), Timer::Ready);
    // A loaded 3×3 is solved by the two-phase solver, a loaded 4×4 by reduction.
    d.code(KeyCode::Tab);
    assert_eq!(d.app.solution().unwrap().moves.len(), 1);
    d.code(KeyCode::Esc);
    d.enter(&format!(":load {}", after(4, "R")));
    d.code(KeyCode::Tab);
    let mut cube = after(4, "R");
    let moves = d.app.solution().unwrap().moves.clone();
    cube.apply_alg(&Alg::from_moves(moves)).unwrap();
    assert!(cube.is_solved());
    // Colour letters under the scheme; a solved state gets its solutions again.
    d.enter(":load WWWWRRRRGGGGYYYYOOOOBBBB")
        .keys("r")
        .code(KeyCode::Tab);
    assert_eq!(d.app.solution().unwrap().moves.len(), 1);
}

#[test]
fn a_bad_state_is_refused_with_the_place() {
    let mut d = Driver::new(3);
    d.enter(":load  UUUURRRRFFXFDDDDLLLLBBBB");
    assert_eq!(error_of(&d.app).span, Some(17..18));
    assert!(error_of(&d.app).message.contains("'X'"));
    d.code(KeyCode::Esc).enter(":load UUU");
    assert_eq!(error_of(&d.app).span, Some(6..9));
    let twisted = "UUUFURRRFRFFDDDDLLLLBBBB";
    d.code(KeyCode::Esc).enter(&format!(":load {twisted}"));
    assert!(error_of(&d.app).message.ends_with("[twisted_corner]"));
    assert_eq!(error_of(&d.app).span, None);
    d.code(KeyCode::Esc).enter(":load");
    assert_eq!(error_of(&d.app).span, Some(0..5));
    d.code(KeyCode::Esc).enter(":lod X");
    assert!(error_of(&d.app).message.contains("not a command"));
    d.code(KeyCode::Esc).enter(":scramble x1");
    assert_eq!(error_of(&d.app).span, Some(10..12));
    d.code(KeyCode::Esc).enter(":save a b");
    assert_eq!(error_of(&d.app).span, Some(8..9));
    assert!(d.app.cube().is_solved());
}

#[test]
fn saving_and_copying_are_effects() {
    let mut d = Driver::new(3);
    d.keys(" r").enter(":save out.txt");
    let Origin::Scrambled { alg, .. } = d.app.origin().clone() else {
        unreachable!()
    };
    let contents = format!(
        "# rubik play, 3×3×3\nstate: {}\nscramble: {alg}\nmoves: R\n",
        d.app.cube()
    );
    let path = PathBuf::from("out.txt");
    assert_eq!(d.effects, [Effect::Save { path, contents }]);
    d.app.saved(std::path::Path::new("out.txt"), Ok(()));
    assert_eq!(d.app.status().unwrap().text, "saved to out.txt");
    let denied = std::io::Error::from(std::io::ErrorKind::PermissionDenied);
    d.app.saved(std::path::Path::new("/x"), Err(denied));
    assert!(d.app.status().unwrap().error);
    d.effects.clear();
    d.keys("cC");
    let state = d.app.cube().to_string();
    assert_eq!(
        d.effects,
        [Effect::Copy(state), Effect::Copy("R".to_string())]
    );
    d.ctrl('r').keys("C");
    assert_eq!(d.effects.len(), 2, "no moves, nothing to copy");
}

#[test]
fn help_closes_on_any_key_and_quitting() {
    let mut d = Driver::new(3);
    d.keys("?");
    assert_eq!(*d.app.mode(), Mode::Help);
    d.keys("r");
    assert_eq!(*d.app.mode(), Mode::Normal);
    assert!(d.app.cube().is_solved(), "the key only closed the help");
    d.keys("h");
    assert!(d.app.simplified());
    for quit in [
        char_key('q'),
        KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE),
    ] {
        let mut d = Driver::new(3);
        d.key(quit);
        assert!(d.app.finished());
    }
    let mut d = Driver::new(3);
    d.keys("i").ctrl('c');
    assert!(d.app.finished(), "Ctrl-C quits from the input line too");
}

#[test]
fn pastes_go_into_the_input_line() {
    let mut d = Driver::new(3);
    d.app.handle_paste("R U\nF");
    d.code(KeyCode::Home).keys("x ").code(KeyCode::Enter);
    assert_eq!(*d.app.cube(), after(3, "x R U F"));
    d.keys("i").ctrl('u');
    d.app.handle_paste("B2");
    d.code(KeyCode::Left)
        .code(KeyCode::Backspace)
        .code(KeyCode::End);
    d.code(KeyCode::Enter);
    assert_eq!(*d.app.cube(), after(3, "x R U F"), "`2` alone is refused");
    assert!(matches!(d.app.mode(), Mode::Input(_)));
}

#[test]
fn a_size_of_zero_is_taken_as_one() {
    let mut d = Driver::new(0);
    d.keys(" r");
    assert_eq!(d.app.cube().size(), 1);
    assert!(d.app.cube().is_solved());
}

/// One thing a user can do.
#[derive(Clone, Debug)]
pub enum Input {
    Key(KeyEvent),
    Paste(String),
    Type(String),
}

/// Any key press, with a bias towards the keys that do something.
pub fn any_key() -> impl Strategy<Value = KeyEvent> {
    let useful = prop::sample::select(
        "urfdlbURFDLBmesMESxyzXYZ0123456789 ihcC?q:wW'()[],"
            .chars()
            .collect::<Vec<_>>(),
    );
    let character = prop_oneof![4 => useful, 1 => any::<char>()];
    let code = prop_oneof![
        4 => character.prop_map(KeyCode::Char),
        1 => prop::sample::select(vec![
            KeyCode::Enter,
            KeyCode::Esc,
            KeyCode::Backspace,
            KeyCode::Delete,
            KeyCode::Tab,
            KeyCode::Left,
            KeyCode::Right,
            KeyCode::Home,
            KeyCode::End,
            KeyCode::Up,
            KeyCode::F(1),
        ]),
    ];
    let modifiers = prop_oneof![
        6 => Just(KeyModifiers::NONE),
        2 => Just(KeyModifiers::SHIFT),
        1 => Just(KeyModifiers::CONTROL),
        1 => Just(KeyModifiers::ALT),
    ];
    (code, modifiers).prop_map(|(code, modifiers)| KeyEvent::new(code, modifiers))
}

/// Any sequence of user inputs: keys, pastes, and whole lines typed into the input line.
pub fn any_inputs() -> impl Strategy<Value = Vec<Input>> {
    let text = prop_oneof![
        "[RUFDLBMESxyzrufw0-9' ()\\[\\],:-]{0,16}",
        Just(":scramble".to_string()),
        "(:scramble|:load|:save|:reset|:) ?[0-9A-Z ]{0,30}",
        ".{0,20}",
    ];
    let input = prop_oneof![
        8 => any_key().prop_map(Input::Key),
        1 => text.clone().prop_map(Input::Paste),
        2 => text.prop_map(Input::Type),
    ];
    prop::collection::vec(input, 0..60)
}

impl Driver {
    pub fn input(&mut self, input: &Input) {
        match input {
            Input::Key(key) => {
                self.key(*key);
            }
            Input::Paste(text) => self.app.handle_paste(text),
            Input::Type(text) => {
                self.enter(text);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// No key sequence panics, and the cube is always the start state plus the history.
    #[test]
    fn any_key_sequence_keeps_the_state_consistent(size in 1usize..=5, inputs in any_inputs()) {
        let mut d = Driver::new(size);
        for input in &inputs {
            d.input(input);
            let app = &d.app;
            let size = app.cube().size();
            let mut start = match app.origin() {
                Origin::Solved => FaceletCube::solved(size),
                Origin::Scrambled { alg, .. } => {
                    let mut cube = FaceletCube::solved(size);
                    cube.apply_alg(alg).unwrap();
                    cube
                }
                Origin::Loaded(cube) => (**cube).clone(),
            };
            start.apply_alg(&app.history()).unwrap();
            prop_assert_eq!(&start, app.cube());
        }
    }
}
