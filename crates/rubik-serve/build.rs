//! Rebuilds the crate when anything under `web/` changes (a file added, edited or removed), so
//! the embedded page is always the one on disk.

fn main() {
    println!("cargo::rerun-if-changed=web");
}
