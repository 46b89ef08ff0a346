//! The `utfast` command on several threads (`--threads`, with tiny pieces so that
//! small files are cut many times) must print, write and exit exactly as on one.

use std::path::Path;
use std::process::{Command, Output};
use tempfile::TempDir;
use utfast_testkit::Rng;

fn utfast(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_utfast"))
        .args(args)
        .output()
        .unwrap()
}

/// Random text of 1- to 4-byte characters and newlines.
fn text(rng: &mut Rng, chars: usize) -> String {
    const POOL: [char; 9] = ['a', 'Z', ' ', '\n', 'é', 'ж', '中', '\u{FFFD}', '😀'];
    (0..chars).map(|_| POOL[rng.below(POOL.len())]).collect()
}

fn encode(s: &str, label: &str) -> Vec<u8> {
    match label {
        "utf-8" => s.as_bytes().to_vec(),
        "utf-16le" | "utf-16" => s.encode_utf16().flat_map(u16::to_le_bytes).collect(),
        "utf-16be" => s.encode_utf16().flat_map(u16::to_be_bytes).collect(),
        "utf-32le" | "utf-32" => s.chars().flat_map(|c| (c as u32).to_le_bytes()).collect(),
        "utf-32be" => s.chars().flat_map(|c| (c as u32).to_be_bytes()).collect(),
        "latin1" => s.chars().map(|c| c as u32 as u8).collect(),
        _ => unreachable!("{label}"),
    }
}

/// Damages `bytes` in 0..=3 places, with bytes that make the errors of every
/// encoding: continuation and lead bytes, surrogate halves, values above U+10FFFF.
fn damage(rng: &mut Rng, bytes: &mut Vec<u8>) {
    const BAD: [u8; 10] = [0x80, 0xBF, 0xC3, 0xE4, 0xF0, 0xF4, 0xFF, 0xD8, 0xDC, 0x11];
    for _ in 0..rng.below(4) {
        if bytes.is_empty() {
            return;
        }
        let at = rng.below(bytes.len());
        let b = BAD[rng.below(BAD.len())];
        match rng.below(4) {
            0 => bytes[at] = b,
            1 => bytes.insert(at, b),
            2 => {
                bytes.remove(at);
            }
            _ => bytes.truncate(at),
        }
    }
}

fn same(what: &str, one: &Output, many: &Output) {
    assert_eq!(
        (one.status.code(), &one.stderr),
        (many.status.code(), &many.stderr),
        "{what}: status or message differ: one thread {:?}, three threads {:?}",
        String::from_utf8_lossy(&one.stderr),
        String::from_utf8_lossy(&many.stderr),
    );
    assert!(one.stdout == many.stdout, "{what}: outputs differ");
}

/// Every way of converting and validating `file`, on one thread and on three.
fn check_file(dir: &Path, file: &Path, from: &str, to: &str, piece: &str, what: &str) {
    let file = file.to_str().unwrap();
    let mut runs: Vec<Vec<&str>> = vec![
        vec!["convert", "-f", from, "-t", to, file],
        vec!["convert", "--lossy", "-f", from, "-t", to, file],
        vec!["validate", "--json", "-e", from, file],
    ];
    if from == "utf-8" {
        runs.push(vec![
            "convert", "--bom", "strip", "-f", from, "-t", to, file,
        ]);
    }
    for args in runs {
        let mut one = args.clone();
        one.extend(["-j", "1"]);
        let mut many = args.clone();
        many.extend(["-j", "3", "--piece-size", piece]);
        same(
            &format!("{what}: {}", args.join(" ")),
            &utfast(&one),
            &utfast(&many),
        );
    }
    // An output file appears only if the conversion succeeds, and holds its result.
    let out = dir.join("out");
    let _ = std::fs::remove_file(&out);
    let o = out.to_str().unwrap();
    let stdout = utfast(&["convert", "-j", "1", "-f", from, "-t", to, file]);
    let many = utfast(&[
        "convert",
        "-j",
        "2",
        "--piece-size",
        piece,
        "-f",
        from,
        "-t",
        to,
        "-o",
        o,
        file,
    ]);
    assert_eq!(stdout.status.code(), many.status.code(), "{what}: -o");
    if stdout.status.success() {
        assert!(std::fs::read(&out).unwrap() == stdout.stdout, "{what}: -o");
    } else {
        assert!(!out.exists(), "{what}: output left behind");
        let leftovers: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .filter(|n| n.to_string_lossy().contains(".tmp"))
            .collect();
        assert!(leftovers.is_empty(), "{what}: {leftovers:?}");
    }
}

#[test]
fn threads_give_the_same_results_as_one() {
    let dir = TempDir::new().unwrap();
    let pairs = [
        ("utf-8", "utf-16le"),
        ("utf-8", "latin1"),
        ("utf-16le", "utf-8"),
        ("utf-16be", "utf-32le"),
        ("utf-16", "utf-8"),
        ("utf-32le", "utf-8"),
        ("utf-32be", "utf-16be"),
        ("utf-32", "utf-16le"),
        ("latin1", "utf-8"),
    ];
    let pieces = ["4", "8", "12", "16", "28"];
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut cases = 0;
    for (from, to) in pairs {
        for case in 0..24 {
            let chars = 20 + rng.below(120);
            let mut s = text(&mut rng, chars);
            if from == "latin1" {
                s = s.chars().filter(|&c| (c as u32) < 0x100).collect();
            }
            let mut bytes = encode(&s, from);
            if case % 3 == 0 {
                // A BOM: sniffed for "utf-16"/"utf-32", stripped or kept otherwise.
                let bom = encode("\u{FEFF}", from);
                bytes.splice(0..0, bom);
            }
            if case % 4 != 0 && from != "latin1" {
                damage(&mut rng, &mut bytes);
            }
            let file = dir.path().join("in");
            std::fs::write(&file, &bytes).unwrap();
            let piece = pieces[case % pieces.len()];
            let what = format!("{from} -> {to}, case {case}, piece {piece}, {bytes:02X?}");
            check_file(dir.path(), &file, from, to, piece, &what);
            cases += 1;
        }
    }
    println!("{cases} files compared on one and three threads");
}

#[test]
fn runs_of_continuation_bytes_across_cuts() {
    // Cuts that fall on 1..=6 continuation bytes, after every kind of lead byte, in
    // every phase relative to the pieces.
    let dir = TempDir::new().unwrap();
    let patterns: [&[u8]; 6] = [
        b"\xF0\x9F\x98\x80\x80\x80",
        b"\xE4\xB8\x80\x80\x80\x80",
        b"\xC3\x80\x80\x80",
        b"\x80\x80\x80\x80\x80",
        b"\xF4\x90\x80\x80",
        b"\xED\xA0\x80",
    ];
    let mut files = 0;
    for (p, pattern) in patterns.iter().enumerate() {
        for phase in 0..8 {
            let mut bytes = vec![b'a'; phase];
            for _ in 0..6 {
                bytes.extend_from_slice(pattern);
                bytes.extend_from_slice("é".as_bytes());
            }
            let file = dir.path().join("in");
            std::fs::write(&file, &bytes).unwrap();
            let what = format!("pattern {p}, phase {phase}");
            check_file(dir.path(), &file, "utf-8", "utf-16le", "8", &what);
            files += 1;
        }
    }
    println!("{files} files compared on one and three threads");
}

#[test]
fn odd_utf16_end_after_a_high_surrogate_at_a_cut() {
    // 7 units, a high surrogate ending at byte 16 (a cut of 4-byte pieces), then an odd
    // final byte: lossy, the surrogate and the byte are one U+FFFD, so the cut before
    // the last byte must not split them.
    let dir = TempDir::new().unwrap();
    for (label, high) in [("utf-16le", [0x00u8, 0xD8]), ("utf-16be", [0xD8, 0x00])] {
        let mut bytes = encode("abcdefg", label);
        bytes.extend_from_slice(&high);
        bytes.push(b'x');
        let file = dir.path().join("in");
        std::fs::write(&file, &bytes).unwrap();
        check_file(dir.path(), &file, label, "utf-8", "4", label);
        let f = file.to_str().unwrap();
        let out = utfast(&[
            "convert",
            "--lossy",
            "-j",
            "3",
            "--piece-size",
            "4",
            "-f",
            label,
            "-t",
            "utf-8",
            f,
        ]);
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            "abcdefg\u{FFFD}",
            "{label}"
        );
    }
}

#[test]
fn large_file_with_default_pieces() {
    // 6 MiB (more than four default pieces) with an error just after the third cut.
    let dir = TempDir::new().unwrap();
    let mut bytes = "Ünïcödé 中文 😀 text\n".repeat(6 << 20 >> 5).into_bytes();
    // An ASCII byte just after the third cut (a lone 0xFF is an error right there).
    let near = (3 << 20) + 2;
    let at = near + bytes[near..].iter().position(u8::is_ascii).unwrap();
    bytes[at] = 0xFF;
    let file = dir.path().join("big");
    std::fs::write(&file, &bytes).unwrap();
    let f = file.to_str().unwrap();
    for args in [
        vec!["validate", f],
        vec!["convert", "-f", "utf-8", "-t", "utf-16le", f],
        vec!["convert", "--lossy", "-f", "utf-8", "-t", "utf-32be", f],
    ] {
        let mut one = args.clone();
        one.extend(["-j", "1"]);
        let mut many = args.clone();
        many.extend(["-j", "4"]);
        same(&args.join(" "), &utfast(&one), &utfast(&many));
    }
    let v = utfast(&["validate", "-j", "4", f]);
    assert!(String::from_utf8_lossy(&v.stdout).contains(&format!("at byte {at}")));
}
