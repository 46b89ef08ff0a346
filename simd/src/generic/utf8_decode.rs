//! UTF-8 -> UTF-16 and UTF-8 -> UTF-32 for every kernel: one block loop, generic over
//! the ISA's vectors, with hooks for an ISA's own block code (after Lemire & Muła,
//! "Transcoding Billions of Unicode Characters per Second with SIMD Instructions",
//! Software: Practice and Experience, 2022).
//!
//! # The idea
//!
//! A UTF-8 character is 1 to 4 bytes; what decides where each character's bytes go
//! is only *where the characters end*. Byte `i` ends a character exactly when byte
//! `i + 1` is not a continuation byte (`10xxxxxx`), which one comparison and one
//! bit mask give for a whole block. Twelve consecutive bits of that mask, starting
//! at a character boundary, index the precomputed table
//! [`UTF8_TO_UTF16`](crate::tables::utf8_to_utf16::UTF8_TO_UTF16): its entry
//! is a byte shuffle (`pshufb` / `tbl`) that moves each of the next few characters
//! into its own 16- or 32-bit lane, last byte first, plus the number of input bytes
//! those characters occupy. The payload bits are then combined with masks and shifts
//! in every lane at once ([`super::utf8_window`]):
//!
//! - shape A, six characters of 1..2 bytes, 16-bit lanes `[last, lead]`;
//! - shape B, four characters of 1..3 bytes, 32-bit lanes `[last, middle, lead, 0]`;
//! - shape C, three characters of 1..4 bytes, 32-bit lanes; UTF-16 output turns the
//!   code points above U+FFFF into surrogate pairs and compacts the lanes with
//!   [`PAIR_COMPACT`](crate::tables::compress::PAIR_COMPACT).
//!
//! The same lanes serve both targets: UTF-16 narrows the 32-bit lanes, UTF-32
//! widens the 16-bit ones.
//!
//! # The block loop
//!
//! [`utf8_decode`] takes the input in 64-byte blocks that start at a character
//! boundary, loaded once as the ISA's widest vectors `W` ([`VectorExt::Block64`]):
//!
//! 1. an ASCII block and the ASCII run that follows it are handed to
//!    [`DecodeHooks::ascii_run`], or, when it declines, widened directly (64 bytes
//!    -> 64 units) in a loop of their own ([`ascii_blocks`]);
//! 2. otherwise [`DecodeHooks::run`] may convert a run of blocks from there on
//!    (avx512-vbmi2: 512-bit blocks at a fixed stride, see
//!    `x86_64/avx512/dec_utf8.rs`), returning at a character boundary; when it
//!    declines, the continuation mask of the block is computed, and
//!    [`DecodeHooks::checked_block`] may convert a block whose layout it recognises
//!    and checks itself, more cheaply than the validator; when it declines, so do
//!    the loop's own such paths (with [`DecodeHooks::GENERIC_BLOCKS`]): twenty
//!    three-byte or sixteen four-byte characters ([`super::utf8_block`]);
//! 3. the block is validated with the UTF-8 validator's block check
//!    ([`block_has_error`] with `W`; skipped in `Mode::Valid`; with 16-byte vectors
//!    a block of one- and two-byte characters is checked with masks instead,
//!    [`short_chars_valid`]). An invalid block ends the loop (strict) or is
//!    repaired by the scalar transcoder up to the next byte that is not a
//!    continuation byte (lossy);
//! 4. [`DecodeHooks::valid_block`] may convert the validated block at once, else
//!    (with [`DecodeHooks::GENERIC_BLOCKS`]) a block without four-byte characters is
//!    converted at once by [`block_1_to_3`] (a unit per byte position, compressed by
//!    the end mask: no serial chain);
//! 5. otherwise windows are converted one after the other (16 consecutive ends are
//!    16 ASCII bytes, widened directly). Only characters that end at byte 60 or
//!    earlier are consumed, so every consumed character and the byte after it lie
//!    inside the validated block.
//!
//! The next block starts right after the last consumed character. Every hook
//! declines by default ([`NoHooks`](super::hooks::NoHooks): sse42, avx512; avx2
//! has no `run`, neon an `ascii_run` and a `valid_block` for blocks of one- to
//! three-byte characters, `aarch64/neon/utf8_decode.rs`, and
//! wasm an `ascii_run` that goes on through blocks of one- and two-byte
//! characters and a `checked_block` for blocks of one- to three-byte characters,
//! `wasm32/simd128/utf8_decode.rs`),
//! which leaves the blocks to [`super::utf8_block`] and the windows; the avx2 kernel
//! hooks in its whole-block conversions (`x86_64/avx2/`) instead. The tail
//! (less than a block, or too little room for a block's output) is widened 16 ASCII
//! bytes at a time and the rest goes to the scalar transcoder (on pieces of 20 to
//! 80 bytes of the lipsum corpora it beats `core::str::from_utf8` plus
//! `encode_utf16`); see [`super::handover`] for how the tail, errors and lossy
//! repair keep the results identical to the scalar transcoder's.
//!
//! UTF-8 -> UTF-32 runs the same loop with 32-bit output: there is no two-pass path
//! through UTF-16. Decoding straight to UTF-32 with the same hooks (which have
//! UTF-32 variants) writes each output once, where transcoding pieces to UTF-16 in
//! a stack buffer and widening them passes over every unit twice (most of all on
//! emoji, whose pairs the widening must join again).

use super::handover::{shift, utf8_resync};
use super::utf8_block::{block_1_to_3, block_write, four_byte_block, three_byte_block};
use super::utf8_window::{widen, windows};
use crate::generic::utf8_validate::block_has_error;
use crate::vector_ext::VectorExt;
use utfast_scalar::{transcode as scalar, Endian, Mode, TranscodeError};

/// Bytes the generic block step may read from the block's start: the block, and a
/// 16-byte window starting at byte 49 at the latest.
const READ: usize = 65;

/// Spare output bytes on top of every block step's stores: the largest output of
/// one character minus one (see [`super::handover`]).
pub(crate) const SPARE: usize = 3;

/// Output bytes the generic block step may store, for UTF-16 (`unit` = 2) or
/// UTF-32 (`unit` = 4): at most `unit` per consumed input byte (64) and a 16-byte
/// store overhang.
const fn generic_write(unit: usize) -> usize {
    let windows = unit * 64 + 16;
    if windows > block_write(unit) {
        windows
    } else {
        block_write(unit)
    }
}

/// An ISA's own code inside the UTF-8 -> UTF-16/UTF-32 loop, for its widest vectors
/// `W` (see [`crate::generic::hooks`] and the module documentation).
///
/// Every hook declines by default (`None`), which runs the generic code. A hook
/// that accepts returns `Some((consumed, written))`: input bytes consumed (whole
/// characters, from the block's start) and output bytes written. Stores past
/// `written` are scratch bytes, allowed within the bounds below (the loop keeps
/// [`SPARE`] bytes after them; see [`super::handover`]). `UTF32` selects 32-bit
/// output, `BE` big-endian output.
pub(crate) trait DecodeHooks<W: VectorExt> {
    /// Bytes from a block's start that [`Self::checked_block`] and
    /// [`Self::valid_block`] may read (the loop guarantees the larger of this and
    /// its own 65).
    const BLOCK_READ: usize = 0;
    /// Bytes from a block's output start that [`Self::checked_block`] and
    /// [`Self::valid_block`] may store for UTF-16 output, scratch included (the loop
    /// guarantees the larger of this and its own bound, plus [`SPARE`]).
    const BLOCK_WRITE_UTF16: usize = 0;
    /// As [`Self::BLOCK_WRITE_UTF16`], for UTF-32 output.
    const BLOCK_WRITE_UTF32: usize = 0;
    /// Whether the loop tries its own whole-block paths with 16-byte vectors
    /// ([`super::utf8_block`]: twenty three-byte or sixteen four-byte characters
    /// before validation, one- to three-byte characters after) when the block hooks
    /// decline; a kernel whose hooks convert those blocks with wider vectors turns
    /// them off (avx2: the 16-byte paths would take its four-byte blocks, which its
    /// own hooks convert faster).
    const GENERIC_BLOCKS: bool = true;

    /// Converts an ASCII run: `src` (the rest of the input) starts with a 64-byte
    /// ASCII block, and `dst` (the rest of the output) has room for its output. The
    /// hook converts at least the first 32 bytes of that block (it may stop short of
    /// the block's end to align its stores), and checks its own bounds for more (it
    /// may go on through blocks that are not ASCII, under the rules of
    /// [`Self::run`]). Scratch stores past `written` are allowed only when `dst` has
    /// room for the output of all of `src` (so that the call cannot end in
    /// `OutputTooSmall`), or within `dst.len() - SPARE` bytes (as in [`Self::run`]).
    ///
    /// # Safety
    /// The CPU supports the ISA of the implementing hooks.
    #[inline(always)]
    unsafe fn ascii_run<const UTF32: bool, const BE: bool>(
        _src: &[u8],
        _dst: &mut [u8],
    ) -> Option<(usize, usize)> {
        None
    }

    /// Converts a run of blocks that starts with a block that is not ASCII, when
    /// the hook can check and convert such blocks itself, one after the other
    /// (with characters that cross from one block into the next), more cheaply than
    /// the loop's block steps; `src` and `dst` are the rest of the input and the
    /// output. The hook checks its own bounds: every store within `dst.len() -
    /// SPARE` bytes. It returns `Some((consumed, written))` when it consumed
    /// anything (whole characters, ending at a character boundary: in strict and
    /// lossy modes only valid ones, the loop's own steps then find the error), else
    /// `None` with nothing stored.
    ///
    /// # Safety
    /// The CPU supports the ISA of the implementing hooks; `src` starts at a
    /// character boundary.
    #[inline(always)]
    unsafe fn run<const UTF32: bool, const BE: bool>(
        _src: &[u8],
        _dst: &mut [u8],
        _mode: Mode,
    ) -> Option<(usize, usize)> {
        None
    }

    /// Converts a block *before* validation, when the hook recognises its layout
    /// and checks it more cheaply than the validator (in `Mode::Valid` it need not
    /// check). `block` is the 64 bytes at `src`, `cont` their continuation mask
    /// (bit `i`: byte `i` is `10xxxxxx`). Declining leaves `dst` untouched.
    ///
    /// # Safety
    /// The CPU supports the ISA of the implementing hooks; `src..src + max(65,
    /// BLOCK_READ)` is readable and the block starts at a character boundary;
    /// `dst..dst + BLOCK_WRITE_*` is writable.
    #[inline(always)]
    unsafe fn checked_block<const UTF32: bool, const BE: bool>(
        _src: *const u8,
        _block: &W::Block64,
        _cont: u64,
        _mode: Mode,
        _dst: *mut u8,
    ) -> Option<(usize, usize)> {
        None
    }

    /// Converts a block that passed validation (or any block in `Mode::Valid`,
    /// where the input is trusted: the hook must then stay within its bounds even
    /// on invalid input). Arguments as for [`Self::checked_block`]; only characters
    /// that end inside the block before its last byte, or whose end the hook checks
    /// with byte 64, may be consumed.
    ///
    /// # Safety
    /// As for [`Self::checked_block`].
    #[inline(always)]
    unsafe fn valid_block<const UTF32: bool, const BE: bool>(
        _src: *const u8,
        _block: &W::Block64,
        _cont: u64,
        _mode: Mode,
        _dst: *mut u8,
    ) -> Option<(usize, usize)> {
        None
    }
}

impl<W: VectorExt> DecodeHooks<W> for crate::generic::hooks::NoHooks {}

/// The 64-bit mask of continuation bytes (`10xxxxxx`) of the block: bit `i` for
/// byte `i`.
///
/// # Safety
/// The CPU supports `W`'s ISA.
#[inline(always)]
unsafe fn continuation_mask<W: VectorExt>(block: &W::Block64) -> u64 {
    // SAFETY: the ISA is the caller's promise.
    unsafe {
        let (top, cont) = (W::splat(0xC0), W::splat(0x80));
        W::block_bitmask_dense(block, |x| x.and(top).eq8(cont))
    }
}

/// Whether the block (at a character boundary, with continuation mask `cont`) is
/// made of valid one- and two-byte characters only, up to its last byte (a lead
/// byte there starts a character the block does not consume): then the validator
/// is not needed. Such a block has no two continuation bytes in a row, a test that
/// costs a block of three- or four-byte characters almost nothing; otherwise every
/// continuation byte must follow a lead byte and every lead byte but the last be
/// followed by one (`cont == leads << 1`), and every lead byte must be C2..DF.
/// `false` means "not proven valid": the validator decides.
///
/// The loop uses it with 16-byte vectors, where the validator takes four passes
/// over a block (so the test pays on text of one- and two-byte characters);
/// with 32-byte vectors the validator is cheap enough that the test does not pay
/// (avx2: a few percent slower on text of four-byte characters, no gain
/// elsewhere).
///
/// # Safety
/// The CPU supports `W`'s ISA.
#[inline(always)]
unsafe fn short_chars_valid<W: VectorExt>(block: &W::Block64, cont: u64) -> bool {
    if cont & (cont >> 1) != 0 {
        return false;
    }
    // SAFETY: the ISA is the caller's promise.
    unsafe {
        let (top, lead_c0) = (W::splat(0xC0), W::splat(0xFE));
        let (above_df, zero) = (W::splat(0xDF), W::splat(0));
        let leads = W::block_bitmask_dense(block, |x| x.and(top).eq8(top));
        let mut bad = zero;
        for x in block.as_ref() {
            // Bytes E0..FF, C0 and C1.
            let c0_c1 = x.and(lead_c0).eq8(top);
            bad = bad.or(x.saturating_sub(above_df)).or(c0_c1);
        }
        cont == leads << 1 && bad.is_zero()
    }
}

/// Whether every byte of the block is ASCII.
///
/// # Safety
/// The CPU supports `W`'s ISA.
#[inline(always)]
unsafe fn is_ascii<W: VectorExt>(block: &W::Block64) -> bool {
    // SAFETY: the ISA is the caller's promise.
    unsafe {
        let v = block.as_ref();
        let mut any = v[0];
        for x in &v[1..] {
            any = any.or(*x);
        }
        !any.any_high_bit()
    }
}

/// Converts the ASCII run of 64-byte blocks at `src[pos..]` (the first block is
/// ASCII) into `dst[out..]`; returns the new `(pos, out)`. A loop of its own with
/// 16-byte vectors, which keeps the loaded block in registers: inside the block
/// loop, whose other paths also need the block, the compiler spilled it to the
/// stack on the way to the ASCII path (sse42: three extra stores per 64 bytes).
/// Every store is output: no
/// scratch bytes.
///
/// # Safety
/// The CPU supports `V`'s ISA (`V::BYTES == 16`); `pos + 64 <= src.len()`,
/// `out + 64 * unit <= dst.len()` (`unit`: 2, or 4 for `UTF32`), and
/// `src[pos..pos + 64]` is ASCII.
#[inline(always)]
unsafe fn ascii_blocks<V: VectorExt, const UTF32: bool, const BE: bool>(
    src: &[u8],
    dst: &mut [u8],
    mut pos: usize,
    mut out: usize,
) -> (usize, usize) {
    let unit = if UTF32 { 4 } else { 2 };
    let (n, m) = (src.len(), dst.len());
    // SAFETY: every iteration reads `src[pos..pos + 64]` and writes
    // `dst[out..out + 64 * unit]`, checked before the loads (the first block by the
    // caller); the ISA is the caller's promise.
    unsafe {
        let load =
            |pos: usize| [0, 16, 32, 48].map(|k| V::load_unaligned(src.as_ptr().add(pos + k)));
        let mut v = load(pos);
        loop {
            let d = dst.as_mut_ptr().add(out);
            for (k, x) in v.into_iter().enumerate() {
                widen::<V, UTF32, BE>(x, d.add(16 * unit * k));
            }
            pos += 64;
            out += 64 * unit;
            if pos + 64 > n || out + 64 * unit > m {
                break;
            }
            v = load(pos);
            if v[0].or(v[1]).or(v[2].or(v[3])).any_high_bit() {
                break;
            }
        }
    }
    (pos, out)
}

/// UTF-8 -> UTF-16 (`UTF32 == false`) or UTF-32 (`UTF32 == true`), big-endian output
/// when `BE`, with the wide vectors `W`, the 16-byte vectors `V` and the hooks `H`
/// (see the module documentation): exactly the results of
/// `utfast_scalar::transcode::utf8_to_utf16` / `utf8_to_utf32`.
///
/// # Safety
/// The CPU supports the ISAs of `W`, `V` and `H`; `V::BYTES == 16`.
#[inline(always)]
pub(crate) unsafe fn utf8_decode<
    W: VectorExt,
    V: VectorExt,
    H: DecodeHooks<W>,
    const UTF32: bool,
    const BE: bool,
>(
    src: &[u8],
    dst: &mut [u8],
    mode: Mode,
) -> Result<usize, TranscodeError> {
    debug_assert!(V::BYTES == 16 && 64 % W::BYTES == 0);
    let to = if BE { Endian::Big } else { Endian::Little };
    let unit = if UTF32 { 4 } else { 2 };
    let read = READ.max(H::BLOCK_READ);
    let hooked = if UTF32 {
        H::BLOCK_WRITE_UTF32
    } else {
        H::BLOCK_WRITE_UTF16
    };
    let write = generic_write(unit).max(hooked) + SPARE;
    let convert = |src: &[u8], dst: &mut [u8], mode: Mode| {
        if UTF32 {
            scalar::utf8_to_utf32(src, dst, to, mode)
        } else {
            scalar::utf8_to_utf16(src, dst, to, mode)
        }
    };
    let (mut pos, mut out) = (0usize, 0usize);
    while pos + read <= src.len() && out + write <= dst.len() {
        // SAFETY: `pos + read <= src.len()` bounds every load of this iteration (the
        // block, windows of 16 bytes at offsets <= 49, and the hooks' `BLOCK_READ`),
        // `out + write <= dst.len()` every store (at most `unit` bytes per consumed
        // byte plus a 16-byte overhang, or the hooks' `BLOCK_WRITE_*`, with `SPARE`
        // bytes after them). Every block starts at a character boundary.
        unsafe {
            let s = src.as_ptr().add(pos);
            let block = W::load_block64(s);
            if is_ascii::<W>(&block) {
                let run = H::ascii_run::<UTF32, BE>(
                    src.get_unchecked(pos..),
                    dst.get_unchecked_mut(out..),
                );
                if let Some((i, o)) = run {
                    debug_assert!(i >= 32 && pos + i <= src.len() && out + o <= dst.len());
                    pos += i;
                    out += o;
                    continue;
                }
                (pos, out) = ascii_blocks::<V, UTF32, BE>(src, dst, pos, out);
                continue;
            }
            let run =
                H::run::<UTF32, BE>(src.get_unchecked(pos..), dst.get_unchecked_mut(out..), mode);
            if let Some((i, o)) = run {
                debug_assert!(i > 0 && pos + i <= src.len() && out + o <= dst.len());
                pos += i;
                out += o;
                continue;
            }
            let d = dst.as_mut_ptr().add(out);
            let cont = continuation_mask::<W>(&block);
            let checked = match H::checked_block::<UTF32, BE>(s, &block, cont, mode, d) {
                None if H::GENERIC_BLOCKS => {
                    match three_byte_block::<V, UTF32, BE>(s, d, cont, mode) {
                        None => four_byte_block::<V, UTF32, BE>(s, d, cont, mode),
                        r => r,
                    }
                }
                r => r,
            };
            let (i, o) = if let Some(r) = checked {
                r
            } else {
                if mode != Mode::Valid
                    && !(W::BYTES == 16 && short_chars_valid::<W>(&block, cont))
                    && block_has_error::<W>(s)
                {
                    if mode == Mode::Strict {
                        break;
                    }
                    let end = utf8_resync(src, pos + 64);
                    out = shift(convert(&src[pos..end], &mut dst[out..], mode), pos, out)?;
                    pos = end;
                    continue;
                }
                let converted = match H::valid_block::<UTF32, BE>(s, &block, cont, mode, d) {
                    None if H::GENERIC_BLOCKS => block_1_to_3::<V, UTF32, BE>(s, d, cont),
                    r => r,
                };
                match converted {
                    Some(r) => r,
                    None => windows::<V, UTF32, BE>(s, d, cont),
                }
            };
            debug_assert!(i <= 64 && o <= write - SPARE);
            pos += i;
            out += o;
        }
    }
    // The tail: ASCII 16 bytes at a time (the scalar transcoder goes byte by byte),
    // then the scalar transcoder.
    while pos + 16 <= src.len() && out + 16 * unit <= dst.len() {
        // SAFETY: 16 bytes read at `pos` and `16 * unit` written at `out`, both
        // checked above.
        unsafe {
            let v = V::load_unaligned(src.as_ptr().add(pos));
            if v.any_high_bit() {
                break;
            }
            widen::<V, UTF32, BE>(v, dst.as_mut_ptr().add(out));
        }
        pos += 16;
        out += 16 * unit;
    }
    shift(convert(&src[pos..], &mut dst[out..], mode), pos, out)
}

/// `Kernel::utf8_to_utf16`.
///
/// # Safety
/// The CPU supports the ISAs of `W`, `V` (16-byte vectors) and `H`.
#[inline(always)]
pub(crate) unsafe fn utf8_to_utf16<W: VectorExt, V: VectorExt, H: DecodeHooks<W>>(
    src: &[u8],
    dst: &mut [u8],
    _from: Endian,
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    // SAFETY: the ISAs are the caller's promise.
    unsafe {
        match to {
            Endian::Little => utf8_decode::<W, V, H, false, false>(src, dst, mode),
            Endian::Big => utf8_decode::<W, V, H, false, true>(src, dst, mode),
        }
    }
}

/// `Kernel::utf8_to_utf32`.
///
/// # Safety
/// The CPU supports the ISAs of `W`, `V` (16-byte vectors) and `H`.
#[inline(always)]
pub(crate) unsafe fn utf8_to_utf32<W: VectorExt, V: VectorExt, H: DecodeHooks<W>>(
    src: &[u8],
    dst: &mut [u8],
    _from: Endian,
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    // SAFETY: the ISAs are the caller's promise.
    unsafe {
        match to {
            Endian::Little => utf8_decode::<W, V, H, true, false>(src, dst, mode),
            Endian::Big => utf8_decode::<W, V, H, true, true>(src, dst, mode),
        }
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::println;

    /// Blocks of one- and two-byte characters with, now and then, a byte that
    /// breaks them (C0, C1, a three- or four-byte lead, a lone continuation, ...);
    /// deterministic (xorshift).
    fn blocks() -> impl Iterator<Item = [u8; 64]> {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        const ODD: [u8; 12] = [
            0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xFF,
        ];
        (0..200_000).map(move |n| {
            let mut b = [0u8; 64];
            let mut i = 0;
            while i < 64 {
                let r = next();
                match r % 8 {
                    0..=3 => b[i] = (r >> 8) as u8 & 0x7F,
                    4..=6 => {
                        b[i] = 0xC2 + ((r >> 8) % 30) as u8;
                        if i + 1 < 64 {
                            i += 1;
                            b[i] = 0x80 | (r >> 16) as u8 & 0x3F;
                        }
                    }
                    // Some blocks stay valid: no odd bytes in every other one.
                    _ if n % 2 == 0 => b[i] = b' ',
                    _ => b[i] = ODD[((r >> 8) % ODD.len() as u64) as usize],
                }
                i += 1;
            }
            b
        })
    }

    /// Valid up to its last byte: every character complete, but for a sequence
    /// cut by the end of the block.
    fn valid_to_end(b: &[u8; 64]) -> bool {
        match core::str::from_utf8(b) {
            Ok(_) => true,
            Err(e) => e.error_len().is_none(),
        }
    }

    /// `short_chars_valid` never accepts an invalid block, and accepts every valid
    /// block of one- and two-byte characters.
    ///
    /// # Safety
    /// The CPU supports `W`'s ISA.
    unsafe fn check<W: VectorExt>() {
        let (mut accepted, mut valid) = (0, 0);
        for b in blocks() {
            // SAFETY: the ISA is the caller's promise; `b` is 64 readable bytes.
            let ok = unsafe {
                let block = W::load_block64(b.as_ptr());
                short_chars_valid::<W>(&block, continuation_mask::<W>(&block))
            };
            let v = valid_to_end(&b);
            assert!(!ok || v, "accepted an invalid block {b:02X?}");
            if v && b.iter().all(|&c| c < 0xE0) {
                assert!(ok, "refused a valid block {b:02X?}");
            }
            accepted += ok as usize;
            valid += v as usize;
        }
        println!("short_chars_valid: {accepted} blocks accepted, {valid} valid");
        assert!(accepted > 10_000);
    }

    #[test]
    fn short_chars_valid_every_vector() {
        crate::vector::for_each_vector!(check);
    }
}
