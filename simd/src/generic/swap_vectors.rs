//! Whole vectors byte-swapped, for the same-form conversions ([`super::swap`]): the
//! trusted-valid swap of the whole input ([`swap_all`]), and the loads, stores and
//! store alignment ([`skew`]) of the prefix loops.

use super::blocks::to_aligned;
use crate::vector_ext::VectorExt;

/// The misalignment of `d` to the vector, when [`swap_all`] and the prefix loops
/// should start there so that their stores are aligned (a store that straddles two
/// cache lines costs two): when it is a whole number of units (of `UNIT` bytes),
/// `lim` (the room in `src` and `dst`) is more than five vectors, and either the
/// vector's stores are worth aligning alone
/// ([`Vector::ALIGN_STORES`](crate::vector::Vector::ALIGN_STORES), 32 bytes or
/// wider), or `s` has the same misalignment (then the loads are aligned too). Then the caller swaps (or copies) the
/// first vector unaligned if it is valid, and starts its loop at that offset,
/// rewriting some of the same bytes.
///
#[inline(always)]
pub(crate) fn skew<V: VectorExt, const UNIT: usize>(
    s: *const u8,
    d: *mut u8,
    lim: usize,
) -> Option<usize> {
    let skew = to_aligned::<V>(d);
    let same = (s as usize)
        .wrapping_sub(d as usize)
        .is_multiple_of(V::BYTES);
    ((V::ALIGN_STORES || same) && skew != 0 && skew.is_multiple_of(UNIT) && lim >= 5 * V::BYTES)
        .then_some(skew)
}

/// The four vectors `v`, the bytes of each unit of `UNIT` (2 or 4) bytes reversed.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn swap4<V: VectorExt, const UNIT: usize>(v: [V; 4]) -> [V; 4] {
    // SAFETY: the caller's promise.
    unsafe {
        [
            swap_units::<V, UNIT>(v[0]),
            swap_units::<V, UNIT>(v[1]),
            swap_units::<V, UNIT>(v[2]),
            swap_units::<V, UNIT>(v[3]),
        ]
    }
}

/// `v` with the bytes of each unit of `UNIT` (2 or 4) bytes reversed.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn swap_units<V: VectorExt, const UNIT: usize>(v: V) -> V {
    // SAFETY: the caller's promise.
    unsafe {
        if UNIT == 2 {
            v.swap_bytes16()
        } else {
            v.swap_bytes32()
        }
    }
}

/// Four vectors from `src`.
///
/// # Safety
/// The CPU supports `V`'s ISA; `4 * V::BYTES` bytes at `src` are readable.
#[inline(always)]
pub(crate) unsafe fn load4<V: VectorExt>(src: *const u8) -> [V; 4] {
    // SAFETY: the caller's promise.
    unsafe {
        [
            V::load_unaligned(src),
            V::load_unaligned(src.add(V::BYTES)),
            V::load_unaligned(src.add(2 * V::BYTES)),
            V::load_unaligned(src.add(3 * V::BYTES)),
        ]
    }
}

/// The four vectors `v` to `dst`, the bytes of each unit of `UNIT` (2 or 4) bytes
/// reversed when `SWAP`.
///
/// # Safety
/// The CPU supports `V`'s ISA; `4 * V::BYTES` bytes at `dst` are writable.
#[inline(always)]
pub(crate) unsafe fn store4<V: VectorExt, const UNIT: usize, const SWAP: bool>(
    dst: *mut u8,
    v: [V; 4],
) {
    // SAFETY: the caller's promise.
    unsafe {
        // (Plain statements, no closures: an array `map` over vectors may be left
        // outlined, without the kernel's target features.)
        let [mut a, mut b, mut c, mut e] = v;
        if SWAP {
            a = swap_units::<V, UNIT>(a);
            b = swap_units::<V, UNIT>(b);
            c = swap_units::<V, UNIT>(c);
            e = swap_units::<V, UNIT>(e);
        }
        a.store_unaligned(dst);
        b.store_unaligned(dst.add(V::BYTES));
        c.store_unaligned(dst.add(2 * V::BYTES));
        e.store_unaligned(dst.add(3 * V::BYTES));
    }
}

/// The whole of `src` (a multiple of `UNIT` = 2 or 4 bytes, at least `V::BYTES`)
/// into `dst` (at least as long), each unit's bytes reversed when `SWAP`: four
/// vectors per iteration, then single vectors, then one vector ending at the end of
/// the input (overlapping the ones before, which is harmless: it writes the same
/// bytes). The loop's stores are aligned when [`skew`] says so (one unaligned
/// vector goes first). The trusted-valid conversion of valid input.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn swap_all<V: VectorExt, const UNIT: usize, const SWAP: bool>(
    src: &[u8],
    dst: &mut [u8],
) -> usize {
    let n = src.len();
    assert!(n >= V::BYTES && n.is_multiple_of(UNIT) && dst.len() >= n);
    if !SWAP {
        dst[..n].copy_from_slice(src);
        return n;
    }
    let (s, d) = (src.as_ptr(), dst.as_mut_ptr());
    let mut i = 0;
    // SAFETY: the ISA is the caller's promise; every load reads `V::BYTES` bytes at
    // `i <= n - V::BYTES` of `src`, every store writes as many at the same offset of
    // `dst`, which is at least `n` bytes long (asserted above).
    unsafe {
        // Stores aligned to the vector where the units allow it (a 32-byte store that
        // straddles two cache lines costs two): one unaligned vector first, then the
        // loop from the first aligned offset, rewriting some of the same bytes.
        if let Some(k) = skew::<V, UNIT>(s, d, n) {
            swap_units::<V, UNIT>(V::load_unaligned(s)).store_unaligned(d);
            i = k;
        }
        while i + 4 * V::BYTES <= n {
            let v = [
                V::load_unaligned(s.add(i)),
                V::load_unaligned(s.add(i + V::BYTES)),
                V::load_unaligned(s.add(i + 2 * V::BYTES)),
                V::load_unaligned(s.add(i + 3 * V::BYTES)),
            ];
            for (k, &x) in v.iter().enumerate() {
                swap_units::<V, UNIT>(x).store_unaligned(d.add(i + k * V::BYTES));
            }
            i += 4 * V::BYTES;
        }
        while i + V::BYTES <= n {
            swap_units::<V, UNIT>(V::load_unaligned(s.add(i))).store_unaligned(d.add(i));
            i += V::BYTES;
        }
        if i < n {
            // `n - V::BYTES` is a multiple of `UNIT` too: whole units.
            let last = n - V::BYTES;
            swap_units::<V, UNIT>(V::load_unaligned(s.add(last))).store_unaligned(d.add(last));
        }
    }
    n
}
