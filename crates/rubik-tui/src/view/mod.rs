//! Drawing the app: the net on the left, the panel (size, seed, moves, timer, scramble, history,
//! solution) on the right, the input line and the status line at the bottom, and the help
//! overlay on top when asked for.
//!
//! The net itself comes from the library ([`NetGrid`]); this module only picks the largest style
//! that fits and puts its cells on the screen.

use std::ops::Range;
use std::time::Instant;

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};
use rubik::Face;
use rubik::facelet::render::{NetGrid, NetStyle};

use crate::app::{App, InputLine, Mode, Origin, Timer, clock};
use crate::keys::HELP;

/// The narrowest the panel gets; the net may take the rest (a 7×7×7 in blocks: 59 of 80).
const PANEL_MIN: u16 = 20;
/// The widest the panel gets when the net leaves room.
const PANEL_MAX: u16 = 36;
/// The most lines the scramble takes in the panel.
const SCRAMBLE_LINES: usize = 4;
/// Titles, carets and error messages.
const BOLD: Style = Style::new().add_modifier(Modifier::BOLD);
/// Hints.
const DIM: Style = Style::new().add_modifier(Modifier::DIM);

/// Draws the whole screen for the state of `app` at `now`.
pub fn draw(frame: &mut Frame, app: &App, now: Instant) {
    let [main, input_row, status_row] = Layout::vertical([
        Constraint::Fill(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(frame.area());
    let style = net_style(app, main);
    let (net_width, _) = style.extent(app.cube().size());
    let free = main.width.saturating_sub(net_width as u16 + 2);
    let panel_width = free.clamp(PANEL_MIN, PANEL_MAX).min(main.width);
    let [net_area, panel_area] =
        Layout::horizontal([Constraint::Fill(1), Constraint::Length(panel_width)]).areas(main);
    draw_net(frame, app, style, net_area);
    draw_panel(frame, app, now, panel_area);
    draw_bottom(frame, app, input_row, status_row);
    if *app.mode() == Mode::Help {
        draw_help(frame);
    }
}

/// The largest net style of the app's kind (colours or letters) that fits `room` beside the
/// panel, else the most compact one.
fn net_style(app: &App, room: Rect) -> NetStyle {
    let size = app.cube().size();
    let fits = |style: &NetStyle| {
        let (width, height) = style.extent(size);
        width + usize::from(PANEL_MIN) <= usize::from(room.width)
            && height <= usize::from(room.height)
    };
    let mut styles = NetStyle::ALL
        .into_iter()
        .filter(|style| style.is_coloured() == app.colour());
    let largest = styles.clone().find(fits);
    largest
        .or_else(|| styles.next_back())
        .unwrap_or(NetStyle::Letters)
}

/// The net, centred in `area`, or a note that the terminal is too small for it.
fn draw_net(frame: &mut Frame, app: &App, style: NetStyle, area: Rect) {
    let grid = NetGrid::new(app.cube(), style);
    let (width, height) = (grid.width(), grid.height());
    if width > usize::from(area.width) || height > usize::from(area.height) {
        let needed = format!(
            "The net needs {}×{} cells: enlarge the terminal.",
            width + usize::from(PANEL_MIN),
            height + 2
        );
        frame.render_widget(Paragraph::new(needed).wrap(Wrap { trim: true }), area);
        return;
    }
    let left = area.x + (area.width - width as u16) / 2;
    let top = area.y + (area.height - height as u16) / 2;
    let paint = |face: Option<Face>| {
        face.map_or(Color::Reset, |face| {
            Color::Indexed(app.scheme().colour(face).ansi256())
        })
    };
    let buffer: &mut Buffer = frame.buffer_mut();
    for (y, row) in (top..).zip(grid.rows()) {
        for (x, cell) in (left..).zip(row) {
            buffer[(x, y)]
                .set_char(cell.glyph)
                .set_fg(paint(cell.fg))
                .set_bg(paint(cell.bg));
        }
    }
}

/// The panel: the cube and its session, the scramble, the history and the solution.
fn draw_panel(frame: &mut Frame, app: &App, now: Instant, area: Rect) {
    let width = usize::from(area.width.saturating_sub(1)).max(1);
    let size = app.cube().size();
    let timer = match app.timer() {
        Timer::Idle => String::new(),
        Timer::Ready => "time: ready".to_string(),
        Timer::Running(since) => format!("time {}", clock(now.saturating_duration_since(since))),
        Timer::Stopped { time, solved } => {
            let how = if solved { "solved" } else { "stopped" };
            format!("time {} {how}", clock(time))
        }
    };
    let header = vec![
        Line::styled(format!("{size}×{size}×{size}  seed {}", app.seed()), BOLD),
        Line::raw(format!("moves {}", app.moves())),
        Line::raw(timer),
    ];
    let scramble = match app.origin() {
        Origin::Solved => None,
        Origin::Scrambled { alg, number } => Some((format!("scramble {number}"), alg.to_string())),
        Origin::Loaded(_) => Some(("loaded state".to_string(), String::new())),
    };
    let (history_title, history) = if app.simplified() {
        let text = app.history().simplify().map_or_else(
            |error| format!("(cannot simplify: {error})"),
            |alg| alg.to_string(),
        );
        ("moves, simplified (h)", text)
    } else {
        ("moves (h: simplify)", app.history().to_string())
    };
    let scramble_lines = scramble.as_ref().map_or(0, |(_, alg)| {
        let tokens: Vec<&str> = alg.split_whitespace().collect();
        wrap(&tokens, width).len().min(SCRAMBLE_LINES) + 2
    });
    let mut constraints = vec![
        Constraint::Length(4),
        Constraint::Length(scramble_lines as u16),
        Constraint::Fill(1),
    ];
    if app.solution().is_some() {
        constraints.push(Constraint::Fill(1));
    }
    let sections = Layout::vertical(constraints).split(area);
    frame.render_widget(Paragraph::new(header), sections[0]);
    if let Some((title, alg)) = scramble {
        let tokens: Vec<&str> = alg.split_whitespace().collect();
        let body = section(&title, &tokens, width, sections[1].height, Placement::Head);
        frame.render_widget(Paragraph::new(body), sections[1]);
    }
    let tokens: Vec<&str> = history.split_whitespace().collect();
    let body = section(
        history_title,
        &tokens,
        width,
        sections[2].height,
        Placement::Tail,
    );
    frame.render_widget(Paragraph::new(body), sections[2]);
    if let Some(solution) = app.solution() {
        let moves: Vec<String> = solution.moves.iter().map(|m| m.to_string()).collect();
        let tokens: Vec<&str> = moves.iter().map(String::as_str).collect();
        let title = format!("solution {}/{}", solution.done, solution.moves.len());
        let placement = Placement::Around(solution.done);
        let body = section(&title, &tokens, width, sections[3].height, placement);
        frame.render_widget(Paragraph::new(body), sections[3]);
    }
}

/// Which lines of a long section to show.
#[derive(Clone, Copy)]
enum Placement {
    /// The first ones, with `…` when some are left out.
    Head,
    /// The last ones.
    Tail,
    /// Those around this token, which is highlighted (the next solution move).
    Around(usize),
}

/// A section of the panel: a bold title, then `tokens` wrapped to `width`, in `height` lines.
fn section<'a>(
    title: &str,
    tokens: &[&'a str],
    width: usize,
    height: u16,
    placement: Placement,
) -> Vec<Line<'a>> {
    let lines = wrap(tokens, width);
    let room = usize::from(height).saturating_sub(2).max(1);
    let first = match placement {
        Placement::Head => 0,
        Placement::Tail => lines.len().saturating_sub(room),
        Placement::Around(token) => {
            let line = lines.iter().position(|l| l.contains(&token));
            line.unwrap_or(lines.len()).saturating_sub(room / 2)
        }
    }
    .min(lines.len().saturating_sub(room));
    let cut = matches!(placement, Placement::Head) && lines.len() > room;
    let highlight = match placement {
        Placement::Around(token) => Some(token),
        _ => None,
    };
    let mut out = vec![Line::styled(title.to_string(), BOLD)];
    for (n, range) in lines.iter().enumerate().skip(first).take(room) {
        let mut spans = Vec::new();
        for i in range.clone() {
            if i > range.start {
                spans.push(Span::raw(" "));
            }
            let style = if Some(i) == highlight {
                Style::new().add_modifier(Modifier::REVERSED)
            } else {
                Style::new()
            };
            spans.push(Span::styled(tokens[i], style));
        }
        if cut && n + 1 == first + room {
            spans.push(Span::raw(" …"));
        }
        out.push(Line::from(spans));
    }
    out
}

/// Splits `tokens` into lines of at most `width` columns (a longer token gets a line of its
/// own), as ranges of token indices.
fn wrap(tokens: &[&str], width: usize) -> Vec<Range<usize>> {
    let mut lines = Vec::new();
    let (mut start, mut used) = (0, 0);
    for (i, token) in tokens.iter().enumerate() {
        let length = token.chars().count();
        if i > start && used + 1 + length > width {
            lines.push(start..i);
            (start, used) = (i, 0);
        }
        used += if i > start { 1 + length } else { length };
    }
    if start < tokens.len() {
        lines.push(start..tokens.len());
    }
    lines
}

/// The input line (or a hint) and under it the status, or the caret under an input error.
fn draw_bottom(frame: &mut Frame, app: &App, input_row: Rect, status_row: Rect) {
    let Mode::Input(line) = app.mode() else {
        let hint = "Enter: type moves  :  command  Space scramble  Tab solve  ? help  q quit";
        frame.render_widget(Paragraph::new(hint).style(DIM), input_row);
        let status = app.status().map(|status| {
            let style = if !status.error {
                Style::new()
            } else if app.colour() {
                BOLD.fg(Color::Red)
            } else {
                BOLD
            };
            Line::styled(status.text.clone(), style)
        });
        frame.render_widget(Paragraph::new(status.unwrap_or_default()), status_row);
        return;
    };
    let visible = usize::from(input_row.width.saturating_sub(3)).max(1);
    let column = |byte: usize| line.text[..byte].chars().count();
    let offset = (column(line.cursor) + 1).saturating_sub(visible);
    let shown: String = line.text.chars().skip(offset).take(visible).collect();
    frame.render_widget(Paragraph::new(format!("> {shown}")), input_row);
    let cursor_x = input_row.x + 2 + (column(line.cursor) - offset) as u16;
    frame.set_cursor_position((cursor_x, input_row.y));
    let carets = caret_line(line, offset, usize::from(status_row.width));
    frame.render_widget(Paragraph::new(carets), status_row);
}

/// The line under the input: carets under the error's span and the message after them (before
/// them when there is no room after), or a hint.
fn caret_line(line: &InputLine, offset: usize, width: usize) -> Line<'static> {
    let Some(error) = &line.error else {
        let hint = "Enter applies  Esc cancels  ^U clears";
        return Line::styled(hint, DIM);
    };
    let Some(span) = &error.span else {
        return Line::raw(format!("  {}", error.message));
    };
    let start = line.text[..span.start].chars().count();
    let length = line.text[span.clone()].chars().count().max(1);
    let column = 2 + start.saturating_sub(offset);
    let carets = Span::styled("^".repeat(length), BOLD);
    let message = error.message.chars().count();
    if column + length + 1 + message > width && message < column {
        let before = format!("{:>column$}", format!("{} ", error.message));
        return Line::from(vec![Span::raw(before), carets]);
    }
    let after = format!(" {}", error.message);
    Line::from(vec![
        Span::raw(" ".repeat(column)),
        carets,
        Span::raw(after),
    ])
}

/// The key map over the middle of the screen.
fn draw_help(frame: &mut Frame) {
    let keys_width = HELP
        .iter()
        .map(|(k, _)| k.chars().count())
        .max()
        .unwrap_or(0);
    let lines: Vec<Line> = HELP
        .iter()
        .map(|(keys, meaning)| Line::raw(format!(" {keys:<keys_width$}  {meaning} ")))
        .collect();
    let width = lines.iter().map(Line::width).max().unwrap_or(0) as u16 + 2;
    let height = lines.len() as u16 + 2;
    let area = frame.area();
    let popup = Rect {
        x: area.x + area.width.saturating_sub(width) / 2,
        y: area.y + area.height.saturating_sub(height) / 2,
        width: width.min(area.width),
        height: height.min(area.height),
    };
    frame.render_widget(Clear, popup);
    let block = Block::bordered().title(" keys (any key closes this) ");
    frame.render_widget(Paragraph::new(lines).block(block), popup);
}

#[cfg(test)]
mod tests;
