//! UTF-8 -> UTF-16 and UTF-8 -> UTF-32 with AVX-512 VBMI/VBMI2, after Clausecker &
//! Lemire, "Transcoding Unicode Characters with AVX-512 Instructions" (Software:
//! Practice and Experience, 2023): classify the bytes of a 64-byte block with mask
//! comparisons, *compress* the positions of the characters' first bytes into one
//! vector (`vpcompressb`), *permute* each character's bytes into a lane of its own
//! (`vpermb`), assemble the code points in every lane at once, and store exactly the
//! output with masked stores. Validation is the UTF-8 validator's block check at 512
//! bits, folded into the same loop.
//!
//! # A block
//!
//! The loop takes the input in 64-byte blocks that start at a character boundary.
//!
//! 1. A full ASCII block (no byte with its high bit set, one `vpmovb2m`) is
//!    widened: 64 bytes -> 64 units.
//! 2. Otherwise it is validated ([`block_has_error`] with 512-bit vectors; skipped
//!    in `Mode::Valid`). An invalid block ends the loop (strict: the scalar
//!    transcoder then finds the exact error from the block's start) or is repaired by
//!    the scalar lossy transcoder up to the next byte that is not a continuation byte
//!    (see `crate::generic::handover`).
//! 3. The characters that start before the block's last first byte are complete
//!    (a validated block has no cut sequence but, perhaps, the last one): bit `i` of
//!    `starts` is set when byte `i` is not a continuation byte (`10xxxxxx`), and
//!    `vpcompressb` of the byte indices 0..63 under that mask gives the start of
//!    character `j` in byte `j`.
//! 4. A block without four-byte characters (no byte from 0xF0) converts 32
//!    characters at a time in 16-bit lanes, from the positions of their *last*
//!    bytes ([`convert_block16`]). Otherwise, sixteen characters at a time, one per
//!    32-bit lane: a `vpermb` spreads the
//!    start `p` of character `j` into lane `j` as the indices `p+3, p+2, p+1, p`,
//!    and a second `vpermb` of the block with those indices puts the character's
//!    bytes in the lane, first byte highest: `b0 << 24 | b1 << 16 | b2 << 8 | b3`.
//!    The high nibble of `b0` selects (`vpermd` of two 16-entry tables) the right
//!    shift that drops the bytes after the character (24, 16, 8 or 0 bits) and the
//!    mask of its payload bits (`0x7F`, `0x1F3F`, `0x0F3F3F`, `0x073F3F3F`); then
//!    `vpmaddubsw` joins each pair of 6-bit groups (`hi * 64 + lo`) and
//!    `vpmaddwd` the two 12-bit halves (`hi * 4096 + lo`): the code point.
//! 5. UTF-32: one masked store (`vmovdqu32`) of the characters' lanes. UTF-16: the
//!    supplementary characters' lanes become `high | low << 16`, and `vpcompressw`
//!    keeps the low half of every lane and the high half of the supplementary ones,
//!    stored with one masked store.
//!
//! The next block starts at the block's last first byte. The last bytes of the
//! input (less than a block) are copied to a zeroed 64-byte buffer on the stack and
//! converted by the same code (a character cut by the end of the input is followed
//! by a zero byte there, which the validator reports, and the scalar transcoder
//! then says exactly what is wrong). Every store is masked to the exact output, so
//! no byte of `dst` past the output is written; the loop runs while `dst` has room
//! for the largest output of a block (256 bytes) and the scalar transcoder converts
//! whatever is left, which keeps `OutputTooSmall` and the output before it exactly
//! the scalar transcoder's.
//!
//! In `Mode::Valid` (trusted input) nothing is validated; on invalid input the
//! output is unspecified but every access stays inside the block and the stores
//! inside their bound (a block of first bytes only gives at most 64 characters, 128
//! UTF-16 units).

use super::consts::{Bytes64, SWAP16, SWAP32};
use super::isa::{self, Zmm};
use crate::generic::handover::{shift, utf8_resync};
use crate::generic::utf8_validate::block_has_error;
use utfast_scalar::{transcode as scalar, Endian, Mode, TranscodeError};

/// The largest output of one block in bytes: 64 UTF-32 units, or 64 characters of
/// at most two UTF-16 units (on invalid input in `Mode::Valid`).
const BLOCK_WRITE: usize = 256;

/// Byte `i` = `i`: the indices that `vpcompressb` turns into the positions of the
/// characters' first bytes.
static IOTA: Bytes64 = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = i as u8;
        i += 1;
    }
    Bytes64(t)
};

/// For group `g` (characters `16g..16g+16`): byte `4j + k` is `16g + j`, so that a
/// `vpermb` of the start positions puts the start of character `16g + j` in all
/// four bytes of lane `j`.
static SPREAD: [Bytes64; 4] = {
    let mut t = [
        Bytes64([0; 64]),
        Bytes64([0; 64]),
        Bytes64([0; 64]),
        Bytes64([0; 64]),
    ];
    let mut g = 0;
    while g < 4 {
        let mut i = 0;
        while i < 64 {
            t[g].0[i] = (16 * g + i / 4) as u8;
            i += 1;
        }
        g += 1;
    }
    t
};

/// For group `g` of the 16-bit path (characters `32g..32g+32`): bytes `2j` and
/// `2j + 1` are `32g + j`.
static SPREAD16: [Bytes64; 2] = {
    let mut t = [Bytes64([0; 64]), Bytes64([0; 64])];
    let mut g = 0;
    while g < 2 {
        let mut i = 0;
        while i < 64 {
            t[g].0[i] = (32 * g + i / 2) as u8;
            i += 1;
        }
        g += 1;
    }
    t
};

/// Bytes `2j`, `2j + 1` are `0`, `-1`: added to the spread ends, a character's last
/// byte in the low byte of its 16-bit lane and the byte before it in the high one.
static LAST_TWO: Bytes64 = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = if i % 2 == 0 { 0 } else { 0xFF };
        i += 1;
    }
    Bytes64(t)
};

/// Byte `4j + k` is `3 - k`: added to the spread starts, the indices of the
/// character's bytes with its first byte in the lane's highest byte.
static BYTE_OFFSETS: Bytes64 = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = 3 - (i % 4) as u8;
        i += 1;
    }
    Bytes64(t)
};

/// 16 32-bit entries, by the high nibble of a character's first byte: the right
/// shift that drops the lane's bytes after the character. (Nibbles 8..B are
/// continuation bytes, which start no character of valid input.)
static SHIFTS: [u32; 16] = [24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 16, 16, 8, 0];

/// As [`SHIFTS`]: the payload bits of the character's bytes, right-aligned.
static PAYLOAD: [u32; 16] = [
    0x7F,
    0x7F,
    0x7F,
    0x7F,
    0x7F,
    0x7F,
    0x7F,
    0x7F,
    0x3F,
    0x3F,
    0x3F,
    0x3F,
    0x1F3F,
    0x1F3F,
    0x0F_3F3F,
    0x073F_3F3F,
];

/// Bit `2i` of the result is bit `i` of `x`; odd bits are zero.
#[inline(always)]
fn spread_bits(x: u16) -> u32 {
    let mut x = x as u32;
    x = (x | x << 8) & 0x00FF_00FF;
    x = (x | x << 4) & 0x0F0F_0F0F;
    x = (x | x << 2) & 0x3333_3333;
    (x | x << 1) & 0x5555_5555
}

/// The lowest `n` bits set (`n <= 64`).
#[inline(always)]
fn low_bits(n: u32) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

/// Loads one of the constant tables.
///
/// # Safety
/// The CPU supports the tier's features.
#[inline(always)]
unsafe fn table(t: &Bytes64) -> Zmm {
    // SAFETY: `t` is 64 readable bytes; the ISA is the caller's promise.
    unsafe { isa::loadu(t.0.as_ptr()) }
}

/// Stores the 64 ASCII bytes of `v` as 64 UTF-16 or UTF-32 units at `d`.
///
/// # Safety
/// The CPU supports the tier's features; `d..d + 64 * unit` is writable.
#[inline(always)]
unsafe fn widen_ascii<const UTF32: bool, const BE: bool>(v: Zmm, d: *mut u8) {
    // SAFETY: the ISA is the caller's promise; the stores cover `64 * unit` bytes.
    unsafe {
        let halves = [isa::castsi512_si256(v), isa::extracti64x4_epi64::<1>(v)];
        for (h, half) in halves.into_iter().enumerate() {
            let w = isa::cvtepu8_epi16(half);
            if UTF32 {
                let q = [isa::castsi512_si256(w), isa::extracti64x4_epi64::<1>(w)];
                for (k, quarter) in q.into_iter().enumerate() {
                    let mut x = isa::cvtepu16_epi32(quarter);
                    if BE {
                        x = isa::shuffle_epi8(x, table(&SWAP32));
                    }
                    isa::storeu(d.add(128 * h + 64 * k), x);
                }
            } else {
                let w = if BE {
                    isa::shuffle_epi8(w, table(&SWAP16))
                } else {
                    w
                };
                isa::storeu(d.add(64 * h), w);
            }
        }
    }
}

/// Converts the characters of the validated block `v` that start at the bytes of
/// `starts` (each complete inside the block) to `d`; returns the bytes written.
///
/// # Safety
/// The CPU supports the tier's features; `d..d + BLOCK_WRITE` is writable.
#[inline(always)]
unsafe fn convert_block<const UTF32: bool, const BE: bool>(
    v: Zmm,
    starts: u64,
    d: *mut u8,
) -> usize {
    let n = starts.count_ones();
    let mut out = 0usize;
    // SAFETY: the ISA is the caller's promise; the stores below write
    // `4 * lanes` (UTF-32) or `2 * units` (UTF-16) bytes at `d + out`, at most
    // `4 * n <= 256` or `2 * 2 * n <= 256` bytes in all.
    unsafe {
        let pos = isa::maskz_compress_epi8(starts, table(&IOTA));
        let offsets = table(&BYTE_OFFSETS);
        let shifts = isa::loadu(SHIFTS.as_ptr().cast());
        let payload = isa::loadu(PAYLOAD.as_ptr().cast());
        let join6 = isa::set1_epi16(0x4001);
        let join12 = isa::set1_epi32(0x1000_0001);
        let mut g = 0;
        while 16 * g < n {
            let lanes = low_bits(n - 16 * g).min(0xFFFF) as u16;
            let idx = isa::add_epi8(
                isa::permutexvar_epi8(table(&SPREAD[g as usize]), pos),
                offsets,
            );
            let bytes = isa::permutexvar_epi8(idx, v);
            let nibble = isa::srli_epi32::<28>(bytes);
            let aligned = isa::srlv_epi32(bytes, isa::permutexvar_epi32(nibble, shifts));
            let bits = isa::and_si512(aligned, isa::permutexvar_epi32(nibble, payload));
            let cp = isa::madd_epi16(isa::maddubs_epi16(bits, join6), join12);
            if UTF32 {
                let cp = if BE {
                    isa::shuffle_epi8(cp, table(&SWAP32))
                } else {
                    cp
                };
                isa::mask_storeu_epi32(d.add(out), lanes, cp);
                out += 4 * lanes.count_ones() as usize;
            } else {
                let supp = isa::cmpgt_epu32_mask(cp, isa::set1_epi32(0xFFFF)) & lanes;
                let mut units = cp;
                if supp != 0 {
                    let high = isa::add_epi32(isa::srli_epi32::<10>(cp), isa::set1_epi32(0xD7C0));
                    let low = isa::or_si512(
                        isa::and_si512(cp, isa::set1_epi32(0x3FF)),
                        isa::set1_epi32(0xDC00),
                    );
                    let pair = isa::or_si512(high, isa::slli_epi32::<16>(low));
                    units = isa::mask_mov_epi32(cp, supp, pair);
                }
                if BE {
                    units = isa::shuffle_epi8(units, table(&SWAP16));
                }
                let keep = spread_bits(lanes) | spread_bits(supp) << 1;
                let packed = isa::maskz_compress_epi16(keep, units);
                let count = keep.count_ones();
                isa::mask_storeu_epi16(d.add(out), low_bits(count) as u32, packed);
                out += 2 * count as usize;
            }
            g += 1;
        }
    }
    out
}

/// Converts the characters of the validated block `v` that start at the bytes of
/// `starts`, all of one to three bytes and complete inside the block, ending at
/// the bytes of `ends`, 32 characters at a time in 16-bit lanes: a `vpermb` puts a
/// character's last byte and the one before it in its lane (`lo | hi << 8`), a
/// second one the byte before those (`hh`). `vpmaddubsw` gives `(hi & 0x3F) << 6 |
/// lo & 0x3F`, which is the code point of a two-byte character (`hi` is
/// `110xxxxx`); a three-byte character (`hi` a continuation byte) adds `hh << 12`
/// (the shift drops the `1110` of its first byte), an ASCII one is `lo`. Returns
/// the bytes written.
///
/// # Safety
/// The CPU supports the tier's features; `d..d + BLOCK_WRITE` is writable;
/// `ends` has as many bits as `starts`.
#[inline(always)]
unsafe fn convert_block16<const UTF32: bool, const BE: bool>(
    v: Zmm,
    ends: u64,
    d: *mut u8,
) -> usize {
    let n = ends.count_ones();
    let mut out = 0usize;
    // SAFETY: the ISA is the caller's promise; the stores write one unit per
    // character, at most `4 * 64 = BLOCK_WRITE` bytes in all.
    unsafe {
        let pos = isa::maskz_compress_epi8(ends, table(&IOTA));
        let (last_two, two) = (table(&LAST_TWO), isa::set1_epi8(2));
        let (six, join6) = (isa::set1_epi16(0x3F3F), isa::set1_epi16(0x4001));
        let mut g = 0;
        while 32 * g < n {
            let lanes = low_bits(n - 32 * g).min(u32::MAX as u64) as u32;
            let spread = isa::permutexvar_epi8(table(&SPREAD16[g as usize]), pos);
            let w = isa::permutexvar_epi8(isa::add_epi8(spread, last_two), v);
            let hh = isa::permutexvar_epi8(isa::sub_epi8(spread, two), v);
            let t = isa::maddubs_epi16(isa::and_si512(w, six), join6);
            let ascii = isa::testn_epi16_mask(w, isa::set1_epi16(0x80));
            let hi_cont = isa::cmpeq_epi16_mask(
                isa::and_si512(w, isa::set1_epi16(0xC000u16 as i16)),
                isa::set1_epi16(0x8000u16 as i16),
            );
            let three = hi_cont & !ascii;
            let mut cp =
                isa::mask_blend_epi16(three, t, isa::or_si512(t, isa::slli_epi16::<12>(hh)));
            cp = isa::mask_blend_epi16(ascii, cp, isa::and_si512(w, isa::set1_epi16(0x7F)));
            let count = lanes.count_ones() as usize;
            if UTF32 {
                let halves = [isa::castsi512_si256(cp), isa::extracti64x4_epi64::<1>(cp)];
                for (h, half) in halves.into_iter().enumerate() {
                    let mut x = isa::cvtepu16_epi32(half);
                    if BE {
                        x = isa::shuffle_epi8(x, table(&SWAP32));
                    }
                    isa::mask_storeu_epi32(d.add(out + 64 * h), (lanes >> (16 * h)) as u16, x);
                }
                out += 4 * count;
            } else {
                if BE {
                    cp = isa::shuffle_epi8(cp, table(&SWAP16));
                }
                isa::mask_storeu_epi16(d.add(out), lanes, cp);
                out += 2 * count;
            }
            g += 1;
        }
    }
    out
}

/// One block at `s` (64 readable bytes starting at a character boundary, `len` of
/// them input: 64, or fewer for the zero-padded last block): `None` when it has an
/// error (not in `Mode::Valid`), else `(consumed, written)`.
///
/// # Safety
/// The CPU supports the tier's features; `s..s + 64` is readable, `d..d +
/// BLOCK_WRITE` writable; `1 <= len <= 64`, and the bytes `len..64` are zero when
/// `len < 64`.
#[inline(always)]
unsafe fn block<const UTF32: bool, const BE: bool>(
    s: *const u8,
    len: usize,
    mode: Mode,
    d: *mut u8,
) -> Option<(usize, usize)> {
    // SAFETY: the caller's promises.
    unsafe {
        let v = isa::loadu(s);
        let unit = if UTF32 { 4 } else { 2 };
        if len == 64 && isa::movepi8_mask(v) == 0 {
            widen_ascii::<UTF32, BE>(v, d);
            return Some((64, 64 * unit));
        }
        if mode != Mode::Valid && block_has_error::<Zmm>(s) {
            return None;
        }
        // Continuation bytes are 0x80..0xBF: below -64 as signed bytes.
        let cont = isa::cmplt_epi8_mask(v, isa::set1_epi8(-64));
        let starts = !cont;
        // A full block: the characters before the last one are complete; a padded
        // block: every character that starts before `len` (a cut one would have
        // been followed by a zero byte, an error).
        let last = 63u32.wrapping_sub(starts.leading_zeros()) as usize;
        let consumed = if len < 64 {
            len
        } else if starts == 0 || last == 0 {
            // Only in `Mode::Valid` (invalid input): no first byte after byte 0.
            64
        } else {
            last
        };
        let starts = starts & low_bits(consumed as u32);
        let written = if isa::cmpge_epu8_mask(v, isa::set1_epi8(0xF0u8 as i8)) == 0 {
            // No four-byte character: 32 characters per step in 16-bit lanes. A
            // character ends before the next one starts, the last one before
            // `consumed` (a first byte, or the end of a padded block).
            let ends = (starts >> 1 | 1 << (consumed - 1)) & low_bits(consumed as u32);
            if ends.count_ones() == starts.count_ones() {
                convert_block16::<UTF32, BE>(v, ends, d)
            } else {
                // Only on invalid input in `Mode::Valid` (no first byte at 0).
                convert_block::<UTF32, BE>(v, starts, d)
            }
        } else {
            convert_block::<UTF32, BE>(v, starts, d)
        };
        Some((consumed, written))
    }
}

/// UTF-8 -> UTF-16 (`UTF32 == false`) or UTF-32, big-endian output when `BE`:
/// exactly the results of `utfast_scalar::transcode::utf8_to_utf16` /
/// `utf8_to_utf32` (see the module documentation).
///
/// # Safety
/// The CPU supports the tier's features.
#[inline(always)]
unsafe fn decode<const UTF32: bool, const BE: bool>(
    src: &[u8],
    dst: &mut [u8],
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let to = if BE { Endian::Big } else { Endian::Little };
    let convert = |src: &[u8], dst: &mut [u8], mode: Mode| {
        if UTF32 {
            scalar::utf8_to_utf32(src, dst, to, mode)
        } else {
            scalar::utf8_to_utf16(src, dst, to, mode)
        }
    };
    let (mut pos, mut out) = (0usize, 0usize);
    let mut last = Bytes64([0; 64]);
    while pos < src.len() && out + BLOCK_WRITE <= dst.len() {
        let rest = src.len() - pos;
        let s = if rest >= 64 {
            // SAFETY: `pos + 64 <= src.len()`.
            unsafe { src.as_ptr().add(pos) }
        } else {
            last.0[..rest].copy_from_slice(&src[pos..]);
            last.0[rest..].fill(0);
            last.0.as_ptr()
        };
        // SAFETY: `s..s + 64` is readable (the input or the padded copy), `out +
        // BLOCK_WRITE <= dst.len()`; the block starts at a character boundary (the
        // input's start, or where the previous block stopped).
        let r = unsafe { block::<UTF32, BE>(s, rest.min(64), mode, dst.as_mut_ptr().add(out)) };
        match r {
            Some((i, o)) => {
                pos += i;
                out += o;
            }
            None if mode == Mode::Strict => break,
            None => {
                let end = utf8_resync(src, pos + 64);
                out = shift(convert(&src[pos..end], &mut dst[out..], mode), pos, out)?;
                pos = end;
            }
        }
    }
    shift(convert(&src[pos..], &mut dst[out..], mode), pos, out)
}

/// `Kernel::utf8_to_utf16`.
///
/// # Safety
/// The CPU supports the tier's features.
#[inline(always)]
pub(crate) unsafe fn utf8_to_utf16(
    src: &[u8],
    dst: &mut [u8],
    _from: Endian,
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    // SAFETY: the ISA is the caller's promise.
    unsafe {
        match to {
            Endian::Little => decode::<false, false>(src, dst, mode),
            Endian::Big => decode::<false, true>(src, dst, mode),
        }
    }
}

/// `Kernel::utf8_to_utf32`.
///
/// # Safety
/// The CPU supports the tier's features.
#[inline(always)]
pub(crate) unsafe fn utf8_to_utf32(
    src: &[u8],
    dst: &mut [u8],
    _from: Endian,
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    // SAFETY: the ISA is the caller's promise.
    unsafe {
        match to {
            Endian::Little => decode::<true, false>(src, dst, mode),
            Endian::Big => decode::<true, true>(src, dst, mode),
        }
    }
}
