//! The Cyrillic code pages against encoding_rs (the WHATWG indexes) and CPython.
//!
//! - `tables_are_generated`: `scalar/src/codepage/tables.rs` is exactly what the
//!   generator below makes from encoding_rs; `UTFAST_REGENERATE=1 cargo test -p
//!   utfast-scalar --test codepage` rewrites it.
//! - every one of the 256 bytes decodes as encoding_rs decodes it, and every code
//!   point of the Basic Multilingual Plane (and a sample beyond) encodes as
//!   encoding_rs encodes it (`NotInCodePage` where encoding_rs has no byte);
//! - CPython's `koi8_r`/`cp1251`/`cp866` codecs (when `python3` is installed) agree
//!   on every byte except the documented differences.

use utfast_scalar::codepage::{
    codepage_to_utf16, codepage_to_utf8, utf16_to_codepage, utf8_to_codepage, CodePage,
};
use utfast_scalar::{Encoding, Endian, ErrorKind, Mode};

fn peer(cp: CodePage) -> &'static encoding_rs::Encoding {
    match cp {
        CodePage::Koi8R => encoding_rs::KOI8_R,
        CodePage::Windows1251 => encoding_rs::WINDOWS_1251,
        CodePage::Ibm866 => encoding_rs::IBM866,
    }
}

fn table_name(cp: CodePage) -> &'static str {
    match cp {
        CodePage::Koi8R => "KOI8_R",
        CodePage::Windows1251 => "WINDOWS_1251",
        CodePage::Ibm866 => "IBM866",
    }
}

/// The high half of `cp` as encoding_rs decodes it.
fn peer_high_half(cp: CodePage) -> Vec<u16> {
    (0x80..=0xFFu8)
        .map(|b| {
            let byte = [b];
            let (s, had_errors) = peer(cp).decode_without_bom_handling(&byte);
            assert!(
                !had_errors,
                "{cp:?}: byte {b:#04X} is undefined in encoding_rs"
            );
            let mut units = s.encode_utf16();
            let u = units.next().unwrap();
            assert!(units.next().is_none());
            u
        })
        .collect()
}

/// The text of `scalar/src/codepage/tables.rs`.
fn generate() -> String {
    let mut out = String::from(
        "//! The high halves (bytes 0x80..=0xFF) of the Cyrillic code pages: entry `i` is the\n\
         //! UTF-16 unit of byte `0x80 + i`. Generated from encoding_rs (the WHATWG Encoding\n\
         //! Standard's indexes) by `scalar/tests/codepage.rs`: do not edit; regenerate with\n\
         //! `UTFAST_REGENERATE=1 cargo test -p utfast-scalar --test codepage`.\n",
    );
    for cp in CodePage::ALL {
        out.push_str(&format!(
            "\n/// {}.\n#[rustfmt::skip]\npub(super) static {}: [u16; 128] = [\n",
            cp.encoding().name(),
            table_name(cp)
        ));
        for row in peer_high_half(cp).chunks(8) {
            let row: Vec<String> = row.iter().map(|u| format!("0x{u:04X},")).collect();
            out.push_str(&format!("    {}\n", row.join(" ")));
        }
        out.push_str("];\n");
    }
    out
}

#[test]
fn tables_are_generated() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/codepage/tables.rs");
    let want = generate();
    if std::env::var_os("UTFAST_REGENERATE").is_some() {
        std::fs::write(path, &want).unwrap();
    }
    let have = std::fs::read_to_string(path).unwrap();
    assert!(
        have == want,
        "{path} is not what the generator makes: run UTFAST_REGENERATE=1 cargo test -p utfast-scalar --test codepage"
    );
}

#[test]
fn decode_every_byte_like_encoding_rs() {
    for cp in CodePage::ALL {
        let all: Vec<u8> = (0..=255).collect();
        let (want, had_errors) = peer(cp).decode_without_bom_handling(&all);
        assert!(!had_errors);
        let mut dst = vec![0u8; 3 * 256];
        let n = codepage_to_utf8(&all, &mut dst, cp).unwrap();
        assert_eq!(std::str::from_utf8(&dst[..n]).unwrap(), want, "{cp:?}");
        for b in 0..=255u8 {
            let byte = [b];
            let (s, _) = peer(cp).decode_without_bom_handling(&byte);
            assert_eq!(cp.decode(b).to_string(), s, "{cp:?} {b:#04X}");
        }
        let mut dst16 = vec![0u8; 512];
        for e in [Endian::Little, Endian::Big] {
            assert_eq!(codepage_to_utf16(&all, &mut dst16, cp, e), Ok(512));
            let units: Vec<u16> = dst16.chunks(2).map(|p| e.read_u16([p[0], p[1]])).collect();
            assert_eq!(units, want.encode_utf16().collect::<Vec<_>>());
        }
    }
}

/// What encoding_rs makes of the character `c`: its byte, or `None`.
fn peer_encode(cp: CodePage, c: char) -> Option<u8> {
    let mut buf = [0u8; 4];
    let (bytes, _, had_errors) = peer(cp).encode(c.encode_utf8(&mut buf));
    (!had_errors).then(|| {
        assert_eq!(bytes.len(), 1);
        bytes[0]
    })
}

#[test]
fn encode_every_bmp_code_point_like_encoding_rs() {
    for cp in CodePage::ALL {
        let mut mapped = 0;
        let chars = (0..=0xFFFFu32)
            .chain((0x10000..=0x10FFFF).step_by(97))
            .filter_map(char::from_u32);
        for c in chars {
            let want = peer_encode(cp, c);
            assert_eq!(cp.encode(c as u32), want, "{cp:?} U+{:04X}", c as u32);
            mapped += usize::from(want.is_some());
            // Through the transcoders, strict and lossy, from UTF-8 and UTF-16.
            let mut s = [0u8; 4];
            let s = c.encode_utf8(&mut s).as_bytes();
            let mut d = [0u8; 1];
            let strict = utf8_to_codepage(s, &mut d, cp, Mode::Strict);
            match want {
                Some(b) => assert_eq!((strict, d[0]), (Ok(1), b)),
                None => {
                    let e = strict.unwrap_err();
                    assert_eq!(
                        (e.kind(), e.valid_up_to(), e.written()),
                        (ErrorKind::NotInCodePage, 0, 0)
                    );
                    assert_eq!(utf8_to_codepage(s, &mut d, cp, Mode::Lossy), Ok(1));
                    assert_eq!(d[0], b'?');
                }
            }
            let mut u = [0u16; 2];
            let u: Vec<u8> = c
                .encode_utf16(&mut u)
                .iter()
                .flat_map(|u| u.to_be_bytes())
                .collect();
            let r = utf16_to_codepage(&u, &mut d, cp, Endian::Big, Mode::Lossy);
            assert_eq!((r, d[0]), (Ok(1), want.unwrap_or(b'?')));
        }
        // ASCII and exactly the 128 characters of the high half.
        assert_eq!(mapped, 256, "{cp:?}");
    }
}

#[test]
fn labels() {
    for (label, e) in [
        ("koi8-r", Encoding::Koi8R),
        ("KOI8-R", Encoding::Koi8R),
        ("koi8_r", Encoding::Koi8R),
        ("koi8", Encoding::Koi8R),
        ("koi", Encoding::Koi8R),
        ("cskoi8r", Encoding::Koi8R),
        ("windows-1251", Encoding::Windows1251),
        ("CP1251", Encoding::Windows1251),
        ("x-cp1251", Encoding::Windows1251),
        ("ibm866", Encoding::Ibm866),
        ("IBM866", Encoding::Ibm866),
        ("CP866", Encoding::Ibm866),
        ("866", Encoding::Ibm866),
        ("csibm866", Encoding::Ibm866),
    ] {
        assert_eq!(Encoding::from_label(label), Some(e), "{label}");
        // Every WHATWG label of encoding_rs names the same encoding.
        let peer_e = encoding_rs::Encoding::for_label(label.as_bytes()).unwrap();
        assert_eq!(
            peer_e.name().to_ascii_lowercase(),
            e.name().to_ascii_lowercase()
        );
        assert_eq!(Encoding::from_label(e.name()), Some(e));
    }
}

/// The bytes where CPython's codec differs from WHATWG: `(byte, CPython's character
/// or None where the codec has none)`.
fn cpython_differences(cp: CodePage) -> &'static [(u8, Option<char>)] {
    match cp {
        CodePage::Koi8R => &[],
        // CPython follows Microsoft's table, which leaves 0x98 undefined; WHATWG maps
        // it to U+0098.
        CodePage::Windows1251 => &[(0x98, None)],
        CodePage::Ibm866 => &[],
    }
}

#[test]
fn agree_with_cpython_where_documented() {
    let codec = |cp| match cp {
        CodePage::Koi8R => "koi8_r",
        CodePage::Windows1251 => "cp1251",
        CodePage::Ibm866 => "cp866",
    };
    for cp in CodePage::ALL {
        // One line per byte 0x80..=0xFF: the code point in hex, or "-" if undefined.
        let script = format!(
            "import sys\nfor b in range(128, 256):\n    try: print('%04X' % ord(bytes([b]).decode('{}')))\n    except UnicodeDecodeError: print('-')\n",
            codec(cp)
        );
        let out = match std::process::Command::new("python3")
            .arg("-c")
            .arg(&script)
            .output()
        {
            Ok(o) if o.status.success() => String::from_utf8(o.stdout).unwrap(),
            _ => {
                eprintln!("python3 not available: CPython cross-check skipped");
                return;
            }
        };
        let mut differ = vec![];
        for (i, line) in out.lines().enumerate() {
            let b = 0x80 + i as u8;
            let py = u32::from_str_radix(line, 16).ok().and_then(char::from_u32);
            if py != Some(cp.decode(b)) {
                differ.push((b, py));
            }
        }
        assert_eq!(
            differ,
            cpython_differences(cp),
            "{cp:?} vs CPython {}",
            codec(cp)
        );
    }
}
