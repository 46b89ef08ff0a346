//! The single-byte code pages (the 28 of the WHATWG Encoding Standard) to and from
//! UTF-8, UTF-16 and UTF-32, generic over [`VectorExt`] plus a 128-entry table look-up
//! ([`Lookup128`]). One table-driven path for every page: the tables come from
//! `utfast_scalar::codepage` (generated from encoding_rs), nothing here names a page.
//!
//! # Decoding: the high half in registers
//!
//! Bytes `00..=7F` are ASCII and each byte `80..=FF` is one character of the Basic
//! Multilingual Plane (or undefined: U+FFFD in the tables), so decoding is a look-up
//! of 128 UTF-16 units: two tables of 128 bytes, the low and the high byte of each
//! unit, looked up in registers ([`Lookup128`]: eight 16-entry shuffles per table on
//! x86, two 64-entry `tbl` on NEON), which give zero for ASCII. The low-byte table is
//! stored XOR the low seven bits of its byte, so that one XOR with `x & 0x7F` puts the
//! ASCII bytes in and takes the correction out for the others. Interleaving the two
//! planes gives the UTF-16 units ([`VectorExt::zip8`], high plane first for
//! big-endian output), and interleaving those with zeros UTF-32. A block without high
//! bytes is widened directly. In strict mode on a page with undefined bytes, a block
//! whose high plane has a byte `FF` (only U+FFFD has one: no page defines a character
//! of U+FF00..U+FFFF) is refused, and the scalar code reports the byte; lossy mode
//! keeps the table's U+FFFD. The other error, `OutputTooSmall`, is left to the scalar
//! tail by the [block loop](super::blocks).
//!
//! To UTF-8, an ASCII block is copied, and a block of ASCII and two-byte characters
//! with one of the page's three most common lead bytes (`D0`/`D1` for the Cyrillic
//! letters, `C3`/`C5`/`C2` for windows-1252, `CE`/`CF` for Greek, `D7` for Hebrew,
//! ...: [`two_byte_leads`]) is converted directly ([`TwoByte`]): a third 128-entry
//! table holds, per high byte, the six payload bits of its trail byte and a two-bit
//! class that a 16-entry shuffle turns into the lead byte; lead and trail bytes
//! interleaved are the characters' two bytes (an ASCII byte keeps its own), and every
//! group of eight is packed by the `PACK2` control of its ASCII bytes. That is one
//! 128-entry look-up per block instead of two, and no UTF-16 classification. On a
//! page whose characters mostly have three bytes (Thai, windows-874), the direct
//! path is [`ThreeByte`] instead: the table holds the six payload bits of each
//! character's last byte and a class among the page's three most common
//! *prefixes* (the bytes before the last: `E0 B8` and `E0 B9` for the Thai
//! letters, `E2 80` for the quotes and dashes), whose lead and middle bytes two
//! 16-entry shuffles give; each byte becomes a 32-bit lane `[first, middle, last,
//! 0]` and each group of four is packed by its `PACK3` control, as the UTF-16 ->
//! UTF-8 step does without the units. Any other block (box drawing, `€`, `—` on
//! the other pages: three bytes or another lead) goes through its UTF-16 units and
//! the UTF-16 -> UTF-8 block step of [`super::utf8_encode`] (`PACK2` when every
//! character is below U+0800, `PACK3` otherwise). Which direct path, and whether
//! the Latin steps below run, is chosen once per call from the page's table, so
//! the loop of the other pages is compiled without them.
//!
//! # Mostly-ASCII text: one character at a time
//!
//! Latin-script text has a high byte every 25 to 100 bytes, so most blocks with
//! one have only one or two: there, a look-up in registers costs more than writing
//! each character on its own. To UTF-8, a vector with at most three high bytes is
//! stored as ASCII and each character's UTF-8 bytes (from
//! `CodePage::utf8_high_half`, a `u32` per byte) are written over it, the rest of
//! the vector stored again behind them ([`sparse_decode`]). On the pages whose
//! high half is mostly Latin letters ([`mostly_latin`]), where such vectors are
//! most of the work, the step first assumes that every character has two bytes
//! ([`sparse_two`]), so that each store's address follows from the mask of high
//! bytes alone and not from a length loaded from the table (the processor holds
//! later loads back behind stores whose address is not yet known: with the
//! lengths from the table, every such vector waited for the load of the byte and
//! of its entry), and it loads the rest of the vector before it stores; a vector
//! with a three-byte character (`€`, `’`) takes the lengths from a mask of the
//! page's three-byte bytes made with two 16-entry shuffles ([`ThreeBytes`],
//! [`sparse_masked`]). To UTF-16 and UTF-32,
//! four vectors with at most four high bytes in every 64 bytes are widened as ASCII
//! and the units of the high bytes written over ([`ToUnits::block4`]). From UTF-8,
//! a 64-byte block with at most eight non-ASCII bytes, or one that the vector path
//! below refuses (three-byte punctuation, `€`, characters of other blocks), goes
//! character by character: two- and three-byte sequences decoded with integer
//! operations, looked up in the page's block tables through a 512-entry index of
//! the Basic Multilingual Plane (`scalar::EncodeTables`, no search), the rest of the
//! block copied again one byte further left per byte dropped ([`sparse_block`]).
//!
//! # Encoding: ASCII and the page's own blocks
//!
//! `CodePage::encode_block` gives each page's reverse tables as 128-code-point
//! blocks: the byte of `base + i`, or 0 where the page lacks the character. Blocks 0
//! and 1 are the two adjacent blocks with most of the page's characters (its letters:
//! U+0400..U+04FF for the Cyrillic pages, U+0080..U+017F, Latin-1 Supplement and
//! Latin Extended-A, for the Western and Central European ones, U+0380..U+047F for
//! Greek, U+0580..U+067F for Hebrew, U+0600..U+06FF for Arabic, U+0E00..U+0EFF for
//! Thai); blocks 2..6 the next ones by count (punctuation, `€`, `№`, Latin-1 symbols).
//! A fast block accepts characters that are ASCII or in blocks 0 and 1 with a byte:
//! from UTF-16 (and UTF-32, narrowed first), each block takes the units whose high
//! byte and bit 7 of the low byte are its base's, and looks up `0x80 | low byte`
//! ([`Encoder::encode_blocks`]); from UTF-8, 64-byte blocks of ASCII and two-byte
//! sequences whose lead is one of the four leads of blocks 0 and 1 (`lead0 = 0xC0 |
//! base >> 6`), where the continuation byte and the lead's offset from `lead0` give
//! the table and index, and the lead bytes are dropped by compression (`COMPRESS8`,
//! as UTF-8 -> Latin-1 does). Anything else (other characters, a character the code
//! page lacks, ill-formed input) is the scalar code's: the block loop hands the block
//! to it (strict: the exact error; lossy: `?` and U+FFFD as `?`) and resumes after
//! it; see [`super::handover`]. From UTF-16 and UTF-32, a refused block is tried once
//! more ([`BlockOp::retry`]) with all seven blocks.

use super::blocks::{run, run_in_mode, shift, BlockOp};
use super::handover::{utf8_resync, POPCOUNT8};
use super::surrogate_pairs::cut16;
use super::utf8_encode::{
    bmp_block_stores, encode_bmp_block, pack3_block, EncodeHooks, UnitClasses,
};
use crate::tables::compress::COMPRESS8;
use crate::tables::utf16_to_utf8::PACK2;
use crate::vector_ext::Lookup128;
use crate::vector_ext::VectorExt;
use utfast_scalar::codepage as scalar;
use utfast_scalar::{CodePage, Endian, Mode, TranscodeError};

/// The low bytes of the high half's UTF-16 units, XOR the byte's low seven bits.
#[inline(always)]
fn low_table(cp: CodePage) -> [u8; 128] {
    let t = cp.high_half();
    core::array::from_fn(|i| (t[i] as u8) ^ (i as u8))
}

/// The high bytes of the high half's UTF-16 units.
#[inline(always)]
fn high_table(cp: CodePage) -> [u8; 128] {
    let t = cp.high_half();
    core::array::from_fn(|i| (t[i] >> 8) as u8)
}

/// The decoding tables of one code page, in registers.
struct Decoder<V: Lookup128> {
    low: V::Table,
    high: V::Table,
    low7: V,
    undefined: V,
}

impl<V: Lookup128> Decoder<V> {
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    unsafe fn new(cp: CodePage) -> Self {
        // SAFETY: the caller's promise.
        unsafe {
            Decoder {
                low: V::table128(&low_table(cp)),
                high: V::table128(&high_table(cp)),
                low7: V::splat(0x7F),
                undefined: V::splat((scalar::UNDEFINED >> 8) as u8),
            }
        }
    }

    /// Whether a unit of the high plane `hi` is an undefined byte's U+FFFD (no page
    /// defines a byte as a character of U+FF00..U+FFFF: `scalar/tests/codepage.rs`).
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    unsafe fn has_undefined(&self, hi: V) -> bool {
        // SAFETY: the caller's promise.
        unsafe { !hi.eq8(self.undefined).is_zero() }
    }

    /// The low and high bytes of the UTF-16 units of the bytes `v`.
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    unsafe fn planes(&self, v: V) -> (V, V) {
        // SAFETY: the caller's promise.
        unsafe {
            let (lo, hi) = v.lookup128_pair(&self.low, &self.high);
            (lo.xor(v.and(self.low7)), hi)
        }
    }
}

/// Code page -> UTF-16 (`to`; one vector in, two out) or, if `UTF32`, UTF-32 (four
/// out): the units of the planes, interleaved (with zeros for UTF-32).
struct ToUnits<V: Lookup128, const UTF32: bool> {
    dec: Decoder<V>,
    cp: CodePage,
    to: Endian,
    mode: Mode,
    /// Whether a block must be refused when it has an undefined byte: strict mode on
    /// a page with undefined bytes.
    check: bool,
}

impl<V: Lookup128, const UTF32: bool> ToUnits<V, UTF32> {
    /// Stores the units of the low and high planes `lo`, `hi` of one vector of
    /// bytes at `dst`.
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA; `2 * V::BYTES` (UTF-16) or `4 * V::BYTES` (UTF-32)
    /// bytes writable at `dst`.
    #[inline(always)]
    unsafe fn store(&self, lo: V, hi: V, dst: *mut u8) {
        // SAFETY: the caller's promises.
        unsafe {
            let big = self.to == Endian::Big;
            let (a, b) = if big {
                V::zip8(hi, lo)
            } else {
                V::zip8(lo, hi)
            };
            if UTF32 {
                let zero = V::splat(0);
                let ((w, x), (y, z)) = if big {
                    (V::zip16(zero, a), V::zip16(zero, b))
                } else {
                    (V::zip16(a, zero), V::zip16(b, zero))
                };
                for (k, u) in [w, x, y, z].into_iter().enumerate() {
                    u.store_unaligned(dst.add(k * V::BYTES));
                }
            } else {
                a.store_unaligned(dst);
                b.store_unaligned(dst.add(V::BYTES));
            }
        }
    }
}

impl<V: Lookup128, const UTF32: bool> BlockOp<V> for ToUnits<V, UTF32> {
    const IN: usize = V::BYTES;
    const OUT: usize = if UTF32 { 4 } else { 2 } * V::BYTES;

    #[inline(always)]
    unsafe fn block(&self, src: *const u8, dst: *mut u8) -> Option<usize> {
        // SAFETY: the ISA and the pointer ranges are the caller's promise.
        unsafe {
            let v = V::load_unaligned(src);
            let (lo, hi) = if v.any_high_bit() {
                self.dec.planes(v)
            } else {
                (v, V::splat(0))
            };
            if self.check && self.dec.has_undefined(hi) {
                return None;
            }
            self.store(lo, hi, dst);
        }
        Some(<Self as BlockOp<V>>::OUT)
    }

    const BLOCK4: bool = true;

    /// Four vectors of bytes, ASCII but for at most [`DECODE_SPARSE`] high bytes in
    /// each 64 bytes: widened as ASCII, then the units of the high bytes written
    /// over theirs one by one from the page's table (no look-up in registers).
    #[inline(always)]
    unsafe fn block4(&self, src: *const u8, dst: *mut u8) -> bool {
        // SAFETY: the ISA and the pointer ranges are the caller's promise
        // (`4 * V::BYTES` bytes in, `4 * OUT` out); the high bytes are at
        // `p < 4 * V::BYTES`, their units at `dst[2p..2p + 2]` (`4p..4p + 4`).
        unsafe {
            const MAX: usize = 4;
            let chunks = (4 * V::BYTES / 64).max(1);
            let mut masks = [0u64; MAX];
            let mut sparse = true;
            for (c, m) in masks.iter_mut().enumerate().take(chunks) {
                *m = if V::BYTES == 16 {
                    high_mask64::<V>(src)
                } else {
                    high_mask64::<V>(src.add(64 * c))
                };
                sparse &= at_most_bits::<DECODE_SPARSE>(*m);
            }
            if !sparse {
                return false;
            }
            let table = self.cp.high_half();
            let entry = |p: usize| *table.get_unchecked(usize::from(*src.add(p) & 0x7F));
            if self.check {
                for (c, &m) in masks.iter().enumerate().take(chunks) {
                    let mut m = m;
                    while m != 0 {
                        if entry(64 * c + m.trailing_zeros() as usize) == scalar::UNDEFINED {
                            return false;
                        }
                        m &= m - 1;
                    }
                }
            }
            let zero = V::splat(0);
            let unit = if UTF32 { 4 } else { 2 };
            for k in 0..4 {
                let v = V::load_unaligned(src.add(k * V::BYTES));
                self.store(v, zero, dst.add(k * V::BYTES * unit));
            }
            let big = self.to == Endian::Big;
            for (c, &m) in masks.iter().enumerate().take(chunks) {
                let mut m = m;
                while m != 0 {
                    let p = 64 * c + m.trailing_zeros() as usize;
                    let u = entry(p);
                    if UTF32 {
                        let u = u32::from(u);
                        let u = if big { u.to_be() } else { u.to_le() };
                        dst.add(4 * p).cast::<u32>().write_unaligned(u);
                    } else {
                        let u = if big { u.to_be() } else { u.to_le() };
                        dst.add(2 * p).cast::<u16>().write_unaligned(u);
                    }
                    m &= m - 1;
                }
            }
        }
        true
    }

    fn scalar(&self, src: &[u8], dst: &mut [u8]) -> Result<usize, TranscodeError> {
        if UTF32 {
            scalar::codepage_to_utf32(src, dst, self.cp, self.to, self.mode)
        } else {
            scalar::codepage_to_utf16(src, dst, self.cp, self.to, self.mode)
        }
    }
}

/// `Kernel::codepage_to_utf16` (`UTF32 == false`) and `Kernel::codepage_to_utf32`.
///
/// # Safety
/// The CPU supports `W`'s ISA.
#[inline(always)]
pub(crate) unsafe fn codepage_to_units<W: Lookup128, const UTF32: bool>(
    src: &[u8],
    dst: &mut [u8],
    cp: CodePage,
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    // SAFETY: the ISA is the caller's promise.
    unsafe {
        let op = ToUnits::<W, UTF32> {
            dec: Decoder::new(cp),
            cp,
            to,
            mode,
            check: mode == Mode::Strict && !cp.is_total(),
        };
        run::<W, _>(&op, src, dst)
    }
}

/// The three UTF-8 lead bytes of [`two_byte_table`]'s classes 0, 1 and 2 (class 3:
/// another lead, or a character of three bytes): the leads of most of the page's
/// two-byte characters (`D0`, `D1` for the Cyrillic letters, `C3`, `C2`, `C5` for
/// windows-1252, `CE`, `CF` for Greek, ...), most characters first; 0 for none. The
/// characters of `C0..=FF` count twice: the letters of most pages are there, the
/// symbols below (so windows-1257 takes `C3` for `ä`, `ö`, `ü` rather than `C2`).
#[inline(always)]
fn two_byte_leads(cp: CodePage) -> [u8; 3] {
    let mut count = [0usize; 32];
    for (i, &u) in cp.high_half().iter().enumerate() {
        if (0x80..0x800).contains(&u) {
            count[usize::from(u >> 6)] += if i >= 0x40 { 2 } else { 1 };
        }
    }
    top_three(&mut count).map(|k| k.map_or(0, |k| 0xC0 | k as u8))
}

/// The indices of the three largest counts, the largest first (of equal counts, the
/// lower index), or `None` where no count above zero is left; the counts taken are
/// set to zero.
#[inline(always)]
fn top_three(count: &mut [usize]) -> [Option<usize>; 3] {
    let mut top = [None; 3];
    for t in &mut top {
        let (k, &n) = count
            .iter()
            .enumerate()
            .max_by_key(|&(k, &n)| (n, usize::MAX - k))
            .unwrap_or((0, &0));
        if n > 0 {
            *t = Some(k);
            count[k] = 0;
        }
    }
    top
}

/// The direct two-byte table of `cp`: for each high byte `0x80 + i`, the six low
/// bits of the UTF-8 trail byte of its character and, in the two high bits, the
/// class of its lead byte (its index in `leads`, [`two_byte_leads`], or 3).
#[inline(always)]
fn two_byte_table(cp: CodePage, leads: &[u8; 3]) -> [u8; 128] {
    let t = cp.high_half();
    core::array::from_fn(|i| {
        let u = t[i];
        let lead = 0xC0 | (u >> 6) as u8;
        let class = match leads.iter().position(|&l| l == lead) {
            Some(c) if (0x80..0x800).contains(&u) => c as u8,
            _ => 3,
        };
        class << 6 | (u & 0x3F) as u8
    })
}

/// `leads` indexed by the high nibble of a [`two_byte_table`] entry (0 for class 3).
#[inline(always)]
fn lead_of_nibble(leads: &[u8; 3]) -> [u8; 16] {
    core::array::from_fn(|i| leads.get(i >> 2).copied().unwrap_or(0))
}

/// A direct step of code page -> UTF-8: [`TwoByte`] or [`ThreeByte`].
trait Direct<V: Lookup128> {
    /// The step's tables for `cp`.
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA.
    unsafe fn new(cp: CodePage) -> Self;

    /// Converts the block `v` into `dst`, or refuses it (`None`, nothing written).
    ///
    /// # Safety
    /// The CPU supports the ISAs of `V` and `H`; `3 * V::BYTES / 2 +
    /// bmp_block_stores(V::BYTES)` writable bytes at `dst`.
    unsafe fn block<H: EncodeHooks>(&self, v: V, dst: *mut u8) -> Option<usize>;
}

/// The direct path of code page -> UTF-8 for blocks of ASCII and characters of two
/// bytes with the leads of [`two_byte_leads`] (the letters of the page): one 128-entry
/// look-up gives each high byte's trail bits and lead class, a 16-entry one its
/// lead byte; lead and trail bytes, interleaved, are each character's two bytes
/// (an ASCII byte keeps its own in the trail's place), and each group of eight is
/// packed by the [`PACK2`] control of its ASCII bytes, as UTF-16 -> UTF-8 packs
/// units below U+0800.
struct TwoByte<V: Lookup128> {
    table: V::Table,
    leads: V,
    high: V,
    low6: V,
    class3: V,
}

impl<V: Lookup128> Direct<V> for TwoByte<V> {
    #[inline(always)]
    unsafe fn new(cp: CodePage) -> Self {
        let leads = two_byte_leads(cp);
        // SAFETY: the caller's promise.
        unsafe {
            TwoByte {
                table: V::table128(&two_byte_table(cp, &leads)),
                leads: V::broadcast_lane(&lead_of_nibble(&leads)),
                high: V::splat(0x80),
                low6: V::splat(0x3F),
                class3: V::splat(0xC0),
            }
        }
    }

    /// Converts the block `v` (with a high byte) into `dst` and returns the bytes
    /// written, or `None` (nothing written) if a high byte is not of the classes
    /// 0, 1, 2 (two bytes with one of the page's three leads).
    ///
    /// # Safety
    /// The CPU supports the ISAs of `V` and `H`; `2 * V::BYTES` writable bytes at
    /// `dst`.
    #[inline(always)]
    unsafe fn block<H: EncodeHooks>(&self, v: V, dst: *mut u8) -> Option<usize> {
        // SAFETY: the caller's promises; table indices are bytes (< 256). Each
        // 16-byte store starts at the output written so far, and the output of the
        // block is at most `2 * V::BYTES` bytes with the store of the last group
        // ending at or before it.
        unsafe {
            let t = v.lookup128(&self.table);
            if !t.and(self.class3).eq8(self.class3).is_zero() {
                return None;
            }
            let lead = t.shr4().lookup16(self.leads);
            let is_high = v.and(self.high).eq8(self.high);
            let trail = V::blend(is_high, t.and(self.low6).or(self.high), v);
            // One bit per ASCII byte: the PACK2 index bits of the groups of eight.
            let ascii = !is_high.bitmask_dense();
            let (u0, u1) = V::zip8(trail, lead);
            let lanes = V::BYTES / 16;
            let mut w = 0;
            for (h, u) in [u0, u1].into_iter().enumerate() {
                let byte = |k: usize| (ascii >> (8 * (h * lanes + k))) as usize & 0xFF;
                let c = V::load_lanes(|k| PACK2.0.get_unchecked(byte(k)).as_ptr()).lookup16(u);
                for k in 0..lanes {
                    c.store_lane(k, dst.add(w));
                    w += 16 - H::count_ones8(byte(k));
                }
            }
            Some(w)
        }
    }
}

/// Whether most of the page's characters (those of `C0..=FF` counted twice, as in
/// [`two_byte_leads`]) have three UTF-8 bytes: such a page (Thai, windows-874)
/// decodes to UTF-8 through [`ThreeByte`] instead of [`TwoByte`].
#[inline(always)]
fn mostly_three_bytes(cp: CodePage) -> bool {
    let mut balance = 0isize;
    for (i, &e) in cp.utf8_high_half().iter().enumerate() {
        let weight = if i >= 0x40 { 2 } else { 1 };
        match prefix_and_last(e) {
            Some((prefix, _)) if prefix >> 8 == 0 => balance -= weight,
            Some(_) => balance += weight,
            None => {}
        }
    }
    balance > 0
}

/// A high byte's entry of `CodePage::utf8_high_half` split into the UTF-8 bytes
/// before the last, as `lead | middle << 8` (`middle` 0 for a character of two
/// bytes, never 0 for one of three), and the last byte; `None` for an undefined
/// byte.
#[inline(always)]
fn prefix_and_last(e: u32) -> Option<(u16, u8)> {
    match e & (scalar::UTF8_UNDEFINED | 0xF << 24) {
        0x0200_0000 => Some((e as u16 & 0xFF, (e >> 8) as u8)),
        0x0300_0000 => Some((e as u16, (e >> 16) as u8)),
        _ => None,
    }
}

/// Whether the page's high half holds mostly Latin letters (U+00C0..U+024F): text
/// in it is mostly ASCII with a few accented letters, which the decoder to UTF-8
/// takes through [`sparse_two`] first.
#[inline(always)]
fn mostly_latin(cp: CodePage) -> bool {
    cp.high_half()
        .iter()
        .filter(|&&u| (0xC0..0x250).contains(&u))
        .count()
        >= 48
}

/// The three prefixes of [`three_byte_table`]'s classes 0, 1 and 2: the UTF-8 bytes
/// before the last of the page's most common characters, as `lead | middle << 8`
/// (`middle` 0 for a two-byte character): `E0 B8` and `E0 B9` for the Thai letters
/// of windows-874, ...; counted as in [`two_byte_leads`], undefined bytes not at
/// all. A page has few prefixes; up to 16 are counted, the rest left to class 3.
#[inline(always)]
fn three_byte_prefixes(cp: CodePage) -> [u16; 3] {
    let mut keys = [0u16; 16];
    let mut count = [0usize; 16];
    for (i, &e) in cp.utf8_high_half().iter().enumerate() {
        let Some((key, _)) = prefix_and_last(e) else {
            continue;
        };
        let weight = if i >= 0x40 { 2 } else { 1 };
        if let Some(k) = keys.iter().position(|&k| k == key || k == 0) {
            keys[k] = key;
            count[k] += weight;
        }
    }
    top_three(&mut count).map(|k| k.map_or(0, |k| keys[k]))
}

/// The direct three-byte table of `cp`: for each high byte, the six low bits of
/// its character's last UTF-8 byte and, in the two high bits, the class of the
/// bytes before (its index in `prefixes`, [`three_byte_prefixes`], or 3).
#[inline(always)]
fn three_byte_table(cp: CodePage, prefixes: &[u16; 3]) -> [u8; 128] {
    let t = cp.utf8_high_half();
    core::array::from_fn(|i| {
        let Some((key, last)) = prefix_and_last(t[i]) else {
            return 0xC0;
        };
        let class = prefixes.iter().position(|&p| p == key).unwrap_or(3) as u8;
        class << 6 | last & 0x3F
    })
}

/// The direct path of code page -> UTF-8 on pages of mostly three-byte characters
/// ([`mostly_three_bytes`]) for blocks of ASCII and characters with the prefixes of
/// [`three_byte_prefixes`]: one 128-entry look-up gives each high byte's last six
/// bits and class, three 16-entry ones the class's lead and middle byte and whether
/// it has two bytes; every byte becomes a 32-bit lane `[first, middle, last, 0]`
/// (an ASCII byte its own byte first), and each group of four is packed by its
/// [`PACK3`](crate::tables::utf16_to_utf8::PACK3) control, as the UTF-16 -> UTF-8
/// step packs a block of one- to three-byte units, without the UTF-16 units: one
/// 128-entry look-up per block instead of two, and no classification of units.
struct ThreeByte<V: Lookup128> {
    table: V::Table,
    leads: V,
    middles: V,
    twos: V,
    high: V,
    low6: V,
    class3: V,
}

impl<V: Lookup128> Direct<V> for ThreeByte<V> {
    #[inline(always)]
    unsafe fn new(cp: CodePage) -> Self {
        let p = three_byte_prefixes(cp);
        // Indexed by the high nibble of a table entry: class `i >> 2`; class 3
        // (refused) gives zeros.
        let class = |i: usize| p.get(i >> 2).copied().unwrap_or(0);
        let leads: [u8; 16] = core::array::from_fn(|i| class(i) as u8);
        let middles: [u8; 16] = core::array::from_fn(|i| (class(i) >> 8) as u8);
        let twos: [u8; 16] = core::array::from_fn(|i| if class(i) >> 8 == 0 { 0xFF } else { 0 });
        // SAFETY: the caller's promise.
        unsafe {
            ThreeByte {
                table: V::table128(&three_byte_table(cp, &p)),
                leads: V::broadcast_lane(&leads),
                middles: V::broadcast_lane(&middles),
                twos: V::broadcast_lane(&twos),
                high: V::splat(0x80),
                low6: V::splat(0x3F),
                class3: V::splat(0xC0),
            }
        }
    }

    /// Converts the block `v` (with a high byte) into `dst` and returns the bytes
    /// written, or `None` (nothing written) if a high byte is not of the classes
    /// 0, 1, 2.
    ///
    /// # Safety
    /// The CPU supports the ISAs of `V` and `H`; `3 * V::BYTES / 2 +
    /// bmp_block_stores(V::BYTES)` writable bytes at `dst`.
    #[inline(always)]
    unsafe fn block<H: EncodeHooks>(&self, v: V, dst: *mut u8) -> Option<usize> {
        // SAFETY: the caller's promises; the first half writes at most
        // `3 * V::BYTES / 2` bytes, and each half stores at most `bmp_block_stores`.
        unsafe {
            let t = v.lookup128(&self.table);
            if !t.and(self.class3).eq8(self.class3).is_zero() {
                return None;
            }
            let zero = V::splat(0);
            let nibble = t.shr4();
            let is_high = v.and(self.high).eq8(self.high);
            let first = V::blend(is_high, nibble.lookup16(self.leads), v);
            let middle = nibble.lookup16(self.middles);
            let last = t.and(self.low6).or(self.high);
            // Class bits: one byte (ASCII), at most two.
            let is1 = is_high.eq8(zero);
            let is2 = is1.or(nibble.lookup16(self.twos));
            let (f0, f1) = V::zip8(first, middle);
            let (l0, l1) = V::zip8(last, zero);
            let (c0, c1) = V::zip8(is1, is2);
            let w = pack3_block::<V, H>(V::zip16_lanes(f0, l0), c0.bitmask_dense(), dst);
            Some(w + pack3_block::<V, H>(V::zip16_lanes(f1, l1), c1.bitmask_dense(), dst.add(w)))
        }
    }
}

/// At most this many high bytes make a 64-byte block sparse for the decoders to
/// UTF-16 and UTF-32 ([`ToUnits::block4`]): each is written on its own.
const DECODE_SPARSE: usize = 4;

/// The high bytes of the 64 bytes at `s` as a mask (bit `i` for byte `i`), and the
/// vectors.
///
/// # Safety
/// The CPU supports `W`'s ISA; 64 bytes readable at `s`.
#[inline(always)]
unsafe fn high_mask64<W: VectorExt>(s: *const u8) -> u64 {
    // SAFETY: the caller's promises.
    unsafe {
        let high = W::splat(0x80);
        let mut mask = 0u64;
        let mut k = 0;
        while k < 64 {
            let v = W::load_unaligned(s.add(k));
            mask |= v.and(high).eq8(high).bitmask_dense() << k;
            k += W::BYTES;
        }
        mask
    }
}

/// Whether `mask` has at most `N` bits set (without `popcnt`, which not every kernel
/// has): [`DECODE_SPARSE`] for the decoder to UTF-16/32, [`UTF8_SPARSE`] to UTF-8.
#[inline(always)]
fn at_most_bits<const N: usize>(mask: u64) -> bool {
    let mut m = mask;
    for _ in 0..N {
        m &= m.wrapping_sub(1);
    }
    m == 0
}

/// At most this many high bytes make a vector sparse for the decoder to UTF-8
/// ([`sparse_decode`]).
const UTF8_SPARSE: usize = 3;

/// Output bytes that [`sparse_decode`] may store from a block's start, plus the two
/// spare bytes of the block loop (see [`super::handover`]): a high byte at most at
/// `W::BYTES - 1`, moved right by the growth of the ones before it (one or two
/// bytes each), its three bytes, and a vector after them.
const fn sparse_write<W: VectorExt>() -> usize {
    2 * W::BYTES + 2 * UTF8_SPARSE + 2
}

/// Code page -> UTF-8 of a vector `v` (at `s`) with few high bytes (the set bits of
/// `mask`, at most [`UTF8_SPARSE`]): the vector is stored, and at each high byte its
/// character's UTF-8 bytes from `utf8` ([`CodePage::utf8_high_half`]) and then the
/// rest of the vector, loaded again from `s` one past the byte and stored as many
/// bytes further right as the character has more than one. Returns the bytes
/// written, or `None` (nothing written) if `check` and a byte is undefined.
///
/// (Blocks of 64 bytes with a fixed number of steps and no branch on the data,
/// the steps past the last high byte writing scratch after the block's output,
/// were much slower on German text on AMD Zen 3; so were 64-byte blocks with this
/// loop, which must copy 64 bytes after each high byte.)
///
/// # Safety
/// The CPU supports `W`'s ISA; `2 * W::BYTES` bytes readable at `s`, and
/// `sparse_write::<W>() - 2` writable at `d`.
#[inline(always)]
unsafe fn sparse_decode<W: VectorExt>(
    v: W,
    s: *const u8,
    d: *mut u8,
    mut mask: u64,
    utf8: &[u32; 128],
    check: bool,
) -> Option<usize> {
    // SAFETY: the caller's promises: each high byte is at `p < W::BYTES`, the reload
    // reads `s[p + 1..p + 1 + W::BYTES]`, and the stores end at most at
    // `p + grown + 3 + W::BYTES` with `grown <= 2 * (UTF8_SPARSE - 1)`.
    unsafe {
        let entry = |p: usize| *utf8.get_unchecked(usize::from(*s.add(p) & 0x7F));
        if check {
            let mut m = mask;
            while m != 0 {
                if entry(m.trailing_zeros() as usize) & scalar::UTF8_UNDEFINED != 0 {
                    return None;
                }
                m &= m - 1;
            }
        }
        v.store_unaligned(d);
        let mut grown = 0usize;
        while mask != 0 {
            let p = mask.trailing_zeros() as usize;
            let e = entry(p);
            let len = (e >> 24 & 0xF) as usize;
            d.add(p + grown).cast::<u32>().write_unaligned(e.to_le());
            W::load_unaligned(s.add(p + 1)).store_unaligned(d.add(p + grown + len));
            grown += len - 1;
            mask &= mask - 1;
        }
        Some(W::BYTES + grown)
    }
}

/// [`sparse_decode`] of a vector whose high bytes are all characters of two bytes
/// (accented letters, on the Latin pages), or `None` (after writing scratch) if one
/// is not. Each character adds one byte, so the addresses of the stores follow
/// from the mask alone, not from a length loaded from the table; and each step
/// loads the rest of the block before it stores.
///
/// # Safety
/// As [`sparse_decode`].
#[inline(always)]
unsafe fn sparse_two<W: VectorExt>(
    v: W,
    s: *const u8,
    d: *mut u8,
    mask: u64,
    utf8: &[u32; 128],
) -> Option<usize> {
    // SAFETY: as in `sparse_decode` (each step stores at most as far).
    unsafe {
        v.store_unaligned(d);
        let mut lengths = 0u32;
        let mut k = 0usize;
        let mut mask = mask;
        while mask != 0 {
            let p = mask.trailing_zeros() as usize;
            let rest = W::load_unaligned(s.add(p + 1));
            let e = *utf8.get_unchecked(usize::from(*s.add(p) & 0x7F));
            lengths |= e;
            d.add(p + k).cast::<u32>().write_unaligned(e.to_le());
            rest.store_unaligned(d.add(p + k + 2));
            k += 1;
            mask &= mask - 1;
        }
        // Bit 24 of the length: set for one and three bytes (and so for an
        // undefined byte's U+FFFD), clear for two.
        if lengths & 1 << 24 != 0 {
            return None;
        }
        Some(W::BYTES + k)
    }
}

/// Which high bytes of a page decode to three UTF-8 bytes, as a test of a vector's
/// bytes without a 128-entry look-up: `rows` by the high nibble (bit `h - 8` for
/// the row `h` of bytes `h0..=hF`, 0 for ASCII), `columns` by the low nibble (bit
/// `h - 8` set where byte `hl` has three bytes): a byte has three bytes where both
/// give a common bit. Eight rows, eight bits: any set of high bytes fits.
struct ThreeBytes<V> {
    rows: V,
    columns: V,
    low4: V,
}

impl<V: VectorExt> ThreeBytes<V> {
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    unsafe fn new(cp: CodePage) -> Self {
        let utf8 = cp.utf8_high_half();
        let rows: [u8; 16] = core::array::from_fn(|h| if h >= 8 { 1 << (h - 8) } else { 0 });
        let columns: [u8; 16] = core::array::from_fn(|l| {
            (0..8).fold(0u8, |c, r| {
                let three = utf8[16 * r + l] >> 24 & 0xF == 3;
                c | u8::from(three) << r
            })
        });
        // SAFETY: the caller's promise.
        unsafe {
            ThreeBytes {
                rows: V::broadcast_lane(&rows),
                columns: V::broadcast_lane(&columns),
                low4: V::splat(0x0F),
            }
        }
    }

    /// The mask (bit `i` for byte `i`) of the bytes of `v` that decode to three
    /// UTF-8 bytes.
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    unsafe fn mask(&self, v: V) -> u64 {
        // SAFETY: the caller's promise.
        unsafe {
            let c = v
                .shr4()
                .lookup16(self.rows)
                .and(v.and(self.low4).lookup16(self.columns));
            !c.eq8(V::splat(0)).bitmask_dense() & (u64::MAX >> (64 - V::BYTES))
        }
    }
}

/// [`sparse_two`] for a vector with characters of three bytes too, whose lengths
/// come from the mask `three` of them ([`ThreeBytes`]), not from the table.
/// Returns `None` (after writing scratch) if `check` and a byte is undefined.
///
/// # Safety
/// As [`sparse_decode`].
#[inline(always)]
unsafe fn sparse_masked<W: VectorExt>(
    v: W,
    s: *const u8,
    d: *mut u8,
    (mut mask, three): (u64, u64),
    utf8: &[u32; 128],
    check: bool,
) -> Option<usize> {
    // SAFETY: as in `sparse_decode` (each step stores as far, the lengths in `three`
    // being the table's).
    unsafe {
        v.store_unaligned(d);
        let mut undefined = 0u32;
        let mut grown = 0usize;
        while mask != 0 {
            let p = mask.trailing_zeros() as usize;
            let rest = W::load_unaligned(s.add(p + 1));
            let e = *utf8.get_unchecked(usize::from(*s.add(p) & 0x7F));
            undefined |= e;
            let len = 2 + (three >> p & 1) as usize;
            d.add(p + grown).cast::<u32>().write_unaligned(e.to_le());
            rest.store_unaligned(d.add(p + grown + len));
            grown += len - 1;
            mask &= mask - 1;
        }
        if check && undefined & scalar::UTF8_UNDEFINED != 0 {
            return None;
        }
        Some(W::BYTES + grown)
    }
}

/// `Kernel::codepage_to_utf8`: blocks of the widest vector `W`: an ASCII block is
/// copied, a block of ASCII and two-byte characters goes the direct way
/// ([`TwoByte`]; [`ThreeByte`] on a page of mostly three-byte characters), any other through its UTF-16 units and the UTF-16 -> UTF-8 block
/// step.
///
/// # Safety
/// The CPU supports the ISAs of `W` and `H`.
#[inline(always)]
pub(crate) unsafe fn codepage_to_utf8<W: Lookup128, H: EncodeHooks>(
    src: &[u8],
    dst: &mut [u8],
    cp: CodePage,
    _to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    // SAFETY: the caller's promise. (Two loops, so that the other pages' loop is
    // the same code as without the three-byte path.)
    unsafe {
        if mostly_three_bytes(cp) {
            to_utf8_loop::<W, H, ThreeByte<W>, false>(src, dst, cp, mode)
        } else if mostly_latin(cp) {
            to_utf8_loop::<W, H, TwoByte<W>, true>(src, dst, cp, mode)
        } else {
            to_utf8_loop::<W, H, TwoByte<W>, false>(src, dst, cp, mode)
        }
    }
}

/// The loop of [`codepage_to_utf8`] with the direct step `D`.
///
/// # Safety
/// The CPU supports the ISAs of `W` and `H`.
#[inline(always)]
unsafe fn to_utf8_loop<W: Lookup128, H: EncodeHooks, D: Direct<W>, const LATIN: bool>(
    src: &[u8],
    dst: &mut [u8],
    cp: CodePage,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let (n, m) = (src.len(), dst.len());
    // Strict mode on a page with undefined bytes: a block with one goes to the scalar
    // code (lossy mode writes the table's U+FFFD).
    let check = mode == Mode::Strict && !cp.is_total();
    // Output bytes an iteration may store: the first half's units take at most
    // `3 * W::BYTES / 2` bytes, then the second half's stores; plus 2 spare bytes
    // (the longest character, three bytes, minus one: see `super::handover`). The
    // direct paths store as much ([`ThreeByte`]) or less (`2 * W::BYTES`).
    let write = 3 * W::BYTES / 2 + bmp_block_stores(W::BYTES) + 2;
    let (mut pos, mut out) = (0usize, 0usize);
    // SAFETY: (whole block) the ISA is the caller's promise; every load reads
    // `src[pos..pos + W::BYTES]` (`pos + W::BYTES <= n`), every store writes within
    // `dst[out..out + write]` (`out + write <= m`): `W::BYTES` for an ASCII block,
    // what `Direct::block` promises for the direct path, and otherwise at most `3 * W::BYTES / 2`
    // bytes of output of the first half of the units and `bmp_block_stores` bytes of
    // stores for the second.
    unsafe {
        let two = D::new(cp);
        let dec = Decoder::<W>::new(cp);
        let utf8 = cp.utf8_high_half();
        let three = ThreeBytes::<W>::new(cp);
        let high = W::splat(0x80);
        while pos + W::BYTES <= n && out + write <= m {
            let v = W::load_unaligned(src.as_ptr().add(pos));
            let d = dst.as_mut_ptr().add(out);
            if !v.any_high_bit() {
                v.store_unaligned(d);
                pos += W::BYTES;
                out += W::BYTES;
                continue;
            }
            // Few high bytes: each character on its own.
            let mask = v.and(high).eq8(high).bitmask_dense();
            if at_most_bits::<UTF8_SPARSE>(mask)
                && pos + 2 * W::BYTES <= n
                && out + sparse_write::<W>() <= m
            {
                let s = src.as_ptr().add(pos);
                if LATIN {
                    if let Some(w) = sparse_two::<W>(v, s, d, mask, utf8) {
                        pos += W::BYTES;
                        out += w;
                        continue;
                    }
                    let masks = (mask, three.mask(v));
                    if let Some(w) = sparse_masked::<W>(v, s, d, masks, utf8, check) {
                        pos += W::BYTES;
                        out += w;
                        continue;
                    }
                }
                if let Some(w) = sparse_decode::<W>(v, s, d, mask, utf8, check) {
                    pos += W::BYTES;
                    out += w;
                    continue;
                }
            }
            if let Some(w) = two.block::<H>(v, d) {
                pos += W::BYTES;
                out += w;
                continue;
            }
            let (lo, hi) = dec.planes(v);
            if check && dec.has_undefined(hi) {
                break;
            }
            let (u0, u1) = W::zip8(lo, hi);
            let w = encode_bmp_block::<W, H>(u0, &UnitClasses::of(u0), d);
            out += w + encode_bmp_block::<W, H>(u1, &UnitClasses::of(u1), d.add(w));
            pos += W::BYTES;
        }
    }
    shift(
        scalar::codepage_to_utf8(&src[pos..], &mut dst[out..], cp, mode),
        pos,
        out,
    )
}

/// One 128-code-point block of a page's encoding tables in registers
/// ([`CodePage::encode_block`]): the bytes of `base + i`, and the high byte of `base`
/// and its bit 7 (which the units' low bytes must have) splatted.
#[derive(Clone, Copy)]
struct Block<V: Lookup128> {
    table: V::Table,
    high: V,
    low: V,
}

/// The encoding tables of one code page, in registers: the blocks of
/// [`CodePage::encode_block`], the first two for the fast block, all of them for the
/// retry of a refused one.
#[derive(Clone, Copy)]
struct Encoder<V: Lookup128> {
    blocks: [Block<V>; scalar::ENCODE_BLOCKS],
    high: V,
}

impl<V: Lookup128> Encoder<V> {
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    unsafe fn new(cp: CodePage) -> Self {
        // SAFETY: the caller's promise.
        unsafe {
            // A loop, not `array::from_fn`: a closure is compiled without the ISA's
            // features, and the primitives in it would be calls.
            let zero = V::splat(0);
            let mut blocks = [Block {
                table: V::table128(&[0; 128]),
                high: zero,
                low: zero,
            }; scalar::ENCODE_BLOCKS];
            for (k, b) in blocks.iter_mut().enumerate() {
                let (base, bytes) = cp.encode_block(k);
                *b = Block {
                    table: V::table128(bytes),
                    high: V::splat((base >> 8) as u8),
                    low: V::splat(base as u8 & 0x80),
                };
            }
            Encoder {
                blocks,
                high: V::splat(0x80),
            }
        }
    }

    /// The bytes of the characters whose UTF-16 units have the low bytes `lo` and
    /// the high bytes `hi`, if every one is ASCII or a character of the first `n`
    /// blocks that the code page has.
    ///
    /// Each block takes the units whose high byte is its base's and whose low byte
    /// has its base's bit 7, at the index `0x80 | lo` (the table gives 0 at the
    /// indices below 0x80 of the other units); an unused block (base 0) takes the
    /// ASCII units, for which its table gives 0.
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA; `n <= ENCODE_BLOCKS`.
    #[inline(always)]
    unsafe fn encode_blocks(&self, lo: V, hi: V, n: usize) -> Option<V> {
        // SAFETY: the caller's promise.
        unsafe {
            let zero = V::splat(0);
            let bit7 = lo.and(self.high);
            let idx = lo.or(self.high);
            let mut c = zero;
            for b in &self.blocks[..n] {
                let sel = hi.eq8(b.high).and(bit7.eq8(b.low));
                c = c.or(idx.and(sel).lookup128(&b.table));
            }
            // Accepted: where the tables give 0 exactly the ASCII units (the pages'
            // other bytes are >= 0x80).
            let ascii = hi.eq8(zero).and(bit7.eq8(zero));
            if !ascii.xor(c.eq8(zero)).is_zero() {
                return None;
            }
            Some(c.or(lo.and(ascii)))
        }
    }

    /// [`Encoder::encode_blocks`] with the two blocks of the fast path: the letters
    /// of the page's script.
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    unsafe fn encode(&self, lo: V, hi: V) -> Option<V> {
        // SAFETY: the caller's promise.
        unsafe {
            // All ASCII (most blocks of Latin-script text): no look-up.
            if hi.or(lo.and(self.high)).is_zero() {
                return Some(lo);
            }
            self.encode_blocks(lo, hi, 2)
        }
    }

    /// [`Encoder::encode_blocks`] with every block (the retry of a refused block):
    /// also the symbols and punctuation of the page (`«»`, dashes, `€`, `№`, ...).
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    unsafe fn encode_more(&self, lo: V, hi: V) -> Option<V> {
        // SAFETY: the caller's promise.
        unsafe { self.encode_blocks(lo, hi, scalar::ENCODE_BLOCKS) }
    }
}

/// UTF-16 (`from`) -> code page: two vectors in, one out.
struct FromUtf16<V: Lookup128> {
    enc: Encoder<V>,
    cp: CodePage,
    from: Endian,
    mode: Mode,
}

impl<V: Lookup128> FromUtf16<V> {
    /// The low and high bytes of the `V::BYTES` units at `src`.
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA; `2 * V::BYTES` bytes are readable at `src`.
    #[inline(always)]
    unsafe fn planes(&self, src: *const u8) -> (V, V) {
        // SAFETY: the caller's promises.
        unsafe {
            let mut a = V::load_unaligned(src);
            let mut b = V::load_unaligned(src.add(V::BYTES));
            if self.from == Endian::Big {
                a = a.swap_bytes16();
                b = b.swap_bytes16();
            }
            (
                V::narrow16(a, b),
                V::narrow16(a.shr16::<8>(), b.shr16::<8>()),
            )
        }
    }
}

impl<V: Lookup128> BlockOp<V> for FromUtf16<V> {
    const IN: usize = 2 * V::BYTES;
    const OUT: usize = V::BYTES;

    #[inline(always)]
    unsafe fn block(&self, src: *const u8, dst: *mut u8) -> Option<usize> {
        // SAFETY: the ISA and the pointer ranges are the caller's promise.
        unsafe {
            let (lo, hi) = self.planes(src);
            self.enc.encode(lo, hi)?.store_unaligned(dst);
        }
        Some(<Self as BlockOp<V>>::OUT)
    }

    const RETRY_OUT: usize = V::BYTES;

    #[inline(always)]
    unsafe fn retry(&self, src: *const u8, dst: *mut u8) -> Option<usize> {
        // SAFETY: the ISA and the pointer ranges are the caller's promise.
        unsafe {
            let (lo, hi) = self.planes(src);
            self.enc.encode_more(lo, hi)?.store_unaligned(dst);
        }
        Some(V::BYTES)
    }

    #[inline(always)]
    fn cut(&self, src: &[u8], end: usize) -> usize {
        cut16(src, end, self.from)
    }

    fn scalar(&self, src: &[u8], dst: &mut [u8]) -> Result<usize, TranscodeError> {
        scalar::utf16_to_codepage(src, dst, self.cp, self.from, self.mode)
    }
}

/// UTF-32 (`from`) -> code page: four vectors in, one out.
struct FromUtf32<V: Lookup128> {
    enc: Encoder<V>,
    cp: CodePage,
    from: Endian,
    mode: Mode,
}

impl<V: Lookup128> FromUtf32<V> {
    /// The low and high bytes of the `V::BYTES` units at `src`, if every one is
    /// below U+10000.
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA; `4 * V::BYTES` bytes are readable at `src`.
    #[inline(always)]
    unsafe fn planes(&self, src: *const u8) -> Option<(V, V)> {
        // SAFETY: the caller's promises.
        unsafe {
            let mut v = [0, 1, 2, 3].map(|k| V::load_unaligned(src.add(k * V::BYTES)));
            if self.from == Endian::Big {
                v = v.map(|x| x.swap_bytes32());
            }
            // Every unit below U+10000: its upper half is zero.
            let upper = V::splat4([0, 0, 0xFF, 0xFF]);
            if !v[0].or(v[1]).or(v[2].or(v[3])).and(upper).is_zero() {
                return None;
            }
            let (a, b) = (V::narrow32(v[0], v[1]), V::narrow32(v[2], v[3]));
            Some((
                V::narrow16(a, b),
                V::narrow16(a.shr16::<8>(), b.shr16::<8>()),
            ))
        }
    }
}

impl<V: Lookup128> BlockOp<V> for FromUtf32<V> {
    const IN: usize = 4 * V::BYTES;
    const OUT: usize = V::BYTES;

    #[inline(always)]
    unsafe fn block(&self, src: *const u8, dst: *mut u8) -> Option<usize> {
        // SAFETY: the ISA and the pointer ranges are the caller's promise.
        unsafe {
            let (lo, hi) = self.planes(src)?;
            self.enc.encode(lo, hi)?.store_unaligned(dst);
        }
        Some(<Self as BlockOp<V>>::OUT)
    }

    const RETRY_OUT: usize = V::BYTES;

    #[inline(always)]
    unsafe fn retry(&self, src: *const u8, dst: *mut u8) -> Option<usize> {
        // SAFETY: the ISA and the pointer ranges are the caller's promise.
        unsafe {
            let (lo, hi) = self.planes(src)?;
            self.enc.encode_more(lo, hi)?.store_unaligned(dst);
        }
        Some(V::BYTES)
    }

    fn scalar(&self, src: &[u8], dst: &mut [u8]) -> Result<usize, TranscodeError> {
        scalar::utf32_to_codepage(src, dst, self.cp, self.from, self.mode)
    }
}

/// `Kernel::utf16_to_codepage`.
///
/// # Safety
/// The CPU supports `W`'s ISA.
#[inline(always)]
pub(crate) unsafe fn utf16_to_codepage<W: Lookup128>(
    src: &[u8],
    dst: &mut [u8],
    cp: CodePage,
    from: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    // SAFETY: the ISA is the caller's promise.
    unsafe {
        // Made here, not in the closure (which is compiled without the ISA's features).
        let enc = Encoder::<W>::new(cp);
        let op = |mode| FromUtf16::<W> {
            enc,
            cp,
            from,
            mode,
        };
        run_in_mode::<W, _>(mode, op, src, dst)
    }
}

/// `Kernel::utf32_to_codepage`.
///
/// # Safety
/// The CPU supports `W`'s ISA.
#[inline(always)]
pub(crate) unsafe fn utf32_to_codepage<W: Lookup128>(
    src: &[u8],
    dst: &mut [u8],
    cp: CodePage,
    from: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    // SAFETY: the ISA is the caller's promise.
    unsafe {
        // Made here, not in the closure (which is compiled without the ISA's features).
        let enc = Encoder::<W>::new(cp);
        let op = |mode| FromUtf32::<W> {
            enc,
            cp,
            from,
            mode,
        };
        run_in_mode::<W, _>(mode, op, src, dst)
    }
}

/// Stores the bytes of `v` selected by the 16-bit `keep` mask, in order, at `dst`;
/// returns their number.
///
/// # Safety
/// The CPU supports `V`'s ISA (`V::BYTES == 16`); 16 writable bytes at `dst`.
#[inline(always)]
unsafe fn compress16<V: VectorExt>(v: V, keep: u64, dst: *mut u8) -> usize {
    // SAFETY: the caller's promises; the table indices are bytes (< 256).
    unsafe {
        let (k0, k1) = ((keep & 0xFF) as usize, (keep >> 8 & 0xFF) as usize);
        let lo = u64::from_le_bytes(*COMPRESS8.get_unchecked(k0));
        // The second half's indices are 8..16 (0x80 + 8 still selects zero).
        let hi = u64::from_le_bytes(*COMPRESS8.get_unchecked(k1)) + 0x0808_0808_0808_0808;
        let ctl = [lo.to_le(), hi.to_le()];
        let c = V::load_unaligned(ctl.as_ptr().cast()).lookup16(v);
        c.store_unaligned(dst);
        // Move the compressed second half right after the first one.
        let w0 = *POPCOUNT8.get_unchecked(k0) as usize;
        let second = dst.add(8).cast::<u64>().read_unaligned();
        dst.add(w0).cast::<u64>().write_unaligned(second);
        w0 + *POPCOUNT8.get_unchecked(k1) as usize
    }
}

/// Copies the 64 bytes at `src` to `dst` with vectors `W`.
///
/// # Safety
/// The CPU supports `W`'s ISA; 64 bytes readable at `src` and writable at `dst`.
#[inline(always)]
unsafe fn copy64<W: VectorExt>(src: *const u8, dst: *mut u8) {
    // SAFETY: the caller's promises.
    unsafe {
        let mut k = 0;
        while k < 64 {
            W::load_unaligned(src.add(k)).store_unaligned(dst.add(k));
            k += W::BYTES;
        }
    }
}

/// Input bytes after a 64-byte block that [`sparse_block`] may read: the last
/// character may start at byte 63 and end at 66, and the copy after it reads 64
/// bytes from there.
const SPARSE_READ: usize = 66 + 64;
/// Output bytes from a block's start that [`sparse_block`] may store: a character's
/// byte at most at 63, and the 64-byte copy after it.
const SPARSE_WRITE: usize = 64 + 64;

/// UTF-8 -> code page for a 64-byte block with few non-ASCII characters, one
/// character at a time: the block is copied, and each non-ASCII character (the
/// set bits of `mask`, its high bytes) is decoded with a few integer operations,
/// looked up in the page's block tables ([`scalar::EncodeTables`], no search) and
/// written over its first byte, and the rest of the block is copied again one byte
/// further left per byte that the character dropped. Returns the bytes read (64,
/// or up to 66 when the last character ends in the next block) and written, or
/// `None` if a character is ill-formed, of four bytes, or lacking in the page in
/// strict mode (lossy and valid mode write `?`): the scalar code then converts
/// the block. Nothing is stored past `SPARSE_WRITE` bytes from `d`; a refused block
/// may leave scratch bytes there (the caller's scalar call writes over them).
///
/// # Safety
/// The CPU supports `W`'s ISA; `SPARSE_READ` bytes readable at `s`,
/// `SPARSE_WRITE` writable at `d`; `mask` has a bit for each byte of `s[..64]` at
/// or above 0x80, and no other.
#[inline(always)]
unsafe fn sparse_block<W: VectorExt>(
    s: *const u8,
    d: *mut u8,
    mut mask: u64,
    cp: CodePage,
    tables: scalar::EncodeTables,
    question: bool,
) -> Option<(usize, usize)> {
    // SAFETY: the caller's promises: every character starts below 64 and ends at
    // most at 66, its four-byte read ends at most at 67, and the copy after it reads
    // `s[next..next + 64]` (`next <= 66`) and writes `d[q + 1..q + 65]` (`q <= 63`).
    unsafe {
        copy64::<W>(s, d);
        let (mut dropped, mut end) = (0usize, 64usize);
        while mask != 0 {
            let p = mask.trailing_zeros() as usize;
            let w = s.add(p).cast::<u32>().read_unaligned().to_le();
            let (b0, b1, b2) = (w & 0xFF, w >> 8 & 0xFF, w >> 16 & 0xFF);
            let three = b0 & 0xF0 == 0xE0;
            let c2 = (b0 & 0x1F) << 6 | (b1 & 0x3F);
            let c3 = (b0 & 0x0F) << 12 | (b1 & 0x3F) << 6 | (b2 & 0x3F);
            let c = if three { c3 } else { c2 };
            let len = if three { 3 } else { 2 };
            // Well-formed: a two-byte lead C2..DF and a continuation byte, or a
            // three-byte lead and two continuation bytes giving neither an overlong
            // form nor a surrogate.
            let cont1 = b1 & 0xC0 == 0x80;
            let ok3 = (b2 & 0xC0 == 0x80) & (c3 >= 0x800) & (c3 & 0xF800 != 0xD800);
            let ok2 = b0.wrapping_sub(0xC2) < 0x1E;
            if !(cont1 & if three { ok3 } else { ok2 }) {
                return None;
            }
            let mut byte = tables.encode_fast(c);
            if byte == 0 {
                byte = lookup_slow(cp, c, question)?;
            }
            let q = p - dropped;
            *d.add(q) = byte;
            let next = p + len;
            copy64::<W>(s.add(next), d.add(q + 1));
            dropped += len - 1;
            if next >= 64 {
                end = next;
                mask = 0;
            } else {
                mask &= !0u64 << next;
            }
        }
        Some((end, end - dropped))
    }
}

/// The byte of `c` when [`scalar::EncodeTables::encode_fast`] has none: a character
/// of the page outside its block tables (a search), else `?` if `question`.
#[cold]
#[inline(never)]
fn lookup_slow(cp: CodePage, c: u32, question: bool) -> Option<u8> {
    match cp.encode(c) {
        Some(b) => Some(b),
        None if question => Some(b'?'),
        None => None,
    }
}

/// Blocks with at most this many non-ASCII bytes go to [`sparse_block`] before the
/// vector check: two-byte letters here and there, and the three-byte punctuation
/// (`–`, `’`, `„`, `€`) that the vector path leaves to the scalar code.
const SPARSE_MAX: u32 = 8;

/// `Kernel::utf8_to_codepage`: 64-byte blocks of 16-byte vectors `V`.
///
/// A block is fast when its non-ASCII bytes are two-byte sequences of the page's
/// first two encoding blocks ([`CodePage::encode_block`] 0 and 1, 256 code points
/// from `base` below U+0800: the lead bytes `lead0..lead0 + 4` with `lead0 = 0xC0 |
/// base >> 6`, e.g. `D0..D3` for Cyrillic, `C2..C5` for the Latin pages), each lead
/// followed by one continuation byte and every continuation byte following one
/// (checked exactly: the continuation bytes are the leads shifted by one, so no
/// other validation is needed), and the tables have a byte for every character.
/// A lead byte in the last position waits for the next block. A page whose first
/// blocks are above U+07FF (Thai) has three-byte characters: only its ASCII blocks
/// are fast.
///
/// # Safety
/// The CPU supports `V`'s ISA; `V::BYTES == 16`.
#[inline(always)]
pub(crate) unsafe fn utf8_to_codepage<V: Lookup128, W: VectorExt>(
    src: &[u8],
    dst: &mut [u8],
    cp: CodePage,
    _from: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    debug_assert_eq!(V::BYTES, 16);
    let (n, m) = (src.len(), dst.len());
    let (mut pos, mut out) = (0usize, 0usize);
    let enc = cp.encode_tables();
    let question = mode != Mode::Strict;
    let (base, first) = cp.encode_block(0);
    // `0x80` (a continuation byte, never a lead: every block with a high byte is
    // refused) when the blocks are not of two-byte characters.
    let lead0 = if base < 0x800 {
        0xC0 | (base >> 6) as u8
    } else {
        0x80
    };
    // SAFETY: (whole block) the ISA is the caller's promise; `pos + 64 <= src.len()`
    // bounds the loads, `out + 64 <= dst.len()` the stores (one output byte per
    // character: the kept bytes of vector k start at most at 16 k, and a 16-byte
    // store from there stays within the 64 bytes).
    unsafe {
        let tables = [V::table128(first), V::table128(cp.encode_block(1).1)];
        let (top, cont_pat, lead0, four) = (
            V::splat(0xC0),
            V::splat(0x80),
            V::splat(lead0),
            V::splat(0xFC),
        );
        let (low6, bit6, two, zero) = (V::splat(0x3F), V::splat(0x40), V::splat(2), V::splat(0));
        while pos + 64 <= src.len() && out + 64 <= dst.len() {
            let s = src.as_ptr().add(pos);
            let d = dst.as_mut_ptr().add(out);
            let v = [0, 16, 32, 48].map(|k| V::load_unaligned(s.add(k)));
            if !v[0].or(v[1]).or(v[2].or(v[3])).any_high_bit() {
                for (k, x) in v.into_iter().enumerate() {
                    x.store_unaligned(d.add(16 * k));
                }
                pos += 64;
                out += 64;
                continue;
            }
            // The high bytes; a block with few goes character by character.
            let mut high = 0u64;
            for (k, x) in v.iter().enumerate() {
                high |= x.and(cont_pat).eq8(cont_pat).bitmask_dense() << (16 * k);
            }
            let sparse_ok = pos + SPARSE_READ <= n && out + SPARSE_WRITE <= m;
            if sparse_ok && high.count_ones() <= SPARSE_MAX {
                if let Some((i, w)) = sparse_block::<W>(s, d, high, cp, enc, question) {
                    pos += i;
                    out += w;
                    continue;
                }
            }
            // First pass: check the whole block before writing anything.
            let mut prev_rel = zero;
            let mut prev_lead = zero;
            let mut bad = zero;
            let mut values = [zero; 4];
            let mut keeps = [0u64; 4];
            for (k, &x) in v.iter().enumerate() {
                let kind = x.and(top);
                let is_cont = kind.eq8(cont_pat);
                let is_lead = kind.eq8(top);
                // The lead's offset from `lead0`: one of ours below 4.
                let rel = x.wrapping_sub8(lead0);
                let is_ours = rel.and(four).eq8(zero);
                let before = rel.shift_in_one_byte(prev_rel);
                // The continuation bytes are exactly the bytes after our leads.
                let after_lead = is_ours.shift_in_one_byte(prev_lead);
                bad = bad.or(is_cont.xor(after_lead)).or(is_lead.xor(is_ours));
                // base + ((rel & 3) << 6 | cont & 0x3F): table `rel >> 1`, index 0x80 +
                // (rel & 1) << 6 | cont & 0x3F. (before << 6) & 0x40 per byte takes
                // bit 0 of the byte before (a 16-bit shift only moves bits of the
                // lower byte into the low six bits of the upper one, which the mask
                // clears; `lead0` is even, so the bit is the lead's own).
                let idx = before.shl16::<6>().and(bit6).or(x.and(low6)).or(cont_pat);
                let second = before.and(two).eq8(two);
                let idx1 = idx.and(second);
                let c = idx
                    .xor(idx1)
                    .lookup128(&tables[0])
                    .or(idx1.lookup128(&tables[1]));
                bad = bad.or(is_cont.and(c.eq8(zero)));
                values[k] = crate::generic::blocks::select(is_cont, c, x);
                keeps[k] = !is_lead.bitmask_dense() & 0xFFFF;
                prev_rel = rel;
                prev_lead = is_ours;
            }
            if !bad.is_zero() {
                // Many non-ASCII bytes, but other characters than the fast pair's
                // (three-byte punctuation, another block): one by one.
                if sparse_ok && high.count_ones() > SPARSE_MAX {
                    if let Some((i, w)) = sparse_block::<W>(s, d, high, cp, enc, question) {
                        pos += i;
                        out += w;
                        continue;
                    }
                }
                // Every mode: the scalar code up to a resynchronisation point (a
                // refused block may well be valid, e.g. with a three-byte
                // character the code page has), which returns a strict error.
                let end = utf8_resync(src, pos + 64);
                let r = scalar::utf8_to_codepage(&src[pos..end], &mut dst[out..], cp, mode);
                out = shift(r, pos, out)?;
                pos = end;
                continue;
            }
            let mut w = 0usize;
            for k in 0..4 {
                w += compress16(values[k], keeps[k], d.add(w));
            }
            // A lead byte at the end waits for its continuation in the next block.
            pos += if src[pos + 63] >= 0xC0 { 63 } else { 64 };
            out += w;
        }
    }
    shift(
        scalar::utf8_to_codepage(&src[pos..], &mut dst[out..], cp, mode),
        pos,
        out,
    )
}
