//! ASCII test, generic over [`Vector`]: OR 128 bytes at a time together and look at
//! the high bits once per 128 bytes; the last partial stretch is covered by vectors
//! that end exactly at the end of the slice (overlapping bytes already checked,
//! which is harmless for a pure test), so nothing outside the slice is read.

use crate::vector::Vector;

/// Whether every byte of `src` is below 0x80.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn is_ascii<V: Vector>(src: &[u8]) -> bool {
    let len = src.len();
    let b = V::BYTES;
    if len < b {
        return src.is_ascii();
    }
    let ptr = src.as_ptr();
    const UNROLL: usize = 128;
    let mut pos = 0;
    // SAFETY: the ISA is the caller's promise; every load reads `b` bytes starting at
    // `ptr + k` with `k + b <= len`.
    unsafe {
        // The loop's loads aligned to 64 bytes: the bytes before the first boundary
        // tested by one unaligned vector (or two), then the loop from there (a load
        // that straddles two cache lines costs two, and the loop is nothing but
        // loads and tests).
        let head = super::blocks::to_line(ptr, 64);
        if head != 0 && len >= 2 * UNROLL {
            let mut acc = V::load_unaligned(ptr);
            let mut j = b;
            while j < head {
                acc = acc.or(V::load_unaligned(ptr.add(j)));
                j += b;
            }
            if acc.any_high_bit() {
                return false;
            }
            pos = head;
        }
        while pos + UNROLL <= len {
            let mut acc = V::load_unaligned(ptr.add(pos));
            let mut j = b;
            while j < UNROLL {
                acc = acc.or(V::load_unaligned(ptr.add(pos + j)));
                j += b;
            }
            if acc.any_high_bit() {
                return false;
            }
            pos += UNROLL;
        }
        let mut acc = V::load_unaligned(ptr.add(len - b));
        while pos + b <= len {
            acc = acc.or(V::load_unaligned(ptr.add(pos)));
            pos += b;
        }
        !acc.any_high_bit()
    }
}
