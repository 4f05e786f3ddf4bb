fn main() {
    s2c_build_info::emit_commit();
}
