//! The terminal around the app: raw mode and the alternate screen in, the same out again on
//! every way out (return, error or panic), and the event loop that feeds the app.

use std::io::{self, Stdout, Write};
use std::time::{Duration, Instant};

use crossterm::event::{self, DisableBracketedPaste, EnableBracketedPaste, Event};
use crossterm::terminal::{self, EnterAlternateScreen, LeaveAlternateScreen};
use crossterm::{cursor, execute};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;

use crate::Config;
use crate::app::{App, Effect, Timer};
use crate::view;

/// How often the screen is redrawn while the timer runs.
const TICK: Duration = Duration::from_millis(50);

/// Raw mode and the alternate screen while it lives; dropping it puts the terminal back.
struct Session;

impl Session {
    fn start() -> io::Result<Session> {
        install_panic_hook();
        terminal::enable_raw_mode()?;
        // From here on, dropping the session restores whatever was switched on.
        let session = Session;
        execute!(io::stdout(), EnterAlternateScreen, EnableBracketedPaste)?;
        // Start listening for events (and resize signals) before the first size is read, so
        // that a resize during the first draw is not missed.
        event::poll(Duration::ZERO)?;
        Ok(session)
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        restore();
    }
}

/// Puts the terminal back as it was: cooked mode, the main screen, a visible cursor. Safe to
/// call more than once.
fn restore() {
    let _ = execute!(
        io::stdout(),
        DisableBracketedPaste,
        LeaveAlternateScreen,
        cursor::Show
    );
    let _ = terminal::disable_raw_mode();
}

/// Restores the terminal before the panic message is printed, so that it is readable.
fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        previous(info);
    }));
}

/// Runs the app until the user quits.
pub fn run(config: &Config) -> io::Result<()> {
    let session = Session::start()?;
    let mut terminal = Terminal::new(CrosstermBackend::new(io::stdout()))?;
    let mut app = App::new(config);
    let result = event_loop(&mut terminal, &mut app);
    drop(session);
    result
}

fn event_loop(terminal: &mut Terminal<CrosstermBackend<Stdout>>, app: &mut App) -> io::Result<()> {
    while !app.finished() {
        terminal.draw(|frame| view::draw(frame, app, Instant::now()))?;
        let ticking = matches!(app.timer(), Timer::Running(_));
        if ticking && !event::poll(TICK)? {
            continue;
        }
        let effect = match event::read()? {
            Event::Key(key) => app.handle_key(key, Instant::now()),
            Event::Paste(text) => {
                app.handle_paste(&text);
                None
            }
            // A resize needs nothing but the redraw at the top of the loop.
            _ => None,
        };
        match effect {
            Some(Effect::Copy(text)) => {
                let backend = terminal.backend_mut();
                write!(backend, "{}", osc52(&text))?;
                backend.flush()?;
            }
            Some(Effect::Save { path, contents }) => {
                let result = std::fs::write(&path, contents);
                app.saved(&path, result);
            }
            None => {}
        }
    }
    Ok(())
}

/// The OSC 52 sequence that asks the terminal to put `text` on the clipboard.
fn osc52(text: &str) -> String {
    const DIGITS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut encoded = String::new();
    for chunk in text.as_bytes().chunks(3) {
        let bytes = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let word = u32::from_be_bytes([0, bytes[0], bytes[1], bytes[2]]);
        for k in 0..4 {
            if k <= chunk.len() {
                encoded.push(char::from(DIGITS[(word >> (18 - 6 * k) & 63) as usize]));
            } else {
                encoded.push('=');
            }
        }
    }
    format!("\x1b]52;c;{encoded}\x07")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn osc52_is_base64_in_the_sequence() {
        // The examples of RFC 4648 §10.
        let cases = [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ];
        for (text, base64) in cases {
            assert_eq!(osc52(text), format!("\x1b]52;c;{base64}\x07"), "{text:?}");
        }
    }
}
