//! `rubik play` driven as a person would drive it: the real binary in a pseudo-terminal, keys
//! typed into it, and the screen read back through a terminal emulator (`vt100`).

use std::io::{Read, Write};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};
use rubik::facelet::render::{NetGrid, NetStyle};
use rubik::{Alg, FaceletCube};

/// How long the program may take to show what a step expects.
const PATIENCE: Duration = Duration::from_secs(20);

/// `rubik play` running in an 80×24 pseudo-terminal.
struct Play {
    screen: vt100::Parser,
    output: Receiver<Vec<u8>>,
    keyboard: Box<dyn Write + Send>,
    child: Box<dyn Child + Send + Sync>,
    master: Box<dyn MasterPty + Send>,
}

impl Play {
    fn start(args: &[&str], env: &[(&str, &str)]) -> Play {
        let size = PtySize {
            rows: 24,
            cols: 80,
            pixel_width: 0,
            pixel_height: 0,
        };
        let pty = native_pty_system()
            .openpty(size)
            .expect("a pseudo-terminal");
        let mut command = CommandBuilder::new(env!("CARGO_BIN_EXE_rubik"));
        command.arg("play");
        command.args(args);
        command.env("TERM", "xterm-256color");
        command.env_remove("NO_COLOR");
        for (name, value) in env {
            command.env(name, value);
        }
        let child = pty.slave.spawn_command(command).expect("rubik play runs");
        drop(pty.slave);
        let mut reader = pty.master.try_clone_reader().unwrap();
        let (sender, output) = channel();
        std::thread::spawn(move || {
            let mut chunk = [0u8; 4096];
            // Ends at end of file, or with an error once the program has exited.
            while let Ok(n @ 1..) = reader.read(&mut chunk) {
                if sender.send(chunk[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        Play {
            screen: vt100::Parser::new(24, 80, 0),
            output,
            keyboard: pty.master.take_writer().unwrap(),
            child,
            master: pty.master,
        }
    }

    /// Resizes the terminal, as a window manager would.
    fn resize(&mut self, rows: u16, cols: u16) {
        let size = PtySize {
            rows,
            cols,
            pixel_width: 0,
            pixel_height: 0,
        };
        self.master.resize(size).unwrap();
        self.screen.set_size(rows, cols);
    }

    /// Types `keys` (raw bytes: `\r` is Enter, `\x7f` Backspace).
    fn press(&mut self, keys: &str) {
        self.keyboard.write_all(keys.as_bytes()).unwrap();
        self.keyboard.flush().unwrap();
    }

    /// Reads output until the screen satisfies `done`; panics with the screen after a while.
    fn wait_until(&mut self, what: &str, done: impl Fn(&vt100::Screen) -> bool) {
        let deadline = Instant::now() + PATIENCE;
        while !done(self.screen.screen()) {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.output.recv_timeout(left) {
                Ok(bytes) => self.screen.process(&bytes),
                Err(_) => panic!("waited for {what}; the screen:\n{}", self.text()),
            }
        }
    }

    /// Waits until some row of the screen contains `text`.
    fn wait_for(&mut self, text: &str) {
        self.wait_until(text, |screen| screen.contents().contains(text));
    }

    fn text(&self) -> String {
        self.screen.screen().contents()
    }

    /// The rows of the screen, trailing blanks left out.
    fn rows(&self) -> Vec<String> {
        let screen = self.screen.screen();
        screen
            .rows(0, screen.size().1)
            .map(|row| row.trim_end().to_string())
            .collect()
    }
}

/// The net of `cube` in spaced letters, as rows trimmed of blanks on both sides.
fn net(cube: &FaceletCube) -> Vec<String> {
    NetGrid::new(cube, NetStyle::SpacedLetters)
        .rows()
        .map(|row| {
            let text: String = row.iter().map(|cell| cell.glyph).collect();
            text.trim().to_string()
        })
        .collect()
}

/// Whether the screen shows `cube`'s net, row after row.
fn shows(play: &Play, cube: &FaceletCube) -> bool {
    let rows: Vec<String> = play
        .rows()
        .iter()
        .map(|r| r[..r.len().min(44)].trim().to_string())
        .collect();
    let expected = net(cube);
    rows.windows(expected.len())
        .any(|window| window == expected)
}

#[test]
fn scramble_turn_undo_and_quit_in_a_terminal() {
    let mut play = Play::start(&["--seed", "1"], &[("NO_COLOR", "1")]);
    play.wait_for("3×3×3  seed 1");
    assert!(play.screen.screen().alternate_screen());

    // Space scrambles: the first WCA (random-state) scramble of seed 1.
    play.press(" ");
    play.wait_for("scramble 1");
    let scramble = rubik::search::Scrambler::new(None).scramble(3, &mut rubik::seeded_rng(1));
    let mut cube = FaceletCube::solved(3);
    cube.apply_alg(&scramble).unwrap();
    assert!(shows(&play, &cube), "{}", play.text());
    let first_moves: Vec<String> = scramble
        .to_string()
        .split(' ')
        .take(3)
        .map(String::from)
        .collect();
    assert!(play.text().contains(&first_moves.join(" ")));

    // Typed notation, then a quick turn, then an undo.
    play.press("iR U R' U'\r");
    play.wait_for("moves 4");
    play.press("r");
    play.wait_for("moves 5");
    play.press("\x7f");
    play.wait_for("moves 4");
    let typed: Alg = "R U R' U'".parse().unwrap();
    cube.apply_alg(&typed).unwrap();
    assert!(shows(&play, &cube), "{}", play.text());
    let history = |row: &String| row.get(44..) == Some("R U R' U'");
    assert!(play.rows().iter().any(history), "{}", play.text());

    // A parse error stays in the input line, with carets under the move.
    play.press("iR Q\r");
    play.wait_for("^ column 3: `Q` is not a move");
    assert!(play.rows().contains(&"> R Q".to_string()));
    play.press("\x15"); // Ctrl-U clears the line; Enter on nothing closes it.
    play.press("\r");
    play.wait_until("the input line closed", |s| !s.contents().contains("> "));

    // q quits and gives the terminal back: main screen, cursor shown.
    play.press("q");
    let status = play.child.wait().unwrap();
    assert!(status.success(), "{status:?}");
    while let Ok(bytes) = play.output.recv_timeout(Duration::from_secs(2)) {
        play.screen.process(&bytes);
    }
    assert!(!play.screen.screen().alternate_screen());
    assert!(!play.screen.screen().hide_cursor());
}

#[test]
fn colours_unless_no_color() {
    let mut play = Play::start(&["--size", "2", "--seed", "3"], &[]);
    play.wait_for("2×2×2  seed 3");
    // The U face of the solved 2×2 is white: a block of colour 231, no letter.
    let white = vt100::Color::Idx(231);
    play.wait_until("a white block", |screen| {
        (0..24).any(|row| {
            (0..80).any(|col| {
                screen
                    .cell(row, col)
                    .is_some_and(|cell| cell.bgcolor() == white)
            })
        })
    });
    assert!(!play.rows().iter().any(|row| row.contains("U U")));
    // A resized terminal is redrawn: the panel moves to the new right edge.
    play.resize(30, 100);
    play.wait_until("the panel at column 64", |screen| {
        screen.contents_between(0, 64, 0, 100).starts_with("2×2×2")
    });
    play.press("\x03"); // Ctrl-C
    assert!(play.child.wait().unwrap().success());
}

#[test]
fn play_needs_a_terminal() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_rubik"))
        .arg("play")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("terminal"));
}
