//! Pictures of a [`FaceletCube`]: the unfolded net as letters, as terminal colours, and as SVG.
//!
//! All three walk the same net layout, the one of the facelet string:
//!
//! ```text
//!     U
//! L   F   R   B
//!     D
//! ```

use std::fmt::Write;

use super::FaceletCube;
use super::colour::ColourScheme;
use crate::face::Face;

/// Where each face sits in the net, in face-sized blocks: (column, row).
const fn block(face: Face) -> (usize, usize) {
    match face {
        Face::U => (1, 0),
        Face::L => (0, 1),
        Face::F => (1, 1),
        Face::R => (2, 1),
        Face::B => (3, 1),
        Face::D => (1, 2),
    }
}

/// The faces of one band of the net (0 = U, 1 = L F R B, 2 = D), by block column.
fn band(row: usize) -> [Option<Face>; 4] {
    std::array::from_fn(|column| Face::ALL.into_iter().find(|&f| block(f) == (column, row)))
}

/// How a net draws each sticker in a grid of text cells (a terminal's character cells).
///
/// Faces are one blank cell apart across; the bands U, L F R B and D follow each other with no
/// gap. Cells are about twice as tall as wide, so [`Blocks`](NetStyle::Blocks) and
/// [`HalfBlocks`](NetStyle::HalfBlocks) draw roughly square stickers.
///
/// ```
/// use rubik::facelet::render::NetStyle;
/// // A 7×7×7 in blocks takes 59 columns and 21 rows; in half blocks, 31 by 11.
/// assert_eq!(NetStyle::Blocks.extent(7), (59, 21));
/// assert_eq!(NetStyle::HalfBlocks.extent(7), (31, 11));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NetStyle {
    /// The face letter and a blank (`U U U`): two cells per sticker.
    SpacedLetters,
    /// The face letter alone (`UUU`), as [`net`] writes it: one cell per sticker.
    Letters,
    /// A block of colour two cells wide (the sticker's face in the background).
    Blocks,
    /// Two stickers stacked in one cell: an upper half block `▀` in the upper sticker's colour
    /// (foreground) over the lower one's (background), or `▄` where only a lower sticker is
    /// there. One cell wide and half a cell tall per sticker: the most compact form.
    HalfBlocks,
}

impl NetStyle {
    /// Every style, from the largest to the most compact, letters before colours.
    pub const ALL: [NetStyle; 4] = [
        NetStyle::SpacedLetters,
        NetStyle::Letters,
        NetStyle::Blocks,
        NetStyle::HalfBlocks,
    ];

    /// Whether the style paints colours (`Blocks`, `HalfBlocks`) rather than writing letters.
    pub const fn is_coloured(self) -> bool {
        matches!(self, NetStyle::Blocks | NetStyle::HalfBlocks)
    }

    /// Cells across per sticker.
    const fn sticker_width(self) -> usize {
        match self {
            NetStyle::SpacedLetters | NetStyle::Blocks => 2,
            NetStyle::Letters | NetStyle::HalfBlocks => 1,
        }
    }

    /// The size of the net of a cube of size `size` in this style: (columns, rows) of cells.
    pub const fn extent(self, size: usize) -> (usize, usize) {
        let width = 4 * size * self.sticker_width() + 3;
        let height = match self {
            NetStyle::HalfBlocks => (3 * size).div_ceil(2),
            _ => 3 * size,
        };
        (width, height)
    }
}

/// One text cell of a drawn net: a character, and for the coloured styles the faces whose
/// colours paint its foreground and background (the frontend picks the colours, from a
/// [`ColourScheme`] or otherwise).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NetCell {
    /// The character to draw.
    pub glyph: char,
    /// The face whose colour the character is drawn in, if any.
    pub fg: Option<Face>,
    /// The face whose colour fills the cell behind the character, if any.
    pub bg: Option<Face>,
}

impl NetCell {
    /// An empty cell: a blank, no colours.
    pub const BLANK: NetCell = NetCell {
        glyph: ' ',
        fg: None,
        bg: None,
    };
}

/// The net of a cube as a rectangle of text cells, ready to be put on a terminal (or written,
/// as [`net`] and [`net_ansi`] do).
///
/// ```
/// use rubik::facelet::render::{NetGrid, NetStyle};
/// use rubik::{Face, FaceletCube};
/// let grid = NetGrid::new(&FaceletCube::solved(2), NetStyle::HalfBlocks);
/// assert_eq!((grid.width(), grid.height()), NetStyle::HalfBlocks.extent(2));
/// // The second row of cells shows the top rows of L F R B; F's first cell is green over green.
/// let cell = grid.rows().nth(1).unwrap()[3];
/// assert_eq!((cell.glyph, cell.fg, cell.bg), ('▀', Some(Face::F), Some(Face::F)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetGrid {
    width: usize,
    cells: Vec<NetCell>,
}

impl NetGrid {
    /// Draws the net of `cube` in `style`.
    pub fn new(cube: &FaceletCube, style: NetStyle) -> NetGrid {
        let n = cube.size();
        let (width, height) = style.extent(n);
        let mut cells = vec![NetCell::BLANK; width * height];
        for net_row in 0..3 * n {
            for (column, face) in band(net_row / n).into_iter().enumerate() {
                let Some(face) = face else { continue };
                for col in 0..n {
                    let sticker = cube.sticker(face, net_row % n, col);
                    // One blank cell after each face's block of columns.
                    let x = (column * n + col) * style.sticker_width() + column;
                    paint(&mut cells, width, x, net_row, sticker, style);
                }
            }
        }
        NetGrid { width, cells }
    }

    /// Columns of cells.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows of cells.
    pub fn height(&self) -> usize {
        self.cells.len().checked_div(self.width).unwrap_or(0)
    }

    /// The rows of cells, top to bottom, each `width` cells long.
    pub fn rows(&self) -> impl Iterator<Item = &[NetCell]> {
        self.cells.chunks(self.width)
    }

    /// The rows with their trailing blank cells left out.
    fn trimmed_rows(&self) -> impl Iterator<Item = &[NetCell]> {
        self.rows().map(|row| {
            let used = row.iter().rposition(|c| *c != NetCell::BLANK);
            &row[..used.map_or(0, |last| last + 1)]
        })
    }
}

/// Paints `sticker`, the one at sticker row `net_row` whose cells start at column `x`.
fn paint(
    cells: &mut [NetCell],
    width: usize,
    x: usize,
    net_row: usize,
    sticker: Face,
    style: NetStyle,
) {
    let letter = NetCell {
        glyph: sticker.letter(),
        ..NetCell::BLANK
    };
    let block = NetCell {
        bg: Some(sticker),
        ..NetCell::BLANK
    };
    match style {
        NetStyle::SpacedLetters | NetStyle::Letters => cells[net_row * width + x] = letter,
        NetStyle::Blocks => cells[net_row * width + x..][..2].fill(block),
        NetStyle::HalfBlocks => {
            let cell = &mut cells[net_row / 2 * width + x];
            // Rows come top to bottom, so an odd row finds its upper half already painted.
            *cell = match (net_row % 2, cell.fg) {
                (0, _) => NetCell {
                    glyph: '▀',
                    fg: Some(sticker),
                    bg: None,
                },
                (_, Some(upper)) => NetCell {
                    glyph: '▀',
                    fg: Some(upper),
                    bg: Some(sticker),
                },
                (_, None) => NetCell {
                    glyph: '▄',
                    fg: Some(sticker),
                    bg: None,
                },
            };
        }
    }
}

/// The net in face letters, one line per sticker row.
///
/// ```
/// let net = rubik::facelet::render::net(&rubik::FaceletCube::solved(2));
/// assert_eq!(net, "   UU\n   UU\nLL FF RR BB\nLL FF RR BB\n   DD\n   DD\n");
/// ```
pub fn net(cube: &FaceletCube) -> String {
    let mut out = String::new();
    for row in NetGrid::new(cube, NetStyle::Letters).trimmed_rows() {
        out.extend(row.iter().map(|cell| cell.glyph));
        out.push('\n');
    }
    out
}

/// The net in terminal colours (256-colour ANSI): two-cell blocks up to 12×12, half blocks
/// beyond, so that a 20×20 still fits a wide terminal. Neighbouring cells of the same colours
/// share one escape sequence.
pub fn net_ansi(cube: &FaceletCube, scheme: &ColourScheme) -> String {
    let style = if cube.size() <= 12 {
        NetStyle::Blocks
    } else {
        NetStyle::HalfBlocks
    };
    let grid = NetGrid::new(cube, style);
    let mut out = String::new();
    for row in grid.trimmed_rows() {
        for run in row.chunk_by(|a, b| (a.fg, a.bg) == (b.fg, b.bg)) {
            let glyphs: String = run.iter().map(|cell| cell.glyph).collect();
            let codes: Vec<String> = [(38, run[0].fg), (48, run[0].bg)]
                .into_iter()
                .filter_map(|(layer, face)| {
                    face.map(|face| format!("{layer};5;{}", scheme.colour(face).ansi256()))
                })
                .collect();
            if codes.is_empty() {
                out.push_str(&glyphs);
            } else {
                let _ = write!(out, "\x1b[{}m{glyphs}\x1b[0m", codes.join(";"));
            }
        }
        out.push('\n');
    }
    out
}

/// A standalone SVG image of the net, each face 120 units wide whatever the size.
pub fn svg(cube: &FaceletCube, scheme: &ColourScheme) -> String {
    const FACE: f64 = 120.0;
    const GAP: f64 = 6.0;
    let n = cube.size();
    let cell = FACE / n as f64;
    let stroke = (cell * 0.08).clamp(0.3, 2.0);
    let width = 4.0 * FACE + 5.0 * GAP;
    let height = 3.0 * FACE + 4.0 * GAP;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width} {height}\" \
         width=\"{}\" height=\"{}\">\n<g stroke=\"#000\" stroke-width=\"{stroke:.2}\">\n",
        width * 2.0,
        height * 2.0
    );
    for face in Face::ALL {
        let (column, row) = block(face);
        let left = GAP + column as f64 * (FACE + GAP);
        let top = GAP + row as f64 * (FACE + GAP);
        for r in 0..n {
            for c in 0..n {
                let colour = scheme.colour(cube.sticker(face, r, c));
                let _ = writeln!(
                    out,
                    "<rect x=\"{:.3}\" y=\"{:.3}\" width=\"{cell:.3}\" height=\"{cell:.3}\" fill=\"{}\"/>",
                    left + c as f64 * cell,
                    top + r as f64 * cell,
                    colour.hex()
                );
            }
        }
    }
    out.push_str("</g>\n</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::face::Axis;
    use crate::turn::Turn;

    /// The solved 3×3 after R.
    fn turned_r() -> FaceletCube {
        let mut cube = FaceletCube::solved(3);
        cube.turn(Turn {
            axis: Axis::X,
            first: 0,
            last: 0,
            quarters: 1,
        });
        cube
    }

    #[test]
    fn net_places_each_face_in_its_block() {
        let cube = turned_r();
        let expected = "    UUF\n    UUF\n    UUF\n\
                        LLL FFD RRR UBB\nLLL FFD RRR UBB\nLLL FFD RRR UBB\n\
                        \x20   DDB\n    DDB\n    DDB\n";
        assert_eq!(net(&cube), expected);
    }

    #[test]
    fn ansi_net_paints_runs_of_one_colour() {
        let cube = turned_r();
        let text = net_ansi(&cube, &ColourScheme::default());
        let first_row = "       \x1b[48;5;231m    \x1b[0m\x1b[48;5;34m  \x1b[0m";
        assert_eq!(text.lines().next(), Some(first_row));
        assert_eq!(text.lines().count(), 9);
        let big = net_ansi(&FaceletCube::solved(13), &ColourScheme::default());
        assert_eq!(
            big.lines().count(),
            20,
            "half blocks: two sticker rows a line"
        );
        assert!(big.contains("\x1b[38;5;231;48;5;231m▀"));
    }

    /// The rows of a grid as text, with each coloured cell shown by its colours' face letters.
    fn picture(grid: &NetGrid) -> Vec<String> {
        let name = |face: Option<Face>| face.map_or('.', Face::letter);
        grid.rows()
            .map(|row| {
                row.iter()
                    .map(|cell| match (cell.fg, cell.bg) {
                        (None, None) => cell.glyph.to_string(),
                        (fg, bg) => format!("{}{}{}", cell.glyph, name(fg), name(bg)),
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn every_style_lays_out_the_same_net() {
        let mut cube = FaceletCube::solved(3);
        cube.turn(Turn {
            axis: Axis::Y,
            first: 0,
            last: 0,
            quarters: 1,
        });
        let spaced = NetGrid::new(&cube, NetStyle::SpacedLetters);
        assert_eq!(picture(&spaced)[3], "F F F  R R R  B B B  L L L ");
        let letters = picture(&NetGrid::new(&cube, NetStyle::Letters));
        assert_eq!(letters[3], "FFF RRR BBB LLL");
        let blocks = picture(&NetGrid::new(&cube, NetStyle::Blocks));
        assert_eq!(
            blocks[0].trim_end(),
            format!("{}{}", " ".repeat(7), " .U".repeat(6))
        );
        for style in NetStyle::ALL {
            let grid = NetGrid::new(&cube, style);
            assert_eq!((grid.width(), grid.height()), style.extent(3), "{style:?}");
            let painted = grid.rows().flatten().filter(|c| **c != NetCell::BLANK);
            let per_sticker = if style == NetStyle::Blocks { 2.0 } else { 1.0 };
            let stickers = if style == NetStyle::HalfBlocks {
                33.0
            } else {
                54.0
            };
            assert_eq!(painted.count() as f64, per_sticker * stickers, "{style:?}");
        }
    }

    #[test]
    fn half_blocks_stack_two_sticker_rows_per_cell() {
        let cube = FaceletCube::solved(3);
        let rows = picture(&NetGrid::new(&cube, NetStyle::HalfBlocks));
        let expected = [
            "    ▀UU▀UU▀UU",
            "▄L.▄L.▄L. ▀UF▀UF▀UF ▄R.▄R.▄R. ▄B.▄B.▄B.",
            "▀LL▀LL▀LL ▀FF▀FF▀FF ▀RR▀RR▀RR ▀BB▀BB▀BB",
            "    ▀DD▀DD▀DD",
            "    ▀D.▀D.▀D.",
        ];
        let trimmed: Vec<&str> = rows.iter().map(|r| r.trim_end()).collect();
        assert_eq!(trimmed, expected);
    }

    #[test]
    fn svg_has_one_rect_per_sticker() {
        for n in [1, 3, 20] {
            let picture = svg(&FaceletCube::solved(n), &ColourScheme::default());
            assert!(picture.starts_with("<svg xmlns="));
            assert!(picture.trim_end().ends_with("</svg>"));
            assert_eq!(picture.matches("<rect").count(), 6 * n * n);
        }
    }
}
