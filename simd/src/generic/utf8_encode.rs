//! UTF-16 -> UTF-8 and UTF-32 -> UTF-8 for every kernel, generic over the kernel's
//! widest [`VectorExt`] (after Lemire & Muła 2022).
//!
//! # The idea
//!
//! A *block* is one vector of 16-bit units: 8 per 128-bit lane, so 8 units with
//! SSE and NEON, 16 with AVX2. Each unit of the Basic Multilingual Plane becomes
//! 1, 2 or 3 UTF-8 bytes; the bytes of every unit are computed in every lane at
//! once with shifts and masks, then *packed*: a `pshufb`-style shuffle per 128-bit
//! lane, whose control comes from a table indexed by the classes of the lane's
//! units, moves the kept bytes together, and the lanes are stored one after the
//! other (each 16-byte store overwrites the scratch bytes of the one before). Class
//! bits (`blocks::Classes`): per unit, below U+0080 (ASCII) and below U+0800. From
//! the cheapest case:
//!
//! - all ASCII: narrowed to one byte per unit; a run of such blocks is converted two
//!   vectors per step, checked for ASCII before the byte swap of big-endian input
//!   (as [`EncodeHooks::TWO_BYTE_RUNS`] says: two vectors below U+0800 take the
//!   two-byte step below without ending the run, or each vector on its own, or
//!   only a hook: mostly-ASCII text with a few accented letters);
//! - all below U+0800: every unit becomes a 16-bit lane `[first, second]`, and the
//!   eight units of a 128-bit lane are packed by one [`PACK2`] control indexed by
//!   their ASCII bits (an ASCII unit keeps `first` only);
//! - none below U+0800: every unit has three bytes, packed by a fixed shuffle (in
//!   the UTF-16 loop a run of such blocks then continues in a loop of its own, whose
//!   test is only "no unit below U+0800, no surrogate");
//! - otherwise: every unit becomes a 32-bit lane `[first, middle, last, 0]`, and
//!   each group of four units is packed by one [`PACK3`] control indexed by their
//!   eight class bits;
//! - a block of surrogate pairs, one in each 32-bit lane: the code points are
//!   computed arithmetically and become four bytes each, in place (a run of such
//!   blocks in a loop of its own).
//!
//! A block below U+0800 needs no test for surrogates; the others are tested
//! before the three-byte steps.
//!
//! Any other block with surrogates takes a scalar loop over its units (and one more
//! to finish a pair), which also stops at an unpaired surrogate: the loop then
//! hands over to the scalar transcoder exactly at that character (strict), or lets
//! it repair the input up to the next point where the input may be split and
//! resumes (lossy); see [`super::handover`]. The tail, and the rest when `dst` has
//! no room for a block's stores, go to the scalar transcoder too.
//!
//! UTF-32 -> UTF-8 runs the same block steps on two vectors of 32-bit units: all
//! ASCII, they are narrowed twice (a run of ASCII blocks four vectors per step,
//! checked before the byte swap; where [`EncodeHooks::TWO_BYTE_RUNS`] is
//! `Pairs`, four vectors below U+0800 take the two-byte step without ending the
//! run, and a block below U+0800 enters the run too: see [`utf32_ascii_run`]); in
//! the Basic Multilingual Plane they are narrowed to one block of 16-bit units and
//! converted as UTF-16, checked for surrogates only when some unit is U+0800 or
//! above (as in the UTF-16 loop: the test would slow down the blocks below U+0800,
//! e.g. Arabic, Hebrew, Russian), except that a block with three-byte units always
//! takes the [`PACK3`] step, even when all its units have three bytes: the branch
//! between the fixed shuffle and the table mispredicts on text that mixes ASCII
//! spaces with three-byte letters (Hindi, Korean). (In the UTF-16 loop the branch
//! pays: the UTF-16 block step is cheaper, so the fixed shuffle's saving weighs
//! more there.) The fixed shuffle comes back in a loop of its own for runs of such
//! blocks (`utf32_three_run`), entered when two blocks in a row had three-byte
//! units only (one test of both blocks' class bits, rarely true on Hindi or
//! Korean, so it does not mispredict there), where the kernel takes it
//! ([`EncodeHooks::THREE_BYTE_RUN32`]): it speeds up CJK text, and the larger loop
//! costs the text that mixes three-byte letters with ASCII; on the 128-bit kernels
//! the gain is larger than the cost, on avx2 it is not. All supplementary, each becomes four bytes in place (as surrogate pairs
//! do); anything else (a mix, or an invalid unit: a surrogate or a value above
//! U+10FFFF) is converted one unit at a time, with the same hand-over at an invalid
//! unit.
//!
//! # Why these tables
//!
//! [`PACK2`]/[`PACK3`] pack a 128-bit lane with one 16-byte table load and one
//! shuffle (one per four units when some need three bytes). The design this
//! replaced compressed every 8-byte half with its own `COMPRESS8` control: two
//! 8-byte loads, an add, a shuffle and an 8-byte move per 16 bytes of output.
//! The packing tables do the same work with fewer and independent operations (the
//! gain grows with the share of multi-byte characters, CJK most), and the same
//! code serves 256-bit vectors, where `COMPRESS8` worked 8 bytes at a time.
//!
//! # Hooks
//!
//! A kernel passes its hooks type (`H`, see [`crate::generic::hooks`]) for what
//! its instruction set does differently inside this one loop; [`EncodeHooks`]
//! documents the hook points and their defaults. The `avx512-vbmi2` tier
//! (`x86_64/avx512/enc_utf8.rs`) runs this loop with 512-bit blocks and converts
//! every block of the Basic Multilingual Plane that is not ASCII in a hook
//! (`vpcompressb` into a register instead of the per-128-bit-lane tables, whose
//! four to eight dependent stores per block cost more at 512 bits than the wider
//! vector gains), and, inside the ASCII runs, two vectors below U+0800 (the run
//! then goes on, as with 128-bit vectors). The neon kernel
//! (`aarch64/neon/utf8_encode.rs`) converts runs of the Basic Multilingual Plane
//! without surrogates in a loop of its own ([`EncodeHooks::bmp_run`], tried first at
//! every block): its steps are chosen by the largest unit (`umaxv`) and indexed by
//! one `addv`, where the generic steps' class masks are chains of pairwise
//! additions on NEON. Every hook point declines by default, and the avx2 and sse42
//! kernels' machine code for this loop is the same with or without them.

mod blocks;

use super::handover::{shift, utf16_resync, POPCOUNT8};
use crate::vector_ext::VectorExt;
use blocks::{
    all_supplementary, bmp_stores, encode_bmp, has_surrogates, one_two, one_two_pair,
    one_two_three, p16, p32, pairs, store_half, three, utf8_4, Classes,
};
use utfast_scalar::{transcode as scalar, Endian, Mode, TranscodeError};

// The Cyrillic code pages' decoder to UTF-8 converts its UTF-16 units with these.
pub(crate) use blocks::Classes as UnitClasses;
pub(crate) use blocks::{
    bmp_stores as bmp_block_stores, encode_bmp as encode_bmp_block, pack3 as pack3_block,
};

#[cfg(doc)]
use crate::tables::utf16_to_utf8::{PACK2, PACK3};

/// An ISA's own code inside the UTF-16/UTF-32 -> UTF-8 loops (see
/// [`crate::generic::hooks`]); every method has a portable default.
///
/// The block steps need no hook of their own: written over [`VectorExt`], they
/// compile for 256-bit vectors to the instructions of the avx2 kernel's former
/// copy of this loop (the `vpermq` packs of an ASCII run are `narrow16`, the
/// eight surrogate pairs at once are the pairs step with 16 units per block), and
/// the same steps serve 128-bit SSE and NEON. An instruction set with a different
/// block algorithm converts blocks in the `*_block*` and `run_two_pair*` hook
/// points, tried by the loops before the generic steps (the `avx512-vbmi2` tier:
/// `vpcompressb` and `vpermt2b`, no tables).
pub(crate) trait EncodeHooks {
    /// What the ASCII runs do with vectors that are not all ASCII but all below
    /// U+0800 (see [`TwoByteRuns`]). The default suits 128-bit vectors.
    const TWO_BYTE_RUNS: TwoByteRuns = TwoByteRuns::Pairs;

    /// Whether the UTF-32 loop runs blocks of three-byte units only in a loop of
    /// their own with the fixed shuffle (`utf32_three_run`), after two such blocks
    /// in a row: faster on CJK text, but its code costs the text that mixes
    /// three-byte letters with ASCII; the 128-bit kernels gain more than they
    /// lose. The default suits 128-bit vectors.
    const THREE_BYTE_RUN32: bool = true;

    /// The number of set bits of the byte `x`: how many bytes a packing control
    /// drops, which places the next lane's store. By default a table look-up
    /// ([`POPCOUNT8`]: `count_ones` without the `popcnt` instruction is a dozen
    /// instructions); a kernel compiled with `popcnt` counts with it (faster than
    /// the table on text mixing one-, two- and three-byte characters).
    #[inline(always)]
    fn count_ones8(x: usize) -> usize {
        POPCOUNT8[x & 0xFF] as usize
    }

    /// Converts the block `u` of UTF-16 units (machine order) with the kernel's own
    /// instructions into `dst`, storing at most `bmp_stores(B::BYTES)` bytes
    /// there, if it can: returns the bytes written, or `None` (the default; for a
    /// block it does not take, e.g. ASCII or with surrogates) to let the generic
    /// steps do it. Tried by the block loops before the generic steps.
    ///
    /// # Safety
    /// The CPU supports `B`'s ISA and the hooks' ISA; `bmp_stores(B::BYTES)`
    /// writable bytes at `dst`.
    #[inline(always)]
    unsafe fn bmp_block<B: VectorExt>(_u: B, _dst: *mut u8) -> Option<usize> {
        None
    }

    /// A run of blocks converted by a loop of the kernel's own, tried by the block
    /// loops first at every block: the units at `src[pos..]` (UTF-32 when `UTF32`,
    /// else UTF-16; big-endian when `BE`) into `dst[out..]`, as long as the hook
    /// takes them (e.g. blocks of the Basic Multilingual Plane without
    /// surrogates). Returns the new `(pos, out)` if it converted any unit, else
    /// `None` (the default), and the block loop goes on with its own steps. The
    /// hook checks its own bounds: only whole characters (no unit of a surrogate
    /// pair) are consumed, and every store ends at least 3 bytes before
    /// `dst.len()` (see `super::handover`).
    ///
    /// # Safety
    /// The CPU supports the hooks' ISA; `pos <= src.len()`, `out <= dst.len()`.
    #[inline(always)]
    unsafe fn bmp_run<const UTF32: bool, const BE: bool>(
        _src: &[u8],
        _dst: &mut [u8],
        _pos: usize,
        _out: usize,
    ) -> Option<(usize, usize)> {
        None
    }

    /// [`bmp_block`](Self::bmp_block) for the UTF-32 loop: a block of two vectors of
    /// UTF-32 units (machine order), all below U+10000 (tested by the loop).
    ///
    /// # Safety
    /// As [`bmp_block`](Self::bmp_block).
    #[inline(always)]
    unsafe fn bmp_block32<B: VectorExt>(_a: B, _b: B, _dst: *mut u8) -> Option<usize> {
        None
    }

    /// In the ASCII run of the UTF-16 loop, with vectors wider than 128 bits: two
    /// vectors of units (machine order) that are not all ASCII, converted with the
    /// kernel's own instructions into `dst` (storing at most `2 * B::BYTES` bytes)
    /// if every unit is below U+0800, so that the run goes on; returns the bytes
    /// written, or `None` (the default: the run ends, as without the hook).
    ///
    /// # Safety
    /// The CPU supports `B`'s ISA and the hooks' ISA; `2 * B::BYTES` writable
    /// bytes at `dst`.
    #[inline(always)]
    unsafe fn run_two_pair<B: VectorExt>(_u0: B, _u1: B, _dst: *mut u8) -> Option<usize> {
        None
    }

    /// [`run_two_pair`](Self::run_two_pair) for the UTF-32 ASCII run: four vectors
    /// of UTF-32 units as loaded (big-endian when `BE`), not all ASCII, converted
    /// (at most `2 * B::BYTES` bytes stored) if every unit is below U+0800.
    ///
    /// # Safety
    /// As [`run_two_pair`](Self::run_two_pair).
    #[inline(always)]
    unsafe fn run_two_pair32<B: VectorExt, const BE: bool>(
        _v: &[B; 4],
        _dst: *mut u8,
    ) -> Option<usize> {
        None
    }
}

impl EncodeHooks for crate::generic::hooks::NoHooks {}

/// What the ASCII runs of the encoder ([`utf16_ascii_run`], [`utf32_ascii_run`])
/// do with vectors that are not all ASCII but all below U+0800 (Latin-1 letters,
/// Greek, Cyrillic, ...): on mostly-ASCII text with a few such letters the run
/// then does not end at each of them (no mispredicted test of the next vector, no
/// return to the block loop and its classes).
#[derive(Clone, Copy)]
// Only x86's wide kernels choose the variants other than `Pairs`.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) enum TwoByteRuns {
    /// Both vectors of a UTF-16 step (four of a UTF-32 one) through the two-byte
    /// step, and the UTF-32 block loop enters the run after a block below U+0800
    /// too (128-bit vectors: a step rarely mixes ASCII and two-byte units).
    Pairs,
    /// UTF-16: the hook first ([`EncodeHooks::run_two_pair`]), else each vector
    /// narrowed if it is ASCII and through the two-byte step if not (wider vectors
    /// mix the two more often; both through the step cost the mostly-ASCII text);
    /// UTF-32: the hook, else the run ends.
    EachVector,
    /// The hooks only ([`EncodeHooks::run_two_pair`],
    /// [`EncodeHooks::run_two_pair32`]); else the run ends.
    HooksOnly,
}

/// The constants of the two-byte step in the ASCII run ([`utf16_ascii_run`]), in
/// every 16-bit lane of up to 64 bytes: `0xFF80`, `0`, and those of [`one_two`].
static ONE_TWO_CONSTANTS: [[u16; 32]; 5] = [
    [0xFF80; 32],
    [0; 32],
    [0x1F00; 32],
    [0x3F; 32],
    [0xC080; 32],
];

/// Converts the ASCII run of UTF-16 units at `src[pos..]`, two vectors at a time,
/// into `dst[out..]`; returns the new `(pos, out)`. Two vectors that are not all
/// ASCII but all below U+0800 are converted in the loop too, as
/// [`EncodeHooks::TWO_BYTE_RUNS`] says: both with the two-byte step ([`one_two`]
/// on each vector; 128-bit vectors), or each narrowed if it is ASCII and through
/// the two-byte step if not ([`ascii_or_one_two`]; 256-bit vectors, where a pair
/// is mixed more often and the step on both vectors would cost the mostly-ASCII
/// text), or by the hook alone. The step's code in the run costs the block loop
/// two constants in registers, which it then loads in its two-byte step (the
/// two-byte scripts and CJK lose a little; moving the run out of the block loop,
/// or loading the block loop's constants from memory too, costs more).
///
/// # Safety
/// The CPU supports `B`'s ISA.
#[inline(always)]
unsafe fn utf16_ascii_run<B: VectorExt, H: EncodeHooks, const BE: bool>(
    src: &[u8],
    dst: &mut [u8],
    mut pos: usize,
    mut out: usize,
) -> (usize, usize) {
    // SAFETY: the ISA is the caller's promise; `pos + 2 * B::BYTES <= src.len()`
    // bounds the loads and `out + B::BYTES <= dst.len()` the store of an ASCII
    // step, `out + 2 * B::BYTES + 3 <= dst.len()` the two 16-byte-per-lane stores
    // of the two-byte steps (3 spare bytes after them, see `super::handover`); after
    // the run: `pos + B::BYTES <= src.len()`, and a store of at most `B::BYTES`.
    unsafe {
        // Before the byte swap: a unit is ASCII when its bytes `& [0x80, 0xFF]` (in
        // memory order; the other way round in big endian) are zero.
        let not_ascii = B::splat4(if BE {
            [0xFF, 0x80, 0xFF, 0x80]
        } else {
            [0x80, 0xFF, 0x80, 0xFF]
        });
        // Where unaligned loads straddle cache lines (`Vector::ALIGN_LOADS`), the
        // loads aligned to the vector: the first vector converted unaligned if it
        // is ASCII, then the loop from the first aligned offset of `src`, rewriting
        // some of the same output. (Loads are two per store here.)
        if B::ALIGN_LOADS {
            let k = super::blocks::to_aligned::<B>(src.as_ptr().add(pos));
            if k != 0
                && k.is_multiple_of(2)
                && pos + 3 * B::BYTES <= src.len()
                && out + B::BYTES + 3 <= dst.len()
            {
                let mut u = B::load_unaligned(src.as_ptr().add(pos));
                if u.and(not_ascii).is_zero() {
                    if BE {
                        u = u.shr16::<8>();
                    }
                    store_half(B::narrow16(u, u), dst.as_mut_ptr().add(out));
                    pos += k;
                    out += k / 2;
                }
            }
        }
        while pos + 2 * B::BYTES <= src.len() && out + B::BYTES <= dst.len() {
            let s = src.as_ptr().add(pos);
            let (mut u0, mut u1) = (B::load_unaligned(s), B::load_unaligned(s.add(B::BYTES)));
            if !u0.or(u1).and(not_ascii).is_zero() {
                // Not all ASCII: both vectors through the two-byte step if every
                // unit is below U+0800 (and so no surrogate), else the run ends;
                // or each one narrowed if it is ASCII; or the hook decides
                // (`EncodeHooks::TWO_BYTE_RUNS`).
                if BE {
                    (u0, u1) = (u0.swap_bytes16(), u1.swap_bytes16());
                }
                if !matches!(H::TWO_BYTE_RUNS, TwoByteRuns::Pairs) {
                    if out + 2 * B::BYTES <= dst.len() {
                        let d = dst.as_mut_ptr().add(out);
                        if let Some(w) = H::run_two_pair(u0, u1, d) {
                            out += w;
                            pos += 2 * B::BYTES;
                            continue;
                        }
                    }
                    if matches!(H::TWO_BYTE_RUNS, TwoByteRuns::HooksOnly) {
                        break;
                    }
                }
                if !u0.or(u1).and(p16(0xF800)).is_zero() || out + 2 * B::BYTES + 3 > dst.len() {
                    break;
                }
                // The constants of the two-byte step are loaded here, not kept
                // in registers: hoisted out of the loops, they crowd the block
                // loop's registers (register copies in its three-byte step, the
                // step of Hindi and Korean).
                let t = core::hint::black_box(&ONE_TWO_CONSTANTS);
                let high = B::load_unaligned(t[0].as_ptr().cast());
                let zero = B::load_unaligned(t[1].as_ptr().cast());
                let k0 = B::load_unaligned(t[2].as_ptr().cast());
                let k1 = B::load_unaligned(t[3].as_ptr().cast());
                let k2 = B::load_unaligned(t[4].as_ptr().cast());
                let d = dst.as_mut_ptr().add(out);
                out += if matches!(H::TWO_BYTE_RUNS, TwoByteRuns::Pairs) {
                    one_two_pair::<B, H>([u0, u1], high, zero, d, [k0, k1, k2])
                } else {
                    // Each vector on its own: an ASCII one is narrowed (a third
                    // of the mixed pairs of "Latin1" have one).
                    let w = ascii_or_one_two::<B, H>(u0, high, zero, d, [k0, k1, k2]);
                    w + ascii_or_one_two::<B, H>(u1, high, zero, d.add(w), [k0, k1, k2])
                };
                pos += 2 * B::BYTES;
                continue;
            }
            if BE {
                (u0, u1) = (u0.shr16::<8>(), u1.shr16::<8>());
            }
            B::narrow16_small(u0, u1).store_unaligned(dst.as_mut_ptr().add(out));
            pos += 2 * B::BYTES;
            out += B::BYTES;
        }
        // The end of the run: one more ASCII vector, if there is one. (Loaded again
        // rather than kept from the loop, which stays as small as it can be.) Its
        // store may leave scratch bytes after its output: 3 bytes to spare (see
        // `super::handover`).
        if pos + B::BYTES <= src.len() && out + B::BYTES + 3 <= dst.len() {
            let mut u = B::load_unaligned(src.as_ptr().add(pos));
            if u.and(not_ascii).is_zero() {
                if BE {
                    u = u.shr16::<8>();
                }
                store_half(B::narrow16(u, u), dst.as_mut_ptr().add(out));
                pos += B::BYTES;
                out += B::BYTES / 2;
            }
        }
    }
    (pos, out)
}

/// One vector of units below U+0800 in the ASCII run with 256-bit vectors: narrowed
/// if every unit is ASCII (`u & high == zero`), else through the two-byte step
/// ([`one_two`]). Returns the bytes written.
///
/// # Safety
/// The CPU supports `B`'s ISA; `B::BYTES` writable bytes at `dst`.
#[inline(always)]
unsafe fn ascii_or_one_two<B: VectorExt, H: EncodeHooks>(
    u: B,
    high: B,
    zero: B,
    dst: *mut u8,
    k: [B; 3],
) -> usize {
    // SAFETY: the caller's promises; `store_half` stores `B::BYTES / 2` bytes.
    unsafe {
        let hi = u.and(high);
        if hi.is_zero() {
            store_half(B::narrow16_small(u, u), dst);
            B::BYTES / 2
        } else {
            blocks::one_two_with::<B, H>(u, hi.eq16(zero), dst, k)
        }
    }
}

/// Converts the run of blocks of three-byte units (U+0800..U+FFFF, no surrogates)
/// at `src[pos..]` into `dst[out..]` with the fixed shuffle; returns the new `(pos,
/// out)`. The test of a block is five operations (no classes, no bit mask), and the
/// loop has none of the block loop's other branches (CJK text, and Hindi, stay in
/// it).
///
/// # Safety
/// The CPU supports `B`'s ISA; `write` is at least `bmp_stores(B::BYTES)`.
#[inline(always)]
unsafe fn utf16_three_run<B: VectorExt, const BE: bool>(
    src: &[u8],
    dst: &mut [u8],
    pos: usize,
    out: usize,
    write: usize,
) -> (usize, usize) {
    // SAFETY: the ISA is the caller's promise, and so is `write`; `three_run` calls
    // the closure (inside this block) with `B::BYTES` readable bytes.
    unsafe {
        three_run::<B>(src, dst, (pos, out), (B::BYTES, write), |s| {
            let u = B::load_unaligned(s);
            Some(if BE { u.swap_bytes16() } else { u })
        })
    }
}

/// The loop of [`utf16_three_run`] and [`utf32_three_run`]: each step reads `read`
/// bytes, whose units `units` returns as 16-bit units in the machine's order (or
/// `None`: the run ends), and converts them with the fixed shuffle while every one
/// is U+0800..U+FFFF and no surrogate; returns the new `(pos, out)`.
///
/// # Safety
/// The CPU supports `B`'s ISA; `write` is at least `bmp_stores(B::BYTES)`; `units`
/// is safe to call on a pointer to `read` readable bytes.
#[inline(always)]
unsafe fn three_run<B: VectorExt>(
    src: &[u8],
    dst: &mut [u8],
    (mut pos, mut out): (usize, usize),
    (read, write): (usize, usize),
    units: impl Fn(*const u8) -> Option<B>,
) -> (usize, usize) {
    // SAFETY: the ISA is the caller's promise; `pos + read <= src.len()` bounds the
    // reads of `units` and `out + write <= dst.len()` the stores of `three` (at most
    // `bmp_stores(B::BYTES) <= write` bytes).
    unsafe {
        let (m, sur, zero) = (p16::<B>(0xF800), p16::<B>(0xD800), B::splat(0));
        while pos + read <= src.len() && out + write <= dst.len() {
            let Some(u) = units(src.as_ptr().add(pos)) else {
                break;
            };
            // A unit below U+0800 or a surrogate ends the run.
            let t = u.and(m);
            if !t.eq16(zero).or(t.eq16(sur)).is_zero() {
                break;
            }
            three(u, dst.as_mut_ptr().add(out));
            pos += read;
            out += 3 * B::BYTES / 2;
        }
    }
    (pos, out)
}

/// Converts the run of blocks of surrogate pairs (one in each 32-bit lane) at
/// `src[pos..]` into `dst[out..]`; returns the new `(pos, out)`.
///
/// # Safety
/// The CPU supports `B`'s ISA.
#[inline(always)]
unsafe fn utf16_pairs_run<B: VectorExt, const BE: bool>(
    src: &[u8],
    dst: &mut [u8],
    mut pos: usize,
    mut out: usize,
) -> (usize, usize) {
    // SAFETY: the ISA is the caller's promise; `pos + B::BYTES <= src.len()` bounds
    // the load and `out + B::BYTES <= dst.len()` the store (four bytes of output per
    // pair: no scratch bytes).
    unsafe {
        while pos + B::BYTES <= src.len() && out + B::BYTES <= dst.len() {
            let mut u = B::load_unaligned(src.as_ptr().add(pos));
            if BE {
                u = u.swap_bytes16();
            }
            let Some(cp) = pairs(u) else {
                break;
            };
            utf8_4(cp).store_unaligned(dst.as_mut_ptr().add(out));
            pos += B::BYTES;
            out += B::BYTES;
        }
    }
    (pos, out)
}

/// Converts the ASCII run of UTF-32 units at `src[pos..]`, four vectors (16
/// units with 128-bit vectors) at a time, into `dst[out..]`; returns the new `(pos,
/// out)`. Where [`EncodeHooks::TWO_BYTE_RUNS`] is `Pairs` (128-bit vectors), four
/// vectors that are not all ASCII but all below U+0800 are converted in the loop
/// too, as two blocks through the two-byte step ([`one_two`]), and the block loop
/// enters the run after a block below U+0800 as well: a run of text in Latin-1
/// letters, Greek, Cyrillic, Hebrew or Arabic (which mixes two-byte letters with
/// ASCII spaces and punctuation) then stays in this loop, whose test is one OR of
/// the four vectors (no classes, no bit mask), and so does mostly-ASCII text with a
/// few such letters (the ASCII test alone would end the run at almost every step
/// on text where one unit in 16 is accented). With wider vectors the run stays
/// ASCII only (but for the hook): the two-byte step in it speeds up the two-byte
/// scripts but costs the mostly-ASCII and three-byte text more. (The constants are
/// loaded one by one: loaded through a closure, the 256-bit build was several
/// times slower on those files, probably a call of the closure compiled without
/// AVX2.)
///
/// # Safety
/// The CPU supports `B`'s ISA.
#[inline(always)]
unsafe fn utf32_ascii_run<B: VectorExt, H: EncodeHooks, const BE: bool>(
    src: &[u8],
    dst: &mut [u8],
    mut pos: usize,
    mut out: usize,
) -> (usize, usize) {
    // SAFETY: the ISA is the caller's promise; `pos + 4 * B::BYTES <= src.len()`
    // bounds the loads and `out + B::BYTES <= dst.len()` the store of an ASCII
    // step, `out + 2 * B::BYTES + 3 <= dst.len()` the two 16-byte-per-lane stores
    // of the two-byte steps (3 spare bytes after them, see `super::handover`).
    unsafe {
        // Before the byte swap: a unit is ASCII when its bytes `& [0x80, 0xFF, 0xFF,
        // 0xFF]` (in memory order; reversed in big endian) are zero, below U+0800
        // when its bytes `& [0x00, 0xF8, 0xFF, 0xFF]` are.
        let not_ascii = B::splat4(if BE {
            [0xFF, 0xFF, 0xFF, 0x80]
        } else {
            [0x80, 0xFF, 0xFF, 0xFF]
        });
        while pos + 4 * B::BYTES <= src.len() && out + B::BYTES <= dst.len() {
            let s = src.as_ptr().add(pos);
            let v = [0, 1, 2, 3].map(|k| B::load_unaligned(s.add(k * B::BYTES)));
            let all = v[0].or(v[1]).or(v[2].or(v[3]));
            if !all.and(not_ascii).is_zero() {
                // Not all ASCII: two blocks through the two-byte step if every unit
                // is below U+0800, else the run ends (`TwoByteRuns::Pairs` only, or
                // the hook's step).
                if !matches!(H::TWO_BYTE_RUNS, TwoByteRuns::Pairs)
                    && out + 2 * B::BYTES <= dst.len()
                {
                    let d = dst.as_mut_ptr().add(out);
                    if let Some(w) = H::run_two_pair32::<B, BE>(&v, d) {
                        out += w;
                        pos += 4 * B::BYTES;
                        continue;
                    }
                }
                if !matches!(H::TWO_BYTE_RUNS, TwoByteRuns::Pairs)
                    || out + 2 * B::BYTES + 3 > dst.len()
                {
                    break;
                }
                // The constants are loaded here, not kept in registers: hoisted
                // out of the loops, they would crowd the block loop's registers
                // (see `utf16_ascii_run`).
                let t = core::hint::black_box(&UTF32_TWO_CONSTANTS);
                let not_two = B::load_unaligned(t[usize::from(BE)].as_ptr().cast());
                let high = B::load_unaligned(t[2].as_ptr().cast());
                let zero = B::load_unaligned(t[3].as_ptr().cast());
                let k0 = B::load_unaligned(t[4].as_ptr().cast());
                let k1 = B::load_unaligned(t[5].as_ptr().cast());
                let k2 = B::load_unaligned(t[6].as_ptr().cast());
                if !all.and(not_two).is_zero() {
                    break;
                }
                let v = if BE { v.map(|x| x.swap_bytes32()) } else { v };
                let (u0, u1) = (B::narrow32_small(v[0], v[1]), B::narrow32_small(v[2], v[3]));
                let d = dst.as_mut_ptr().add(out);
                out += one_two_pair::<B, H>([u0, u1], high, zero, d, [k0, k1, k2]);
                pos += 4 * B::BYTES;
                continue;
            }
            let v = if BE { v.map(|x| x.shr32::<24>()) } else { v };
            // Every unit is ASCII (tested above): no lane needs masking.
            let (lo, hi) = (B::narrow32_small(v[0], v[1]), B::narrow32_small(v[2], v[3]));
            B::narrow16_small(lo, hi).store_unaligned(dst.as_mut_ptr().add(out));
            pos += 4 * B::BYTES;
            out += B::BYTES;
        }
    }
    (pos, out)
}

/// The constants of the two-byte step of the UTF-32 ASCII run
/// ([`utf32_ascii_run`]), up to 64 bytes each: the bits of a UTF-32 unit at or above
/// U+0800 (in little-endian, then big-endian memory order), `0xFF80` in every 16-bit
/// lane, `0`, and the constants of [`one_two`]. (The last five repeat
/// [`ONE_TWO_CONSTANTS`]: one table shared by both runs was reached through the GOT
/// in the benchmark binary, where this one is addressed directly.)
static UTF32_TWO_CONSTANTS: [[u32; 16]; 7] = [
    [u32::from_ne_bytes([0x00, 0xF8, 0xFF, 0xFF]); 16],
    [u32::from_ne_bytes([0xFF, 0xFF, 0xF8, 0x00]); 16],
    [0xFF80_FF80; 16],
    [0; 16],
    [0x1F00_1F00; 16],
    [0x003F_003F; 16],
    [0xC080_C080; 16],
];

/// Converts the run of blocks of three-byte UTF-32 units (U+0800..U+FFFF, no
/// surrogates; two vectors of units per block) at `src[pos..]` into `dst[out..]`
/// with the fixed shuffle; returns the new `(pos, out)`. As [`utf16_three_run`],
/// with one more test: no unit above U+FFFF (before the narrowing, which saturates).
///
/// # Safety
/// The CPU supports `B`'s ISA; `write` is at least `bmp_stores(B::BYTES)`.
#[inline(always)]
unsafe fn utf32_three_run<B: VectorExt, const BE: bool>(
    src: &[u8],
    dst: &mut [u8],
    pos: usize,
    out: usize,
    write: usize,
) -> (usize, usize) {
    // SAFETY: the ISA is the caller's promise, and so is `write`; `three_run` calls
    // the closure (inside this block) with `2 * B::BYTES` readable bytes.
    unsafe {
        let high = p32::<B>(0xFFFF_0000);
        three_run::<B>(src, dst, (pos, out), (2 * B::BYTES, write), |s| {
            let (mut a, mut b) = (B::load_unaligned(s), B::load_unaligned(s.add(B::BYTES)));
            if BE {
                (a, b) = (a.swap_bytes32(), b.swap_bytes32());
            }
            // A unit above U+FFFF ends the run.
            a.or(b).and(high).is_zero().then(|| B::narrow32_small(a, b))
        })
    }
}

/// UTF-16 (big-endian input when `BE`) -> UTF-8 in blocks of `B`: exactly the
/// results of `utfast_scalar::transcode::utf16_to_utf8`.
///
/// # Safety
/// The CPU supports the ISAs of `B` and `H`.
#[inline(always)]
unsafe fn utf16_to_utf8_loop<B: VectorExt, H: EncodeHooks, const BE: bool>(
    src: &[u8],
    dst: &mut [u8],
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let from = if BE { Endian::Big } else { Endian::Little };
    // Units per block; input bytes an iteration may read (one more unit to finish a
    // pair); output bytes it may store (the block steps' stores, or 3 bytes per
    // unit and a pair in the scalar loop), plus 3 spare bytes (see
    // `super::handover`).
    let units = B::BYTES / 2;
    let read = B::BYTES + 2;
    let write = bmp_stores(B::BYTES).max(3 * units + 1) + 3;
    let (mut pos, mut out) = (0usize, 0usize);
    // Where unaligned loads straddle cache lines (`Vector::ALIGN_LOADS`, 512-bit
    // blocks), the loads aligned to 64 bytes: the first block, if it has no
    // surrogate, is converted whole, and the loop goes on from the first boundary; the output of the units after it is scratch that the
    // next blocks overwrite. (Blocks advance by whole blocks, and the ASCII run
    // aligns its own loads, so the loop mostly stays aligned.)
    let head = super::blocks::to_line(src.as_ptr(), 64);
    if B::ALIGN_LOADS
        && head.is_multiple_of(2)
        && head != 0
        && src.len() >= 8 * B::BYTES
        && write <= dst.len()
    {
        // SAFETY: the ISA is the caller's promise; the load reads `B::BYTES <=
        // src.len()` bytes, the stores at most `bmp_stores(B::BYTES) <= write <=
        // dst.len()` bytes.
        unsafe {
            let mut u = B::load_unaligned(src.as_ptr());
            if BE {
                u = u.swap_bytes16();
            }
            if !has_surrogates(u) {
                let c = Classes::of(u);
                let d = dst.as_mut_ptr();
                if c.idx == Classes::<B>::ASCII {
                    store_half(B::narrow16_small(u, u), d);
                } else if H::bmp_block(u, d).is_none() {
                    encode_bmp::<B, H>(u, &c, d);
                }
                // The UTF-8 length of the units before the boundary: 3 bytes each,
                // less one per unit below U+0800 and one more per ASCII unit (the
                // two bits of each unit in `c.idx`).
                let n = head / 2;
                pos = head;
                out = 3 * n - (c.idx & ((1u64 << (2 * n)) - 1)).count_ones() as usize;
            }
        }
    }
    // A run of surrogate-pair blocks or of three-byte blocks leaves the block loop
    // for a loop of its own (kept apart, so that its constants do not crowd the
    // block loop's registers: inlined in the block loop, the three-byte run slows
    // down the two-byte scripts, Arabic, Hebrew and Russian).
    enum Run {
        None,
        Pairs,
        Three,
    }
    loop {
        let mut run = Run::None;
        'blocks: while pos + read <= src.len() && out + write <= dst.len() {
            // SAFETY: `pos + read <= src.len()` bounds the load and the scalar reads of
            // up to `units + 1` units; `out + write <= dst.len()` bounds every store.
            unsafe {
                if let Some(r) = H::bmp_run::<false, BE>(src, dst, pos, out) {
                    (pos, out) = r;
                    continue;
                }
                let s = src.as_ptr().add(pos);
                let d = dst.as_mut_ptr().add(out);
                let mut u = B::load_unaligned(s);
                if BE {
                    u = u.swap_bytes16();
                }
                if let Some(w) = H::bmp_block(u, d) {
                    out += w;
                    pos += B::BYTES;
                    continue;
                }
                let c = Classes::of(u);
                if c.idx == Classes::<B>::ASCII {
                    store_half(B::narrow16_small(u, u), d);
                    (pos, out) = utf16_ascii_run::<B, H, BE>(src, dst, pos + B::BYTES, out + units);
                    continue;
                }
                // Below U+0800 there are no surrogates: no test for them.
                if c.below_800() {
                    out += one_two::<B, H>(u, c.is1, d);
                    pos += B::BYTES;
                    continue;
                }
                if !has_surrogates(u) {
                    if c.idx == 0 {
                        // Three bytes per unit: more such blocks follow in CJK text.
                        three(u, d);
                        (pos, out) = (pos + B::BYTES, out + 3 * units);
                        run = Run::Three;
                        break 'blocks;
                    }
                    out += one_two_three::<B, H>(u, &c, d);
                    pos += B::BYTES;
                    continue;
                }
                // Surrogates: out of the way of the common case.
                super::cold_path();
                if let Some(cp) = pairs(u) {
                    utf8_4(cp).store_unaligned(d);
                    (pos, out) = (pos + B::BYTES, out + B::BYTES);
                    run = Run::Pairs;
                    break 'blocks;
                }
                // Other surrogates: decode the block one character at a time.
                let (i, w, unpaired) = utf16_one_by_one(s, units, from, mode, d);
                pos += 2 * i;
                out += w;
                if unpaired {
                    if mode == Mode::Strict {
                        break 'blocks;
                    }
                    let end = utf16_resync(src, pos + B::BYTES, from);
                    let r = scalar::utf16_to_utf8(&src[pos..end], &mut dst[out..], from, mode);
                    out = shift(r, pos, out)?;
                    pos = end;
                }
            }
        }
        // SAFETY: the ISA is the caller's promise; `write` is at least
        // `bmp_stores(B::BYTES)`.
        (pos, out) = unsafe {
            match run {
                Run::None => break,
                Run::Pairs => utf16_pairs_run::<B, BE>(src, dst, pos, out),
                Run::Three => utf16_three_run::<B, BE>(src, dst, pos, out, write),
            }
        };
    }
    shift(
        scalar::utf16_to_utf8(&src[pos..], &mut dst[out..], from, mode),
        pos,
        out,
    )
}

/// UTF-32 (big-endian input when `BE`) -> UTF-8, two vectors `B` of units per
/// block: exactly the results of `utfast_scalar::transcode::utf32_to_utf8`.
///
/// # Safety
/// The CPU supports the ISAs of `B` and `H`.
#[inline(always)]
unsafe fn utf32_to_utf8_loop<B: VectorExt, H: EncodeHooks, const BE: bool>(
    src: &[u8],
    dst: &mut [u8],
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let from = if BE { Endian::Big } else { Endian::Little };
    // Units per block, input bytes per block, and output bytes an iteration may
    // store (the UTF-16 block steps, or four bytes per unit) plus 3 spare bytes.
    let units = B::BYTES / 2;
    let read = 2 * B::BYTES;
    let write = bmp_stores(B::BYTES).max(4 * units) + 3;
    let (mut pos, mut out) = (0usize, 0usize);
    // The classes of the last block with three-byte units: a second block of
    // three-byte units only in a row starts the three-byte run (see
    // `utf32_three_run`).
    let mut last_idx = u64::MAX;
    // Where unaligned loads straddle cache lines (`Vector::ALIGN_LOADS`), the
    // loads aligned to 64 bytes, as in the UTF-16 loop: the first block, if it is
    // in the Basic Multilingual Plane without surrogates, is converted whole, and
    // the loop goes on from the first boundary.
    let head = super::blocks::to_line(src.as_ptr(), 64);
    if B::ALIGN_LOADS
        && head.is_multiple_of(4)
        && head != 0
        && src.len() >= 8 * read
        && write <= dst.len()
    {
        // SAFETY: the ISA is the caller's promise; the loads read `read <=
        // src.len()` bytes, the stores at most `bmp_stores(B::BYTES) <= write <=
        // dst.len()` bytes.
        unsafe {
            let s = src.as_ptr();
            let (mut a, mut b) = (B::load_unaligned(s), B::load_unaligned(s.add(B::BYTES)));
            if BE {
                (a, b) = (a.swap_bytes32(), b.swap_bytes32());
            }
            let u = B::narrow32_small(a, b);
            if a.or(b).and(p32(0xFFFF_0000)).is_zero() && !has_surrogates(u) {
                let c = Classes::of(u);
                let d = dst.as_mut_ptr();
                if c.idx == Classes::<B>::ASCII {
                    store_half(B::narrow16_small(u, u), d);
                } else if H::bmp_block32(a, b, d).is_none() {
                    encode_bmp::<B, H>(u, &c, d);
                }
                // The UTF-8 length of the units before the boundary (see the UTF-16
                // loop).
                let n = head / 4;
                pos = head;
                out = 3 * n - (c.idx & ((1u64 << (2 * n)) - 1)).count_ones() as usize;
            }
        }
    }
    'blocks: while pos + read <= src.len() && out + write <= dst.len() {
        // SAFETY: `pos + read <= src.len()` bounds the two loads and the scalar reads
        // of `units` units; `out + write <= dst.len()` bounds every store (the
        // three-byte run checks its own bounds, with the same `write`).
        unsafe {
            if let Some(r) = H::bmp_run::<true, BE>(src, dst, pos, out) {
                (pos, out) = r;
                continue;
            }
            let s = src.as_ptr().add(pos);
            let d = dst.as_mut_ptr().add(out);
            let (mut a, mut b) = (B::load_unaligned(s), B::load_unaligned(s.add(B::BYTES)));
            if BE {
                (a, b) = (a.swap_bytes32(), b.swap_bytes32());
            }
            let ab = a.or(b);
            if ab.and(p32(0xFFFF_FF80)).is_zero() {
                let u = B::narrow32_small(a, b);
                store_half(B::narrow16_small(u, u), d);
                (pos, out) = utf32_ascii_run::<B, H, BE>(src, dst, pos + read, out + units);
                continue;
            }
            if ab.and(p32(0xFFFF_0000)).is_zero() {
                if let Some(w) = H::bmp_block32(a, b, d) {
                    out += w;
                    pos += read;
                    continue;
                }
                let u = B::narrow32_small(a, b);
                let c = Classes::of(u);
                // Below U+0800 there are no surrogates: no test for them (as in
                // the UTF-16 loop).
                if c.below_800() {
                    out += one_two::<B, H>(u, c.is1, d);
                    pos += read;
                    // More such blocks follow in text in Latin-1 letters, Greek,
                    // Cyrillic, Hebrew, Arabic...: the ASCII run converts them too
                    // (`TwoByteRuns::Pairs`).
                    if matches!(H::TWO_BYTE_RUNS, TwoByteRuns::Pairs) {
                        (pos, out) = utf32_ascii_run::<B, H, BE>(src, dst, pos, out);
                    }
                    continue;
                }
                if !has_surrogates(u) {
                    // No `three` step for blocks of three-byte units only (see the
                    // module documentation).
                    out += one_two_three::<B, H>(u, &c, d);
                    pos += read;
                    // The second block of three-byte units only in a row: more
                    // follow in CJK text. (One test of both blocks' classes: a
                    // branch on this block's alone mispredicts on text that mixes
                    // ASCII spaces with three-byte letters, Hindi, Korean.) Where
                    // the kernel takes it (see the module documentation).
                    if H::THREE_BYTE_RUN32 && c.idx | last_idx == 0 {
                        (pos, out) = utf32_three_run::<B, BE>(src, dst, pos, out, write);
                    }
                    last_idx = c.idx;
                    continue;
                }
            } else if all_supplementary(a) && all_supplementary(b) {
                utf8_4(a).store_unaligned(d);
                utf8_4(b).store_unaligned(d.add(B::BYTES));
                pos += read;
                out += 2 * B::BYTES;
                continue;
            }
            // A mix, or invalid units: one unit at a time.
            super::cold_path();
            let mut w = 0;
            for i in 0..units {
                let p = s.add(4 * i);
                let c = from.read_u32([*p, *p.add(1), *p.add(2), *p.add(3)]);
                if c < 0x11_0000 && !(0xD800..0xE000).contains(&c) {
                    w += put_char(c, d.add(w));
                } else if mode == Mode::Valid {
                    *d.add(w) = b'?';
                    w += 1;
                } else {
                    // Invalid unit `i`.
                    pos += 4 * i;
                    out += w;
                    if mode == Mode::Strict {
                        break 'blocks;
                    }
                    let end = pos + 4 * (units - i);
                    let r = scalar::utf32_to_utf8(&src[pos..end], &mut dst[out..], from, mode);
                    out = shift(r, pos, out)?;
                    pos = end;
                    continue 'blocks;
                }
            }
            pos += read;
            out += w;
        }
    }
    shift(
        scalar::utf32_to_utf8(&src[pos..], &mut dst[out..], from, mode),
        pos,
        out,
    )
}

/// `Kernel::utf16_to_utf8`: blocks of the kernel's widest vector `W` (every step
/// works per 128-bit lane).
///
/// # Safety
/// The CPU supports the ISAs of `W` and `H`.
#[inline(always)]
pub(crate) unsafe fn utf16_to_utf8<W: VectorExt, H: EncodeHooks>(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    _to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    // SAFETY: the ISAs are the caller's promise.
    unsafe {
        match from {
            Endian::Little => utf16_to_utf8_loop::<W, H, false>(src, dst, mode),
            Endian::Big => utf16_to_utf8_loop::<W, H, true>(src, dst, mode),
        }
    }
}

/// `Kernel::utf32_to_utf8`: blocks of the kernel's widest vector `W`.
///
/// # Safety
/// The CPU supports the ISAs of `W` and `H`.
#[inline(always)]
pub(crate) unsafe fn utf32_to_utf8<W: VectorExt, H: EncodeHooks>(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    _to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    // SAFETY: the ISAs are the caller's promise.
    unsafe {
        match from {
            Endian::Little => utf32_to_utf8_loop::<W, H, false>(src, dst, mode),
            Endian::Big => utf32_to_utf8_loop::<W, H, true>(src, dst, mode),
        }
    }
}

/// Writes the UTF-8 form of the scalar value `c` at `dst`; returns its length.
///
/// # Safety
/// 4 writable bytes at `dst`; `c` is at most 0x10FFFF.
#[inline(always)]
pub(crate) unsafe fn put_char(c: u32, dst: *mut u8) -> usize {
    // SAFETY: the caller's promise.
    unsafe {
        if c < 0x80 {
            *dst = c as u8;
            1
        } else if c < 0x800 {
            *dst = 0xC0 | (c >> 6) as u8;
            *dst.add(1) = 0x80 | (c & 0x3F) as u8;
            2
        } else if c < 0x1_0000 {
            *dst = 0xE0 | (c >> 12) as u8;
            *dst.add(1) = 0x80 | ((c >> 6) & 0x3F) as u8;
            *dst.add(2) = 0x80 | (c & 0x3F) as u8;
            3
        } else {
            *dst = 0xF0 | (c >> 18) as u8;
            *dst.add(1) = 0x80 | ((c >> 12) & 0x3F) as u8;
            *dst.add(2) = 0x80 | ((c >> 6) & 0x3F) as u8;
            *dst.add(3) = 0x80 | (c & 0x3F) as u8;
            4
        }
    }
}

/// Converts the UTF-16 units at `s` one character at a time into `d`: at most `n`
/// units, and one more to complete a surrogate pair that starts at unit `n - 1`.
/// Stops at an unpaired surrogate (not in `Mode::Valid`, which writes `?` for it
/// and goes on). Returns (units consumed, bytes written, stopped at an unpaired
/// surrogate).
///
/// # Safety
/// `n + 1` units are readable at `s`; `3 * n + 1` bytes are writable at `d`.
#[cold]
#[inline(never)]
pub(crate) unsafe fn utf16_one_by_one(
    s: *const u8,
    n: usize,
    from: Endian,
    mode: Mode,
    d: *mut u8,
) -> (usize, usize, bool) {
    // SAFETY: unit reads stay below unit `n + 1`; each character writes at most 3
    // bytes per unit it consumes (4 for a pair, which consumes two units, the second
    // one possibly unit `n`): at most `3 * n + 1` bytes, as the caller provides.
    unsafe {
        let unit = |i: usize| -> u32 { from.read_u16([*s.add(2 * i), *s.add(2 * i + 1)]).into() };
        let (mut i, mut w) = (0usize, 0usize);
        while i < n {
            let c = unit(i);
            if !(0xD800..0xE000).contains(&c) {
                w += put_char(c, d.add(w));
                i += 1;
            } else if c < 0xDC00 && (0xDC00..0xE000).contains(&unit(i + 1)) {
                let cp = 0x1_0000 + ((c - 0xD800) << 10) + (unit(i + 1) - 0xDC00);
                w += put_char(cp, d.add(w));
                i += 2;
            } else if mode == Mode::Valid {
                // Trusted input that is not: any output is allowed, keep going.
                *d.add(w) = b'?';
                w += 1;
                i += 1;
            } else {
                return (i, w, true);
            }
        }
        (i, w, false)
    }
}
