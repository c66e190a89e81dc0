//! Rebuilds the embedded pages when a file is added under `pages/` (the embedding
//! itself notices only changes to the files it already holds).

fn main() {
    // A folder is scanned whole for changes; `node_modules/` beside the pages (the
    // type-check's tools) is not, as it is not embedded.
    println!("cargo::rerun-if-changed=../../pages/assets");
    println!("cargo::rerun-if-changed=../../pages/index.html");
    println!("cargo::rerun-if-changed=../../pages/play.html");
    println!("cargo::rerun-if-changed=../../pages/practice.html");
    println!("cargo::rerun-if-changed=../../pages/code.html");
    // The catalogs of words the pages fetch are ply-api's, compiled into it.
    println!("cargo::rerun-if-changed=js");
    println!("cargo::rerun-if-changed=build.rs");
}
