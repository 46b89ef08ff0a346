//! # utfast-testkit
//!
//! What the tests and fuzz targets of every utfast crate share (not published):
//!
//! The layers, each using only the ones before it: [`oracle`] -> [`harness`] -> [`fuzz`].
//!
//! - [`oracle`]: the one independent reference, built only on std
//!   (`str::utf8_chunks`, `char::decode_utf16`, `char::from_u32`,
//!   `char::encode_utf8/utf16`) and on the Unicode Standard's tables (Table 3-7, the
//!   well-formed UTF-8 byte sequences), plus encoding_rs for the Cyrillic code pages
//!   and the WTF-8 specification and the `cesu8` crate for WTF-8, CESU-8 and MUTF-8
//!   ([`wtf8`], also at [`oracle::wtf8`]).
//!   It decodes any input in any encoding into characters and ill-formed parts (with
//!   their error kinds) and predicts the exact result of any transcoding call for any
//!   `dst` size. The scalar crate is checked against it; every kernel is checked
//!   against the scalar crate, so a disagreement is attributed to the right layer.
//! - [`harness`]: calls a transcoder with a guarded `dst` (canary bytes before and
//!   after it, at a varying alignment), and the comparisons built on that: one case,
//!   every target and mode with the buffer sizes that matter, validation and length
//!   functions, every kernel against scalar against the oracle.
//! - [`fuzz`]: the whole-input checks of the fuzz targets (panicking), also replayed
//!   by the regression tests.
//! - [`Rng`], [`lipsum`] and [`data_path`]: a deterministic generator and the test
//!   data of `tests/data` (one copy, at the workspace root).
//! - [`kernels`]: every kernel usable on this CPU, printed once per process, so that
//!   no test skips a kernel silently.
//!
//! Workload knobs: [`quick`] (`UTFAST_QEMU=1` or `UTFAST_QUICK=1`) and
//! [`proptest_cases`] (`PROPTEST_CASES=n`).

use std::path::PathBuf;
use std::sync::OnceLock;

pub use utfast_scalar::{CodePage, Encoding, Endian, ErrorKind, Mode, TranscodeError};
pub use utfast_simd::Kernel;

pub mod fuzz;
pub mod harness;
pub mod oracle;
mod rng;
// WTF-8, CESU-8, MUTF-8: their oracles, at their old path.
pub use oracle::wtf8;

pub use harness::{
    call, check_all_targets, check_case, check_lengths, check_prefixes_and_repair, check_sizes,
    check_validation, exact_vec, kernel, misaligned, scalar,
};
pub use oracle::{
    decode_items, decode_lossy, encode_char, encode_str, first_error, model, model_items,
    text_bytes, units16, units32, Item, Outcome,
};
pub use rng::{char_runs, damage, Rng};

/// The five Unicode encoding forms (Latin-1 left out).
pub const UNICODE: [Encoding; 5] = [
    Encoding::Utf8,
    Encoding::Utf16Le,
    Encoding::Utf16Be,
    Encoding::Utf32Le,
    Encoding::Utf32Be,
];

/// The encodings of the suites that run every pair: the Unicode forms, Latin-1, the
/// Cyrillic code pages, windows-1252 and windows-874 (undefined bytes, three-byte
/// Thai). The oracle models every code page ([`CODE_PAGES`]).
pub const ALL: [Encoding; 11] = [
    Encoding::Utf8,
    Encoding::Utf16Le,
    Encoding::Utf16Be,
    Encoding::Utf32Le,
    Encoding::Utf32Be,
    Encoding::Latin1,
    Encoding::Koi8R,
    Encoding::Windows1251,
    Encoding::Ibm866,
    Encoding::Windows1252,
    Encoding::Windows874,
];

/// The three Cyrillic code pages, which the suites run to every target at every
/// length (the others share their code paths and run at fewer lengths).
pub const CYRILLIC: [Encoding; 3] = [Encoding::Koi8R, Encoding::Windows1251, Encoding::Ibm866];

/// Every code page: [`CYRILLIC`] first, then the rest of [`CodePage::ALL`] in its
/// order (built from it, so a page added there is tested here).
pub const CODE_PAGES: [Encoding; CodePage::ALL.len()] = {
    let mut out = [Encoding::Koi8R; CodePage::ALL.len()];
    let mut n = 0;
    while n < CYRILLIC.len() {
        out[n] = CYRILLIC[n];
        n += 1;
    }
    let mut i = 0;
    while i < CodePage::ALL.len() {
        let e = CodePage::ALL[i].encoding();
        // `Encoding` has no const `PartialEq`: compare the discriminants.
        let mut cyrillic = false;
        let mut k = 0;
        while k < CYRILLIC.len() {
            cyrillic |= CYRILLIC[k] as u8 == e as u8;
            k += 1;
        }
        if !cyrillic {
            out[n] = e;
            n += 1;
        }
        i += 1;
    }
    assert!(
        n == CodePage::ALL.len(),
        "CYRILLIC holds a page outside CodePage::ALL"
    );
    out
};

// WTF-8, CESU-8, MUTF-8
/// WTF-8, CESU-8 and MUTF-8: encoded by [`oracle::encode_char`], decoded by the
/// oracles of [`wtf8`] (not by [`oracle::decode_items`]).
pub const WTF8_FAMILY: [Encoding; 3] = [Encoding::Wtf8, Encoding::Cesu8, Encoding::Mutf8];

/// Whether a suite that walks the pairs of [`Encoding::ALL`] runs `from -> to`: every
/// pair of [`ALL`] (the Unicode forms, Latin-1 and a code page of each layout) and
/// [`WTF8_FAMILY`], and the other code pages to and from the Unicode forms. All code
/// pages run one table-driven path, so their other pairs would repeat those paths with
/// other tables, at three times the cost of the whole walk (426 pairs of 1,369).
pub fn sampled_pair(from: Encoding, to: Encoding) -> bool {
    let core = |e: Encoding| ALL.contains(&e) || WTF8_FAMILY.contains(&e);
    (core(from) && core(to)) || UNICODE.contains(&from) || UNICODE.contains(&to)
}

/// Every transcoding mode.
pub const MODES: [Mode; 3] = [Mode::Strict, Mode::Lossy, Mode::Valid];

/// Both byte orders.
pub const ENDIANS: [Endian; 2] = [Endian::Little, Endian::Big];

/// Every available kernel (best first, scalar last), collected once per process; the
/// first call prints `kernels under test: [...]`, so a test run always says which
/// kernels it covered (none is skipped silently).
pub fn kernels() -> &'static [&'static Kernel] {
    static KERNELS: OnceLock<Vec<&'static Kernel>> = OnceLock::new();
    KERNELS.get_or_init(|| {
        let mut ks: Vec<&'static Kernel> = utfast_simd::available().collect();
        // UTFAST_ALL_KERNELS (set by fuzz/run.sh for its model build, which is CI's
        // only fuzz build on a CPU without AVX-512) keeps every kernel in the model build.
        let all = std::env::var_os("UTFAST_ALL_KERNELS").is_some_and(|v| v != "0");
        if utfast_simd::AVX512_MODEL && !all {
            // The model build tests the AVX-512 tiers (against scalar); the other
            // kernels run the same real instructions as in the normal build, which
            // tests them.
            let others: Vec<&str> = ks
                .iter()
                .map(|k| k.name())
                .filter(|n| !n.starts_with("avx512") && *n != "scalar")
                .collect();
            say(format_args!("kernels left to the normal build: {others:?}"));
            ks.retain(|k| k.name().starts_with("avx512") || k.name() == "scalar");
        }
        let names: Vec<&str> = ks.iter().map(|k| k.name()).collect();
        let avx512 = if !names.iter().any(|n| n.starts_with("avx512")) {
            ""
        } else if utfast_simd::AVX512_MODEL {
            " (AVX-512 instructions: model)"
        } else {
            " (AVX-512 instructions: hardware)"
        };
        say(format_args!("kernels under test: {names:?}{avx512}"));
        assert_eq!(names.last(), Some(&"scalar"), "scalar must come last");
        ks
    })
}

/// Every kernel of [`kernels`] but `scalar`: the kernels a check compares with the
/// scalar crate, whose functions are the scalar kernel's own operations (comparing
/// them would compare a function with itself). A check that computes scalar's result
/// once per case compares every kernel of this list with it.
pub fn compared() -> &'static [&'static Kernel] {
    let ks = kernels();
    // `kernels` ends with scalar (it asserts that).
    &ks[..ks.len() - 1]
}

/// Writes one line to the process's stderr directly: libtest captures `print!` and
/// `eprint!` of passing tests, so `cargo test` would otherwise never show which
/// kernels ran.
fn say(line: core::fmt::Arguments<'_>) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// Whether the tests should shrink their workload: running under QEMU
/// (`UTFAST_QEMU`), or asked to (`UTFAST_QUICK`); any value but `0` counts.
pub fn quick() -> bool {
    std::env::var_os("UTFAST_QEMU").is_some_and(|v| v != "0")
        || std::env::var_os("UTFAST_QUICK").is_some_and(|v| v != "0")
}

/// Number of proptest cases: `PROPTEST_CASES` if set, else `normal` (or
/// `normal / 8`, at least 8, under [`quick`]).
pub fn proptest_cases(normal: u32) -> u32 {
    if let Some(n) = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        return n;
    }
    if quick() {
        (normal / 8).max(8)
    } else {
        normal
    }
}

/// Decodes hex digits without separators (either case).
///
/// ```
/// assert_eq!(utfast_testkit::hex("c3A9"), [0xC3, 0xA9]);
/// ```
pub fn hex(s: &str) -> Vec<u8> {
    assert!(s.len().is_multiple_of(2), "odd hex length: {s}");
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex"))
        .collect()
}

/// Lowercase hex of all of `b`, for failure messages of short inputs.
pub fn to_hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// Short printable hex for failure messages (truncated after 96 bytes).
pub fn show(b: &[u8]) -> String {
    let mut s: String = b.iter().take(96).map(|x| format!("{x:02x}")).collect();
    if b.len() > 96 {
        s.push_str(&format!("...({} bytes)", b.len()));
    }
    s
}

/// Asserts `got == want`, printing both in hex (only on failure) with `what()`.
#[track_caller]
pub fn assert_bytes_eq(got: &[u8], want: &[u8], what: impl Fn() -> String) {
    if got != want {
        panic!(
            "{}: output differs\n got: {}\nwant: {}",
            what(),
            to_hex(got),
            to_hex(want)
        );
    }
}

/// The workspace's test data directory `tests/data` (one copy for every crate).
pub fn data_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data"))
}

/// `tests/data/<rel>`.
pub fn data_path(rel: &str) -> PathBuf {
    data_dir().join(rel)
}

// Cyrillic code pages
/// The Russian texts of `tests/data/cyrillic` in the Cyrillic code pages:
/// `(name, code page, bytes, expected UTF-8 if the corpus has it)`, lipsum and Mars
/// for each code page.
pub fn cyrillic_texts() -> Vec<(String, Encoding, Vec<u8>, Option<String>)> {
    let mut out = Vec::new();
    for (file, e) in [
        ("koi8-r", Encoding::Koi8R),
        ("windows-1251", Encoding::Windows1251),
        ("ibm866", Encoding::Ibm866),
    ] {
        for text in ["lipsum-russian", "mars-russian"] {
            let bytes = data(&format!("cyrillic/{text}.{file}.txt"));
            let utf8 = std::fs::read(data_path(&format!("cyrillic/{text}.{file}.utf8.txt")))
                .ok()
                .map(|b| String::from_utf8(b).expect("the expected UTF-8 is UTF-8"));
            out.push((format!("{text}.{file}"), e, bytes, utf8));
        }
    }
    out
}

/// The bytes of `tests/data/<rel>` (panics with the path if it cannot be read).
pub fn data(rel: &str) -> Vec<u8> {
    let p = data_path(rel);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// A conformance file: `tests/data/conformance/<rel>` if the repository has it.
/// Files too large to commit may also be found in a `shared/conformance` directory
/// next to the checkout (or next to the main checkout of a git worktree), when
/// there is one. `None` if neither exists; the caller must say so (print a note),
/// never skip silently.
pub fn conformance_path(rel: &str) -> Option<PathBuf> {
    let root = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    [
        data_path("conformance").join(rel),
        root.join("../shared/conformance").join(rel),
        root.join("../../shared/conformance").join(rel),
    ]
    .into_iter()
    .find(|p| p.is_file())
}

/// Every lipsum sample `tests/data/lipsum/*.utf8.txt` as (file name, text), sorted
/// by name.
pub fn lipsum() -> Vec<(String, String)> {
    let dir = data_path("lipsum");
    let mut out: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|f| f.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".utf8.txt"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect();
    assert!(out.len() >= 9, "lipsum files missing in {}", dir.display());
    out.sort();
    out
}

/// The lipsum sample of one language (`"Arabic"`, ..., `"Russian"`).
pub fn lipsum_text(language: &str) -> String {
    let rel = format!("lipsum/{language}-Lipsum.utf8.txt");
    String::from_utf8(data(&rel)).expect("lipsum files are UTF-8")
}

/// For tests of functions that always use the active kernel (the facade's): runs the
/// test `name` (its full path in the test binary, e.g. `owned::lossy_lengths`) again
/// in a child process per available kernel, with `UTFAST_KERNEL` set, and checks that
/// each child passed one test on that kernel. Returns `true` in the parent (which then
/// returns: the children did the work) and `false` in a child, which runs the test.
///
/// ```no_run
/// #[test]
/// fn on_every_kernel() {
///     if utfast_testkit::each_kernel("on_every_kernel") {
///         return;
///     }
///     // ... the test, with utfast::kernel::active() being one kernel per child
/// }
/// ```
pub fn each_kernel(name: &str) -> bool {
    const CHILD: &str = "UTFAST_TESTKIT_KERNEL_CHILD";
    if let Some(want) = std::env::var_os(CHILD) {
        let active = utfast_simd::active().name();
        assert_eq!(Some(active), want.to_str(), "the child runs on its kernel");
        println!("{name}: kernel {active}");
        return false;
    }
    rerun_on_kernels(
        &[name, "--exact", "--nocapture", "--test-threads=1"],
        "1 passed",
        CHILD,
    );
    true
}

/// Runs the tests of this test binary that `filter` selects again in a child process
/// per available kernel (`UTFAST_KERNEL`), and checks that every child passed with no
/// failure: for a suite of tests kept as published, which cannot call
/// [`each_kernel`] themselves. The filter must not select the calling test.
pub fn each_kernel_filter(filter: &str) {
    rerun_on_kernels(
        &[filter, "--test-threads=1"],
        " passed; 0 failed",
        "UTFAST_TESTKIT_FILTER_CHILD",
    );
}

/// The child processes of [`each_kernel`] and [`each_kernel_filter`]: the test
/// binary with `args`, once per kernel, each passing with `expect` in its output.
fn rerun_on_kernels(args: &[&str], expect: &str, child: &str) {
    let mut ran = 0;
    for k in kernels() {
        let out = std::process::Command::new(std::env::current_exe().expect("test binary"))
            .args(args)
            .env("UTFAST_KERNEL", k.name())
            .env(child, k.name())
            .output()
            .expect("run the test binary");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success() && stdout.contains(expect),
            "{} on kernel {}:\n{stdout}\n{}",
            args[0],
            k.name(),
            String::from_utf8_lossy(&out.stderr)
        );
        println!("{}: passed on kernel {}", args[0], k.name());
        ran += 1;
    }
    assert!(ran >= 1, "no kernel ran");
}
