//! Benchmarks of the pieces model: `cargo bench -p rubik --bench cubie`.
//!
//! `compose/chain` applies 1000 moves one after another to one state (each compose waits for the
//! previous one: latency); `compose/independent` composes 1000 unrelated pairs (throughput).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rubik::cubie::{CornerCube, CubieCube, FaceTurn};
use rubik::facelet::FaceletCube;
use rubik::random::below;
use rubik::seeded_rng;

const BATCH: usize = 1000;

fn compose(c: &mut Criterion) {
    let mut rng = seeded_rng(1);
    let moves: Vec<CubieCube> = (0..BATCH)
        .map(|_| FaceTurn::ALL[below(&mut rng, 18) as usize].cube())
        .collect();
    let states: Vec<CubieCube> = (0..BATCH).map(|_| CubieCube::random(&mut rng)).collect();
    let mut group = c.benchmark_group("compose");
    group.throughput(Throughput::Elements(BATCH as u64));
    group.bench_function("chain", |b| {
        b.iter(|| {
            let mut state = black_box(states[0]);
            for &turn in black_box(&moves) {
                state = state * turn;
            }
            state
        })
    });
    group.bench_function("independent", |b| {
        let mut out = vec![CubieCube::SOLVED; BATCH];
        b.iter(|| {
            for ((o, &state), &turn) in out.iter_mut().zip(black_box(&states)).zip(&moves) {
                *o = state * turn;
            }
            black_box(&out);
        })
    });
    group.finish();
}

fn algebra(c: &mut Criterion) {
    let mut rng = seeded_rng(2);
    let states: Vec<CubieCube> = (0..BATCH).map(|_| CubieCube::random(&mut rng)).collect();
    let mut group = c.benchmark_group("algebra");
    group.throughput(Throughput::Elements(BATCH as u64));
    group.bench_function("inverse", |b| {
        b.iter(|| {
            black_box(&states)
                .iter()
                .map(CubieCube::inverse)
                .fold(0, |n, s| n ^ s.corner_twists()[0])
        })
    });
    group.bench_function("order", |b| {
        b.iter(|| black_box(&states).iter().map(CubieCube::order).sum::<u64>())
    });
    group.bench_function("pow 1000", |b| {
        b.iter(|| {
            black_box(&states)
                .iter()
                .map(|s| s.pow(1000))
                .fold(0, |n, s| n ^ s.corner_twists()[0])
        })
    });
    group.finish();
}

fn random(c: &mut Criterion) {
    let mut group = c.benchmark_group("random");
    group.throughput(Throughput::Elements(BATCH as u64));
    group.bench_function("CubieCube", |b| {
        let mut rng = seeded_rng(3);
        b.iter(|| {
            (0..BATCH)
                .map(|_| CubieCube::random(&mut rng))
                .fold(0, |n, s| n ^ s.corner_twists()[0])
        })
    });
    group.bench_function("CornerCube", |b| {
        let mut rng = seeded_rng(4);
        b.iter(|| {
            (0..BATCH)
                .map(|_| CornerCube::random(&mut rng))
                .fold(0, |n, s| n ^ s.corner_twists()[0])
        })
    });
    group.finish();
}

fn facelets(c: &mut Criterion) {
    let state = CubieCube::random(&mut seeded_rng(5));
    let stickers = FaceletCube::from(&state);
    let mut group = c.benchmark_group("facelets");
    group.bench_function("to stickers", |b| {
        b.iter(|| FaceletCube::from(black_box(&state)))
    });
    group.bench_function("from stickers (checked)", |b| {
        b.iter(|| CubieCube::try_from(black_box(&stickers)).unwrap())
    });
    group.finish();
}

criterion_group!(benches, compose, algebra, random, facelets);
criterion_main!(benches);
