//! The string-array offsets check (`offsets_on_boundaries_i32`/`_i64`) of every kernel
//! against scalar: valid offsets into mixed UTF-8, then each offset in turn moved
//! inside a character, made to decrease, pushed past the values or made negative, at
//! every start address of the values modulo 64 and several of the offsets, with the
//! values and the offsets each at the end of their own allocation (a gather that
//! reads past either would read past the allocation).

use utfast_simd::{Kernel, SCALAR};
use utfast_testkit::{exact_vec, kernels, quick, Rng};

/// Mixed text: ASCII runs and 2-, 3- and 4-byte characters, `n` bytes or a few less.
fn text(n: usize, rng: &mut Rng) -> Vec<u8> {
    let chars = ["a", "Z", " ", "é", "ж", "中", "€", "😀", "\u{10FFFF}"];
    let mut s = String::new();
    while s.len() < n {
        let c = chars[rng.below(chars.len())];
        if s.len() + c.len() > n {
            break;
        }
        s.push_str(c);
    }
    s.into_bytes()
}

/// Offsets on character boundaries of `v`, from 0 to `v.len()`, some repeated.
fn boundaries(v: &[u8], rng: &mut Rng) -> Vec<i64> {
    let starts: Vec<usize> = (0..=v.len())
        .filter(|&i| i == v.len() || (v[i] as i8) >= -64)
        .collect();
    let mut out = vec![0i64];
    for &b in &starts[1..] {
        match rng.below(4) {
            0 => {}
            1 => {
                out.push(b as i64);
                out.push(b as i64);
            }
            _ => out.push(b as i64),
        }
    }
    if *out.last().unwrap() != v.len() as i64 {
        out.push(v.len() as i64);
    }
    out
}

fn check(values: &[u8], offsets: &[i64], what: &dyn Fn() -> String) {
    let o32: Vec<i32> = offsets.iter().map(|&o| o as i32).collect();
    let w32 = SCALAR.offsets_on_boundaries_i32(&o32, values);
    let w64 = SCALAR.offsets_on_boundaries_i64(offsets, values);
    assert_eq!(w32, w64, "scalar i32/i64 {}", what());
    // The rule written out, as an oracle of the scalar entry.
    let in_range = offsets
        .iter()
        .all(|&o| o >= 0 && o as u64 <= values.len() as u64);
    let ordered = offsets.windows(2).all(|w| w[0] <= w[1]);
    let rule = in_range
        && ordered
        && offsets.iter().all(|&o| {
            values
                .get(o as usize)
                .is_none_or(|&b| !(0x80..0xC0).contains(&b))
        });
    assert_eq!(w64, rule, "scalar against the rule {}", what());
    // Each at the end of its own exact allocation.
    let v = exact_vec(values);
    let e32 = exact_vec(&o32);
    let e64 = exact_vec(offsets);
    for &k in kernels() {
        let k: &Kernel = k;
        assert_eq!(
            k.offsets_on_boundaries_i32(&e32, &v),
            w32,
            "{} i32 {}",
            k.name(),
            what()
        );
        assert_eq!(
            k.offsets_on_boundaries_i64(&e64, &v),
            w64,
            "{} i64 {}",
            k.name(),
            what()
        );
    }
}

#[test]
fn damaged_offsets_at_every_index() {
    let mut rng = Rng(34);
    let sizes: &[usize] = if quick() {
        &[0, 5, 40, 300]
    } else {
        &[0, 1, 3, 5, 9, 17, 40, 100, 300, 1000]
    };
    for &n in sizes {
        for round in 0..3 {
            let v = text(n, &mut rng);
            let good = boundaries(&v, &mut rng);
            check(&v, &good, &|| format!("valid, {n} bytes, round {round}"));
            let step = if quick() { 5 } else { 1 };
            for i in (0..good.len()).step_by(step) {
                let mut o = good.clone();
                // Inside a character: the next byte that is a continuation byte.
                if let Some(p) = (o[i].max(0) as usize..v.len()).find(|&p| (v[p] as i8) < -64) {
                    o[i] = p as i64;
                    check(&v, &o, &|| {
                        format!("inside at index {i} (byte {p}), {n} bytes")
                    });
                    o[i] = good[i];
                }
                if i > 0 {
                    o[i] = good[i - 1] - 1;
                    check(&v, &o, &|| format!("decreasing at index {i}, {n} bytes"));
                }
                o[i] = v.len() as i64 + 1 + rng.below(3) as i64;
                check(&v, &o, &|| format!("past the end at index {i}, {n} bytes"));
                o[i] = -1 - rng.below(3) as i64;
                check(&v, &o, &|| format!("negative at index {i}, {n} bytes"));
                o[i] = i64::from(i32::MIN);
                check(&v, &o, &|| format!("i32::MIN at index {i}, {n} bytes"));
            }
        }
    }
}

#[test]
fn every_alignment_and_offsets_near_both_ends() {
    let mut rng = Rng(3434);
    let aligns: Vec<usize> = if quick() {
        vec![0, 1, 3, 63]
    } else {
        (0..64).collect()
    };
    let v0 = text(700, &mut rng);
    let mut buf = vec![0u8; v0.len() + 128];
    for &a in &aligns {
        let start = buf.as_ptr().align_offset(64) + a;
        buf[start..start + v0.len()].copy_from_slice(&v0);
        let v = &buf[start..start + v0.len()];
        let good = boundaries(v, &mut rng);
        // The offsets slice starting at several indices (their addresses move by one
        // lane each), the whole span and spans ending before the values' end.
        for skip in 0..4.min(good.len()) {
            let o = &good[skip..];
            check(v, o, &|| format!("values at {a}, offsets from {skip}"));
            let end = o[o.len() / 2] as usize;
            let cut: Vec<i64> = o.iter().copied().filter(|&x| x as usize <= end).collect();
            check(&v[..end], &cut, &|| format!("values at {a}, span to {end}"));
        }
        // Every offset within 8 bytes of either end of the values, alone and in
        // pairs, against a value slice of every length up to 16.
        for len in 0..=16usize.min(v.len()) {
            let s = &v[..len];
            for x in 0..=len as i64 {
                let mut o: Vec<i64> = (0..12).map(|i| (i as i64).min(x)).collect();
                o.push(x);
                o.push(len as i64);
                check(s, &o, &|| format!("short values {len}, offset {x}, at {a}"));
            }
        }
    }
}
