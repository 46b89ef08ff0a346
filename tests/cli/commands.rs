//! End-to-end tests of the `utfast` command: every subcommand, its options, exit codes
//! and messages, and the conformance vectors through `convert` and `validate`.

use assert_cmd::Command;
use std::path::{Path, PathBuf};
use tempfile::TempDir;
use utfast_testkit::{conformance_path, data_path, hex};

fn utfast() -> Command {
    Command::new(env!("CARGO_BIN_EXE_utfast"))
}

fn lipsum() -> String {
    let dir = data_path("lipsum");
    let mut names: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".utf8.txt"))
        .collect();
    names.sort();
    names
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect()
}

fn utf16le(s: &str) -> Vec<u8> {
    s.encode_utf16().flat_map(u16::to_le_bytes).collect()
}
fn utf16be(s: &str) -> Vec<u8> {
    s.encode_utf16().flat_map(u16::to_be_bytes).collect()
}
fn utf32le(s: &str) -> Vec<u8> {
    s.chars().flat_map(|c| (c as u32).to_le_bytes()).collect()
}
fn utf32be(s: &str) -> Vec<u8> {
    s.chars().flat_map(|c| (c as u32).to_be_bytes()).collect()
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

fn stdout_of(cmd: &mut Command) -> Vec<u8> {
    cmd.assert().success().get_output().stdout.clone()
}

fn stderr_text(a: &assert_cmd::assert::Assert) -> String {
    String::from_utf8(a.get_output().stderr.clone()).unwrap()
}

fn dir_names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn convert_between_every_encoding_pair() {
    let text = lipsum();
    let forms: [(&str, Vec<u8>); 5] = [
        ("utf-8", text.as_bytes().to_vec()),
        ("UTF-16LE", utf16le(&text)),
        ("utf-16be", utf16be(&text)),
        ("utf32le", utf32le(&text)),
        ("utf-32be", utf32be(&text)),
    ];
    let dir = TempDir::new().unwrap();
    for (from, input) in &forms {
        let file = write(dir.path(), "in", input);
        for (to, expected) in &forms {
            // From a file and from stdin.
            let out = stdout_of(utfast().args(["convert", "-f", from, "-t", to]).arg(&file));
            assert!(out == *expected, "{from} -> {to}");
            let out = stdout_of(
                utfast()
                    .args(["convert", "-f", from, "-t", to, "-"])
                    .write_stdin(input.clone()),
            );
            assert!(out == *expected, "{from} -> {to} (stdin)");
        }
    }
}

#[test]
fn latin1_both_ways_and_unmappable_characters() {
    let dir = TempDir::new().unwrap();
    let l1 = write(dir.path(), "l1", b"caf\xE9 \xFF\n");
    let out = stdout_of(
        utfast()
            .args(["convert", "-f", "latin1", "-t", "utf-8"])
            .arg(&l1),
    );
    assert_eq!(out, "café ÿ\n".as_bytes());
    let u = write(dir.path(), "u", "ab\nc€d".as_bytes());
    let a = utfast()
        .args(["convert", "-f", "utf-8", "-t", "iso-8859-1"])
        .arg(&u)
        .assert()
        .code(1);
    let msg = format!(
        "{}: cannot convert UTF-8 to ISO-8859-1 at byte 4 (line 2, column 2): character not representable in Latin-1\n",
        u.display()
    );
    assert_eq!(stderr_text(&a), msg);
    let out = stdout_of(
        utfast()
            .args(["convert", "--lossy", "-f", "utf-8", "-t", "latin1"])
            .arg(&u),
    );
    assert_eq!(out, b"ab\nc?d");
}

// Cyrillic code pages
#[test]
fn cyrillic_code_pages_with_iconv_names() {
    let dir = TempDir::new().unwrap();
    for (name, file, labels) in [
        ("KOI8-R", "koi8-r", ["koi8-r", "KOI8-R"]),
        ("windows-1251", "windows-1251", ["cp1251", "CP1251"]),
        ("IBM866", "ibm866", ["cp866", "IBM866"]),
    ] {
        let src = data_path(&format!("cyrillic/lipsum-russian.{file}.txt"));
        let want = std::fs::read(data_path(&format!(
            "cyrillic/lipsum-russian.{file}.utf8.txt"
        )))
        .unwrap();
        for label in labels {
            let out = stdout_of(
                utfast()
                    .args(["convert", "-f", label, "-t", "utf-8"])
                    .arg(&src),
            );
            assert_eq!(out, want, "{name} via {label}");
        }
        // Back: UTF-8 -> code page gives the original bytes, one thread and several.
        let u = write(dir.path(), &format!("{file}.utf8"), &want);
        for j in ["1", "2"] {
            let out = stdout_of(
                utfast()
                    .args(["convert", "-j", j, "-f", "utf-8", "-t", labels[1]])
                    .arg(&u),
            );
            assert_eq!(out, std::fs::read(&src).unwrap(), "utf-8 -> {name} -j {j}");
        }
        // A character the code page lacks (U+0100): exit 1 with its position; lossy `?`.
        let bad = write(dir.path(), &format!("{file}.bad"), "ё\nЖĀ".as_bytes());
        let a = utfast()
            .args(["convert", "-f", "utf-8", "-t", labels[0]])
            .arg(&bad)
            .assert()
            .code(1);
        let msg = format!(
            "{}: cannot convert UTF-8 at byte 5 (line 2, column 2): character not representable in the target code page\n",
            bad.display()
        );
        assert_eq!(stderr_text(&a), msg, "{name}");
        let out = stdout_of(
            utfast()
                .args(["convert", "--lossy", "-f", "utf-8", "-t", labels[0]])
                .arg(&bad),
        );
        assert_eq!(out.len(), 4, "{name}");
        assert_eq!(out[1..2], *b"\n");
        assert_eq!(out[3], b'?');
    }
}

#[test]
fn invalid_input_reports_offset_line_and_column() {
    let dir = TempDir::new().unwrap();
    let mut bad = utf16le("first line\nsecond: ab");
    bad.extend_from_slice(&[0x00, 0xDC]); // lone low surrogate at byte 42
    bad.extend_from_slice(&utf16le("tail"));
    let f = write(dir.path(), "bad16.txt", &bad);
    let a = utfast()
        .args(["convert", "-f", "utf-16le", "-t", "utf-8"])
        .arg(&f)
        .assert()
        .code(1);
    let expected = format!(
        "{}: invalid UTF-16LE at byte 42 (line 2, column 11): unpaired low surrogate\n",
        f.display()
    );
    assert_eq!(stderr_text(&a), expected);
    // Same for validate (on stdout), and from stdin.
    let a = utfast()
        .args(["validate", "-e", "utf-16le"])
        .arg(&f)
        .assert()
        .code(1);
    assert_eq!(
        String::from_utf8(a.get_output().stdout.clone()).unwrap(),
        expected
    );
    let a = utfast()
        .args(["convert", "-f", "utf-16le", "-t", "utf-8"])
        .write_stdin(bad)
        .assert()
        .code(1);
    assert!(stderr_text(&a).starts_with("<stdin>: invalid UTF-16LE at byte 42 (line 2, column 11)"));

    // UTF-8: truncated sequence at the very end; characters, not bytes, for columns.
    let f = write(
        dir.path(),
        "bad8.txt",
        b"\xC3\xA9t\xC3\xA9\n\xE2\x82\xACx\xF0\x9F",
    );
    let a = utfast()
        .args(["convert", "-f", "utf-8", "-t", "utf-16be"])
        .arg(&f)
        .assert()
        .code(1);
    assert!(stderr_text(&a)
        .ends_with("invalid UTF-8 at byte 10 (line 2, column 3): missing continuation byte\n"));
}

#[test]
fn positions_are_exact_across_chunk_boundaries() {
    // > 1 MiB (many chunks of the command), with a long line crossing a boundary and a cut
    // multi-byte character right at it.
    let mut text = String::new();
    while text.len() < (1 << 20) - 5000 {
        text.push_str("Ἀρχὴ ἥμισυ παντός 😀\n");
    }
    while text.len() < (1 << 20) + 7000 {
        text.push('€');
    }
    let (line, column) = (
        text.matches('\n').count() + 1,
        text.rsplit('\n').next().unwrap().chars().count() + 1,
    );
    let mut bytes = text.clone().into_bytes();
    let offset = bytes.len();
    bytes.extend_from_slice(b"\xED\xA0\x80 more");
    let dir = TempDir::new().unwrap();
    let f = write(dir.path(), "big.txt", &bytes);
    let tail = format!("at byte {offset} (line {line}, column {column}): surrogate code point\n");
    for args in [
        &["convert", "-f", "utf-8", "-t", "utf-32le"][..],
        &["validate"][..],
        &["count"][..],
    ] {
        let a = utfast().args(args).arg(&f).assert().code(1);
        let out = a.get_output();
        let report = if out.stderr.is_empty() {
            &out.stdout
        } else {
            &out.stderr
        };
        let text = String::from_utf8(report.clone()).unwrap();
        let last = text.lines().last().unwrap().to_string() + "\n";
        assert!(last.ends_with(&tail), "{args:?}: {last}");
    }
    // Standard input cannot be read twice: lines are counted while streaming.
    for args in [
        &["convert", "-f", "utf-8", "-t", "utf-16be", "-"][..],
        &["validate", "-"][..],
    ] {
        let a = utfast()
            .args(args)
            .write_stdin(bytes.clone())
            .assert()
            .code(1);
        let out = a.get_output();
        let report = if args[0] == "convert" {
            &out.stderr
        } else {
            &out.stdout
        };
        let text = String::from_utf8_lossy(report);
        assert!(text.ends_with(&tail), "{args:?} on stdin: {text}");
    }
    // The same through UTF-16 (positions in UTF-16 bytes), with and without a BOM
    // (the BOM is not a character of line 1), from a file and from stdin.
    for bom in [false, true] {
        let mut wide = if bom { vec![0xFF, 0xFE] } else { vec![] };
        wide.extend(utf16le(&text));
        let offset = wide.len();
        wide.extend_from_slice(&[0x3D, 0xD8, b'a', 0]);
        let f = write(dir.path(), "big16.txt", &wide);
        let tail =
            format!("at byte {offset} (line {line}, column {column}): unpaired high surrogate\n");
        for from in ["utf-16le", "utf-16"] {
            if bom && from == "utf-16le" {
                continue; // with "utf-16le" a BOM is a character (U+FEFF)
            }
            let a = utfast()
                .args(["convert", "-f", from, "-t", "utf-8"])
                .arg(&f)
                .assert()
                .code(1);
            assert!(stderr_text(&a).ends_with(&tail), "{from} bom={bom}");
            let a = utfast()
                .args(["convert", "-f", from, "-t", "utf-8", "-"])
                .write_stdin(wide.clone())
                .assert()
                .code(1);
            assert!(stderr_text(&a).ends_with(&tail), "{from} bom={bom} stdin");
            let a = utfast()
                .args(["validate", "-e", from])
                .arg(&f)
                .assert()
                .code(1);
            let out = String::from_utf8(a.get_output().stdout.clone()).unwrap();
            assert!(out.ends_with(&tail), "validate {from} bom={bom}: {out}");
        }
    }
}

#[test]
fn lossy_replaces_maximal_subparts() {
    let input = b"a\xF1\x80\x80\xE1\x80\xC2b\x80c\x80\xBFd\xF0\x9F";
    let out = stdout_of(
        utfast()
            .args(["convert", "--lossy", "-f", "utf-8", "-t", "utf-8"])
            .write_stdin(&input[..]),
    );
    assert_eq!(out, String::from_utf8_lossy(input).as_bytes());
    let out = stdout_of(
        utfast()
            .args(["convert", "--lossy", "-f", "utf-16be", "-t", "utf-8"])
            .write_stdin(&b"\x00a\xD8\x3D\x00b\xDC\x00\xD8"[..]),
    );
    assert_eq!(out, "a\u{FFFD}b\u{FFFD}\u{FFFD}".as_bytes());
}

#[test]
fn unlabelled_utf16_and_utf32_and_bom_options() {
    let dir = TempDir::new().unwrap();
    // utf-16 input: a BOM of either order selects the order and is removed.
    let be = write(
        dir.path(),
        "be",
        &[&b"\xFE\xFF"[..], &utf16be("hé")].concat(),
    );
    let out = stdout_of(
        utfast()
            .args(["convert", "-f", "UTF-16", "-t", "utf-8"])
            .arg(&be),
    );
    assert_eq!(out, "hé".as_bytes());
    let le = write(dir.path(), "le", &utf16le("hé"));
    let out = stdout_of(
        utfast()
            .args(["convert", "-f", "utf-16", "-t", "utf-8"])
            .arg(&le),
    );
    assert_eq!(out, "hé".as_bytes());
    let u32 = write(
        dir.path(),
        "u32",
        &[&b"\x00\x00\xFE\xFF"[..], &utf32be("x😀")].concat(),
    );
    let out = stdout_of(
        utfast()
            .args(["convert", "-f", "utf-32", "-t", "utf-8"])
            .arg(&u32),
    );
    assert_eq!(out, "x😀".as_bytes());
    // utf-16 output: little-endian with a BOM (unless --bom strip).
    let u8 = write(dir.path(), "u8", "hé".as_bytes());
    let out = stdout_of(
        utfast()
            .args(["convert", "-f", "utf-8", "-t", "utf-16"])
            .arg(&u8),
    );
    assert_eq!(out, [&b"\xFF\xFE"[..], &utf16le("hé")].concat());
    let out = stdout_of(
        utfast()
            .args(["convert", "--bom", "strip", "-f", "utf-8", "-t", "utf-16"])
            .arg(&u8),
    );
    assert_eq!(out, utf16le("hé"));
    // Labelled input: keep converts the BOM as a character, strip removes it, add
    // removes it and writes the target's.
    let bom8 = write(dir.path(), "bom8", "\u{FEFF}hé".as_bytes());
    let keep = stdout_of(
        utfast()
            .args(["convert", "-f", "utf-8", "-t", "utf-16be"])
            .arg(&bom8),
    );
    assert_eq!(keep, utf16be("\u{FEFF}hé"));
    let strip = stdout_of(
        utfast()
            .args(["convert", "--bom=strip", "-f", "utf-8", "-t", "utf-16be"])
            .arg(&bom8),
    );
    assert_eq!(strip, utf16be("hé"));
    let add = stdout_of(
        utfast()
            .args(["convert", "--bom", "add", "-f", "utf-8", "-t", "utf-32le"])
            .arg(&bom8),
    );
    assert_eq!(add, utf32le("\u{FEFF}hé"));
    let add = stdout_of(
        utfast()
            .args(["convert", "--bom", "add", "-f", "utf-16le", "-t", "utf-8"])
            .arg(&le),
    );
    assert_eq!(add, "\u{FEFF}hé".as_bytes());
    // Error offsets count the BOM.
    let bad = write(dir.path(), "bad", b"\xFF\xFEa\x00\x00\xDC");
    let a = utfast()
        .args(["convert", "-f", "utf-16", "-t", "utf-8"])
        .arg(&bad)
        .assert()
        .code(1);
    assert!(stderr_text(&a).contains("invalid UTF-16LE at byte 4 (line 1, column 2)"));
}

#[test]
fn output_file_appears_only_on_success() {
    let dir = TempDir::new().unwrap();
    let good = write(dir.path(), "good.txt", "ünïcödé\n".as_bytes());
    let bad = write(dir.path(), "bad.txt", b"ok\n\xFFno\n");
    let out = dir.path().join("out.txt");
    utfast()
        .args(["convert", "-f", "utf-8", "-t", "utf-16le", "-o"])
        .arg(&out)
        .arg(&good)
        .assert()
        .success()
        .stdout("");
    assert_eq!(std::fs::read(&out).unwrap(), utf16le("ünïcödé\n"));
    assert_eq!(dir_names(dir.path()), ["bad.txt", "good.txt", "out.txt"]);

    // Invalid input: the existing OUT is untouched and no temporary file is left.
    let a = utfast()
        .args(["convert", "-f", "utf-8", "-t", "utf-16le", "-o"])
        .arg(&out)
        .arg(&bad)
        .assert()
        .code(1);
    assert!(stderr_text(&a).contains("invalid UTF-8 at byte 3 (line 2, column 1): invalid byte"));
    assert_eq!(std::fs::read(&out).unwrap(), utf16le("ünïcödé\n"));
    assert_eq!(dir_names(dir.path()), ["bad.txt", "good.txt", "out.txt"]);

    // And with no previous OUT, none appears.
    let new = dir.path().join("new.txt");
    utfast()
        .args(["convert", "-f", "utf-8", "-t", "utf-8", "-o"])
        .arg(&new)
        .arg(&bad)
        .assert()
        .code(1);
    assert_eq!(dir_names(dir.path()), ["bad.txt", "good.txt", "out.txt"]);
}

/// `-o` naming something that is not a regular file (here a FIFO, standing in for
/// `/dev/null` or a terminal) writes into it: renaming a temporary file over it
/// would replace the device or pipe with a plain file. A symbolic link stays a link.
#[cfg(unix)]
#[test]
fn output_to_fifo_and_symlink_keeps_them() {
    use std::os::unix::fs::FileTypeExt;
    let dir = TempDir::new().unwrap();
    let input = write(dir.path(), "in.txt", "ünïcödé\n".as_bytes());
    let fifo = dir.path().join("pipe");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if made.map(|s| s.success()).unwrap_or(false) {
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || std::fs::read(fifo).unwrap())
        };
        utfast()
            .args(["convert", "-f", "utf-8", "-t", "utf-16le", "-o"])
            .arg(&fifo)
            .arg(&input)
            .assert()
            .success();
        // Checked first: had the FIFO been replaced, the reader would wait forever.
        let meta = std::fs::symlink_metadata(&fifo).unwrap();
        assert!(meta.file_type().is_fifo(), "the FIFO was replaced");
        assert_eq!(reader.join().unwrap(), utf16le("ünïcödé\n"));
    } else {
        println!("mkfifo unavailable: FIFO case skipped");
    }

    let real = write(dir.path(), "real.txt", b"old");
    let link = dir.path().join("link.txt");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    utfast()
        .args(["convert", "-f", "utf-8", "-t", "utf-16be", "-o"])
        .arg(&link)
        .arg(&input)
        .assert()
        .success();
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(std::fs::read(&real).unwrap(), utf16be("ünïcödé\n"));
}

#[test]
fn usage_errors_exit_2_with_one_line() {
    let dir = TempDir::new().unwrap();
    let f = write(dir.path(), "f", b"x");
    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            vec![
                "convert".into(),
                "-f".into(),
                "shift_jis".into(),
                "-t".into(),
                "utf-8".into(),
            ],
            "utfast: Shift_JIS (label \"shift_jis\") is not supported yet",
        ),
        (
            vec![
                "convert".into(),
                "-f".into(),
                "utf-8".into(),
                "-t".into(),
                "utf-8".into(),
                "/no/such/file".into(),
            ],
            "utfast: cannot open /no/such/file:",
        ),
        (
            vec![
                "convert".into(),
                "-f".into(),
                "utf-8".into(),
                "-t".into(),
                "utf-8".into(),
                "-o".into(),
                "/no/such/dir/out".into(),
                f.display().to_string(),
            ],
            "utfast: cannot write /no/such/dir/out:",
        ),
        (
            vec![
                "convert".into(),
                "-f".into(),
                "utf-8".into(),
                "-t".into(),
                "utf-8".into(),
                dir.path().display().to_string(),
            ],
            "utfast: cannot read",
        ),
        (
            vec!["validate".into(), "/no/such/file".into()],
            "utfast: cannot open /no/such/file:",
        ),
        (
            vec![
                "validate".into(),
                "-e".into(),
                "ebcdic".into(),
                f.display().to_string(),
            ],
            "utfast: unknown encoding",
        ),
        (
            vec!["detect".into(), "/no/such/file".into()],
            "utfast: cannot open",
        ),
        (
            vec!["count".into(), "/no/such/file".into()],
            "utfast: cannot open",
        ),
        (
            vec!["bench".into(), "/no/such/file".into()],
            "utfast: cannot read",
        ),
    ];
    for (args, prefix) in cases {
        let a = utfast().args(&args).assert().code(2);
        let err = stderr_text(&a);
        assert!(err.starts_with(prefix), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(!err.contains("panicked"));
    }
    // clap's own usage errors also exit 2.
    utfast().args(["convert", "-f", "utf-8"]).assert().code(2);
    utfast().arg("frobnicate").assert().code(2);
}

#[test]
fn validate_many_files_text_and_json() {
    let dir = TempDir::new().unwrap();
    let good = write(dir.path(), "good \"q\".txt", "fine ✓\n".as_bytes());
    let bad = write(dir.path(), "bad.txt", b"a\nbc\xE0\x80x");
    utfast()
        .arg("validate")
        .arg(&good)
        .assert()
        .success()
        .stdout("");
    let a = utfast()
        .arg("validate")
        .arg(&good)
        .arg(&bad)
        .assert()
        .code(1);
    assert_eq!(
        String::from_utf8(a.get_output().stdout.clone()).unwrap(),
        format!(
            "{}: invalid UTF-8 at byte 4 (line 2, column 3): overlong encoding\n",
            bad.display()
        )
    );
    let a = utfast()
        .args(["validate", "--json"])
        .arg(&good)
        .arg(&bad)
        .arg("/no/such/file")
        .assert()
        .code(2);
    let out = String::from_utf8(a.get_output().stdout.clone()).unwrap();
    let rows: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["file"], good.display().to_string());
    assert_eq!(rows[0]["valid"], true);
    assert_eq!(rows[0]["offset"], serde_json::Value::Null);
    assert_eq!(rows[1]["valid"], false);
    assert_eq!(rows[1]["encoding"], "UTF-8");
    assert_eq!(
        (rows[1]["offset"].as_u64(), rows[1]["line"].as_u64()),
        (Some(4), Some(2))
    );
    assert_eq!(
        (rows[1]["column"].as_u64(), rows[1]["kind"].as_str()),
        (Some(3), Some("overlong encoding"))
    );
    // Other encodings, stdin.
    utfast()
        .args(["validate", "-e", "utf-32be", "-"])
        .write_stdin(utf32be("ok😀"))
        .assert()
        .success();
    utfast()
        .args(["validate", "-e", "utf-32be", "-"])
        .write_stdin(&b"\x00\x11\x00\x00"[..])
        .assert()
        .code(1)
        .stdout(
            "<stdin>: invalid UTF-32BE at byte 0 (line 1, column 1): code point above U+10FFFF\n",
        );
}

#[test]
fn detect_ranks_candidates() {
    let dir = TempDir::new().unwrap();
    let u8 = write(dir.path(), "u8", "Grüße, мир\n".as_bytes());
    let out = stdout_of(utfast().arg("detect").arg(&u8));
    let out = String::from_utf8(out).unwrap();
    assert!(
        out.starts_with(&format!("{}: no BOM; valid as UTF-8, ", u8.display())),
        "{out}"
    );
    assert!(out.ends_with(", ISO-8859-1\n"), "{out}");
    let le = write(
        dir.path(),
        "le",
        &[&b"\xFF\xFE"[..], &utf16le("Hello, world")].concat(),
    );
    let out = String::from_utf8(stdout_of(utfast().arg("detect").arg(&le))).unwrap();
    assert!(out.contains(": BOM UTF-16LE; valid as UTF-16LE, "), "{out}");
    assert!(out.ends_with("ISO-8859-1\n"));
    let be = write(dir.path(), "be", &utf16be("Plain ASCII text"));
    let out = String::from_utf8(stdout_of(utfast().arg("detect").arg(&be))).unwrap();
    assert!(
        out.contains("no BOM; valid as UTF-8, UTF-16BE, UTF-16LE"),
        "{out}"
    );
    let w32 = write(dir.path(), "w32", &utf32le("abc"));
    let out = String::from_utf8(stdout_of(utfast().arg("detect").arg(&w32))).unwrap();
    assert!(out.contains("valid as UTF-8, UTF-32LE, UTF-16LE"), "{out}");
}

/// `detect` on text that is not Unicode: with the `chardetng` feature the Cyrillic
/// code page is guessed (first in the list), otherwise code pages are never listed.
#[test]
fn detect_guesses_cyrillic_code_pages() {
    let guessed = cfg!(feature = "chardetng");
    for (file, name) in [
        ("lipsum-russian.koi8-r", "KOI8-R"),
        ("mars-russian.koi8-r", "KOI8-R"),
        ("lipsum-russian.windows-1251", "windows-1251"),
        ("mars-russian.windows-1251", "windows-1251"),
        ("lipsum-russian.ibm866", "IBM866"),
        ("mars-russian.ibm866", "IBM866"),
    ] {
        let path = data_path(&format!("cyrillic/{file}.txt"));
        let out = String::from_utf8(stdout_of(utfast().arg("detect").arg(&path))).unwrap();
        let want = format!("no BOM; valid as {name} (guessed by chardetng), ");
        assert_eq!(out.contains(&want), guessed, "{file}: {out}");
        assert!(out.ends_with("ISO-8859-1\n"), "{out}");
        // The UTF-8 version of the same text is UTF-8: no guess.
        if file.starts_with("lipsum") {
            let path = data_path(&format!("cyrillic/{file}.utf8.txt"));
            let out = String::from_utf8(stdout_of(utfast().arg("detect").arg(&path))).unwrap();
            assert!(out.contains("no BOM; valid as UTF-8, "), "{out}");
            assert!(!out.contains("chardetng"), "{out}");
        }
    }
    let dir = TempDir::new().unwrap();
    // Ukrainian in KOI8-U (0xA6 = і, 0xA7 = ї, 0xA4 = є: box drawing in KOI8-R):
    // guessed, but not an encoding utfast converts.
    let ukrainian =
        "Україна - це держава у Східній Європі. Її столиця - Київ, найбільше місто країни. ";
    let koi8u: Vec<u8> = ukrainian
        .repeat(20)
        .chars()
        .map(|c| match c {
            'і' => 0xA6,
            'ї' => 0xA7,
            'є' => 0xA4,
            'Є' => 0xB4,
            'Ї' => 0xB7,
            'І' => 0xB6,
            c => {
                let mut b = [0u8; 4];
                let s = c.encode_utf8(&mut b);
                utfast::transcode_to_vec(
                    s.as_bytes(),
                    utfast::Encoding::Utf8,
                    utfast::Encoding::Koi8R,
                    utfast::Mode::Strict,
                )
                .unwrap()[0]
            }
        })
        .collect();
    let f = write(dir.path(), "koi8u", &koi8u);
    let out = String::from_utf8(stdout_of(utfast().arg("detect").arg(&f))).unwrap();
    assert_eq!(
        out.contains("valid as KOI8-U (guessed by chardetng)"),
        guessed,
        "{out}"
    );
    // French in windows-1252 with its curly quotes (0x93/0x94: C1 controls in
    // ISO-8859-1).
    let french =
        b"\x93Cr\xe8me br\xfbl\xe9e\x94, na\xefve r\xe9sum\xe9 de l\x92\xe9t\xe9. ".repeat(20);
    let f = write(dir.path(), "cp1252", &french);
    let out = String::from_utf8(stdout_of(utfast().arg("detect").arg(&f))).unwrap();
    assert_eq!(
        out.contains("valid as windows-1252 (guessed by chardetng)"),
        guessed,
        "{out}"
    );
    // ... and converts it, 0x93/0x94 to curly quotes.
    let out = stdout_of(
        utfast()
            .args(["convert", "-f", "windows-1252", "-t", "utf-8"])
            .arg(&f),
    );
    assert!(String::from_utf8(out)
        .unwrap()
        .starts_with("“Crème brûlée”, naïve"));
}

#[test]
fn count_reports_sequence_lengths() {
    let dir = TempDir::new().unwrap();
    let f = write(dir.path(), "f", "aé€😀\nb\n".as_bytes());
    let out = String::from_utf8(stdout_of(utfast().arg("count").arg(&f))).unwrap();
    assert_eq!(
        out,
        format!(
            "{}: 13 bytes, 7 code points, 2 lines; 1-byte 57.1%, 2-byte 14.3%, 3-byte 14.3%, 4-byte 14.3%\n",
            f.display()
        )
    );
    let g = write(dir.path(), "g", &utf16be("aé€😀\nb\n"));
    let out = String::from_utf8(stdout_of(
        utfast().args(["count", "-e", "utf-16be"]).arg(&g),
    ))
    .unwrap();
    assert!(
        out.contains(": 16 bytes, 7 code points, 2 lines; 1-byte 57.1%"),
        "{out}"
    );
}

#[test]
fn bench_prints_a_table() {
    let out = String::from_utf8(stdout_of(utfast().arg("bench"))).unwrap();
    assert!(
        out.contains("validate") && out.contains("utf8->utf16le"),
        "{out}"
    );
    assert!(out.lines().any(|l| l.starts_with("scalar")), "{out}");
    assert!(out.lines().any(|l| l.starts_with("std")), "{out}");
    // The implementation of every operation, per kernel.
    assert!(out.contains("implementation per operation"), "{out}");
    let row = out
        .lines()
        .find(|l| l.starts_with("utf8_to_utf16 "))
        .unwrap_or_else(|| panic!("no utf8_to_utf16 row: {out}"));
    assert!(row.trim_end().ends_with("scalar"), "{row}");
}

#[test]
fn broken_pipe_is_quiet() {
    use std::io::Write;
    use std::process::{Command as Std, Stdio};
    let big = "Ünïcödé text\n".repeat(400_000);
    let mut child = Std::new(env!("CARGO_BIN_EXE_utfast"))
        .args(["convert", "-f", "utf-8", "-t", "utf-16le"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take()); // the reader goes away
    let mut stdin = child.stdin.take().unwrap();
    let _ = stdin.write_all(big.as_bytes());
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

/// A conformance file: the repository's copy, else the shared corpus (see
/// `utfast_testkit::conformance_path`); prints which one is used.
fn conformance(rel: &str) -> Option<String> {
    let p = conformance_path(rel)?;
    println!("conformance file: {}", p.display());
    Some(std::fs::read_to_string(p).unwrap())
}

#[test]
fn conformance_lossy_vectors_in_one_run() {
    let Some(text) = conformance("lossy/vectors.json") else {
        println!("note: lossy/vectors.json not found; skipped");
        return;
    };
    let cases: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap();
    // A newline ends every maximal subpart, so the cases can share one process.
    let (mut input, mut expected) = (Vec::new(), Vec::new());
    for c in &cases {
        input.extend(hex(c["input_hex"].as_str().unwrap()));
        input.push(b'\n');
        expected.extend(hex(c["expected_utf8_hex"].as_str().unwrap()));
        expected.push(b'\n');
    }
    for to in ["utf-8", "utf-16le"] {
        let out = stdout_of(
            utfast()
                .args(["convert", "--lossy", "-f", "utf-8", "-t", to])
                .write_stdin(input.clone()),
        );
        let want = if to == "utf-8" {
            expected.clone()
        } else {
            utf16le(std::str::from_utf8(&expected).unwrap())
        };
        assert!(out == want, "lossy conformance to {to}");
    }
    println!("{} lossy vectors", cases.len());
}

#[test]
fn conformance_error_positions_via_validate_json() {
    let Some(text) = conformance("errors/vectors.json") else {
        println!("note: errors/vectors.json not found; skipped");
        return;
    };
    let cases: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap();
    let dir = TempDir::new().unwrap();
    let mut files = Vec::new();
    let mut expected = Vec::new();
    for (i, c) in cases.iter().enumerate() {
        let input = hex(c["input_hex"].as_str().unwrap());
        let want = std::str::from_utf8(&input)
            .map(|_| ())
            .map_err(|e| e.valid_up_to());
        if let Some(valid) = c["valid"].as_bool() {
            assert_eq!(valid, want.is_ok(), "vector {i} disagrees with std");
        }
        files.push(write(dir.path(), &format!("{i}"), &input));
        expected.push(want);
    }
    let a = utfast().args(["validate", "--json"]).args(&files).assert();
    let out = String::from_utf8(a.get_output().stdout.clone()).unwrap();
    let rows: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), cases.len());
    for (row, want) in rows.iter().zip(&expected) {
        match want {
            Ok(_) => assert_eq!(row["valid"], true, "{row}"),
            Err(at) => assert_eq!(row["offset"].as_u64(), Some(*at as u64), "{row}"),
        }
    }
    println!("{} error vectors", cases.len());
}

// WTF-8, CESU-8, MUTF-8
#[test]
fn convert_wtf8_cesu8_and_mutf8() {
    let dir = TempDir::new().unwrap();
    let text = "a\0é😀z";
    let cesu = b"a\0\xC3\xA9\xED\xA0\xBD\xED\xB8\x80z".to_vec();
    let mutf = b"a\xC0\x80\xC3\xA9\xED\xA0\xBD\xED\xB8\x80z".to_vec();
    let forms: [(&str, Vec<u8>); 5] = [
        ("utf-8", text.as_bytes().to_vec()),
        ("wtf-8", text.as_bytes().to_vec()),
        ("utf-16le", utf16le(text)),
        ("cesu-8", cesu),
        ("java-modified-utf-8", mutf),
    ];
    for (from, input) in &forms {
        let file = write(dir.path(), "in", input);
        for (to, expected) in &forms {
            let out = stdout_of(utfast().args(["convert", "-f", from, "-t", to]).arg(&file));
            assert!(out == *expected, "{from} -> {to}");
        }
    }
    // A lone surrogate: lossless to UTF-16, an error (strict) or U+FFFD (lossy) in UTF-8.
    let lone = write(dir.path(), "lone", b"ab\xED\xA0\x80c");
    let out = stdout_of(
        utfast()
            .args(["convert", "-f", "wtf-8", "-t", "utf-16le"])
            .arg(&lone),
    );
    assert_eq!(out, b"a\0b\0\x00\xD8c\0");
    let a = utfast()
        .args(["convert", "-f", "wtf-8", "-t", "utf-8"])
        .arg(&lone)
        .assert()
        .code(1);
    let msg = format!(
        "{}: cannot convert WTF-8 at byte 2 (line 1, column 3): unpaired high surrogate\n",
        lone.display()
    );
    assert_eq!(stderr_text(&a), msg);
    let out = stdout_of(
        utfast()
            .args(["convert", "--lossy", "-f", "wtf-8", "-t", "utf-8"])
            .arg(&lone),
    );
    assert_eq!(out, "ab\u{FFFD}c".as_bytes());
    // Validation in CESU-8: a 4-byte sequence is an invalid byte.
    let four = write(dir.path(), "four", "x😀".as_bytes());
    utfast()
        .args(["validate", "-e", "cesu-8"])
        .arg(&four)
        .assert()
        .code(1);
}

/// `convert` reading a pipe answers each piece of a conversation as it arrives: the
/// text of 1, 2, 3 and 4 characters comes out before the writer sends more or closes
/// the pipe, with and without a BOM and BOM handling. A reader thread fails the test
/// after a timeout instead of hanging.
#[test]
fn convert_from_a_pipe_answers_at_once() {
    use std::io::{Read, Write};
    use std::process::Stdio;
    use std::sync::mpsc;
    use std::time::Duration;
    type Case = (
        &'static str,
        &'static str,
        &'static [u8],
        fn(&str) -> Vec<u8>,
    );
    let cases: &[Case] = &[
        ("utf-8", "strip", b"\xEF\xBB\xBF", |s| s.as_bytes().to_vec()),
        ("utf-8", "keep", b"", |s| s.as_bytes().to_vec()),
        ("utf-16", "keep", b"\xFF\xFE", utf16le),
        ("utf-16", "keep", b"", utf16le),
        ("utf-16be", "strip", b"\xFE\xFF", utf16be),
        ("utf-32", "keep", b"\x00\x00\xFE\xFF", utf32be),
        ("utf-32", "keep", b"", utf32le),
    ];
    for &(from, bom, prefix, encode) in cases {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_utfast"))
            .args(["convert", "-f", from, "-t", "utf-8", "--bom", bom])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        let reader = std::thread::spawn(move || {
            let mut buf = [0u8; 64];
            while let Ok(n @ 1..) = stdout.read(&mut buf) {
                if tx.send(buf[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        stdin.write_all(prefix).unwrap();
        for word in ["o", "k", "!", "é"] {
            stdin.write_all(&encode(word)).unwrap();
            stdin.flush().unwrap();
            let mut got = Vec::new();
            while got.len() < word.len() {
                match rx.recv_timeout(Duration::from_secs(10)) {
                    Ok(bytes) => got.extend(bytes),
                    Err(e) => panic!("{from} --bom {bom}: no answer to {word:?}: {e}"),
                }
            }
            assert_eq!(got, word.as_bytes(), "{from} --bom {bom}");
        }
        drop(stdin);
        assert!(child.wait().unwrap().success());
        reader.join().unwrap();
    }
}
