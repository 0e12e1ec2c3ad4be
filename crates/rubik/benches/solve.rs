//! The two-phase solver on uniformly random states, one core.
//!
//! `cargo bench -p rubik --bench solve`. Uses the default tables from the cache
//! (`$RUBIK_TABLES` or the user's cache dir), building them on the first run.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use rubik::CubieCube;
use rubik::search::two_phase::{Limits, TableSize, TwoPhase, TwoPhaseTables};
use rubik::tables::storage::{self, Memory};

fn solving(c: &mut Criterion) {
    let dir = storage::default_dir();
    let (tables, _) = TwoPhaseTables::load_or_build(
        dir.as_deref(),
        TableSize::Large,
        Memory::Copied,
        &mut |_| {},
    );
    let solver = TwoPhase::new(&tables);
    let mut rng = rubik::seeded_rng(2026);
    let states: Vec<CubieCube> = (0..100).map(|_| CubieCube::random(&mut rng)).collect();
    let mut group = c.benchmark_group("two_phase_100_states");
    group.sample_size(10);
    for max_length in [21, 20] {
        let limits = Limits {
            max_length: Some(max_length),
            ..Limits::default()
        };
        group.bench_with_input(
            BenchmarkId::new("max_length", max_length),
            &limits,
            |b, limits| {
                b.iter(|| {
                    for cube in &states {
                        black_box(solver.solve(cube, limits).unwrap());
                    }
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, solving);
criterion_main!(benches);
