//! UTF-8 -> UTF-16 and UTF-8 -> UTF-32 on the `"avx512-vbmi2"` tier: the generic
//! loop of [`crate::generic::utf8_decode`] (256-bit blocks) with hooks
//! ([`Vbmi2Dec`]): a 512-bit run over the text's blocks ([`run_blocks`], with its
//! state between steps in [`Run`]), and the avx2 kernel's hooks for ASCII runs and
//! for the blocks the run declines.
//!
//! # The run
//!
//! The loop calls the run at a block that is not ASCII. The run then takes 64
//! bytes per step at a *fixed* stride, whatever the characters: a character may
//! start in one block and end in the next, and each block converts the characters
//! that *end* in it, reaching the bytes of the block before with `vpermt2b`
//! (two-source permutes of the block and the one before it). So no step waits
//! for the previous one to know where it starts (the generic loop's blocks start
//! at a character boundary, which makes every block depend on the last one's
//! character lengths: a chain of some 20 cycles per block). Bit `i` of `ends` is
//! set when byte `i + 1` is not a continuation byte (byte 64 for byte 63). The run
//! stops before a block it cannot check or convert (an error, four-byte
//! characters, the end of the input or of `dst`) and returns the character
//! boundary after the last character it converted; the loop goes on from there.
//!
//! **Two steps.** Most blocks of real text hold one- to three-byte characters
//! and whole 64-byte steps, and on them the classification and bookkeeping of a
//! general step (part blocks, four-byte characters, the byte after the block)
//! cost as much as the conversion. So each step first tries the *short step*
//! ([`Run::short_step`]): a whole block without four-byte characters, with the
//! end of its last character known from its own lead bytes. Blocks of one- and
//! two-byte characters after one that leaves at most a two-byte lead byte
//! unfinished (most blocks of Latin, Cyrillic, Greek, Hebrew and Arabic text)
//! take an even shorter path with neither three-byte checks nor the bytes two
//! positions back ([`Run::two_byte_block`]). Anything else (a part block, an
//! error, a four-byte character) goes to the general step ([`Run::step`]), which
//! declines blocks with four-byte characters: the avx2 block hooks convert
//! emoji faster than a 512-bit step, and the run does not even start at a
//! four-byte lead.
//!
//! The run's loads are aligned to 64 bytes: when `src` is not on a boundary (and
//! the input is at least [`ALIGN_MIN`] bytes), the first step is a *part block*:
//! the 64 bytes at `src` are checked as usual, but only the characters that end
//! before the first boundary are converted, and the state carried to the next step
//! (the payload bytes, the continuation mask, what the last bytes require) is
//! that of the bytes before the boundary ([`top`], [`tail_of`]). A load that
//! straddles two cache lines is slow on Intel cores, and a 64-byte load from
//! anywhere but a boundary always does.
//!
//! **Checks** (in strict and lossy modes; errors are left to the loop, which finds
//! them exactly):
//! - structure, by bit masks: the continuation bytes must be exactly those the
//!   lead bytes (C0.., E0.., F0..) of this block and the last ones of the block
//!   before require; no lead byte C0/C1; byte 63 cannot end a character whose lead
//!   byte needs byte 64;
//! - the second byte after E0 (ED) in blocks of mixed lengths, by masks, also for
//!   E0 (ED) at byte 63 of the block before; blocks of three-byte characters only
//!   check their characters *by value* (below U+0800 or a surrogate), and also
//!   the character they leave unfinished when its first two bytes are bytes 62
//!   and 63.
//!
//! **Conversions**, by the kind of block:
//! - ASCII: widened (`vpmovzxbw` / `vpmovzxbd`);
//! - three-byte characters only (CJK): their ends are three bytes apart, so two
//!   fixed permutes (one of three tables, by the first end) give each character's
//!   last two bytes and its first byte, in order: `vpmaddubsw` computes `last + 64
//!   * middle`, and the first byte shifted left by 12 is added (the shift also
//!   drops the `0x20` left of its four payload bits); no compress;
//! - one- to three-byte characters (the rest): a 16-bit unit per byte position
//!   (the idea of the generic `block_1_to_3`, with VBMI permutes instead of
//!   shuffles within 128-bit lanes): each byte's payload (`& 0x3F`, ASCII bytes
//!   whole) paired with the byte before it, `last + 64 * previous` (`last` alone
//!   for ASCII), plus the first byte shifted left by 12 where a three-byte
//!   character ends, and `vpcompressw` keeps the units at the ends.
//!
//! Every store is a whole register; the run keeps its stores within `dst.len() -
//! SPARE` (the loop's rule for scratch bytes, see `crate::generic::handover`).
//!
//! The loop stays at 256 bits: its block hooks are the avx2 kernel's, which take
//! the block as two `__m256i`. Loading the same bytes again at 512 bits next to
//! those 256-bit loads made LLVM rebuild the 256-bit loads byte by byte
//! (`vpinsrb`), many times slower than the loads; so the run loads its own blocks,
//! after the loop's loads.

use super::consts::{low_bits, Bytes64, SWAP16, SWAP32};
use super::isa;
use super::isa::Zmm;
use crate::generic::blocks::to_line;
use crate::generic::utf8_decode::{DecodeHooks, SPARE};
use crate::x86_64::avx2::Avx2;
use core::arch::x86_64::__m256i;
use utfast_scalar::Mode;

/// The hooks of the `"avx512-vbmi2"` tier's UTF-8 -> UTF-16/UTF-32 loops (see the
/// module documentation).
pub(crate) struct Vbmi2Dec;

/// Bytes one step of the run ([`Run::step`]) may store, scratch included: two stores of 64
/// bytes for UTF-16 (the second at most 64 bytes in), up to four for UTF-32.
const STEP_WRITE: [usize; 2] = [128, 256];

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

/// For a block of three-byte characters whose first character ends at byte `q`
/// (0..=2): word `k` takes the last byte of character `k` (byte `q + 3k`) and the
/// byte before it, as in [`PAIR_IDX`] (22 characters at most).
static THREE_PAIR: [Bytes64; 3] = three_table(1);

/// As [`THREE_PAIR`]: word `k` takes the first byte of character `k` (`q + 3k -
/// 2`), as in [`FIRST_IDX`].
static THREE_FIRST: [Bytes64; 3] = three_table(2);

/// The tables of [`THREE_PAIR`] (`back` = 1) and [`THREE_FIRST`] (`back` = 2).
const fn three_table(back: usize) -> [Bytes64; 3] {
    let mut t = [Bytes64([0; 64]), Bytes64([0; 64]), Bytes64([0; 64])];
    let mut q = 0;
    while q < 3 {
        // The last character ending in the block (`q + 3 * last <= 63`); the words
        // after it repeat it, so that the checks need no mask.
        let last = (63 - q) / 3;
        let mut k = 0;
        while k < 32 {
            let e = q + 3 * if k < last { k } else { last };
            if back == 1 {
                t[q].0[2 * k] = e as u8;
                t[q].0[2 * k + 1] = ((e + 127) % 128) as u8;
            } else {
                t[q].0[2 * k] = ((e + 126) % 128) as u8;
            }
            k += 1;
        }
        q += 1;
    }
    t
}

/// Inputs shorter than this run without a part block first (see [`run_blocks`]):
/// the part block costs a step.
const ALIGN_MIN: usize = 256;

/// The bytes 0..=63: with `part` added, `vpermb` indices that move byte `part - 1`
/// to byte 63 (see [`tail_of`]).
static IOTA: Bytes64 = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = i as u8;
        i += 1;
    }
    Bytes64(t)
};

/// The mask `m` of a block as seen from the end of its first `part` bytes (`1 <=
/// part <= 64`): bit `part - 1` becomes bit 63, the bits below it follow, and the
/// bits from `part` up are dropped. The identity for `part == 64`.
#[inline(always)]
fn top(m: u64, part: usize) -> u64 {
    if part >= 64 {
        m
    } else {
        m << (64 - part)
    }
}

crate::x86_64::avx512::isa::avx512_target_feature! {
    "avx512f,avx512bw,avx512vbmi";
    /// The bytes of `x` as seen from the end of its first `part` bytes (`1 <= part
    /// <= 64`), as [`top`] for masks: byte `part - 1` becomes byte 63 (the bytes
    /// below `64 - part` are some of `x`'s other bytes). `x` itself for `part ==
    /// 64`.
    ///
    /// # Safety
    /// The CPU supports the tier's features.
    #[inline]
    unsafe fn tail_of(x: Zmm, part: usize) -> Zmm {
        if part >= 64 {
            return x;
        }
        // SAFETY: `IOTA` is 64 aligned bytes.
        let iota = unsafe { isa::loadu(IOTA.0.as_ptr()) };
        isa::permutexvar_epi8(isa::add_epi8(iota, isa::set1_epi8(part as i8)), x)
    }
}

/// `isa::set1_epi8` for a byte written as a `u8`.
///
/// # Safety
/// The CPU supports the tier's features.
#[inline(always)]
#[cfg_attr(utfast_avx512_model, allow(unused_unsafe))]
unsafe fn set1(b: u8) -> Zmm {
    // SAFETY: the caller's promise.
    unsafe { isa::set1_epi8(b as i8) }
}

/// The run (see the module documentation): its constants and the state one step
/// carries to the next. Every method is `#[inline(always)]` into [`run_blocks`],
/// which has the tier's features.
struct Run<const UTF32: bool, const BE: bool, const CHECK: bool> {
    // [`PAIR_IDX`] and [`FIRST_IDX`], loaded.
    pair_idx: [Zmm; 2],
    first_idx: [Zmm; 2],
    /// The byte swap of the output units (big-endian output).
    swap: Zmm,
    // The `vpmaddubsw` weights of an ASCII byte (`last`) and of a multi-byte
    // character's last two bytes (`last + 64 * previous`).
    w_ascii: Zmm,
    w_multi: Zmm,
    // Where the next step's block starts, and the output before it.
    pos: usize,
    out: usize,
    /// The character boundary after the last character converted, and the output
    /// up to it.
    done: (usize, usize),
    /// The previous block's payload bytes.
    prev: Zmm,
    // The previous block's continuation mask, and what its last bytes require of
    // this one: bits 0..=2 of `carry_req` are continuation bytes its lead bytes
    // need here; bit 0 of `carry_e0` (`carry_ed`): its byte 63 is E0 (ED), so byte
    // 0 must be at least A0 (below A0).
    prev_cont: u64,
    carry_req: u64,
    carry_e0: u64,
    carry_ed: u64,
}

/// A block that is not ASCII, as a step of the run classifies it.
struct Block {
    // The block's bytes in `src`, where its output goes, and how many bytes of the
    // block are the step's (64, or those of a part block).
    s: *const u8,
    d: *mut u8,
    part: usize,
    // The bytes, and their payload bits (`& 0x3F`, ASCII bytes whole).
    v: Zmm,
    payload: Zmm,
    // Bit masks: lead bytes (C0..), lead bytes from E0, the last bytes of
    // characters (all of them, and those of the step's bytes), ASCII bytes, the
    // last bytes of three-byte characters.
    leads: u64,
    three: u64,
    ends: u64,
    kept: u64,
    ascii: u64,
    third: u64,
}

impl<const UTF32: bool, const BE: bool, const CHECK: bool> Run<UTF32, BE, CHECK> {
    /// Bytes per output unit.
    const UNIT: usize = if UTF32 { 4 } else { 2 };
    /// The room a step needs in `dst`.
    const WRITE: usize = STEP_WRITE[UTF32 as usize] + SPARE;

    /// A run from the start of `src`, with its constants loaded.
    ///
    /// # Safety
    /// The CPU supports the tier's features.
    #[inline(always)]
    unsafe fn new() -> Self {
        let swap = if UTF32 {
            SWAP32.0.as_ptr()
        } else {
            SWAP16.0.as_ptr()
        };
        // SAFETY: the ISA is the caller's promise; the tables are 64 aligned bytes
        // each.
        unsafe {
            Run {
                pair_idx: [
                    isa::loadu(PAIR_IDX[0].0.as_ptr()),
                    isa::loadu(PAIR_IDX[1].0.as_ptr()),
                ],
                first_idx: [
                    isa::loadu(FIRST_IDX[0].0.as_ptr()),
                    isa::loadu(FIRST_IDX[1].0.as_ptr()),
                ],
                swap: isa::loadu(swap),
                w_ascii: isa::set1_epi16(0x0001),
                w_multi: isa::set1_epi16(0x4001),
                pos: 0,
                out: 0,
                done: (0, 0),
                prev: isa::setzero(),
                prev_cont: 0,
                carry_req: 0,
                carry_e0: 0,
                carry_ed: 0,
            }
        }
    }

    /// Whether `src` and `dst` have room for the next step: its block and the byte
    /// after it, its stores.
    #[inline(always)]
    fn fits(&self, src: &[u8], dst: &[u8]) -> bool {
        self.pos + 65 <= src.len() && self.out + Self::WRITE <= dst.len()
    }

    /// The block at `pos`: its address, where its output goes, its bytes and
    /// their mask of bytes from 0x80.
    ///
    /// # Safety
    /// The CPU supports the tier's features; [`Run::fits`].
    #[inline(always)]
    unsafe fn load(&self, src: &[u8], dst: &mut [u8]) -> (*const u8, *mut u8, Zmm, u64) {
        // SAFETY: `fits` bounds the block (`pos + 65 <= src.len()`) and the
        // output position.
        unsafe {
            let s = src.as_ptr().add(self.pos);
            let d = dst.as_mut_ptr().add(self.out);
            let v = isa::loadu(s);
            (s, d, v, isa::movepi8_mask(v))
        }
    }

    /// One step: the block at `pos`, of which the first `part` bytes are the step's
    /// (64, or the bytes up to the first 64-byte boundary of the input: a part
    /// block). Only the characters that end in those bytes are converted, and the
    /// carried state describes the bytes before `pos + part`. Returns `false` when
    /// the run must stop before this block (`done` is then unchanged).
    ///
    /// # Safety
    /// The CPU supports the tier's features; [`Run::fits`]; `1 <= part <= 64`.
    #[inline(always)]
    unsafe fn step(&mut self, src: &[u8], dst: &mut [u8], part: usize) -> bool {
        // SAFETY: `pos + 65 <= src.len()` bounds the block and byte 64;
        // `out + WRITE <= dst.len()` the stores (at most `STEP_WRITE` bytes).
        unsafe {
            let (s, d, v, high) = self.load(src, dst);
            if high == 0 {
                if self.carry_req != 0 {
                    return false;
                }
                self.ascii_block(v, d, part);
                true
            } else {
                self.multi_block(s, d, v, high, part)
            }
        }
    }

    /// A whole block (`part` = 64) of one- to three-byte characters: the kind of
    /// most blocks of text in every script. The conversion of
    /// [`Run::mixed_block`] with only the classification and checks such a block
    /// needs: no four-byte lead, no part block, and the end of the block's last
    /// character known from its own lead bytes (byte 64 is not read). Kept apart
    /// from [`Run::step`] because on such text the general step's dispatch and
    /// bookkeeping cost as much as the conversion. An ASCII block is followed by
    /// the ASCII blocks after it, and blocks of three-byte characters only take
    /// [`Run::three_only_step`]. Returns `false`, with nothing changed, for any
    /// other block (an error, a four-byte character, ASCII after an unfinished
    /// character): the general step takes it.
    ///
    /// # Safety
    /// As for [`Run::step`] with `part` = 64.
    #[inline(always)]
    unsafe fn short_step(&mut self, src: &[u8], dst: &mut [u8]) -> bool {
        // SAFETY: the caller's promise (as in `step`).
        unsafe {
            let (s, d, v, high) = self.load(src, dst);
            if high == 0 {
                if self.carry_req != 0 {
                    return false;
                }
                self.ascii_block(v, d, 64);
                // The ASCII blocks after it (English text, markup, JSON), in a
                // loop that carries nothing but the positions and the last block.
                let mut last = v;
                while self.fits(src, dst) {
                    let w = isa::loadu(src.as_ptr().add(self.pos));
                    if isa::movepi8_mask(w) != 0 {
                        break;
                    }
                    self.widen(w, dst.as_mut_ptr().add(self.out));
                    self.pos += 64;
                    self.out += 64 * Self::UNIT;
                    last = w;
                }
                self.prev = last;
                self.done = (self.pos, self.out);
                return true;
            }
            let leads = isa::cmpge_epu8_mask(v, set1(0xC0));
            let cont = high & !leads;
            let three = isa::mask_cmpge_epu8_mask(leads, v, set1(0xE0));
            // What the block before left unfinished: nothing, or a lead byte at 63
            // (a two-byte one, as the block before had no three- or four-byte
            // lead there: its byte 63 is not a continuation byte).
            // (One compare: bit 1 is set by a byte-63 continuation byte under a
            // pending lead, bit 2 by a pending E0/ED range check.)
            let pending = self.carry_req
                | (self.prev_cont >> 63 & self.carry_req) << 1
                | (self.carry_e0 | self.carry_ed) << 2;
            if three == 0 && pending <= 1 {
                return self.two_byte_block(d, v, high, leads, cont);
            }
            let four = isa::cmpge_epu8_mask(v, set1(0xF0));
            if four != 0 || CHECK && cont != (leads << 1 | three << 2 | self.carry_req) {
                return false;
            }
            let third = cont & (cont << 1 | self.prev_cont >> 63);
            // A four-byte character that the block before started.
            if third & (cont << 2 | self.prev_cont >> 62) != 0 {
                return false;
            }
            // What this block's last bytes require of the next one (bit 0: a lead
            // byte at 63 or a three-byte one at 62, bit 1: a three-byte one at 63).
            let carry_req = leads >> 63 | three >> 62;
            // Byte `i` ends a character when byte `i + 1` is not a continuation
            // byte; byte 63 unless a lead byte needs byte 64.
            let ends = !(cont >> 1 | (carry_req & 1) << 63);
            if high == u64::MAX && third == ends {
                // Three-byte characters only (CJK): fixed permutes, no compress.
                return self.three_only_step(s, d, v, [leads, three, cont, ends, carry_req]);
            }
            if CHECK {
                // C0 and C1; the byte after E0 (ED) must be A0..BF (80..9F), also
                // when E0 (ED) was byte 63 of the block before.
                if isa::mask_cmplt_epu8_mask(leads, v, set1(0xC2)) != 0 {
                    return false;
                }
                if (three | self.carry_e0 | self.carry_ed) != 0 {
                    let e0 = isa::mask_cmpeq_epu8_mask(three, v, set1(0xE0));
                    let ed = isa::mask_cmpeq_epu8_mask(three, v, set1(0xED));
                    let below_a0 = isa::cmplt_epu8_mask(v, set1(0xA0));
                    let (after_e0, after_ed) = (e0 << 1 | self.carry_e0, ed << 1 | self.carry_ed);
                    if (after_e0 & below_a0 | after_ed & !below_a0) != 0 {
                        return false;
                    }
                    (self.carry_e0, self.carry_ed) = (e0 >> 63, ed >> 63);
                }
            }
            let ascii = !high;
            let payload = isa::mask_blend_epi8(ascii, isa::and_si512(v, set1(0x3F)), v);
            let o = self.mixed_units(d, payload, ascii, ends, third);
            self.end_block(payload, cont, carry_req, ends.leading_zeros() as usize, o);
            true
        }
    }

    /// [`Run::short_step`] for a block of one- and two-byte characters after one
    /// that leaves at most a two-byte lead byte unfinished: each lead byte from
    /// C2 is followed by one continuation byte, every byte but a lead byte ends a
    /// character, and nothing is left for the next block but a lead byte at 63.
    /// (The most common kind of block in the Latin, Cyrillic, Greek, Hebrew and
    /// Arabic scripts, without the three-byte bookkeeping.) Returns `false`, with
    /// nothing changed, on an error.
    ///
    /// # Safety
    /// As for [`Run::step`] with `part` = 64; `d` is where the block's output
    /// goes, `v` its bytes, `high`, `leads` and `cont` their masks of bytes from
    /// 0x80, lead bytes and continuation bytes.
    #[inline(always)]
    unsafe fn two_byte_block(
        &mut self,
        d: *mut u8,
        v: Zmm,
        high: u64,
        leads: u64,
        cont: u64,
    ) -> bool {
        // SAFETY: the caller's promise.
        unsafe {
            if CHECK
                && (cont != (leads << 1 | self.carry_req)
                    || isa::mask_cmplt_epu8_mask(leads, v, set1(0xC2)) != 0)
            {
                return false;
            }
            let ends = !leads;
            let ascii = !high;
            let payload = isa::mask_blend_epi8(ascii, isa::and_si512(v, set1(0x3F)), v);
            // (No three-byte characters: `mixed_units` needs no first bytes.)
            let o = self.mixed_units(d, payload, ascii, ends, 0);
            // (The bytes after the last end: the lead byte at 63, if any.)
            self.end_block(payload, cont, leads >> 63, (leads >> 63) as usize, o);
            true
        }
    }

    /// An ASCII block: widened (the step's bytes count; the bytes after them are
    /// scratch the next step overwrites).
    ///
    /// # Safety
    /// As for [`Run::step`], `d` being where its output goes.
    #[inline(always)]
    unsafe fn ascii_block(&mut self, v: Zmm, d: *mut u8, part: usize) {
        // SAFETY: the caller's promise.
        unsafe {
            self.widen(v, d);
            self.pos += part;
            self.out += part * Self::UNIT;
            self.done = (self.pos, self.out);
            self.prev = tail_of(v, part);
            self.prev_cont = 0;
            (self.carry_e0, self.carry_ed) = (0, 0);
        }
    }

    /// The units of the 64 ASCII bytes `v`, stored at `d`.
    ///
    /// # Safety
    /// The CPU supports the tier's features; `d` has room for a step's stores.
    #[inline(always)]
    unsafe fn widen(&self, v: Zmm, d: *mut u8) {
        // SAFETY: the caller's promise.
        unsafe {
            if UTF32 {
                let quarters = [
                    isa::castsi512_si128(v),
                    isa::extracti32x4_epi32::<1>(v),
                    isa::extracti32x4_epi32::<2>(v),
                    isa::extracti32x4_epi32::<3>(v),
                ];
                for (k, q) in quarters.into_iter().enumerate() {
                    let u = isa::cvtepu8_epi32(q);
                    let u = if BE {
                        isa::shuffle_epi8(u, self.swap)
                    } else {
                        u
                    };
                    isa::storeu(d.add(64 * k), u);
                }
            } else {
                let halves = [isa::castsi512_si256(v), isa::extracti64x4_epi64::<1>(v)];
                for (k, h) in halves.into_iter().enumerate() {
                    let u = isa::cvtepu8_epi16(h);
                    let u = if BE {
                        isa::shuffle_epi8(u, self.swap)
                    } else {
                        u
                    };
                    isa::storeu(d.add(64 * k), u);
                }
            }
        }
    }

    /// A block with a byte from 0x80: checks its structure, converts it by its kind
    /// (the module documentation) and carries its state to the next step. Returns
    /// `false` when the run must stop before it.
    ///
    /// # Safety
    /// As for [`Run::step`], `s` and `d` being the block and where its output goes,
    /// `v` the block's bytes and `high` their mask of bytes from 0x80.
    #[inline(always)]
    unsafe fn multi_block(
        &mut self,
        s: *const u8,
        d: *mut u8,
        v: Zmm,
        high: u64,
        part: usize,
    ) -> bool {
        // SAFETY: the caller's promise.
        unsafe {
            let leads = isa::cmpge_epu8_mask(v, set1(0xC0));
            let cont = high & !leads;
            // Lead bytes E0..FF, and F0..FF among them. (Both compares on every block:
            // comparing for F0 only when there are bytes from E0 puts a branch into
            // the blocks of one- and two-byte characters, the most common ones, and
            // costs them more than the compare.)
            let three = isa::mask_cmpge_epu8_mask(leads, v, set1(0xE0));
            let four = isa::cmpge_epu8_mask(v, set1(0xF0));
            // Every lead byte followed by its continuation bytes, and no other
            // continuation byte.
            if CHECK && cont != (leads << 1 | three << 2 | four << 3 | self.carry_req) {
                return false;
            }
            // Bit 0: the lead byte at 63, a three-byte one at 62 or a four-byte
            // one at 61; bit 1: a three- or four-byte one at 63 or a four-byte
            // one at 62; bit 2: a four-byte one at 63.
            self.carry_req =
                top(leads, part) >> 63 | top(three, part) >> 62 | top(four, part) >> 61;
            let next_cont = ((*s.add(64) as i8) < -0x40) as u64;
            // Byte 63 ends a character when byte 64 is not a continuation byte:
            // not when the block's last character needs byte 64.
            // (In a part block, the check of the continuation bytes covered the
            // byte after it.)
            if CHECK && part == 64 && self.carry_req & 1 > next_cont {
                return false;
            }
            let ends = !(cont >> 1 | next_cont << 63);
            // The ends of the characters this block converts.
            let kept = ends & low_bits(part);
            let ascii = !high;
            let payload = isa::mask_blend_epi8(ascii, isa::and_si512(v, set1(0x3F)), v);
            // Bit `i`: byte `i` and the one (two) before it are continuation
            // bytes: a three-byte (four-byte) character ends there.
            let third = cont & (cont << 1 | self.prev_cont >> 63);
            let fourth = third & (cont << 2 | self.prev_cont >> 62);
            let b = Block {
                s,
                d,
                part,
                v,
                payload,
                leads,
                three,
                ends,
                kept,
                ascii,
                third,
            };
            // (Four-byte characters: the loop's block hooks convert them faster.)
            let written = if fourth != 0 {
                None
            } else if high != u64::MAX || third != ends {
                self.mixed_block(&b)
            } else {
                self.three_byte_block(&b)
            };
            let Some(o) = written else {
                return false;
            };
            self.prev = tail_of(payload, part);
            self.prev_cont = top(cont, part);
            self.out += o;
            if kept != 0 {
                self.done = (self.pos + 64 - kept.leading_zeros() as usize, self.out);
            }
            self.pos += part;
            true
        }
    }

    /// [`Run::short_step`] for a block of three-byte characters only (but perhaps
    /// for a lead byte at 63): the conversion of [`Run::three_byte_block`], with
    /// the state it leaves.
    ///
    /// # Safety
    /// As for [`Run::two_byte_block`]; `masks` are the block's lead bytes, lead
    /// bytes from E0, continuation bytes and ends of characters (those of
    /// three-byte ones, all of them), and what its last bytes require of the next
    /// block ([`Run::short_step`]).
    #[inline(always)]
    unsafe fn three_only_step(
        &mut self,
        s: *const u8,
        d: *mut u8,
        v: Zmm,
        masks: [u64; 5],
    ) -> bool {
        let [leads, three, cont, ends, carry_req] = masks;
        // SAFETY: the caller's promise.
        unsafe {
            let payload = isa::and_si512(v, set1(0x3F));
            let b = Block {
                s,
                d,
                part: 64,
                v,
                payload,
                leads,
                three,
                ends,
                kept: ends,
                ascii: 0,
                third: ends,
            };
            let Some(o) = self.three_byte_block(&b) else {
                return false;
            };
            self.end_block(payload, cont, carry_req, ends.leading_zeros() as usize, o);
            true
        }
    }

    /// The conversion of a block of one- to three-byte characters (see the module
    /// documentation): the units of the characters that end at the bits of `ends`
    /// stored at `d`, from the block's `payload` bytes and its `ascii` mask;
    /// `third` marks the ends of three-byte characters (zero: their first bytes
    /// are not needed). Returns the bytes written.
    ///
    /// # Safety
    /// The CPU supports the tier's features; `d` has room for a step's stores.
    #[inline(always)]
    unsafe fn mixed_units(
        &self,
        d: *mut u8,
        payload: Zmm,
        ascii: u64,
        ends: u64,
        third: u64,
    ) -> usize {
        // SAFETY: the caller's promise.
        unsafe {
            let mut o = 0;
            for g in 0..2 {
                let e = (ends >> (32 * g)) as u32;
                let pairs = isa::permutex2var_epi8(payload, self.pair_idx[g], self.prev);
                let weights =
                    isa::mask_blend_epi16((ascii >> (32 * g)) as u32, self.w_multi, self.w_ascii);
                let mut u = isa::maddubs_epi16(pairs, weights);
                let t = (third >> (32 * g)) as u32;
                if t != 0 {
                    let first = isa::permutex2var_epi8(payload, self.first_idx[g], self.prev);
                    u = isa::mask_add_epi16(u, t, u, isa::slli_epi16::<12>(first));
                }
                let count = e.count_ones() as usize;
                self.put(d, isa::maskz_compress_epi16(e, u), count, o);
                o += count * Self::UNIT;
            }
            o
        }
    }

    /// The state after a whole block of the short step that wrote `o` bytes: its
    /// payload bytes, continuation mask and `carry_req` (what its last bytes
    /// require of the next block), and the character boundary `after_end` bytes
    /// before its end (the bytes after its last end).
    #[inline(always)]
    fn end_block(&mut self, payload: Zmm, cont: u64, carry_req: u64, after_end: usize, o: usize) {
        self.prev = payload;
        self.prev_cont = cont;
        self.carry_req = carry_req;
        self.out += o;
        self.pos += 64;
        self.done = (self.pos - after_end, self.out);
    }

    /// Stores `count` units of `u` at `d + o` (16-bit units, widened to 32 bits for
    /// UTF-32, in the output byte order).
    ///
    /// # Safety
    /// The CPU supports the tier's features; `d + o` has room for a step's stores.
    #[inline(always)]
    unsafe fn put(&self, d: *mut u8, u: Zmm, count: usize, o: usize) {
        // SAFETY: the caller's promise.
        unsafe {
            if UTF32 {
                let lo = isa::cvtepu16_epi32(isa::castsi512_si256(u));
                let hi = isa::cvtepu16_epi32(isa::extracti64x4_epi64::<1>(u));
                let (lo, hi) = if BE {
                    (
                        isa::shuffle_epi8(lo, self.swap),
                        isa::shuffle_epi8(hi, self.swap),
                    )
                } else {
                    (lo, hi)
                };
                isa::storeu(d.add(o), lo);
                if count > 16 {
                    isa::storeu(d.add(o + 64), hi);
                }
            } else {
                let u = if BE {
                    isa::shuffle_epi8(u, self.swap)
                } else {
                    u
                };
                isa::storeu(d.add(o), u);
            }
        }
    }

    /// One- to three-byte characters: a unit per byte position, compressed to the
    /// ends. Returns the bytes written, or `None` on an error.
    ///
    /// # Safety
    /// As for [`Run::multi_block`].
    #[inline(always)]
    unsafe fn mixed_block(&mut self, b: &Block) -> Option<usize> {
        // SAFETY: the caller's promise.
        unsafe {
            if CHECK {
                // C0 and C1. (The blocks of three- or four-byte characters
                // only have no two-byte character; a two-byte lead byte at
                // 63 is checked there by itself.)
                if isa::mask_cmplt_epu8_mask(b.leads, b.v, set1(0xC2)) != 0 {
                    return None;
                }
                // The byte after E0 (ED) must be A0..BF (80..9F), also
                // when E0 (ED) was byte 63 of the block before. (The
                // characters with F0..FF end in another block, checked
                // there.)
                if (b.three | self.carry_e0 | self.carry_ed) != 0 {
                    let e0 = isa::mask_cmpeq_epu8_mask(b.three, b.v, set1(0xE0));
                    let ed = isa::mask_cmpeq_epu8_mask(b.three, b.v, set1(0xED));
                    let below_a0 = isa::cmplt_epu8_mask(b.v, set1(0xA0));
                    let (after_e0, after_ed) = (e0 << 1 | self.carry_e0, ed << 1 | self.carry_ed);
                    if (after_e0 & below_a0 | after_ed & !below_a0) != 0 {
                        return None;
                    }
                    (self.carry_e0, self.carry_ed) = (top(e0, b.part) >> 63, top(ed, b.part) >> 63);
                }
            }
            Some(self.mixed_units(b.d, b.payload, b.ascii, b.kept, b.third))
        }
    }

    /// Three-byte characters only (CJK): their ends are three bytes apart from the
    /// first one at `q` (0..=2, as every end is a third byte), so fixed permutes put
    /// them in order, without a compress. Returns the bytes written, or `None` on an
    /// error.
    ///
    /// # Safety
    /// As for [`Run::multi_block`].
    #[inline(always)]
    unsafe fn three_byte_block(&mut self, b: &Block) -> Option<usize> {
        // SAFETY: the caller's promise; the tables are 64 aligned bytes each.
        unsafe {
            let q = (b.ends.trailing_zeros() as usize).min(2);
            let pairs =
                isa::permutex2var_epi8(b.payload, isa::loadu(THREE_PAIR[q].0.as_ptr()), self.prev);
            let first =
                isa::permutex2var_epi8(b.payload, isa::loadu(THREE_FIRST[q].0.as_ptr()), self.prev);
            let u = isa::add_epi16(
                isa::maddubs_epi16(pairs, self.w_multi),
                isa::slli_epi16::<12>(first),
            );
            let count = b.kept.count_ones() as usize;
            // Checked by value: E0 80..9F is overlong (below U+0800), ED
            // A0..BF a surrogate.
            // (The words after the last character repeat it.)
            if CHECK {
                let overlong = isa::cmplt_epu16_mask(u, isa::set1_epi16(0x800));
                let surrogate = isa::cmplt_epu16_mask(
                    isa::sub_epi16(u, isa::set1_epi16(0xD800_u16 as i16)),
                    isa::set1_epi16(0x800),
                );
                if overlong | surrogate != 0 {
                    return None;
                }
            }
            if CHECK && unfinished_error(b.s, b.part) {
                return None;
            }
            self.put(b.d, u, count, 0);
            let last = *b.s.add(b.part - 1);
            (self.carry_e0, self.carry_ed) = ((last == 0xE0) as u64, (last == 0xED) as u64);
            Some(count * Self::UNIT)
        }
    }
}

crate::x86_64::avx512::isa::avx512_target_feature! {
    "avx512f,avx512bw,avx512vbmi,avx512vbmi2,popcnt,lzcnt";
    /// The run: checks (unless `!CHECK`) and converts the blocks at the start of
    /// `src`, 64 bytes per step, into `dst` (see the module documentation); returns
    /// `(consumed, written)` up to the character boundary after the last character
    /// converted, or `None` when that is none.
    ///
    /// # Safety
    /// The CPU supports the tier's features; `src` starts at a character boundary.
    /// Without `CHECK` (trusted input) any bytes keep every access within the
    /// bounds checked here.
    ///
    /// Not inlined into the loop: it is called once per run of blocks, and kept
    /// apart it leaves the loop's own block code its registers.
    #[inline(never)]
    unsafe fn run_blocks<const UTF32: bool, const BE: bool, const CHECK: bool>(
        src: &[u8],
        dst: &mut [u8],
    ) -> Option<(usize, usize)> {
        // SAFETY: the tier's features are the caller's promise; every step is
        // preceded by `fits`, and a part block has `4 <= cut < 64` bytes.
        unsafe {
            let mut run = Run::<UTF32, BE, CHECK>::new();
            // The loads aligned to 64 bytes (a load that straddles two cache lines
            // is slow): when `src` is not on a boundary, the first step converts only
            // the characters that end before the first one (a part block), and the
            // steps after it start there.
            let cut = to_line(src.as_ptr(), 64);
            let go = if cut >= 4 && src.len() >= ALIGN_MIN {
                run.fits(src, dst) && run.step(src, dst, cut)
            } else {
                true
            };
            if go {
                while run.fits(src, dst) {
                    if !(run.short_step(src, dst) || run.step(src, dst, 64)) {
                        break;
                    }
                }
            }
            (run.done.0 != 0).then_some(run.done)
        }
    }
}

/// Whether a block of three- or four-byte characters only, at `s`, leaves an
/// error in the character it does not finish that a mixed block after it would not
/// check (such a block checks its own lead bytes, and the byte after E0/ED at the
/// last byte of the block before): C0/C1 at byte `part - 1`, or E0 (ED) at byte
/// `part - 2` and a byte `part - 1` outside A0..BF (80..9F). The blocks of three- or
/// four-byte characters check the characters that end in them by value, not their
/// bytes. (`part` is 64, or the length of a part block, see [`Run::step`].)
///
/// # Safety
/// `2 <= part <= 64`; `part` readable bytes at `s`.
#[inline(always)]
unsafe fn unfinished_error(s: *const u8, part: usize) -> bool {
    // SAFETY: the caller's promise.
    let (b62, b63) = unsafe { (*s.add(part - 2), *s.add(part - 1)) };
    b63 & 0xFE == 0xC0 || b62 == 0xE0 && b63 < 0xA0 || b62 == 0xED && b63 >= 0xA0
}

impl DecodeHooks<__m256i> for Vbmi2Dec {
    // Everything but `run` is the avx2 kernel's hooks (`Avx2`).
    const BLOCK_READ: usize = <Avx2 as DecodeHooks<__m256i>>::BLOCK_READ;
    const BLOCK_WRITE_UTF16: usize = <Avx2 as DecodeHooks<__m256i>>::BLOCK_WRITE_UTF16;
    const BLOCK_WRITE_UTF32: usize = <Avx2 as DecodeHooks<__m256i>>::BLOCK_WRITE_UTF32;
    const GENERIC_BLOCKS: bool = <Avx2 as DecodeHooks<__m256i>>::GENERIC_BLOCKS;

    #[inline(always)]
    unsafe fn ascii_run<const UTF32: bool, const BE: bool>(
        src: &[u8],
        dst: &mut [u8],
    ) -> Option<(usize, usize)> {
        // SAFETY: the tier has the avx2 kernel's features; the rest is the caller's.
        unsafe { <Avx2 as DecodeHooks<__m256i>>::ascii_run::<UTF32, BE>(src, dst) }
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
            // A four-byte character first (emoji): the run declines blocks with
            // four-byte characters, so the loop's block hooks take it without the
            // cost of starting the run. (A scalar test: loading the block again
            // at 512 bits here, next to the loop's 256-bit loads, makes the
            // compiler rebuild those loads byte by byte.)
            if src[0] >= 0xF0 {
                return None;
            }
            if mode == Mode::Valid {
                run_blocks::<UTF32, BE, false>(src, dst)
            } else {
                run_blocks::<UTF32, BE, true>(src, dst)
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
        // SAFETY: as for `ascii_run` (the bounds are `Avx2`'s).
        unsafe {
            <Avx2 as DecodeHooks<__m256i>>::checked_block::<UTF32, BE>(src, block, cont, mode, dst)
        }
    }

    #[inline(always)]
    unsafe fn valid_block<const UTF32: bool, const BE: bool>(
        src: *const u8,
        block: &[__m256i; 2],
        cont: u64,
        mode: Mode,
        dst: *mut u8,
    ) -> Option<(usize, usize)> {
        // SAFETY: as for `ascii_run`.
        unsafe {
            <Avx2 as DecodeHooks<__m256i>>::valid_block::<UTF32, BE>(src, block, cont, mode, dst)
        }
    }
}

/// `Kernel::utf8_to_utf16`: the generic loop (256-bit blocks) with [`Vbmi2Dec`].
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
