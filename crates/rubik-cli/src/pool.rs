//! The thread pool that solving runs on: `--jobs` threads, else one a core, started before the
//! first state so that its threads start while the tables load rather than when a one-shot
//! solve first needs them (`scripts/one-shot.sh`, back to back: 14.8 and 14.9 ms a solve
//! against 17.0 and 21.9).
//!
//! When the pool has one thread for each core the process may run on, each thread is kept on
//! its own core. A one-shot solve shortens its first solution in two halves side by side, and
//! the thread that takes the second half is woken from sleep; on the two-core virtual machine
//! rubik is measured on, the system put a woken thread on the busy core about half the time
//! (apparently because an idle virtual core looked unavailable to it) and left it waiting there
//! for 1 to 5 ms, while the other core stayed idle. A thread that may run on one core only is
//! woken there. A one-shot `rubik solve` (large tables, ten states, 2 s pause before each run):
//! 15.9, 15.6 and 16.1 ms against 18.3, 18.8 and 19.4 in three alternated rounds of hyperfine;
//! 17.8 against 21.8 and 19.2 against 19.5 in two later rounds with the programs interleaved run
//! by run. The gain moves with the machine's state; batches and the optimal solver are as fast
//! as before. The web page's solves (`rubik serve`, each one's `time_ms` as the API reports it,
//! ten states, two servers asked in turn): median 8.6 against 12.1 ms with 0.5 s between
//! requests, 9.2 against 13.0 with 2 s, 7.5 against 10.8 back to back. With fewer threads than
//! cores (`--jobs`, or a process limited by its CPU quota), the system places them as usual.

use core_affinity::CoreId;

use crate::output::CliError;

/// Starts the global pool with `jobs` threads (`None`: one a core), each kept on its own core
/// when there are as many threads as cores. An error if the pool had already started.
pub fn start(jobs: Option<usize>) -> Result<(), CliError> {
    let cores = core_affinity::get_core_ids().unwrap_or_default();
    rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.unwrap_or(0))
        .start_handler(move |worker| {
            if let Some(core) = own_core(worker, rayon::current_num_threads(), &cores) {
                // Only a placement hint: a thread that cannot be kept on its core runs anywhere.
                core_affinity::set_for_current(core);
            }
        })
        .build_global()
        .map_err(|error| CliError::Io(std::io::Error::other(error.to_string())))
}

/// The core that worker `worker` of a pool of `threads` threads keeps to, given the `cores` the
/// process may run on: its own, when there is one thread for each core.
fn own_core(worker: usize, threads: usize, cores: &[CoreId]) -> Option<CoreId> {
    cores
        .get(worker)
        .copied()
        .filter(|_| threads == cores.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cores(ids: &[usize]) -> Vec<CoreId> {
        ids.iter().map(|&id| CoreId { id }).collect()
    }

    #[test]
    fn each_worker_keeps_to_its_own_core_only_when_there_is_one_a_core() {
        let allowed = cores(&[2, 3, 5]);
        let placed: Vec<_> = (0..3).map(|w| own_core(w, 3, &allowed)).collect();
        assert_eq!(placed, [2, 3, 5].map(|id| Some(CoreId { id })));
        assert_eq!(own_core(0, 2, &allowed), None, "fewer threads than cores");
        assert_eq!(own_core(3, 4, &allowed), None, "more threads than cores");
        assert_eq!(own_core(0, 0, &[]), None, "cores unknown");
    }
}
