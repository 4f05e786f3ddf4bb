fn main() -> std::process::ExitCode {
    // Before any thread starts: `s2c score` frees tens of MB per comparison.
    s2c_core::allocator::bound();
    s2c_cli::run()
}
