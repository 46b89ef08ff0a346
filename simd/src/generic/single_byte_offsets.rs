//! The offsets of a column in a single-byte encoding after its conversion to UTF-8
//! (`utfast_scalar::offsets::single_byte_offsets`), for `utfast::arrow::transcode_array`.
//!
//! In a single-byte encoding every byte is one character, so the output offset of
//! input offset `p` is `p - offsets[0]` plus the *extra* bytes (UTF-8 length minus
//! one) of the bytes before it: one for a high byte (bit 7 set: the low half of every
//! such encoding is ASCII), one more for a high byte whose character takes three
//! bytes (no single-byte encoding maps a byte beyond the BMP). The rows tile the
//! values buffer, so the offsets are positions of one ascending walk.
//!
//! A walk that stops at each offset pays a mispredicted loop exit per row (rows have
//! random lengths), which costs more than the counting itself. So the count is split
//! in two passes over a chunk of the values that stays in L1:
//!
//! 1. **Blocks.** For each block of 64 bytes two bit masks, one bit per byte: the
//!    high bytes, and the high bytes of three-byte characters; and the extra bytes
//!    before the block (a running sum of the masks' `popcount`s). The masks come
//!    from two 16-entry look-ups per vector (the `pshufb` form of a 128-bit set):
//!    the high nibble `h` selects the bit `1 << (h - 8)` (nothing for `h < 8`, so
//!    ASCII drops out), the low nibble `l` a byte with bit `h - 8` set for each
//!    three-byte character `h << 4 | l`; their `and` is non-zero exactly for the
//!    three-byte bytes, and the first look-up alone is non-zero exactly for the high
//!    bytes. Two comparisons with zero and two `movemask`s give the masks.
//! 2. **Offsets.** For each offset in the chunk: the sum before its block plus the
//!    `popcount`s of the two masks cut below the offset's bit. No branch depends on
//!    a row's length, and an offset costs a few operations whatever the text.
//!
//! The offsets are the caller's (a safe method), so they are checked as they go: the
//! first and last against the values before anything is read, and each against its
//! predecessor (an `or` of comparisons, tested once at the end). An offset that
//! decreases, or lies beyond the last, makes the result `None`; the positions read
//! are the block arrays', indexed below their length, so no offset can lead a read
//! astray.

use crate::vector_ext::VectorExt;

/// Bytes per block: one bit of a `u64` mask each.
const BLOCK: usize = 64;
/// Blocks per chunk: a chunk of the values, read once per pass, and its blocks'
/// masks and sums stay in L1.
const CHUNK_BLOCKS: usize = 256;
const CHUNK: usize = BLOCK * CHUNK_BLOCKS;

/// The two look-up tables of a page (see the module documentation).
struct Tables<W> {
    /// By high nibble `h`: `1 << (h - 8)` for `h >= 8`, else 0.
    by_high: W,
    /// By low nibble `l`: bit `h - 8` set when the byte `h << 4 | l` is three-byte.
    by_low: W,
    /// `0x0F` in every byte.
    low_nibble: W,
    zero: W,
}

impl<W: VectorExt> Tables<W> {
    /// The tables of the page whose three-byte high bytes are the set bits of
    /// `three` (bit `b - 0x80`).
    ///
    /// # Safety
    /// The CPU supports `W`'s ISA.
    #[inline(always)]
    unsafe fn new(three: u128) -> Self {
        let by_high: [u8; 16] = core::array::from_fn(|h| if h >= 8 { 1 << (h - 8) } else { 0 });
        let by_low: [u8; 16] = core::array::from_fn(|l| {
            (0..8).fold(0u8, |a, h| a | (((three >> (16 * h + l)) as u8 & 1) << h))
        });
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            Tables {
                by_high: W::broadcast_lane(&by_high),
                by_low: W::broadcast_lane(&by_low),
                low_nibble: W::splat(0x0F),
                zero: W::splat(0),
            }
        }
    }

    /// The masks of the 64 bytes at `ptr`: (high bytes, three-byte high bytes).
    ///
    /// # Safety
    /// The CPU supports `W`'s ISA; `ptr..ptr + 64` is readable.
    #[inline(always)]
    unsafe fn masks(&self, ptr: *const u8) -> (u64, u64) {
        // SAFETY: the caller's promises.
        unsafe {
            let block = W::load_block64(ptr);
            // Collected inverted (ASCII, not three-byte), then inverted whole: the
            // vectors' masks fill all 64 bits together.
            let (mut ascii, mut not_three) = (0u64, 0u64);
            for (k, &x) in block.as_ref().iter().enumerate() {
                let hi = x.shr4().lookup16(self.by_high);
                let lo = x.and(self.low_nibble).lookup16(self.by_low);
                ascii |= hi.eq8(self.zero).bitmask_dense() << (W::BYTES * k);
                not_three |= hi.and(lo).eq8(self.zero).bitmask_dense() << (W::BYTES * k);
            }
            (!ascii, !not_three)
        }
    }
}

/// `utfast_scalar::offsets::single_byte_offsets_i32`.
///
/// # Safety
/// The CPU supports `W`'s ISA.
#[inline(always)]
pub(crate) unsafe fn single_byte_offsets_i32<W: VectorExt>(
    values: &[u8],
    offsets: &[i32],
    three: u128,
    out: &mut [i32],
) -> Option<u64> {
    // SAFETY: the caller's promise.
    unsafe { single_byte_offsets::<W, i32>(values, offsets, three, out, i64::from, |n| n as i32) }
}

/// `utfast_scalar::offsets::single_byte_offsets_i64`.
///
/// # Safety
/// The CPU supports `W`'s ISA.
#[inline(always)]
pub(crate) unsafe fn single_byte_offsets_i64<W: VectorExt>(
    values: &[u8],
    offsets: &[i64],
    three: u128,
    out: &mut [i64],
) -> Option<u64> {
    // SAFETY: the caller's promise.
    unsafe { single_byte_offsets::<W, i64>(values, offsets, three, out, |o| o, |n| n as i64) }
}

/// The two passes per chunk (see the module documentation).
///
/// # Safety
/// The CPU supports `W`'s ISA.
#[inline(always)]
unsafe fn single_byte_offsets<W: VectorExt, O: Copy + Ord>(
    values: &[u8],
    offsets: &[O],
    three: u128,
    out: &mut [O],
    wide: impl Fn(O) -> i64,
    narrow: impl Fn(u64) -> O,
) -> Option<u64> {
    if out.len() != offsets.len() {
        return None;
    }
    let (Some(&first), Some(&last)) = (offsets.first(), offsets.last()) else {
        return Some(0);
    };
    let base = usize::try_from(wide(first)).ok()?;
    let end = usize::try_from(wide(last)).ok()?;
    if base > end || end > values.len() {
        return None;
    }
    let span = &values[base..end];
    // SAFETY: the ISA is the caller's promise.
    let tables = unsafe { Tables::<W>::new(three) };
    // Per block of the chunk: its masks and the extra bytes before it (from the
    // span's start).
    let mut high = [0u64; CHUNK_BLOCKS];
    let mut high3 = [0u64; CHUNK_BLOCKS];
    let mut before = [0u64; CHUNK_BLOCKS];
    // The next offset, its predecessor, and whether any offset decreased.
    let (mut i, mut prev, mut decreasing) = (0, first, false);
    // The extra bytes before the chunk.
    let mut total = 0u64;
    let mut at = 0;
    // The last chunk may be empty: an offset at the very end (the span's length)
    // lands in it, at a block of no bytes.
    while at <= span.len() {
        let chunk = &span[at..];
        let full = (chunk.len() / BLOCK).min(CHUNK_BLOCKS);
        let mut sum = total;
        for b in 0..full {
            // SAFETY: the ISA is the caller's promise; `(b + 1) * 64 <= chunk.len()`.
            let (h, h3) = unsafe { tables.masks(chunk.as_ptr().add(b * BLOCK)) };
            (high[b], high3[b], before[b]) = (h, h3, sum);
            sum += u64::from(h.count_ones() + h3.count_ones());
        }
        if full < CHUNK_BLOCKS {
            // The span's last bytes (fewer than 64, maybe none), after which NULs
            // count nothing; the offsets up to the span's end land in this block.
            let rest = &chunk[full * BLOCK..];
            let mut padded = [0u8; BLOCK];
            padded[..rest.len()].copy_from_slice(rest);
            // SAFETY: the ISA is the caller's promise; `padded` holds 64 bytes.
            let (h, h3) = unsafe { tables.masks(padded.as_ptr()) };
            (high[full], high3[full], before[full]) = (h, h3, sum);
            sum += u64::from(h.count_ones() + h3.count_ones());
        }
        let chunk_start = base + at;
        while let Some(&o) = offsets.get(i) {
            decreasing |= o < prev;
            prev = o;
            // Below the chunk (a negative or decreasing offset: `decreasing` is set)
            // wraps to a large number and ends the chunk like one beyond it.
            let r = (wide(o) as usize).wrapping_sub(chunk_start);
            if r >= CHUNK {
                break;
            }
            let (b, below) = (r / BLOCK, (1u64 << (r % BLOCK)) - 1);
            let extra = before[b]
                + u64::from((high[b] & below).count_ones() + (high3[b] & below).count_ones());
            if let Some(slot) = out.get_mut(i) {
                *slot = narrow((at + r) as u64 + extra);
            }
            i += 1;
        }
        total = sum;
        at += CHUNK;
    }
    if decreasing || i != offsets.len() {
        return None;
    }
    Some(span.len() as u64 + total)
}
