//! The avx512 kernel (not yet implemented: never registered).
use crate::kernel::Kernel;

/// The avx512 kernel, if this CPU supports it.
pub fn kernel() -> Option<&'static Kernel> {
    None
}
