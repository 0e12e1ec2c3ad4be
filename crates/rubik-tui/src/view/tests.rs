//! The screen drawn on ratatui's test backend and compared with what it must show.

use std::time::Duration;

use crossterm::event::KeyCode;
use proptest::prelude::*;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use rubik::facelet::colour::Colour;

use super::*;
use crate::app::tests::{Driver, any_inputs};

/// Draws the app of `d` on a `width`×`height` test terminal.
fn screen(d: &Driver, width: u16, height: u16) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| draw(frame, &d.app, d.now)).unwrap();
    terminal
}

/// The text of row `y`, trailing blanks left out.
fn row(terminal: &Terminal<TestBackend>, y: u16) -> String {
    let buffer = terminal.backend().buffer();
    let text: String = (0..buffer.area.width)
        .map(|x| buffer[(x, y)].symbol())
        .collect();
    text.trim_end().to_string()
}

/// The expected screen: `lines` as text, bold where the panel has titles, the hint dimmed.
fn expected(lines: &[&str], width: u16, bold: &[Rect]) -> Buffer {
    let padded: Vec<String> = lines
        .iter()
        .map(|line| format!("{line:<width$}", width = usize::from(width)))
        .collect();
    let mut buffer = Buffer::with_lines(padded);
    for &area in bold {
        buffer.set_style(area, Style::new().add_modifier(Modifier::BOLD));
    }
    let hint = Rect::new(0, buffer.area.height - 2, width, 1);
    buffer.set_style(hint, Style::new().add_modifier(Modifier::DIM));
    buffer
}

#[test]
fn a_3x3_after_r_in_letters() {
    let mut d = Driver::with_colour(3, false);
    d.keys("r");
    let lines = [
        "                                            3×3×3  seed 7",
        "                                            moves 1",
        "",
        "",
        "                                            moves (h: simplify)",
        "                                            R",
        "               U U F",
        "               U U F",
        "               U U F",
        "        L L L  F F D  R R R  U B B",
        "        L L L  F F D  R R R  U B B",
        "        L L L  F F D  R R R  U B B",
        "               D D B",
        "               D D B",
        "               D D B",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "Enter: type moves  :  command  Space scramble  Tab solve  ? help  q quit",
        "",
    ];
    let titles = [Rect::new(44, 0, 13, 1), Rect::new(44, 4, 19, 1)];
    screen(&d, 80, 24)
        .backend()
        .assert_buffer(&expected(&lines, 80, &titles));
}

#[test]
fn a_2x2_after_r_in_letters() {
    let mut d = Driver::with_colour(2, false);
    d.keys("r");
    let lines = [
        "                        2×2×2  seed 7",
        "                        moves 1",
        "",
        "       U F",
        "       U F              moves (h: simplify)",
        "  L L  F D  R R  U B    R",
        "  L L  F D  R R  U B",
        "       D B",
        "       D B",
        "",
        "",
        "",
        "Enter: type moves  :  command  Space scramble  Tab solve  ? ",
        "",
    ];
    let titles = [Rect::new(24, 0, 13, 1), Rect::new(24, 4, 19, 1)];
    screen(&d, 60, 14)
        .backend()
        .assert_buffer(&expected(&lines, 60, &titles));
}

/// The background colours of a part of the screen, as colour letters (blank: no colour).
fn backgrounds(terminal: &Terminal<TestBackend>, area: Rect) -> Vec<String> {
    let buffer = terminal.backend().buffer();
    let letter = |colour: Color| {
        let found = Colour::ALL
            .into_iter()
            .find(|c| colour == Color::Indexed(c.ansi256()));
        found.map_or(' ', Colour::letter)
    };
    (area.top()..area.bottom())
        .map(|y| {
            let row: String = (area.left()..area.right())
                .map(|x| letter(buffer[(x, y)].bg))
                .collect();
            row.trim_end().to_string()
        })
        .collect()
}

#[test]
fn a_3x3_after_r_in_colour() {
    let mut d = Driver::new(3);
    d.keys("r");
    let terminal = screen(&d, 80, 24);
    let picture = [
        "       WWWWGG",
        "       WWWWGG",
        "       WWWWGG",
        "OOOOOO GGGGYY RRRRRR WWBBBB",
        "OOOOOO GGGGYY RRRRRR WWBBBB",
        "OOOOOO GGGGYY RRRRRR WWBBBB",
        "       YYYYBB",
        "       YYYYBB",
        "       YYYYBB",
    ];
    assert_eq!(backgrounds(&terminal, Rect::new(8, 6, 27, 9)), picture);
    assert_eq!(row(&terminal, 6), "", "blocks of colour, no letters");
}

#[test]
fn a_scheme_paints_the_net() {
    let mut d = Driver::new(2);
    d.app = crate::app::App::new(&crate::Config {
        size: 2,
        seed: 1,
        scheme: "YOBWRG".parse().unwrap(),
        colour: true,
        tables: None,
        table_size: rubik::search::two_phase::TableSize::Tiny,
    });
    let terminal = screen(&d, 60, 14);
    let picture = [
        "     YYYY",
        "     YYYY",
        "RRRR BBBB OOOO GGGG",
        "RRRR BBBB OOOO GGGG",
    ];
    assert_eq!(backgrounds(&terminal, Rect::new(2, 3, 19, 4)), picture);
}

#[test]
fn big_cubes_are_drawn_smaller_until_they_no_longer_fit() {
    // (size, colour) → the style for 80×24, and what its first row of U ends with.
    let cases = [
        (7, true, NetStyle::Blocks, ""),
        (8, true, NetStyle::HalfBlocks, "▀"),
        (14, true, NetStyle::HalfBlocks, "▀"),
        (7, false, NetStyle::SpacedLetters, "U"),
    ];
    for (size, colour, style, glyph) in cases {
        let d = Driver::with_colour(size, colour);
        assert_eq!(net_style(&d.app, Rect::new(0, 0, 80, 22)), style, "{size}");
        let terminal = screen(&d, 80, 24);
        let text: Vec<String> = (0..22).map(|y| row(&terminal, y)).collect();
        assert!(text.iter().any(|line| line.ends_with(glyph)), "{size}");
        assert!(!text.iter().any(|line| line.contains("enlarge")), "{size}");
    }
    // Letters take a row per sticker row: an 8×8×8 needs 26 rows. Too small a terminal says so.
    let cases = [
        (8, false, "The net needs 55×26"),
        (15, true, "The net needs 83×25"),
    ];
    for (size, colour, note) in cases {
        let d = Driver::with_colour(size, colour);
        assert!(row(&screen(&d, 80, 24), 0).starts_with(note), "{size}");
        let (width, height) = net_style(&d.app, Rect::new(0, 0, 80, 22)).extent(size);
        let roomy = screen(&d, width as u16 + PANEL_MIN, height as u16 + 2);
        assert!(!row(&roomy, 0).contains("The net"), "{size}");
    }
}

#[test]
fn the_help_overlay() {
    let mut d = Driver::new(3);
    d.keys("?");
    let terminal = screen(&d, 80, 24);
    let overlay: Vec<String> = (2..22).map(|y| row(&terminal, y)).collect();
    let expected = [
        "   ┌ keys (any key closes this) ───────────────────────────────────────────┐",
        "   │ u r f d l b     turn U R F D L B clockwise (shift: counter-clockwise) │",
        "   │ m e s           turn the slice M E S (shift: inverted)                │",
        "   │ x y z           rotate the cube (shift: inverted)                     │",
        "   │ 2..9 then r     turn one inner layer: 2 r is 2R                       │",
        "   │ Backspace ^Z    undo                                                  │",
        "   │ ^Y              redo                                                  │",
        "   │ Enter i         type moves (R U R' U', Rw, 2-3Rw, M, x, [R, U]...)    │",
        "   │ :               type a command (below)                                │",
        "   │ Space           scramble                                              │",
        "   │ ^R              reset to the solved cube                              │",
        "   │ Tab             show or hide a solution; <- -> step through it        │",
        "   │ h               history simplified or as made                         │",
        "   │ c C             copy the state / the moves (OSC 52)                   │",
        "   │ ? q Esc ^C      this help; quit (Esc first hides a solution)          │",
        "   │ :load STATE     load a facelet string (face or colour letters)        │",
        "   │ :save FILE      write the state and the moves to FILE                 │",
        "   │ :scramble SEED  scramble from SEED (without: the next scramble)       │",
        "   │ :reset          reset to the solved cube                              │",
        "   └───────────────────────────────────────────────────────────────────────┘",
    ];
    assert_eq!(overlay, expected);
}

#[test]
fn a_parse_error_is_shown_inline_with_carets() {
    let mut d = Driver::new(3);
    d.enter("R U 3Rw");
    let mut terminal = screen(&d, 80, 24);
    assert_eq!(row(&terminal, 22), "> R U 3Rw");
    assert_eq!(
        row(&terminal, 23),
        "      ^^^ column 5: `3Rw` turns every layer of a 3×3×3; write x"
    );
    let buffer = terminal.backend().buffer();
    assert_eq!(buffer[(6, 23)].modifier, Modifier::BOLD);
    terminal.backend_mut().assert_cursor_position((6, 22));
}

#[test]
fn a_long_input_scrolls_and_the_carets_follow() {
    let mut d = Driver::new(3);
    d.enter(&format!("{}X R", "R U ".repeat(30)));
    let terminal = screen(&d, 80, 24);
    let (input, carets) = (row(&terminal, 22), row(&terminal, 23));
    let x = input.find('X').unwrap();
    assert_eq!(carets.find('^'), Some(x));
    // No room after the caret at the right edge: the message stands before it.
    assert!(
        carets.ends_with("column 121: `X` is not a move ^"),
        "{carets}"
    );
    d.code(KeyCode::End);
    let Mode::Input(line) = d.app.mode() else {
        unreachable!()
    };
    assert_eq!(line.cursor, 123);
    assert_eq!(row(&screen(&d, 80, 24), 22).chars().last(), Some('R'));
}

#[test]
fn the_panel_follows_the_session() {
    let mut d = Driver::new(3);
    d.keys(" ").keys("r");
    let terminal = screen(&d, 80, 24);
    assert_eq!(row(&terminal, 1), format!("{:44}moves 1", ""));
    assert_eq!(row(&terminal, 2), format!("{:44}time 0.00", ""));
    assert_eq!(row(&terminal, 4), format!("{:44}scramble 1", ""));
    d.now += Duration::from_millis(61_230);
    let terminal = screen(&d, 80, 24);
    assert_eq!(row(&terminal, 2), format!("{:44}time 1:01.23", ""));
    // The solution, with the next move highlighted, and the timer stopped.
    d.code(KeyCode::Tab).code(KeyCode::Right);
    let terminal = screen(&d, 80, 24);
    assert_eq!(row(&terminal, 2), format!("{:44}time 1:02.23 stopped", ""));
    let solution = d.app.solution().unwrap().clone();
    let title_row = (0..22)
        .find(|&y| row(&terminal, y).contains("solution 1/"))
        .unwrap();
    let next = solution.moves[1].to_string();
    let shown = row(&terminal, title_row + 1);
    let x = shown.find(&format!(" {next}")).unwrap() + 1;
    let buffer = terminal.backend().buffer();
    assert_eq!(
        buffer[(x as u16, title_row + 1)].modifier,
        Modifier::REVERSED
    );
    // The history simplified on demand.
    let mut d = Driver::new(3);
    d.keys("rrrUu").keys("h");
    let terminal = screen(&d, 80, 24);
    assert_eq!(row(&terminal, 4), format!("{:44}moves, simplified (h)", ""));
    assert_eq!(row(&terminal, 5), format!("{:44}R'", ""));
}

#[test]
fn wrapping_keeps_tokens_whole() {
    let tokens = ["R", "U2", "Rw'", "F", "2-3Rw2'"];
    assert_eq!(wrap(&tokens, 6), [0..2, 2..4, 4..5]);
    assert_eq!(wrap(&tokens, 100), vec![(0..5)]);
    assert_eq!(wrap(&tokens, 1), [0..1, 1..2, 2..3, 3..4, 4..5]);
    assert!(wrap(&[], 5).is_empty());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// Whatever happened and however small the terminal, drawing never panics.
    #[test]
    fn any_state_draws_on_any_terminal(
        size in 1usize..=8,
        colour in any::<bool>(),
        inputs in any_inputs(),
        width in 0u16..=120,
        height in 0u16..=40,
    ) {
        let mut d = Driver::with_colour(size, colour);
        for input in &inputs {
            d.input(input);
        }
        screen(&d, width, height);
    }
}
