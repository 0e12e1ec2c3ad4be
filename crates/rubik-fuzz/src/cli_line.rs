//! The `cli_line` target: one batch line through the line handler of each command that reads
//! lines (`rubik apply -`, `solve -`, ...), as the program answers it.

use rubik::FaceletCube;
use rubik::facelet::colour::ColourScheme;
use rubik::notation::Alg;
use rubik_cli::{LineCommand, answer_line};

/// The cube sizes `apply` and `order` are given (0 and 1001 are refused).
const SIZES: [u16; 8] = [0, 1, 2, 3, 4, 5, 9, 1001];

/// The longest message an error may print for one line: it quotes a window of the input, never
/// the whole of a long line.
const LONGEST_MESSAGE: usize = 1_000;

/// `data` is a byte choosing the command (and the size, for `apply` and `order`), then the line.
/// An answer is one line; an error's message is short; a solution solves the state it answers.
pub fn cli_line(data: &[u8]) {
    let Some((&selector, line)) = data.split_first() else {
        return;
    };
    let size = SIZES[usize::from(selector >> 4) % SIZES.len()];
    let command = match selector % 9 {
        0 => LineCommand::Apply { size },
        1 => LineCommand::Show,
        2 => LineCommand::Validate,
        3 => LineCommand::Invert,
        4 => LineCommand::Simplify,
        5 => LineCommand::Expand,
        6 => LineCommand::Order { size },
        7 => LineCommand::Solve,
        _ => LineCommand::SolveBfs,
    };
    match answer_line(command, line) {
        Ok(answer) => {
            assert!(!answer.contains('\n'), "{command:?}: {answer:?}");
            if matches!(command, LineCommand::Solve | LineCommand::SolveBfs) {
                check_solution(line, &answer);
            }
        }
        Err(error) => {
            let message = error.message().unwrap_or_default();
            assert!(
                message.len() <= LONGEST_MESSAGE,
                "{command:?}: a {}-byte message",
                message.len()
            );
        }
    }
}

/// Builds the solvers' tables (in memory, a second or more) before the first input, so that
/// the fuzzer's time limit on one input does not count them.
pub fn warm_up() {
    for state in [
        "UFUFRRRRFDFDDBDBLLLLUBUB",
        "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB",
    ] {
        answer_line(LineCommand::Solve, state.as_bytes()).expect("a solvable state");
    }
}

/// Checks that `solution` solves the state written in `line`, when the line is a state as it
/// stands (a line the solver had to trim or read otherwise is not checked).
fn check_solution(line: &[u8], solution: &str) {
    let Some(mut cube) = std::str::from_utf8(line)
        .ok()
        .and_then(|text| FaceletCube::read(text, &ColourScheme::default()).ok())
    else {
        return;
    };
    let alg: Alg = solution.parse().expect("a solution is notation");
    cube.apply_alg(&alg)
        .expect("a solution's moves fit the cube");
    assert!(cube.is_solved(), "{solution} does not solve {cube}");
}
