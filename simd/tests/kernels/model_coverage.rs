//! Which operations of the AVX-512 instruction model each kernel operation reaches
//! (`--cfg utfast_avx512_model`; part of the model suite, and run by
//! `scripts/avx512-model-coverage.sh`, which writes `docs/avx512-model-coverage.md`).
//!
//! Every kernel operation runs on a set of texts (every UTF-8 length, ASCII,
//! Latin-1, valid and with an invalid unit in the middle, every mode, `dst` generous,
//! exact and too small) through the test kit's whole-input checks, which also compare
//! every kernel with scalar. The model counts its operations per thread, so the
//! counts of each row are that operation's alone. The test fails if a wrapper function
//! that kernel code calls (a name of `isa/real.rs` called outside `isa/`) is reached
//! by no row: every AVX-512 code path the kernels have is exercised on the model.
#![cfg(all(target_arch = "x86_64", utfast_avx512_model))]

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;
use std::path::{Path, PathBuf};
use utfast_testkit::{char_runs, fuzz, oracle, Encoding, Mode, Rng, MODES};

/// The texts every operation runs on.
fn texts() -> Vec<(&'static str, String)> {
    let mut rng = Rng(0xC0FE);
    vec![
        (
            "ascii",
            "The quick brown fox jumps over the lazy dog. ".repeat(12),
        ),
        ("latin1", "déjà vu, ÿ ¿qué? ".repeat(20)),
        // One accented letter per 64 characters (the avx512-vbmi2 Latin-1 ->
        // UTF-8 blocks with a single byte from 0x80).
        (
            "latin1 sparse",
            "Une idée claire, puis une phrase sans accent, et encore du text.".repeat(10),
        ),
        ("2-byte", "Жёлтый ключ ".repeat(25)),
        ("3-byte", "中文字符€ ".repeat(25)),
        // Runs of 32 three-byte units and more (the avx512-vbmi2 encoder's
        // all-three-byte blocks).
        ("3-byte run", "中文字符€".repeat(40)),
        ("4-byte", "😀𝄞🎉".repeat(30)),
        ("mixed", char_runs(&mut || rng.next(), 600)),
    ]
}

/// `src` with an invalid unit of `e` in the middle (none for the single-byte encodings).
fn with_invalid(src: &[u8], e: Encoding) -> Option<Vec<u8>> {
    let bad = match e {
        Encoding::Utf8 | Encoding::Wtf8 | Encoding::Cesu8 | Encoding::Mutf8 => vec![0xFF],
        Encoding::Utf16Le | Encoding::Utf16Be => e.endian()?.write_u16(0xDC00).to_vec(),
        Encoding::Utf32Le | Encoding::Utf32Be => e.endian()?.write_u32(0x11_0000).to_vec(),
        // Every byte is a character.
        Encoding::Latin1 => return None,
        cp if utfast_scalar::CodePage::of(cp).is_some() => return None,
        // non_exhaustive: a new encoding needs its invalid unit here.
        _ => unimplemented!("with_invalid: no invalid unit for {e:?}"),
    };
    let unit = bad.len();
    let mid = src.len() / 2 / unit * unit;
    let mut v = src[..mid].to_vec();
    v.extend_from_slice(&bad);
    v.extend_from_slice(&src[mid..]);
    Some(v)
}

/// The wrapper functions (names in `isa/real.rs`, as in its model-vs-hardware test).
fn wrapper_functions(simd: &Path) -> BTreeSet<String> {
    let src = std::fs::read_to_string(simd.join("src/x86_64/avx512/isa/real.rs")).unwrap();
    let mut names = BTreeSet::new();
    for (i, _) in src.match_indices("= _mm") {
        let rest = &src[i + 2..];
        let end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap();
        let name = rest[..end]
            .trim_start_matches("_mm512_")
            .trim_start_matches("_mm256_")
            .trim_start_matches("_mm_");
        names.insert(if name == "setzero_si512" {
            "setzero".into()
        } else {
            name.into()
        });
    }
    for n in [
        "loadu",
        "storeu",
        "loadu_si128",
        "storeu_si128",
        "loadu_si256",
        "storeu_si256",
    ] {
        names.insert(n.into());
    }
    names
}

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The wrapper functions that kernel code calls: names of `wrapper` followed by `(`
/// or `::<` in `simd/src` outside `isa/` and the trait tests.
fn used_by_kernels(simd: &Path, wrapper: &BTreeSet<String>) -> BTreeMap<String, Vec<String>> {
    let src = simd.join("src");
    let isa = src.join("x86_64/avx512/isa");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut used: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for file in files {
        if file.starts_with(&isa) || file.ends_with("tests.rs") {
            continue;
        }
        let text = std::fs::read_to_string(&file).unwrap();
        let rel = file.strip_prefix(simd).unwrap().display().to_string();
        for name in wrapper {
            let called = text.lines().any(|l| {
                let code = l.split("//").next().unwrap();
                code.match_indices(name.as_str()).any(|(i, _)| {
                    let before = code[..i].chars().last();
                    let after = &code[i + name.len()..];
                    !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
                        && (after.starts_with('(') || after.starts_with("::<"))
                })
            });
            if called {
                used.entry(name.clone()).or_default().push(rel.clone());
            }
        }
    }
    used
}

#[test]
fn model_coverage() {
    let simd = Path::new(env!("CARGO_MANIFEST_DIR"));
    assert!(
        utfast_testkit::kernels()
            .iter()
            .any(|k| k.name().starts_with("avx512")),
        "no avx512 kernel under the model"
    );
    let _ = utfast_simd::avx512_model_coverage(); // reset this thread's counters
    let texts = texts();
    let mut rows: Vec<(String, Vec<(&'static str, u64)>)> = Vec::new();

    for (_, t) in &texts {
        fuzz::check_validate(t.as_bytes());
        fuzz::check_validate(&with_invalid(t.as_bytes(), Encoding::Utf8).unwrap());
    }
    rows.push((
        "validate_utf8, is_utf8, is_ascii".into(),
        utfast_simd::avx512_model_coverage(),
    ));
    for from in Encoding::ALL {
        for to in Encoding::ALL {
            for (_, t) in &texts {
                let src = oracle::expected(t.as_bytes(), Encoding::Utf8, from, Mode::Lossy).out;
                for mode in MODES {
                    fuzz::check_transcode(&src, from, to, mode, 100);
                    if let Some(bad) = with_invalid(&src, from) {
                        fuzz::check_transcode(&bad, from, to, mode, 100);
                    }
                }
            }
            rows.push((
                format!("{from} -> {to}"),
                utfast_simd::avx512_model_coverage(),
            ));
        }
    }
    for from in Encoding::ALL {
        for (_, t) in &texts {
            let src = oracle::expected(t.as_bytes(), Encoding::Utf8, from, Mode::Lossy).out;
            fuzz::check_lengths_valid(&src, from);
        }
        rows.push((
            format!("lengths of {from}"),
            utfast_simd::avx512_model_coverage(),
        ));
    }

    let wrapper = wrapper_functions(simd);
    let used = used_by_kernels(simd, &wrapper);
    let reached: BTreeMap<&str, u64> =
        rows.iter()
            .flat_map(|(_, r)| r.iter().copied())
            .fold(BTreeMap::new(), |mut m, (op, n)| {
                *m.entry(op).or_insert(0) += n;
                m
            });
    let missing: Vec<&String> = used
        .keys()
        .filter(|n| !reached.contains_key(n.as_str()))
        .collect();

    let mut doc = String::new();
    writeln!(doc, "# AVX-512 model coverage\n").unwrap();
    writeln!(
        doc,
        "Generated by `scripts/avx512-model-coverage.sh` (the kernel test `model_coverage` \
         under `--cfg utfast_avx512_model`); do not edit.\n\n\
         Each row runs one kernel operation (every kernel, compared with scalar) on ASCII, \
         Latin-1, 2-, 3-, 4-byte and mixed text, valid and with an invalid unit, in every \
         mode, with generous, exact and too-small `dst`, and lists the modelled AVX-512 \
         operations it executed (calls in parentheses). The unit tests of \
         `simd/src/x86_64/avx512/isa/tests.rs` reach every wrapper function on hand-computed \
         examples and, on AVX-512 hardware, against the real instructions; the trait tests \
         (`vector/tests.rs`, `vector_ext/tests.rs`) reach every `Vector`/`VectorExt` method of \
         `isa::Zmm`.\n"
    )
    .unwrap();
    writeln!(doc, "## Wrapper functions called by kernel code\n").unwrap();
    writeln!(
        doc,
        "| function | called in | calls in this sweep |\n|---|---|---|"
    )
    .unwrap();
    for (name, files) in &used {
        let n = reached.get(name.as_str()).copied().unwrap_or(0);
        writeln!(doc, "| `{name}` | {} | {n} |", files.join(", ")).unwrap();
    }
    writeln!(
        doc,
        "\n{} of the {} wrapper functions are called by kernel code; {} of them are reached \
         by this sweep.\n",
        used.len(),
        wrapper.len(),
        used.len() - missing.len()
    )
    .unwrap();
    if !missing.is_empty() {
        let list: Vec<String> = missing.iter().map(|n| format!("`{n}`")).collect();
        writeln!(
            doc,
            "Not reached by this sweep: {}. They are called only by `Vector`/`VectorExt` \
             methods of `isa::Zmm` for operations that both tiers take from the avx2 kernel \
             (see `Kernel::implementations`); the trait tests reach them.\n",
            list.join(", ")
        )
        .unwrap();
    }
    writeln!(doc, "## Per kernel operation\n").unwrap();
    writeln!(
        doc,
        "| kernel operation | modelled operations reached |\n|---|---|"
    )
    .unwrap();
    for (row, ops) in &rows {
        let list: Vec<String> = ops.iter().map(|(op, n)| format!("`{op}` ({n})")).collect();
        let list = if list.is_empty() {
            "none (no AVX-512 code path)".into()
        } else {
            list.join(", ")
        };
        writeln!(doc, "| {row} | {list} |").unwrap();
    }
    print!("{doc}");
    if let Some(path) = std::env::var_os("UTFAST_AVX512_COVERAGE_DOC") {
        std::fs::write(&path, &doc).unwrap();
        println!("written to {}", PathBuf::from(path).display());
    }
    // The tiers' own code (x86_64/avx512/) must be reached entirely. A wrapper function
    // called only by a `Vector`/`VectorExt` method of `isa::Zmm` that no table entry of
    // the tiers uses (they take the avx2 entries for those operations) is listed, not
    // required: the trait tests reach it.
    let own: Vec<&String> = missing
        .iter()
        .copied()
        .filter(|n| {
            used[n.as_str()]
                .iter()
                .any(|f| f.contains("x86_64/avx512/"))
        })
        .collect();
    println!("wrapper functions in no table entry of the tiers: {missing:?}");
    assert!(
        own.is_empty(),
        "wrapper functions called by the tiers' own code but reached by no kernel operation: {own:?}"
    );
}
