//! ASCII test, generic over [`Vector`]: OR 128 bytes at a time together and look at
//! the high bits once per 128 bytes; the last partial stretch is covered by vectors
//! that end exactly at the end of the slice (overlapping bytes already checked,
//! which is harmless for a pure test), so nothing outside the slice is read.
//!
//! # Prefixes: the first unit at or above a limit
//!
//! [`ascii_valid_up_to`] and the UTF-16/UTF-32 prefixes ([`latin1_valid_up_to_utf16`]
//! & co.) are the same test with a position: a unit of `UNIT` bytes is below the
//! limit (0x80 or 0x100, a power of two) exactly when its bits `!(limit - 1)` are
//! zero, a mask written in the input's byte order, so no byte swap is needed. The
//! loop ORs a chunk of vectors and tests the mask once per chunk, as `is_ascii`
//! does; only the chunk that fails is looked at vector by vector, and in the first
//! vector that fails the unit-wide comparison with zero gives a bit mask whose first
//! clear unit is the answer. The end is one vector that ends at the last whole unit
//! (its units before the loop's position are known to be below the limit, so the
//! first one it finds is the first of the slice).

use super::blocks::{pat16, pat32, test_chunk};
use crate::vector::Vector;
use crate::vector_ext::VectorExt;
use utfast_scalar::Endian;

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

/// The length of the ASCII prefix of `src` (`utfast_scalar::utf8::ascii_valid_up_to`).
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn ascii_valid_up_to<V: VectorExt>(src: &[u8]) -> usize {
    // SAFETY: the ISA is the caller's promise.
    unsafe { valid_up_to::<V, 1>(src, Endian::NATIVE, 0x80) }
}

/// The offset in bytes of the first unit at or above U+0080 of UTF-16 bytes in
/// byte order `e` (`utfast_scalar::utf16::ascii_valid_up_to_bytes`).
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn ascii_valid_up_to_utf16<V: VectorExt>(src: &[u8], e: Endian) -> usize {
    // SAFETY: the ISA is the caller's promise.
    unsafe { valid_up_to::<V, 2>(src, e, 0x80) }
}

/// The offset in bytes of the first unit at or above U+0100 of UTF-16 bytes in
/// byte order `e` (`utfast_scalar::utf16::latin1_valid_up_to_bytes`).
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn latin1_valid_up_to_utf16<V: VectorExt>(src: &[u8], e: Endian) -> usize {
    // SAFETY: the ISA is the caller's promise.
    unsafe { valid_up_to::<V, 2>(src, e, 0x100) }
}

/// The offset in bytes of the first unit at or above U+0080 of UTF-32 bytes in
/// byte order `e` (`utfast_scalar::utf32::ascii_valid_up_to_bytes`).
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn ascii_valid_up_to_utf32<V: VectorExt>(src: &[u8], e: Endian) -> usize {
    // SAFETY: the ISA is the caller's promise.
    unsafe { valid_up_to::<V, 4>(src, e, 0x80) }
}

/// The offset in bytes of the first unit at or above U+0100 of UTF-32 bytes in
/// byte order `e` (`utfast_scalar::utf32::latin1_valid_up_to_bytes`).
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn latin1_valid_up_to_utf32<V: VectorExt>(src: &[u8], e: Endian) -> usize {
    // SAFETY: the ISA is the caller's promise.
    unsafe { valid_up_to::<V, 4>(src, e, 0x100) }
}

/// The offset in bytes of the first unit of `UNIT` bytes (1, 2 or 4, in byte order
/// `e`) at or above `limit` (a power of two, at most 0x100 for bytes), or the length
/// of the whole units of `src` (see the module documentation).
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
unsafe fn valid_up_to<V: VectorExt, const UNIT: usize>(src: &[u8], e: Endian, limit: u32) -> usize {
    debug_assert!(limit.is_power_of_two() && (UNIT > 1 || limit <= 0x80));
    let n = src.len() - src.len() % UNIT;
    let b = V::BYTES;
    let ptr = src.as_ptr();
    if n < b {
        let unit = |i: usize| match UNIT {
            1 => u32::from(src[i]),
            2 => u32::from(e.read_u16([src[2 * i], src[2 * i + 1]])),
            _ => e.read_u32([src[4 * i], src[4 * i + 1], src[4 * i + 2], src[4 * i + 3]]),
        };
        return (0..n / UNIT)
            .find(|&i| unit(i) >= limit)
            .map_or(n, |i| i * UNIT);
    }
    // SAFETY: (whole block) the ISA is the caller's promise; every load reads `b`
    // bytes at `ptr + k` with `k + b <= n`.
    unsafe {
        let m = match UNIT {
            1 => V::splat(!(limit - 1) as u8),
            2 => V::splat4(pat16(!(limit - 1) as u16, e)),
            _ => V::splat4(pat32(!(limit - 1), e)),
        };
        // The first unit of the vector at `k` with a bit of `m` set, if any.
        let first = |k: usize| -> Option<usize> {
            let v = V::load_unaligned(ptr.add(k)).and(m);
            let zero = V::splat(0);
            let below = match UNIT {
                1 => v.eq8(zero),
                2 => v.eq16(zero),
                _ => v.eq32(zero),
            };
            let total = b as u32 * V::MASK_BITS;
            let full = if total == 64 { !0 } else { (1u64 << total) - 1 };
            let above = !below.bitmask() & full;
            // (The first set bit is the first byte of its unit: the comparison sets
            // or clears a unit's bytes together.)
            (above != 0).then(|| k + (above.trailing_zeros() / V::MASK_BITS) as usize)
        };
        // Any bit of `m` in the vector `acc`.
        let any = |acc: V| -> bool {
            if UNIT == 1 {
                acc.any_high_bit()
            } else {
                !acc.and(m).is_zero()
            }
        };
        // As in `is_ascii`: at least 128 bytes per test, and the loop's loads aligned
        // to 64 bytes (those before the first boundary tested one vector at a time;
        // a boundary inside a unit leaves the loop unaligned).
        let chunk = if test_chunk::<V>() > 128 {
            test_chunk::<V>()
        } else {
            128
        };
        let mut pos = 0;
        let head = super::blocks::to_line(ptr, 64);
        if head != 0 && head.is_multiple_of(UNIT) && n >= 2 * chunk {
            while pos < head {
                if let Some(at) = first(pos) {
                    return at;
                }
                pos += b;
            }
            pos = head;
        }
        while pos + chunk <= n {
            let mut acc = V::load_unaligned(ptr.add(pos));
            let mut j = b;
            while j < chunk {
                acc = acc.or(V::load_unaligned(ptr.add(pos + j)));
                j += b;
            }
            if any(acc) {
                super::cold_path();
                let mut j = 0;
                while j < chunk {
                    if let Some(at) = first(pos + j) {
                        return at;
                    }
                    j += b;
                }
            }
            pos += chunk;
        }
        while pos + b <= n {
            if let Some(at) = first(pos) {
                return at;
            }
            pos += b;
        }
        if pos < n {
            if let Some(at) = first(n - b) {
                return at;
            }
        }
        n
    }
}
