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
//! - CESU-8/MUTF-8 -> UTF-16: UTF-8 accepts 4-byte sequences and `00`, which
//!   these encodings forbid, so each stretch is first validated with the SIMD
//!   validator of its rules, then converted as above.
//! - CESU-8/MUTF-8 -> UTF-8 (strict, lossy): first the one-pass block loop of
//!   [`cesu_blocks`] (validate a 64-byte block, store it; rewrite the pairs and
//!   `C0 80` of the blocks that have them; runs of pairs several at a time), up to
//!   the first error or the last bytes; the hand-over as above for the rest.
//! - UTF-16 -> WTF-8: the UTF-16 -> UTF-8 transcoder stops at an unpaired
//!   surrogate; the scalar code writes the run of surrogates.
//! - UTF-16/UTF-8 -> CESU-8/MUTF-8: a vector scan finds the next unit or byte that
//!   UTF-8 writes differently (a surrogate unit or a `F0..FF` lead; `0` for MUTF-8),
//!   the UTF-8 transcoder converts everything before it, the scalar code that
//!   character.
//!
//! Every hand-over happens at a character boundary that no pairing rule crosses, in
//! the mode of the call, so the results are those of the scalar reference.

mod cesu_blocks;

use crate::generic::handover::{shift, utf8_resync};
use crate::generic::hooks::NoHooks;
use crate::generic::utf8_decode::DecodeHooks;
use crate::generic::utf8_encode::EncodeHooks;
use crate::generic::utf8_validate::{
    find_error_block_with, tables_with_surrogates, Rules, CHECK_INTERVAL_EXACT, PAIRS_FORBIDDEN,
    PAIRS_REQUIRED,
};
use crate::vector::Vector;
use crate::vector_ext::VectorExt;
use cesu_blocks::cesu_to_utf8_blocks;
use core::marker::PhantomData;
use utfast_scalar::wtf8::{special_run_end, Flavor};
use utfast_scalar::{Encoding, Endian, ErrorKind, Mode, TranscodeError, Utf8Error};

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
    // A pair error is flagged at the trail's second byte, three bytes after the lead's
    // second byte: its lead may start 4 bytes before `block`. Back up 6 and move to
    // the next character start.
    let mut start = block.saturating_sub(6);
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

/// One conversion, as [`hand_over`] runs it.
trait Plan {
    /// Whether `plain_end` is a cheap scan (not a validation), so that runs of
    /// specials separated by short stretches may go to the scalar code together.
    const DENSE: bool;
    /// How much of `rest` (which starts on a character boundary) the UTF-8
    /// transcoder may convert, ending on a boundary: all of it, the validated prefix,
    /// or up to the next unit that UTF-8 writes differently.
    ///
    /// # Safety
    /// The CPU supports the plan's ISAs.
    unsafe fn plain_end(&self, rest: &[u8]) -> usize;
    /// The kernel's UTF-8 transcoder, strict.
    ///
    /// # Safety
    /// The CPU supports the plan's ISAs.
    unsafe fn fast(&self, src: &[u8], dst: &mut [u8]) -> Result<usize, TranscodeError>;
    /// The end of the run that the scalar code converts at `src[i..]`.
    fn run_end(&self, src: &[u8], i: usize) -> usize;
    /// The pair of encodings (for the scalar reference).
    fn pair(&self) -> (Encoding, Encoding);
    /// The first position `>= at` where the input may be split without changing the
    /// result (only used if [`Plan::DENSE`]).
    fn split_point(&self, src: &[u8], at: usize) -> usize;
    /// Whether [`Plan::quick`] converts anything.
    const QUICK: bool = false;
    /// Converts a prefix of whole valid characters of `src` (a run for the scalar
    /// code) quickly; returns the input and output bytes converted (none by default).
    #[inline(always)]
    fn quick(&self, _src: &[u8], _dst: &mut [u8]) -> (usize, usize) {
        (0, 0)
    }
}

/// The hand-over loop shared by every conversion: the plan's UTF-8 transcoder on
/// the stretches UTF-8 shares, the scalar reference (in `mode`) on the runs between
/// them. (A trait with `#[inline(always)]` methods rather than closures, so that
/// everything is compiled inside the kernel's `#[target_feature]` function.)
///
/// # Safety
/// The CPU supports the plan's ISAs.
#[inline(always)]
unsafe fn hand_over<P: Plan>(
    src: &[u8],
    dst: &mut [u8],
    mode: Mode,
    plan: &P,
) -> Result<usize, TranscodeError> {
    let (from, to) = plan.pair();
    let scalar = |s: &[u8], d: &mut [u8]| utfast_scalar::transcode::transcode(s, d, from, to, mode);
    let n = src.len();
    let (mut i, mut w) = (0usize, 0usize);
    while i < n {
        // SAFETY: the ISAs are the caller's promise.
        let s = i + unsafe { plan.plain_end(&src[i..]) };
        while i < s {
            if s - i < crate::SHORT_INPUT {
                w = shift(scalar(&src[i..s], &mut dst[w..]), i, w)?;
                i = s;
                break;
            }
            // SAFETY: the ISAs are the caller's promise.
            match unsafe { plan.fast(&src[i..s], &mut dst[w..]) } {
                Ok(k) => {
                    w += k;
                    i = s;
                }
                Err(e) if e.is_output_too_small() => return shift(Err(e), i, w),
                Err(e) => {
                    let p = i + e.valid_up_to();
                    w += e.written();
                    let j = plan.run_end(src, p).min(s);
                    w = shift(scalar(&src[p..j], &mut dst[w..]), p, w)?;
                    i = j;
                }
            }
        }
        if i < n {
            let mut j = plan.run_end(src, i);
            if P::DENSE {
                // Specials close together (emoji): one scalar call for the run, not a
                // UTF-8 transcoder call per short stretch between them.
                while j < n {
                    // SAFETY: the ISAs are the caller's promise.
                    let t = j + unsafe { plan.plain_end(&src[j..]) };
                    if t - j >= crate::SHORT_INPUT {
                        break;
                    }
                    // A special within SHORT_INPUT bytes: take the next SHORT_INPUT
                    // bytes whole (few checks per emoji-dense stretch).
                    j = plan.split_point(src, t.saturating_add(crate::SHORT_INPUT).min(n));
                }
            }
            if P::QUICK {
                // The plan's quick loop, with the scalar code on 16 bytes (to a
                // character start) wherever it stops.
                loop {
                    let (a, b) = plan.quick(&src[i..j], &mut dst[w..]);
                    (i, w) = (i + a, w + b);
                    if i >= j {
                        break;
                    }
                    let e = plan.split_point(src, i + 16).min(j);
                    w = shift(scalar(&src[i..e], &mut dst[w..]), i, w)?;
                    i = e;
                }
            } else {
                w = shift(scalar(&src[i..j], &mut dst[w..]), i, w)?;
            }
            i = j;
        }
    }
    Ok(w)
}

/// UTF-16 with byte order `e`.
const fn utf16(e: Endian) -> Encoding {
    match e {
        Endian::Little => Encoding::Utf16Le,
        Endian::Big => Encoding::Utf16Be,
    }
}

/// The type parameters of a plan (kept as a function type: no auto-trait bounds).
type Types<W, V, H, R> = PhantomData<fn() -> (W, V, H, R)>;

/// WTF-8, CESU-8 or MUTF-8 (`R`, `f`, `from`) -> UTF-16 (`TO16`, byte order `e`) or
/// UTF-8.
struct Decode<W, V, H, R, const TO16: bool> {
    f: Flavor,
    from: Encoding,
    e: Endian,
    mode: Mode,
    _types: Types<W, V, H, R>,
}

impl<W: VectorExt, V: VectorExt, H: DecodeHooks<W>, R: Rules, const TO16: bool> Plan
    for Decode<W, V, H, R, TO16>
{
    const DENSE: bool = false;
    #[inline(always)]
    unsafe fn plain_end(&self, rest: &[u8]) -> usize {
        if R::PAIRS == PAIRS_FORBIDDEN || self.mode == Mode::Valid {
            // WTF-8: everything UTF-8 accepts is WTF-8, written the same way.
            return rest.len();
        }
        // SAFETY: the ISA is the caller's promise.
        match unsafe { validate::<W, R>(rest) } {
            Ok(()) => rest.len(),
            Err(e) => e.valid_up_to(),
        }
    }
    #[inline(always)]
    unsafe fn fast(&self, src: &[u8], dst: &mut [u8]) -> Result<usize, TranscodeError> {
        let e = self.e;
        // SAFETY: the ISAs are the caller's promise.
        unsafe {
            if R::PAIRS == PAIRS_REQUIRED && TO16 && dst.len() / 2 >= src.len() {
                // Validated CESU-8/MUTF-8: each surrogate sequence is one UTF-16 unit,
                // and C0 80 is U+0000, exactly as the UTF-8 decoder's bit arithmetic
                // reads them without validation (trusted-valid mode). Only with room
                // for the worst case: an OutputTooSmall could cut a pair.
                crate::generic::utf8_decode::utf8_to_utf16::<W, V, H>(src, dst, e, e, Mode::Valid)
            } else if R::PAIRS == PAIRS_REQUIRED && !TO16 {
                cesu_copy::<W>(src, dst, R::MUTF8)
            } else if TO16 {
                crate::generic::utf8_decode::utf8_to_utf16::<W, V, H>(src, dst, e, e, Mode::Strict)
            } else {
                crate::generic::utf8_utf8::utf8_to_utf8::<W>(src, dst, e, e, Mode::Strict)
            }
        }
    }
    #[inline(always)]
    fn run_end(&self, src: &[u8], i: usize) -> usize {
        special_run_end(src, i, self.f)
    }
    #[inline(always)]
    fn pair(&self) -> (Encoding, Encoding) {
        let to = if TO16 { utf16(self.e) } else { Encoding::Utf8 };
        (self.from, to)
    }
    #[inline(always)]
    fn split_point(&self, src: &[u8], _at: usize) -> usize {
        src.len() // not DENSE
    }
}

/// The flavor and encoding of CESU-8 (`mutf8 == false`) or MUTF-8.
const fn cesu(mutf8: bool) -> (Flavor, Encoding) {
    if mutf8 {
        (Flavor::Mutf8, Encoding::Mutf8)
    } else {
        (Flavor::Cesu8, Encoding::Cesu8)
    }
}

/// Offset of the first surrogate sequence start (`ED A0..BF`) of `src`, or of `C0`
/// if `mutf8`; `src.len()` if none.
///
/// # Safety
/// The CPU supports `W`'s ISA.
#[inline(always)]
unsafe fn first_cesu_special<W: VectorExt>(src: &[u8], mutf8: bool) -> usize {
    let n = src.len();
    let mut i = 0;
    // SAFETY: the ISA is the caller's promise; the loads read `W::BYTES` bytes from
    // `i` and `i + 1`, with `i + 1 + W::BYTES <= n`.
    unsafe {
        let (ed, c0, high3, a0) = (
            W::splat(0xED),
            W::splat(0xC0),
            W::splat(0xE0),
            W::splat(0xA0),
        );
        while i + 1 + W::BYTES <= n {
            let v0 = W::load_unaligned(src.as_ptr().add(i));
            let v1 = W::load_unaligned(src.as_ptr().add(i + 1));
            let mut hit = v0.eq8(ed).and(v1.and(high3).eq8(a0));
            if mutf8 {
                hit = hit.or(v0.eq8(c0));
            }
            let bits = hit.bitmask();
            if bits != 0 {
                return i + (bits.trailing_zeros() / W::MASK_BITS) as usize;
            }
            i += W::BYTES;
        }
    }
    while i < n {
        let b = src[i];
        if (b == 0xED && src.get(i + 1).is_some_and(|&c| c & 0xE0 == 0xA0)) || (mutf8 && b == 0xC0)
        {
            return i;
        }
        i += 1;
    }
    n
}

/// Validated CESU-8 (MUTF-8 if `mutf8`) -> UTF-8: copies the stretches between
/// surrogate pairs (and `C0 80`), converts those. Anything else at such a position
/// is returned as an error for the scalar code (`Surrogate`, never reported as is).
///
/// # Safety
/// The CPU supports `W`'s ISA.
#[inline(always)]
unsafe fn cesu_copy<W: VectorExt>(
    src: &[u8],
    dst: &mut [u8],
    mutf8: bool,
) -> Result<usize, TranscodeError> {
    let n = src.len();
    let (mut i, mut w) = (0usize, 0usize);
    let cont = |b: u8| b & 0xC0 == 0x80;
    loop {
        // Specials first (they come in runs in emoji text), then the stretch after.
        match src[i..] {
            [0xED, b1 @ 0xA0..=0xAF, b2, 0xED, b4 @ 0xB0..=0xBF, b5, ..]
                if cont(b2) && cont(b5) =>
            {
                let hi = (u32::from(b1 & 0x0F) << 6) | u32::from(b2 & 0x3F);
                let lo = (u32::from(b4 & 0x0F) << 6) | u32::from(b5 & 0x3F);
                let cp = 0x10000 + ((hi << 10) | lo);
                let Some(d) = dst.get_mut(w..w + 4) else {
                    return Err(TranscodeError::new(ErrorKind::OutputTooSmall, i, w));
                };
                d[0] = 0xF0 | (cp >> 18) as u8;
                d[1] = 0x80 | ((cp >> 12) & 0x3F) as u8;
                d[2] = 0x80 | ((cp >> 6) & 0x3F) as u8;
                d[3] = 0x80 | (cp & 0x3F) as u8;
                i += 6;
                w += 4;
                continue;
            }
            [0xC0, 0x80, ..] if mutf8 => {
                let Some(d) = dst.get_mut(w) else {
                    return Err(TranscodeError::new(ErrorKind::OutputTooSmall, i, w));
                };
                *d = 0;
                i += 2;
                w += 1;
                continue;
            }
            [0xED, 0xA0..=0xBF, ..] | [0xC0, ..] if mutf8 || src[i] == 0xED => {
                return Err(TranscodeError::new(ErrorKind::Surrogate, i, w));
            }
            _ => {}
        }
        // SAFETY: the ISA is the caller's promise.
        let k = i + unsafe { first_cesu_special::<W>(&src[i..], mutf8) };
        let room = dst.len() - w;
        if k - i > room {
            // Copy what fits, up to a character start.
            let mut b = i + room;
            while b > i && cont(src[b]) {
                b -= 1;
            }
            dst[w..w + b - i].copy_from_slice(&src[i..b]);
            return Err(TranscodeError::new(ErrorKind::OutputTooSmall, b, w + b - i));
        }
        dst[w..w + k - i].copy_from_slice(&src[i..k]);
        w += k - i;
        i = k;
        if i == n {
            return Ok(w);
        }
    }
}

/// Runs a [`Decode`] plan.
///
/// # Safety
/// The CPU supports the ISAs of `W`, `V` and `H`.
#[inline(always)]
unsafe fn decode<W: VectorExt, V: VectorExt, H: DecodeHooks<W>, R: Rules, const TO16: bool>(
    src: &[u8],
    dst: &mut [u8],
    (f, from): (Flavor, Encoding),
    e: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let plan = Decode::<W, V, H, R, TO16> {
        f,
        from,
        e,
        mode,
        _types: PhantomData,
    };
    // SAFETY: the caller's promise.
    unsafe { hand_over(src, dst, mode, &plan) }
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
    let from = (Flavor::Wtf8, Encoding::Wtf8);
    // SAFETY: the caller's promise.
    unsafe { decode::<W, V, H, Wtf8Rules, true>(src, dst, from, to, mode) }
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
    let from = (Flavor::Wtf8, Encoding::Wtf8);
    let e = Endian::NATIVE;
    // SAFETY: the caller's promise (`V`, `H`: unused by a UTF-8 target).
    unsafe { decode::<W, W, NoHooks, Wtf8Rules, false>(src, dst, from, e, mode) }
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
    // SAFETY: the caller's promise.
    unsafe {
        if MUTF8 {
            decode::<W, V, H, Mutf8Rules, true>(src, dst, cesu(true), to, mode)
        } else {
            decode::<W, V, H, Cesu8Rules, true>(src, dst, cesu(false), to, mode)
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
    // SAFETY: the caller's promise (`V`, `H`: unused by a UTF-8 target).
    unsafe {
        // Trusted-valid input needs no validation: the hand-over's copy between
        // specials is the whole work.
        let (pos, out) = if mode == Mode::Valid {
            (0, 0)
        } else if MUTF8 {
            cesu_to_utf8_blocks::<W, Mutf8Rules>(src, dst)
        } else {
            cesu_to_utf8_blocks::<W, Cesu8Rules>(src, dst)
        };
        let (src, rest) = (&src[pos..], &mut dst[out..]);
        let r = if MUTF8 {
            decode::<W, W, NoHooks, Mutf8Rules, false>(src, rest, cesu(true), e, mode)
        } else {
            decode::<W, W, NoHooks, Cesu8Rules, false>(src, rest, cesu(false), e, mode)
        };
        shift(r, pos, out)
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

/// Any 16-bit units (byte order `from`) -> WTF-8 (`TARGET == 0`), CESU-8 (1) or
/// MUTF-8 (2).
struct FromUtf16<W, H, const TARGET: u8> {
    from: Endian,
    _types: PhantomData<fn() -> (W, H)>,
}

impl<W: VectorExt, H: EncodeHooks, const TARGET: u8> Plan for FromUtf16<W, H, TARGET> {
    const DENSE: bool = TARGET != 0;
    #[inline(always)]
    unsafe fn plain_end(&self, rest: &[u8]) -> usize {
        if TARGET == 0 {
            // WTF-8: the UTF-16 -> UTF-8 transcoder stops at unpaired surrogates.
            rest.len()
        } else {
            // SAFETY: the ISA is the caller's promise.
            unsafe { first_special_unit::<W>(rest, self.from, TARGET == 2) }
        }
    }
    #[inline(always)]
    unsafe fn fast(&self, src: &[u8], dst: &mut [u8]) -> Result<usize, TranscodeError> {
        let e = self.from;
        // SAFETY: the ISAs are the caller's promise.
        unsafe { crate::generic::utf8_encode::utf16_to_utf8::<W, H>(src, dst, e, e, Mode::Strict) }
    }
    #[inline(always)]
    fn run_end(&self, src: &[u8], i: usize) -> usize {
        utf16_run_end(src, i, self.from, TARGET == 2)
    }
    #[inline(always)]
    fn pair(&self) -> (Encoding, Encoding) {
        let to = match TARGET {
            0 => Encoding::Wtf8,
            1 => Encoding::Cesu8,
            _ => Encoding::Mutf8,
        };
        (utf16(self.from), to)
    }
    #[inline(always)]
    fn split_point(&self, src: &[u8], at: usize) -> usize {
        let at = at + (at & 1);
        if at >= src.len() {
            return src.len();
        }
        crate::generic::handover::utf16_resync(src, at, self.from)
    }
}

/// UTF-8 -> CESU-8 (`MUTF8 == false`) or MUTF-8.
struct FromUtf8<W, const MUTF8: bool>(PhantomData<fn() -> W>);

impl<W: VectorExt, const MUTF8: bool> Plan for FromUtf8<W, MUTF8> {
    const DENSE: bool = true;
    const QUICK: bool = true;
    #[inline(always)]
    unsafe fn plain_end(&self, rest: &[u8]) -> usize {
        // SAFETY: the ISA is the caller's promise.
        unsafe { first_special_byte::<W>(rest, MUTF8) }
    }
    #[inline(always)]
    unsafe fn fast(&self, src: &[u8], dst: &mut [u8]) -> Result<usize, TranscodeError> {
        let e = Endian::NATIVE;
        // SAFETY: the ISA is the caller's promise.
        unsafe { crate::generic::utf8_utf8::utf8_to_utf8::<W>(src, dst, e, e, Mode::Strict) }
    }
    #[inline(always)]
    fn run_end(&self, src: &[u8], i: usize) -> usize {
        // A UTF-8 maximal subpart never extends over a non-continuation byte.
        utf8_resync(src, i + 1)
    }
    #[inline(always)]
    fn pair(&self) -> (Encoding, Encoding) {
        (Encoding::Utf8, cesu(MUTF8).1)
    }
    /// Emoji text: 4-byte sequences (each a surrogate pair of six bytes) and ASCII
    /// (not `00` in MUTF-8) between them.
    #[inline(always)]
    fn quick(&self, src: &[u8], dst: &mut [u8]) -> (usize, usize) {
        let (n, m) = (src.len(), dst.len());
        let (mut i, mut o) = (0usize, 0usize);
        while i + 4 <= n && o + 6 <= m {
            if i + 8 <= n && o + 12 <= m {
                // Two at a time.
                let x = u64::from_le_bytes(src[i..i + 8].try_into().unwrap_or_default());
                if x & 0xC0C0_C0F8_C0C0_C0F8 == 0x8080_80F0_8080_80F0 {
                    if let (Some(a), Some(b)) = (cesu_pair(x as u32), cesu_pair((x >> 32) as u32)) {
                        dst[o..o + 6].copy_from_slice(&a.to_le_bytes()[..6]);
                        dst[o + 6..o + 12].copy_from_slice(&b.to_le_bytes()[..6]);
                        i += 8;
                        o += 12;
                        continue;
                    }
                }
            }
            let x = u32::from_le_bytes(src[i..i + 4].try_into().unwrap_or_default());
            if let Some(pair) = cesu_pair(x) {
                dst[o..o + 6].copy_from_slice(&pair.to_le_bytes()[..6]);
                i += 4;
                o += 6;
            } else if src[i] < 0x80 && !(MUTF8 && src[i] == 0) {
                dst[o] = src[i];
                i += 1;
                o += 1;
            } else {
                break;
            }
        }
        (i, o)
    }
    #[inline(always)]
    fn split_point(&self, src: &[u8], at: usize) -> usize {
        utf8_resync(src, at)
    }
}

/// The six CESU-8 bytes (in the low bytes, little-endian) of the 4-byte UTF-8
/// sequence `x` (its bytes little-endian), if it is one.
#[inline(always)]
fn cesu_pair(x: u32) -> Option<u64> {
    if x & 0xC0C0_C0F8 != 0x8080_80F0 {
        return None;
    }
    let cp = (x & 0x07) << 18 | (x >> 8 & 0x3F) << 12 | (x >> 16 & 0x3F) << 6 | (x >> 24 & 0x3F);
    if !(0x1_0000..=0x10_FFFF).contains(&cp) {
        return None;
    }
    let (hi, lo) = (
        u64::from(0xD800 + ((cp - 0x1_0000) >> 10)),
        u64::from(cp & 0x3FF),
    );
    // ED 80|hi>>6 80|hi ED B0|lo>>6 80|lo (the bits of `hi >> 6` above the six
    // kept are those of D800 >> 6).
    Some(
        0x8080_ED80_80ED
            | (hi >> 6 & 0x3F) << 8
            | (hi & 0x3F) << 16
            | (0x30 | lo >> 6) << 32
            | (lo & 0x3F) << 40,
    )
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
    let plan = FromUtf16::<W, H, 0> {
        from,
        _types: PhantomData,
    };
    // SAFETY: the caller's promise.
    unsafe { hand_over(src, dst, mode, &plan) }
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
    // SAFETY: the caller's promise.
    unsafe {
        if MUTF8 {
            let plan = FromUtf16::<W, H, 2> {
                from,
                _types: PhantomData,
            };
            hand_over(src, dst, mode, &plan)
        } else {
            let plan = FromUtf16::<W, H, 1> {
                from,
                _types: PhantomData,
            };
            hand_over(src, dst, mode, &plan)
        }
    }
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
    // SAFETY: the caller's promise.
    unsafe { hand_over(src, dst, mode, &FromUtf8::<W, MUTF8>(PhantomData)) }
}
