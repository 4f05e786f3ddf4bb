//! The machine's processes as /proc tells them (Linux): for the tests that check what became
//! of Chromium's processes (their priority, whether they outlive the app).

/// One process: its parent, command name, nice value, CPU time so far, and whether it is a
/// zombie (killed, not yet reaped).
#[derive(Debug, Clone)]
pub struct Proc {
    pub pid: u32,
    pub parent: u32,
    pub name: String,
    pub nice: i32,
    /// User and system time so far.
    pub cpu: std::time::Duration,
    pub zombie: bool,
}

/// Clock ticks per second in /proc's times (USER_HZ, 100 on Linux).
const TICKS: f64 = 100.0;

/// `pid` now, if it exists.
pub fn of(pid: u32) -> Option<Proc> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The name is in parentheses and may hold spaces or parentheses itself.
    let (open, close) = (text.find('(')?, text.rfind(')')?);
    let fields: Vec<&str> = text[close + 1..].split_whitespace().collect();
    Some(Proc {
        pid,
        parent: fields.get(1)?.parse().ok()?,
        name: text[open + 1..close].to_owned(),
        nice: fields.get(16)?.parse().ok()?,
        cpu: std::time::Duration::from_secs_f64(
            (fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?) / TICKS,
        ),
        zombie: fields.first() == Some(&"Z"),
    })
}

/// Every process.
pub fn all() -> Vec<Proc> {
    std::fs::read_dir("/proc")
        .expect("proc")
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
        .filter_map(of)
        .collect()
}

/// Whether `pid` runs (a zombie does not).
pub fn alive(pid: u32) -> bool {
    of(pid).is_some_and(|p| !p.zombie)
}

/// The processes below `root`: its children, theirs, and so on.
pub fn descendants(root: u32) -> Vec<Proc> {
    let everyone = all();
    let mut tree = vec![root];
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(&pid) = tree.get(at) {
        for p in everyone.iter().filter(|p| p.parent == pid) {
            tree.push(p.pid);
            out.push(p.clone());
        }
        at += 1;
    }
    out
}
