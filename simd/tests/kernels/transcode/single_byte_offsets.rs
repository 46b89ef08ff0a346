//! The UTF-8 offsets of a single-byte column (`single_byte_offsets_i32`/`_i64`) of
//! every kernel against scalar, and scalar against the code pages' own decoding: every
//! page (and Latin-1, and random sets of three-byte bytes), every offset position in
//! short columns, every start address of the values modulo 64, empty rows, rows
//! crossing blocks and chunks, spans that start and end inside the values, and offsets
//! that are negative, decreasing, beyond the values or of the wrong count.

use utfast_scalar::CodePage;
use utfast_simd::{Kernel, SCALAR};
use utfast_testkit::{exact_vec, kernels, quick, Rng, CODE_PAGES};

/// A page as its byte lengths (from its decoding) and its set of three-byte bytes.
struct Page {
    name: String,
    len: [u8; 256],
    three: u128,
}

impl Page {
    fn of(name: String, decode: impl Fn(u8) -> char) -> Page {
        let len: [u8; 256] = std::array::from_fn(|b| decode(b as u8).len_utf8() as u8);
        let mut three = 0u128;
        for b in 0x80..=0xFFu8 {
            assert!((2..=3).contains(&len[usize::from(b)]), "{name} {b:02X}");
            if len[usize::from(b)] == 3 {
                three |= 1 << (b - 0x80);
            }
        }
        assert!(len[..0x80].iter().all(|&l| l == 1), "{name}");
        Page { name, len, three }
    }

    /// A page of a random set of three-byte high bytes (layouts no page has).
    fn random(rng: &mut Rng) -> Page {
        let three = u128::from(rng.next()) << 64 | u128::from(rng.next());
        let three = match rng.below(3) {
            0 => three,
            1 => three & u128::from(rng.next()),
            _ => three | u128::from(rng.next()) << 64,
        };
        Page::of(format!("random {three:032X}"), |b| match b {
            0..0x80 => char::from(b),
            _ if three >> (b - 0x80) & 1 == 1 => '\u{20AC}',
            _ => char::from_u32(0x400 + u32::from(b)).expect("a char"),
        })
    }
}

fn pages() -> Vec<Page> {
    let mut pages = vec![Page::of("Latin-1".into(), char::from)];
    for e in CODE_PAGES {
        let cp = CodePage::of(e).expect("a code page");
        pages.push(Page::of(e.name().into(), |b| cp.decode(b)));
    }
    let mut rng = Rng(0x5B0);
    for _ in 0..4 {
        pages.push(Page::random(&mut rng));
    }
    pages
}

/// The expected outputs from the page's lengths, for offsets that are an array's.
fn oracle(page: &Page, values: &[u8], offsets: &[i64]) -> Option<(Vec<i64>, u64)> {
    let first = *offsets.first()?;
    let mut total = 0i64;
    let mut out = Vec::new();
    let mut prev = first;
    for &o in offsets {
        if prev < 0 || o < prev || o as u64 > values.len() as u64 {
            return None;
        }
        total += values[prev as usize..o as usize]
            .iter()
            .map(|&b| i64::from(page.len[usize::from(b)]))
            .sum::<i64>();
        out.push(total);
        prev = o;
    }
    Some((out, total as u64))
}

/// Every kernel (values and offsets at the ends of their own allocations) against
/// scalar, and scalar against the oracle, for both offset types.
fn check(page: &Page, values: &[u8], offsets: &[i64], what: &dyn Fn() -> String) {
    let o32: Vec<i32> = offsets.iter().map(|&o| o as i32).collect();
    let fits32 = offsets.iter().all(|&o| i64::from(o as i32) == o);
    let mut w64 = vec![0i64; offsets.len()];
    let t64 = SCALAR.single_byte_offsets_i64(values, offsets, page.three, &mut w64);
    let mut w32 = vec![0i32; offsets.len()];
    let t32 = SCALAR.single_byte_offsets_i32(values, &o32, page.three, &mut w32);
    match oracle(page, values, offsets) {
        Some((want, total)) => {
            assert_eq!(
                (t64, &w64),
                (Some(total), &want),
                "{} scalar i64 {}",
                page.name,
                what()
            );
        }
        None if offsets.is_empty() => assert_eq!(t64, Some(0), "{}", what()),
        None => assert_eq!(t64, None, "{} scalar i64 {}", page.name, what()),
    }
    if fits32 {
        assert_eq!(t32, t64, "{} scalar i32 {}", page.name, what());
        if t32.is_some() {
            assert!(
                w32.iter().map(|&o| i64::from(o)).eq(w64.iter().copied()),
                "{}",
                what()
            );
        }
    }
    let v = exact_vec(values);
    let e32 = exact_vec(&o32);
    let e64 = exact_vec(offsets);
    for &k in kernels() {
        let k: &Kernel = k;
        let mut g64 = vec![-7i64; offsets.len()];
        let t = k.single_byte_offsets_i64(&v, &e64, page.three, &mut g64);
        assert_eq!(t, t64, "{} {} i64 {}", k.name(), page.name, what());
        if t.is_some() {
            assert_eq!(g64, w64, "{} {} i64 {}", k.name(), page.name, what());
        }
        let mut g32 = vec![-7i32; offsets.len()];
        let t = k.single_byte_offsets_i32(&v, &e32, page.three, &mut g32);
        assert_eq!(t, t32, "{} {} i32 {}", k.name(), page.name, what());
        if t.is_some() {
            assert_eq!(g32, w32, "{} {} i32 {}", k.name(), page.name, what());
        }
    }
}

/// `n` bytes in runs of one kind (ASCII, the 0x80-0xBF row, the 0xC0-0xFF row, any),
/// so that whole blocks are of each kind and some mix them.
fn column(n: usize, rng: &mut Rng) -> Vec<u8> {
    let mut v = Vec::with_capacity(n);
    while v.len() < n {
        let (lo, span) = [(0, 0x80), (0x80, 0x40), (0xC0, 0x40), (0, 0x100)][rng.below(4)];
        for _ in 0..rng.below(150).min(n - v.len()) + 1 {
            v.push((lo + rng.below(span)) as u8);
        }
    }
    v
}

/// Offsets from `start` to `end` with rows of random lengths up to `max`, some empty
/// (null rows of an Arrow column have no bytes, most often).
fn rows(start: usize, end: usize, max: usize, rng: &mut Rng) -> Vec<i64> {
    assert!(max > 0, "rows that end");
    let mut o = vec![start as i64];
    let mut at = start;
    while at < end {
        let len = if rng.below(5) == 0 {
            0
        } else {
            rng.below(max + 1)
        };
        at = (at + len).min(end);
        o.push(at as i64);
    }
    o
}

#[test]
fn every_offset_position_on_every_page() {
    let mut rng = Rng(0x0FF);
    let n = if quick() { 140 } else { 200 };
    for page in pages() {
        let v = column(n, &mut rng);
        let every: Vec<i64> = (0..=n as i64).collect();
        check(&page, &v, &every, &|| "every position".into());
        for start in [1, 7, 63, 64, 65] {
            for end in [start, start + 1, 128, 129, n] {
                let o: Vec<i64> = (start as i64..=end as i64).collect();
                check(&page, &v, &o, &|| format!("{start}..={end}"));
            }
        }
        // Every single offset, alone and as the end of a row from 0.
        for x in 0..=n as i64 {
            check(&page, &v, &[x], &|| format!("alone {x}"));
            check(&page, &v, &[0, x], &|| format!("0, {x}"));
        }
    }
}

#[test]
fn every_alignment_with_random_rows() {
    let mut rng = Rng(0x0A1);
    let aligns: Vec<usize> = if quick() {
        vec![0, 1, 31, 63]
    } else {
        (0..64).collect()
    };
    let pages = pages();
    let v0 = column(1500, &mut rng);
    let mut buf = vec![0u8; v0.len() + 128];
    for &a in &aligns {
        let start = buf.as_ptr().align_offset(64) + a;
        buf[start..start + v0.len()].copy_from_slice(&v0);
        let v = &buf[start..start + v0.len()];
        let page = &pages[a % pages.len()];
        for max in [1, 3, 20, 200] {
            let o = rows(rng.below(70), v.len() - rng.below(70), max, &mut rng);
            check(page, v, &o, &|| format!("at {a}, rows up to {max}"));
        }
    }
}

#[test]
fn columns_across_chunks() {
    let mut rng = Rng(0xC4C);
    let pages = pages();
    let sizes: &[usize] = if quick() {
        &[16384, 40000]
    } else {
        &[16383, 16384, 16385, 16448, 32768, 32769, 50000, 70000]
    };
    for (i, &n) in sizes.iter().enumerate() {
        let v = column(n, &mut rng);
        let page = &pages[i * 7 % pages.len()];
        for max in [1, 40, 3000, 40000] {
            let o = rows(rng.below(3), n - rng.below(3), max, &mut rng);
            check(page, &v, &o, &|| format!("{n} bytes, rows up to {max}"));
        }
        // Offsets at and around every chunk boundary.
        let mut o = vec![0i64];
        for c in (16384..=n).step_by(16384) {
            o.extend([c as i64 - 1, c as i64, c as i64, c as i64 + 1]);
        }
        o.retain(|&x| x as usize <= n);
        o.push(n as i64);
        check(page, &v, &o, &|| format!("{n} bytes, chunk boundaries"));
    }
}

#[test]
fn offsets_that_are_not_an_array() {
    let mut rng = Rng(0xBAD);
    let pages = pages();
    for n in [0, 5, 64, 100, 300, 20000] {
        let v = column(n, &mut rng);
        let page = &pages[n % pages.len()];
        let good = rows(0, n, 30, &mut rng);
        let step = if good.len() > 60 { good.len() / 20 } else { 1 };
        for i in (0..good.len()).step_by(step) {
            let mut o = good.clone();
            for bad in [
                good[i] - 1,
                -1,
                i64::from(i32::MIN),
                n as i64 + 1,
                n as i64 + 100_000,
            ] {
                o[i] = bad;
                check(page, &v, &o, &|| format!("{n} bytes, {bad} at {i}"));
            }
            o[i] = good[i];
        }
        // `out` of another length.
        for k in kernels() {
            for d in [0, good.len() - 1, good.len() + 1] {
                let mut out = vec![0i64; d];
                let t = k.single_byte_offsets_i64(&v, &good, page.three, &mut out);
                assert_eq!(t, None, "{} out of {d} for {}", k.name(), good.len());
            }
        }
        check(page, &v, &[], &|| "no offsets".into());
    }
}
