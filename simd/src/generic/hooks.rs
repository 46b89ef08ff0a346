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
