//! Cancellation of moves across stages.

use crate::search::Stage;
use crate::turn::Turn;

/// The stages with turns of the same block merged (or cancelled) wherever only turns about the
/// same axis stand between them, within and across stages; a merged turn stays in the earlier
/// stage.
pub(super) fn cancel(stages: Vec<(&'static str, Vec<Turn>)>) -> Vec<Stage> {
    let mut kept: Vec<(usize, Turn)> = Vec::new();
    for (index, (_, turns)) in stages.iter().enumerate() {
        for &turn in turns {
            push(&mut kept, index, turn);
        }
    }
    stages
        .iter()
        .enumerate()
        .map(|(index, (name, _))| Stage {
            name,
            turns: kept
                .iter()
                .filter(|(i, _)| *i == index)
                .map(|&(_, t)| t)
                .collect(),
        })
        .collect()
}

fn push(kept: &mut Vec<(usize, Turn)>, stage: usize, turn: Turn) {
    for i in (0..kept.len()).rev() {
        let other = &mut kept[i].1;
        if other.axis != turn.axis {
            break;
        }
        if (other.first, other.last) == (turn.first, turn.last) {
            other.quarters = (other.quarters + turn.quarters) % 4;
            if other.quarters == 0 {
                kept.remove(i);
            }
            return;
        }
    }
    kept.push((stage, turn));
}
