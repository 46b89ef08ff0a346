//! Validates and transcodes a few embedded sample texts, valid and invalid, and
//! prints the active kernel, the results and the errors with their positions.
//!
//! Run with `cargo run --release --example demo` (set `UTFAST_KERNEL=scalar` to
//! force a kernel).

use utfast::{Encoding, Mode};

const VALID: &[(&str, &str)] = &[
    ("English", "The quick brown fox jumps over the lazy dog."),
    (
        "German",
        "Falsches Üben von Xylophonmusik quält jeden größeren Zwerg.",
    ),
    ("Greek", "Ξεσκεπάζω την ψυχοφθόρα βδελυγμία."),
    ("Japanese", "いろはにほへと ちりぬるを"),
    ("Emoji", "utf-8 ❤ 😀 👩‍💻"),
];

const INVALID: &[(&str, &[u8])] = &[
    ("lone continuation byte", b"abc\x80def"),
    ("overlong '/'", b"path\xC0\xAFetc"),
    ("UTF-8 encoded surrogate", b"x\xED\xA0\x80y"),
    ("truncated at the end", b"smile \xF0\x9F\x98"),
    ("above U+10FFFF", b"\xF4\x90\x80\x80"),
];

fn main() {
    let kernels: Vec<&str> = utfast::kernel::available().map(|k| k.name()).collect();
    println!("active kernel: {}", utfast::kernel::active().name());
    println!("available kernels: {}", kernels.join(", "));

    println!("\n== valid text ==");
    for (name, text) in VALID {
        let bytes = text.as_bytes();
        assert!(utfast::is_utf8(bytes));
        let utf16 = utfast::utf8_to_utf16_vec(bytes).expect("valid UTF-8");
        let utf32 = utfast::utf8_to_utf32_vec(bytes).expect("valid UTF-8");
        let back = utfast::utf16_to_string(&utf16).expect("valid UTF-16");
        assert_eq!(back, *text);
        let latin1 = match utfast::utf8_to_latin1_vec(bytes) {
            Ok(v) => format!("{} bytes", v.len()),
            Err(e) => format!("not Latin-1 ({} at byte {})", e.kind(), e.valid_up_to()),
        };
        println!(
            "{name:9} {:3} UTF-8 bytes -> {:3} UTF-16 units, {:3} code points; Latin-1: {latin1}",
            bytes.len(),
            utf16.len(),
            utf32.len(),
        );
    }

    println!("\n== invalid UTF-8 ==");
    for (name, bytes) in INVALID {
        let e = utfast::validate_utf8(bytes).unwrap_err();
        let std = std::str::from_utf8(bytes).unwrap_err();
        assert_eq!(
            (e.valid_up_to(), e.error_len()),
            (std.valid_up_to(), std.error_len())
        );
        println!(
            "{name:24} {:02X?}\n{:24} {} (kind: {}); lossy: {:?}",
            bytes,
            "",
            e,
            e.kind(),
            utfast::string_from_utf8_lossy(bytes),
        );
    }

    println!("\n== UTF-16 with an unpaired surrogate ==");
    let units = [0x0048, 0x0069, 0xD83D, 0x0021];
    let e = utfast::utf16_to_string(&units).unwrap_err();
    println!(
        "{units:04X?}: {e}; lossy: {:?}",
        utfast::utf16_to_string_lossy(&units)
    );

    println!("\n== too-small output buffer ==");
    let text = "ÀÉÎÕÜ";
    let mut small = [0u8; 8];
    let e = utfast::utf8_to_utf16le(text.as_bytes(), &mut small).unwrap_err();
    println!(
        "{text:?} into {} bytes of UTF-16LE: {e} (converted {} input bytes)",
        small.len(),
        e.valid_up_to()
    );

    println!("\n== labels and BOMs ==");
    for label in ["utf-8", "UTF-16BE", "latin1", "iso-8859-1", "koi8-r"] {
        println!("{label:11} -> {:?}", Encoding::from_label(label));
    }
    let with_bom = b"\xFF\xFEh\x00i\x00";
    if let Some((enc, len)) = utfast::detect_bom(with_bom) {
        let text = utfast::transcode_to_vec(&with_bom[len..], enc, Encoding::Utf8, Mode::Strict)
            .expect("valid UTF-16LE");
        println!("BOM says {enc}; text: {:?}", String::from_utf8_lossy(&text));
    }
    let set: Vec<Encoding> = utfast::detect_encodings("é".as_bytes()).iter().collect();
    println!("\"é\" as bytes is valid in: {set:?}");
}
