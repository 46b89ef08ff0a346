//! The portable model backend of [`super`]: every operation in plain safe Rust,
//! written from the Operation pseudo-code of Intel's instruction reference (the
//! instruction is named in each function's documentation). Registers are byte
//! arrays in memory order; a `w`-byte element `i` is the little-endian number in
//! bytes `w * i..w * (i + 1)`, as on the hardware.
//!
//! Conventions that follow the pseudo-code: zero-masking (`maskz_`) writes zero to
//! disabled lanes, merge-masking (`mask_`) keeps `src`; immediates use only the bits
//! the instruction reads (8 bits for shifts, so a count above the element width gives
//! zero; 4 bits for `valignd`, ...); permute indices wrap around (only their low
//! bits are read). The "undefined" upper bits of `castsi128_si512` and
//! `castsi256_si512` are zero here (the hardware leaves whatever the register held;
//! code must not depend on them).
//!
//! With `std`, every function counts its calls per thread in `coverage` (a
//! thread-local counter per operation), so a test can list which operations it
//! reached (`utfast_simd::avx512_model_coverage`, used by the kernel test
//! `model_coverage` and `scripts/avx512-model-coverage.sh`).
// The wrapper offers the instructions the AVX-512 kernels may use; those no kernel
// uses yet are still checked (model tests, model against hardware).
#![allow(dead_code)]
// Index loops, as in the pseudo-code they transcribe.
#![allow(clippy::needless_range_loop)]

/// A 512-bit register: 64 bytes in memory order.
#[repr(C, align(64))]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Zmm(pub(crate) [u8; 64]);

/// A 256-bit register: 32 bytes in memory order.
#[repr(C, align(32))]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Ymm(pub(crate) [u8; 32]);

/// A 128-bit register: 16 bytes in memory order.
#[repr(C, align(16))]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Xmm(pub(crate) [u8; 16]);

/// Counts a call of the operation `$name` on this thread (with `std`): one
/// thread-local counter per operation, registered on its first call.
macro_rules! count {
    ($name:ident) => {
        #[cfg(feature = "std")]
        {
            std::thread_local! {
                static N: core::cell::Cell<u64> = const { core::cell::Cell::new(0) };
            }
            N.with(|n| {
                if n.get() == 0 {
                    coverage::register(stringify!($name), &N);
                }
                n.set(n.get() + 1);
            });
        }
    };
}

#[cfg(feature = "std")]
extern crate std;

#[cfg(feature = "std")]
pub(crate) mod coverage {
    //! Per-operation call counters of the model, per thread, so that a test reads
    //! what its own thread executed (`utfast_simd::avx512_model_coverage`).
    use std::cell::{Cell, RefCell};
    use std::thread::LocalKey;
    use std::vec::Vec;

    /// An operation's counter and its value at the last `take`.
    type Entry = (&'static str, &'static LocalKey<Cell<u64>>, u64);

    std::thread_local! {
        static REGISTRY: RefCell<Vec<Entry>> = const { RefCell::new(Vec::new()) };
    }

    /// Registers the counter of `op` (on its first call on this thread).
    pub(crate) fn register(op: &'static str, counter: &'static LocalKey<Cell<u64>>) {
        REGISTRY.with(|r| r.borrow_mut().push((op, counter, 0)));
    }

    /// The calls on this thread since the last `take`, per operation, sorted.
    pub(crate) fn take() -> Vec<(&'static str, u64)> {
        let mut out: Vec<(&'static str, u64)> = REGISTRY.with(|r| {
            r.borrow_mut()
                .iter_mut()
                .filter_map(|(op, counter, last)| {
                    let now = counter.with(Cell::get);
                    let delta = now - *last;
                    *last = now;
                    (delta > 0).then_some((*op, delta))
                })
                .collect()
        });
        out.sort_unstable();
        out
    }
}

// ---- lane access ------------------------------------------------------------------

/// Element `i` of width `w` bytes (1, 2, 4 or 8) of `bytes`, zero-extended.
#[inline]
fn get(bytes: &[u8], w: usize, i: usize) -> u64 {
    let mut b = [0u8; 8];
    b[..w].copy_from_slice(&bytes[i * w..(i + 1) * w]);
    u64::from_le_bytes(b)
}

/// Sets element `i` of width `w` of `bytes` to the low `8 * w` bits of `v`.
#[inline]
fn put(bytes: &mut [u8], w: usize, i: usize, v: u64) {
    bytes[i * w..(i + 1) * w].copy_from_slice(&v.to_le_bytes()[..w]);
}

/// `v` (a `w`-byte element) sign-extended.
#[inline]
fn sx(v: u64, w: usize) -> i64 {
    let s = 64 - 8 * w as u32;
    ((v << s) as i64) >> s
}

/// The all-ones value of a `w`-byte element.
#[inline]
fn ones(w: usize) -> u64 {
    u64::MAX >> (64 - 8 * w)
}

/// Per element of width `w`: `f(a)`.
#[inline]
fn map1(a: Zmm, w: usize, f: impl Fn(u64) -> u64) -> Zmm {
    let mut r = Zmm([0; 64]);
    for i in 0..64 / w {
        put(&mut r.0, w, i, f(get(&a.0, w, i)));
    }
    r
}

/// Per element of width `w`: `f(a, b)`.
#[inline]
fn map2(a: Zmm, b: Zmm, w: usize, f: impl Fn(u64, u64) -> u64) -> Zmm {
    let mut r = Zmm([0; 64]);
    for i in 0..64 / w {
        put(&mut r.0, w, i, f(get(&a.0, w, i), get(&b.0, w, i)));
    }
    r
}

/// Per element of width `w`: `f(a, b, c)`.
#[inline]
fn map3(a: Zmm, b: Zmm, c: Zmm, w: usize, f: impl Fn(u64, u64, u64) -> u64) -> Zmm {
    let mut r = Zmm([0; 64]);
    for i in 0..64 / w {
        put(
            &mut r.0,
            w,
            i,
            f(get(&a.0, w, i), get(&b.0, w, i), get(&c.0, w, i)),
        );
    }
    r
}

/// The mask of the elements of width `w` where `f(a, b)` holds.
#[inline]
fn mask2(a: Zmm, b: Zmm, w: usize, f: impl Fn(u64, u64) -> bool) -> u64 {
    let mut k = 0u64;
    for i in 0..64 / w {
        k |= u64::from(f(get(&a.0, w, i), get(&b.0, w, i))) << i;
    }
    k
}

/// Per element of width `w`: `a` where `k` is set, `b` elsewhere (the masking step
/// of every `mask_`/`maskz_` instruction).
#[inline]
fn select(k: u64, a: Zmm, b: Zmm, w: usize) -> Zmm {
    let mut r = Zmm([0; 64]);
    for i in 0..64 / w {
        let v = if k >> i & 1 == 1 {
            get(&a.0, w, i)
        } else {
            get(&b.0, w, i)
        };
        put(&mut r.0, w, i, v);
    }
    r
}

/// Element-wise: `f(a, b)`, per 128-bit lane (16-byte block) `l`.
#[inline]
fn per_lane(a: Zmm, b: Zmm, f: impl Fn(&[u8], &[u8], &mut [u8])) -> Zmm {
    let mut r = Zmm([0; 64]);
    for l in 0..4 {
        let s = 16 * l..16 * l + 16;
        f(&a.0[s.clone()], &b.0[s.clone()], &mut r.0[s]);
    }
    r
}

// ---- memory ----------------------------------------------------------------------

/// `vmovdqu64` load (`_mm512_loadu_si512`): the 64 bytes at `p`.
///
/// # Safety
/// `p..p + 64` is readable.
#[inline]
pub(crate) unsafe fn loadu(p: *const u8) -> Zmm {
    count!(loadu);
    // SAFETY: the caller guarantees 64 readable bytes; `Zmm` is 64 plain bytes.
    unsafe { p.cast::<Zmm>().read_unaligned() }
}

/// `vmovdqu64` store (`_mm512_storeu_si512`): `a` to the 64 bytes at `p`.
///
/// # Safety
/// `p..p + 64` is writable.
#[inline]
pub(crate) unsafe fn storeu(p: *mut u8, a: Zmm) {
    count!(storeu);
    // SAFETY: the caller guarantees 64 writable bytes.
    unsafe { p.cast::<Zmm>().write_unaligned(a) }
}

/// The masked load of `w`-byte elements: enabled lanes from `p` (each read on its
/// own; the address of a disabled lane is not even formed as an in-bounds pointer),
/// `src` elsewhere.
///
/// # Safety
/// Every enabled lane's `w` bytes at `p + i * w` are readable.
#[inline]
unsafe fn masked_load(src: Zmm, k: u64, p: *const u8, w: usize) -> Zmm {
    let mut r = src;
    for i in 0..64 / w {
        if k >> i & 1 == 1 {
            for j in 0..w {
                // SAFETY: lane `i` is enabled, so its bytes are readable (the caller's
                // promise); `wrapping_add` never goes through a disabled lane.
                r.0[i * w + j] = unsafe { p.wrapping_add(i * w + j).read() };
            }
        }
    }
    r
}

/// The masked store of `w`-byte elements: enabled lanes of `a` to `p`; nothing else
/// is touched.
///
/// # Safety
/// Every enabled lane's `w` bytes at `p + i * w` are writable.
#[inline]
unsafe fn masked_store(p: *mut u8, k: u64, a: Zmm, w: usize) {
    for i in 0..64 / w {
        if k >> i & 1 == 1 {
            for j in 0..w {
                // SAFETY: lane `i` is enabled, so its bytes are writable.
                unsafe { p.wrapping_add(i * w + j).write(a.0[i * w + j]) };
            }
        }
    }
}

/// Masked loads and stores per element width.
macro_rules! masked_mem {
    ($($w:literal, $k:ty: $load:ident, $mload:ident, $store:ident, $cstore:ident,
       $insn:literal;)*) => { $(
        #[doc = concat!("`", $insn, "` load, zero-masking: lane `i` from `p` where bit `i` of `k` is set, zero elsewhere.")]
        ///
        /// # Safety
        /// For every set bit `i` of `k`, the element at `p + i * size` is readable;
        /// the other lanes are not accessed.
        #[inline]
        pub(crate) unsafe fn $load(k: $k, p: *const u8) -> Zmm {
            count!($load);
            // SAFETY: the caller's contract.
            unsafe { masked_load(Zmm([0; 64]), u64::from(k), p, $w) }
        }
        #[doc = concat!("`", $insn, "` load, merge-masking: lane `i` from `p` where bit `i` of `k` is set, from `src` elsewhere.")]
        ///
        /// # Safety
        /// As for the zero-masking load.
        #[inline]
        pub(crate) unsafe fn $mload(src: Zmm, k: $k, p: *const u8) -> Zmm {
            count!($mload);
            // SAFETY: the caller's contract.
            unsafe { masked_load(src, u64::from(k), p, $w) }
        }
        #[doc = concat!("`", $insn, "` store: lane `i` of `a` to `p + i * size` where bit `i` of `k` is set.")]
        ///
        /// # Safety
        /// For every set bit `i` of `k`, the element at `p + i * size` is writable;
        /// the other lanes are not accessed.
        #[inline]
        pub(crate) unsafe fn $store(p: *mut u8, k: $k, a: Zmm) {
            count!($store);
            // SAFETY: the caller's contract.
            unsafe { masked_store(p, u64::from(k), a, $w) }
        }
        /// `vpcompress` to memory: the enabled lanes of `a`, in order, to the first
        /// `k.count_ones()` elements at `p`.
        ///
        /// # Safety
        /// The first `k.count_ones()` elements at `p` are writable; nothing after them
        /// is accessed.
        #[inline]
        pub(crate) unsafe fn $cstore(p: *mut u8, k: $k, a: Zmm) {
            count!($cstore);
            let n = k.count_ones() as usize;
            let c = compress(Zmm([0; 64]), u64::from(k), a, $w);
            let first_n = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
            // SAFETY: the first `n` elements are writable (the caller's contract).
            unsafe { masked_store(p, first_n, c, $w) }
        }
    )* };
}
masked_mem! {
    1, u64: maskz_loadu_epi8, mask_loadu_epi8, mask_storeu_epi8, mask_compressstoreu_epi8, "vmovdqu8";
    2, u32: maskz_loadu_epi16, mask_loadu_epi16, mask_storeu_epi16, mask_compressstoreu_epi16, "vmovdqu16";
    4, u16: maskz_loadu_epi32, mask_loadu_epi32, mask_storeu_epi32, mask_compressstoreu_epi32, "vmovdqu32";
}

/// `movdqu` load (`_mm_loadu_si128`): the 16 bytes at `p`.
///
/// # Safety
/// `p..p + 16` is readable.
#[inline]
pub(crate) unsafe fn loadu_si128(p: *const u8) -> Xmm {
    count!(loadu_si128);
    // SAFETY: the caller guarantees 16 readable bytes.
    unsafe { p.cast::<Xmm>().read_unaligned() }
}

/// `movdqu` store (`_mm_storeu_si128`): `a` to the 16 bytes at `p`.
///
/// # Safety
/// `p..p + 16` is writable.
#[inline]
pub(crate) unsafe fn storeu_si128(p: *mut u8, a: Xmm) {
    count!(storeu_si128);
    // SAFETY: the caller guarantees 16 writable bytes.
    unsafe { p.cast::<Xmm>().write_unaligned(a) }
}

/// `vmovdqu` load (`_mm256_loadu_si256`): the 32 bytes at `p`.
///
/// # Safety
/// `p..p + 32` is readable.
#[inline]
pub(crate) unsafe fn loadu_si256(p: *const u8) -> Ymm {
    count!(loadu_si256);
    // SAFETY: the caller guarantees 32 readable bytes.
    unsafe { p.cast::<Ymm>().read_unaligned() }
}

/// `vmovdqu` store (`_mm256_storeu_si256`): `a` to the 32 bytes at `p`.
///
/// # Safety
/// `p..p + 32` is writable.
#[inline]
pub(crate) unsafe fn storeu_si256(p: *mut u8, a: Ymm) {
    count!(storeu_si256);
    // SAFETY: the caller guarantees 32 writable bytes.
    unsafe { p.cast::<Ymm>().write_unaligned(a) }
}

// ---- constants, casts, inserts and extracts ---------------------------------------

/// `vpxord` of a register with itself: all zero.
#[inline]
pub(crate) fn setzero() -> Zmm {
    count!(setzero);
    Zmm([0; 64])
}

/// Broadcasts of a scalar (`vpbroadcastb/w/d/q`).
macro_rules! set1 {
    ($($name:ident($t:ty), $w:literal;)*) => { $(
        #[doc = concat!("`vpbroadcast`: `a` in every ", stringify!($w), "-byte element.")]
        #[inline]
        pub(crate) fn $name(a: $t) -> Zmm {
            count!($name);
            map1(Zmm([0; 64]), $w, |_| a as u64)
        }
    )* };
}
set1! { set1_epi8(i8), 1; set1_epi16(i16), 2; set1_epi32(i32), 4; set1_epi64(i64), 8; }

/// `vbroadcasti32x4`: `a` in each 128-bit lane.
#[inline]
pub(crate) fn broadcast_i32x4(a: Xmm) -> Zmm {
    count!(broadcast_i32x4);
    let mut r = Zmm([0; 64]);
    for l in 0..4 {
        r.0[16 * l..16 * l + 16].copy_from_slice(&a.0);
    }
    r
}

/// `vbroadcasti64x4`: `a` in each 256-bit half.
#[inline]
pub(crate) fn broadcast_i64x4(a: Ymm) -> Zmm {
    count!(broadcast_i64x4);
    let mut r = Zmm([0; 64]);
    r.0[..32].copy_from_slice(&a.0);
    r.0[32..].copy_from_slice(&a.0);
    r
}

/// The low 128 bits of `a`.
#[inline]
pub(crate) fn castsi512_si128(a: Zmm) -> Xmm {
    count!(castsi512_si128);
    let mut r = Xmm([0; 16]);
    r.0.copy_from_slice(&a.0[..16]);
    r
}

/// The low 256 bits of `a`.
#[inline]
pub(crate) fn castsi512_si256(a: Zmm) -> Ymm {
    count!(castsi512_si256);
    let mut r = Ymm([0; 32]);
    r.0.copy_from_slice(&a.0[..32]);
    r
}

/// `a` in the low 128 bits, zero above.
#[inline]
pub(crate) fn zextsi128_si512(a: Xmm) -> Zmm {
    count!(zextsi128_si512);
    let mut r = Zmm([0; 64]);
    r.0[..16].copy_from_slice(&a.0);
    r
}

/// `a` in the low 256 bits, zero above.
#[inline]
pub(crate) fn zextsi256_si512(a: Ymm) -> Zmm {
    count!(zextsi256_si512);
    let mut r = Zmm([0; 64]);
    r.0[..32].copy_from_slice(&a.0);
    r
}

/// `a` in the low 128 bits; the upper bits are undefined on the hardware (zero here).
#[inline]
pub(crate) fn castsi128_si512(a: Xmm) -> Zmm {
    count!(castsi128_si512);
    let mut r = Zmm([0; 64]);
    r.0[..16].copy_from_slice(&a.0);
    r
}

/// `a` in the low 256 bits; the upper bits are undefined on the hardware (zero here).
#[inline]
pub(crate) fn castsi256_si512(a: Ymm) -> Zmm {
    count!(castsi256_si512);
    let mut r = Zmm([0; 64]);
    r.0[..32].copy_from_slice(&a.0);
    r
}

/// `vextracti32x4`: 128-bit lane `IMM & 3` of `a`.
#[inline]
pub(crate) fn extracti32x4_epi32<const IMM: i32>(a: Zmm) -> Xmm {
    count!(extracti32x4_epi32);
    let l = (IMM & 3) as usize;
    let mut r = Xmm([0; 16]);
    r.0.copy_from_slice(&a.0[16 * l..16 * l + 16]);
    r
}

/// `vextracti64x4`: 256-bit half `IMM & 1` of `a`.
#[inline]
pub(crate) fn extracti64x4_epi64<const IMM: i32>(a: Zmm) -> Ymm {
    count!(extracti64x4_epi64);
    let h = (IMM & 1) as usize;
    let mut r = Ymm([0; 32]);
    r.0.copy_from_slice(&a.0[32 * h..32 * h + 32]);
    r
}

/// `vinserti32x4`: `a` with 128-bit lane `IMM & 3` replaced by `b`.
#[inline]
pub(crate) fn inserti32x4<const IMM: i32>(a: Zmm, b: Xmm) -> Zmm {
    count!(inserti32x4);
    let l = (IMM & 3) as usize;
    let mut r = a;
    r.0[16 * l..16 * l + 16].copy_from_slice(&b.0);
    r
}

/// `vinserti64x4`: `a` with 256-bit half `IMM & 1` replaced by `b`.
#[inline]
pub(crate) fn inserti64x4<const IMM: i32>(a: Zmm, b: Ymm) -> Zmm {
    count!(inserti64x4);
    let h = (IMM & 1) as usize;
    let mut r = a;
    r.0[32 * h..32 * h + 32].copy_from_slice(&b.0);
    r
}

/// `vshufi32x4`: result lanes 0, 1 are lanes `IMM[1:0]`, `IMM[3:2]` of `a`, lanes
/// 2, 3 are lanes `IMM[5:4]`, `IMM[7:6]` of `b`.
#[inline]
pub(crate) fn shuffle_i32x4<const IMM: i32>(a: Zmm, b: Zmm) -> Zmm {
    count!(shuffle_i32x4);
    let mut r = Zmm([0; 64]);
    for l in 0..4 {
        let sel = (IMM as usize >> (2 * l)) & 3;
        let src = if l < 2 { &a } else { &b };
        r.0[16 * l..16 * l + 16].copy_from_slice(&src.0[16 * sel..16 * sel + 16]);
    }
    r
}

/// `vshufi64x2`: the same lane selection as [`shuffle_i32x4`] (the element size only
/// matters for masking).
#[inline]
pub(crate) fn shuffle_i64x2<const IMM: i32>(a: Zmm, b: Zmm) -> Zmm {
    count!(shuffle_i64x2);
    let mut r = Zmm([0; 64]);
    for l in 0..4 {
        let sel = (IMM as usize >> (2 * l)) & 3;
        let src = if l < 2 { &a } else { &b };
        r.0[16 * l..16 * l + 16].copy_from_slice(&src.0[16 * sel..16 * sel + 16]);
    }
    r
}

/// `movd`: `a` in the low 32 bits, zero above.
#[inline]
pub(crate) fn cvtsi32_si128(a: i32) -> Xmm {
    count!(cvtsi32_si128);
    let mut r = Xmm([0; 16]);
    r.0[..4].copy_from_slice(&a.to_le_bytes());
    r
}

// ---- bitwise ----------------------------------------------------------------------

/// `vpandq`.
#[inline]
pub(crate) fn and_si512(a: Zmm, b: Zmm) -> Zmm {
    count!(and_si512);
    map2(a, b, 8, |x, y| x & y)
}

/// `vporq`.
#[inline]
pub(crate) fn or_si512(a: Zmm, b: Zmm) -> Zmm {
    count!(or_si512);
    map2(a, b, 8, |x, y| x | y)
}

/// `vpxorq`.
#[inline]
pub(crate) fn xor_si512(a: Zmm, b: Zmm) -> Zmm {
    count!(xor_si512);
    map2(a, b, 8, |x, y| x ^ y)
}

/// `vpandnq`: `!a & b`.
#[inline]
pub(crate) fn andnot_si512(a: Zmm, b: Zmm) -> Zmm {
    count!(andnot_si512);
    map2(a, b, 8, |x, y| !x & y)
}

/// The bitwise ternary function of `vpternlog`: bit `j` of the result is bit
/// `(a_j << 2) | (b_j << 1) | c_j` of `imm`.
#[inline]
fn ternary(imm: u8, a: u64, b: u64, c: u64) -> u64 {
    let mut r = 0u64;
    for j in 0..64 {
        let idx = (a >> j & 1) << 2 | (b >> j & 1) << 1 | (c >> j & 1);
        r |= u64::from(imm >> idx & 1) << j;
    }
    r
}

/// `vpternlogd`: the truth table `IMM` applied bit by bit (see [`ternary`]).
#[inline]
pub(crate) fn ternarylogic_epi32<const IMM: i32>(a: Zmm, b: Zmm, c: Zmm) -> Zmm {
    count!(ternarylogic_epi32);
    map3(a, b, c, 8, |x, y, z| ternary(IMM as u8, x, y, z))
}

/// `vpternlogq`: the same as [`ternarylogic_epi32`] without masking.
#[inline]
pub(crate) fn ternarylogic_epi64<const IMM: i32>(a: Zmm, b: Zmm, c: Zmm) -> Zmm {
    count!(ternarylogic_epi64);
    map3(a, b, c, 8, |x, y, z| ternary(IMM as u8, x, y, z))
}

// ---- integer arithmetic -----------------------------------------------------------

/// Element-wise binary operations: `name, width, |a, b| result`.
macro_rules! binops {
    ($($name:ident, $w:literal, $insn:literal, |$a:ident, $b:ident| $e:expr;)*) => { $(
        #[doc = concat!("`", $insn, "`.")]
        #[inline]
        pub(crate) fn $name(a: Zmm, b: Zmm) -> Zmm {
            count!($name);
            map2(a, b, $w, |$a, $b| $e)
        }
    )* };
}
binops! {
    add_epi8, 1, "vpaddb", |a, b| a.wrapping_add(b);
    add_epi16, 2, "vpaddw", |a, b| a.wrapping_add(b);
    add_epi32, 4, "vpaddd", |a, b| a.wrapping_add(b);
    add_epi64, 8, "vpaddq", |a, b| a.wrapping_add(b);
    sub_epi8, 1, "vpsubb", |a, b| a.wrapping_sub(b);
    sub_epi16, 2, "vpsubw", |a, b| a.wrapping_sub(b);
    sub_epi32, 4, "vpsubd", |a, b| a.wrapping_sub(b);
    sub_epi64, 8, "vpsubq", |a, b| a.wrapping_sub(b);
    adds_epu8, 1, "vpaddusb", |a, b| (a + b).min(0xFF);
    adds_epu16, 2, "vpaddusw", |a, b| (a + b).min(0xFFFF);
    subs_epu8, 1, "vpsubusb", |a, b| a.saturating_sub(b);
    subs_epi8, 1, "vpsubsb", |a, b| (a as u8 as i8).saturating_sub(b as u8 as i8) as u8 as u64;
    subs_epu16, 2, "vpsubusw", |a, b| a.saturating_sub(b);
    min_epu8, 1, "vpminub", |a, b| a.min(b);
    min_epu16, 2, "vpminuw", |a, b| a.min(b);
    min_epu32, 4, "vpminud", |a, b| a.min(b);
    max_epu8, 1, "vpmaxub", |a, b| a.max(b);
    max_epu16, 2, "vpmaxuw", |a, b| a.max(b);
    max_epu32, 4, "vpmaxud", |a, b| a.max(b);
}

/// Merge-masked element-wise operations: `name, mask type, width, operation`.
macro_rules! mask_binops {
    ($($name:ident, $k:ty, $w:literal, $op:ident;)*) => { $(
        #[doc = concat!("Merge-masked [`", stringify!($op), "`]: lanes where `k` is clear keep `src`.")]
        #[inline]
        pub(crate) fn $name(src: Zmm, k: $k, a: Zmm, b: Zmm) -> Zmm {
            count!($name);
            select(u64::from(k), $op(a, b), src, $w)
        }
    )* };
}
mask_binops! {
    mask_add_epi8, u64, 1, add_epi8;
    mask_add_epi16, u32, 2, add_epi16;
    mask_add_epi32, u16, 4, add_epi32;
    mask_sub_epi8, u64, 1, sub_epi8;
    mask_sub_epi16, u32, 2, sub_epi16;
    mask_sub_epi32, u16, 4, sub_epi32;
}

/// `vpmaddubsw`: per 16-bit lane, `sat16(a[2i] * b[2i] + a[2i+1] * b[2i+1])` with the
/// bytes of `a` unsigned and those of `b` signed.
#[inline]
pub(crate) fn maddubs_epi16(a: Zmm, b: Zmm) -> Zmm {
    count!(maddubs_epi16);
    let mut r = Zmm([0; 64]);
    for i in 0..32 {
        let p = |j: usize| i32::from(a.0[j]) * i32::from(b.0[j] as i8);
        let s = (p(2 * i) + p(2 * i + 1)).clamp(-32768, 32767);
        put(&mut r.0, 2, i, s as u64);
    }
    r
}

/// `vpmaddwd`: per 32-bit lane, `a[2i] * b[2i] + a[2i+1] * b[2i+1]` of signed 16-bit
/// elements (wrapping: only `-32768 * -32768 * 2` overflows).
#[inline]
pub(crate) fn madd_epi16(a: Zmm, b: Zmm) -> Zmm {
    count!(madd_epi16);
    let mut r = Zmm([0; 64]);
    for i in 0..16 {
        let p = |j: usize| sx(get(&a.0, 2, j), 2) as i32 * sx(get(&b.0, 2, j), 2) as i32;
        put(
            &mut r.0,
            4,
            i,
            p(2 * i).wrapping_add(p(2 * i + 1)) as u32 as u64,
        );
    }
    r
}

/// `vpsadbw`: per 64-bit lane, the sum of `|a - b|` over its 8 bytes (as unsigned).
#[inline]
pub(crate) fn sad_epu8(a: Zmm, b: Zmm) -> Zmm {
    count!(sad_epu8);
    let mut r = Zmm([0; 64]);
    for i in 0..8 {
        let s: u64 = (0..8)
            .map(|j| u64::from(a.0[8 * i + j].abs_diff(b.0[8 * i + j])))
            .sum();
        put(&mut r.0, 8, i, s);
    }
    r
}

/// `_mm512_reduce_add_epi64` (a sequence of adds): the wrapping sum of the 64-bit lanes.
#[inline]
pub(crate) fn reduce_add_epi64(a: Zmm) -> i64 {
    count!(reduce_add_epi64);
    (0..8).fold(0u64, |s, i| s.wrapping_add(get(&a.0, 8, i))) as i64
}

// ---- comparisons, tests and masks -------------------------------------------------

/// Comparisons: each predicate unmasked and masked (`k1 & compare`), per element
/// type (`u`: unsigned, `i`: signed).
macro_rules! cmps {
    ($($w:literal, $k:ty, $s:ident: $($name:ident, $mname:ident, $op:tt;)*)*) => { $($(
        #[doc = concat!("`vpcmp`: the mask of the lanes where `a ", stringify!($op), " b`.")]
        #[inline]
        pub(crate) fn $name(a: Zmm, b: Zmm) -> $k {
            count!($name);
            mask2(a, b, $w, |x, y| cmps!(@$s $w, x) $op cmps!(@$s $w, y)) as $k
        }
        #[doc = concat!("`vpcmp` with a write mask: `k1 &` the mask of `a ", stringify!($op), " b`.")]
        #[inline]
        pub(crate) fn $mname(k1: $k, a: Zmm, b: Zmm) -> $k {
            count!($mname);
            k1 & mask2(a, b, $w, |x, y| cmps!(@$s $w, x) $op cmps!(@$s $w, y)) as $k
        }
    )*)* };
    (@u $w:literal, $x:ident) => { $x as i64 };
    (@i $w:literal, $x:ident) => { sx($x, $w) };
}
cmps! {
    1, u64, u:
    cmpeq_epu8_mask, mask_cmpeq_epu8_mask, ==;
    cmpneq_epu8_mask, mask_cmpneq_epu8_mask, !=;
    cmplt_epu8_mask, mask_cmplt_epu8_mask, <;
    cmple_epu8_mask, mask_cmple_epu8_mask, <=;
    cmpgt_epu8_mask, mask_cmpgt_epu8_mask, >;
    cmpge_epu8_mask, mask_cmpge_epu8_mask, >=;
    1, u64, i:
    cmpeq_epi8_mask, mask_cmpeq_epi8_mask, ==;
    cmpneq_epi8_mask, mask_cmpneq_epi8_mask, !=;
    cmplt_epi8_mask, mask_cmplt_epi8_mask, <;
    cmple_epi8_mask, mask_cmple_epi8_mask, <=;
    cmpgt_epi8_mask, mask_cmpgt_epi8_mask, >;
    cmpge_epi8_mask, mask_cmpge_epi8_mask, >=;
    2, u32, u:
    cmpeq_epu16_mask, mask_cmpeq_epu16_mask, ==;
    cmpneq_epu16_mask, mask_cmpneq_epu16_mask, !=;
    cmplt_epu16_mask, mask_cmplt_epu16_mask, <;
    cmple_epu16_mask, mask_cmple_epu16_mask, <=;
    cmpgt_epu16_mask, mask_cmpgt_epu16_mask, >;
    cmpge_epu16_mask, mask_cmpge_epu16_mask, >=;
    2, u32, i:
    cmpeq_epi16_mask, mask_cmpeq_epi16_mask, ==;
    cmpneq_epi16_mask, mask_cmpneq_epi16_mask, !=;
    cmplt_epi16_mask, mask_cmplt_epi16_mask, <;
    cmple_epi16_mask, mask_cmple_epi16_mask, <=;
    cmpgt_epi16_mask, mask_cmpgt_epi16_mask, >;
    cmpge_epi16_mask, mask_cmpge_epi16_mask, >=;
    4, u16, u:
    cmpeq_epu32_mask, mask_cmpeq_epu32_mask, ==;
    cmpneq_epu32_mask, mask_cmpneq_epu32_mask, !=;
    cmplt_epu32_mask, mask_cmplt_epu32_mask, <;
    cmple_epu32_mask, mask_cmple_epu32_mask, <=;
    cmpgt_epu32_mask, mask_cmpgt_epu32_mask, >;
    cmpge_epu32_mask, mask_cmpge_epu32_mask, >=;
    4, u16, i:
    cmpeq_epi32_mask, mask_cmpeq_epi32_mask, ==;
    cmpneq_epi32_mask, mask_cmpneq_epi32_mask, !=;
    cmplt_epi32_mask, mask_cmplt_epi32_mask, <;
    cmple_epi32_mask, mask_cmple_epi32_mask, <=;
    cmpgt_epi32_mask, mask_cmpgt_epi32_mask, >;
    cmpge_epi32_mask, mask_cmpge_epi32_mask, >=;
}

/// `vptestm`/`vptestnm`: the mask of the lanes where `a & b` is non-zero / zero.
macro_rules! tests {
    ($($name:ident, $nname:ident, $w:literal, $k:ty;)*) => { $(
        #[doc = concat!("`vptestm`: the mask of the ", stringify!($w), "-byte lanes where `a & b != 0`.")]
        #[inline]
        pub(crate) fn $name(a: Zmm, b: Zmm) -> $k {
            count!($name);
            mask2(a, b, $w, |x, y| x & y != 0) as $k
        }
        #[doc = concat!("`vptestnm`: the mask of the ", stringify!($w), "-byte lanes where `a & b == 0`.")]
        #[inline]
        pub(crate) fn $nname(a: Zmm, b: Zmm) -> $k {
            count!($nname);
            mask2(a, b, $w, |x, y| x & y == 0) as $k
        }
    )* };
}
tests! {
    test_epi8_mask, testn_epi8_mask, 1, u64;
    test_epi16_mask, testn_epi16_mask, 2, u32;
    test_epi32_mask, testn_epi32_mask, 4, u16;
    test_epi64_mask, testn_epi64_mask, 8, u8;
}

/// Mask moves and blends per element width.
macro_rules! mask_moves {
    ($($w:literal, $k:ty: $movepi:ident, $movm:ident, $blend:ident, $maskz_mov:ident, $mask_mov:ident;)*) => { $(
        #[doc = concat!("`vpmov*2m`: the mask of the ", stringify!($w), "-byte lanes whose top bit is set.")]
        #[inline]
        pub(crate) fn $movepi(a: Zmm) -> $k {
            count!($movepi);
            mask2(a, a, $w, |x, _| x >> (8 * $w - 1) != 0) as $k
        }
        #[doc = concat!("`vpmovm2*`: all ones in the ", stringify!($w), "-byte lanes whose bit of `k` is set, zero elsewhere.")]
        #[inline]
        pub(crate) fn $movm(k: $k) -> Zmm {
            count!($movm);
            select(u64::from(k), map1(Zmm([0; 64]), $w, |_| ones($w)), Zmm([0; 64]), $w)
        }
        /// `vpblendm`: `b` where `k` is set, `a` elsewhere.
        #[inline]
        pub(crate) fn $blend(k: $k, a: Zmm, b: Zmm) -> Zmm {
            count!($blend);
            select(u64::from(k), b, a, $w)
        }
        /// `vmovdqu` between registers, zero-masking: `a` where `k` is set, zero elsewhere.
        #[inline]
        pub(crate) fn $maskz_mov(k: $k, a: Zmm) -> Zmm {
            count!($maskz_mov);
            select(u64::from(k), a, Zmm([0; 64]), $w)
        }
        /// `vmovdqu` between registers, merge-masking: `a` where `k` is set, `src` elsewhere.
        #[inline]
        pub(crate) fn $mask_mov(src: Zmm, k: $k, a: Zmm) -> Zmm {
            count!($mask_mov);
            select(u64::from(k), a, src, $w)
        }
    )* };
}
mask_moves! {
    1, u64: movepi8_mask, movm_epi8, mask_blend_epi8, maskz_mov_epi8, mask_mov_epi8;
    2, u32: movepi16_mask, movm_epi16, mask_blend_epi16, maskz_mov_epi16, mask_mov_epi16;
    4, u16: movepi32_mask, movm_epi32, mask_blend_epi32, maskz_mov_epi32, mask_mov_epi32;
}

/// `vpblendmq`: `b` where `k` is set, `a` elsewhere.
#[inline]
pub(crate) fn mask_blend_epi64(k: u8, a: Zmm, b: Zmm) -> Zmm {
    count!(mask_blend_epi64);
    select(u64::from(k), b, a, 8)
}

// ---- shifts and rotates -----------------------------------------------------------

/// Logical left shift of a `w`-byte element by `n` (zero when `n >= 8 * w`).
#[inline]
fn shl(x: u64, n: u64, w: usize) -> u64 {
    if n >= 8 * w as u64 {
        0
    } else {
        (x << n) & ones(w)
    }
}

/// Logical right shift of a `w`-byte element by `n` (zero when `n >= 8 * w`).
#[inline]
fn shr(x: u64, n: u64, w: usize) -> u64 {
    if n >= 8 * w as u64 {
        0
    } else {
        x >> n
    }
}

/// Arithmetic right shift of a `w`-byte element by `n` (the sign when `n >= 8 * w`).
#[inline]
fn sar(x: u64, n: u64, w: usize) -> u64 {
    (sx(x, w) >> n.min(8 * w as u64 - 1)) as u64 & ones(w)
}

/// Shifts by an immediate (8 bits of it are read).
macro_rules! shift_imm {
    ($($name:ident, $w:literal, $f:ident, $insn:literal;)*) => { $(
        #[doc = concat!("`", $insn, "` by the immediate (`IMM & 0xFF`; a count of the element width or more gives zero, or the sign for arithmetic shifts).")]
        #[inline]
        pub(crate) fn $name<const IMM: u32>(a: Zmm) -> Zmm {
            count!($name);
            map1(a, $w, |x| $f(x, u64::from(IMM & 0xFF), $w))
        }
    )* };
}
shift_imm! {
    slli_epi16, 2, shl, "vpsllw"; srli_epi16, 2, shr, "vpsrlw"; srai_epi16, 2, sar, "vpsraw";
    slli_epi32, 4, shl, "vpslld"; srli_epi32, 4, shr, "vpsrld"; srai_epi32, 4, sar, "vpsrad";
    slli_epi64, 8, shl, "vpsllq"; srli_epi64, 8, shr, "vpsrlq";
}

/// Shifts by the count in the low 64 bits of an `Xmm`.
macro_rules! shift_reg {
    ($($name:ident, $w:literal, $f:ident, $insn:literal;)*) => { $(
        #[doc = concat!("`", $insn, "` by the low 64 bits of `count` (the element width or more gives zero).")]
        #[inline]
        pub(crate) fn $name(a: Zmm, count: Xmm) -> Zmm {
            count!($name);
            let n = get(&count.0, 8, 0);
            map1(a, $w, |x| $f(x, n, $w))
        }
    )* };
}
shift_reg! {
    sll_epi16, 2, shl, "vpsllw"; srl_epi16, 2, shr, "vpsrlw";
    sll_epi32, 4, shl, "vpslld"; srl_epi32, 4, shr, "vpsrld";
    sll_epi64, 8, shl, "vpsllq"; srl_epi64, 8, shr, "vpsrlq";
}

/// Per-element variable shifts.
macro_rules! shift_var {
    ($($name:ident, $w:literal, $f:ident, $insn:literal;)*) => { $(
        #[doc = concat!("`", $insn, "`: each element by the whole corresponding element of `count` (the element width or more gives zero).")]
        #[inline]
        pub(crate) fn $name(a: Zmm, count: Zmm) -> Zmm {
            count!($name);
            map2(a, count, $w, |x, n| $f(x, n, $w))
        }
    )* };
}
shift_var! {
    sllv_epi16, 2, shl, "vpsllvw"; srlv_epi16, 2, shr, "vpsrlvw";
    sllv_epi32, 4, shl, "vpsllvd"; srlv_epi32, 4, shr, "vpsrlvd";
    sllv_epi64, 8, shl, "vpsllvq"; srlv_epi64, 8, shr, "vpsrlvq";
}

/// `vprold` by the immediate modulo 32.
#[inline]
pub(crate) fn rol_epi32<const IMM: i32>(a: Zmm) -> Zmm {
    count!(rol_epi32);
    map1(a, 4, |x| u64::from((x as u32).rotate_left(IMM as u32 & 31)))
}

/// `vprord` by the immediate modulo 32.
#[inline]
pub(crate) fn ror_epi32<const IMM: i32>(a: Zmm) -> Zmm {
    count!(ror_epi32);
    map1(a, 4, |x| {
        u64::from((x as u32).rotate_right(IMM as u32 & 31))
    })
}

/// `vprolvd`: each element of `a` rotated left by the element of `b` modulo 32.
#[inline]
pub(crate) fn rolv_epi32(a: Zmm, b: Zmm) -> Zmm {
    count!(rolv_epi32);
    map2(a, b, 4, |x, n| {
        u64::from((x as u32).rotate_left(n as u32 & 31))
    })
}

/// `vprorvd`: each element of `a` rotated right by the element of `b` modulo 32.
#[inline]
pub(crate) fn rorv_epi32(a: Zmm, b: Zmm) -> Zmm {
    count!(rorv_epi32);
    map2(a, b, 4, |x, n| {
        u64::from((x as u32).rotate_right(n as u32 & 31))
    })
}

/// `vpshld`: the upper half of `(hi:lo) << (n mod width)`, `hi` from `a`.
#[inline]
fn shld(hi: u64, lo: u64, n: u64, w: usize) -> u64 {
    let bits = 8 * w as u32;
    let n = (n as u32) & (bits - 1);
    let cat = u128::from(hi) << bits | u128::from(lo);
    ((cat << n) >> bits) as u64 & ones(w)
}

/// `vpshrd`: the lower half of `(hi:lo) >> (n mod width)`, `hi` from `b`.
#[inline]
fn shrd(lo: u64, hi: u64, n: u64, w: usize) -> u64 {
    let bits = 8 * w as u32;
    let n = (n as u32) & (bits - 1);
    let cat = u128::from(hi) << bits | u128::from(lo);
    (cat >> n) as u64 & ones(w)
}

/// Concatenate-and-shift by an immediate (VBMI2).
macro_rules! shift_double_imm {
    ($($name:ident, $w:literal, $f:ident, $insn:literal;)*) => { $(
        #[doc = concat!("`", $insn, "` by the immediate modulo the element width (`shldi`: upper half of `a:b << n`; `shrdi`: lower half of `b:a >> n`).")]
        #[inline]
        pub(crate) fn $name<const IMM: i32>(a: Zmm, b: Zmm) -> Zmm {
            count!($name);
            map2(a, b, $w, |x, y| $f(x, y, IMM as u64 & 0xFF, $w))
        }
    )* };
}
shift_double_imm! {
    shldi_epi16, 2, shld, "vpshldw"; shldi_epi32, 4, shld, "vpshldd"; shldi_epi64, 8, shld, "vpshldq";
    shrdi_epi16, 2, shrd, "vpshrdw"; shrdi_epi32, 4, shrd, "vpshrdd"; shrdi_epi64, 8, shrd, "vpshrdq";
}

/// Concatenate-and-shift by a per-element count (VBMI2).
macro_rules! shift_double_var {
    ($($name:ident, $w:literal, $f:ident, $insn:literal;)*) => { $(
        #[doc = concat!("`", $insn, "`: as the immediate form with the count from `c`'s element modulo the element width.")]
        #[inline]
        pub(crate) fn $name(a: Zmm, b: Zmm, c: Zmm) -> Zmm {
            count!($name);
            map3(a, b, c, $w, |x, y, n| $f(x, y, n, $w))
        }
    )* };
}
shift_double_var! {
    shldv_epi16, 2, shld, "vpshldvw"; shldv_epi32, 4, shld, "vpshldvd"; shldv_epi64, 8, shld, "vpshldvq";
    shrdv_epi16, 2, shrd, "vpshrdvw"; shrdv_epi32, 4, shrd, "vpshrdvd"; shrdv_epi64, 8, shrd, "vpshrdvq";
}

// ---- byte shuffles, permutes, unpacks and packs -----------------------------------

/// `vpshufb`: per 128-bit lane, byte `i` is zero if bit 7 of `b[i]` is set, else byte
/// `b[i] & 15` of the same lane of `a`.
#[inline]
pub(crate) fn shuffle_epi8(a: Zmm, b: Zmm) -> Zmm {
    count!(shuffle_epi8);
    per_lane(a, b, |a, b, r| {
        for i in 0..16 {
            r[i] = if b[i] & 0x80 != 0 {
                0
            } else {
                a[usize::from(b[i] & 15)]
            };
        }
    })
}

/// `vpshufb` with zero-masking.
#[inline]
pub(crate) fn maskz_shuffle_epi8(k: u64, a: Zmm, b: Zmm) -> Zmm {
    count!(maskz_shuffle_epi8);
    select(k, shuffle_epi8(a, b), Zmm([0; 64]), 1)
}

/// `vpalignr`: per 128-bit lane, bytes `IMM..IMM + 16` of `a.lane:b.lane` (`b` at
/// the low end, 8 bits of the immediate, zeros shifted in past 32).
#[inline]
pub(crate) fn alignr_epi8<const IMM: i32>(a: Zmm, b: Zmm) -> Zmm {
    count!(alignr_epi8);
    let n = (IMM & 0xFF) as usize;
    per_lane(a, b, |a, b, r| {
        for i in 0..16 {
            let j = i + n;
            r[i] = if j < 16 {
                b[j]
            } else if j < 32 {
                a[j - 16]
            } else {
                0
            };
        }
    })
}

/// `valignd`: dwords `IMM & 15 ..` of the 32-dword `a:b` (`b` at the low end).
#[inline]
pub(crate) fn alignr_epi32<const IMM: i32>(a: Zmm, b: Zmm) -> Zmm {
    count!(alignr_epi32);
    let n = (IMM & 15) as usize;
    let mut r = Zmm([0; 64]);
    for i in 0..16 {
        let j = i + n;
        let v = if j < 16 {
            get(&b.0, 4, j)
        } else {
            get(&a.0, 4, j - 16)
        };
        put(&mut r.0, 4, i, v);
    }
    r
}

/// `valignq`: qwords `IMM & 7 ..` of the 16-qword `a:b` (`b` at the low end).
#[inline]
pub(crate) fn alignr_epi64<const IMM: i32>(a: Zmm, b: Zmm) -> Zmm {
    count!(alignr_epi64);
    let n = (IMM & 7) as usize;
    let mut r = Zmm([0; 64]);
    for i in 0..8 {
        let j = i + n;
        let v = if j < 8 {
            get(&b.0, 8, j)
        } else {
            get(&a.0, 8, j - 8)
        };
        put(&mut r.0, 8, i, v);
    }
    r
}

/// `vpslldq`: each 128-bit lane shifted up (to higher addresses) by `IMM & 0xFF`
/// bytes, zeros shifted in (all zero past 15).
#[inline]
pub(crate) fn bslli_epi128<const IMM: i32>(a: Zmm) -> Zmm {
    count!(bslli_epi128);
    let n = (IMM & 0xFF) as usize;
    per_lane(a, a, |a, _, r| {
        for i in 0..16 {
            r[i] = if i >= n { a[i - n] } else { 0 };
        }
    })
}

/// `vpsrldq`: each 128-bit lane shifted down by `IMM & 0xFF` bytes, zeros shifted in.
#[inline]
pub(crate) fn bsrli_epi128<const IMM: i32>(a: Zmm) -> Zmm {
    count!(bsrli_epi128);
    let n = (IMM & 0xFF) as usize;
    per_lane(a, a, |a, _, r| {
        for i in 0..16 {
            r[i] = if i + n < 16 { a[i + n] } else { 0 };
        }
    })
}

/// Interleaves of `w`-byte elements per 128-bit lane: the low (`hi = false`) or
/// high half of the lane of `a`, element by element with `b`'s.
#[inline]
fn unpack(a: Zmm, b: Zmm, w: usize, hi: bool) -> Zmm {
    let half = 8 / w;
    per_lane(a, b, |a, b, r| {
        for j in 0..half {
            let s = j + if hi { half } else { 0 };
            put(r, w, 2 * j, get(a, w, s));
            put(r, w, 2 * j + 1, get(b, w, s));
        }
    })
}

/// `vpunpck*`.
macro_rules! unpacks {
    ($($name:ident, $w:literal, $hi:literal, $insn:literal;)*) => { $(
        #[doc = concat!("`", $insn, "`: per 128-bit lane, the ", stringify!($w), "-byte elements of one half of `a` and `b`, interleaved.")]
        #[inline]
        pub(crate) fn $name(a: Zmm, b: Zmm) -> Zmm {
            count!($name);
            unpack(a, b, $w, $hi)
        }
    )* };
}
unpacks! {
    unpacklo_epi8, 1, false, "vpunpcklbw"; unpackhi_epi8, 1, true, "vpunpckhbw";
    unpacklo_epi16, 2, false, "vpunpcklwd"; unpackhi_epi16, 2, true, "vpunpckhwd";
    unpacklo_epi32, 4, false, "vpunpckldq"; unpackhi_epi32, 4, true, "vpunpckhdq";
    unpacklo_epi64, 8, false, "vpunpcklqdq"; unpackhi_epi64, 8, true, "vpunpckhqdq";
}

/// Packs per 128-bit lane: the signed `w`-byte elements of the lane of `a`, then of
/// `b`, saturated to `w / 2` bytes with `lo..=hi`.
#[inline]
fn pack(a: Zmm, b: Zmm, w: usize, lo: i64, hi: i64) -> Zmm {
    let n = 16 / w;
    per_lane(a, b, |a, b, r| {
        for j in 0..n {
            put(r, w / 2, j, sx(get(a, w, j), w).clamp(lo, hi) as u64);
            put(r, w / 2, n + j, sx(get(b, w, j), w).clamp(lo, hi) as u64);
        }
    })
}

/// `vpackuswb`: signed words to unsigned bytes with saturation, per lane `a` then `b`.
#[inline]
pub(crate) fn packus_epi16(a: Zmm, b: Zmm) -> Zmm {
    count!(packus_epi16);
    pack(a, b, 2, 0, 0xFF)
}

/// `vpackusdw`: signed dwords to unsigned words with saturation, per lane `a` then `b`.
#[inline]
pub(crate) fn packus_epi32(a: Zmm, b: Zmm) -> Zmm {
    count!(packus_epi32);
    pack(a, b, 4, 0, 0xFFFF)
}

/// `vpacksswb`: signed words to signed bytes with saturation, per lane `a` then `b`.
#[inline]
pub(crate) fn packs_epi16(a: Zmm, b: Zmm) -> Zmm {
    count!(packs_epi16);
    pack(a, b, 2, -128, 127)
}

/// `vpackssdw`: signed dwords to signed words with saturation, per lane `a` then `b`.
#[inline]
pub(crate) fn packs_epi32(a: Zmm, b: Zmm) -> Zmm {
    count!(packs_epi32);
    pack(a, b, 4, -32768, 32767)
}

/// `vpermb/w/d/q`: element `i` is element `idx[i] mod n` of `a` (`n` elements).
#[inline]
fn permute(idx: Zmm, a: Zmm, w: usize) -> Zmm {
    let n = 64 / w;
    map1(idx, w, |j| get(&a.0, w, (j as usize) & (n - 1)))
}

/// `vpermt2b/w/d/q`: element `i` is element `idx[i] mod n` of `b` if bit `log2 n` of
/// `idx[i]` is set, else of `a`.
#[inline]
fn permute2(a: Zmm, idx: Zmm, b: Zmm, w: usize) -> Zmm {
    let n = 64 / w;
    map1(idx, w, |j| {
        let src = if j as usize & n != 0 { &b } else { &a };
        get(&src.0, w, (j as usize) & (n - 1))
    })
}

/// `vperm*` and `vpermt2*`.
macro_rules! permutes {
    ($($one:ident, $two:ident, $w:literal, $insn:literal;)*) => { $(
        #[doc = concat!("`vperm", $insn, "`: element `i` is element `idx[i]` (wrapped to the element count) of `a`.")]
        #[inline]
        pub(crate) fn $one(idx: Zmm, a: Zmm) -> Zmm {
            count!($one);
            permute(idx, a, $w)
        }
        #[doc = concat!("`vpermt2", $insn, "`: element `i` is element `idx[i]` of the concatenation `b:a` (wrapped to twice the element count).")]
        #[inline]
        pub(crate) fn $two(a: Zmm, idx: Zmm, b: Zmm) -> Zmm {
            count!($two);
            permute2(a, idx, b, $w)
        }
    )* };
}
permutes! {
    permutexvar_epi8, permutex2var_epi8, 1, "b";
    permutexvar_epi16, permutex2var_epi16, 2, "w";
    permutexvar_epi32, permutex2var_epi32, 4, "d";
    permutexvar_epi64, permutex2var_epi64, 8, "q";
}

/// `vpmultishiftqb`: byte `j` of qword `i` is the 8 bits of qword `i` of `b` starting
/// at bit `a[8i + j] & 63`, wrapping around the qword (a rotate right, low byte).
#[inline]
pub(crate) fn multishift_epi64_epi8(a: Zmm, b: Zmm) -> Zmm {
    count!(multishift_epi64_epi8);
    let mut r = Zmm([0; 64]);
    for i in 0..8 {
        let q = get(&b.0, 8, i);
        for j in 0..8 {
            let ctrl = u32::from(a.0[8 * i + j] & 63);
            r.0[8 * i + j] = q.rotate_right(ctrl) as u8;
        }
    }
    r
}

// ---- compress and expand ----------------------------------------------------------

/// `vpcompress`: the enabled elements of `a`, contiguous from element 0; the rest
/// from `src` (the pseudo-code's `dst[MAX:m*size] := src[MAX:m*size]`).
#[inline]
fn compress(src: Zmm, k: u64, a: Zmm, w: usize) -> Zmm {
    let mut r = src;
    let mut m = 0;
    for i in 0..64 / w {
        if k >> i & 1 == 1 {
            put(&mut r.0, w, m, get(&a.0, w, i));
            m += 1;
        }
    }
    r
}

/// `vpexpand`: element `i` is the next unused element of `a` (from element 0) where
/// `k` is set, `src`'s elsewhere.
#[inline]
fn expand(src: Zmm, k: u64, a: Zmm, w: usize) -> Zmm {
    let mut r = src;
    let mut m = 0;
    for i in 0..64 / w {
        if k >> i & 1 == 1 {
            put(&mut r.0, w, i, get(&a.0, w, m));
            m += 1;
        }
    }
    r
}

/// Compress and expand per element width.
macro_rules! compress_expand {
    ($($w:literal, $k:ty: $zc:ident, $mc:ident, $ze:ident, $me:ident;)*) => { $(
        /// `vpcompress`, zero-masking: the enabled elements, contiguous, then zeros.
        #[inline]
        pub(crate) fn $zc(k: $k, a: Zmm) -> Zmm {
            count!($zc);
            compress(Zmm([0; 64]), u64::from(k), a, $w)
        }
        /// `vpcompress`, merge-masking: the enabled elements, contiguous, then the
        /// remaining elements of `src` (from the same positions).
        #[inline]
        pub(crate) fn $mc(src: Zmm, k: $k, a: Zmm) -> Zmm {
            count!($mc);
            compress(src, u64::from(k), a, $w)
        }
        /// `vpexpand`, zero-masking: consecutive elements of `a` to the enabled
        /// positions, zero elsewhere.
        #[inline]
        pub(crate) fn $ze(k: $k, a: Zmm) -> Zmm {
            count!($ze);
            expand(Zmm([0; 64]), u64::from(k), a, $w)
        }
        /// `vpexpand`, merge-masking: consecutive elements of `a` to the enabled
        /// positions, `src` elsewhere.
        #[inline]
        pub(crate) fn $me(src: Zmm, k: $k, a: Zmm) -> Zmm {
            count!($me);
            expand(src, u64::from(k), a, $w)
        }
    )* };
}
compress_expand! {
    1, u64: maskz_compress_epi8, mask_compress_epi8, maskz_expand_epi8, mask_expand_epi8;
    2, u32: maskz_compress_epi16, mask_compress_epi16, maskz_expand_epi16, mask_expand_epi16;
    4, u16: maskz_compress_epi32, mask_compress_epi32, maskz_expand_epi32, mask_expand_epi32;
}

// ---- conversions ------------------------------------------------------------------

/// Zero-extends `n` elements of `from` bytes in `src` to `to` bytes.
#[inline]
fn widen(src: &[u8], from: usize, to: usize) -> Zmm {
    let mut r = Zmm([0; 64]);
    for i in 0..64 / to {
        put(&mut r.0, to, i, get(src, from, i));
    }
    r
}

/// Truncates the elements of `a` from `from` bytes to `to` bytes into `out`.
#[inline]
fn truncate(a: Zmm, from: usize, to: usize, out: &mut [u8]) {
    for i in 0..64 / from {
        put(out, to, i, get(&a.0, from, i));
    }
}

/// `vpmovzxbw`: the 32 bytes of `a` zero-extended to 16 bits.
#[inline]
pub(crate) fn cvtepu8_epi16(a: Ymm) -> Zmm {
    count!(cvtepu8_epi16);
    widen(&a.0, 1, 2)
}

/// `vpmovzxbw` with zero-masking.
#[inline]
pub(crate) fn maskz_cvtepu8_epi16(k: u32, a: Ymm) -> Zmm {
    count!(maskz_cvtepu8_epi16);
    select(u64::from(k), widen(&a.0, 1, 2), Zmm([0; 64]), 2)
}

/// `vpmovzxbd`: the 16 bytes of `a` zero-extended to 32 bits.
#[inline]
pub(crate) fn cvtepu8_epi32(a: Xmm) -> Zmm {
    count!(cvtepu8_epi32);
    widen(&a.0, 1, 4)
}

/// `vpmovzxwd`: the 16 words of `a` zero-extended to 32 bits.
#[inline]
pub(crate) fn cvtepu16_epi32(a: Ymm) -> Zmm {
    count!(cvtepu16_epi32);
    widen(&a.0, 2, 4)
}

/// `vpmovwb`: the 32 words of `a` truncated to bytes.
#[inline]
pub(crate) fn cvtepi16_epi8(a: Zmm) -> Ymm {
    count!(cvtepi16_epi8);
    let mut r = Ymm([0; 32]);
    truncate(a, 2, 1, &mut r.0);
    r
}

/// `vpmovdw`: the 16 dwords of `a` truncated to words.
#[inline]
pub(crate) fn cvtepi32_epi16(a: Zmm) -> Ymm {
    count!(cvtepi32_epi16);
    let mut r = Ymm([0; 32]);
    truncate(a, 4, 2, &mut r.0);
    r
}

/// `vpmovdb`: the 16 dwords of `a` truncated to bytes.
#[inline]
pub(crate) fn cvtepi32_epi8(a: Zmm) -> Xmm {
    count!(cvtepi32_epi8);
    let mut r = Xmm([0; 16]);
    truncate(a, 4, 1, &mut r.0);
    r
}

// ---- bit counts -------------------------------------------------------------------

/// `vplzcntd`: leading zeros of each dword (32 for zero).
#[inline]
pub(crate) fn lzcnt_epi32(a: Zmm) -> Zmm {
    count!(lzcnt_epi32);
    map1(a, 4, |x| u64::from((x as u32).leading_zeros()))
}

/// `vpopcnt`.
macro_rules! popcnts {
    ($($name:ident, $w:literal, $insn:literal;)*) => { $(
        #[doc = concat!("`", $insn, "`: the number of set bits of each element.")]
        #[inline]
        pub(crate) fn $name(a: Zmm) -> Zmm {
            count!($name);
            map1(a, $w, |x| u64::from(x.count_ones()))
        }
    )* };
}
popcnts! {
    popcnt_epi8, 1, "vpopcntb"; popcnt_epi16, 2, "vpopcntw";
    popcnt_epi32, 4, "vpopcntd"; popcnt_epi64, 8, "vpopcntq";
}
