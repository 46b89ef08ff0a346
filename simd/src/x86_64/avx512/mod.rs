//! The avx512 kernel: 512-bit vectors (AVX-512F + AVX-512BW).
//!
//! Validation and the unit-oriented operations use 512-bit vectors; the UTF-8
//! transcoders use the generic 128-bit windows.
//!
//! The kernel is only registered with the crate feature `avx512` until the AVX-512
//! tier lands: the development machines have no AVX-512 (see the README).

use crate::kernel::Kernel;

pub(crate) mod isa;

/// The features the kernel is compiled with (see `isa::avx512_simd_kernel!` for the
/// model configuration).
const FEATURES: &str = "avx512f,avx512bw";

/// Whether this CPU supports the kernel: run-time detection with `std`, the
/// compile-time target features without. Under `--cfg utfast_avx512_model` the
/// kernel runs on the instruction model and needs only `isa::MODEL_FEATURES`, and
/// is registered without the `avx512` feature.
fn detected() -> bool {
    if !cfg!(feature = "avx512") && !isa::MODEL {
        return false;
    }
    isa::detected(FEATURES)
}

/// The avx512 kernel, if this CPU supports it.
pub(crate) fn kernel() -> Option<&'static Kernel> {
    detected().then_some(&KERNEL)
}

isa::avx512_simd_kernel! {
    static KERNEL = "avx512", features "avx512f,avx512bw",
    W = isa::Zmm,
    V = core::arch::x86_64::__m128i,
    H = crate::generic::hooks::NoHooks;
}
