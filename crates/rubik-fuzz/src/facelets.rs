//! The `facelets` target: any text read as a facelet string of any size, validated, and for a
//! 3×3 or a 2×2 converted to pieces and back.

use rubik::cubie::validate;
use rubik::face::Face;
use rubik::facelet::colour::ColourScheme;
use rubik::{CornerCube, CubieCube, FaceletCube};

/// Reads `data` as a facelet string (face or colour letters), as the CLI does. A cube read must
/// have `6N²` stickers and print back as a string that reads as the same cube; validation must
/// agree with the conversion to pieces, and pieces must paint back the same stickers.
pub fn facelets(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let scheme = ColourScheme::default();
    let cube = match FaceletCube::read(text, &scheme) {
        Ok(cube) => cube,
        Err(error) => {
            let _ = (error.to_string(), error.code());
            return;
        }
    };
    let size = cube.size();
    assert_eq!(6 * size * size, text.chars().count());
    assert_eq!(cube.to_string().parse::<FaceletCube>().as_ref(), Ok(&cube));
    let colours = cube.to_colours(&scheme);
    assert_eq!(
        FaceletCube::from_colours(&colours, &scheme).as_ref(),
        Ok(&cube)
    );
    let valid = validate(&cube);
    if let Err(error) = &valid {
        let _ = (error.to_string(), error.code());
    }
    match size {
        3 => match CubieCube::try_from(&cube) {
            Ok(pieces) => {
                assert!(valid.is_ok());
                assert_eq!(
                    FaceletCube::from(&pieces),
                    held_with_standard_centres(&cube)
                );
                assert_eq!(pieces.to_string().parse::<CubieCube>(), Ok(pieces));
            }
            Err(error) => assert_eq!(valid, Err(error)),
        },
        2 => match CornerCube::try_from(&cube) {
            Ok(corners) => {
                assert!(valid.is_ok());
                assert_eq!(
                    CornerCube::try_from(&FaceletCube::from(&corners)),
                    Ok(corners)
                );
                assert_eq!(corners.to_string().parse::<CornerCube>(), Ok(corners));
            }
            Err(error) => assert_eq!(valid, Err(error)),
        },
        _ => {}
    }
}

/// A 3×3 with six distinct centres recoloured so that each centre shows its own face's colour.
fn held_with_standard_centres(cube: &FaceletCube) -> FaceletCube {
    let centres = cube.centres().expect("an odd cube");
    let mut rename = Face::ALL;
    for face in Face::ALL {
        rename[centres[face.index()].index()] = face;
    }
    cube.recoloured(rename)
}
