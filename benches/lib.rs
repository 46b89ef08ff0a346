//! Benchmarks of utfast (see `validate.rs`, `transcode.rs`, `lengths.rs` and
//! `parallel.rs`): what more than one of them uses.

use std::time::Instant;

/// Rounds of [`time_all`]: enough that every column sees the machine's fast phases.
pub const ROUNDS: usize = 31;

/// Best time in seconds per call of each function: [`ROUNDS`] rounds, each timing every
/// function once (enough calls for ~1 ms), so slow phases of a shared machine hit
/// all of them alike.
pub fn time_all(fs: &mut [Box<dyn FnMut() + '_>]) -> Vec<f64> {
    let reps: Vec<usize> = fs
        .iter_mut()
        .map(|f| {
            let t = Instant::now();
            f();
            let once = t.elapsed().as_secs_f64().max(1e-7);
            ((1e-3 / once) as usize).clamp(1, 10_000)
        })
        .collect();
    let mut best = vec![f64::MAX; fs.len()];
    for _ in 0..ROUNDS {
        for (i, f) in fs.iter_mut().enumerate() {
            let t = Instant::now();
            for _ in 0..reps[i] {
                f();
            }
            best[i] = best[i].min(t.elapsed().as_secs_f64() / reps[i] as f64);
        }
    }
    best
}

/// Prints a table row: Markdown (`| a | b |`, and the rule under a header) or
/// aligned columns.
pub fn print_row(cells: &[String], markdown: bool, header: bool) {
    if markdown {
        println!("| {} |", cells.join(" | "));
        if header {
            println!("|{}", "---|".repeat(cells.len()));
        }
    } else {
        let line: Vec<String> = cells
            .iter()
            .enumerate()
            .map(|(i, c)| {
                if i == 0 {
                    format!("{c:<9}")
                } else {
                    format!("{c:>9}")
                }
            })
            .collect();
        println!("{}", line.join(" "));
    }
}

/// The bench's own arguments (harness = false): whether `--markdown` was given, and
/// the first argument that is not an option (a filter on the row names).
pub fn bench_args() -> (bool, Option<String>) {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let markdown = args.iter().any(|a| a == "--markdown");
    let filter = args.iter().find(|a| !a.starts_with("--")).cloned();
    (markdown, filter)
}

/// The CPU's model name (from /proc/cpuinfo).
pub fn cpu_name() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into())
}

/// The lipsum texts of `tests/data/lipsum` (`Arabic`, ..., `Russian`), by name, plus
/// `Latin1`: the Latin text with every 16th a/e/o accented, so that Latin-1 input is
/// not pure ASCII.
pub fn lipsum_texts() -> Vec<(String, String)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/lipsum");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("tests/data/lipsum")
        .map(|f| f.expect("directory entry").path())
        .filter(|p| p.to_string_lossy().ends_with(".utf8.txt"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for path in files {
        let name = path
            .file_name()
            .expect("file name")
            .to_string_lossy()
            .replace("-Lipsum.utf8.txt", "");
        let s = std::fs::read_to_string(&path).expect("UTF-8 text");
        if name == "Latin" {
            let mut n = 0;
            let accented: String = s
                .chars()
                .map(|c| {
                    let r = match c {
                        'a' | 'e' | 'o' => {
                            n += 1;
                            n % 16 == 0
                        }
                        _ => false,
                    };
                    match (r, c) {
                        (true, 'a') => 'à',
                        (true, 'e') => 'é',
                        (true, 'o') => 'ö',
                        _ => c,
                    }
                })
                .collect();
            out.push(("Latin".to_string(), s));
            out.push(("Latin1".to_string(), accented));
        } else {
            out.push((name, s));
        }
    }
    out
}
