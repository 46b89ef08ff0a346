//! Tails and block ends of the unit-oriented conversions whose last units are one
//! masked step (the AVX-512 tiers' byte swaps, Latin-1 -> UTF-16/32 and UTF-16/32
//! -> Latin-1; run on every kernel): every length 0..=129 units after an empty or a
//! long body (so that both the four-vector loop and the steps run before the end),
//! and an error, a surrogate pair or a unit above U+00FF at every position of the
//! last 130 units, each in every mode with `dst` of exact size, one unit less, and
//! half (results, positions, output and the bytes after it against scalar and the
//! std model). Quick mode keeps every length and every position, with fewer bodies
//! and specials.

use utfast_scalar::Encoding::{self, Latin1, Utf16Be, Utf16Le, Utf32Be, Utf32Le};
use utfast_testkit::harness::check_case;
use utfast_testkit::{decode_items, kernels, model_items, quick, units16, units32, MODES};

/// The conversions under test.
const PAIRS: &[(Encoding, Encoding)] = &[
    (Utf16Le, Utf16Le),
    (Utf16Le, Utf16Be),
    (Utf16Be, Utf16Le),
    (Utf16Be, Utf16Be),
    (Utf32Le, Utf32Le),
    (Utf32Le, Utf32Be),
    (Utf32Be, Utf32Le),
    (Utf32Be, Utf32Be),
    (Latin1, Utf16Le),
    (Latin1, Utf16Be),
    (Latin1, Utf32Le),
    (Latin1, Utf32Be),
    (Utf16Le, Latin1),
    (Utf16Be, Latin1),
    (Utf32Le, Latin1),
    (Utf32Be, Latin1),
];

/// `units` (code points for UTF-32 and Latin-1, UTF-16 units for UTF-16) in `from`.
fn encode(units: &[u32], from: Encoding) -> Vec<u8> {
    match from {
        Utf16Le | Utf16Be => units16(
            &units.iter().map(|&u| u as u16).collect::<Vec<_>>(),
            from.endian().unwrap(),
        ),
        Utf32Le | Utf32Be => units32(units, from.endian().unwrap()),
        _ => units.iter().map(|&u| u as u8).collect(),
    }
}

/// `n` units of text in `from`: ASCII and Latin-1, and BMP characters unless
/// `narrow`; deterministic per `seed`.
fn text(n: usize, seed: u32, narrow: bool) -> Vec<u32> {
    let mut x = seed.wrapping_mul(2_654_435_761) | 1;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            match x % 8 {
                0 if !narrow => 0x3040 + (x >> 8) % 0x100,
                1 | 2 => 0xA0 + (x >> 8) % 0x60,
                _ => 0x20 + (x >> 8) % 0x5F,
            }
        })
        .collect()
}

/// Checks `src` from `from` to `to` in every mode with `dst` of exact size, one
/// unit less and half.
fn check(src: &[u8], from: Encoding, to: Encoding, ctx: &str) {
    let ks = kernels();
    let items = decode_items(src, from);
    let unit = to.unit_size();
    for mode in MODES {
        let exact = model_items(&items, to, mode, usize::MAX).out.len();
        for cap in [exact, exact.saturating_sub(unit), exact / 2] {
            if let Err(m) = check_case(ks, src, &items, from, to, mode, cap) {
                panic!("{ctx}: {m}");
            }
        }
    }
}

/// Whether `from -> to` narrows to Latin-1 (its text must fit to be valid).
fn narrow(from: Encoding, to: Encoding) -> bool {
    from == Latin1 || to == Latin1
}

#[test]
fn every_length() {
    let bodies: &[usize] = if quick() { &[300] } else { &[0, 300, 301] };
    for &(from, to) in PAIRS {
        for &body in bodies {
            for len in 0..=129 {
                let units = text(body + len, (body + len) as u32, narrow(from, to));
                let src = encode(&units, from);
                check(
                    &src,
                    from,
                    to,
                    &format!("{from} -> {to}, {body} + {len} units"),
                );
            }
        }
    }
}

/// The units inserted at every position: errors and special characters of `from`
/// (the UTF-16 ones as units).
fn specials(from: Encoding) -> &'static [&'static [u32]] {
    match from {
        Utf16Le | Utf16Be => &[
            &[0xDC00],
            &[0xDBFF],
            &[0xD83D, 0xDE00],
            &[0xD800, 0xD800, 0xDC00],
            &[0x100],
        ],
        Utf32Le | Utf32Be => &[&[0xD800], &[0x11_0000], &[0x1F600], &[0x100], &[0xFF]],
        _ => &[&[0xFF], &[0x80]],
    }
}

#[test]
fn special_at_every_position_near_the_end() {
    let body = 300;
    let len = 130;
    for &(from, to) in PAIRS {
        let all = specials(from);
        let specials = if quick() { &all[..2] } else { all };
        let base = text(body + len, 7, narrow(from, to));
        for special in specials {
            for at in body..=body + len {
                let mut units = base.clone();
                units.splice(at..at, special.iter().copied());
                let src = encode(&units, from);
                check(
                    &src,
                    from,
                    to,
                    &format!("{from} -> {to}, {special:X?} at unit {at}"),
                );
            }
        }
    }
}
