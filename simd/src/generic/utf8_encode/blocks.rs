//! The vector block steps of UTF-16/UTF-32 -> UTF-8 (see the module documentation
//! of [`super`]): a block is one vector `B` of 16-bit units (`B::BYTES / 2` units,
//! eight per 128-bit lane), already in little-endian order. Every step works on
//! each 128-bit lane on its own (the shuffles of SSE, AVX2, AVX-512 and NEON do), so
//! it runs 8 units per step with 128-bit vectors, 16 with 256-bit and 32 with
//! 512-bit ones.

use super::EncodeHooks;
use crate::generic::blocks::pat16;
use crate::tables::utf16_to_utf8::{PACK2, PACK3};
use crate::vector_ext::VectorExt;
use utfast_scalar::Endian;

/// `x` in every 16-bit lane.
///
/// # Safety
/// The CPU supports `B`'s ISA.
#[inline(always)]
pub(super) unsafe fn p16<B: VectorExt>(x: u16) -> B {
    // SAFETY: the caller's promise.
    unsafe { B::splat4(pat16(x, Endian::Little)) }
}

/// `x` in every 32-bit lane.
///
/// # Safety
/// The CPU supports `B`'s ISA.
#[inline(always)]
pub(super) unsafe fn p32<B: VectorExt>(x: u32) -> B {
    // SAFETY: the caller's promise.
    unsafe { B::splat4(x.to_le_bytes()) }
}

/// The classes of the units of a block: `is1` (all ones in the 16-bit lanes below
/// U+0080), `is2` (below U+0800), and `idx`, two bits per unit `k` from
/// [`VectorExt::bitmask_dense`]: bit `2k` for `is1`, bit `2k + 1` for `is2`.
pub(crate) struct Classes<B> {
    pub(super) is1: B,
    pub(super) is2: B,
    pub(super) idx: u64,
}

impl<B: VectorExt> Classes<B> {
    /// `idx` when every unit is ASCII.
    pub(super) const ASCII: u64 = u64::MAX >> (64 - B::BYTES);
    /// The `is2` bits of `idx`: all set when every unit is below U+0800.
    const BELOW_800: u64 = 0xAAAA_AAAA_AAAA_AAAA & Self::ASCII;

    /// Whether every unit is below U+0800 (and so none is a surrogate).
    #[inline(always)]
    pub(super) fn below_800(&self) -> bool {
        !self.idx & Self::BELOW_800 == 0
    }

    /// The classes of the units `u`.
    ///
    /// # Safety
    /// The CPU supports `B`'s ISA.
    #[inline(always)]
    pub(crate) unsafe fn of(u: B) -> Self {
        // SAFETY: the caller's promise.
        unsafe {
            let zero = B::splat(0);
            let is1 = u.and(p16(0xFF80)).eq16(zero);
            let is2 = u.and(p16(0xF800)).eq16(zero);
            let idx = B::blend(p16(0x00FF), is1, is2).bitmask_dense();
            Classes { is1, is2, idx }
        }
    }
}

/// Whether any unit of `u` is a surrogate (U+D800..U+DFFF).
///
/// # Safety
/// The CPU supports `B`'s ISA.
#[inline(always)]
pub(super) unsafe fn has_surrogates<B: VectorExt>(u: B) -> bool {
    // SAFETY: the caller's promise.
    unsafe { !u.and(p16(0xF800)).eq16(p16(0xD800)).is_zero() }
}

/// Stores the first half of `v` (at least 16 bytes, in whole 128-bit lanes) at
/// `dst`: the one-byte-per-unit form of a block of ASCII units.
///
/// # Safety
/// The CPU supports `B`'s ISA; `max(16, B::BYTES / 2)` writable bytes at `dst`.
#[inline(always)]
pub(super) unsafe fn store_half<B: VectorExt>(v: B, dst: *mut u8) {
    // SAFETY: the caller's promises.
    unsafe {
        for k in 0..(B::BYTES / 32).max(1) {
            v.store_lane(k, dst.add(16 * k));
        }
    }
}

/// Output bytes [`encode_bmp`] may store: `3 * B::BYTES / 2` bytes of output and a
/// 16-byte store that starts at least 4 bytes before its end.
pub(crate) const fn bmp_stores(bytes: usize) -> usize {
    3 * bytes / 2 + 12
}

/// Converts the block `u` of units of the Basic Multilingual Plane, no surrogates,
/// whose classes are `c`; returns the bytes written (`B::BYTES / 2` to
/// `3 * B::BYTES / 2`; up to [`bmp_stores`] bytes are stored).
///
/// # Safety
/// The CPU supports `B`'s ISA; `bmp_stores(B::BYTES)` writable bytes at `dst`.
#[inline(always)]
pub(crate) unsafe fn encode_bmp<B: VectorExt, H: EncodeHooks>(
    u: B,
    c: &Classes<B>,
    dst: *mut u8,
) -> usize {
    // SAFETY: the caller's promises.
    unsafe {
        if c.below_800() {
            one_two::<B, H>(u, c.is1, dst)
        } else {
            encode_with_three::<B, H>(u, c, dst)
        }
    }
}

/// [`encode_bmp`] for a block that has a unit of three bytes (not
/// `c.below_800()`).
///
/// # Safety
/// As [`encode_bmp`].
#[inline(always)]
pub(super) unsafe fn encode_with_three<B: VectorExt, H: EncodeHooks>(
    u: B,
    c: &Classes<B>,
    dst: *mut u8,
) -> usize {
    // SAFETY: the caller's promises.
    unsafe {
        if c.idx == 0 {
            three(u, dst)
        } else {
            one_two_three::<B, H>(u, c, dst)
        }
    }
}

/// Units below U+0800: each 16-bit lane becomes the number `first << 8 | second`
/// (or stays, if ASCII), and each 128-bit lane is packed by the [`PACK2`] control
/// of its ASCII units (which keep only their low byte). Returns the bytes written.
///
/// # Safety
/// The CPU supports `B`'s ISA; `B::BYTES` writable bytes at `dst`.
#[inline(always)]
pub(super) unsafe fn one_two<B: VectorExt, H: EncodeHooks>(u: B, is1: B, dst: *mut u8) -> usize {
    // SAFETY: the caller's promises.
    unsafe { one_two_with::<B, H>(u, is1, dst, [p16(0x1F00), p16(0x3F), p16(0xC080)]) }
}

/// [`one_two`] with its constants given: `[0x1F00, 0x3F, 0xC080]` in every 16-bit
/// lane.
///
/// # Safety
/// As [`one_two`].
#[inline(always)]
pub(super) unsafe fn one_two_with<B: VectorExt, H: EncodeHooks>(
    u: B,
    is1: B,
    dst: *mut u8,
    k: [B; 3],
) -> usize {
    // SAFETY: the caller's promises; table indices are bytes (< 256). A lane has at
    // most 16 bytes of output, so lane `k`'s store ends at most `16 * (k + 1)` bytes
    // after `dst`.
    unsafe {
        // `110aaaaa 10bbbbbb` from `00000aaa aabbbbbb`.
        let two = u.shl16::<2>().and(k[0]);
        let two = two.or(u.and(k[1])).or(k[2]);
        let v = B::blend(is1, u, two);
        let m = is1.bitmask16();
        let byte = |k: usize| (m >> (8 * k)) as usize & 0xFF;
        let c = B::load_lanes(|k| PACK2.0.get_unchecked(byte(k)).as_ptr()).lookup16(v);
        let mut w = 0;
        for k in 0..B::BYTES / 16 {
            c.store_lane(k, dst.add(w));
            w += 16 - H::count_ones8(byte(k));
        }
        w
    }
}

/// [`one_two_with`] on two vectors of units below U+0800, the second written after
/// the first; a unit is ASCII where `u & high == zero`. Returns the bytes written.
///
/// # Safety
/// The CPU supports `B`'s ISA; `2 * B::BYTES` writable bytes at `dst`.
#[inline(always)]
pub(super) unsafe fn one_two_pair<B: VectorExt, H: EncodeHooks>(
    u: [B; 2],
    high: B,
    zero: B,
    dst: *mut u8,
    k: [B; 3],
) -> usize {
    // SAFETY: the caller's promises; the first step writes at most `B::BYTES`
    // bytes, so the second starts within the first `B::BYTES` bytes.
    unsafe {
        let w = one_two_with::<B, H>(u[0], u[0].and(high).eq16(zero), dst, k);
        w + one_two_with::<B, H>(u[1], u[1].and(high).eq16(zero), dst.add(w), k)
    }
}

/// Every unit as a 32-bit lane `[first, middle, last, 0]`: `first` as given (in
/// the low byte of each 16-bit lane), `middle` and `last` the continuation bytes
/// of its three-byte form (a two-byte character uses `last` as its second byte).
/// `.0` holds the units of the first half of each 128-bit lane, `.1` those of the
/// second half.
///
/// # Safety
/// The CPU supports `B`'s ISA.
#[inline(always)]
unsafe fn spread3<B: VectorExt>(u: B, first: B) -> (B, B) {
    // SAFETY: the caller's promise.
    unsafe {
        let mid = u.shr16::<6>().and(p16(0x3F)).or(p16(0x80));
        let last = u.and(p16(0x3F)).or(p16(0x80));
        B::zip16_lanes(first.or(mid.shl16::<8>()), last)
    }
}

/// Units of three bytes each (U+0800..U+FFFF): a fixed shuffle ([`PACK3`]`[0]`) of
/// the `[first, middle, last, 0]` lanes, 12 bytes per four units. Returns the bytes
/// written, `3 * B::BYTES / 2`.
///
/// # Safety
/// The CPU supports `B`'s ISA; `3 * B::BYTES / 2 + 4` writable bytes at `dst`.
#[inline(always)]
pub(super) unsafe fn three<B: VectorExt>(u: B, dst: *mut u8) -> usize {
    // SAFETY: the caller's promises; the last store starts 12 bytes before the end
    // of the output.
    unsafe {
        let (lo, hi) = spread3(u, u.shr16::<12>().or(p16(0xE0)));
        let ctl = B::broadcast_lane(&PACK3.0[0]);
        let (lo, hi) = (ctl.lookup16(lo), ctl.lookup16(hi));
        for k in 0..B::BYTES / 16 {
            lo.store_lane(k, dst.add(24 * k));
            hi.store_lane(k, dst.add(24 * k + 12));
        }
        3 * B::BYTES / 2
    }
}

/// Any mix of one-, two- and three-byte units (or three-byte units only: the UTF-32
/// loop's one step for both): each unit becomes a 32-bit lane
/// `[first, middle, last, 0]` (a two-byte unit's bytes are `first` and `last`), and
/// each group of four units is packed by the [`PACK3`] control of its 8 class bits.
/// Returns the bytes written.
///
/// # Safety
/// The CPU supports `B`'s ISA; [`bmp_stores`] writable bytes at `dst`.
#[inline(always)]
pub(super) unsafe fn one_two_three<B: VectorExt, H: EncodeHooks>(
    u: B,
    c: &Classes<B>,
    dst: *mut u8,
) -> usize {
    // SAFETY: the caller's promises (`pack3`'s).
    unsafe {
        let first3 = u.shr16::<12>().or(p16(0xE0));
        let first2 = u.shr16::<6>().or(p16(0xC0));
        let first = B::blend(c.is1, u, B::blend(c.is2, first2, first3));
        pack3::<B, H>(spread3(u, first), c.idx, dst)
    }
}

/// The packing step of [`one_two_three`] (also the code pages' direct three-byte
/// path): `lanes` are the characters as 32-bit lanes `[first, middle, last, 0]` in
/// the order of [`spread3`] (group `g`, characters `4g..4g + 4`: group `2k` is
/// 128-bit lane `k` of `.0`, group `2k + 1` lane `k` of `.1`), `idx` their class
/// bits (bit `2k`: character `k` is one byte, bit `2k + 1`: at most two). Each
/// group is packed by its [`PACK3`] control. Returns the bytes written.
///
/// # Safety
/// The CPU supports `B`'s ISA; [`bmp_stores`] writable bytes at `dst`.
#[inline(always)]
pub(crate) unsafe fn pack3<B: VectorExt, H: EncodeHooks>(
    lanes: (B, B),
    idx: u64,
    dst: *mut u8,
) -> usize {
    // SAFETY: the caller's promises; table indices are bytes (< 256); every group
    // has at least 4 bytes of output, so the last 16-byte store starts at least 4
    // bytes before the end of the output.
    unsafe {
        let (lo, hi) = lanes;
        let byte = |g: usize| (idx >> (8 * g)) as usize & 0xFF;
        let t = |g: usize| PACK3.0.get_unchecked(byte(g)).as_ptr();
        let lo = B::load_lanes(|k| t(2 * k)).lookup16(lo);
        let hi = B::load_lanes(|k| t(2 * k + 1)).lookup16(hi);
        let len = |g: usize| 12 - H::count_ones8(byte(g));
        let mut w = 0;
        for k in 0..B::BYTES / 16 {
            lo.store_lane(k, dst.add(w));
            w += len(2 * k);
            hi.store_lane(k, dst.add(w));
            w += len(2 * k + 1);
        }
        w
    }
}

/// The four UTF-8 bytes of each supplementary code point (U+10000..U+10FFFF) in
/// the 32-bit lanes of `cp`, in the same lanes.
///
/// # Safety
/// The CPU supports `B`'s ISA.
#[inline(always)]
pub(super) unsafe fn utf8_4<B: VectorExt>(cp: B) -> B {
    // SAFETY: the caller's promise.
    unsafe {
        // Bytes [0xF0 | cp >> 18, 0x80 | cp >> 12 & 0x3F, .. >> 6 .., .. cp & 0x3F].
        let b0 = cp.shr32::<18>();
        let b1 = cp.shr32::<4>().and(p32(0x3F00));
        let b2 = cp.shl32::<10>().and(p32(0x3F_0000));
        let b3 = cp.shl32::<24>().and(p32(0x3F00_0000));
        b0.or(b1).or(b2.or(b3)).or(p32(0x8080_80F0))
    }
}

/// The code points of the surrogate pairs `[high, low]` in the 32-bit lanes of `u`,
/// or `None` unless every lane is such a pair.
///
/// # Safety
/// The CPU supports `B`'s ISA.
#[inline(always)]
pub(super) unsafe fn pairs<B: VectorExt>(u: B) -> Option<B> {
    // SAFETY: the caller's promise.
    unsafe {
        if !u.and(p32(0xFC00_FC00)).xor(p32(0xDC00_D800)).is_zero() {
            return None;
        }
        let ten = p32(0x3FF);
        let hi = u.and(ten).shl32::<10>();
        let lo = u.shr32::<16>().and(ten);
        Some(hi.or(lo).add32(p32(0x1_0000)))
    }
}

/// Whether every 32-bit lane of `v` is a supplementary code point
/// (U+10000..U+10FFFF).
///
/// # Safety
/// The CPU supports `B`'s ISA.
#[inline(always)]
pub(super) unsafe fn all_supplementary<B: VectorExt>(v: B) -> bool {
    // SAFETY: the caller's promise.
    unsafe {
        // `v >> 16` in 1..=0x10, i.e. `(v >> 16) - 1` (wrapping) below 16.
        v.shr32::<16>()
            .add32(p32(u32::MAX))
            .and(p32(!0xF))
            .is_zero()
    }
}
