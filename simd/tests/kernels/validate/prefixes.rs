//! The ASCII and Latin-1 prefixes (`ascii_valid_up_to`, `{ascii,latin1}_valid_up_to_utf{16,32}`)
//! of every kernel against scalar: one unit at or above the limit at every position,
//! at every start address modulo 64 (odd ones too: the byte forms take any address),
//! of lengths that reach the aligned chunk loop, and every length up to 300 bytes
//! with a partial final unit; each input at the end of its allocation.

use utfast_scalar::Endian;
use utfast_simd::{Kernel, SCALAR};
use utfast_testkit::{exact_vec, kernels, quick};

/// An operation: `(kernel, bytes, byte order) -> offset`, its unit size, its limit.
type Op = (
    &'static str,
    fn(&Kernel, &[u8], Endian) -> usize,
    usize,
    u32,
);

const OPS: &[Op] = &[
    (
        "ascii_valid_up_to",
        |k, s, _| k.ascii_valid_up_to(s),
        1,
        0x80,
    ),
    (
        "ascii_valid_up_to_utf16",
        |k, s, e| k.ascii_valid_up_to_utf16(s, e),
        2,
        0x80,
    ),
    (
        "latin1_valid_up_to_utf16",
        |k, s, e| k.latin1_valid_up_to_utf16(s, e),
        2,
        0x100,
    ),
    (
        "ascii_valid_up_to_utf32",
        |k, s, e| k.ascii_valid_up_to_utf32(s, e),
        4,
        0x80,
    ),
    (
        "latin1_valid_up_to_utf32",
        |k, s, e| k.latin1_valid_up_to_utf32(s, e),
        4,
        0x100,
    ),
];

/// Units below the limit (the largest one among them) and at or above it (the
/// smallest, and ones whose only bits above the limit are in another byte).
fn values(size: usize, limit: u32) -> (Vec<u32>, Vec<u32>) {
    let max = match size {
        1 => 0xFF,
        2 => 0xFFFF,
        _ => u32::MAX,
    };
    let good = vec![0, 0x41, limit - 1];
    let mut bad = vec![limit, max, limit | 1];
    for shift in [8, 16, 24] {
        if shift < 8 * size as u32 {
            bad.push(1 << shift);
        }
    }
    (good, bad)
}

fn write(units: &[u32], size: usize, e: Endian, out: &mut Vec<u8>) {
    for &u in units {
        match size {
            1 => out.push(u as u8),
            2 => out.extend_from_slice(&e.write_u16(u as u16)),
            _ => out.extend_from_slice(&e.write_u32(u)),
        }
    }
}

fn check(op: &Op, src: &[u8], e: Endian, what: &dyn Fn() -> String) {
    let (name, f, _, _) = op;
    let want = f(&SCALAR, src, e);
    for &k in kernels() {
        assert_eq!(f(k, src, e), want, "{} {name} {e:?}: {}", k.name(), what());
    }
}

#[test]
fn one_unit_above_at_every_position_and_alignment() {
    let offsets: Vec<usize> = if quick() {
        vec![0, 1, 2, 31, 62, 63]
    } else {
        (0..64).collect()
    };
    let bytes = 1100; // reaches the 64-byte aligned chunk loop at every width
    let mut buf = vec![0u8; bytes + 192];
    for op in OPS {
        let &(_, _, size, limit) = op;
        let (good, bad) = values(size, limit);
        let units = bytes / size;
        for e in [Endian::Little, Endian::Big] {
            let base: Vec<u32> = (0..units).map(|i| good[i % good.len()]).collect();
            let mut clean = Vec::new();
            write(&base, size, e, &mut clean);
            for &off in &offsets {
                let start = buf.as_ptr().align_offset(64) + off;
                buf[start..start + clean.len()].copy_from_slice(&clean);
                check(op, &buf[start..start + clean.len()], e, &|| {
                    format!("clean, start {off}")
                });
                let step = if quick() { 7 } else { 1 };
                for at in (0..units).step_by(step) {
                    let b = bad[at % bad.len()];
                    let mut one = Vec::new();
                    write(&[b], size, e, &mut one);
                    let p = start + at * size;
                    buf[p..p + size].copy_from_slice(&one);
                    let src = &buf[start..start + clean.len()];
                    assert_eq!(
                        op.1(&SCALAR, src, e),
                        at * size,
                        "scalar {} {e:?} {b:#X} at {at}",
                        op.0
                    );
                    check(op, src, e, &|| format!("{b:#X} at unit {at}, start {off}"));
                    buf[p..p + size].copy_from_slice(&clean[at * size..at * size + size]);
                }
            }
        }
    }
}

#[test]
fn every_length_with_partial_units_at_the_end_of_the_allocation() {
    let step = if quick() { 5 } else { 1 };
    for op in OPS {
        let &(_, _, size, limit) = op;
        let (good, bad) = values(size, limit);
        for e in [Endian::Little, Endian::Big] {
            for len in 0..=300usize {
                let units = len / size;
                let base: Vec<u32> = (0..units).map(|i| good[(i * 7) % good.len()]).collect();
                let mut clean = Vec::new();
                write(&base, size, e, &mut clean);
                // A partial final unit of 0xFF bytes: not a unit, never read as one.
                clean.resize(len, 0xFF);
                check(op, &exact_vec(&clean), e, &|| format!("len {len} clean"));
                for at in (0..units).step_by(step) {
                    let mut v = clean.clone();
                    let mut one = Vec::new();
                    write(&[bad[at % bad.len()]], size, e, &mut one);
                    v[at * size..at * size + size].copy_from_slice(&one);
                    check(op, &exact_vec(&v), e, &|| format!("len {len}, bad at {at}"));
                }
            }
        }
    }
}
