//! WTF-8, CESU-8 and Java's Modified UTF-8 (MUTF-8): validation and conversions to
//! and from UTF-8 and UTF-16, built on the UTF-8 algorithms.
//!
//! # Validation
//!
//! The Keiser-Lemire validator of `utf8_validate` with other [`Rules`]: the tables
//! allow surrogate sequences (`ED A0..BF`), and for CESU-8/MUTF-8 make every
//! `F0..FF` lead an error. Two checks are added per vector: the second byte of a
//! trail surrogate sequence (`ED B0..BF`, at byte `k`) is compared with the second
//! byte of a lead surrogate sequence three bytes earlier (`prev4 == ED`, `prev3`
//! in `A0..AF`): WTF-8 forbids both together, CESU-8 requires each with the other
//! (an XOR). MUTF-8 also clears the overlong bit of `C0 80` and flags every `00`
//! byte (its ASCII fast path tests for `00` too). The exact error is found by the
//! scalar validator of the same rules, from a start backed up over a whole
//! surrogate pair (at most 6 bytes).
//!
//! # Conversions
//!
//! Text in these encodings is UTF-8 almost everywhere: ASCII and every BMP
//! character that is not a surrogate are written the same way. So each conversion
//! runs the kernel's UTF-8 transcoder (strict) over the stretches that UTF-8
//! shares, and hands the rest (surrogate sequences and pairs, `C0 80`, 4-byte
//! characters for CESU-8 targets, errors) to the scalar reference, one short run at
//! a time ([`utfast_scalar::wtf8::special_run_end`]), then resumes:
//!
//! - WTF-8 -> UTF-16/UTF-8: one pass; the UTF-8 transcoder stops at the first
//!   surrogate sequence (an error for UTF-8), the scalar code converts the run of
//!   surrogates, the loop resumes after it.
//! - CESU-8/MUTF-8 -> UTF-16/UTF-8: UTF-8 accepts 4-byte sequences and `00`, which
//!   these encodings forbid, so each stretch is first validated with the SIMD
//!   validator of its rules, then converted as above.
//! - UTF-16 -> WTF-8: the UTF-16 -> UTF-8 transcoder stops at an unpaired
//!   surrogate; the scalar code writes the run of surrogates.
//! - UTF-16/UTF-8 -> CESU-8/MUTF-8: a vector scan finds the next unit or byte that
//!   UTF-8 writes differently (a surrogate unit or a `F0..FF` lead; `0` for MUTF-8),
//!   the UTF-8 transcoder converts everything before it, the scalar code that
//!   character.
//!
//! Every hand-over happens at a character boundary that no pairing rule crosses, in
//! the mode of the call, so the results are those of the scalar reference.

use crate::generic::handover::{shift, utf8_resync};
use crate::generic::utf8_decode::DecodeHooks;
use crate::generic::utf8_encode::EncodeHooks;
use crate::generic::utf8_validate::{
    find_error_block_with, tables_with_surrogates, Rules, CHECK_INTERVAL_EXACT, PAIRS_FORBIDDEN,
    PAIRS_REQUIRED,
};
use crate::vector::Vector;
use crate::vector_ext::VectorExt;
use utfast_scalar::wtf8::{special_run_end, Flavor};
use utfast_scalar::{Encoding, Endian, Mode, TranscodeError, Utf8Error};

/// WTF-8.
pub(crate) struct Wtf8Rules;
/// CESU-8.
pub(crate) struct Cesu8Rules;
/// Java's Modified UTF-8.
pub(crate) struct Mutf8Rules;

impl Rules for Wtf8Rules {
    const TABLES: [[u8; 16]; 3] = tables_with_surrogates(false);
    const PAIRS: u8 = PAIRS_FORBIDDEN;
    const MUTF8: bool = false;
    fn scalar(window: &[u8]) -> Result<(), Utf8Error> {
        utfast_scalar::wtf8::validate_wtf8(window)
    }
}

impl Rules for Cesu8Rules {
    const TABLES: [[u8; 16]; 3] = tables_with_surrogates(true);
    const PAIRS: u8 = PAIRS_REQUIRED;
    const MUTF8: bool = false;
    fn scalar(window: &[u8]) -> Result<(), Utf8Error> {
        utfast_scalar::cesu8::validate_cesu8(window)
    }
}

impl Rules for Mutf8Rules {
    const TABLES: [[u8; 16]; 3] = tables_with_surrogates(true);
    const PAIRS: u8 = PAIRS_REQUIRED;
    const MUTF8: bool = true;
    fn scalar(window: &[u8]) -> Result<(), Utf8Error> {
        utfast_scalar::cesu8::validate_mutf8(window)
    }
}

/// The exact error under `R`, given the stretch `block..end` reported by
/// `find_error_block_with` (everything before `block` is valid except possibly a
/// character or surrogate pair cut by `block`).
#[cold]
#[inline(never)]
fn locate_error<R: Rules>(src: &[u8], block: usize, end: usize) -> Result<(), Utf8Error> {
    let mut start = block.saturating_sub(3);
    while start < block && src[start] & 0xC0 == 0x80 {
        start += 1;
    }
    // A trail surrogate sequence whose lead is just before it: start at the lead.
    let trail = matches!(src.get(start..start + 2), Some([0xED, 0xB0..=0xBF]));
    if trail && start >= 3 && matches!(src[start - 3..start - 1], [0xED, 0xA0..=0xAF]) {
        start -= 3;
    }
    let window = &src[start..src.len().min(end.saturating_add(6))];
    match R::scalar(window) {
        Ok(()) => Ok(()),
        Err(e) => Err(Utf8Error::new(
            start + e.valid_up_to(),
            e.error_len().map(|n| n as u8),
            e.kind(),
        )),
    }
}

/// Validation under `R` with the exact error.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn validate<V: Vector, R: Rules>(src: &[u8]) -> Result<(), Utf8Error> {
    // SAFETY: the ISA is the caller's promise.
    match unsafe { find_error_block_with::<V, R>(src, CHECK_INTERVAL_EXACT) } {
        None => Ok(()),
        Some((start, end)) => locate_error::<R>(src, start, end),
    }
}

/// `Kernel::validate_wtf8`.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn validate_wtf8<V: Vector>(src: &[u8]) -> Result<(), Utf8Error> {
    // SAFETY: the caller's promise.
    unsafe { validate::<V, Wtf8Rules>(src) }
}

/// `Kernel::validate_cesu8`.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn validate_cesu8<V: Vector>(src: &[u8]) -> Result<(), Utf8Error> {
    // SAFETY: the caller's promise.
    unsafe { validate::<V, Cesu8Rules>(src) }
}

/// `Kernel::validate_mutf8`.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn validate_mutf8<V: Vector>(src: &[u8]) -> Result<(), Utf8Error> {
    // SAFETY: the caller's promise.
    unsafe { validate::<V, Mutf8Rules>(src) }
}

/// The hand-over loop shared by every conversion.
///
/// `plain_end(rest)`: how much of `rest` (which starts on a character boundary) the
/// UTF-8 transcoder may convert, ending on a boundary: all of it, the validated
/// prefix, or up to the next unit that UTF-8 writes differently. `fast`: the UTF-8
/// transcoder (strict). `run_end(src, i)`: the end of the run that the scalar code
/// converts at `i`. `scalar`: the reference conversion of the pair, in any mode.
#[inline(always)]
fn hand_over(
    src: &[u8],
    dst: &mut [u8],
    mode: Mode,
    mut plain_end: impl FnMut(&[u8]) -> usize,
    mut fast: impl FnMut(&[u8], &mut [u8]) -> Result<usize, TranscodeError>,
    run_end: impl Fn(&[u8], usize) -> usize,
    scalar: impl Fn(&[u8], &mut [u8], Mode) -> Result<usize, TranscodeError>,
) -> Result<usize, TranscodeError> {
    let n = src.len();
    let (mut i, mut w) = (0usize, 0usize);
    while i < n {
        let s = i + plain_end(&src[i..]);
        while i < s {
            if s - i < crate::SHORT_INPUT {
                w = shift(scalar(&src[i..s], &mut dst[w..], mode), i, w)?;
                i = s;
                break;
            }
            match fast(&src[i..s], &mut dst[w..]) {
                Ok(k) => {
                    w += k;
                    i = s;
                }
                Err(e) if e.is_output_too_small() => return shift(Err(e), i, w),
                Err(e) => {
                    let p = i + e.valid_up_to();
                    w += e.written();
                    let j = run_end(src, p).min(s);
                    w = shift(scalar(&src[p..j], &mut dst[w..], mode), p, w)?;
                    i = j;
                }
            }
        }
        if i < n {
            let j = run_end(src, i);
            w = shift(scalar(&src[i..j], &mut dst[w..], mode), i, w)?;
            i = j;
        }
    }
    Ok(w)
}

/// The scalar reference for `from` -> `to`.
#[inline(always)]
fn reference(
    from: Encoding,
    to: Encoding,
) -> impl Fn(&[u8], &mut [u8], Mode) -> Result<usize, TranscodeError> {
    move |s: &[u8], d: &mut [u8], m: Mode| utfast_scalar::transcode::transcode(s, d, from, to, m)
}

/// UTF-16 with byte order `e`.
const fn utf16(e: Endian) -> Encoding {
    match e {
        Endian::Little => Encoding::Utf16Le,
        Endian::Big => Encoding::Utf16Be,
    }
}

/// The flavor, encoding and rules of CESU-8 (`MUTF8 == false`) or MUTF-8.
const fn cesu(mutf8: bool) -> (Flavor, Encoding) {
    if mutf8 {
        (Flavor::Mutf8, Encoding::Mutf8)
    } else {
        (Flavor::Cesu8, Encoding::Cesu8)
    }
}

/// WTF-8/CESU-8/MUTF-8 (`from`, `f`) -> `to` with the UTF-8 transcoder `fast`.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
unsafe fn decode<V: Vector, R: Rules>(
    src: &[u8],
    dst: &mut [u8],
    mode: Mode,
    (f, from): (Flavor, Encoding),
    to: Encoding,
    fast: impl FnMut(&[u8], &mut [u8]) -> Result<usize, TranscodeError>,
) -> Result<usize, TranscodeError> {
    let plain_end = |rest: &[u8]| {
        if R::PAIRS == PAIRS_FORBIDDEN || mode == Mode::Valid {
            // WTF-8: everything UTF-8 accepts is WTF-8, written the same way.
            rest.len()
        } else {
            // SAFETY: the ISA is the caller's promise.
            match unsafe { validate::<V, R>(rest) } {
                Ok(()) => rest.len(),
                Err(e) => e.valid_up_to(),
            }
        }
    };
    hand_over(
        src,
        dst,
        mode,
        plain_end,
        fast,
        |s, i| special_run_end(s, i, f),
        reference(from, to),
    )
}

/// `Kernel::wtf8_to_utf16`.
///
/// # Safety
/// The CPU supports the ISAs of `W`, `V` (16-byte vectors) and `H`.
#[inline(always)]
pub(crate) unsafe fn wtf8_to_utf16<W: VectorExt, V: VectorExt, H: DecodeHooks<W>>(
    src: &[u8],
    dst: &mut [u8],
    _from: Endian,
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let fast = |s: &[u8], d: &mut [u8]| {
        // SAFETY: the ISAs are the caller's promise.
        unsafe { crate::generic::utf8_decode::utf8_to_utf16::<W, V, H>(s, d, to, to, Mode::Strict) }
    };
    let from = (Flavor::Wtf8, Encoding::Wtf8);
    // SAFETY: the ISAs are the caller's promise.
    unsafe { decode::<W, Wtf8Rules>(src, dst, mode, from, utf16(to), fast) }
}

/// `Kernel::wtf8_to_utf8`.
///
/// # Safety
/// The CPU supports `W`'s ISA.
#[inline(always)]
pub(crate) unsafe fn wtf8_to_utf8<W: VectorExt>(
    src: &[u8],
    dst: &mut [u8],
    _from: Endian,
    _to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let e = Endian::NATIVE;
    let fast = |s: &[u8], d: &mut [u8]| {
        // SAFETY: the ISA is the caller's promise.
        unsafe { crate::generic::utf8_utf8::utf8_to_utf8::<W>(s, d, e, e, Mode::Strict) }
    };
    let from = (Flavor::Wtf8, Encoding::Wtf8);
    // SAFETY: the ISA is the caller's promise.
    unsafe { decode::<W, Wtf8Rules>(src, dst, mode, from, Encoding::Utf8, fast) }
}

/// `Kernel::cesu8_to_utf16` (`MUTF8 == false`) and `Kernel::mutf8_to_utf16`.
///
/// # Safety
/// The CPU supports the ISAs of `W`, `V` (16-byte vectors) and `H`.
#[inline(always)]
pub(crate) unsafe fn cesu8_to_utf16<
    W: VectorExt,
    V: VectorExt,
    H: DecodeHooks<W>,
    const MUTF8: bool,
>(
    src: &[u8],
    dst: &mut [u8],
    _from: Endian,
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let fast = |s: &[u8], d: &mut [u8]| {
        // SAFETY: the ISAs are the caller's promise.
        unsafe { crate::generic::utf8_decode::utf8_to_utf16::<W, V, H>(s, d, to, to, Mode::Strict) }
    };
    // SAFETY: the ISAs are the caller's promise.
    unsafe {
        if MUTF8 {
            decode::<W, Mutf8Rules>(src, dst, mode, cesu(true), utf16(to), fast)
        } else {
            decode::<W, Cesu8Rules>(src, dst, mode, cesu(false), utf16(to), fast)
        }
    }
}

/// `Kernel::cesu8_to_utf8` (`MUTF8 == false`) and `Kernel::mutf8_to_utf8`.
///
/// # Safety
/// The CPU supports `W`'s ISA.
#[inline(always)]
pub(crate) unsafe fn cesu8_to_utf8<W: VectorExt, const MUTF8: bool>(
    src: &[u8],
    dst: &mut [u8],
    _from: Endian,
    _to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let e = Endian::NATIVE;
    let fast = |s: &[u8], d: &mut [u8]| {
        // SAFETY: the ISA is the caller's promise.
        unsafe { crate::generic::utf8_utf8::utf8_to_utf8::<W>(s, d, e, e, Mode::Strict) }
    };
    // SAFETY: the ISA is the caller's promise.
    unsafe {
        if MUTF8 {
            decode::<W, Mutf8Rules>(src, dst, mode, cesu(true), Encoding::Utf8, fast)
        } else {
            decode::<W, Cesu8Rules>(src, dst, mode, cesu(false), Encoding::Utf8, fast)
        }
    }
}

/// The end of the run of UTF-16 units at `i` (even) that UTF-8 writes differently:
/// surrogates (and `0` if `nul`), at least one unit; an odd final byte joins it.
#[inline]
fn utf16_run_end(src: &[u8], i: usize, e: Endian, nul: bool) -> usize {
    let mut j = i;
    while j + 2 <= src.len() {
        let u = e.read_u16([src[j], src[j + 1]]);
        if j > i && !(0xD800..=0xDFFF).contains(&u) && !(nul && u == 0) {
            return j;
        }
        j += 2;
    }
    src.len()
}

/// Byte offset of the first UTF-16 unit of `src` (byte order `e`) that is a
/// surrogate (or `0` if `nul`); `src.len()` rounded down to even if none.
///
/// # Safety
/// The CPU supports `W`'s ISA.
#[inline(always)]
unsafe fn first_special_unit<W: VectorExt>(src: &[u8], e: Endian, nul: bool) -> usize {
    let n = src.len() & !1;
    let (mask, want) = match e {
        Endian::Little => ([0x00, 0xF8, 0x00, 0xF8], [0x00, 0xD8, 0x00, 0xD8]),
        Endian::Big => ([0xF8, 0x00, 0xF8, 0x00], [0xD8, 0x00, 0xD8, 0x00]),
    };
    let mut i = 0;
    // SAFETY: the ISA is the caller's promise; every load reads `W::BYTES` bytes
    // from `i` with `i + W::BYTES <= n <= src.len()`.
    unsafe {
        let (mask, want, zero) = (W::splat4(mask), W::splat4(want), W::splat(0));
        while i + W::BYTES <= n {
            let v = W::load_unaligned(src.as_ptr().add(i));
            let mut hit = v.and(mask).eq16(want);
            if nul {
                hit = hit.or(v.eq16(zero));
            }
            let bits = hit.bitmask();
            if bits != 0 {
                let byte = (bits.trailing_zeros() / W::MASK_BITS) as usize;
                return i + (byte & !1);
            }
            i += W::BYTES;
        }
    }
    while i < n {
        let u = e.read_u16([src[i], src[i + 1]]);
        if (0xD800..=0xDFFF).contains(&u) || (nul && u == 0) {
            return i;
        }
        i += 2;
    }
    n
}

/// Offset of the first byte of `src` that is `F0..FF` (or `00` if `nul`), or
/// `src.len()`.
///
/// # Safety
/// The CPU supports `W`'s ISA.
#[inline(always)]
unsafe fn first_special_byte<W: VectorExt>(src: &[u8], nul: bool) -> usize {
    let n = src.len();
    let mut i = 0;
    // SAFETY: the ISA is the caller's promise; every load reads `W::BYTES` bytes
    // from `i` with `i + W::BYTES <= n`.
    unsafe {
        let (high, zero) = (W::splat(0xF0), W::splat(0));
        while i + W::BYTES <= n {
            let v = W::load_unaligned(src.as_ptr().add(i));
            let mut hit = v.and(high).eq8(high);
            if nul {
                hit = hit.or(v.eq8(zero));
            }
            let bits = hit.bitmask();
            if bits != 0 {
                return i + (bits.trailing_zeros() / W::MASK_BITS) as usize;
            }
            i += W::BYTES;
        }
    }
    while i < n && src[i] < 0xF0 && !(nul && src[i] == 0) {
        i += 1;
    }
    i
}

/// `Kernel::utf16_to_wtf8`.
///
/// # Safety
/// The CPU supports the ISAs of `W` and `H`.
#[inline(always)]
pub(crate) unsafe fn utf16_to_wtf8<W: VectorExt, H: EncodeHooks>(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    _to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let fast = |s: &[u8], d: &mut [u8]| {
        // SAFETY: the ISAs are the caller's promise.
        unsafe {
            crate::generic::utf8_encode::utf16_to_utf8::<W, H>(s, d, from, from, Mode::Strict)
        }
    };
    hand_over(
        src,
        dst,
        mode,
        |rest| rest.len(),
        fast,
        |s, i| utf16_run_end(s, i, from, false),
        reference(utf16(from), Encoding::Wtf8),
    )
}

/// `Kernel::utf16_to_cesu8` (`MUTF8 == false`) and `Kernel::utf16_to_mutf8`.
///
/// # Safety
/// The CPU supports the ISAs of `W` and `H`.
#[inline(always)]
pub(crate) unsafe fn utf16_to_cesu8<W: VectorExt, H: EncodeHooks, const MUTF8: bool>(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    _to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let fast = |s: &[u8], d: &mut [u8]| {
        // SAFETY: the ISAs are the caller's promise.
        unsafe {
            crate::generic::utf8_encode::utf16_to_utf8::<W, H>(s, d, from, from, Mode::Strict)
        }
    };
    hand_over(
        src,
        dst,
        mode,
        // SAFETY: the ISA is the caller's promise.
        |rest| unsafe { first_special_unit::<W>(rest, from, MUTF8) },
        fast,
        |s, i| utf16_run_end(s, i, from, MUTF8),
        reference(utf16(from), cesu(MUTF8).1),
    )
}

/// `Kernel::utf8_to_cesu8` (`MUTF8 == false`) and `Kernel::utf8_to_mutf8`.
///
/// # Safety
/// The CPU supports `W`'s ISA.
#[inline(always)]
pub(crate) unsafe fn utf8_to_cesu8<W: VectorExt, const MUTF8: bool>(
    src: &[u8],
    dst: &mut [u8],
    _from: Endian,
    _to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let e = Endian::NATIVE;
    let fast = |s: &[u8], d: &mut [u8]| {
        // SAFETY: the ISA is the caller's promise.
        unsafe { crate::generic::utf8_utf8::utf8_to_utf8::<W>(s, d, e, e, Mode::Strict) }
    };
    hand_over(
        src,
        dst,
        mode,
        // SAFETY: the ISA is the caller's promise.
        |rest| unsafe { first_special_byte::<W>(rest, MUTF8) },
        fast,
        // A UTF-8 maximal subpart never extends over a non-continuation byte.
        |s, i| utf8_resync(s, i + 1),
        reference(Encoding::Utf8, cesu(MUTF8).1),
    )
}
