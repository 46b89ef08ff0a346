//! UTF-32 -> UTF-32 (validated copy or byte swap), the loops of [`super::swap`]: the
//! prefix loop ([`utf32_prefix`]) and the block operation ([`Utf32ToUtf32`]).

use super::blocks::{pat32, BlockOp};
use super::hooks::SwapHooks;
use super::swap_vectors::{load4, skew, store4, swap4, swap_units};
use super::utf32::Utf32Check;
use crate::vector_ext::VectorExt;
use utfast_scalar::{transcode as scalar, Endian, Mode, TranscodeError};

/// UTF-32 (`from`) -> UTF-32 (`to`), one vector per block; `SWAP` is `from != to`.
pub(crate) struct Utf32ToUtf32<V, const SWAP: bool> {
    from: Endian,
    to: Endian,
    mode: Mode,
    check: Utf32Check<V>,
    /// 0xD7FF, 0x10FFFF, 0xFFFFF800 and 0xD800 in the input's byte order.
    bmp: V,
    limit: V,
    m_sur: V,
    p_sur: V,
}

impl<V: VectorExt, const SWAP: bool> Utf32ToUtf32<V, SWAP> {
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    pub(crate) unsafe fn new(from: Endian, to: Endian, mode: Mode) -> Self {
        debug_assert_eq!(SWAP, from != to);
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            Utf32ToUtf32 {
                from,
                to,
                mode,
                check: Utf32Check::new(from),
                bmp: V::splat4(pat32(0xD7FF, from)),
                limit: V::splat4(pat32(0x10FFFF, from)),
                m_sur: V::splat4(pat32(0xFFFF_F800, from)),
                p_sur: V::splat4(pat32(0xD800, from)),
            }
        }
    }
}

impl<V: VectorExt, const SWAP: bool> BlockOp<V> for Utf32ToUtf32<V, SWAP> {
    const IN: usize = V::BYTES;
    const OUT: usize = V::BYTES;
    const BLOCK4: bool = true;

    /// Four blocks without any invalid unit (unchecked in trusted-valid mode).
    #[inline(always)]
    unsafe fn block4(&self, src: *const u8, dst: *mut u8) -> bool {
        // SAFETY: the ISA and the pointer ranges are the caller's promise.
        unsafe {
            let v = [
                V::load_unaligned(src),
                V::load_unaligned(src.add(V::BYTES)),
                V::load_unaligned(src.add(2 * V::BYTES)),
                V::load_unaligned(src.add(3 * V::BYTES)),
            ];
            if self.mode != Mode::Valid {
                // The bytewise maximum of the four vectors: its bytes 3 and 2 are
                // below 0x00 0x11 exactly when no unit is above 0x10FFFF, and
                // below 0x00 0x00 0xD8 (bytes 3, 2, 1) when no unit is above
                // 0xD7FF: then there is no surrogate either, the common case.
                let m = v[0].max8(v[1]).max8(v[2].max8(v[3]));
                if !m.saturating_sub(self.bmp).is_zero() {
                    // (Plain statements, no closure: see
                    // `super::swap_utf16::Utf16ToUtf16::block4`.)
                    let (m_sur, p_sur) = (self.m_sur, self.p_sur);
                    let s01 = v[0].and(m_sur).eq32(p_sur).or(v[1].and(m_sur).eq32(p_sur));
                    let s23 = v[2].and(m_sur).eq32(p_sur).or(v[3].and(m_sur).eq32(p_sur));
                    let bad = m.saturating_sub(self.limit).or(s01.or(s23));
                    if !bad.is_zero() {
                        return false;
                    }
                }
            }
            for (k, &x) in v.iter().enumerate() {
                let x = if SWAP { x.swap_bytes32() } else { x };
                x.store_unaligned(dst.add(k * V::BYTES));
            }
        }
        true
    }

    #[inline(always)]
    unsafe fn block(&self, src: *const u8, dst: *mut u8) -> Option<usize> {
        // SAFETY: the ISA and the pointer ranges are the caller's promise.
        unsafe {
            let mut v = V::load_unaligned(src);
            if self.mode != Mode::Valid && !self.check.invalid(v).is_zero() {
                return None;
            }
            if SWAP {
                v = v.swap_bytes32();
            }
            v.store_unaligned(dst);
        }
        Some(<Self as BlockOp<V>>::OUT)
    }

    fn scalar(&self, src: &[u8], dst: &mut [u8]) -> Result<usize, TranscodeError> {
        scalar::utf32_to_utf32(src, dst, self.from, self.to, self.mode)
    }
}

/// The exact UTF-32 test of [`utf32_prefix`], three operations per vector on lanes
/// in native (little-endian) order: a unit `x` is valid exactly when
/// `t = x ^ 0xD800` is in `0x800..=0x10FFFF` (the XOR maps the surrogates, and only
/// them, below 0x800, and changes no bit above bit 15, so `t > 0x10FFFF` exactly
/// when `x > 0x10FFFF`), i.e. when `t - 0x800` (wrapping) is at most 0x10F7FF. The
/// accumulator is the unsigned 32-bit maximum of these values and of 0x10F7FF.
struct Utf32Exact<V> {
    /// 0xD800, 0xFFFF_F800 (`-0x800`) and 0x10F7FF in every lane, native order.
    d800: V,
    minus: V,
    top: V,
}

impl<V: VectorExt> Utf32Exact<V> {
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    unsafe fn new() -> Self {
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            Utf32Exact {
                d800: V::splat4(0xD800u32.to_le_bytes()),
                minus: V::splat4(0xFFFF_F800u32.to_le_bytes()),
                top: V::splat4(0x10_F7FFu32.to_le_bytes()),
            }
        }
    }

    /// The accumulator after the four vectors `n` (native order), from the start
    /// value 0x10F7FF.
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    unsafe fn acc4(&self, n: &[V; 4]) -> V {
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            let (d, m) = (self.d800, self.minus);
            let a = n[0].xor(d).add32(m).max32(n[1].xor(d).add32(m));
            let b = n[2].xor(d).add32(m).max32(n[3].xor(d).add32(m));
            a.max32(b).max32(self.top)
        }
    }

    /// Whether every unit that went into `acc` is valid.
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    unsafe fn ok(&self, acc: V) -> bool {
        // SAFETY: the ISA is the caller's promise.
        unsafe { acc.xor(self.top).is_zero() }
    }
}

/// The test of [`utf32_prefix`] for runs of characters of plane 1 only (emoji
/// text), two operations per vector on lanes in native (little-endian) order: `x`
/// is in `0x10000..=0x1FFFF` exactly when `x - 0x10000` (wrapping) has no bit
/// above bit 15, i.e. `x + 0xFFFF_0000` has none of the bits of `0xFFFF_0000`; so
/// the OR of these sums over the vectors must have none either (one test). One
/// constant for the addition and the mask (a second one, 0xFFF0_0000 for the whole
/// supplementary range, is one register more). Characters of the other planes (CJK
/// extensions) go to the exact test. Only in kernels with a register to spare for
/// the constant ([`SwapHooks::PLANE_ONE_RUN`]): in the AVX2 build it made the loop
/// below 0xD800 spill loaded vectors to the stack (sixteen registers: eight
/// vectors, three maxima, the shuffle and the constants of the other loops), while
/// SSE4.2 folds it into a memory operand.
struct PlaneOneRun<V> {
    /// 0xFFFF_0000 in every lane, native order.
    m: V,
}

impl<V: VectorExt> PlaneOneRun<V> {
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    unsafe fn new() -> Self {
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            PlaneOneRun {
                m: V::splat4(0xFFFF_0000u32.to_le_bytes()),
            }
        }
    }

    /// Whether every unit of the four vectors `n` (native order) is in
    /// `0x10000..=0x1FFFF`.
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    unsafe fn all4(&self, n: &[V; 4]) -> bool {
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            let m = self.m;
            let a = n[0].add32(m).or(n[1].add32(m));
            let b = n[2].add32(m).or(n[3].add32(m));
            a.or(b).and(m).is_zero()
        }
    }
}

/// Iterations of the exact loop of [`utf32_prefix`] before it tries the loop for
/// units below 0xD800 again.
const EXACT_RUN: usize = 32;

/// The valid prefix of UTF-32 `src` (little-endian when `LE`) swapped (or copied)
/// into `dst`; returns its length (and the number of bytes written). Eight vectors
/// per iteration while no unit is above 0xD7FF (one bytewise maximum per vector, as
/// in [`Utf32ToUtf32::block4`]); at the first eight vectors with a larger unit,
/// [`EXACT_RUN`] iterations of four vectors with the exact test ([`Utf32Exact`],
/// three operations per vector, no branch but the one per four vectors), then back.
/// Stops at the first four vectors with an invalid unit or that `dst` has no room
/// for, and the block loop continues from there.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn utf32_prefix<V: VectorExt, H: SwapHooks, const SWAP: bool, const LE: bool>(
    src: &[u8],
    dst: &mut [u8],
) -> usize {
    let step = 4 * V::BYTES;
    let lim = src.len().min(dst.len());
    let mut i;
    let (s, d) = (src.as_ptr(), dst.as_mut_ptr());
    let from = if LE { Endian::Little } else { Endian::Big };
    // SAFETY: the ISA is the caller's promise; every load reads `step` bytes (or
    // `2 * step`) at `i` and every store writes as many at `i`, with
    // `i + step <= lim` (`i + 2 * step <= lim`) checked before.
    unsafe {
        let bmp = V::splat4(pat32(0xD7FF, from));
        let exact = Utf32Exact::<V>::new();
        let plane1 = PlaneOneRun::<V>::new();
        // Stores aligned to the vector ([`skew`](super::swap_vectors::skew)): the first vector when it is
        // valid, then the loop from the first aligned offset of `dst`.
        i = 0;
        if let Some(k) = skew::<V, 4>(s, d, lim) {
            let v = V::load_unaligned(s);
            if Utf32Check::<V>::new(from).invalid(v).is_zero() {
                let v = if SWAP { swap_units::<V, 4>(v) } else { v };
                v.store_unaligned(d);
                i = k;
            }
        }
        'outer: loop {
            // No unit above 0xD7FF: eight vectors at a time.
            while i + 2 * step <= lim {
                let (a, b) = (load4::<V>(s.add(i)), load4::<V>(s.add(i + step)));
                let ma = a[0].max8(a[1]).max8(a[2].max8(a[3]));
                let mb = b[0].max8(b[1]).max8(b[2].max8(b[3]));
                if !ma.max8(mb).saturating_sub(bmp).is_zero() {
                    break;
                }
                store4::<V, 4, SWAP>(d.add(i), a);
                store4::<V, 4, SWAP>(d.add(i + step), b);
                i += 2 * step;
            }
            // Characters of plane 1 only (emoji), four vectors at a time, where the
            // kernel has a register for the constant (see [`PlaneOneRun`]).
            while H::PLANE_ONE_RUN && i + step <= lim {
                let x = load4::<V>(s.add(i));
                let w = if SWAP || !LE { swap4::<V, 4>(x) } else { x };
                if !plane1.all4(if LE { &x } else { &w }) {
                    break;
                }
                store4::<V, 4, false>(d.add(i), if SWAP { w } else { x });
                i += step;
            }
            // The exact test, four vectors at a time, up to `EXACT_RUN` times (a
            // bound on `i`, not a count: a loop that is not unrolled).
            let stop = lim.min(i + EXACT_RUN * step);
            if i + step > stop {
                break;
            }
            while i + step <= stop {
                let x = load4::<V>(s.add(i));
                // The swapped vectors, for the store or for the test (or both).
                let w = if SWAP || !LE { swap4::<V, 4>(x) } else { x };
                if !exact.ok(exact.acc4(if LE { &x } else { &w })) {
                    break 'outer;
                }
                store4::<V, 4, false>(d.add(i), if SWAP { w } else { x });
                i += step;
            }
        }
    }
    i
}
