//! Kernel registry, CPU detection and the cached active kernel.

use crate::kernel::{Kernel, SCALAR};
use core::sync::atomic::{AtomicPtr, Ordering};

/// Every kernel usable on this CPU, best first; scalar is always last.
pub fn available() -> impl Iterator<Item = &'static Kernel> {
    candidates().into_iter().flatten()
}

/// Every kernel compiled into this build, best first, each `Some` only if the CPU
/// supports it.
fn candidates() -> [Option<&'static Kernel>; 7] {
    [
        #[cfg(target_arch = "x86_64")]
        crate::x86_64::avx512::vbmi2::kernel(),
        #[cfg(not(target_arch = "x86_64"))]
        None,
        #[cfg(target_arch = "x86_64")]
        crate::x86_64::avx512::bw::kernel(),
        #[cfg(not(target_arch = "x86_64"))]
        None,
        #[cfg(target_arch = "x86_64")]
        crate::x86_64::avx2::kernel(),
        #[cfg(not(target_arch = "x86_64"))]
        None,
        #[cfg(target_arch = "x86_64")]
        crate::x86_64::sse42::kernel(),
        #[cfg(not(target_arch = "x86_64"))]
        None,
        #[cfg(target_arch = "aarch64")]
        crate::aarch64::neon::kernel(),
        #[cfg(not(target_arch = "aarch64"))]
        None,
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        crate::wasm32::simd128::kernel(),
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        None,
        Some(&SCALAR),
    ]
}

/// Looks a kernel up by name among the available ones.
pub fn by_name(name: &str) -> Option<&'static Kernel> {
    available().find(|k| k.name().eq_ignore_ascii_case(name.trim()))
}

static ACTIVE: AtomicPtr<Kernel> = AtomicPtr::new(core::ptr::null_mut());

/// The kernel the API uses: chosen once (best available, or `UTFAST_KERNEL` when it
/// names an available kernel; an unknown or unsupported name falls back to the best).
#[inline]
pub fn active() -> &'static Kernel {
    let p = ACTIVE.load(Ordering::Relaxed);
    if p.is_null() {
        return detect();
    }
    // SAFETY: ACTIVE only ever holds null or a pointer made from a `&'static Kernel`
    // in `detect`, so it is valid for reads for 'static and never mutated through.
    unsafe { &*p }
}

#[cold]
fn detect() -> &'static Kernel {
    let k = choose();
    ACTIVE.store(k as *const Kernel as *mut Kernel, Ordering::Relaxed);
    k
}

fn choose() -> &'static Kernel {
    #[cfg(feature = "std")]
    {
        extern crate std;
        if let Ok(name) = std::env::var("UTFAST_KERNEL") {
            if let Some(k) = by_name(&name) {
                return k;
            }
        }
    }
    available().next().unwrap_or(&SCALAR)
}
