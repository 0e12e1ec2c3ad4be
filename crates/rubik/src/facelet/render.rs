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

/// Writes the net row by row: `sticker` writes one sticker, `blank` one empty sticker's width;
/// one space separates the faces, and trailing blanks are left out.
fn write_net(
    cube: &FaceletCube,
    mut sticker: impl FnMut(&mut String, Face),
    blank: &str,
) -> String {
    let n = cube.size();
    let mut out = String::new();
    for net_row in 0..3 * n {
        let faces = band(net_row / n);
        let used = faces.iter().rposition(Option::is_some).map_or(0, |c| c + 1);
        for (column, face) in faces[..used].iter().enumerate() {
            if column > 0 {
                out.push(' ');
            }
            for col in 0..n {
                match face {
                    Some(face) => sticker(&mut out, cube.sticker(*face, net_row % n, col)),
                    None => out.push_str(blank),
                }
            }
        }
        out.push('\n');
    }
    out
}

/// The net in face letters, one line per sticker row.
///
/// ```
/// let net = rubik::facelet::render::net(&rubik::FaceletCube::solved(2));
/// assert_eq!(net, "   UU\n   UU\nLL FF RR BB\nLL FF RR BB\n   DD\n   DD\n");
/// ```
pub fn net(cube: &FaceletCube) -> String {
    write_net(cube, |out, face| out.push(face.letter()), " ")
}

/// The net in terminal colours (256-colour ANSI backgrounds): two columns per sticker up to
/// 12×12, one beyond, so that a 20×20 still fits a wide terminal.
pub fn net_ansi(cube: &FaceletCube, scheme: &ColourScheme) -> String {
    let cell = if cube.size() <= 12 { "  " } else { " " };
    write_net(
        cube,
        |out, face| {
            let code = scheme.colour(face).ansi256();
            let _ = write!(out, "\x1b[48;5;{code}m{cell}\x1b[0m");
        },
        cell,
    )
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

    #[test]
    fn net_places_each_face_in_its_block() {
        let mut cube = FaceletCube::solved(3);
        cube.turn(Turn {
            axis: Axis::X,
            first: 0,
            last: 0,
            quarters: 1,
        });
        let expected = "    UUF\n    UUF\n    UUF\n\
                        LLL FFD RRR UBB\nLLL FFD RRR UBB\nLLL FFD RRR UBB\n\
                        \x20   DDB\n    DDB\n    DDB\n";
        assert_eq!(net(&cube), expected);
    }

    #[test]
    fn ansi_net_colours_every_sticker() {
        let cube = FaceletCube::solved(3);
        let text = net_ansi(&cube, &ColourScheme::default());
        assert_eq!(text.matches("\x1b[48;5;").count(), 54);
        assert_eq!(
            text.matches("\x1b[48;5;34m").count(),
            9,
            "nine green F stickers"
        );
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
