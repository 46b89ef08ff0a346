//! The UTF-8 offsets of a column in a single-byte encoding, counted a block of 64
//! bytes at a time.
//!
//! In a single-byte encoding every byte is one character, so the UTF-8 column's
//! offsets follow from the input's: the output offset of input offset `p` is `p`
//! (from the first offset) plus the *extra* bytes (UTF-8 length minus one) of the
//! characters before it. The rows tile the values buffer (row `i` is `offsets[i]..
//! offsets[i + 1]`), so the offsets are positions in one ascending walk.
//!
//! A walk that stops at each offset (count the words up to it, then the part of a
//! word before it) pays a mispredicted loop exit per row, since rows have random
//! lengths, and that costs more than the counting. So the count is split in two
//! passes over a chunk of the values that stays in L1:
//! 1. **Blocks.** For each block of 64 bytes: the extra bytes before it (a running
//!    sum), and the extra bytes before each of its eight words packed in one `u64`,
//!    one byte per word (at most 8 x 2 x 7 = 112 before the last word: a byte holds
//!    it). The packing is a multiplication: the per-word counts `c_k` in byte `k`,
//!    times `0x0101..01`, give the running sums byte by byte.
//! 2. **Offsets.** For each offset in the chunk: the block's sum, the byte of its word
//!    in the packed sums, and the extra bytes of that word before the offset (the word
//!    masked to its first bytes: the masked bytes read as NUL, which counts nothing).
//!    A handful of operations and no branch that depends on the row's length.
//!
//! How a word is counted, cheapest first. A high byte (bit 7 set; the low half of
//! every single-byte encoding is ASCII) adds one extra byte, a `popcount`; a high byte
//! whose character takes three bytes adds one more (no single-byte encoding maps a
//! byte beyond the BMP). The page's high bytes of three-byte characters lie in one
//! byte range, and so do those of two-byte characters: a SWAR range test per word
//! tells whether a block has a high byte in the range of the three-byte ones (if not,
//! the extra bytes are the `popcount`: Cyrillic, Greek or accented Latin letters in
//! their pages), or in that of the two-byte ones (if not, twice the `popcount`: Thai in
//! windows-874). Either way the block's *scale*, 1 or 2, is what pass 2 multiplies its
//! word's `popcount` by. A block with high bytes in both ranges (a letter next to a
//! dash or a quote of windows-125x's 0x80-0x9F row, say) is counted byte by byte from
//! the table, in both passes; it is exact for every page whatever its layout, as the
//! ranges only pick the path, never the count.

/// The low seven bits of each byte of a word.
const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
/// The high bit of each byte of a word.
const HIGH: u64 = 0x8080_8080_8080_8080;
/// One in each byte of a word: `b * ONES` repeats byte `b`.
const ONES: u64 = 0x0101_0101_0101_0101;
/// Bytes per block, and blocks per chunk (a chunk of the values, its words read
/// twice, and the blocks' sums stay in L1).
const BLOCK: usize = 64;
const CHUNK_BLOCKS: usize = 256;
const CHUNK: usize = BLOCK * CHUNK_BLOCKS;

/// A range `lo..=hi` of high bytes (both at least 0x80), as the two SWAR
/// subtrahends of [`Range::hits`].
#[derive(Clone, Copy)]
struct Range {
    /// `lo - 0x80` in every byte.
    lo: u64,
    /// `hi + 1 - 0x80` in every byte (at most 0x80).
    past: u64,
}

impl Range {
    /// The smallest range holding every byte of `set`; for an empty set, a range that
    /// holds no byte.
    fn covering(set: impl Iterator<Item = u8> + Clone) -> Range {
        match (set.clone().min(), set.max()) {
            (Some(lo), Some(hi)) => {
                debug_assert!(lo >= 0x80);
                Range {
                    lo: u64::from(lo - 0x80) * ONES,
                    past: u64::from(hi - 0x7F) * ONES,
                }
            }
            // `x >= 0x80` for no seven-bit `x`.
            _ => Range {
                lo: 0x80 * ONES,
                past: 0x80 * ONES,
            },
        }
    }

    /// The high bits of the bytes of `w` that lie in the range, among those of
    /// `high` (the high bytes of `w`).
    ///
    /// Per byte, with `x` the low seven bits: `(x | 0x80) - lo` keeps its high bit
    /// exactly when `x >= lo`, and `(x | 0x80) - past` exactly when `x >= past`;
    /// neither borrows from the next byte, since `x | 0x80` is at least `lo` and
    /// `past` (both at most 0x80).
    #[inline(always)]
    fn hits(self, w: u64, high: u64) -> u64 {
        let x = (w & LOW7) | HIGH;
        x.wrapping_sub(self.lo) & !x.wrapping_sub(self.past) & high
    }
}

/// Counts the extra UTF-8 bytes (length minus one) of the characters of a
/// single-byte encoding.
pub(super) struct Counter {
    /// The extra bytes of each byte's character: 0, 1 or 2.
    extra: [u8; 256],
    /// The high bytes whose characters take three bytes in UTF-8.
    three: Range,
    /// The high bytes whose characters take two bytes in UTF-8.
    two: Range,
}

/// The number of bytes of `w` with the high bit set. A multiplication rather than
/// `count_ones`, which the baseline x86-64 target (no `popcnt`) compiles to a dozen
/// operations: the high bits moved to bit 0 of each byte and summed into the top
/// byte by `* 0x0101..01` (at most 8: no carry).
#[inline(always)]
fn highs(w: u64) -> u64 {
    ((w & HIGH) >> 7).wrapping_mul(ONES) >> 56
}

/// The eight words of the block of `span` at `at`; past the end, NULs.
#[inline(always)]
fn block(span: &[u8], at: usize) -> [u64; 8] {
    match span.get(at..at + BLOCK) {
        // Straight from the span: a copy to the stack first would read back what it
        // just stored in other widths, and stall on the store forwarding.
        Some(b) => core::array::from_fn(|k| word(b, 8 * k)),
        None => core::array::from_fn(|k| word(span, at + 8 * k)),
    }
}

/// The word of `span` at `at`; past the end, NULs.
#[inline(always)]
fn word(span: &[u8], at: usize) -> u64 {
    match span.get(at..at + 8) {
        Some(s) => u64::from_le_bytes(s.try_into().expect("eight bytes")),
        None => {
            let mut w = [0u8; 8];
            let rest = span.get(at..).unwrap_or(&[]);
            w[..rest.len()].copy_from_slice(rest);
            u64::from_le_bytes(w)
        }
    }
}

impl Counter {
    /// The counter of the encoding whose byte `b` decodes to `decode(b)`.
    pub(super) fn new(decode: impl Fn(u8) -> char) -> Counter {
        let extra: [u8; 256] = core::array::from_fn(|b| decode(b as u8).len_utf8() as u8 - 1);
        debug_assert!(
            extra[..0x80].iter().all(|&e| e == 0),
            "ASCII in the low half"
        );
        let of_len = |n: u8| (0x80..=0xFFu8).filter(move |&b| extra[usize::from(b)] == n);
        Counter {
            extra,
            three: Range::covering(of_len(2)),
            two: Range::covering(of_len(1)),
        }
    }

    /// The extra bytes of the characters of `w`, from the table.
    #[inline(always)]
    fn exact(&self, w: u64) -> u64 {
        w.to_le_bytes()
            .iter()
            .map(|&b| u64::from(self.extra[usize::from(b)]))
            .sum()
    }

    /// The scale of a block (1 or 2: each high byte adds that many extra bytes; 0:
    /// count from the table) and the extra bytes before each word, packed a byte a
    /// word, with the block's total.
    #[inline(always)]
    fn count_block(&self, words: &[u64; 8]) -> (u64, u64, u64) {
        let any_high = words.iter().fold(0, |a, w| a | (w & HIGH));
        if any_high == 0 {
            return (1, 0, 0);
        }
        let any_in = |r: Range| words.iter().fold(0, |a, &w| a | r.hits(w, w & HIGH)) != 0;
        let scale = if !any_in(self.three) {
            1
        } else if !any_in(self.two) {
            2
        } else {
            0
        };
        // Byte k: the extra bytes of word k (at most 16).
        let counts = words.iter().enumerate().fold(0u64, |a, (k, &w)| {
            let n = match scale {
                0 => self.exact(w),
                s => s * highs(w),
            };
            a | n << (8 * k)
        });
        // Running sums byte by byte; then shifted up a byte: the sums *before* each
        // word, and the total, which the shift drops, from the top byte.
        let sums = counts.wrapping_mul(ONES);
        (scale, sums << 8, sums >> 56)
    }

    /// The output offset of every offset of `offsets` (positions in `values`, the
    /// first as `pos(offsets[0])`, not decreasing: `pos(o) - pos(offsets[0])` plus the
    /// extra bytes of `values[pos(offsets[0])..pos(o)]`), converted to the array's
    /// offset type by `offset` (failing past its range), pushed to `out`.
    pub(super) fn offsets<O: Copy, E>(
        &self,
        values: &[u8],
        offsets: &[O],
        pos: impl Fn(O) -> usize,
        mut offset: impl FnMut(usize) -> Result<O, E>,
        out: &mut alloc::vec::Vec<O>,
    ) -> Result<(), E> {
        let (Some(&first), Some(&last)) = (offsets.first(), offsets.last()) else {
            return Ok(());
        };
        let base = pos(first);
        let span = &values[base..pos(last)];
        // Per block of the chunk: its scale, the sums before its words, and the
        // extra bytes before it (from the span's start).
        let mut scales = [0u8; CHUNK_BLOCKS];
        let mut sums = [0u64; CHUNK_BLOCKS];
        let mut before = [0u64; CHUNK_BLOCKS];
        // The next offset to convert.
        let mut i = 0;
        // The extra bytes before the chunk.
        let mut total = 0usize;
        let mut at = 0;
        // The last chunk may be empty: an offset at the very end (the span's length)
        // lands in it, at a block of NULs.
        while at <= span.len() {
            let mut sum = total as u64;
            // The blocks that hold bytes of the span, and the block at its end.
            let blocks = CHUNK_BLOCKS.min((span.len() - at) / BLOCK + 1);
            for b in 0..blocks {
                let (scale, word_sums, block_total) =
                    self.count_block(&block(span, at + b * BLOCK));
                (scales[b], sums[b], before[b]) = (scale as u8, word_sums, sum);
                sum += block_total;
            }
            let chunk = &span[at..];
            while let Some(&o) = offsets.get(i) {
                let r = pos(o) - base - at;
                if r >= CHUNK {
                    break;
                }
                let (b, k, bytes) = (r / BLOCK, r % BLOCK / 8, r % 8);
                let w = word(chunk, r - bytes) & (u64::MAX >> 1 >> (63 - 8 * bytes));
                let part = match u64::from(scales[b]) {
                    0 => self.exact(w),
                    s => s * highs(w),
                };
                let extra = before[b] + (sums[b] >> (8 * k) & 0xFF) + part;
                out.push(offset(at + r + extra as usize)?);
                i += 1;
            }
            total = sum as usize;
            at += CHUNK;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::boxed::Box;
    use alloc::vec::Vec;

    type Decode = Box<dyn Fn(u8) -> char>;

    /// The encodings of one byte per character, as `decode` functions.
    fn pages() -> Vec<(&'static str, Decode)> {
        let mut pages: Vec<(&'static str, Decode)> = alloc::vec![("Latin-1", Box::new(char::from))];
        for cp in crate::CodePage::ALL {
            pages.push((cp.encoding().name(), Box::new(move |b| cp.decode(b))));
        }
        // Layouts no page of today has: three-byte characters on both sides of the
        // two-byte ones; all three-byte (Thai in windows-874 is nearly that).
        pages.push((
            "interleaved",
            Box::new(|b| match b {
                0..=0x7F => char::from(b),
                _ if b % 3 == 0 => '\u{20AC}',
                _ => char::from_u32(0x400 + u32::from(b)).expect("a char"),
            }),
        ));
        pages.push((
            "all three-byte",
            Box::new(|b| match b {
                0..=0x7F => char::from(b),
                _ => char::from_u32(0xE00 + u32::from(b)).expect("a char"),
            }),
        ));
        pages
    }

    /// `Counter::offsets` against a byte-by-byte count.
    fn check(name: &str, c: &Counter, decode: &Decode, values: &[u8], offsets: &[usize]) {
        let mut got = Vec::new();
        c.offsets(values, offsets, |o| o, Ok::<_, ()>, &mut got)
            .expect("no overflow");
        let want: Vec<usize> = offsets
            .iter()
            .map(|&o| {
                let before = &values[offsets[0]..o];
                before.iter().map(|&b| decode(b).len_utf8()).sum()
            })
            .collect();
        assert_eq!(got, want, "{name}: {values:02X?} at {offsets:?}");
    }

    #[test]
    fn every_byte_at_every_place_of_a_block() {
        for (name, decode) in pages() {
            let c = Counter::new(&decode);
            for b in 0..=255u8 {
                for fill in [0u8, b'a', 0x88, 0xB9, 0xC0, 0xFF] {
                    for at in [0, 1, 7, 8, 30, 63, 64, 70] {
                        let mut values = [fill; 72];
                        values[at] = b;
                        for start in [0, 1, 9] {
                            let offsets: Vec<usize> = (start..=72).collect();
                            check(name, &c, &decode, &values, &offsets);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn random_columns_across_chunks() {
        let mut rng = utfast_testkit::Rng(0x0FF5E7);
        for (name, decode) in pages() {
            let c = Counter::new(&decode);
            for round in 0..60 {
                // Some columns span several chunks; runs of one kind of byte, so that
                // whole blocks take each path.
                let len = if round % 4 == 0 {
                    rng.below(3 * CHUNK)
                } else {
                    rng.below(300)
                };
                let mut values = Vec::with_capacity(len);
                while values.len() < len {
                    let (lo, span) = match rng.below(4) {
                        0 => (0, 0x80),
                        1 => (0x80, 0x40),
                        2 => (0xC0, 0x40),
                        _ => (0, 0x100),
                    };
                    for _ in 0..rng.below(100).min(len - values.len()) + 1 {
                        values.push((lo + rng.below(span)) as u8);
                    }
                }
                values.truncate(len);
                let mut offsets = alloc::vec![rng.below(len + 1)];
                loop {
                    let last = *offsets.last().expect("one");
                    if last == len || rng.below(50) == 0 {
                        break;
                    }
                    offsets.push(last + rng.below((len + 1 - last).min(90)));
                }
                check(name, &c, &decode, &values, &offsets);
            }
        }
    }
}
