//! Rebuilds the crate when the web build changes, so release binaries embed the latest pages.

fn main() {
    println!("cargo:rerun-if-changed=../../web/dist");
}
