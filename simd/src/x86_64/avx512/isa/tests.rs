//! Tests of the wrapper.
//!
//! - `model_*`: the model on examples computed by hand from Intel's Operation
//!   pseudo-code (they run on any CPU).
//! - `model_vs_hardware`: every operation of the wrapper through both backends on
//!   thousands of random inputs and masks, compared bit for bit. It runs when the CPU
//!   has the instructions (each group of operations needs its own features, and a
//!   group the CPU lacks is reported as skipped).

#![allow(clippy::needless_range_loop)] // index loops, as in the pseudo-code
extern crate std;
use super::model::{self as m, Xmm, Ymm, Zmm};
use std::vec::Vec;

/// A register from its bytes.
fn z(bytes: impl IntoIterator<Item = u8>) -> Zmm {
    let mut r = Zmm([0; 64]);
    for (d, s) in r.0.iter_mut().zip(bytes) {
        *d = s;
    }
    r
}

/// A register whose bytes are `0, 1, 2, ..., 63` (plus `add`).
fn iota(add: u8) -> Zmm {
    z((0..64u8).map(|i| i.wrapping_add(add)))
}

/// A register of 16-bit elements.
fn z16(f: impl Fn(usize) -> u16) -> Zmm {
    z((0..64).map(|i| f(i / 2).to_le_bytes()[i % 2]))
}

/// A register of 32-bit elements.
fn z32(f: impl Fn(usize) -> u32) -> Zmm {
    z((0..64).map(|i| f(i / 4).to_le_bytes()[i % 4]))
}

/// A register of 64-bit elements.
fn z64(f: impl Fn(usize) -> u64) -> Zmm {
    z((0..64).map(|i| f(i / 8).to_le_bytes()[i % 8]))
}

/// 16-bit element `i` of `a`.
fn w(a: Zmm, i: usize) -> u16 {
    u16::from_le_bytes([a.0[2 * i], a.0[2 * i + 1]])
}

/// 32-bit element `i` of `a`.
fn d(a: Zmm, i: usize) -> u32 {
    u32::from_le_bytes(a.0[4 * i..4 * i + 4].try_into().unwrap())
}

#[test]
fn model_compress_expand() {
    let a = iota(100);
    // Bytes 1, 3, 4 and 63 enabled: they come first, in order, then zeros / `src`.
    let k = 1u64 << 1 | 1 << 3 | 1 << 4 | 1 << 63;
    let c = m::maskz_compress_epi8(k, a);
    assert_eq!(c.0[..4], [101, 103, 104, 163]);
    assert!(c.0[4..].iter().all(|&b| b == 0));
    let src = iota(0);
    let c = m::mask_compress_epi8(src, k, a);
    assert_eq!(c.0[..4], [101, 103, 104, 163]);
    assert_eq!(
        c.0[4..],
        src.0[4..],
        "merge-masking keeps src past the packed elements"
    );
    assert_eq!(m::maskz_compress_epi8(u64::MAX, a), a);
    assert_eq!(m::maskz_compress_epi8(0, a), Zmm([0; 64]));
    // Expand: consecutive elements of `a` to the enabled positions.
    let e = m::maskz_expand_epi8(k, a);
    let mut want = [0u8; 64];
    want[1] = 100;
    want[3] = 101;
    want[4] = 102;
    want[63] = 103;
    assert_eq!(e.0, want);
    let e = m::mask_expand_epi8(src, k, a);
    for i in 0..64 {
        let exp = if k >> i & 1 == 1 { want[i] } else { src.0[i] };
        assert_eq!(e.0[i], exp, "mask_expand_epi8 byte {i}");
    }
    // 16- and 32-bit elements move as a whole.
    let a16 = z16(|i| 0x1000 + i as u16);
    let c16 = m::maskz_compress_epi16(0b1010_0000_0000_0000_0000_0000_0000_0110, a16);
    assert_eq!(
        [w(c16, 0), w(c16, 1), w(c16, 2), w(c16, 3), w(c16, 4)],
        [0x1001, 0x1002, 0x101D, 0x101F, 0]
    );
    let e16 = m::maskz_expand_epi16(0b1001, a16);
    assert_eq!(
        [w(e16, 0), w(e16, 1), w(e16, 2), w(e16, 3)],
        [0x1000, 0, 0, 0x1001]
    );
    let a32 = z32(|i| 0xABCD_0000 + i as u32);
    let c32 = m::mask_compress_epi32(z32(|_| 7), 0x8001, a32);
    assert_eq!(
        [d(c32, 0), d(c32, 1), d(c32, 2)],
        [0xABCD_0000, 0xABCD_000F, 7]
    );
    let e32 = m::maskz_expand_epi32(0x8000, a32);
    assert_eq!([d(e32, 0), d(e32, 15)], [0, 0xABCD_0000]);
}

#[test]
fn model_permutes() {
    let a = iota(0);
    let b = iota(64);
    // vpermb: only the low 6 bits of each index count.
    let idx = z((0..64u8).map(|i| match i % 4 {
        0 => 63 - i,
        1 => i | 0xC0, // high bits ignored
        2 => 64 + i,   // wraps to i
        _ => 5,
    }));
    let p = m::permutexvar_epi8(idx, a);
    for i in 0..64u8 {
        let exp = match i % 4 {
            0 => 63 - i,
            1 | 2 => i,
            _ => 5,
        };
        assert_eq!(p.0[usize::from(i)], exp, "permutexvar_epi8 byte {i}");
    }
    // vpermt2b: bit 6 selects b, bit 7 is ignored.
    let idx = z((0..64u8).map(|i| i.wrapping_mul(37) ^ (i & 1) << 7));
    let p = m::permutex2var_epi8(a, idx, b);
    for i in 0..64u8 {
        let j = i.wrapping_mul(37) & 127;
        assert_eq!(p.0[usize::from(i)], j, "permutex2var_epi8 byte {i}");
    }
    // Words: index bits 0..5 pick the element, bit 5 the table.
    let t = z16(|i| 0x100 + i as u16);
    let u = z16(|i| 0x200 + i as u16);
    let idx = z16(|i| [0, 31, 32, 63, 0xFFE1][i % 5]);
    let p = m::permutex2var_epi16(t, idx, u);
    for i in 0..32 {
        let exp = [0x100, 0x11F, 0x200, 0x21F, 0x201][i % 5];
        assert_eq!(w(p, i), exp, "permutex2var_epi16 element {i}");
    }
    let p = m::permutexvar_epi16(idx, t);
    assert_eq!(
        [w(p, 0), w(p, 1), w(p, 2), w(p, 4)],
        [0x100, 0x11F, 0x100, 0x101]
    );
    // Dwords and qwords.
    let t = z32(|i| i as u32 * 3);
    let p = m::permutexvar_epi32(z32(|i| 15 - i as u32 + 16), t);
    assert_eq!(
        (0..16).map(|i| d(p, i)).collect::<Vec<_>>(),
        (0..16).rev().map(|i| i * 3).collect::<Vec<_>>()
    );
    let t = z64(|i| 0x1111 * i as u64);
    let u = z64(|i| 0x2222 * i as u64 + 1);
    let p = m::permutex2var_epi64(t, z64(|i| [0, 8, 9, 7, 15, 16, 3, 12][i]), u);
    let q = |i: usize| u64::from_le_bytes(p.0[8 * i..8 * i + 8].try_into().unwrap());
    assert_eq!(
        (0..8).map(q).collect::<Vec<_>>(),
        [
            0,
            1,
            0x2223,
            0x7777,
            0x2222 * 7 + 1,
            0,
            0x3333,
            0x2222 * 4 + 1
        ]
    );
}

#[test]
fn model_multishift() {
    // Qword 0 = 0x8877665544332211; control bytes pick 8 bits at any offset, wrapping.
    let b = z64(|i| {
        if i == 0 {
            0x8877_6655_4433_2211
        } else {
            0x0123_4567_89AB_CDEF
        }
    });
    let a = z((0..64u8).map(|i| match i {
        0 => 0,
        1 => 8,
        2 => 4,
        3 => 60,      // bits 60..63 then 0..3: 0x8 | 0x1 << 4
        4 => 63 + 64, // only 6 bits: 63
        5 => 56,
        _ => 0,
    }));
    let r = m::multishift_epi64_epi8(a, b);
    assert_eq!(r.0[..6], [0x11, 0x22, 0x21, 0x18, 0x23, 0x88]);
    assert_eq!(r.0[8], 0xEF);
}

#[test]
fn model_ternarylogic() {
    let a = z64(|_| 0xF0F0_F0F0_F0F0_F0F0);
    let b = z64(|_| 0xCCCC_CCCC_CCCC_CCCC);
    let c = z64(|_| 0xAAAA_AAAA_AAAA_AAAA);
    // With these inputs, each byte of the result is the truth table itself.
    assert_eq!(m::ternarylogic_epi32::<0x96>(a, b, c).0, [0x96; 64]);
    assert_eq!(m::ternarylogic_epi32::<0xCA>(a, b, c).0, [0xCA; 64]); // a ? b : c
    assert_eq!(m::ternarylogic_epi64::<0xE8>(a, b, c).0, [0xE8; 64]); // majority
    let x = iota(3);
    let y = iota(77);
    let zz = iota(200);
    let r = m::ternarylogic_epi32::<0xCA>(x, y, zz);
    for i in 0..64 {
        assert_eq!(r.0[i], (x.0[i] & y.0[i]) | (!x.0[i] & zz.0[i]));
    }
}

#[test]
fn model_shifts() {
    let a = z16(|i| 0x8001 + i as u16);
    let b = z16(|_| 0xF00F);
    // vpshldw: upper 16 bits of (a:b) << 4.
    let r = m::shldi_epi16::<4>(a, b);
    assert_eq!(w(r, 0), 0x001F);
    assert_eq!(w(r, 1), 0x002F);
    // The count is taken modulo 16.
    assert_eq!(m::shldi_epi16::<20>(a, b), r);
    assert_eq!(m::shldi_epi16::<0>(a, b), a);
    // vpshrdw: lower 16 bits of (b:a) >> 4.
    let r = m::shrdi_epi16::<4>(a, b);
    assert_eq!(w(r, 0), 0xF800);
    let r = m::shldv_epi16(a, b, z16(|i| i as u16));
    assert_eq!(w(r, 0), 0x8001);
    assert_eq!(w(r, 1), 0x0005); // 0x8002 << 1 | 0xF00F >> 15
    let r = m::shrdv_epi32(z32(|_| 0x1234_5678), z32(|_| 0x9ABC_DEF0), z32(|_| 36));
    assert_eq!(d(r, 0), 0x0123_4567);
    let r = m::shldi_epi64::<8>(
        z64(|_| 0x1122_3344_5566_7788),
        z64(|_| 0x99AA_BBCC_DDEE_FF00),
    );
    assert_eq!(r.0[..8], 0x2233_4455_6677_8899u64.to_le_bytes());
    // Immediate shifts past the width give zero; arithmetic ones the sign.
    assert_eq!(m::slli_epi16::<16>(a), Zmm([0; 64]));
    assert_eq!(w(m::srli_epi16::<15>(a), 0), 1);
    assert_eq!(w(m::srai_epi16::<200>(a), 0), 0xFFFF);
    assert_eq!(d(m::slli_epi32::<4>(z32(|_| 0x8765_4321)), 0), 0x7654_3210);
    // Register counts use 64 bits; variable counts the whole element.
    assert_eq!(m::sll_epi16(a, m::cvtsi32_si128(16)), Zmm([0; 64]));
    assert_eq!(w(m::srl_epi16(a, m::cvtsi32_si128(4)), 0), 0x0800);
    let r = m::srlv_epi16(a, z16(|i| [1, 16, 0x101][i % 3]));
    assert_eq!([w(r, 0), w(r, 1), w(r, 2)], [0x4000, 0, 0]);
    let r = m::sllv_epi32(z32(|_| 1), z32(|i| i as u32 * 3));
    assert_eq!([d(r, 0), d(r, 10), d(r, 11)], [1, 1 << 30, 0]);
    assert_eq!(d(m::rol_epi32::<36>(z32(|_| 0x8000_0001)), 0), 0x18);
    assert_eq!(d(m::rolv_epi32(z32(|_| 0x8000_0001), z32(|_| 1)), 0), 3);
}

#[test]
fn model_packs_and_unpacks() {
    // Saturation: signed words to unsigned bytes, per 128-bit lane a then b.
    let a = z16(|i| {
        [
            0x7FFF, 0x8000, 0x00FF, 0x0100, 0x0080, 0xFFFF, 0x0000, 0x0042,
        ][i % 8]
    });
    let b = z16(|i| 0x0010 + i as u16);
    let p = m::packus_epi16(a, b);
    assert_eq!(p.0[..8], [0xFF, 0x00, 0xFF, 0xFF, 0x80, 0x00, 0x00, 0x42]);
    assert_eq!(p.0[8..16], [0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17]);
    assert_eq!(p.0[16..24], p.0[..8]);
    assert_eq!(
        p.0[24..32],
        [0x18, 0x19, 0x1A, 0x1B, 0x1C, 0x1D, 0x1E, 0x1F]
    );
    let p = m::packs_epi16(a, b);
    assert_eq!(p.0[..8], [0x7F, 0x80, 0x7F, 0x7F, 0x7F, 0xFF, 0x00, 0x42]);
    let a32 = z32(|i| [0x7FFF_FFFF, 0xFFFF_FFFF, 0x0001_0000, 0x0000_8000][i % 4]);
    let p = m::packus_epi32(a32, a32);
    assert_eq!(
        [w(p, 0), w(p, 1), w(p, 2), w(p, 3)],
        [0xFFFF, 0, 0xFFFF, 0x8000]
    );
    let p = m::packs_epi32(a32, a32);
    assert_eq!(
        [w(p, 0), w(p, 1), w(p, 2), w(p, 3)],
        [0x7FFF, 0xFFFF, 0x7FFF, 0x7FFF]
    );
    // Unpacks interleave one half of each lane.
    let x = iota(0);
    let y = iota(64);
    let lo = m::unpacklo_epi8(x, y);
    let hi = m::unpackhi_epi8(x, y);
    assert_eq!(lo.0[..4], [0, 64, 1, 65]);
    assert_eq!(hi.0[..4], [8, 72, 9, 73]);
    assert_eq!(lo.0[16..18], [16, 80]);
    let lo = m::unpacklo_epi16(x, y);
    assert_eq!(lo.0[..8], [0, 1, 64, 65, 2, 3, 66, 67]);
    let hi = m::unpackhi_epi64(x, y);
    assert_eq!(
        hi.0[..16],
        [8, 9, 10, 11, 12, 13, 14, 15, 72, 73, 74, 75, 76, 77, 78, 79]
    );
}

#[test]
fn model_in_lane_byte_moves() {
    let x = iota(0);
    let y = iota(64);
    // vpalignr: per lane, bytes IMM.. of x.lane:y.lane (y low).
    let r = m::alignr_epi8::<3>(x, y);
    assert_eq!(
        r.0[..16],
        [67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 0, 1, 2]
    );
    assert_eq!(r.0[48..51], [115, 116, 117]);
    let r = m::alignr_epi8::<20>(x, y);
    assert_eq!(
        r.0[..16],
        [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0, 0, 0, 0]
    );
    assert_eq!(m::alignr_epi8::<32>(x, y), Zmm([0; 64]));
    // valignd: across the whole register.
    let r = m::alignr_epi32::<12>(x, y);
    assert_eq!(r.0[..16], y.0[48..]);
    assert_eq!(r.0[16..], x.0[..48]);
    assert_eq!(
        m::alignr_epi32::<16>(x, y),
        y,
        "only 4 bits of the immediate"
    );
    // vpshufb: per lane, bit 7 zeroes, low 4 bits index.
    let ctl = z((0..64u8).map(|i| [15, 0x80, 0x11, 0x7F][usize::from(i % 4)]));
    let r = m::shuffle_epi8(y, ctl);
    assert_eq!(r.0[..4], [79, 0, 65, 79]);
    assert_eq!(r.0[16..20], [95, 0, 81, 95]);
    let r = m::bslli_epi128::<2>(x);
    assert_eq!(r.0[..4], [0, 0, 0, 1]);
    assert_eq!(r.0[16..19], [0, 0, 16]);
    let r = m::bsrli_epi128::<15>(x);
    assert_eq!(r.0[..2], [15, 0]);
    assert_eq!(m::bsrli_epi128::<16>(x), Zmm([0; 64]));
}

#[test]
fn model_arithmetic_compare_masks() {
    let a = z((0..64u8).map(|i| i.wrapping_mul(29)));
    let b = z((0..64u8).map(|i| i.wrapping_mul(71).wrapping_add(5)));
    let lt = m::cmplt_epu8_mask(a, b);
    let lts = m::cmplt_epi8_mask(a, b);
    for i in 0..64 {
        assert_eq!(lt >> i & 1 == 1, a.0[i] < b.0[i]);
        assert_eq!(lts >> i & 1 == 1, (a.0[i] as i8) < (b.0[i] as i8));
    }
    assert_eq!(m::mask_cmpge_epu8_mask(0xF0, a, b), 0xF0 & !lt);
    assert_eq!(m::cmpneq_epu16_mask(a, a), 0);
    assert_eq!(m::cmpeq_epi32_mask(a, a), 0xFFFF);
    assert_eq!(m::movepi8_mask(a), m::cmplt_epi8_mask(a, m::setzero()));
    let neg = m::cmplt_epi8_mask(a, m::setzero());
    assert_eq!(
        m::movm_epi8(m::movepi8_mask(a)),
        m::maskz_mov_epi8(neg, m::set1_epi8(-1))
    );
    assert_eq!(
        m::test_epi8_mask(a, m::set1_epi8(1)),
        (0..64).fold(0, |k, i| k | u64::from(a.0[i] & 1) << i)
    );
    assert_eq!(m::testn_epi16_mask(a, m::setzero()), u32::MAX);
    assert_eq!(
        m::movepi16_mask(z16(|i| if i == 3 { 0x8000 } else { 0x7FFF })),
        8
    );
    let r = m::mask_blend_epi16(0b10, z16(|_| 1), z16(|_| 2));
    assert_eq!([w(r, 0), w(r, 1), w(r, 2)], [1, 2, 1]);
    let r = m::mask_add_epi8(a, 1, a, m::set1_epi8(1));
    assert_eq!(r.0[0], 1);
    assert_eq!(r.0[1..], a.0[1..]);
    assert_eq!(
        m::adds_epu8(m::set1_epi8(-56), m::set1_epi8(100)),
        m::set1_epi8(-1)
    );
    assert_eq!(
        m::subs_epu16(m::set1_epi16(5), m::set1_epi16(6)),
        m::setzero()
    );
    // vpmaddubsw: unsigned a times signed b, pairwise, saturated.
    let r = m::maddubs_epi16(m::set1_epi8(-1), m::set1_epi8(127));
    assert_eq!(w(r, 0), 0x7FFF); // 2 * 255 * 127 saturates
    let r = m::maddubs_epi16(z16(|_| 0xFFFF), m::set1_epi8(-128));
    assert_eq!(w(r, 0), 0x8000);
    let r = m::madd_epi16(m::set1_epi16(-32768), m::set1_epi16(-32768));
    assert_eq!(d(r, 0), 0x8000_0000);
    let r = m::sad_epu8(iota(0), m::setzero());
    assert_eq!(r.0[..8], 28u64.to_le_bytes());
    assert_eq!(r.0[56..], (56..64u64).sum::<u64>().to_le_bytes());
    assert_eq!(m::reduce_add_epi64(r), (0..64).sum::<i64>());
    assert_eq!(
        m::min_epu16(z16(|_| 0x8000), z16(|_| 0x7FFF)),
        z16(|_| 0x7FFF)
    );
    assert_eq!(d(m::lzcnt_epi32(z32(|i| i as u32)), 0), 32);
    assert_eq!(d(m::lzcnt_epi32(z32(|i| i as u32)), 5), 29);
    assert_eq!(m::popcnt_epi8(iota(0)).0[7], 3);
    assert_eq!(w(m::popcnt_epi16(z16(|_| 0xFFFF)), 31), 16);
}

#[test]
fn model_conversions_and_lanes() {
    let y = Ymm(core::array::from_fn(|i| 200 + i as u8));
    let r = m::cvtepu8_epi16(y);
    assert_eq!([w(r, 0), w(r, 31)], [200, 231]);
    let r = m::maskz_cvtepu8_epi16(0x8000_0001, y);
    assert_eq!([w(r, 0), w(r, 1), w(r, 31)], [200, 0, 231]);
    let r = m::cvtepu16_epi32(y);
    assert_eq!(d(r, 0), 0xC9C8);
    let x = Xmm(core::array::from_fn(|i| 250u8.wrapping_add(i as u8)));
    assert_eq!(d(m::cvtepu8_epi32(x), 15), 9);
    let a = z32(|i| 0x1234_5600 + i as u32);
    assert_eq!(m::cvtepi32_epi8(a).0, core::array::from_fn(|i| i as u8));
    let t = m::cvtepi32_epi16(a);
    assert_eq!(t.0[..4], [0x00, 0x56, 0x01, 0x56]);
    let t = m::cvtepi16_epi8(z16(|i| 0xAB00 + i as u16));
    assert_eq!(t.0, core::array::from_fn(|i| i as u8));
    // Lanes, halves, casts.
    let v = iota(0);
    assert_eq!(
        m::extracti32x4_epi32::<2>(v).0,
        core::array::from_fn(|i| 32 + i as u8)
    );
    assert_eq!(
        m::extracti64x4_epi64::<1>(v).0,
        core::array::from_fn(|i| 32 + i as u8)
    );
    let r = m::inserti32x4::<3>(v, Xmm([9; 16]));
    assert_eq!(r.0[48..], [9; 16]);
    assert_eq!(r.0[..48], v.0[..48]);
    let r = m::inserti64x4::<0>(v, Ymm([7; 32]));
    assert_eq!(r.0[..32], [7; 32]);
    assert_eq!(m::castsi512_si128(v).0, core::array::from_fn(|i| i as u8));
    assert_eq!(m::castsi512_si256(v).0, core::array::from_fn(|i| i as u8));
    assert_eq!(m::zextsi256_si512(Ymm([1; 32])).0[32..], [0; 32]);
    let b = m::broadcast_i32x4(Xmm(core::array::from_fn(|i| i as u8)));
    assert_eq!(b.0[48..], b.0[..16]);
    let r = m::shuffle_i32x4::<0b00_01_10_11>(v, iota(64));
    assert_eq!([r.0[0], r.0[16], r.0[32], r.0[48]], [48, 32, 80, 64]);
    assert_eq!(m::set1_epi16(-2).0[..4], [0xFE, 0xFF, 0xFE, 0xFF]);
}

#[test]
fn model_masked_memory_touches_only_enabled_lanes() {
    // A buffer of 10 bytes: loads with only its lanes enabled read from it; the
    // model reads each enabled byte and nothing else (with ASan, a stray read of
    // the allocation's neighbours would be reported).
    let src: Vec<u8> = (1..=10).collect();
    // SAFETY: lanes 0..10 are the 10 bytes of `src`; no other lane is enabled.
    let r = unsafe { m::maskz_loadu_epi8((1 << 10) - 1, src.as_ptr()) };
    assert_eq!(r.0[..10], src[..]);
    assert!(r.0[10..].iter().all(|&b| b == 0));
    // SAFETY: 16-bit lanes 0..5 are the 10 bytes.
    let r = unsafe { m::mask_loadu_epi16(m::set1_epi8(-1), 0b11111, src.as_ptr()) };
    assert_eq!(r.0[..10], src[..]);
    assert!(r.0[10..].iter().all(|&b| b == 0xFF));
    // A load whose enabled lanes are at the end: lane 63 is the last byte.
    // SAFETY: lane 63 is `src[9]` (the pointer is only formed, with wrapping, for
    // disabled lanes, never dereferenced).
    let r = unsafe { m::maskz_loadu_epi8(1 << 63, src.as_ptr().wrapping_sub(54)) };
    assert_eq!(r.0[63], 10);
    // Stores write only enabled lanes.
    let mut dst = [0xEEu8; 64];
    // SAFETY: every lane is inside `dst`.
    unsafe { m::mask_storeu_epi32(dst.as_mut_ptr(), 0b101, iota(0)) };
    assert_eq!(
        dst[..12],
        [0, 1, 2, 3, 0xEE, 0xEE, 0xEE, 0xEE, 8, 9, 10, 11]
    );
    assert!(dst[12..].iter().all(|&b| b == 0xEE));
    let mut out = std::vec![0u8; 3];
    // SAFETY: three enabled bytes are compressed into the 3 bytes of `out`.
    unsafe { m::mask_compressstoreu_epi8(out.as_mut_ptr(), 1 | 1 << 40 | 1 << 63, iota(0)) };
    assert_eq!(out, [0, 40, 63]);
    let mut out = std::vec![0u8; 4];
    // SAFETY: two enabled 16-bit lanes: 4 bytes.
    unsafe { m::mask_compressstoreu_epi16(out.as_mut_ptr(), 1 << 2 | 1 << 31, iota(0)) };
    assert_eq!(out, [4, 5, 62, 63]);
    // SAFETY: no lane is enabled: nothing is accessed (a dangling pointer is fine).
    unsafe { m::mask_compressstoreu_epi32(core::ptr::NonNull::dangling().as_ptr(), 0, iota(0)) };
}

mod hardware;

/// Every `.rs` file under `dir`, recursively.
fn rust_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// No AVX-512 intrinsic, register type or `target_feature(enable = "avx512...")`
/// outside this module: every AVX-512 instruction goes through the wrapper (so the
/// model configuration models all of them, and contains no real one).
#[test]
fn no_avx512_intrinsics_outside_the_wrapper() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let isa = src.join("x86_64").join("avx512").join("isa");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    assert!(files.len() > 20, "found only {} source files", files.len());
    // AVX-512 forms: 512-bit intrinsics and types, mask types and mask intrinsics
    // (`_k...`), and the 128/256-bit (VL) forms of instructions that exist only with
    // AVX-512 (masked forms, permutes, compress/expand, ternary logic, ...).
    let vl_only = [
        "_mask_",
        "_maskz_",
        "movm_",
        "permutexvar",
        "permutex2var",
        "multishift",
        "compress",
        "expand",
        "ternarylogic",
        "shldi",
        "shrdi",
        "shldv",
        "shrdv",
        "popcnt_epi",
        "lzcnt_epi",
        "rolv",
        "rorv",
        "rol_epi",
        "ror_epi",
        "sllv_epi16",
        "srlv_epi16",
        "srav_epi16",
        "cvtepi16_epi8",
        "cvtepi32_epi16",
        "cvtepi32_epi8",
        "cvtepi64",
        "dpbusd",
        "dpwssd",
        "conflict",
    ];
    let is_avx512 = |tok: &str| {
        tok.starts_with("_mm512_")
            || tok.starts_with("__m512")
            || tok.starts_with("__mmask")
            || (tok.starts_with("_k") && tok.contains("mask"))
            || ((tok.starts_with("_mm_") || tok.starts_with("_mm256_"))
                && (tok.ends_with("_mask") || vl_only.iter().any(|p| tok.contains(p)))
                // AVX2's masked gathers (a vector mask); AVX-512VL's are `_mmask_`.
                && !(tok.contains("_mask_i") && tok.contains("gather")))
    };
    let mut found = Vec::new();
    for file in &files {
        if file.starts_with(&isa) {
            continue;
        }
        let text = std::fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap();
            let bad = code.contains("target_feature(enable = \"avx512")
                || code
                    .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .any(is_avx512);
            if bad {
                found.push(std::format!(
                    "{}:{}: {}",
                    file.display(),
                    n + 1,
                    line.trim()
                ));
            }
        }
    }
    assert!(
        found.is_empty(),
        "AVX-512 outside the isa wrapper:\n{}",
        found.join("\n")
    );
}
