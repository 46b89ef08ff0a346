//! Calling transcoders with guarded buffers, and the comparisons built on them: the
//! scalar crate against the std [`oracle`](crate::oracle), every kernel against the
//! scalar crate (result, error kind, `valid_up_to`, `written` and output bytes).
//!
//! The functions return `Err(description)` on the first mismatch, so that callers can
//! add context, collect failures, or turn them into proptest failures.

use crate::oracle::{decode_items, first_error, items_valid_for, model_items, Item, Outcome};
use crate::{show, Encoding, Endian, ErrorKind, Kernel, Mode, TranscodeError, MODES};

/// Sentinel bytes after the end of every guarded `dst`.
pub const GUARD: usize = 64;

/// What [`call`] requires of the bytes of `dst` after `written`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tail {
    /// The transcoding contract: untouched after `OutputTooSmall`; after any other
    /// result they may hold scratch bytes (SIMD kernels with variable-width output).
    Contract,
    /// Untouched whatever the result: the scalar functions promise it, and so do the
    /// kernels' transcoders with fixed-width output.
    Untouched,
}

/// Calls `f(src, dst)` with `dst.len() == dst_len`, inside a buffer filled with
/// `sentinel` that extends [`GUARD`] bytes past `dst` and 0..8 bytes before it (so
/// `dst` starts at varying alignments). Checks: `written <= dst_len`, nothing written
/// outside `dst`, and nothing written past `written` as `tail` requires. Returns the
/// outcome (`out` = `dst[..written]`).
pub fn call(
    f: impl FnOnce(&[u8], &mut [u8]) -> Result<usize, TranscodeError>,
    src: &[u8],
    dst_len: usize,
    sentinel: u8,
    tail: Tail,
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
    let too_small = result.is_err_and(|e| e.kind() == ErrorKind::OutputTooSmall);
    if too_small || tail == Tail::Untouched {
        let dst = &buf[off..off + dst_len];
        if let Some(i) = dst[written..].iter().position(|&b| b != sentinel) {
            return Err(format!(
                "dst[{}] was written past `written` ({written}): {result:?}",
                written + i
            ));
        }
    }
    Ok(Outcome {
        result,
        out: buf[off..off + written].to_vec(),
    })
}

/// A copy of `src` starting `off % 8` bytes into a fresh allocation (misaligned
/// input): returns the storage and the offset of the copy in it.
pub fn misaligned(src: &[u8], off: usize) -> (Vec<u8>, usize) {
    let off = off % 8;
    let mut v = vec![0xEE; off];
    v.extend_from_slice(src);
    (v, off)
}

/// A copy of `src` in an allocation of exactly `src.len()` elements, so that its last
/// element ends the allocation (AddressSanitizer catches any read past it).
pub fn exact_vec<T: Copy>(src: &[T]) -> Vec<T> {
    let mut v = Vec::with_capacity(src.len());
    v.extend_from_slice(src);
    assert_eq!(v.capacity(), v.len(), "allocation is not exact");
    v
}

/// Runs the scalar transcoder (the oracle of the kernels) with a guarded `dst`; it
/// must leave every byte after `written` untouched.
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
        Tail::Untouched,
    )
}

/// Runs kernel `k`'s transcoder with a guarded `dst` (the contract's [`Tail`]).
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
        Tail::Contract,
    )
}

/// Checks one (src, from, to, mode, dst_len) case: scalar against the std model
/// (skipped for Valid mode on invalid input, whose output is unspecified), then
/// every kernel against scalar. `items` is `decode_items(src, from)`.
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
    let valid = items_valid_for(items, to);
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
/// exact output size, one less (when non-zero) and `max_output_len` (which must be
/// enough).
pub fn check_all_targets(
    kernels: &[&'static Kernel],
    src: &[u8],
    from: Encoding,
    targets: &[Encoding],
) -> Result<(), String> {
    let items = decode_items(src, from);
    for &to in targets {
        for mode in MODES {
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
        }
    }
    Ok(())
}

/// Checks `src` (in `from`) to `to` on every kernel, in every mode, with output
/// buffers of the exact size, one byte less, 64 bytes more and `max_output_len`;
/// panics on the first mismatch.
pub fn check_sizes(src: &[u8], from: Encoding, to: Encoding) {
    let ks = crate::kernels();
    let items = decode_items(src, from);
    for mode in MODES {
        let exact = model_items(&items, to, mode, usize::MAX).out.len();
        let max = utfast_scalar::transcode::max_output_len(from, to, src.len());
        let mut sizes = vec![exact, max, exact + 64];
        if exact > 0 {
            sizes.push(exact - 1);
        }
        for n in sizes {
            if let Err(m) = check_case(ks, src, &items, from, to, mode, n) {
                panic!("{m}");
            }
        }
    }
}

/// Checks every validator on `src` (any bytes): UTF-8 (`validate_utf8`, `is_utf8`,
/// `is_ascii`, `ascii_valid_up_to`) and UTF-16LE/BE, UTF-32LE/BE (with
/// [`check_prefixes_and_repair`]). The scalar crate against std (UTF-8
/// positions equal `core::str::from_utf8`'s, kinds equal the std model's and
/// `classify_error`'s; UTF-16/32 position and kind equal the std model's), and every
/// kernel against scalar (identical results).
pub fn check_validation(kernels: &[&'static Kernel], src: &[u8]) -> Result<(), String> {
    use utfast_scalar::{utf16, utf32, utf8};
    // UTF-8, scalar against std.
    let want8 = utf8::validate_utf8(src);
    match (core::str::from_utf8(src), want8) {
        (Ok(_), Ok(())) => {}
        (Err(e), Err(w)) => {
            if (w.valid_up_to(), w.error_len()) != (e.valid_up_to(), e.error_len()) {
                return Err(format!(
                    "scalar validate_utf8 {w:?}, std {e:?}; src {}",
                    show(src)
                ));
            }
            let model_kind = first_error(src, Encoding::Utf8).map(|x| x.1);
            let (kind, len) = utf8::classify_error(&src[e.valid_up_to()..]);
            if model_kind != Some(w.kind()) || kind != w.kind() {
                return Err(format!(
                    "scalar validate_utf8 kind {:?}, std model {model_kind:?}, classify_error \
                     {kind:?}; src {}",
                    w.kind(),
                    show(src)
                ));
            }
            if len.map(usize::from) != e.error_len() {
                return Err(format!(
                    "classify_error length {len:?}, std {:?}; src {}",
                    e.error_len(),
                    show(src)
                ));
            }
        }
        (std, got) => {
            return Err(format!(
                "scalar validate_utf8 {got:?}, std {std:?}; src {}",
                show(src)
            ))
        }
    }
    if utf8::is_utf8(src) != want8.is_ok() || utf8::is_ascii(src) != src.is_ascii() {
        return Err(format!("scalar is_utf8/is_ascii wrong; src {}", show(src)));
    }
    let ascii = src.iter().position(|&b| b >= 0x80).unwrap_or(src.len());
    if utf8::ascii_valid_up_to(src) != ascii {
        return Err(format!("scalar ascii_valid_up_to wrong; src {}", show(src)));
    }
    for k in kernels {
        let what = |op: &str| {
            format!(
                "kernel {} {op} differs from scalar; src {}",
                k.name(),
                show(src)
            )
        };
        if k.validate_utf8(src) != want8 {
            return Err(format!(
                "{}: {:?} vs {want8:?}",
                what("validate_utf8"),
                k.validate_utf8(src)
            ));
        }
        if k.is_utf8(src) != want8.is_ok() {
            return Err(what("is_utf8"));
        }
        if k.is_ascii(src) != src.is_ascii() {
            return Err(what("is_ascii"));
        }
        if k.ascii_valid_up_to(src) != utf8::ascii_valid_up_to(src) {
            return Err(what("ascii_valid_up_to"));
        }
    }
    // UTF-16 and UTF-32 in both byte orders.
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
                norm16(k.validate_utf16(src, e))
            } else {
                norm32(k.validate_utf32(src, e))
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
    check_prefixes_and_repair(kernels, src)
}

/// Checks the ASCII/Latin-1 prefixes of UTF-16 and UTF-32 and the well-formed UTF-16
/// repair on `src` (any bytes) in both byte orders: the scalar crate against std
/// (`char::decode_utf16` with U+FFFD for each error), every kernel against scalar
/// (identical results and bytes). Called by [`check_validation`].
pub fn check_prefixes_and_repair(kernels: &[&'static Kernel], src: &[u8]) -> Result<(), String> {
    use utfast_scalar::{utf16, utf32};
    for e in [Endian::Little, Endian::Big] {
        let u16s: Vec<u16> = src
            .chunks_exact(2)
            .map(|c| e.read_u16([c[0], c[1]]))
            .collect();
        let u32s: Vec<u32> = src
            .chunks_exact(4)
            .map(|c| e.read_u32([c[0], c[1], c[2], c[3]]))
            .collect();
        let below = |units: &[u32], limit: u32, size: usize| {
            size * units
                .iter()
                .position(|&u| u >= limit)
                .unwrap_or(units.len())
        };
        let w16: Vec<u32> = u16s.iter().map(|&u| u32::from(u)).collect();
        let want = [
            below(&w16, 0x80, 2),
            below(&w16, 0x100, 2),
            below(&u32s, 0x80, 4),
            below(&u32s, 0x100, 4),
        ];
        let scalar = [
            utf16::ascii_valid_up_to_bytes(src, e),
            utf16::latin1_valid_up_to_bytes(src, e),
            utf32::ascii_valid_up_to_bytes(src, e),
            utf32::latin1_valid_up_to_bytes(src, e),
        ];
        if scalar != want {
            return Err(format!(
                "scalar prefixes {e:?} {scalar:?}, std {want:?}; src {}",
                show(src)
            ));
        }
        // The repair: std's decoder, an error per unpaired surrogate.
        let mut count = 0;
        let fixed: Vec<u16> = char::decode_utf16(u16s.iter().copied())
            .map(|r| {
                r.unwrap_or_else(|_| {
                    count += 1;
                    '\u{FFFD}'
                })
            })
            .collect::<String>()
            .encode_utf16()
            .collect();
        let mut want_bytes: Vec<u8> = fixed.iter().flat_map(|&u| e.write_u16(u)).collect();
        want_bytes.extend_from_slice(&src[src.len() / 2 * 2..]);
        let mut got = src.to_vec();
        let n = utf16::make_well_formed_bytes(&mut got, e);
        if (n, &got) != (count, &want_bytes) {
            return Err(format!(
                "scalar make_well_formed_bytes {e:?}: {n} {}, std {count} {}",
                show(&got),
                show(&want_bytes)
            ));
        }
        for k in kernels {
            let got = [
                k.ascii_valid_up_to_utf16(src, e),
                k.latin1_valid_up_to_utf16(src, e),
                k.ascii_valid_up_to_utf32(src, e),
                k.latin1_valid_up_to_utf32(src, e),
            ];
            if got != want {
                return Err(format!(
                    "kernel {} prefixes {e:?} {got:?}, scalar {want:?}; src {}",
                    k.name(),
                    show(src)
                ));
            }
            let mut buf = src.to_vec();
            let m = k.make_well_formed_utf16(&mut buf, e);
            if (m, &buf) != (count, &want_bytes) {
                return Err(format!(
                    "kernel {} make_well_formed_utf16 {e:?}: {m} {}, scalar {count} {}",
                    k.name(),
                    show(&buf),
                    show(&want_bytes)
                ));
            }
        }
    }
    Ok(())
}

/// A length or count function of a kernel: `(src, byte order) -> value`.
type LenFn = fn(&Kernel, &[u8], Endian) -> usize;

/// Checks the length and count functions that read `from` (every kernel against
/// scalar against std) on `src`, if it is valid in `from`; on invalid input they run
/// (on every kernel) but their values are unspecified.
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
    // (name, scalar value, std value, kernel method)
    let cases: Vec<(&str, usize, usize, LenFn)> = match from {
        Encoding::Utf8 => vec![
            (
                "count_utf8",
                len::count_utf8(src),
                text.chars().count(),
                |k, s, _| k.count_utf8(s),
            ),
            (
                "utf16_len_from_utf8",
                len::utf16_len_from_utf8(src),
                text.encode_utf16().count(),
                |k, s, _| k.utf16_len_from_utf8(s),
            ),
        ],
        Encoding::Utf16Le | Encoding::Utf16Be => vec![
            (
                "count_utf16",
                len::count_utf16(src, e),
                text.chars().count(),
                |k, s, e| k.count_utf16(s, e),
            ),
            (
                "utf8_len_from_utf16",
                len::utf8_len_from_utf16(src, e),
                text.len(),
                |k, s, e| k.utf8_len_from_utf16(s, e),
            ),
        ],
        Encoding::Utf32Le | Encoding::Utf32Be => vec![
            (
                "utf8_len_from_utf32",
                len::utf8_len_from_utf32(src, e),
                text.len(),
                |k, s, e| k.utf8_len_from_utf32(s, e),
            ),
            (
                "utf16_len_from_utf32",
                len::utf16_len_from_utf32(src, e),
                text.encode_utf16().count(),
                |k, s, e| k.utf16_len_from_utf32(s, e),
            ),
        ],
        // WTF-8, CESU-8, MUTF-8: no length functions.
        Encoding::Wtf8 | Encoding::Cesu8 | Encoding::Mutf8 => Vec::new(),
        Encoding::Latin1 => vec![(
            "utf8_len_from_latin1",
            len::utf8_len_from_latin1(src),
            text.len(),
            |k, s, _| k.utf8_len_from_latin1(s),
        )],
        // Code pages: no kernel length operation; the scalar one against std.
        _ if utfast_scalar::CodePage::of(from).is_some() => {
            let cp = utfast_scalar::CodePage::of(from).expect("a code page");
            let got = utfast_scalar::codepage::utf8_len_from_codepage(src, cp);
            if got != text.len() {
                return Err(format!(
                    "scalar utf8_len_from_codepage = {got}, std {}; {from} src {}",
                    text.len(),
                    show(src)
                ));
            }
            vec![]
        }
        // `Encoding` is `#[non_exhaustive]`.
        _ => panic!("the test kit has no length cases for {from}"),
    };
    for (name, oracle, std_value, f) in &cases {
        if valid && oracle != std_value {
            return Err(format!(
                "scalar {name} = {oracle}, std {std_value}; {from} src {}",
                show(src)
            ));
        }
        for k in kernels {
            let got = f(k, src, e);
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
