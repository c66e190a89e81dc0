//! The `ply` binary: everything is in the library ([`ply_cli::main`]).

fn main() -> std::process::ExitCode {
    ply_cli::main()
}
