fn main() -> std::process::ExitCode {
    s2c_cli::run()
}
