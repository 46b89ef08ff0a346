//! The NEON kernel (not yet implemented: never registered).
use crate::kernel::Kernel;

/// The NEON kernel, if this CPU supports it.
pub fn kernel() -> Option<&'static Kernel> {
    None
}
