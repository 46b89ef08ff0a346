//! UTF-8 -> UTF-16 and UTF-8 -> UTF-32 on the `"avx512-vbmi2"` tier: the generic
//! loop of [`crate::generic::utf8_decode`] with 512-bit blocks and hooks
//! ([`Vbmi2Dec`]) that check and convert every block of one- to three-byte
//! characters at 512 bits.
//!
//! # A block of one- to three-byte characters ([`short_block`])
//!
//! The block starts at a character boundary; byte 64 says whether byte 63 ends a
//! character. Bit `i` of `ends` is set when byte `i + 1` is not a continuation
//! byte: the block consumes the characters up to its last end (`n` bytes).
//!
//! - **Check, by bit masks** (instead of the validator's block check): with
//!   `leads` the bytes C0..EF and `three` the bytes E0..EF among the first `n`,
//!   the continuation bytes among the first `n` must be exactly
//!   `leads << 1 | three << 2` (every lead byte followed by its continuation bytes,
//!   no other continuation byte), no lead may be C0/C1, and the byte after E0 (ED)
//!   must be A0..BF (80..9F). A block with a byte from F0 declines: it goes to the
//!   validator and the avx2 block code (`valid_block`), as does a block that fails
//!   the check (the validator then finds the error).
//! - **Convert, a 16-bit unit per byte position** (after the same idea in the
//!   generic `block_1_to_3`, with VBMI permutes instead of shuffles within 128-bit
//!   lanes): the payload of every byte (`& 0x3F`, ASCII bytes kept whole) is
//!   paired with the byte before it (`vpermb`, 32 positions per register), and
//!   `vpmaddubsw` computes `last + 64 * previous` (`last` alone for an ASCII
//!   byte); where a byte and the one before it are continuation bytes (a
//!   three-byte character ends there), a second `vpermb` brings the first byte,
//!   shifted left by 12 (which also drops the `0x20` left of its four payload
//!   bits), and a masked add adds it. `vpcompressw` keeps the units at the
//!   character ends, into a register stored whole (the loop leaves room for the
//!   scratch bytes after the output).
//!
//! Four-byte characters, blocks that fail the check and ASCII runs take the avx2
//! kernel's block code (its `ascii_run` and `valid_block` hooks), which was faster
//! there than the tier's former decoder (deleted after measurements on Zen 5).

use super::consts::{Bytes64, SWAP16, SWAP32};
use super::isa;
use crate::generic::utf8_decode::SPARE;
use crate::x86_64::avx2::utf8_decode as avx2;
use core::arch::x86_64::__m256i;
use utfast_scalar::Mode;

/// The hooks of the `"avx512-vbmi2"` tier's UTF-8 -> UTF-16/UTF-32 loops (see the
/// module documentation).
pub(crate) struct Vbmi2Dec;

/// Bytes of the output of one [`short_block`] call, scratch included: two stores of
/// 64 bytes (UTF-16, the second at most 64 bytes in) or four (UTF-32).
const SHORT_WRITE: [usize; 2] = [128, 256];

/// `vpermt2b` indices into a block (0..63) and the block before it (64..127):
/// for the 32 byte positions of half `g`, word `j` takes byte `32g + j` in its
/// low byte and the byte before it in its high byte (byte 63 of the block before
/// for position 0).
static PAIR_IDX: [Bytes64; 2] = {
    let mut t = [Bytes64([0; 64]), Bytes64([0; 64])];
    let mut g = 0;
    while g < 2 {
        let mut j = 0;
        while j < 32 {
            let p = 32 * g + j;
            t[g].0[2 * j] = p as u8;
            t[g].0[2 * j + 1] = ((p + 127) % 128) as u8;
            j += 1;
        }
        g += 1;
    }
    t
};

/// As [`PAIR_IDX`]: word `j` takes the byte two before `32g + j` (the first byte
/// of a three-byte character ending there) in its low byte.
static FIRST_IDX: [Bytes64; 2] = {
    let mut t = [Bytes64([0; 64]), Bytes64([0; 64])];
    let mut g = 0;
    while g < 2 {
        let mut j = 0;
        while j < 32 {
            let p = 32 * g + j;
            t[g].0[2 * j] = ((p + 126) % 128) as u8;
            t[g].0[2 * j + 1] = 0;
            j += 1;
        }
        g += 1;
    }
    t
};

const fn max(a: usize, b: usize) -> usize {
    if a > b {
        a
    } else {
        b
    }
}

crate::x86_64::avx512::isa::avx512_target_feature! {
    "avx512f,avx512bw,avx512vbmi,avx512vbmi2,popcnt,lzcnt";
    /// Checks (unless `!CHECK`) and converts the blocks of one- to three-byte
    /// characters at the start of `src`, 64 bytes per step, into `dst` (see the
    /// module documentation); returns `(consumed, written)` up to the character
    /// boundary after the last character converted, or `None` when that is none.
    ///
    /// # Safety
    /// The CPU supports the tier's features; `src` starts at a character boundary.
    /// Without `CHECK` (trusted input) any bytes keep every access within the
    /// bounds checked here.
    #[inline]
    unsafe fn short_run<const UTF32: bool, const BE: bool, const CHECK: bool>(
        src: &[u8],
        dst: &mut [u8],
    ) -> Option<(usize, usize)> {
        let set1 = |b: u8| isa::set1_epi8(b as i8);
        let unit = if UTF32 { 4 } else { 2 };
        let write = SHORT_WRITE[UTF32 as usize] + SPARE;
        // SAFETY: the tables are 64 aligned bytes each.
        let (pair_idx, first_idx) = unsafe {
            (
                [isa::loadu(PAIR_IDX[0].0.as_ptr()), isa::loadu(PAIR_IDX[1].0.as_ptr())],
                [isa::loadu(FIRST_IDX[0].0.as_ptr()), isa::loadu(FIRST_IDX[1].0.as_ptr())],
            )
        };
        let swap = if UTF32 { SWAP32.0.as_ptr() } else { SWAP16.0.as_ptr() };
        // SAFETY: as above.
        let swap = unsafe { isa::loadu(swap) };
        let (w_ascii, w_multi) = (isa::set1_epi16(0x0001), isa::set1_epi16(0x4001));
        let (mut pos, mut out) = (0usize, 0usize);
        // The character boundary after the last character converted, and the
        // output up to it.
        let mut done = (0usize, 0usize);
        // The previous block's payload bytes, and what its last bytes require of
        // this one: bits 0 and 1 of `carry_req` are continuation bytes its lead bytes
        // need here; bit 0 of `carry_cont`, `carry_e0`, `carry_ed`: its byte 63 is
        // a continuation byte, E0, ED.
        let mut prev = isa::setzero();
        let (mut carry_req, mut carry_cont, mut carry_e0, mut carry_ed) = (0u64, 0u64, 0u64, 0u64);
        while pos + 65 <= src.len() && out + write <= dst.len() {
            // SAFETY: `pos + 65 <= src.len()` bounds the block and byte 64;
            // `out + write <= dst.len()` the stores (at most `SHORT_WRITE` bytes).
            unsafe {
                let s = src.as_ptr().add(pos);
                let d = dst.as_mut_ptr().add(out);
                let v = isa::loadu(s);
                let high = isa::movepi8_mask(v);
                if high == 0 {
                    if carry_req != 0 {
                        break;
                    }
                    // An ASCII block.
                    if UTF32 {
                        let quarters = [
                            isa::castsi512_si128(v),
                            isa::extracti32x4_epi32::<1>(v),
                            isa::extracti32x4_epi32::<2>(v),
                            isa::extracti32x4_epi32::<3>(v),
                        ];
                        for (k, q) in quarters.into_iter().enumerate() {
                            let u = isa::cvtepu8_epi32(q);
                            let u = if BE { isa::shuffle_epi8(u, swap) } else { u };
                            isa::storeu(d.add(64 * k), u);
                        }
                    } else {
                        let halves = [isa::castsi512_si256(v), isa::extracti64x4_epi64::<1>(v)];
                        for (k, h) in halves.into_iter().enumerate() {
                            let u = isa::cvtepu8_epi16(h);
                            let u = if BE { isa::shuffle_epi8(u, swap) } else { u };
                            isa::storeu(d.add(64 * k), u);
                        }
                    }
                    pos += 64;
                    out += 64 * unit;
                    done = (pos, out);
                    prev = v;
                    (carry_cont, carry_e0, carry_ed) = (0, 0, 0);
                    continue;
                }
                if isa::cmpge_epu8_mask(v, set1(0xF0)) != 0 {
                    break;
                }
                let leads = isa::cmpge_epu8_mask(v, set1(0xC0));
                let cont = high & !leads;
                let three = isa::mask_cmpge_epu8_mask(leads, v, set1(0xE0));
                if CHECK {
                    let c0_c1 = isa::mask_cmplt_epu8_mask(leads, v, set1(0xC2));
                    if cont != (leads << 1 | three << 2 | carry_req) || c0_c1 != 0 {
                        break;
                    }
                    if (three | carry_e0 | carry_ed) != 0 {
                        let e0 = isa::mask_cmpeq_epu8_mask(three, v, set1(0xE0));
                        let ed = isa::mask_cmpeq_epu8_mask(three, v, set1(0xED));
                        let below_a0 = isa::cmplt_epu8_mask(v, set1(0xA0));
                        let (after_e0, after_ed) = (e0 << 1 | carry_e0, ed << 1 | carry_ed);
                        if (after_e0 & below_a0 | after_ed & !below_a0) != 0 {
                            break;
                        }
                        (carry_e0, carry_ed) = (e0 >> 63, ed >> 63);
                    }
                }
                // Bit 0: the lead byte at 63 (or a three-byte one at 62); bit 1: a
                // three-byte lead byte at 63.
                carry_req = leads >> 63 | three >> 62;
                let next_cont = ((*s.add(64) as i8) < -0x40) as u64;
                // Byte 63 ends a character when byte 64 is not a continuation byte:
                // not when the block's last character needs byte 64.
                if CHECK && carry_req & 1 > next_cont {
                    break;
                }
                let ends = !(cont >> 1 | next_cont << 63);
                let ascii = !high;
                let payload = isa::mask_blend_epi8(ascii, isa::and_si512(v, set1(0x3F)), v);
                let third = cont & (cont << 1 | carry_cont);
                carry_cont = cont >> 63;
                let mut o = 0;
                for g in 0..2 {
                    let e = (ends >> (32 * g)) as u32;
                    let pairs = isa::permutex2var_epi8(payload, pair_idx[g], prev);
                    let weights = isa::mask_blend_epi16((ascii >> (32 * g)) as u32, w_multi, w_ascii);
                    let mut u = isa::maddubs_epi16(pairs, weights);
                    let t = (third >> (32 * g)) as u32;
                    if t != 0 {
                        let first = isa::permutex2var_epi8(payload, first_idx[g], prev);
                        u = isa::mask_add_epi16(u, t, u, isa::slli_epi16::<12>(first));
                    }
                    let packed = isa::maskz_compress_epi16(e, u);
                    let count = e.count_ones() as usize;
                    if UTF32 {
                        let lo = isa::cvtepu16_epi32(isa::castsi512_si256(packed));
                        let hi = isa::cvtepu16_epi32(isa::extracti64x4_epi64::<1>(packed));
                        let (lo, hi) = if BE { (isa::shuffle_epi8(lo, swap), isa::shuffle_epi8(hi, swap)) } else { (lo, hi) };
                        isa::storeu(d.add(o), lo);
                        if count > 16 {
                            isa::storeu(d.add(o + 64), hi);
                        }
                    } else {
                        let packed = if BE { isa::shuffle_epi8(packed, swap) } else { packed };
                        isa::storeu(d.add(o), packed);
                    }
                    o += count * unit;
                }
                prev = payload;
                out += o;
                if ends != 0 {
                    done = (pos + 64 - ends.leading_zeros() as usize, out);
                }
                pos += 64;
            }
        }
        (done.0 != 0).then_some(done)
    }
}

impl crate::generic::utf8_decode::DecodeHooks<__m256i> for Vbmi2Dec {
    const BLOCK_READ: usize = avx2::BLOCK_READ;
    const BLOCK_WRITE_UTF16: usize = max(SHORT_WRITE[0], avx2::BLOCK_WRITE[0]);
    const BLOCK_WRITE_UTF32: usize = max(SHORT_WRITE[1], avx2::BLOCK_WRITE[1]);
    // The avx2 block code takes the blocks of the 16-byte paths (see `Avx2`).
    const GENERIC_BLOCKS: bool = false;

    #[inline(always)]
    unsafe fn ascii_run<const UTF32: bool, const BE: bool>(
        src: &[u8],
        dst: &mut [u8],
    ) -> Option<(usize, usize)> {
        // SAFETY: the tier has AVX2 (the caller's promise), and the loop's promises
        // for this hook are those of the avx2 `ascii_run`.
        Some(unsafe { avx2::ascii_run::<UTF32, BE>(src, dst) })
    }

    #[inline(always)]
    unsafe fn run<const UTF32: bool, const BE: bool>(
        src: &[u8],
        dst: &mut [u8],
        mode: Mode,
    ) -> Option<(usize, usize)> {
        // SAFETY: the tier's features and a character boundary at `src` are the
        // caller's promises.
        unsafe {
            if mode == Mode::Valid {
                short_run::<UTF32, BE, false>(src, dst)
            } else {
                short_run::<UTF32, BE, true>(src, dst)
            }
        }
    }

    #[inline(always)]
    unsafe fn checked_block<const UTF32: bool, const BE: bool>(
        src: *const u8,
        block: &[__m256i; 2],
        cont: u64,
        mode: Mode,
        dst: *mut u8,
    ) -> Option<(usize, usize)> {
        // SAFETY: as for `valid_block`.
        unsafe { avx2::three_byte_block::<UTF32, BE>(src, block, cont, mode, dst) }
    }

    #[inline(always)]
    unsafe fn valid_block<const UTF32: bool, const BE: bool>(
        src: *const u8,
        block: &[__m256i; 2],
        cont: u64,
        _mode: Mode,
        dst: *mut u8,
    ) -> Option<(usize, usize)> {
        // SAFETY: as above; the avx2 hook's bounds are within this one's.
        unsafe { avx2::valid_block::<UTF32, BE>(src, block, cont, dst) }
    }
}

/// `Kernel::utf8_to_utf16`: the generic loop at 512 bits with [`Vbmi2Dec`].
///
/// # Safety
/// The CPU supports the tier's features.
#[inline(always)]
pub(crate) unsafe fn utf8_to_utf16(
    src: &[u8],
    dst: &mut [u8],
    from: utfast_scalar::Endian,
    to: utfast_scalar::Endian,
    mode: Mode,
) -> Result<usize, utfast_scalar::TranscodeError> {
    // SAFETY: the caller's promise.
    unsafe {
        crate::generic::utf8_decode::utf8_to_utf16::<__m256i, core::arch::x86_64::__m128i, Vbmi2Dec>(
            src, dst, from, to, mode,
        )
    }
}

/// `Kernel::utf8_to_utf32`: as [`utf8_to_utf16`].
///
/// # Safety
/// The CPU supports the tier's features.
#[inline(always)]
pub(crate) unsafe fn utf8_to_utf32(
    src: &[u8],
    dst: &mut [u8],
    from: utfast_scalar::Endian,
    to: utfast_scalar::Endian,
    mode: Mode,
) -> Result<usize, utfast_scalar::TranscodeError> {
    // SAFETY: the caller's promise.
    unsafe {
        crate::generic::utf8_decode::utf8_to_utf32::<__m256i, core::arch::x86_64::__m128i, Vbmi2Dec>(
            src, dst, from, to, mode,
        )
    }
}
