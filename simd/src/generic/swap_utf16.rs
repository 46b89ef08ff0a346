//! UTF-16 -> UTF-16 (validated copy or byte swap), the loops of [`super::swap`]: the
//! prefix loop ([`utf16_prefix`]) and the block operation ([`Utf16ToUtf16`]).

use super::blocks::{pat16, BlockOp};
use super::hooks::SwapHooks;
use super::surrogate_pairs::{cut16, PairRun};
use super::swap_vectors::{load4, skew, store4, swap_units};
use crate::vector_ext::VectorExt;
use utfast_scalar::{transcode as scalar, Endian, Mode, TranscodeError};

/// The cheap first tests of the UTF-16 swap loops: whether any of four vectors holds
/// a surrogate (0xD800..=0xDFFF).
///
/// - [`maybe4`](Self::maybe4), one operation per vector: whether any unit is at
///   least 0xD800, from the bytewise maximum of the four vectors (its high bytes are
///   the maxima of the units' high bytes; a saturating subtraction of 0xD7FF keeps
///   exactly the high bytes above 0xD7 and clears the low bytes). Most text has no
///   unit above 0xD7FF at all; the maximum leaves the vectors intact for the swap,
///   so this costs no register copy on two-operand ISAs (SSE).
/// - [`any4`](Self::any4), two operations per vector, the exact test: a unit is a
///   surrogate exactly when its high byte is 0xD8..=0xDF; flipping bit 5 of the
///   high byte maps those to 0xF8..=0xFF and every other high byte below 0xF8, so
///   the bytewise maximum of the flipped vectors has a high byte of at least 0xF8
///   exactly when some unit is a surrogate.
struct AnySurrogate<V> {
    /// 0x2000 in the input's byte order.
    flip: V,
    /// 0xF7FF in the input's byte order.
    over: V,
    /// 0xD7FF in the input's byte order.
    over_bmp: V,
}

impl<V: VectorExt> AnySurrogate<V> {
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    unsafe fn new(from: Endian) -> Self {
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            AnySurrogate {
                flip: V::splat4(pat16(0x2000, from)),
                over: V::splat4(pat16(0xF7FF, from)),
                over_bmp: V::splat4(pat16(0xD7FF, from)),
            }
        }
    }

    /// Whether any unit of `v` is at least 0xD800 (false: no surrogate).
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    unsafe fn maybe4(&self, v: &[V; 4]) -> bool {
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            let m = v[0].max8(v[1]).max8(v[2]).max8(v[3]);
            !m.saturating_sub(self.over_bmp).is_zero()
        }
    }

    /// [`maybe4`](Self::maybe4) of eight vectors.
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    unsafe fn maybe8(&self, a: &[V; 4], b: &[V; 4]) -> bool {
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            let ma = a[0].max8(a[1]).max8(a[2].max8(a[3]));
            let mb = b[0].max8(b[1]).max8(b[2].max8(b[3]));
            !ma.max8(mb).saturating_sub(self.over_bmp).is_zero()
        }
    }

    /// Whether any unit of `v` is a surrogate.
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    unsafe fn any4(&self, v: &[V; 4]) -> bool {
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            let f = self.flip;
            let m01 = v[0].xor(f).max8(v[1].xor(f));
            let m23 = v[2].xor(f).max8(v[3].xor(f));
            !m01.max8(m23).saturating_sub(self.over).is_zero()
        }
    }
}

/// UTF-16 (`from`) -> UTF-16 (`to`), one vector per block; `SWAP` is `from != to`.
pub(crate) struct Utf16ToUtf16<V, const SWAP: bool> {
    from: Endian,
    to: Endian,
    mode: Mode,
    m_fc: V,
    p_hi: V,
    p_lo: V,
    scan: AnySurrogate<V>,
}

impl<V: VectorExt, const SWAP: bool> Utf16ToUtf16<V, SWAP> {
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    pub(crate) unsafe fn new(from: Endian, to: Endian, mode: Mode) -> Self {
        debug_assert_eq!(SWAP, from != to);
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            Utf16ToUtf16 {
                from,
                to,
                mode,
                m_fc: V::splat4(pat16(0xFC00, from)),
                p_hi: V::splat4(pat16(0xD800, from)),
                p_lo: V::splat4(pat16(0xDC00, from)),
                scan: AnySurrogate::new(from),
            }
        }
    }
}

impl<V: VectorExt, const SWAP: bool> Utf16ToUtf16<V, SWAP> {
    /// Whether the surrogates of the four blocks `v` are all in complete pairs
    /// and the last unit is not a high surrogate: a low surrogate exactly at every
    /// unit after a high one (the unit before `v[0]` is never a high surrogate: the
    /// blocks start on character boundaries).
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    unsafe fn pairs_ok(&self, v: [V; 4]) -> bool {
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            let zero = V::splat(0);
            let mut prev = zero;
            let mut bad = zero;
            for x in v {
                let t = x.and(self.m_fc);
                let hi = t.eq16(self.p_hi);
                let lo = t.eq16(self.p_lo);
                bad = bad.or(lo.xor(hi.shift_in_two_bytes(prev)));
                prev = hi;
            }
            // A high surrogate in the last unit shows in the first unit of the next.
            bad.or(zero.shift_in_two_bytes(prev)).is_zero()
        }
    }
}

impl<V: VectorExt, const SWAP: bool> BlockOp<V> for Utf16ToUtf16<V, SWAP> {
    const IN: usize = V::BYTES;
    const OUT: usize = V::BYTES;
    const BLOCK4: bool = true;

    /// Four blocks without any surrogate (tested first, the common case), or whose
    /// surrogates are complete pairs ([`pairs_ok`](Self::pairs_ok)).
    #[inline(always)]
    unsafe fn block4(&self, src: *const u8, dst: *mut u8) -> bool {
        // SAFETY: the ISA and the pointer ranges are the caller's promise.
        unsafe {
            // (Plain statements, no closures: an array `map` over vectors may be
            // left outlined, without the kernel's target features.)
            let v = [
                V::load_unaligned(src),
                V::load_unaligned(src.add(V::BYTES)),
                V::load_unaligned(src.add(2 * V::BYTES)),
                V::load_unaligned(src.add(3 * V::BYTES)),
            ];
            if self.scan.maybe4(&v) && self.scan.any4(&v) && !self.pairs_ok(v) {
                return false;
            }
            for (k, &x) in v.iter().enumerate() {
                let x = if SWAP { x.swap_bytes16() } else { x };
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
            let t = v.and(self.m_fc);
            let (hi, lo) = (t.eq16(self.p_hi), t.eq16(self.p_lo));
            if !hi.or(lo).is_zero() {
                let unit = 2 * V::MASK_BITS;
                let total = V::BYTES as u32 * V::MASK_BITS;
                let (high, low) = (hi.bitmask(), lo.bitmask());
                // The block must end on a character boundary (no high surrogate in
                // the last unit), in every mode: `OutputTooSmall` positions depend
                // on it. Pairs must be complete inside the block unless trusted.
                if high >> (total - unit) != 0 || (self.mode != Mode::Valid && low != high << unit)
                {
                    return None;
                }
            }
            if SWAP {
                v = v.swap_bytes16();
            }
            v.store_unaligned(dst);
        }
        Some(<Self as BlockOp<V>>::OUT)
    }

    #[inline(always)]
    fn cut(&self, src: &[u8], end: usize) -> usize {
        cut16(src, end, self.from)
    }

    fn scalar(&self, src: &[u8], dst: &mut [u8]) -> Result<usize, TranscodeError> {
        scalar::utf16_to_utf16(src, dst, self.from, self.to, self.mode)
    }
}

/// The valid prefix of UTF-16 `src` swapped (or copied) into `dst`, four vectors
/// per iteration; returns its length, a character boundary of `src` (and the
/// number of bytes written). Stops at the first four vectors that contain an
/// unpaired surrogate or that `dst` has no room for, and the block loop continues
/// from there.
///
/// Two loops: the inner one ([`Prefix16::bmp_run`]) runs while the four vectors
/// hold no surrogate at all ([`AnySurrogate`]), straight through without any other
/// branch; at the first four vectors with a surrogate it hands over to the
/// surrogate loop ([`Prefix16::surrogates`]), which returns to the inner loop at
/// the next four vectors without surrogates. `i` advances by whole steps of four
/// vectors, so that the stores stay aligned where the start aligned them
/// ([`skew`]); the surrogate loop keeps a phase, `odd`: whether the unit before `i`
/// is a high surrogate (whose low one, the unit at `i`, was checked). Per
/// iteration:
///
/// - four vectors of surrogate pairs in the phase ([`PairRun`], two operations per
///   vector: emoji text; in the odd phase, the unit after the four vectors must be
///   a low surrogate too, a scalar test) are swapped as they are, in a loop per
///   phase ([`Prefix16::pair_run`]);
/// - otherwise the pairing is checked in vectors ([`Prefix16::pairing`]): every
///   unit is a high surrogate exactly when the unit after it is a low one (each
///   vector compared with the same vector loaded one unit later, so the unit after
///   the four vectors is checked too, without a shift across vectors), and the
///   first unit is a low one exactly in the odd phase; the next phase is whether
///   the last unit is a high surrogate.
///
/// An iteration that ends with a high surrogate never makes the next one start at
/// it, two bytes back: every store after that would be misaligned by two bytes (on
/// emoji text after one BMP character, e.g. a byte order mark, all of them). When
/// the loop stops in the odd phase, it returns the offset of the high surrogate
/// before `i`, a character boundary: its swap is stored, and `dst` has room for the
/// whole pair (`i + 2 <= lim`), so the block loop that resumes there cannot return
/// `OutputTooSmall` with it written.
///
/// Every store happens after its four vectors are checked, so nothing is written
/// past the valid prefix (the same-form transcoders leave every byte after
/// `written` untouched, whatever the result); the exact position of an error is
/// left to the block loop (and its scalar code).
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn utf16_prefix<V: VectorExt, H: SwapHooks, const SWAP: bool>(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
) -> usize {
    // SAFETY: the ISA is the caller's promise; every load and store is bounded by
    // `Prefix16::room`, checked before it.
    unsafe {
        let mut p = Prefix16::<V, H, SWAP>::new(src, dst, from);
        p.start();
        loop {
            let v = if p.odd {
                // Only after the first vector: the surrogate loop, in the odd phase.
                if !p.room() {
                    break;
                }
                load4::<V>(p.s.add(p.i))
            } else {
                match p.bmp_run() {
                    Some(v) => v,
                    None => break,
                }
            };
            if !p.surrogates(v) {
                break;
            }
        }
        p.end()
    }
}

/// The state of [`utf16_prefix`]: the buffers, the constants of its tests, and
/// where it is: `i`, the phase `odd` and `PairRun`'s pattern `pat` in that phase.
///
/// Every method that loads or stores reads `4 * V::BYTES` bytes at `i` (the
/// pairing check as many at `i + 2`) and writes as many at `i`, after checking
/// [`room`](Self::room); all need the CPU to support `V`'s ISA.
struct Prefix16<V, H, const SWAP: bool> {
    s: *const u8,
    d: *mut u8,
    /// The room in `src` and `dst`.
    lim: usize,
    from: Endian,
    /// The offset of a unit's high byte (the byte order).
    high_byte: usize,
    scan: AnySurrogate<V>,
    pairs: PairRun<V>,
    m_fc: V,
    p_hi: V,
    p_lo: V,
    /// The offset of the next four vectors.
    i: usize,
    /// Whether the unit before `i` is a high surrogate (whose low one, the unit at
    /// `i`, was checked).
    odd: bool,
    /// [`PairRun`]'s pattern in the phase (a low surrogate, then a high one, in
    /// every 32-bit lane, in the odd phase).
    pat: V,
    hooks: core::marker::PhantomData<H>,
}

impl<V: VectorExt, H: SwapHooks, const SWAP: bool> Prefix16<V, H, SWAP> {
    /// Four vectors.
    const STEP: usize = 4 * V::BYTES;

    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    unsafe fn new(src: &[u8], dst: &mut [u8], from: Endian) -> Self {
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            let pairs = PairRun::<V>::new(from);
            Prefix16 {
                s: src.as_ptr(),
                d: dst.as_mut_ptr(),
                lim: src.len().min(dst.len()),
                from,
                high_byte: usize::from(from == Endian::Little),
                scan: AnySurrogate::<V>::new(from),
                m_fc: V::splat4(pat16(0xFC00, from)),
                p_hi: V::splat4(pat16(0xD800, from)),
                p_lo: V::splat4(pat16(0xDC00, from)),
                i: 0,
                odd: false,
                pat: pairs.pat,
                pairs,
                hooks: core::marker::PhantomData,
            }
        }
    }

    /// Whether four vectors at `i` can be loaded and stored: `i + STEP + 2 <= lim`
    /// (the pairing check reads the unit after them).
    #[inline(always)]
    fn room(&self) -> bool {
        self.i + Self::STEP + 2 <= self.lim
    }

    /// The unit at `k`.
    ///
    /// # Safety
    /// `k + 2 <= lim`.
    #[inline(always)]
    unsafe fn unit_at(&self, k: usize) -> u16 {
        // SAFETY: the caller's promise.
        unsafe { self.from.read_u16([*self.s.add(k), *self.s.add(k + 1)]) }
    }

    /// Whether the unit at `k` is a low surrogate, from its high byte alone (one
    /// load, no byte-order select: the test per iteration of emoji text after a
    /// character of the BMP, e.g. a byte order mark, in the odd phase).
    ///
    /// # Safety
    /// `k + 2 <= lim`.
    #[inline(always)]
    unsafe fn low_at(&self, k: usize) -> bool {
        // SAFETY: the caller's promise.
        unsafe { *self.s.add(k + self.high_byte) & 0xFC == 0xDC }
    }

    /// Flips the phase.
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    unsafe fn flip(&mut self) {
        // SAFETY: the caller's promise.
        unsafe {
            self.odd = !self.odd;
            self.pat = self.pat.xor(self.p_hi.xor(self.p_lo));
        }
    }

    /// The four vectors `v` stored at `i`, and `i` after them.
    ///
    /// # Safety
    /// As for the struct; `room()`.
    #[inline(always)]
    unsafe fn store(&mut self, v: [V; 4]) {
        // SAFETY: the caller's promise.
        unsafe { store4::<V, 2, SWAP>(self.d.add(self.i), v) };
        self.i += Self::STEP;
    }

    /// Stores aligned to the vector ([`skew`]): the first vector when it is valid
    /// (its surrogates in complete pairs, a high one in the last unit completed by
    /// the unit after the vector), then the loop from the first aligned offset of
    /// `dst`, in the odd phase if the unit before it is a high surrogate (so that
    /// neither a high surrogate there nor one in the last unit leaves the stores
    /// unaligned).
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    unsafe fn start(&mut self) {
        // SAFETY: the ISA is the caller's promise; `skew` promises
        // `lim >= 5 * V::BYTES`: the vector, the unit after it and the unit before
        // `k` can be read, and the vector written.
        unsafe {
            let Some(k) = skew::<V, 2>(self.s, self.d, self.lim) else {
                return;
            };
            let v = V::load_unaligned(self.s);
            let t = v.and(self.m_fc);
            let (hi, lo) = (t.eq16(self.p_hi).bitmask(), t.eq16(self.p_lo).bitmask());
            let unit = 2 * V::MASK_BITS;
            let total = V::BYTES as u32 * V::MASK_BITS;
            if lo == (hi << unit) & (u64::MAX >> (64 - total))
                && (hi >> (total - unit) == 0 || self.unit_at(V::BYTES) & 0xFC00 == 0xDC00)
            {
                let v = if SWAP { swap_units::<V, 2>(v) } else { v };
                v.store_unaligned(self.d);
                self.i = k;
                if self.unit_at(k - 2) & 0xFC00 == 0xD800 {
                    self.flip();
                }
            }
        }
    }

    /// The even phase without surrogates: eight vectors at a time while no unit is
    /// above 0xD7FF, a loop of its own (a tail shared with the four-vector case
    /// costs a jump and moves), then four vectors without surrogates at a time.
    /// Returns the first four vectors with a surrogate (at `i`), or `None` at the
    /// end of the room.
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    unsafe fn bmp_run(&mut self) -> Option<[V; 4]> {
        let (s, step) = (self.s, Self::STEP);
        // SAFETY: the ISA is the caller's promise; the loads and stores as for the
        // struct, after the bounds checked here.
        unsafe {
            loop {
                while self.i + 2 * step + 2 <= self.lim {
                    let i = self.i;
                    let (a, b) = (load4::<V>(s.add(i)), load4::<V>(s.add(i + step)));
                    if self.scan.maybe8(&a, &b) {
                        break;
                    }
                    store4::<V, 2, SWAP>(self.d.add(i), a);
                    store4::<V, 2, SWAP>(self.d.add(i + step), b);
                    self.i += 2 * step;
                }
                if !self.room() {
                    return None;
                }
                let v = load4::<V>(s.add(self.i));
                if self.scan.maybe4(&v) && self.scan.any4(&v) {
                    return Some(v);
                }
                self.store(v);
            }
        }
    }

    /// The surrogate loop from the four vectors `v` at `i` (which have surrogates,
    /// or the unit before `i` is a high one: `odd`): runs of pairs in the phase,
    /// else the pairing checked in vectors. Returns whether the prefix goes on
    /// (with [`bmp_run`](Self::bmp_run) at `i`, after four vectors without
    /// surrogates in the even phase).
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    unsafe fn surrogates(&mut self, mut v: [V; 4]) -> bool {
        // SAFETY: the ISA is the caller's promise; the loads and stores as for the
        // struct, after the bounds checked here.
        unsafe {
            loop {
                // Runs of pairs, a loop per phase (no test of the phase per
                // iteration, no jump to a shared store).
                let more = if self.odd {
                    self.pair_run::<true>(&mut v)
                } else {
                    self.pair_run::<false>(&mut v)
                };
                if !more {
                    return false;
                }
                // `v` is not a run of pairs in the phase. (The cheaper pre-test:
                // four vectors with units above 0xD7FF but no surrogate stay in
                // this loop, which is exact on them too.)
                if !self.odd && !self.scan.maybe4(&v) {
                    self.store(v);
                    return true;
                }
                if !self.pairing(&v) {
                    return false;
                }
                self.store(v);
                if !self.room() {
                    return false;
                }
                v = load4::<V>(self.s.add(self.i));
            }
        }
    }

    /// The runs of pairs in the phase `ODD`, while `v` (and, with
    /// [`SwapHooks::PAIR_RUNS_BY_EIGHT`], the four vectors after it too, one test
    /// for eight) is a run of pairs and, in the odd phase, the unit after them is a
    /// low surrogate. (In the odd phase the last unit is a high surrogate: its low
    /// one, the unit after the four vectors, is checked before the store, which
    /// must not write past an error.) Returns false at the end of the room (the end
    /// of the prefix), else true with `v` the four vectors at `i`, not a run of
    /// pairs.
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA; `room()`, and `v` holds the four vectors at `i`.
    #[inline(always)]
    unsafe fn pair_run<const ODD: bool>(&mut self, v: &mut [V; 4]) -> bool {
        debug_assert_eq!(ODD, self.odd);
        let (s, step, pat) = (self.s, Self::STEP, self.pat);
        // SAFETY: the ISA is the caller's promise; the loads and stores as for the
        // struct, after the bounds checked here.
        unsafe {
            if H::PAIR_RUNS_BY_EIGHT {
                while self.i + 2 * step + 2 <= self.lim {
                    let i = self.i;
                    let w = load4::<V>(s.add(i + step));
                    if !(self.pairs.all8(v, &w, pat) && (!ODD || self.low_at(i + 2 * step))) {
                        break;
                    }
                    store4::<V, 2, SWAP>(self.d.add(i), *v);
                    store4::<V, 2, SWAP>(self.d.add(i + step), w);
                    self.i += 2 * step;
                    if !self.room() {
                        return false;
                    }
                    *v = load4::<V>(s.add(self.i));
                }
            }
            while self.pairs.all4(v, pat) && (!ODD || self.low_at(self.i + step)) {
                self.store(*v);
                if !self.room() {
                    return false;
                }
                *v = load4::<V>(s.add(self.i));
            }
        }
        true
    }

    /// Whether the four vectors `v` at `i` are valid in the phase (every high
    /// surrogate followed by a low one, the unit after them included, and the
    /// first unit a low one exactly in the odd phase); if so, the phase after
    /// them (whether their last unit is a high surrogate, whose low one was
    /// checked).
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA; `room()`.
    #[inline(always)]
    unsafe fn pairing(&mut self, v: &[V; 4]) -> bool {
        let (s, i, step) = (self.s, self.i, Self::STEP);
        // SAFETY: the ISA is the caller's promise; the loads as for the struct.
        unsafe {
            let mut bad = V::splat(0);
            for (k, &x) in v.iter().enumerate() {
                let after = V::load_unaligned(s.add(i + k * V::BYTES + 2));
                let hi = x.and(self.m_fc).eq16(self.p_hi);
                bad = bad.or(hi.xor(after.and(self.m_fc).eq16(self.p_lo)));
            }
            // The first unit is a low surrogate exactly when the unit before is a
            // high one.
            if !bad.is_zero() || (self.unit_at(i) & 0xFC00 == 0xDC00) != self.odd {
                return false;
            }
            if (self.unit_at(i + step - 2) & 0xFC00 == 0xD800) != self.odd {
                self.flip();
            }
        }
        true
    }

    /// The end of the prefix: `i`, or in the odd phase the high surrogate before
    /// `i` (the block loop starts at it; its swap is stored, and `dst` has room
    /// for its low one too: `i + 2 <= lim`).
    #[inline(always)]
    fn end(&self) -> usize {
        if self.odd {
            self.i - 2
        } else {
            self.i
        }
    }
}
