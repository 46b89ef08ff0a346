//! Calling transcoders with guarded buffers, and the checks built on them: scalar
//! against the std model, every kernel against scalar.

use super::*;

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
                Box::new(|k| k.count_utf8(src)),
            ));
            cases.push((
                "utf16_len_from_utf8",
                len::utf16_len_from_utf8(src),
                text.encode_utf16().count(),
                Box::new(|k| k.utf16_len_from_utf8(src)),
            ));
        }
        Encoding::Utf16Le | Encoding::Utf16Be => {
            cases.push((
                "count_utf16",
                len::count_utf16(src, e),
                text.chars().count(),
                Box::new(move |k| k.count_utf16(src, e)),
            ));
            cases.push((
                "utf8_len_from_utf16",
                len::utf8_len_from_utf16(src, e),
                text.len(),
                Box::new(move |k| k.utf8_len_from_utf16(src, e)),
            ));
        }
        Encoding::Utf32Le | Encoding::Utf32Be => {
            cases.push((
                "utf8_len_from_utf32",
                len::utf8_len_from_utf32(src, e),
                text.len(),
                Box::new(move |k| k.utf8_len_from_utf32(src, e)),
            ));
            cases.push((
                "utf16_len_from_utf32",
                len::utf16_len_from_utf32(src, e),
                text.encode_utf16().count(),
                Box::new(move |k| k.utf16_len_from_utf32(src, e)),
            ));
        }
        Encoding::Latin1 => {
            cases.push((
                "utf8_len_from_latin1",
                len::utf8_len_from_latin1(src),
                text.len(),
                Box::new(|k| k.utf8_len_from_latin1(src)),
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

/// Checks `src` (in `from`) to `to` on every kernel, in every mode, with output
/// buffers of the exact size, one byte less, 64 bytes more and `max_output_len`.
pub fn check_sizes(src: &[u8], from: Encoding, to: Encoding) {
    let ks = kernels();
    let items = decode_items(src, from);
    for mode in [Mode::Strict, Mode::Lossy, Mode::Valid] {
        let exact = model_items(&items, to, mode, usize::MAX).out.len();
        let max = utfast_scalar::transcode::max_output_len(from, to, src.len());
        let mut sizes = vec![exact, max, exact + 64];
        if exact > 0 {
            sizes.push(exact - 1);
        }
        for n in sizes {
            if let Err(m) = check_case(&ks, src, &items, from, to, mode, n) {
                panic!("{m}");
            }
        }
    }
}
