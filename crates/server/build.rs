//! Rebuilds the server when the web build changes, so release binaries embed the latest admin.

fn main() {
    println!("cargo:rerun-if-changed=../../web/dist");
}
