//! [`Budget`]: what stops a search however far it got, the same for every search: a time, a
//! cancel flag and a number of search nodes. A stopped search says so and returns what it has.
//! A budget is a value that can be reused from search to search; each search starts its clock
//! ([`Budget::start`]) when it begins.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// When a search must stop, however far it got. The default stops nothing.
///
/// ```
/// use std::time::Duration;
/// use rubik::search::Budget;
/// let budget = Budget { nodes: Some(1_000_000), ..Budget::time(Duration::from_secs(2)) };
/// assert!(budget.is_limited() && !Budget::default().is_limited());
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Budget<'a> {
    /// Stop after this long (the clock checked every few thousand nodes).
    pub time: Option<Duration>,
    /// Stop after visiting about this many search nodes (a breadth-first search counts the
    /// states it stores).
    pub nodes: Option<u64>,
    /// Stop as soon as this becomes true (checked every few thousand nodes).
    pub cancel: Option<&'a AtomicBool>,
}

/// Why a budget stopped a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The time ran out.
    Timeout,
    /// The node limit was reached.
    Nodes,
    /// The cancel flag was raised.
    Cancelled,
}

impl<'a> Budget<'a> {
    /// A budget of `time`, and nothing else.
    pub fn time(time: Duration) -> Budget<'static> {
        Budget {
            time: Some(time),
            ..Budget::default()
        }
    }

    /// Whether a time or a node limit will end the search (a cancel flag may never be
    /// raised).
    pub fn is_limited(&self) -> bool {
        self.time.is_some() || self.nodes.is_some()
    }

    /// The budget of a search that begins now: its deadline set.
    pub(crate) fn start(&self) -> Running<'a> {
        Running {
            deadline: self.time.map(|time| Instant::now() + time),
            node_limit: self.nodes.unwrap_or(u64::MAX),
            cancel: self.cancel,
        }
    }
}

/// The budget of a search under way.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Running<'a> {
    deadline: Option<Instant>,
    /// The node limit, `u64::MAX` for none.
    pub(crate) node_limit: u64,
    cancel: Option<&'a AtomicBool>,
}

impl<'a> Running<'a> {
    /// Why the search must stop, now that it has visited `nodes` nodes, if it must.
    pub(crate) fn stop(&self, nodes: u64) -> Option<Stop> {
        if nodes >= self.node_limit {
            Some(Stop::Nodes)
        } else {
            self.interrupted()
        }
    }

    /// Whether the cancel flag or the clock stops the search, and which.
    pub(crate) fn interrupted(&self) -> Option<Stop> {
        if self.cancel.is_some_and(|flag| flag.load(Ordering::Relaxed)) {
            Some(Stop::Cancelled)
        } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
            Some(Stop::Timeout)
        } else {
            None
        }
    }

    /// What is left of the time and the cancel flag, for a search within this one, with a
    /// budget of `nodes` nodes of its own.
    pub(crate) fn left(&self, nodes: u64) -> Budget<'a> {
        Budget {
            time: self
                .deadline
                .map(|d| d.saturating_duration_since(Instant::now())),
            nodes: Some(nodes),
            cancel: self.cancel,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_limit_stops_and_says_why() {
        let flag = AtomicBool::new(false);
        let budget = Budget {
            nodes: Some(10),
            cancel: Some(&flag),
            ..Budget::default()
        }
        .start();
        assert_eq!(budget.stop(9), None);
        assert_eq!(budget.stop(10), Some(Stop::Nodes));
        flag.store(true, Ordering::Relaxed);
        assert_eq!(budget.stop(0), Some(Stop::Cancelled));
        assert_eq!(budget.left(5).nodes, Some(5));
        assert!(budget.left(5).cancel.is_some() && budget.left(5).time.is_none());
        let timed = Budget::time(Duration::ZERO).start();
        assert_eq!(timed.stop(0), Some(Stop::Timeout));
        assert_eq!(timed.left(1).time, Some(Duration::ZERO));
        assert_eq!(
            Budget::time(Duration::from_secs(60))
                .start()
                .stop(u64::MAX - 1),
            None
        );
        assert_eq!(Budget::default().start().stop(u64::MAX - 1), None);
    }
}
