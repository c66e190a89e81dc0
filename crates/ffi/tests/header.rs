//! The committed C header `include/ply.h` is what cbindgen makes of this crate now: a
//! change to the C surface that forgets the header fails here. To update it:
//! `PLY_UPDATE_HEADER=1 cargo test -p ply-ffi --test header`.

use std::path::Path;

#[test]
fn header_is_up_to_date() {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config =
        cbindgen::Config::from_file(crate_dir.join("cbindgen.toml")).expect("cbindgen.toml");
    let bindings = cbindgen::Builder::new()
        .with_crate(crate_dir)
        .with_config(config)
        .generate()
        .expect("cbindgen reads the crate");
    let mut made = Vec::new();
    bindings.write(&mut made);
    let made = String::from_utf8(made).expect("UTF-8 header");
    let path = crate_dir.join("include/ply.h");
    if std::env::var_os("PLY_UPDATE_HEADER").is_some() {
        std::fs::write(&path, &made).expect("write include/ply.h");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == made,
        "crates/ffi/include/ply.h is out of date: run \
         `PLY_UPDATE_HEADER=1 cargo test -p ply-ffi --test header` and commit it"
    );
}
