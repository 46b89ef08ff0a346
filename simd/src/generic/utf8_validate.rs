//! UTF-8 validation with the "lookup" algorithm of Keiser and Lemire ("Validating
//! UTF-8 In Less Than One Instruction Per Byte", Software: Practice and Experience,
//! 2021), written once for every [`Vector`].
//!
//! # The idea
//!
//! A byte-at-a-time validator walks a state machine: it has to know where each
//! character starts before it can judge the next byte. The lookup algorithm avoids
//! that serial dependency by noticing that almost every UTF-8 rule is a rule about
//! *two adjacent bytes*. For every position `i` of a vector we look at the pair
//! `(input[i-1], input[i])` ("prev1" and the current byte) and ask three 16-entry
//! tables, indexed by the high nibble of `prev1`, the low nibble of `prev1` and the
//! high nibble of the current byte. Each table entry is a byte of flags, one bit per
//! kind of error the nibble is *compatible with*; an error class is present at `i`
//! exactly when all three nibbles agree on it, so the classification is the bitwise
//! AND of three table lookups (`pshufb`/`vqtbl1q` do 16 or 64 lookups at once):
//!
//! - too short: a lead byte followed by something that is not a continuation byte;
//! - too long: an ASCII byte followed by a continuation byte;
//! - overlong 2/3/4-byte forms (`C0`/`C1`, `E0 80..9F`, `F0 80..8F`);
//! - surrogates (`ED A0..BF`) and code points above U+10FFFF (`F4 90..BF`, `F5..FF`);
//! - "two continuations": a continuation byte after a continuation byte.
//!
//! The last class is not an error by itself: it is legal exactly when the current
//! byte is the third or fourth byte of a sequence, i.e. when the byte two positions
//! back ("prev2") is a 3- or 4-byte lead (`>= E0`) or the byte three positions back
//! ("prev3") is a 4-byte lead (`>= F0`). Those two comparisons are done with
//! unsigned saturating subtractions whose high bit says "must be a continuation".
//! XOR-ing that bit into the "two continuations" bit cancels the expected cases and
//! turns a missing continuation (a lead of length 3 or 4 followed by too few
//! continuation bytes) into an error. Every byte position of the input is then
//! checked; everything left over after the XOR is an error, so errors of all
//! vectors are simply OR-ed into one accumulator and tested rarely.
//!
//! # This implementation
//!
//! Input is processed in 64-byte blocks (one AVX-512 vector, two AVX2 vectors, four
//! SSE/NEON vectors). "prev1/prev2/prev3" of the first vector of a block need the
//! last bytes of the previous block: inside the input they are simply *loaded again*
//! from memory one, two and three bytes earlier (an unaligned load is cheaper than
//! the cross-lane shuffles `shift_in_*` costs on AVX2 and AVX-512, and shuffles are
//! the bottleneck of this algorithm); only the first block of the input takes them
//! from registers with `shift_in_*` and a zero "previous" vector. Where reloading
//! costs more than shifting ([`Vector::PREVIOUS_BY_LOADS`]: WebAssembly, whose engines
//! spill the reloaded vectors), only a block's first vector reloads and the others
//! shift in the bytes of the vector before them.
//!
//! A block in which no byte has its high bit set is pure ASCII and needs no table
//! work; the only way it can be wrong is if the previous block ended in the middle
//! of a sequence, which we precompute for every non-ASCII block ("incomplete":
//! a saturating subtraction of `[.., EF, DF, BF]` from its last bytes, nonzero iff
//! one of the last three bytes starts a sequence longer than what remains). After
//! an ASCII block the following ASCII is skipped, the next block alone and then 128
//! bytes at a time.
//!
//! The last partial block is copied into a zero-filled stack buffer together with
//! the three bytes before it, so nothing past the slice is ever read; the zeros
//! after the data also make an input that ends inside a sequence fail ("too short").
//!
//! Testing the accumulated error costs a little, so it is done every 4 KiB for
//! `is_utf8` (early exit on bad input without slowing the loop) and every 256
//! bytes for `validate_utf8`, remembering where the unchecked stretch starts.
//! When that test fails, everything before the stretch is known to be valid
//! (except perhaps a sequence cut by its start): we back up to the start of that
//! character (at most three bytes) and let the scalar validator report the exact
//! `valid_up_to`/`error_len` from there, so `validate_utf8` returns exactly what
//! `core::str::from_utf8` does, and an error at the start of a long input is
//! found after a few hundred bytes, not at the end.

//! # ASCII inside mixed text
//!
//! Real text is neither pure ASCII nor pure script: markup, numbers, names and
//! punctuation come in runs between the words of a script, so a large share of
//! the 64-byte blocks of an article in French, German or Russian are ASCII
//! (often half of them or more). The
//! skip above works at that block level, inside the checked loop, and costs a
//! pure-script block only the test of its high bits, which the block needs
//! anyway to compute what it leaves incomplete. A finer skip (per vector within
//! a block) or a coarser one (two blocks per test) was not kept: on such text the
//! branch between an ASCII block and a checked one is taken at random, and a
//! finer skip adds branches while a coarser one checks more blocks in full.
//! The same holds inside a run: its first step after the ASCII block that starts
//! it tests one block, not two, since a run in mixed text is often a block or two
//! long (a two-block test that fails on its second block has read its first for
//! nothing, and the checked loop reads it again); a run that goes on is taken two
//! blocks a step, as a long one (English, JSON keys and markup) wants.
//!
//! Where the time goes on such text (AMD Zen 3, 256-bit vectors): an ASCII block
//! costs a handful of instructions here as in simdutf8, so on text with many of
//! them the lead over simdutf8 shrinks towards the lead of the check itself,
//! diluted by the share of ASCII; the branch between the two kinds of block is
//! mispredicted at random, whoever takes it. The check of a block is bound by its
//! vector operations (about 34 with 256-bit vectors, a third of them shifts and
//! shuffles), not by the loop around it. Three changes were measured and not kept:
//!
//! - A loop of its own for a stretch of checked blocks, with one compare per block
//!   for the end of the interval and of the input: the saved instructions gain
//!   little on one-script text, and the extra branch at each change of kind costs
//!   more on text whose blocks alternate (German, Esperanto).
//! - The ASCII test of the next block done before the check of this one, so that
//!   the branch does not wait behind the check's vector work: the block is loaded
//!   twice and the loop takes more branches; slower on every text.
//! - A two-byte check: where no byte of a block nor of the three before it is `E0`
//!   or above (letters of Latin, Cyrillic, Greek, Hebrew and Arabic text), no byte
//!   is the third or fourth of a sequence, "must be a continuation" is zero, and
//!   the lookups of each byte pair alone are the check (half the loads, ten fewer
//!   operations a block with 256-bit vectors). Taken after an ASCII block for the
//!   two-byte blocks that follow, it makes text in those scripts clearly faster,
//!   but its test and the larger loop slow text in three-byte scripts (Thai, CJK,
//!   Hindi) by more than a row may lose, and trying it less often after failures
//!   loses the gain on Latin text, whose typographic punctuation is three bytes.
//!
//! # Why 512-bit vectors gain less than twice
//!
//! The check of one 64-byte block is a fixed list of instructions whatever the
//! width: per vector, two shifts and three `and`s for the nibbles, three
//! shuffles for the lookups, two saturating subtractions and three logic
//! operations (LLVM fuses the `and`/`or`/`xor` chains of `check_vector` into
//! `vpternlog` when AVX-512 is enabled): 13 vector operations and 4 loads per
//! 64 bytes with 512-bit vectors, 2 x 14 and 8 loads with 256-bit ones. With
//! AVX-512 VBMI the three `and`s that isolate nibbles go ([`Nibbles`]: `vpermb`
//! reads six index bits, and the tables repeat in every lane), leaving 10. Where
//! each 512-bit operation takes the place of two 256-bit ones the gain is close
//! to the ratio of instruction counts: on AMD Zen 4, which splits 512-bit
//! operations into two halves on its four 256-bit pipes, the avx512-vbmi2 tier
//! validates text much faster than the avx2 kernel (see the benchmark report):
//! the benefit of half the instructions to decode and retire. Intel cores instead run 512-bit
//! vector operations on two ports (0 and 5; port 1 is fused with port 0 for them)
//! where 256-bit ones have three, and `vpshufb` only on port 5: the bound is 13 /
//! 2 cycles per block against 28 / 3, a third more speed at best, less than the
//! instruction count suggests. And every 64-byte load but the aligned one is a
//! load that straddles two cache lines (the three shifted loads of a block start
//! one to three bytes before it), which Intel cores pay for twice; a 256-bit
//! vector straddles a line for only one of its two vectors per block. The
//! alternative, shifting the previous vector in with two-source permutes as
//! simdutf does, trades those loads for three more shuffles on port 5, the
//! busiest one. (This machine has no performance counters for the measurement;
//! the port counts are from Intel's published tables.)

use crate::vector::Vector;
use utfast_scalar::Utf8Error;

/// Bytes per block.
pub(crate) const BLOCK: usize = 64;

// Error classes, one bit each (the bits of the lookup tables).
/// A lead byte not followed by a continuation byte (or a lead after a lead).
const TOO_SHORT: u8 = 1 << 0;
/// An ASCII byte followed by a continuation byte.
const TOO_LONG: u8 = 1 << 1;
/// `E0 80..9F`: overlong 3-byte form.
const OVERLONG_3: u8 = 1 << 2;
/// `F4 90..BF`, `F5..FF 90..BF`: above U+10FFFF.
const TOO_LARGE: u8 = 1 << 3;
/// `ED A0..BF`: a surrogate.
const SURROGATE: u8 = 1 << 4;
/// `C0..C1 80..BF`: overlong 2-byte form.
const OVERLONG_2: u8 = 1 << 5;
/// `F5..FF 80..8F`: above U+10FFFF (shares its bit with `OVERLONG_4`: the low
/// nibble of the lead byte tells them apart).
const TOO_LARGE_1000: u8 = 1 << 6;
/// `F0 80..8F`: overlong 4-byte form.
const OVERLONG_4: u8 = 1 << 6;
/// A continuation byte after a continuation byte (legal as 3rd/4th byte only).
const TWO_CONTS: u8 = 1 << 7;
/// The classes decided by the high nibbles alone: every low nibble allows them.
const CARRY: u8 = TOO_SHORT | TOO_LONG | TWO_CONTS;

/// Classes compatible with the high nibble of the first byte of a pair.
const fn byte1_high(nibble: u8) -> u8 {
    match nibble {
        0x0..=0x7 => TOO_LONG,
        0x8..=0xB => TWO_CONTS,
        0xC => TOO_SHORT | OVERLONG_2,
        0xD => TOO_SHORT,
        0xE => TOO_SHORT | OVERLONG_3 | SURROGATE,
        _ => TOO_SHORT | TOO_LARGE | TOO_LARGE_1000 | OVERLONG_4,
    }
}

/// Classes compatible with the low nibble of the first byte of a pair.
const fn byte1_low(nibble: u8) -> u8 {
    CARRY
        | match nibble {
            0x0 => OVERLONG_2 | OVERLONG_3 | OVERLONG_4,
            0x1 => OVERLONG_2,
            0x2..=0x3 => 0,
            0x4 => TOO_LARGE,
            0xD => TOO_LARGE | TOO_LARGE_1000 | SURROGATE,
            _ => TOO_LARGE | TOO_LARGE_1000,
        }
}

/// Classes compatible with the high nibble of the second byte of a pair.
const fn byte2_high(nibble: u8) -> u8 {
    const CONT: u8 = TOO_LONG | OVERLONG_2 | TWO_CONTS;
    match nibble {
        0x8 => CONT | OVERLONG_3 | OVERLONG_4 | TOO_LARGE_1000,
        0x9 => CONT | OVERLONG_3 | TOO_LARGE,
        0xA..=0xB => CONT | SURROGATE | TOO_LARGE,
        _ => TOO_SHORT,
    }
}

/// The 16-entry tables of `byte1_high`, `byte1_low` and `byte2_high`.
const fn tables() -> [[u8; 16]; 3] {
    let mut t = [[0u8; 16]; 3];
    let mut i = 0;
    while i < 16 {
        t[0][i] = byte1_high(i as u8);
        t[1][i] = byte1_low(i as u8);
        t[2][i] = byte2_high(i as u8);
        i += 1;
    }
    t
}

#[cfg(test)]
const BYTE1_HIGH: [u8; 16] = tables()[0];

// WTF-8, CESU-8, MUTF-8: the same algorithm with other rules.

/// The rules one instantiation of the validator checks: UTF-8 ([`Utf8Rules`]), or
/// WTF-8, CESU-8, MUTF-8 (`crate::generic::wtf8`). Everything is a constant, so each
/// instantiation compiles to its own loop with the unused checks removed.
pub(crate) trait Rules {
    /// `[byte1_high, byte1_low, byte2_high]`.
    const TABLES: [[u8; 16]; 3];
    /// Surrogate pairs: [`PAIRS_NONE`] (UTF-8: every surrogate is an error through
    /// the tables), [`PAIRS_FORBIDDEN`] (WTF-8: a lead surrogate sequence followed
    /// by a trail surrogate sequence is an error), [`PAIRS_REQUIRED`] (CESU-8: every
    /// surrogate sequence is part of a lead+trail pair).
    const PAIRS: u8;
    /// Modified UTF-8: a `00` byte is an error and `C0 80` is valid.
    const MUTF8: bool;
    /// The scalar validator that reports the exact error.
    fn scalar(window: &[u8]) -> Result<(), Utf8Error>;
}

/// See [`Rules::PAIRS`].
pub(crate) const PAIRS_NONE: u8 = 0;
/// See [`Rules::PAIRS`].
pub(crate) const PAIRS_FORBIDDEN: u8 = 1;
/// See [`Rules::PAIRS`].
pub(crate) const PAIRS_REQUIRED: u8 = 2;

/// UTF-8 (Unicode Table 3-7).
pub(crate) struct Utf8Rules;

impl Rules for Utf8Rules {
    const TABLES: [[u8; 16]; 3] = tables();
    const PAIRS: u8 = PAIRS_NONE;
    const MUTF8: bool = false;
    fn scalar(window: &[u8]) -> Result<(), Utf8Error> {
        utfast_scalar::utf8::validate_utf8_short(window)
    }
}

/// The tables of UTF-8 with surrogate sequences (`ED A0..BF`) allowed and, if
/// `no_four_byte`, every `F0..FF` lead an error (CESU-8): an `F` high nibble then
/// also carries `TOO_LONG`, which every continuation byte carries as second byte.
/// Only evaluated in constants (`#[inline]`: no code is emitted for it otherwise).
#[inline]
pub(crate) const fn tables_with_surrogates(no_four_byte: bool) -> [[u8; 16]; 3] {
    let mut t = tables();
    t[0][0xE] &= !SURROGATE;
    if no_four_byte {
        t[0][0xF] |= TOO_LONG;
    }
    t
}

/// The tables of UTF-8 without 4-byte sequences: every `F0..FF` lead is an error
/// (as in [`tables_with_surrogates`]), and so are surrogates. CESU-8 text that
/// passes them is UTF-8 written the same way (no surrogate pair to rewrite).
#[inline]
pub(crate) const fn tables_bmp() -> [[u8; 16]; 3] {
    let mut t = tables();
    t[0][0xF] |= TOO_LONG;
    t
}

/// `1` in each byte of `x` equal to `c`, `0` elsewhere.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
unsafe fn is_byte<V: Vector>(x: V, c: u8) -> V {
    // SAFETY: the ISA is the caller's promise.
    unsafe { V::splat(1).saturating_sub(x.xor(V::splat(c))) }
}

/// `1` where `prev` is `ED` and the high nibble of `cur` is `high`: the second byte
/// of a lead (`A`) or trail (`B`) surrogate sequence.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
unsafe fn surrogate_second<V: Vector>(prev: V, cur: V, high: u8) -> V {
    // SAFETY: the ISA is the caller's promise.
    unsafe { is_byte(prev, 0xED).and(is_byte(cur.shr4(), high)) }
}

/// `1` at byte 62 of a 64-byte block: where the second byte of a lead surrogate
/// sequence that ends the block lies.
static LEAD_AT_END: [u8; 64] = {
    let mut t = [0; 64];
    // The lead's second byte at 61 (its trail from 63) or 62 (trail from 64): the
    // trail's second byte, where a missing trail is flagged, is in the next block.
    t[61] = 1;
    t[62] = 1;
    t
};

/// The extra error bits of [`Rules::PAIRS`] and [`Rules::MUTF8`] for one vector
/// (`error` is the table result, returned with them).
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
unsafe fn extra_checks<V: Vector, R: Rules>(error: V, input: V, prev1: V, prev3: V, prev4: V) -> V {
    // SAFETY: the ISA is the caller's promise.
    unsafe {
        let mut error = error;
        if R::PAIRS != PAIRS_NONE {
            let lead_before = surrogate_second(prev4, prev3, 0xA);
            let trail = surrogate_second(prev1, input, 0xB);
            error = error.or(if R::PAIRS == PAIRS_FORBIDDEN {
                lead_before.and(trail)
            } else {
                lead_before.xor(trail)
            });
        }
        if R::MUTF8 {
            // C0 80 is U+0000: clear its overlong-2 bit (its only one); a 00 byte is
            // an error (any nonzero bit does).
            let c080 = is_byte(prev1, 0xC0).and(is_byte(input, 0x80));
            let mut bit = [0u8; 16];
            bit[1] = OVERLONG_2;
            error = error.xor(c080.lookup16(V::broadcast_lane(&bit)));
            error = error.or(is_byte(input, 0));
        }
        error
    }
}
#[cfg(test)]
const BYTE1_LOW: [u8; 16] = tables()[1];
#[cfg(test)]
const BYTE2_HIGH: [u8; 16] = tables()[2];

/// `0xFF` except the last three bytes, which hold the largest byte that does not
/// start a sequence too long to fit: subtracting this from the last 64 bytes of a
/// block (saturating) is nonzero iff the block ends inside a sequence.
static INCOMPLETE_MAX: [u8; 64] = {
    let mut t = [0xFF; 64];
    t[61] = 0xF0 - 1;
    t[62] = 0xE0 - 1;
    t[63] = 0xC0 - 1;
    t
};

/// The constants of the algorithm, splatted once per call.
struct Tables<V> {
    byte1_high: V,
    byte1_low: V,
    byte2_high: V,
    low_nibble: V,
    third_byte: V,
    fourth_byte: V,
    high_bit: V,
    incomplete_max: V,
}

impl<V: Vector> Tables<V> {
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    unsafe fn new<R: Rules>() -> Self {
        // SAFETY: the ISA is the caller's promise; INCOMPLETE_MAX has 64 >= V::BYTES
        // bytes from `64 - V::BYTES`.
        unsafe {
            Tables {
                byte1_high: V::broadcast_lane(&R::TABLES[0]),
                byte1_low: V::broadcast_lane(&R::TABLES[1]),
                byte2_high: V::broadcast_lane(&R::TABLES[2]),
                low_nibble: V::splat(0x0F),
                third_byte: V::splat(0xE0 - 0x80),
                fourth_byte: V::splat(0xF0 - 0x80),
                high_bit: V::splat(0x80),
                incomplete_max: V::load_unaligned(INCOMPLETE_MAX.as_ptr().add(64 - V::BYTES)),
            }
        }
    }
}

/// How [`check_vector`] looks up a nibble of each byte in a 16-entry table that
/// is broadcast to every 128-bit lane of the vector.
///
/// The portable way ([`Shuffle16`]) isolates the nibble first (a shift and an
/// `and` for the high one, an `and` for the low one): `pshufb`/`tbl` read the low
/// four bits of the index and zero the result when its high bit is set. A
/// 64-entry byte permute (`vpermb`, AVX-512 VBMI) reads the low *six* bits
/// instead; as the 16 entries are repeated in each of the four lanes of the
/// table, bits 4 and 5 of the index select among identical copies and bit 7 is
/// ignored, so the bytes can index it as they are (low nibble) or shifted right
/// by four in 16-bit lanes, which leaves the neighbouring byte's low nibble in
/// bits 4-7 (high nibble). That saves three of the thirteen vector operations of
/// a check (see the essay above).
pub(crate) trait Nibbles<V: Vector> {
    /// `table[x >> 4]` in every byte.
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA and the implementation's.
    unsafe fn high(x: V, table: V) -> V;
    /// `table[x & 0x0F]` in every byte; `low_nibble` is `V::splat(0x0F)`.
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA and the implementation's.
    unsafe fn low(x: V, table: V, low_nibble: V) -> V;
}

/// [`Nibbles`] by isolating the nibble and a 16-entry lookup: every `Vector`.
pub(crate) struct Shuffle16;

impl<V: Vector> Nibbles<V> for Shuffle16 {
    #[inline(always)]
    unsafe fn high(x: V, table: V) -> V {
        // SAFETY: the ISA is the caller's promise.
        unsafe { x.shr4().lookup16(table) }
    }
    #[inline(always)]
    unsafe fn low(x: V, table: V, low_nibble: V) -> V {
        // SAFETY: the ISA is the caller's promise.
        unsafe { x.and(low_nibble).lookup16(table) }
    }
}

/// The error bits of one vector, given the vector and the same bytes shifted by one,
/// two and three positions (nonzero iff some byte of `input` is invalid in context).
///
/// # Safety
/// The CPU supports `V`'s ISA and `N`'s.
#[inline(always)]
unsafe fn check_vector<V: Vector, N: Nibbles<V>>(
    t: &Tables<V>,
    input: V,
    prev1: V,
    prev2: V,
    prev3: V,
) -> V {
    // SAFETY: the ISA is the caller's promise.
    unsafe {
        let special = N::high(prev1, t.byte1_high)
            .and(N::low(prev1, t.byte1_low, t.low_nibble))
            .and(N::high(input, t.byte2_high));
        let third = prev2.saturating_sub(t.third_byte);
        let fourth = prev3.saturating_sub(t.fourth_byte);
        let must_be_continuation = third.or(fourth).and(t.high_bit);
        must_be_continuation.xor(special)
    }
}

/// Accumulated state between blocks.
struct State<V> {
    /// OR of the error bits of every checked vector.
    error: V,
    /// Nonzero iff the last non-ASCII block ended inside a sequence.
    prev_incomplete: V,
}

/// Whether the `bytes` bytes at `ptr` (a multiple of `V::BYTES`) are all ASCII
/// (and, for Modified UTF-8, none is `00`).
///
/// # Safety
/// The CPU supports `V`'s ISA; `ptr..ptr + bytes` is readable.
#[inline(always)]
pub(crate) unsafe fn all_ascii<V: Vector, R: Rules>(ptr: *const u8, bytes: usize) -> bool {
    debug_assert!(bytes.is_multiple_of(V::BYTES) && bytes > 0);
    // SAFETY: every load is within `ptr..ptr + bytes`, readable by the caller's promise.
    unsafe {
        let mut any = V::load_unaligned(ptr);
        let mut zero = if R::MUTF8 {
            is_byte(any, 0)
        } else {
            V::splat(0)
        };
        let mut j = V::BYTES;
        while j < bytes {
            let v = V::load_unaligned(ptr.add(j));
            any = any.or(v);
            if R::MUTF8 {
                zero = zero.or(is_byte(v, 0));
            }
            j += V::BYTES;
        }
        !any.any_high_bit() && (!R::MUTF8 || zero.is_zero())
    }
}

/// Checks the 64-byte block at `ptr` (the full algorithm, no ASCII shortcut),
/// OR-ing its errors into `s.error` and recording whether it ends incomplete.
/// `HISTORY`: the three bytes before `ptr` are readable and part of the input;
/// otherwise the block is the start of the input and its first vector's
/// predecessors are zeros shifted in.
///
/// # Safety
/// The CPU supports `V`'s ISA; `ptr..ptr + 64` is readable, and so is `ptr - 3..ptr`
/// if `HISTORY`.
/// With [`Rules::PAIRS`], `HISTORY` means four bytes before `ptr`.
#[inline(always)]
unsafe fn check_block<V: Vector, R: Rules, N: Nibbles<V>, const HISTORY: bool>(
    t: &Tables<V>,
    ptr: *const u8,
    s: &mut State<V>,
) {
    let n = BLOCK / V::BYTES;
    debug_assert!(n * V::BYTES == BLOCK);
    // SAFETY: every load is within `ptr - 3..ptr + 64` (the `- k` loads only for
    // j > 0 or with HISTORY), which the caller guarantees readable.
    unsafe {
        let mut input = V::splat(0);
        for j in 0..n {
            let p = ptr.add(j * V::BYTES);
            let before = input;
            input = V::load_unaligned(p);
            let (prev1, prev2, prev3) = if (HISTORY && j == 0) || (j > 0 && V::PREVIOUS_BY_LOADS) {
                (
                    V::load_unaligned(p.sub(1)),
                    V::load_unaligned(p.sub(2)),
                    V::load_unaligned(p.sub(3)),
                )
            } else {
                (
                    input.shift_in_one_byte(before),
                    input.shift_in_two_bytes(before),
                    input.shift_in_three_bytes(before),
                )
            };
            let error = check_vector::<V, N>(t, input, prev1, prev2, prev3);
            if R::PAIRS == PAIRS_NONE && !R::MUTF8 {
                s.error = s.error.or(error);
            } else {
                let prev4 = if R::PAIRS == PAIRS_NONE {
                    V::splat(0)
                } else if HISTORY || j > 0 {
                    V::load_unaligned(p.sub(4))
                } else {
                    prev1.shift_in_three_bytes(V::splat(0))
                };
                s.error = s
                    .error
                    .or(extra_checks::<V, R>(error, input, prev1, prev3, prev4));
            }
            if R::PAIRS == PAIRS_REQUIRED && j + 1 == n {
                // A lead surrogate ending the block needs its trail in the next one,
                // which may be skipped as ASCII: count it as unfinished.
                let lead = surrogate_second(prev1, input, 0xA);
                let at_end = V::load_unaligned(LEAD_AT_END.as_ptr().add(64 - V::BYTES));
                s.prev_incomplete = input.saturating_sub(t.incomplete_max).or(lead.and(at_end));
            }
        }
        if R::PAIRS != PAIRS_REQUIRED {
            s.prev_incomplete = input.saturating_sub(t.incomplete_max);
        }
    }
}

/// Whether the 64 bytes at `ptr`, which start at a character boundary, contain an
/// ill-formed sequence; a sequence cut by the end of the block is not reported. This
/// is the per-block check of the transcoders that validate while they convert (they
/// never consume a cut sequence, so it is checked again with the next block).
///
/// # Safety
/// The CPU supports `V`'s ISA and `ptr..ptr + 64` is readable.
#[inline(always)]
pub(crate) unsafe fn block_has_error<V: Vector>(ptr: *const u8) -> bool {
    // SAFETY: the caller's promises; without HISTORY, check_block reads only
    // `ptr..ptr + 64` for the first vector and `p - 3..p + V::BYTES` inside the block.
    unsafe {
        let t = Tables::<V>::new::<Utf8Rules>();
        let mut s = State {
            error: V::splat(0),
            prev_incomplete: V::splat(0),
        };
        check_block::<V, Utf8Rules, Shuffle16, false>(&t, ptr, &mut s);
        !s.error.is_zero()
    }
}

/// The block check of a transcoder that validates under some rules while it
/// converts, one 64-byte block at a time, with its own position (CESU-8/MUTF-8 ->
/// UTF-8 in `wtf8`).
pub(crate) struct BlockCheck<V> {
    t: Tables<V>,
}

impl<V: Vector> BlockCheck<V> {
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    pub(crate) unsafe fn new<R: Rules>() -> Self {
        // SAFETY: the caller's promise.
        unsafe {
            BlockCheck {
                t: Tables::new::<R>(),
            }
        }
    }

    /// The error bits of the block at `ptr` (zero iff no byte pair in it is flagged;
    /// a sequence cut by its end is not) and its incomplete bits (nonzero iff it
    /// ends inside a sequence, or, for CESU-8, with a lead surrogate sequence whose
    /// trail starts in the next block). The rules `R` must be those of `new`.
    /// `HISTORY`: the four bytes before `ptr` are part of the input (else `ptr` is
    /// its start).
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA; `ptr..ptr + 64` is readable, and so is
    /// `ptr - 4..ptr` if `HISTORY`.
    #[inline(always)]
    pub(crate) unsafe fn check<R: Rules, const HISTORY: bool>(&self, ptr: *const u8) -> (V, V) {
        // SAFETY: the caller's promises.
        unsafe {
            let mut s = State {
                error: V::splat(0),
                prev_incomplete: V::splat(0),
            };
            check_block::<V, R, Shuffle16, HISTORY>(&self.t, ptr, &mut s);
            (s.error, s.prev_incomplete)
        }
    }
}

/// How often `validate_utf8` tests the accumulated error, in bytes (a failing
/// stretch is rescanned by the scalar validator, so keep it short).
pub(crate) const CHECK_INTERVAL_EXACT: usize = 256;
/// How often `is_utf8` tests the accumulated error, in bytes (early exit only).
pub(crate) const CHECK_INTERVAL_BOOL: usize = 4096;

/// Runs the algorithm over `src`, testing the accumulated error about every
/// `interval` bytes (a run-time argument so that `validate_utf8` and `is_utf8`
/// share one compiled loop: see the per-ISA modules). Returns `None` if `src` is
/// valid UTF-8, else `Some((start, end))` where `src[..start]` was proven valid
/// (except possibly an unfinished sequence at its very end) and the first error is
/// at or after the start of the character containing byte `start` and before `end`
/// (every byte pair flagged lies before `end`); feed both to [`locate_error`].
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn find_error_block<V: Vector>(
    src: &[u8],
    interval: usize,
) -> Option<(usize, usize)> {
    // SAFETY: the caller's promise.
    unsafe { find_error_block_with::<V, Utf8Rules>(src, interval) }
}

/// [`find_error_block`] under the rules `R`.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn find_error_block_with<V: Vector, R: Rules>(
    src: &[u8],
    interval: usize,
) -> Option<(usize, usize)> {
    // SAFETY: the caller's promise.
    unsafe { find_error_block_nibbles::<V, R, Shuffle16>(src, interval) }
}

/// [`find_error_block_with`] with the nibble lookups `N`.
///
/// # Safety
/// The CPU supports `V`'s ISA and `N`'s.
#[inline(always)]
pub(crate) unsafe fn find_error_block_nibbles<V: Vector, R: Rules, N: Nibbles<V>>(
    src: &[u8],
    interval: usize,
) -> Option<(usize, usize)> {
    let len = src.len();
    let ptr = src.as_ptr();
    // SAFETY: the ISA is the caller's promise; every block pointer below is followed
    // by 64 (or 128 for the ASCII skip) bytes inside `src` (checked against `len`),
    // and with HISTORY preceded by 3 bytes inside `src` (pos >= 64); the tail block
    // is in `buf`, with 3 bytes before it.
    unsafe {
        let t = Tables::<V>::new::<R>();
        let mut s = State {
            error: V::splat(0),
            prev_incomplete: V::splat(0),
        };
        // Everything before `unchecked` is known to be free of errors.
        let mut unchecked = 0;
        let mut pos = 0;
        if len >= BLOCK {
            if !all_ascii::<V, R>(ptr, BLOCK) {
                check_block::<V, R, N, false>(&t, ptr, &mut s);
                // Test the first block at once: input that is not text at all
                // (binary, wrong encoding) is then rejected after 64 bytes.
                if !s.error.is_zero() {
                    return Some((0, BLOCK));
                }
            }
            // The blocks after the first one aligned to 64 bytes, starting inside
            // it (the bytes from there to its end are checked twice, which changes
            // no result: errors are OR-ed, and the state after the first block is
            // only what its last three bytes require of the bytes after them, which
            // the overlapping block holds). Loads that straddle two cache lines
            // cost two, and `malloc` gives buffers 16 bytes past a boundary: the
            // ASCII skip, nothing but loads and tests, would run at half speed.
            pos = BLOCK;
            let k = super::blocks::to_line(ptr, BLOCK);
            if len >= 4 * BLOCK && k >= 4 {
                pos = k;
            }
            while pos + BLOCK <= len {
                if !all_ascii::<V, R>(ptr.add(pos), BLOCK) {
                    check_block::<V, R, N, true>(&t, ptr.add(pos), &mut s);
                    pos += BLOCK;
                    if pos - unchecked >= interval {
                        if !s.error.is_zero() {
                            return Some((unchecked, pos));
                        }
                        unchecked = pos;
                    }
                    continue;
                }
                // An ASCII block: only the end of the previous block can be wrong
                // here; test it (and the errors so far), then skip the ASCII that
                // follows.
                if !s.error.or(s.prev_incomplete).is_zero() {
                    return Some((unchecked, pos));
                }
                s.prev_incomplete = V::splat(0);
                pos += BLOCK;
                // The next block alone first: in mixed text most ASCII runs are a
                // block or two long, and a test of two blocks that fails on its
                // second has read its first for nothing. If it is not ASCII, it is
                // checked at once rather than tested again by the loop.
                if pos + BLOCK <= len {
                    if !all_ascii::<V, R>(ptr.add(pos), BLOCK) {
                        // (The errors are tested again after `interval` more bytes.)
                        unchecked = pos;
                        check_block::<V, R, N, true>(&t, ptr.add(pos), &mut s);
                        pos += BLOCK;
                        continue;
                    }
                    pos += BLOCK;
                }
                // A run that goes on is taken two blocks a step.
                while pos + 2 * BLOCK <= len && all_ascii::<V, R>(ptr.add(pos), 2 * BLOCK) {
                    pos += 2 * BLOCK;
                }
                unchecked = pos;
            }
        }
        if pos < len {
            // The last partial block, with the (up to) 4 bytes before it, zero-padded
            // (Modified UTF-8: padded with 01, as 00 is an error there): the padding
            // also turns a sequence cut by the end of input into an error.
            let pad = if R::MUTF8 { 1 } else { 0 };
            let mut buf = [pad; 4 + BLOCK];
            let history = pos.min(4);
            buf[..4].fill(0);
            buf[4 - history..4].copy_from_slice(&src[pos - history..pos]);
            buf[4..4 + len - pos].copy_from_slice(&src[pos..]);
            let tail = buf.as_ptr().add(4);
            if all_ascii::<V, R>(tail, BLOCK) {
                s.error = s.error.or(s.prev_incomplete);
            } else {
                check_block::<V, R, N, true>(&t, tail, &mut s);
            }
        } else {
            s.error = s.error.or(s.prev_incomplete);
        }
        if s.error.is_zero() {
            None
        } else {
            Some((unchecked, len))
        }
    }
}

/// The exact error, given that everything before `block` is valid UTF-8 except
/// possibly an unfinished sequence at its end, and that the first error starts before
/// `end` (see `find_error_block`): back up to the start of that sequence (at most 3
/// bytes) and let the scalar validator find the error in `src[start..end + 3]`.
///
/// The window is enough: the first error starts at some `e < end`, and its maximal
/// subpart (at most 3 bytes) ends by `e + 3 <= end + 2`; a sequence cut by the
/// window's end could only be reported at or after `end + 1`, after `e`.
#[cold]
#[inline(never)]
pub(crate) fn locate_error(src: &[u8], block: usize, end: usize) -> Result<(), Utf8Error> {
    let mut start = block.saturating_sub(3);
    // In valid UTF-8 every byte that is not a continuation byte starts a character;
    // if all three are continuation bytes, they end a 4-byte character at `block`.
    while start < block && src[start] & 0xC0 == 0x80 {
        start += 1;
    }
    let window = &src[start..src.len().min(end.saturating_add(3))];
    match utfast_scalar::utf8::validate_utf8_short(window) {
        Ok(()) => Ok(()),
        Err(e) => Err(Utf8Error::new(
            start + e.valid_up_to(),
            e.error_len().map(|n| n as u8),
            e.kind(),
        )),
    }
}

/// `Kernel::validate_utf8`: the exact `core::str::Utf8Error`.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn validate_utf8<V: Vector>(src: &[u8]) -> Result<(), Utf8Error> {
    // SAFETY: the ISA is the caller's promise.
    match unsafe { find_error_block::<V>(src, CHECK_INTERVAL_EXACT) } {
        None => Ok(()),
        Some((start, end)) => locate_error(src, start, end),
    }
}

/// `Kernel::is_utf8`.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn is_utf8<V: Vector>(src: &[u8]) -> bool {
    // SAFETY: the ISA is the caller's promise.
    unsafe { find_error_block::<V>(src, CHECK_INTERVAL_BOOL) }.is_none()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lookup classification of a byte pair, computed from the tables.
    fn special(b1: u8, b2: u8) -> u8 {
        BYTE1_HIGH[usize::from(b1 >> 4)]
            & BYTE1_LOW[usize::from(b1 & 0xF)]
            & BYTE2_HIGH[usize::from(b2 >> 4)]
    }

    /// Whether `b1 b2` can never appear next to each other in valid UTF-8, from
    /// Table 3-7 directly (independent of the tables).
    fn pair_is_invalid(b1: u8, b2: u8) -> bool {
        let cont = (0x80..=0xBF).contains(&b2);
        match b1 {
            0x00..=0x7F => cont,
            0x80..=0xBF => false, // decided by prev2/prev3, not by the pair
            0xC0..=0xC1 | 0xF5..=0xFF => true,
            0xE0 => !(0xA0..=0xBF).contains(&b2),
            0xED => !(0x80..=0x9F).contains(&b2),
            0xF0 => !(0x90..=0xBF).contains(&b2),
            0xF4 => !(0x80..=0x8F).contains(&b2),
            _ => !cont,
        }
    }

    #[test]
    fn tables_classify_every_byte_pair() {
        for b1 in 0..=255u8 {
            for b2 in 0..=255u8 {
                let sc = special(b1, b2);
                assert_eq!(
                    sc & !TWO_CONTS != 0,
                    pair_is_invalid(b1, b2),
                    "{b1:02X} {b2:02X}: {sc:08b}"
                );
                let two_conts = b1 & 0xC0 == 0x80 && b2 & 0xC0 == 0x80;
                assert_eq!(sc & TWO_CONTS != 0, two_conts, "{b1:02X} {b2:02X}");
            }
        }
    }

    #[test]
    fn incomplete_max_flags_unfinished_ends() {
        // Last three bytes (x, y, z): incomplete iff z >= C0, y >= E0 or x >= F0.
        for b in 0..=255u8 {
            assert_eq!(b.saturating_sub(INCOMPLETE_MAX[63]) != 0, b >= 0xC0);
            assert_eq!(b.saturating_sub(INCOMPLETE_MAX[62]) != 0, b >= 0xE0);
            assert_eq!(b.saturating_sub(INCOMPLETE_MAX[61]) != 0, b >= 0xF0);
            assert_eq!(b.saturating_sub(INCOMPLETE_MAX[0]), 0);
        }
    }
}
