//! The code pages against encoding_rs (the WHATWG indexes) and CPython.
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

/// encoding_rs's encoding of the same name.
fn peer(cp: CodePage) -> &'static encoding_rs::Encoding {
    let e = encoding_rs::Encoding::for_label(cp.encoding().name().as_bytes()).unwrap();
    assert_eq!(e.name(), cp.encoding().name());
    e
}

/// The name of the table of `cp` in `tables.rs` (encoding_rs's constant's).
fn table_name(cp: CodePage) -> String {
    cp.encoding().name().to_ascii_uppercase().replace('-', "_")
}

/// The high half of `cp` as encoding_rs decodes it (U+FFFD where it reports an error).
fn peer_high_half(cp: CodePage) -> Vec<u16> {
    (0x80..=0xFFu8)
        .map(|b| {
            let byte = [b];
            let (s, had_errors) = peer(cp).decode_without_bom_handling(&byte);
            let mut units = s.encode_utf16();
            let u = units.next().unwrap();
            assert!(units.next().is_none());
            assert_eq!(had_errors, u == 0xFFFD, "{cp:?} {b:#04X}");
            // No page maps a byte to U+FFxx: the SIMD decoders' test for undefined
            // bytes is a high byte of 0xFF.
            assert!(u < 0xFF00 || u == 0xFFFD, "{cp:?} {b:#04X}");
            u
        })
        .collect()
}

/// The text of `scalar/src/codepage/tables.rs`.
fn generate() -> String {
    let mut out = String::from(
        "//! The high halves (bytes 0x80..=0xFF) of the code pages: entry `i` is the UTF-16\n\
         //! unit of byte `0x80 + i`, 0xFFFD for an undefined byte. Generated from\n\
         //! encoding_rs (the WHATWG Encoding Standard's indexes) by\n\
         //! `scalar/tests/codepage.rs`: do not edit; regenerate with\n\
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
        assert_eq!(had_errors, !cp.is_total(), "{cp:?}");
        let mut dst = vec![0u8; 3 * 256];
        let n = codepage_to_utf8(&all, &mut dst, cp, Mode::Lossy).unwrap();
        assert_eq!(std::str::from_utf8(&dst[..n]).unwrap(), want, "{cp:?}");
        // Strict: the first undefined byte is the error.
        match (
            codepage_to_utf8(&all, &mut dst, cp, Mode::Strict),
            cp.first_undefined(&all),
        ) {
            (Ok(n), None) => assert_eq!(std::str::from_utf8(&dst[..n]).unwrap(), want),
            (Err(e), Some(at)) => {
                assert_eq!((e.kind(), e.valid_up_to()), (ErrorKind::UndefinedByte, at))
            }
            (r, at) => panic!("{cp:?}: {r:?} {at:?}"),
        }
        for b in 0..=255u8 {
            let byte = [b];
            let (s, _) = peer(cp).decode_without_bom_handling(&byte);
            assert_eq!(cp.decode(b).to_string(), s, "{cp:?} {b:#04X}");
        }
        let mut dst16 = vec![0u8; 512];
        for e in [Endian::Little, Endian::Big] {
            assert_eq!(
                codepage_to_utf16(&all, &mut dst16, cp, e, Mode::Lossy),
                Ok(512)
            );
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
        // ASCII and exactly the characters of the high half (ISO-8859-8-I's are
        // ISO-8859-8's).
        let defined = (0..=255u8).filter(|&b| cp.is_defined(b)).count();
        assert_eq!(mapped, defined, "{cp:?}");
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

/// The labels of the single-byte encodings in the WHATWG Encoding Standard.
const WHATWG_LABELS: &str = "866 cp866 csibm866 ibm866 \
    csisolatin2 iso-8859-2 iso-ir-101 iso8859-2 iso88592 iso_8859-2 iso_8859-2:1987 l2 latin2 \
    csisolatin3 iso-8859-3 iso-ir-109 iso8859-3 iso88593 iso_8859-3 iso_8859-3:1988 l3 latin3 \
    csisolatin4 iso-8859-4 iso-ir-110 iso8859-4 iso88594 iso_8859-4 iso_8859-4:1988 l4 latin4 \
    csisolatincyrillic cyrillic iso-8859-5 iso-ir-144 iso8859-5 iso88595 iso_8859-5 iso_8859-5:1988 \
    arabic asmo-708 csiso88596e csiso88596i csisolatinarabic ecma-114 iso-8859-6 iso-8859-6-e \
    iso-8859-6-i iso-ir-127 iso8859-6 iso88596 iso_8859-6 iso_8859-6:1987 \
    csisolatingreek ecma-118 elot_928 greek greek8 iso-8859-7 iso-ir-126 iso8859-7 iso88597 \
    iso_8859-7 iso_8859-7:1987 sun_eu_greek \
    csiso88598e csisolatinhebrew hebrew iso-8859-8 iso-8859-8-e iso-ir-138 iso8859-8 iso88598 \
    iso_8859-8 iso_8859-8:1988 visual csiso88598i iso-8859-8-i logical \
    csisolatin6 iso-8859-10 iso-ir-157 iso8859-10 iso885910 l6 latin6 \
    iso-8859-13 iso8859-13 iso885913 iso-8859-14 iso8859-14 iso885914 \
    csisolatin9 iso-8859-15 iso8859-15 iso885915 iso_8859-15 l9 iso-8859-16 \
    cskoi8r koi koi8 koi8-r koi8_r koi8-ru koi8-u \
    csmacintosh mac macintosh x-mac-roman \
    dos-874 iso-8859-11 iso8859-11 iso885911 tis-620 windows-874 \
    cp1250 windows-1250 x-cp1250 cp1251 windows-1251 x-cp1251 \
    ansi_x3.4-1968 ascii cp1252 cp819 csisolatin1 ibm819 iso-8859-1 iso-ir-100 iso8859-1 \
    iso88591 iso_8859-1 iso_8859-1:1987 l1 latin1 us-ascii windows-1252 x-cp1252 \
    cp1253 windows-1253 x-cp1253 \
    cp1254 csisolatin5 iso-8859-9 iso-ir-148 iso8859-9 iso88599 iso_8859-9 iso_8859-9:1989 l5 \
    latin5 windows-1254 x-cp1254 \
    cp1255 windows-1255 x-cp1255 cp1256 windows-1256 x-cp1256 cp1257 windows-1257 x-cp1257 \
    cp1258 windows-1258 x-cp1258 x-mac-cyrillic x-mac-ukrainian";

/// Every WHATWG label names the encoding WHATWG gives it, but the ISO-8859-1 and
/// US-ASCII names, which are ISO-8859-1 (as in iconv) and not converted.
#[test]
fn whatwg_labels() {
    let mut pages = std::collections::HashSet::new();
    for label in WHATWG_LABELS.split_whitespace() {
        let peer_e = encoding_rs::Encoding::for_label(label.as_bytes()).unwrap();
        let ours = Encoding::parse_label(label);
        let latin1 = ["ansi_x3.4-1968", "ascii", "us-ascii"].contains(&label)
            || Encoding::from_label(label) == Some(Encoding::Latin1);
        if latin1 {
            assert_eq!(peer_e, encoding_rs::WINDOWS_1252, "{label}");
            assert!(
                matches!(ours, Ok(Encoding::Latin1)) || ours.is_err(),
                "{label}: {ours:?}"
            );
            continue;
        }
        let ours = ours.unwrap_or_else(|e| panic!("{label}: {e}"));
        assert_eq!(ours.name(), peer_e.name(), "{label}");
        pages.insert(ours);
    }
    assert_eq!(pages.len(), CodePage::ALL.len());
    for cp in CodePage::ALL {
        assert!(pages.contains(&cp.encoding()), "{cp:?}");
    }
}

/// The bytes where CPython's codec differs from WHATWG: `(byte, CPython's character
/// or None where the codec has none)`.
///
/// Besides these, every byte that WHATWG decodes as the C1 control of the same value
/// (U+0080..U+009F) is undefined in CPython: Microsoft's tables leave those bytes of
/// the windows pages unassigned (e.g. windows-1252 `81`, `8D`, `8F`, `90`, `9D`), and
/// WHATWG (like Microsoft's converter) passes them through.
fn cpython_differences(cp: CodePage) -> &'static [(u8, Option<char>)] {
    match cp {
        // WHATWG's KOI8-U is KOI8-RU (Ў and ў, where KOI8-U has box drawing).
        CodePage::Koi8U => &[(0xAE, Some('╝')), (0xBE, Some('╬'))],
        // WHATWG maps 0xCA to U+05BA (HEBREW POINT HOLAM HASER FOR VAV); CPython
        // leaves it undefined.
        CodePage::Windows1255 => &[(0xCA, None)],
        _ => &[],
    }
}

#[test]
fn agree_with_cpython_where_documented() {
    // CPython's codec of each page (ISO-8859-8-I: ISO-8859-8's bytes).
    let codec = |cp: CodePage| match cp {
        CodePage::Ibm866 => "cp866".to_string(),
        CodePage::Iso8859_8I => "iso8859_8".to_string(),
        CodePage::Macintosh => "mac_roman".to_string(),
        CodePage::XMacCyrillic => "mac_cyrillic".to_string(),
        CodePage::Koi8R => "koi8_r".to_string(),
        CodePage::Koi8U => "koi8_u".to_string(),
        _ => {
            let name = cp.encoding().name().to_ascii_lowercase();
            name.replace("windows-", "cp")
                .replace("iso-8859-", "iso8859_")
        }
    };
    let mut failures = vec![];
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
            let ours = cp.is_defined(b).then(|| cp.decode(b));
            let c1 = py.is_none() && ours == Some(char::from(b));
            if py != ours && !c1 {
                differ.push((b, py));
            }
        }
        if differ != cpython_differences(cp) {
            failures.push(format!("{cp:?} vs CPython {}: {differ:X?}", codec(cp)));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
