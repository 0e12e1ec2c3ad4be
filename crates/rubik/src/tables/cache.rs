//! What every solver's set of tables shares: building an unreduced pair table with progress,
//! getting a table file from the cache or from its builder, and decoding a file's sections
//! (rebuilding what does not decode).

use std::path::Path;

use bytes::Bytes;

use super::codec::Decoder;
use super::storage::{self, LoadReport, Memory, Progress, Table, TableSpec};
use super::{MoveTable, Pruning, Unreduced};
use crate::coord::Coordinate;

/// A pruning table over (A, B) without symmetry reduction, reporting as `stage`.
pub(crate) fn pairs<A: Coordinate, B: Coordinate<Cube = A::Cube>>(
    a: &MoveTable<A>,
    b: &MoveTable<B>,
    stage: &'static str,
    progress: &mut dyn FnMut(Progress),
) -> Pruning<Vec<u8>> {
    <Pruning<Vec<u8>>>::build(
        &Unreduced,
        |x, m| a.apply(x, m),
        b,
        |y, _| y,
        stage,
        progress,
    )
}

/// Gets a table from the cache in `dir`, held as `memory` says, or builds it (and saves it there,
/// when there is a dir), noting in `report` where it came from.
pub(crate) fn obtain(
    dir: Option<&Path>,
    spec: &TableSpec,
    memory: Memory,
    build: impl FnOnce(&mut dyn FnMut(Progress)) -> Vec<u8>,
    progress: &mut dyn FnMut(Progress),
    report: &mut LoadReport,
) -> Table {
    match dir {
        Some(dir) => {
            let (table, origin) = storage::load_or_build(dir, spec, memory, build, progress);
            report.push((*spec, origin));
            table
        }
        None => Table::from_built(spec, build(progress), progress),
    }
}

/// Gets a table of exactly `len` bytes as [`obtain`] does. A file of another length that passed
/// its checks was written by a builder whose version was not bumped: it is built afresh rather
/// than trusted (a solver reads such a table without bounds of its own).
pub(crate) fn obtain_sized(
    dir: Option<&Path>,
    spec: &TableSpec,
    memory: Memory,
    len: usize,
    build: impl Fn(&mut dyn FnMut(Progress)) -> Vec<u8>,
    progress: &mut dyn FnMut(Progress),
    report: &mut LoadReport,
) -> Table {
    let table = obtain(dir, spec, memory, &build, progress, report);
    if table.payload().len() == len {
        return table;
    }
    let table = Table::from_built(spec, build(progress), progress);
    assert_eq!(
        table.payload().len(),
        len,
        "{}: built of its own length",
        spec.name()
    );
    table
}

/// Decodes a table file with `decode`, in place: what it decodes keeps the file's bytes (for a
/// mapped file, the mapping) for as long as it lives. A file that passed its checks but does not
/// decode was written by a builder whose version was not bumped: it is built afresh rather than
/// trusted.
pub(crate) fn decoded<T>(
    table: Table,
    decode: impl Fn(&mut Decoder) -> Option<T>,
    build: impl FnOnce(&mut dyn FnMut(Progress)) -> Vec<u8>,
    progress: &mut dyn FnMut(Progress),
) -> T {
    let decode_all = |bytes: Bytes| {
        let mut decoder = Decoder::new(bytes);
        decode(&mut decoder).filter(|_| decoder.is_done())
    };
    decode_all(Bytes::from_owner(table)).unwrap_or_else(|| {
        decode_all(Bytes::from(build(progress))).expect("freshly built tables decode")
    })
}
