//! The AVX-512 kernels: two tiers, detected separately, on by default.
//!
//! | kernel | CPUs | features | what it runs at 512 bits |
//! |---|---|---|---|
//! | `"avx512-vbmi2"` ([`vbmi2`]) | Ice Lake, Sapphire Rapids, Zen 4/5 | F, BW, VL, DQ, CD, VBMI, VBMI2 | validation (UTF-8 with `vpermb` lookups), lengths, UTF-8 -> UTF-8, UTF-16/32 -> UTF-8 (the generic encoder with VBMI2 block hooks), UTF-8 -> UTF-16/32 (a run hook of the generic decoder), UTF-16 <-> UTF-32, UTF-8 <-> Latin-1, and F/BW code: Latin-1 <-> UTF-16/32 (masked last steps) |
//! | `"avx512"` ([`bw`]) | Skylake-SP, Cascade Lake (and any AVX-512 CPU without VBMI2) | F, BW, VL, DQ, CD | validation and lengths (long read-only scans) |
//!
//! Every other entry of both tiers is the avx2 kernel's own entry (every AVX-512 CPU
//! has AVX2): `Kernel::implementation` says which, per operation, and a test checks
//! that no entry of a tier is anything but its own AVX-512 code or the avx2 entry.
//! The Skylake-class tier stays at 256 bits for every transcoder: on those CPUs
//! 512-bit instructions lower the core's clock for a while, which a short
//! conversion does not win back, and their transcoders have no VBMI2. That holds
//! for the F/BW code of this directory too (`latin1_units`): those operations
//! stream memory, and their masks only replace a short scalar tail. The byte swaps
//! are the avx2 entry on both tiers: at 512 bits they are slower (the UTF-16 one
//! far slower on text of surrogate pairs).
//!
//! The tiers are detected at run time. With `--cfg utfast_avx512_model` (the
//! portable model of the AVX-512 instructions, for machines without them) both
//! tiers are available wherever AVX2 is, and their functions are compiled with the
//! AVX2 feature set only, so that no real AVX-512 instruction can be emitted.

pub(crate) mod bw;
mod consts;
pub(crate) mod isa;
mod latin1;
mod latin1_units;
mod utf16_utf32;
mod utf8_decode;
mod utf8_encode;
mod utf8_validate;
pub(crate) mod vbmi2;

/// The features of the `"avx512"` tier's functions: AVX-512 F, BW, VL, DQ, CD, and
/// AVX2, POPCNT, BMI1/2, LZCNT (the avx2 kernel's entries that the tier reuses, and
/// the bit operations of its own code).
const BW_FEATURES: &str = "avx512f,avx512bw,avx512vl,avx512dq,avx512cd,avx2,popcnt,bmi1,bmi2,lzcnt";

/// The features of the `"avx512-vbmi2"` tier's functions: [`BW_FEATURES`] and
/// AVX-512 VBMI and VBMI2.
const VBMI2_FEATURES: &str =
    "avx512f,avx512bw,avx512vl,avx512dq,avx512cd,avx512vbmi,avx512vbmi2,avx2,popcnt,bmi1,bmi2,lzcnt";

/// Whether the CPU has the features of the `"avx512"` tier (under the model, those
/// of `isa::MODEL_FEATURES`).
fn bw_detected() -> bool {
    isa::detected(BW_FEATURES)
}

/// Whether the CPU has the features of the `"avx512-vbmi2"` tier (under the model,
/// those of `isa::MODEL_FEATURES`).
fn vbmi2_detected() -> bool {
    isa::detected(VBMI2_FEATURES)
}

#[cfg(test)]
mod tests {
    use crate::kernel::SCALAR_IMPLS;

    /// Every entry of a tier is its own AVX-512 code or the avx2 kernel's entry
    /// (which the `base` form of `simd_kernel!` copies with its name): never a
    /// 128-bit generic instantiation. Checked on the tables, so it runs on every
    /// x86-64 CPU, with or without AVX-512.
    #[test]
    fn tiers_are_avx512_or_avx2() {
        let avx2 = crate::x86_64::avx2::IMPLS;
        for (tier, impls, own) in [
            ("avx512", super::bw::IMPLS, &["avx512"][..]),
            (
                "avx512-vbmi2",
                super::vbmi2::IMPLS,
                &["avx512", "avx512-vbmi2"][..],
            ),
        ] {
            assert_eq!(impls.len(), SCALAR_IMPLS.len(), "{tier}");
            for (&(op, imp), &(op2, imp2)) in impls.iter().zip(avx2) {
                assert_eq!(op, op2);
                assert_eq!(imp2, "avx2", "{op}");
                assert!(
                    own.contains(&imp) || imp == "avx2",
                    "{tier}: {op} runs {imp}"
                );
            }
            std::println!("{tier}: {impls:?}");
        }
        // The F/BW code of this directory: 512 bits on the VBMI2 tier, avx2 on the
        // Skylake-class one (see the module documentation).
        for op in [
            "latin1_to_utf16",
            "latin1_to_utf32",
            "utf16_to_latin1",
            "utf32_to_latin1",
        ] {
            let imp = |t: &[(&'static str, &'static str)]| t.iter().find(|e| e.0 == op).unwrap().1;
            assert_eq!(imp(super::vbmi2::IMPLS), "avx512", "{op}");
            assert_eq!(imp(super::bw::IMPLS), "avx2", "{op}");
        }
        // The byte swaps: the avx2 entry on both tiers (see the module
        // documentation).
        for op in ["utf16_to_utf16", "utf32_to_utf32"] {
            let imp = |t: &[(&'static str, &'static str)]| t.iter().find(|e| e.0 == op).unwrap().1;
            assert_eq!(imp(super::vbmi2::IMPLS), "avx2", "{op}");
            assert_eq!(imp(super::bw::IMPLS), "avx2", "{op}");
        }
        // UTF-16/32 -> UTF-8: the generic encoder with the VBMI2 tier's hooks
        // (`utf8_encode.rs`); UTF-8 -> UTF-16/32: the generic decoder with the
        // tier's 512-bit runs and the avx2 kernel's block hooks (`utf8_decode.rs`).
        for (op, imp) in [
            ("utf16_to_utf8", "avx512-vbmi2"),
            ("utf32_to_utf8", "avx512-vbmi2"),
            ("utf8_to_utf16", "avx512-vbmi2"),
            ("utf8_to_utf32", "avx512-vbmi2"),
        ] {
            let t = super::vbmi2::IMPLS.iter().find(|e| e.0 == op).unwrap();
            assert_eq!(t.1, imp, "{op}");
        }
        // The tier with VBMI2 runs at least what the other one runs at 512 bits.
        for (&(op, a), &(_, b)) in super::bw::IMPLS.iter().zip(super::vbmi2::IMPLS) {
            assert!(
                a == "avx2" || b != "avx2",
                "{op}: avx512 {a}, avx512-vbmi2 {b}"
            );
        }
    }
}
