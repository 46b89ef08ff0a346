//! The sse42 kernel (not yet implemented: never registered).
use crate::kernel::Kernel;

/// The sse42 kernel, if this CPU supports it.
pub fn kernel() -> Option<&'static Kernel> {
    None
}
