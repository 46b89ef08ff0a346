//! The block loop shared by the unit-oriented transcoders (`utf16`, `utf32`,
//! `latin1`, `swap`).
//!
//! # The idea
//!
//! A transcoder is split into a SIMD *fast block* that handles the common case
//! (a block of input that is valid, needs no surrogate pairs, fits the target, ...)
//! and the scalar function of `utfast_scalar`, which is the reference for everything
//! else. [`run`] walks the input block by block:
//!
//! - while a whole block of input and [`BlockOp::OUT`] bytes of output fit, the
//!   fast block converts it (it first checks, then writes: a block it refuses leaves
//!   `dst` untouched) and says how many bytes it wrote (`OUT`, or fewer for an op with
//!   variable-length output, whose stores may leave scratch bytes after its output);
//! - a refused block gets a second chance in [`BlockOp::retry`] when the op has a
//!   second fast path (e.g. for blocks that need surrogate pairs), kept out of the
//!   main loop so that the common case stays small;
//! - a block refused by both is converted by the scalar function on just that block (or
//!   on a few blocks, when the previous block was refused too), extended by
//!   [`BlockOp::cut`] so that it never ends inside a character (e.g. between the two
//!   halves of a surrogate pair), writing into the rest of `dst`; then the SIMD loop
//!   resumes at the end of that sub-range;
//! - the tail (less than a block of input, or not enough room for a block of output)
//!   goes to the scalar function.
//!
//! Every scalar call starts on a character boundary of the full input, and conversion
//! is stateless at character boundaries, so the scalar function reports exactly what
//! it would report on the whole input: [`shift`] only adds the offsets. In particular
//! an `OutputTooSmall` error comes from the scalar function with the exact
//! `valid_up_to` and `written`, and nothing is ever written past `written`: the fast
//! block writes only when the whole block is accepted and fits, and an op whose block
//! (or [`BlockOp::retry`]) stores scratch bytes past its output counts in `OUT`
//! (`RETRY_OUT`) the largest output of one character minus one byte on top of its
//! stores. The scalar function reports `OutputTooSmall` only when fewer bytes than
//! the next character needs are left, so every scratch byte is then overwritten by
//! later output (scratch bytes after `written` remain only after `Ok` or an input
//! error, which the contract allows).

pub(crate) use super::handover::shift;
use crate::vector_ext::VectorExt;
use utfast_scalar::{Endian, Mode, TranscodeError};

/// The longest scalar sub-range, in fast blocks.
const MAX_SPAN: usize = 32;

/// One fast block of a transcoder, for vectors `V`.
pub(crate) trait BlockOp<V: VectorExt> {
    /// Input bytes per fast block.
    const IN: usize;
    /// Output bytes that must be left for a fast block: the most it writes, plus,
    /// for an op whose stores may go past its output, the largest output of one
    /// character minus one (see the module documentation).
    const OUT: usize;

    /// Converts the block at `src` into `dst` and returns the number of bytes of its
    /// output (at most `OUT`; the bytes after it may be scratch), or returns `None`
    /// without writing anything if the block needs the scalar path.
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA; `src..src + IN` is readable and `dst..dst + OUT`
    /// is writable.
    unsafe fn block(&self, src: *const u8, dst: *mut u8) -> Option<usize>;

    /// Whether [`block4`](Self::block4) is implemented.
    const BLOCK4: bool = false;

    /// Four blocks at once, for an op whose fast block always writes exactly `OUT`
    /// bytes: converts the `4 * IN` bytes at `src` into `4 * OUT` bytes at `dst` and
    /// returns `true` when all four blocks take the common path (tested once for the
    /// four), or returns `false` without writing anything, and the blocks go to
    /// [`block`](Self::block) one by one. It makes the common case cost one test
    /// and one branch per four blocks.
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA; `src..src + 4 * IN` is readable and
    /// `dst..dst + 4 * OUT` is writable.
    #[inline(always)]
    unsafe fn block4(&self, _src: *const u8, _dst: *mut u8) -> bool {
        false
    }

    /// Output bytes that must be left for [`retry`](Self::retry) (0: no retry).
    const RETRY_OUT: usize = 0;

    /// A second fast path for a block that [`block`](Self::block) refused, tried
    /// before the scalar function: same contract as `block`, with `RETRY_OUT` in
    /// place of `OUT`. It keeps the common case's loop small when a rarer kind of
    /// block (e.g. one that needs surrogate pairs) also has a fast path.
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA; `src..src + IN` is readable and
    /// `dst..dst + RETRY_OUT` is writable.
    #[inline(always)]
    unsafe fn retry(&self, _src: *const u8, _dst: *mut u8) -> Option<usize> {
        None
    }

    /// Where the scalar sub-range for a refused block that starts at a character
    /// boundary and nominally ends at `end` (`<= src.len()`) must end so that it does
    /// not cut a character; `end` itself for fixed-size units.
    #[inline(always)]
    fn cut(&self, _src: &[u8], end: usize) -> usize {
        end
    }

    /// The scalar transcoder (same endians and mode), the reference.
    fn scalar(&self, src: &[u8], dst: &mut [u8]) -> Result<usize, TranscodeError>;
}

/// Runs the transcoder `op` on `src` into `dst` (see the module documentation).
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn run<V: VectorExt, Op: BlockOp<V>>(
    op: &Op,
    src: &[u8],
    dst: &mut [u8],
) -> Result<usize, TranscodeError> {
    let (n, m) = (src.len(), dst.len());
    let (mut i, mut o) = (0, 0);
    // Input bytes of the next scalar sub-range: doubled after each refused block
    // (up to `MAX_SPAN` blocks), so that text the fast block cannot handle (e.g.
    // mostly surrogate pairs) pays the cost of a refused block and of a scalar call
    // only once per many blocks; reset by every accepted block.
    let mut span = Op::IN;
    // Whether to skip `block4` in the next four blocks: set after a block taken by
    // `retry`, so that text the retry path converts (e.g. with surrogate pairs)
    // does not also pay for a refused `block4`; cleared by a block that `block`
    // takes.
    let mut skip4 = false;
    while n - i >= Op::IN && m - o >= Op::OUT {
        // Four blocks per bounds check while input and room last: the common case
        // (every block accepted) then runs with one loop branch per four blocks.
        let mut refused = false;
        'fast: while n - i >= 4 * Op::IN && m - o >= 4 * Op::OUT {
            if Op::BLOCK4
                && !skip4
                // SAFETY: the ISA is the caller's promise; `i + 4 * IN <= n` and
                // `o + 4 * OUT <= m` (checked above).
                && unsafe { op.block4(src.as_ptr().add(i), dst.as_mut_ptr().add(o)) }
            {
                i += 4 * Op::IN;
                o += 4 * Op::OUT;
                span = Op::IN;
                continue;
            }
            for _ in 0..4 {
                // SAFETY: the ISA is the caller's promise; `i + IN <= n` and
                // `o + OUT <= m` hold for each of the four blocks (checked above:
                // each block's output is at most `OUT` bytes).
                match unsafe { op.block(src.as_ptr().add(i), dst.as_mut_ptr().add(o)) } {
                    Some(w) => {
                        debug_assert!(w <= Op::OUT);
                        i += Op::IN;
                        o += w;
                        span = Op::IN;
                        skip4 = false;
                    }
                    None => {
                        refused = true;
                        break 'fast;
                    }
                }
            }
        }
        if !refused {
            if n - i < Op::IN || m - o < Op::OUT {
                break;
            }
            // SAFETY: the ISA is the caller's promise; `i + IN <= n` and `o + OUT <= m`.
            if let Some(w) = unsafe { op.block(src.as_ptr().add(i), dst.as_mut_ptr().add(o)) } {
                debug_assert!(w <= Op::OUT);
                i += Op::IN;
                o += w;
                span = Op::IN;
                continue;
            }
        }
        // The block at `i` was refused: its second chance, then the scalar code.
        if Op::RETRY_OUT > 0 && m - o >= Op::RETRY_OUT {
            // SAFETY: the ISA is the caller's promise; `i + IN <= n` (the outer loop
            // condition) and `o + RETRY_OUT <= m`.
            if let Some(w) = unsafe { op.retry(src.as_ptr().add(i), dst.as_mut_ptr().add(o)) } {
                debug_assert!(w <= Op::RETRY_OUT);
                i += Op::IN;
                o += w;
                span = Op::IN;
                skip4 = true;
                continue;
            }
        }
        let end = op.cut(src, i + span.min(n - i));
        debug_assert!(i < end && end <= n);
        match op.scalar(&src[i..end], &mut dst[o..]) {
            Ok(w) => {
                i = end;
                o += w;
            }
            Err(e) => return shift(Err(e), i, o),
        }
        span = (2 * span).min(MAX_SPAN * Op::IN);
    }
    shift(op.scalar(&src[i..], &mut dst[o..]), i, o)
}

/// Lossy conversion as strict conversion while the input is valid: `strict` runs
/// first, and only from its first input error on does `lossy` take over. Conversion
/// is stateless at character boundaries and the strict error's `valid_up_to` is
/// one, so the result is exactly the lossy conversion of the whole input, while
/// valid input costs what strict conversion costs. (An `OutputTooSmall` from
/// `strict` is also lossy's answer: the input before it is valid and converted the
/// same way in both modes.)
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn run_lossy<V: VectorExt, S: BlockOp<V>, L: BlockOp<V>>(
    strict: &S,
    lossy: &L,
    src: &[u8],
    dst: &mut [u8],
) -> Result<usize, TranscodeError> {
    // SAFETY: the ISA is the caller's promise.
    match unsafe { run::<V, S>(strict, src, dst) } {
        Err(e) if e.kind() != utfast_scalar::ErrorKind::OutputTooSmall => {
            let (i, o) = (e.valid_up_to(), e.written());
            // SAFETY: as above.
            shift(
                unsafe { run::<V, L>(lossy, &src[i..], &mut dst[o..]) },
                i,
                o,
            )
        }
        r => r,
    }
}

/// Runs the block loop for `mode` with the op `make(m)` built for a mode `m` that is
/// a constant in each arm, so that every mode's loop is compiled with its tests
/// folded away; lossy mode runs the strict loop until the first input error and the
/// lossy one from there ([`run_lossy`]), so lossy costs what strict costs on valid
/// input.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn run_in_mode<V: VectorExt, Op: BlockOp<V>>(
    mode: Mode,
    make: impl Fn(Mode) -> Op,
    src: &[u8],
    dst: &mut [u8],
) -> Result<usize, TranscodeError> {
    // SAFETY: the ISA is the caller's promise.
    unsafe {
        match mode {
            Mode::Strict => run::<V, Op>(&make(Mode::Strict), src, dst),
            Mode::Lossy => {
                run_lossy::<V, Op, Op>(&make(Mode::Strict), &make(Mode::Lossy), src, dst)
            }
            Mode::Valid => run::<V, Op>(&make(Mode::Valid), src, dst),
            // `Mode` is `#[non_exhaustive]`; a mode added to utfast-scalar gets the
            // strict conversion (never ill-formed output) until it is implemented here.
            _ => run::<V, Op>(&make(Mode::Strict), src, dst),
        }
    }
}

/// Bytes the UTF-16 and UTF-32 validators check per test: four vectors. Their loops
/// are nothing but loads, compares and one test, so the test and the loop's own
/// instructions are amortised over several vectors (one 512-bit vector per test
/// left such a loop well below the speed of its loads).
#[inline(always)]
pub(crate) const fn test_chunk<V: VectorExt>() -> usize {
    4 * V::BYTES
}

/// A 16-bit value in byte order `e`, repeated twice (a pattern for `splat4`).
#[inline(always)]
pub(crate) fn pat16(u: u16, e: Endian) -> [u8; 4] {
    let b = e.write_u16(u);
    [b[0], b[1], b[0], b[1]]
}

/// A 32-bit value in byte order `e` (a pattern for `splat4`).
#[inline(always)]
pub(crate) fn pat32(u: u32, e: Endian) -> [u8; 4] {
    e.write_u32(u)
}

/// The bytes from `p` to the next multiple of `V::BYTES` (0 when `p` is aligned to
/// the vector): where the loops that align their loads or stores start.
#[inline(always)]
pub(crate) fn to_aligned<V: VectorExt>(p: *const u8) -> usize {
    to_line(p, V::BYTES)
}

/// The bytes from `p` to the next multiple of `align` (a power of two; 0 when `p`
/// is aligned): where the loops that align their loads to the 64-byte cache line
/// start, whatever their vector width.
#[inline(always)]
pub(crate) fn to_line(p: *const u8, align: usize) -> usize {
    (p as usize).wrapping_neg() % align
}

/// `a` where `mask` is all ones, `b` where it is zero (bitwise select).
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn select<V: VectorExt>(mask: V, a: V, b: V) -> V {
    // SAFETY: the ISA is the caller's promise.
    unsafe { b.xor(mask.and(a.xor(b))) }
}
