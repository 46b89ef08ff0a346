//! Hooks: an instruction set's own code inside the generic algorithms.
//!
//! Each generic transcoder that an ISA can do better with instructions of its own
//! takes a type parameter `H` with a trait of hooks (for example
//! [`DecodeHooks`](super::utf8_decode::DecodeHooks)); every hook has a default that
//! declines, so [`NoHooks`] runs the generic code everywhere. An ISA's hooks type
//! (e.g. `x86_64::avx2::Avx2`) implements the traits and is named in its kernel's
//! `simd_kernel!` invocation. A trait may take the kernel's widest vector type as a
//! parameter (`DecodeHooks<W>`), so that its hooks receive the vectors the generic
//! loop loaded, in the ISA's own type.

/// The hooks of a kernel that has no code of its own: the generic paths everywhere.
pub(crate) struct NoHooks;

/// The choices of the same-form conversions' prefix loops (`generic/swap.rs`) that
/// depend on the kernel's registers: each loop that needs more registers than the
/// others runs only where the kernel has them. The defaults suit kernels with
/// registers to spare or constants folded into memory operands (SSE4.2, NEON).
pub(crate) trait SwapHooks {
    /// Whether runs of surrogate pairs are tested eight vectors at a time (one
    /// branch per eight vectors, and in the odd phase one scalar test of the unit
    /// after them), rather than four: four more vectors in registers.
    const PAIR_RUNS_BY_EIGHT: bool = true;
    /// Whether the UTF-32 prefix has a loop for runs of plane-1 characters only
    /// (emoji): one more constant in a register, which must not make the loop
    /// below 0xD800 spill its vectors.
    const PLANE_ONE_RUN: bool = true;
}

impl SwapHooks for NoHooks {}
