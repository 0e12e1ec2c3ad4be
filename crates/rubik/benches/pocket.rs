//! The optimal 2×2 solver on uniformly random states, one core, and the build of its tables.
//!
//! `cargo bench -p rubik --bench pocket`.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use rubik::CornerCube;
use rubik::search::Metric;
use rubik::search::pocket::{Pocket, PocketTables};

fn pocket(c: &mut Criterion) {
    let tables = PocketTables::build(&mut |_| {});
    let solver = Pocket::new(&tables);
    let mut rng = rubik::seeded_rng(2026);
    let states: Vec<CornerCube> = (0..1000).map(|_| CornerCube::random(&mut rng)).collect();
    let mut group = c.benchmark_group("pocket_1000_states");
    for metric in Metric::ALL {
        group.bench_with_input(BenchmarkId::new("solve", metric), &metric, |b, &metric| {
            b.iter(|| {
                for cube in &states {
                    black_box(solver.solve(cube, metric));
                }
            })
        });
    }
    group.finish();
    let mut group = c.benchmark_group("pocket_tables");
    group.sample_size(10);
    group.bench_function("build_both_metrics", |b| {
        b.iter(|| black_box(PocketTables::build(&mut |_| {})))
    });
    group.finish();
}

criterion_group!(benches, pocket);
criterion_main!(benches);
