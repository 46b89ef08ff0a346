//! The avx2 kernel's hooks in the generic UTF-8 -> UTF-16/UTF-32 loop
//! (`crate::generic::utf8_decode`; `DecodeHooks` for `Avx2` in `super`), for UTF-16
//! and UTF-32 output in either byte order:
//!
//! - `ascii_run` ([`ascii_run`]): an ASCII block and the ASCII run after it are
//!   widened by the load instructions themselves (`vpmovzxbw` / `vpmovzxbd` from
//!   memory), 128, then 64 bytes per step, and, when `dst` has room for all the
//!   rest, stored before they are tested;
//! - `checked_block` ([`three_byte_block`]): a block of 21 three-byte characters
//!   (most blocks of CJK text) is recognised by its byte layout and checked only for
//!   the E0/ED second-byte ranges instead of being validated, then converted by fixed
//!   shuffles;
//! - `valid_block` ([`valid_block`]): a validated block without bytes >= 0xF0 (one-
//!   to three-byte characters) is converted at once, without a serial chain:
//!   the code unit of a character ending at each byte position is computed from the
//!   byte and the two before it, and the positions that end a character are kept by
//!   `COMPRESS8` shuffles (characters ending at bytes 0..=62 are consumed: a
//!   sequence cut at byte 63 was not validated; a block without two continuation
//!   bytes in a row has no three-byte character and takes a shorter variant); a
//!   block of sixteen 4-byte
//!   characters becomes sixteen code points or surrogate pairs by arithmetic alone.
//!
//! Other blocks (4-byte characters mixed with shorter ones) decline and take the
//! generic windows. The conversions themselves are in `super::utf8_block`.

use core::arch::x86_64::*;

use super::utf8_block::{
    block_1_to_3, block_three, four_byte, three_byte_layout, three_byte_range_error,
    ALL_THREE_BYTE, BLOCK_1_TO_3_WRITE, BLOCK_THREE_WRITE,
};
use utfast_scalar::Mode;

/// Bytes from a block's start the block hooks read: the block and byte 64 (the
/// E0/ED range check of the three-byte block, the end of the sixteenth 4-byte
/// character).
pub(super) const BLOCK_READ: usize = 65;

/// Output bytes the block hooks store (scratch included), for UTF-16 and UTF-32.
pub(super) const BLOCK_WRITE: [usize; 2] = [
    max(BLOCK_1_TO_3_WRITE[0], BLOCK_THREE_WRITE[0]),
    max(BLOCK_1_TO_3_WRITE[1], BLOCK_THREE_WRITE[1]),
];

const fn max(a: usize, b: usize) -> usize {
    if a > b {
        a
    } else {
        b
    }
}

/// Widens the `16 * K` bytes at `src` to as many UTF-16 (`UTF32`: UTF-32) units
/// in the byte order `BE` at `dst` and returns whether they were all ASCII (else
/// nothing is consumed).
///
/// With `SCRATCH` (the caller's promise that `dst` has room for the conversion
/// of all the rest of the input, so the call cannot end in `OutputTooSmall`, the
/// one error after which nothing past `written` may change) the units are stored
/// before the test: each load is widened by the load instruction itself and the
/// test is one OR per load; when the bytes were not all ASCII, the stores are
/// scratch that later stores overwrite. Without `SCRATCH`, the bytes are tested
/// first.
///
/// # Safety
/// AVX2; `16 * K` readable bytes at `src`, `16 * K * unit` writable bytes at `dst`
/// (`unit` = 2, or 4 for UTF-32).
#[inline(always)]
unsafe fn widen_if_ascii<const UTF32: bool, const BE: bool, const K: usize, const SCRATCH: bool>(
    src: *const u8,
    dst: *mut u8,
) -> bool {
    // SAFETY: the caller guarantees `16 * K` readable bytes at `src` and
    // `16 * K * unit` writable at `dst`.
    unsafe {
        if !SCRATCH {
            let mut any = _mm_setzero_si128();
            for i in 0..K {
                any = _mm_or_si128(any, _mm_loadu_si128(src.add(16 * i).cast()));
            }
            if _mm_movemask_epi8(any) != 0 {
                return false;
            }
        }
        let mut any = _mm256_setzero_si256();
        for i in 0..K {
            if UTF32 {
                for j in 0..2 {
                    let b = _mm_loadl_epi64(src.add(16 * i + 8 * j).cast());
                    let w = _mm256_cvtepu8_epi32(b);
                    any = _mm256_or_si256(any, w);
                    let w = if BE { _mm256_slli_epi32::<24>(w) } else { w };
                    _mm256_storeu_si256(dst.add(64 * i + 32 * j).cast(), w);
                }
            } else {
                let w = _mm256_cvtepu8_epi16(_mm_loadu_si128(src.add(16 * i).cast()));
                any = _mm256_or_si256(any, w);
                let w = if BE { _mm256_slli_epi16::<8>(w) } else { w };
                _mm256_storeu_si256(dst.add(32 * i).cast(), w);
            }
        }
        _mm256_testz_si256(any, _mm256_set1_epi16(0x80)) != 0
    }
}

/// Converts the ASCII run at `pos` (to `out`): 64 bytes tested before they are
/// widened (most runs are short: a block between two non-ASCII characters), then
/// 128, then 64 bytes per step, while they are all ASCII and fit; returns the new
/// `(pos, out)`. `SCRATCH`: see [`widen_if_ascii`].
///
/// # Safety
/// AVX2; `pos <= src.len()`, `out <= dst.len()`.
#[inline(always)]
unsafe fn ascii_steps<const UTF32: bool, const BE: bool, const SCRATCH: bool>(
    src: &[u8],
    dst: &mut [u8],
    mut pos: usize,
    mut out: usize,
) -> (usize, usize) {
    let unit = if UTF32 { 4 } else { 2 };
    // SAFETY: each step checks its 128 (64) bytes read at `pos` and `unit` times
    // as many written at `out`.
    unsafe {
        if pos + 64 <= src.len() && out + 64 * unit <= dst.len() {
            let (s, d) = (src.as_ptr().add(pos), dst.as_mut_ptr().add(out));
            if !widen_if_ascii::<UTF32, BE, 4, false>(s, d) {
                return (pos, out);
            }
            pos += 64;
            out += 64 * unit;
        }
        while pos + 128 <= src.len() && out + 128 * unit <= dst.len() {
            let (s, d) = (src.as_ptr().add(pos), dst.as_mut_ptr().add(out));
            if !widen_if_ascii::<UTF32, BE, 8, SCRATCH>(s, d) {
                break;
            }
            pos += 128;
            out += 128 * unit;
        }
        while pos + 64 <= src.len() && out + 64 * unit <= dst.len() {
            let (s, d) = (src.as_ptr().add(pos), dst.as_mut_ptr().add(out));
            if !widen_if_ascii::<UTF32, BE, 4, SCRATCH>(s, d) {
                break;
            }
            pos += 64;
            out += 64 * unit;
        }
    }
    (pos, out)
}

/// The `ascii_run` hook: converts the ASCII block at the start of `src` and the
/// ASCII run after it; returns `(consumed, written)`.
///
/// # Safety
/// AVX2; `src` starts with 64 ASCII bytes and `dst` has room for their output.
#[inline(always)]
pub(super) unsafe fn ascii_run<const UTF32: bool, const BE: bool>(
    src: &[u8],
    dst: &mut [u8],
) -> (usize, usize) {
    let unit = if UTF32 { 4 } else { 2 };
    debug_assert!(src.len() >= 64 && dst.len() >= 64 * unit);
    // SAFETY: the caller's promises: the first 64 bytes are readable and ASCII (the
    // result of the test is not needed), and their output fits.
    unsafe { widen_if_ascii::<UTF32, BE, 4, true>(src.as_ptr(), dst.as_mut_ptr()) };
    // The run goes on from the last of those bytes whose output starts on a 32-byte
    // boundary of `dst` (when `dst` is aligned to the unit), rewriting a few units:
    // on Intel cores a store that straddles two cache lines is slow, and with `dst`
    // 16 bytes past a 32-byte boundary every other widening store would.
    let d = dst.as_ptr() as usize;
    let back = if d.is_multiple_of(unit) {
        (d + 64 * unit) % 32 / unit
    } else {
        0
    };
    let (pos, out) = (64 - back, (64 - back) * unit);
    // SAFETY: AVX2 is the caller's promise; `pos <= src.len()`, `out <= dst.len()`.
    // The output is at most `unit` bytes per input byte: with that much room, the
    // run may store scratch bytes.
    unsafe {
        if dst.len() - out >= unit * (src.len() - pos) {
            ascii_steps::<UTF32, BE, true>(src, dst, pos, out)
        } else {
            ascii_steps::<UTF32, BE, false>(src, dst, pos, out)
        }
    }
}

/// The `checked_block` hook: converts a block of 21 three-byte characters (bytes
/// 0..63), checking its layout and the E0/ED ranges itself (a block with an error
/// declines, and the validator reports it); returns `(63, 21 * unit)`.
///
/// # Safety
/// AVX2; `BLOCK_READ` readable bytes at `src` (the first 64 are `block`), whose
/// continuation mask is `cont`; `BLOCK_WRITE` writable bytes at `dst`.
#[inline(always)]
pub(super) unsafe fn three_byte_block<const UTF32: bool, const BE: bool>(
    src: *const u8,
    block: &[__m256i; 2],
    cont: u64,
    mode: Mode,
    dst: *mut u8,
) -> Option<(usize, usize)> {
    let [v0, v1] = *block;
    // Ends at bytes 0..=62: a sequence cut at byte 63 is not checked.
    let ends = !(cont >> 1) & (u64::MAX >> 1);
    // SAFETY: the caller's promises cover the range check's read of `src + 1..src +
    // 65` and the conversion's stores (`BLOCK_THREE_WRITE <= BLOCK_WRITE`).
    unsafe {
        if ends == ALL_THREE_BYTE
            && three_byte_layout(v0, v1)
            && (mode == Mode::Valid || !three_byte_range_error(src, v0, v1))
        {
            block_three::<UTF32, BE>(src, v0, v1, dst);
            return Some((63, if UTF32 { 84 } else { 42 }));
        }
    }
    None
}

/// The `valid_block` hook: converts a validated block of one- to three-byte
/// characters (every character ending at bytes 0..=62), or of sixteen 4-byte
/// characters; returns `(consumed, written)`.
///
/// # Safety
/// AVX2 and POPCNT; as for [`three_byte_block`], and the block is valid UTF-8 up
/// to its last character boundary (or `Mode::Valid`).
#[inline(always)]
pub(super) unsafe fn valid_block<const UTF32: bool, const BE: bool>(
    src: *const u8,
    block: &[__m256i; 2],
    cont: u64,
    dst: *mut u8,
) -> Option<(usize, usize)> {
    let [v0, v1] = *block;
    // SAFETY: the caller's promises cover the read of byte 64 and the stores
    // (`BLOCK_1_TO_3_WRITE <= BLOCK_WRITE`, and 64 bytes for sixteen characters).
    unsafe {
        // No byte >= 0xF0 (no 4-byte character): convert the whole block at once.
        // (`ends` is 0 only for invalid input in `Mode::Valid`.)
        let ends = !(cont >> 1) & (u64::MAX >> 1);
        let top = _mm256_subs_epu8(_mm256_max_epu8(v0, v1), _mm256_set1_epi8(0xEF_u8 as i8));
        if _mm256_testz_si256(top, top) != 0 && ends != 0 {
            // No two continuation bytes in a row: no three-byte character ends in
            // bytes 0..=62, and the conversion needs fewer operations.
            let w = if cont & (cont >> 1) == 0 {
                block_1_to_3::<UTF32, BE, false>(src, v0, v1, ends, dst)
            } else {
                block_1_to_3::<UTF32, BE, true>(src, v0, v1, ends, dst)
            };
            return Some((64 - ends.leading_zeros() as usize, w));
        }
        // Sixteen 4-byte characters: one code point or surrogate pair per 32-bit
        // lane. (Byte 64 not being a continuation completes the last one, whose
        // bytes were all checked in the block.)
        let cont64 = ((*src.add(64) as i8) < -0x40) as u64;
        if !(cont >> 1 | cont64 << 63) == 0x8888_8888_8888_8888 {
            _mm256_storeu_si256(dst.cast(), four_byte::<UTF32, BE>(v0));
            _mm256_storeu_si256(dst.add(32).cast(), four_byte::<UTF32, BE>(v1));
            return Some((64, 64));
        }
    }
    None
}
