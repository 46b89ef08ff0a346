//! Benchmarks of utfast (see `validate.rs`, `transcode.rs`, `lengths.rs` and
//! `parallel.rs`): what more than one of them uses. `scripts/bench.py` runs them and
//! writes `docs/benchmarks.md`; it reads the plain tables that [`print_row`] prints
//! (`## <table> (<unit>)`, a header row, one row per text, cells without spaces).

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

/// The repository's `tests/data`: the first ancestor of the including crate's
/// directory that has it (this file is also the loader of `scripts/aarch64-speed`).
fn data_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .map(|p| p.join("tests/data"))
        .find(|p| p.join("lipsum").is_dir())
        .expect("tests/data in an ancestor of the crate")
}

/// The lipsum texts of `tests/data/lipsum` (`Arabic`, ..., `Russian`), by name, plus
/// `Latin1`: the Latin text with every 16th a/e/o accented, so that Latin-1 input is
/// not pure ASCII.
pub fn lipsum_texts() -> Vec<(String, String)> {
    let dir = data_dir().join("lipsum");
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

/// Every text of the tables (see [`keep_text`]): the lipsum texts and `Latin1` of
/// [`lipsum_texts`], the Wikipedia "Mars" article in 18 languages
/// (`tests/data/wikipedia_mars`, named `Mars-Arabic`, ..., 82-594 KB each: longer
/// text, with the punctuation, digits and markup of real pages; four of them also as
/// Latin-1 text, see [`latin1_only`]) and `twitter.json`
/// (`tests/data/texts`: JSON, mostly ASCII with Japanese strings).
pub fn bench_texts() -> Vec<(String, String)> {
    let data = data_dir();
    let data = data.display();
    let mut out = lipsum_texts();
    let mut mars: Vec<_> = std::fs::read_dir(format!("{data}/wikipedia_mars"))
        .expect("tests/data/wikipedia_mars")
        .map(|f| f.expect("directory entry").path())
        .filter(|p| {
            let p = p.to_string_lossy();
            p.ends_with(".utf8.txt") || p.ends_with(".utflatin8.txt")
        })
        .collect();
    mars.sort();
    for path in mars {
        let file = path.file_name().expect("file name").to_string_lossy();
        let (lang, suffix) = match file.strip_suffix(".utflatin8.txt") {
            Some(lang) => (lang.to_string(), "-latin1"),
            None => (file.replace(".utf8.txt", ""), ""),
        };
        let mut name = String::from("Mars-");
        let mut chars = lang.chars();
        name.extend(chars.next().map(|c| c.to_ascii_uppercase()));
        name.push_str(chars.as_str());
        name.push_str(suffix);
        out.push((name, std::fs::read_to_string(&path).expect("UTF-8 text")));
    }
    let twitter = format!("{data}/texts/twitter.json");
    out.push((
        "twitter.json".into(),
        std::fs::read_to_string(&twitter).expect("tests/data/texts/twitter.json"),
    ));
    out.retain(|(name, _)| keep_text(name));
    out
}

/// Whether a text of [`bench_texts`] is there only for the Latin-1 directions: the
/// Mars articles that upstream made from their Latin-1 versions (`Mars-French-latin1`,
/// ...), whose every character is in Latin-1, unlike the other Mars texts.
pub fn latin1_only(name: &str) -> bool {
    name.ends_with("-latin1")
}

/// Whether the text `name` is benchmarked: `UTFAST_BENCH_TEXTS` is a comma-separated
/// list of parts of names (`Arabic,Mars-Fr,twitter`); unset or empty keeps every text.
/// For short trial runs; a report is made from runs over every text.
pub fn keep_text(name: &str) -> bool {
    match std::env::var("UTFAST_BENCH_TEXTS") {
        Ok(v) if !v.trim().is_empty() => v
            .split(',')
            .map(str::trim)
            .any(|part| !part.is_empty() && name.contains(part)),
        _ => true,
    }
}

/// Where the transcode bench puts its buffers: the input and the output each start
/// this many bytes past a 64-byte (cache line) boundary. From
/// `UTFAST_BENCH_OFFSETS=IN,OUT` (multiples of 8 below 64), default `0,0`.
///
/// The placement moves ratios: a kernel whose loads or stores straddle cache lines
/// pays for it, and kernels differ in whether they align their loops themselves.
/// On Intel Sapphire Rapids (AVX2 tier) simdutf's `haswell` byte swap ran at 55 GB/s
/// with buffers at `0,0` and 45 at `16,16`, ours at 55 in both, so the
/// `utf16le->utf16be` row read 1.00 at `0,0` and 1.22 at `16,16`. Before this
/// setting the buffers were wherever the allocator put them, which changed from run
/// to run (and from build to build) and moved whole rows by 20%. `0,0` is what
/// jemalloc, mimalloc and page-aligned I/O buffers give large buffers (the best case
/// of a kernel that does not align itself); `16,16` is what glibc's `malloc` gives
/// them (a large block is `mmap`ed, and its data starts 16 bytes into the page).
pub fn offsets() -> (usize, usize) {
    let var = std::env::var("UTFAST_BENCH_OFFSETS").unwrap_or_else(|_| "0,0".into());
    let parse = |s: &str| {
        s.trim()
            .parse::<usize>()
            .ok()
            .filter(|&n| n < 64 && n % 8 == 0)
    };
    match var.split_once(',').map(|(a, b)| (parse(a), parse(b))) {
        Some((Some(a), Some(b))) => (a, b),
        _ => panic!("UTFAST_BENCH_OFFSETS={var:?}: expected IN,OUT, multiples of 8 below 64"),
    }
}

/// A buffer of `T`s that starts a chosen number of bytes past a 64-byte boundary
/// (see [`offsets`]). Dereferences to its slice.
pub struct Placed<T: bytemuck::Pod> {
    /// The allocation (u64s: 8-byte aligned), with room for the offset.
    mem: Vec<u64>,
    /// Where the data starts in `mem`, in bytes.
    start: usize,
    /// The number of `T`s.
    len: usize,
    _t: std::marker::PhantomData<T>,
}

impl<T: bytemuck::Pod> Placed<T> {
    /// A copy of `data`, starting `off` bytes (a multiple of 8 below 64) past a
    /// 64-byte boundary.
    pub fn new(data: &[T], off: usize) -> Placed<T> {
        let mut p = Placed::<T>::zeroed(data.len(), off);
        p.copy_from_slice(data);
        p
    }

    /// `len` zeroed `T`s, starting `off` bytes past a 64-byte boundary.
    pub fn zeroed(len: usize, off: usize) -> Placed<T> {
        assert!(off < 64 && off.is_multiple_of(8) && std::mem::align_of::<T>() <= 8);
        let bytes = len * std::mem::size_of::<T>();
        let mem = vec![0u64; bytes.div_ceil(8) + 8];
        let base = mem.as_ptr() as usize;
        let start = (off + 64 - base % 64) % 64;
        debug_assert_eq!((base + start) % 64, off);
        Placed {
            mem,
            start,
            len,
            _t: std::marker::PhantomData,
        }
    }
}

impl<T: bytemuck::Pod> std::ops::Deref for Placed<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        let bytes: &[u8] = bytemuck::cast_slice(&self.mem);
        bytemuck::cast_slice(&bytes[self.start..self.start + self.len * std::mem::size_of::<T>()])
    }
}

impl<T: bytemuck::Pod> std::ops::DerefMut for Placed<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        let n = self.len * std::mem::size_of::<T>();
        let bytes: &mut [u8] = bytemuck::cast_slice_mut(&mut self.mem);
        bytemuck::cast_slice_mut(&mut bytes[self.start..self.start + n])
    }
}
