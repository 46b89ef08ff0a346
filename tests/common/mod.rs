//! Shared helpers for the transcoding integration tests (conformance, properties,
//! exhaustive UTF-16, round trips).
//!
//! The central piece is [`model`]: an independent reference for every transcoding
//! direction built only on std (`str::utf8_chunks`, `char::decode_utf16`,
//! `char::from_u32`, `char::encode_utf8/utf16`). The scalar crate is checked against
//! the model, and every kernel is checked against the scalar crate (the oracle), so
//! a disagreement is attributed to the right layer.
#![allow(dead_code)]

use std::sync::Once;

pub use utfast_scalar::{Encoding, Endian, ErrorKind, Mode, TranscodeError};
pub use utfast_simd::Kernel;

/// The five Unicode encoding forms (Latin-1 left out).
pub const UNICODE: [Encoding; 5] = [
    Encoding::Utf8,
    Encoding::Utf16Le,
    Encoding::Utf16Be,
    Encoding::Utf32Le,
    Encoding::Utf32Be,
];

/// Every encoding, Latin-1 included.
pub const ALL: [Encoding; 6] = Encoding::ALL;

/// Every available kernel (best first, scalar last). Prints the names once per test binary.
pub fn kernels() -> Vec<&'static Kernel> {
    static PRINT: Once = Once::new();
    let ks: Vec<&'static Kernel> = utfast_simd::available().collect();
    PRINT.call_once(|| {
        let names: Vec<&str> = ks.iter().map(|k| k.name()).collect();
        println!("kernels under test: {names:?}");
    });
    assert_eq!(ks.last().map(|k| k.name()), Some("scalar"));
    ks
}

/// Whether the tests should shrink their workload (running under QEMU, or asked to).
pub fn quick() -> bool {
    std::env::var_os("UTFAST_QEMU").is_some_and(|v| v != "0")
        || std::env::var_os("UTFAST_QUICK").is_some_and(|v| v != "0")
}

/// Number of proptest cases: `PROPTEST_CASES` if set, else `normal` (or `normal / 8`
/// under [`quick`]).
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

/// Decodes lowercase/uppercase hex without separators.
pub fn hex(s: &str) -> Vec<u8> {
    assert!(s.len().is_multiple_of(2), "odd hex length: {s}");
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex"))
        .collect()
}

/// Short printable hex for failure messages (truncated when long).
pub fn show(b: &[u8]) -> String {
    let mut s: String = b.iter().take(96).map(|x| format!("{x:02x}")).collect();
    if b.len() > 96 {
        s.push_str(&format!("...({} bytes)", b.len()));
    }
    s
}

// ---------------------------------------------------------------------------------
// Encoding with std
// ---------------------------------------------------------------------------------

/// Bytes of one char in `to`; `None` if not representable (Latin-1 above U+00FF).
pub fn encode_char(c: char, to: Encoding, out: &mut Vec<u8>) -> bool {
    match to {
        Encoding::Utf8 => {
            let mut b = [0u8; 4];
            out.extend_from_slice(c.encode_utf8(&mut b).as_bytes());
        }
        Encoding::Utf16Le | Encoding::Utf16Be => {
            let mut u = [0u16; 2];
            for &unit in c.encode_utf16(&mut u).iter() {
                out.extend_from_slice(&to.endian().unwrap().write_u16(unit));
            }
        }
        Encoding::Utf32Le | Encoding::Utf32Be => {
            out.extend_from_slice(&to.endian().unwrap().write_u32(c as u32));
        }
        Encoding::Latin1 => {
            if (c as u32) > 0xFF {
                return false;
            }
            out.push(c as u32 as u8);
        }
    }
    true
}

/// Encodes text with std; panics for Latin-1 if a char is above U+00FF.
pub fn encode_str(s: &str, to: Encoding) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len() * 2);
    for c in s.chars() {
        assert!(encode_char(c, to, &mut out), "{c:?} not in {to}");
    }
    out
}

/// Encodes raw 16-bit units (possibly ill-formed) in a byte order.
pub fn units16(units: &[u16], e: Endian) -> Vec<u8> {
    units.iter().flat_map(|&u| e.write_u16(u)).collect()
}

/// Encodes raw 32-bit units (possibly ill-formed) in a byte order.
pub fn units32(units: &[u32], e: Endian) -> Vec<u8> {
    units.iter().flat_map(|&u| e.write_u32(u)).collect()
}

// ---------------------------------------------------------------------------------
// Decoding with std: the reference model
// ---------------------------------------------------------------------------------

/// One decoded item of the input: a char, or an ill-formed part (one U+FFFD in lossy
/// mode) with its error kind. `start..end` are byte positions in the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Item {
    pub start: usize,
    pub end: usize,
    pub val: Result<char, ErrorKind>,
}

/// Kind of the UTF-8 maximal subpart `bad` (1..=3 bytes, or an incomplete tail),
/// followed in the input by `next` (written from DESIGN.md's Table 3-7, independently
/// of the scalar crate's `classify_error`).
fn utf8_kind(bad: &[u8], next: Option<u8>) -> ErrorKind {
    let b0 = bad[0];
    match b0 {
        0x80..=0xBF => return ErrorKind::UnexpectedContinuation,
        0xC0 | 0xC1 | 0xF5..=0xFF => return ErrorKind::InvalidLeadByte,
        _ => {}
    }
    if bad.len() == 1 {
        if let Some(b1) = next {
            if (0x80..=0xBF).contains(&b1) {
                // A continuation byte outside the lead byte's restricted range.
                match (b0, b1) {
                    (0xE0, 0x80..=0x9F) | (0xF0, 0x80..=0x8F) => return ErrorKind::Overlong,
                    (0xED, 0xA0..=0xBF) => return ErrorKind::Surrogate,
                    (0xF4, 0x90..=0xBF) => return ErrorKind::TooLarge,
                    _ => {}
                }
            }
        }
    }
    ErrorKind::TooShort
}

/// Splits `src` (in encoding `from`) into chars and ill-formed parts, using std only.
pub fn decode_items(src: &[u8], from: Encoding) -> Vec<Item> {
    let mut items = Vec::with_capacity(src.len());
    match from {
        Encoding::Utf8 => {
            let mut pos = 0;
            for chunk in src.utf8_chunks() {
                for (i, c) in chunk.valid().char_indices() {
                    items.push(Item {
                        start: pos + i,
                        end: pos + i + c.len_utf8(),
                        val: Ok(c),
                    });
                }
                pos += chunk.valid().len();
                let bad = chunk.invalid();
                if !bad.is_empty() {
                    let next = src.get(pos + bad.len()).copied();
                    items.push(Item {
                        start: pos,
                        end: pos + bad.len(),
                        val: Err(utf8_kind(bad, next)),
                    });
                    pos += bad.len();
                }
            }
            assert_eq!(pos, src.len());
        }
        Encoding::Utf16Le | Encoding::Utf16Be => {
            let e = from.endian().unwrap();
            let units = src.chunks_exact(2).map(|c| e.read_u16([c[0], c[1]]));
            let mut pos = 0;
            for r in char::decode_utf16(units) {
                match r {
                    Ok(c) => {
                        let n = 2 * c.len_utf16();
                        items.push(Item {
                            start: pos,
                            end: pos + n,
                            val: Ok(c),
                        });
                        pos += n;
                    }
                    Err(err) => {
                        let kind = if err.unpaired_surrogate() < 0xDC00 {
                            ErrorKind::UnpairedHighSurrogate
                        } else {
                            ErrorKind::UnpairedLowSurrogate
                        };
                        items.push(Item {
                            start: pos,
                            end: pos + 2,
                            val: Err(kind),
                        });
                        pos += 2;
                    }
                }
            }
            if src.len() % 2 == 1 {
                // An odd trailing byte is one truncated unit; an unpaired high
                // surrogate right before it joins it (one U+FFFD together).
                match items.last_mut() {
                    Some(last)
                        if last.end == src.len() - 1
                            && last.val == Err(ErrorKind::UnpairedHighSurrogate) =>
                    {
                        last.end = src.len();
                        last.val = Err(ErrorKind::TruncatedUnit);
                    }
                    _ => items.push(Item {
                        start: src.len() - 1,
                        end: src.len(),
                        val: Err(ErrorKind::TruncatedUnit),
                    }),
                }
            }
        }
        Encoding::Utf32Le | Encoding::Utf32Be => {
            let e = from.endian().unwrap();
            for (i, c) in src.chunks_exact(4).enumerate() {
                let u = e.read_u32([c[0], c[1], c[2], c[3]]);
                let val = char::from_u32(u).ok_or(if u > 0x10FFFF {
                    ErrorKind::TooLarge
                } else {
                    ErrorKind::Surrogate
                });
                items.push(Item {
                    start: 4 * i,
                    end: 4 * i + 4,
                    val,
                });
            }
            if !src.len().is_multiple_of(4) {
                items.push(Item {
                    start: src.len() / 4 * 4,
                    end: src.len(),
                    val: Err(ErrorKind::TruncatedUnit),
                });
            }
        }
        Encoding::Latin1 => {
            for (i, &b) in src.iter().enumerate() {
                items.push(Item {
                    start: i,
                    end: i + 1,
                    val: Ok(char::from(b)),
                });
            }
        }
    }
    items
}

/// Lossy decode with std (U+FFFD per ill-formed part).
pub fn decode_lossy(src: &[u8], from: Encoding) -> String {
    decode_items(src, from)
        .iter()
        .map(|it| it.val.unwrap_or('\u{FFFD}'))
        .collect()
}

/// The first ill-formed part of `src` in `from`: (byte position, kind), or `None` if valid.
pub fn first_error(src: &[u8], from: Encoding) -> Option<(usize, ErrorKind)> {
    decode_items(src, from)
        .iter()
        .find_map(|it| it.val.err().map(|k| (it.start, k)))
}

/// Expected result of a transcoding call: the returned value and `dst[..written]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    pub result: Result<usize, TranscodeError>,
    pub out: Vec<u8>,
}

impl Outcome {
    /// Bytes written (Ok value or `written()` of the error).
    pub fn written(&self) -> usize {
        match self.result {
            Ok(n) => n,
            Err(e) => e.written(),
        }
    }
}

/// The reference transcoding model built on std, for Strict and Lossy (and Valid on
/// valid input, where it equals Strict). Input errors and `NotLatin1` need no output
/// space, so at the same position they win over `OutputTooSmall`.
pub fn model(src: &[u8], from: Encoding, to: Encoding, mode: Mode, dst_len: usize) -> Outcome {
    model_items(&decode_items(src, from), to, mode, dst_len)
}

/// [`model`] on already decoded items.
pub fn model_items(items: &[Item], to: Encoding, mode: Mode, dst_len: usize) -> Outcome {
    let mut out = Vec::new();
    let err = |kind, at, out: Vec<u8>| Outcome {
        result: Err(TranscodeError::new(kind, at, out.len())),
        out,
    };
    for it in items {
        let c = match (it.val, mode) {
            (Ok(c), _) => c,
            (Err(kind), Mode::Strict) => return err(kind, it.start, out),
            (Err(_), _) => '\u{FFFD}',
        };
        let before = out.len();
        if !encode_char(c, to, &mut out) {
            if mode == Mode::Strict {
                return err(ErrorKind::NotLatin1, it.start, out);
            }
            out.push(b'?');
        }
        if out.len() > dst_len {
            out.truncate(before);
            return err(ErrorKind::OutputTooSmall, it.start, out);
        }
    }
    Outcome {
        result: Ok(out.len()),
        out,
    }
}

// ---------------------------------------------------------------------------------
// Calling transcoders with guarded buffers
// ---------------------------------------------------------------------------------

const GUARD: usize = 64;

/// Calls `f(src, dst)` with `dst.len() == dst_len`, inside a buffer filled with
/// `sentinel` that extends `GUARD` bytes past `dst` and 0..8 bytes before it (so `dst`
/// starts at varying alignments). Checks: `written <= dst_len`, nothing written outside
/// `dst`, and, for `OutputTooSmall`, nothing written past `written`. Returns the
/// outcome (`out` = `dst[..written]`).
pub fn call(
    f: impl Fn(&[u8], &mut [u8]) -> Result<usize, TranscodeError>,
    src: &[u8],
    dst_len: usize,
    sentinel: u8,
) -> Result<Outcome, String> {
    let off = (dst_len.wrapping_mul(7) ^ src.len()) % 8;
    let mut buf = vec![sentinel; off + dst_len + GUARD];
    let result = f(src, &mut buf[off..off + dst_len]);
    let written = match result {
        Ok(n) => n,
        Err(e) => e.written(),
    };
    if written > dst_len {
        return Err(format!(
            "written {written} > dst.len() {dst_len}: {result:?}"
        ));
    }
    if let Some(i) = buf[..off].iter().position(|&b| b != sentinel) {
        return Err(format!(
            "wrote before the start of dst (at dst - {}): {result:?}",
            off - i
        ));
    }
    if let Some(i) = buf[off + dst_len..].iter().position(|&b| b != sentinel) {
        return Err(format!(
            "wrote past the end of dst (at dst_len + {i}): {result:?}"
        ));
    }
    if let Err(e) = result {
        if e.kind() == ErrorKind::OutputTooSmall {
            let dst = &buf[off..off + dst_len];
            if let Some(i) = dst[written..].iter().position(|&b| b != sentinel) {
                return Err(format!(
                    "OutputTooSmall but dst[{}] was written (written = {written})",
                    written + i
                ));
            }
        }
    }
    Ok(Outcome {
        result,
        out: buf[off..off + written].to_vec(),
    })
}

/// A copy of `src` starting `off % 8` bytes into a fresh allocation (misaligned input).
pub fn misaligned(src: &[u8], off: usize) -> (Vec<u8>, usize) {
    let off = off % 8;
    let mut v = vec![0xEE; off];
    v.extend_from_slice(src);
    (v, off)
}

/// The kernel field for a pair of encodings (what `Kernel::transcode` dispatches to),
/// or `None` for Latin-1 -> Latin-1 (no field).
pub fn field(k: &Kernel, from: Encoding, to: Encoding) -> Option<utfast_simd::TranscodeFn> {
    use Encoding::*;
    Some(match (from, to) {
        (Utf8, Utf8) => k.utf8_to_utf8,
        (Utf8, Utf16Le | Utf16Be) => k.utf8_to_utf16,
        (Utf8, Utf32Le | Utf32Be) => k.utf8_to_utf32,
        (Utf8, Latin1) => k.utf8_to_latin1,
        (Utf16Le | Utf16Be, Utf8) => k.utf16_to_utf8,
        (Utf16Le | Utf16Be, Utf16Le | Utf16Be) => k.utf16_to_utf16,
        (Utf16Le | Utf16Be, Utf32Le | Utf32Be) => k.utf16_to_utf32,
        (Utf16Le | Utf16Be, Latin1) => k.utf16_to_latin1,
        (Utf32Le | Utf32Be, Utf8) => k.utf32_to_utf8,
        (Utf32Le | Utf32Be, Utf16Le | Utf16Be) => k.utf32_to_utf16,
        (Utf32Le | Utf32Be, Utf32Le | Utf32Be) => k.utf32_to_utf32,
        (Utf32Le | Utf32Be, Latin1) => k.utf32_to_latin1,
        (Latin1, Utf8) => k.latin1_to_utf8,
        (Latin1, Utf16Le | Utf16Be) => k.latin1_to_utf16,
        (Latin1, Utf32Le | Utf32Be) => k.latin1_to_utf32,
        (Latin1, Latin1) => return None,
    })
}

/// Calls the kernel field directly, with the endian arguments that the field must
/// ignore (those of UTF-8/Latin-1) set to both values; both must equal `expect`.
pub fn check_field_ignores_endian(
    k: &Kernel,
    src: &[u8],
    from: Encoding,
    to: Encoding,
    mode: Mode,
    dst_len: usize,
    expect: &Outcome,
) -> Result<(), String> {
    let Some(f) = field(k, from, to) else {
        return Ok(());
    };
    for junk in [Endian::Little, Endian::Big] {
        let fe = from.endian().unwrap_or(junk);
        let te = to.endian().unwrap_or(junk);
        let got = call(|s, d| f(s, d, fe, te, mode), src, dst_len, 0x3C)?;
        if got != *expect {
            return Err(format!(
                "kernel {} field {from} -> {to} {mode:?} with ignored endian {junk:?}: {:?}, via transcode {:?}; src {}",
                k.name(),
                got.result,
                expect.result,
                show(src)
            ));
        }
    }
    Ok(())
}

/// Runs the scalar transcoder (the oracle) directly.
pub fn scalar(
    src: &[u8],
    from: Encoding,
    to: Encoding,
    mode: Mode,
    dst_len: usize,
    sentinel: u8,
) -> Result<Outcome, String> {
    call(
        |s, d| utfast_scalar::transcode::transcode(s, d, from, to, mode),
        src,
        dst_len,
        sentinel,
    )
}

/// Runs kernel `k`'s transcoder.
pub fn kernel(
    k: &Kernel,
    src: &[u8],
    from: Encoding,
    to: Encoding,
    mode: Mode,
    dst_len: usize,
    sentinel: u8,
) -> Result<Outcome, String> {
    call(
        |s, d| k.transcode(s, d, from, to, mode),
        src,
        dst_len,
        sentinel,
    )
}

/// Checks one (src, from, to, mode, dst_len) case: scalar against the std model
/// (skipped for Valid mode on invalid input, whose output is unspecified), then
/// every kernel against scalar. Returns a description of the first mismatch.
pub fn check_case(
    kernels: &[&'static Kernel],
    src: &[u8],
    items: &[Item],
    from: Encoding,
    to: Encoding,
    mode: Mode,
    dst_len: usize,
) -> Result<(), String> {
    let ctx = || {
        format!(
            "{from} -> {to} {mode:?}, dst_len {dst_len}, src ({} bytes) {}",
            src.len(),
            show(src)
        )
    };
    // "Valid" input for Mode::Valid: well-formed and representable in `to`.
    let valid = items.iter().all(|it| {
        it.val
            .is_ok_and(|c| to != Encoding::Latin1 || (c as u32) <= 0xFF)
    });
    let oracle = scalar(src, from, to, mode, dst_len, 0xA5)
        .map_err(|m| format!("scalar: {m}; {}", ctx()))?;
    if mode != Mode::Valid || valid {
        let want = model_items(items, to, mode, dst_len);
        if oracle != want {
            return Err(format!(
                "scalar differs from std model; {}\n  scalar: {:?} out {}\n  model:  {:?} out {}",
                ctx(),
                oracle.result,
                show(&oracle.out),
                want.result,
                show(&want.out)
            ));
        }
    }
    for k in kernels {
        let got = kernel(k, src, from, to, mode, dst_len, 0x5A)
            .map_err(|m| format!("kernel {}: {m}; {}", k.name(), ctx()))?;
        if mode == Mode::Valid && !valid {
            // Unspecified output; only memory safety and bounds (checked by `call`).
            continue;
        }
        if got != oracle {
            return Err(format!(
                "kernel {} differs from scalar; {}\n  kernel: {:?} out {}\n  scalar: {:?} out {}",
                k.name(),
                ctx(),
                got.result,
                show(&got.out),
                oracle.result,
                show(&oracle.out)
            ));
        }
    }
    Ok(())
}

/// Checks `src` in every target encoding and mode with three buffer sizes: the
/// exact output size, one less (when non-zero) and `max_output_len`.
pub fn check_all_targets(
    kernels: &[&'static Kernel],
    src: &[u8],
    from: Encoding,
    targets: &[Encoding],
) -> Result<(), String> {
    let items = decode_items(src, from);
    for &to in targets {
        for mode in [Mode::Strict, Mode::Lossy, Mode::Valid] {
            let max = utfast_scalar::transcode::max_output_len(from, to, src.len());
            let exact = model_items(&items, to, mode, usize::MAX).out.len();
            if exact > max {
                return Err(format!(
                    "max_output_len({from}, {to}, {}) = {max} < needed {exact}",
                    src.len()
                ));
            }
            check_case(kernels, src, &items, from, to, mode, exact)?;
            if exact > 0 {
                check_case(kernels, src, &items, from, to, mode, exact - 1)?;
            }
            check_case(kernels, src, &items, from, to, mode, max)?;
            for k in kernels {
                let via = kernel(k, src, from, to, mode, max, 0x5A)?;
                check_field_ignores_endian(k, src, from, to, mode, max, &via)?;
            }
        }
    }
    Ok(())
}

/// Checks UTF-16LE/BE and UTF-32LE/BE validation of `src` (any bytes) on the scalar
/// crate against std and on every kernel against scalar: same `valid_up_to` and kind.
pub fn check_validation(kernels: &[&'static Kernel], src: &[u8]) -> Result<(), String> {
    use utfast_scalar::{utf16, utf32};
    for enc in [
        Encoding::Utf16Le,
        Encoding::Utf16Be,
        Encoding::Utf32Le,
        Encoding::Utf32Be,
    ] {
        let e = enc.endian().unwrap();
        let want = first_error(src, enc);
        let norm16 =
            |r: Result<(), utfast_scalar::Utf16Error>| r.err().map(|x| (x.valid_up_to(), x.kind()));
        let norm32 =
            |r: Result<(), utfast_scalar::Utf32Error>| r.err().map(|x| (x.valid_up_to(), x.kind()));
        let oracle = if enc.unit_size() == 2 {
            norm16(utf16::validate_utf16_bytes(src, e))
        } else {
            norm32(utf32::validate_utf32_bytes(src, e))
        };
        if oracle != want {
            return Err(format!(
                "scalar validate {enc}: {oracle:?}, std model {want:?}; src {}",
                show(src)
            ));
        }
        for k in kernels {
            let got = if enc.unit_size() == 2 {
                norm16((k.validate_utf16)(src, e))
            } else {
                norm32((k.validate_utf32)(src, e))
            };
            if got != oracle {
                return Err(format!(
                    "kernel {} validate {enc}: {got:?}, scalar {oracle:?}; src {}",
                    k.name(),
                    show(src)
                ));
            }
        }
    }
    Ok(())
}

/// Checks the length and count functions of every kernel against scalar and std on
/// valid input in `from` (on invalid input: only that nothing panics).
pub fn check_lengths(
    kernels: &[&'static Kernel],
    src: &[u8],
    from: Encoding,
) -> Result<(), String> {
    use utfast_scalar::len;
    let items = decode_items(src, from);
    let valid = items.iter().all(|it| it.val.is_ok());
    let text: String = items
        .iter()
        .map(|it| it.val.unwrap_or('\u{FFFD}'))
        .collect();
    let e = from.endian().unwrap_or(Endian::Little);
    // (name, scalar value, std value, per-kernel function)
    type LenFn<'a> = Box<dyn Fn(&Kernel) -> usize + 'a>;
    let mut cases: Vec<(&str, usize, usize, LenFn)> = Vec::new();
    match from {
        Encoding::Utf8 => {
            cases.push((
                "count_utf8",
                len::count_utf8(src),
                text.chars().count(),
                Box::new(|k| (k.count_utf8)(src)),
            ));
            cases.push((
                "utf16_len_from_utf8",
                len::utf16_len_from_utf8(src),
                text.encode_utf16().count(),
                Box::new(|k| (k.utf16_len_from_utf8)(src)),
            ));
        }
        Encoding::Utf16Le | Encoding::Utf16Be => {
            cases.push((
                "count_utf16",
                len::count_utf16(src, e),
                text.chars().count(),
                Box::new(move |k| (k.count_utf16)(src, e)),
            ));
            cases.push((
                "utf8_len_from_utf16",
                len::utf8_len_from_utf16(src, e),
                text.len(),
                Box::new(move |k| (k.utf8_len_from_utf16)(src, e)),
            ));
        }
        Encoding::Utf32Le | Encoding::Utf32Be => {
            cases.push((
                "utf8_len_from_utf32",
                len::utf8_len_from_utf32(src, e),
                text.len(),
                Box::new(move |k| (k.utf8_len_from_utf32)(src, e)),
            ));
            cases.push((
                "utf16_len_from_utf32",
                len::utf16_len_from_utf32(src, e),
                text.encode_utf16().count(),
                Box::new(move |k| (k.utf16_len_from_utf32)(src, e)),
            ));
        }
        Encoding::Latin1 => {
            cases.push((
                "utf8_len_from_latin1",
                len::utf8_len_from_latin1(src),
                text.len(),
                Box::new(|k| (k.utf8_len_from_latin1)(src)),
            ));
        }
    }
    for (name, oracle, std_value, f) in &cases {
        if valid && oracle != std_value {
            return Err(format!(
                "scalar {name} = {oracle}, std {std_value}; {from} src {}",
                show(src)
            ));
        }
        for k in kernels {
            let got = f(k);
            if valid && got != *oracle {
                return Err(format!(
                    "kernel {} {name} = {got}, scalar {oracle}; {from} src {}",
                    k.name(),
                    show(src)
                ));
            }
        }
    }
    Ok(())
}
