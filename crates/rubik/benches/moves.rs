//! Facelet-level turns across sizes, and parsing notation.
//!
//! `cargo bench -p rubik --bench moves`. An outer face turn should grow as N² (the face rotates),
//! an inner slice as N (only its ring moves).

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use rubik::{Alg, Axis, FaceletCube, Turn};

fn facelet_turns(c: &mut Criterion) {
    let mut group = c.benchmark_group("facelet_turn");
    for size in [3usize, 7, 20, 100] {
        let face = Turn {
            axis: Axis::X,
            first: 0,
            last: 0,
            quarters: 1,
        };
        let slice = Turn {
            axis: Axis::Y,
            first: size / 2,
            last: size / 2,
            quarters: 1,
        };
        let mut cube = FaceletCube::solved(size);
        group.bench_with_input(BenchmarkId::new("outer_face", size), &face, |b, &t| {
            b.iter(|| cube.turn(black_box(t)))
        });
        group.bench_with_input(BenchmarkId::new("inner_slice", size), &slice, |b, &t| {
            b.iter(|| cube.turn(black_box(t)))
        });
    }
    group.finish();
}

fn parsing(c: &mut Criterion) {
    let unit = "R U R' U' [r, U2] (3Rw' M2)2 [F: x y2] 2-3Lw2 ";
    let text = unit.repeat(1_000_000 / unit.len());
    let mut group = c.benchmark_group("parse");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.sample_size(10);
    group.bench_function("1MB", |b| {
        b.iter(|| black_box(&text).parse::<Alg>().unwrap())
    });
    group.finish();
}

criterion_group!(benches, facelet_turns, parsing);
criterion_main!(benches);
