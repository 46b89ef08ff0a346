//! The owned drop-ins, `utf8_chunks`, UTF-16LE/BE to `String`, and the exact lossy
//! lengths, against std and the scalar reference, on every kernel.

use super::padded_samples;
use utfast::{Encoding, Mode};
use utfast_testkit::{char_runs, damage, each_kernel, text_bytes, Rng, ALL};

/// Random text in `from`, damaged about once every `every` bytes (0: intact).
fn damaged_text(rng: &mut Rng, from: Encoding, len: usize, every: usize) -> Vec<u8> {
    let text = char_runs(&mut || rng.next(), len);
    let mut bytes = text_bytes(&text, from);
    if every > 0 {
        damage(rng, &mut bytes, every);
    }
    let cut = rng.below(4); // an odd or cut end now and then
    bytes.truncate(bytes.len() - cut.min(bytes.len()));
    bytes
}

/// Inputs for the UTF-8 drop-ins: the samples (each padded) and damaged random text.
fn utf8_inputs() -> Vec<Vec<u8>> {
    let mut out = padded_samples();
    let mut rng = Rng(0x5EED_0015);
    for i in 0..200 {
        let len = [10, 70, 300, 2000][i % 4];
        out.push(damaged_text(
            &mut rng,
            Encoding::Utf8,
            len,
            [0, 7, 50, 400][i / 4 % 4],
        ));
    }
    out
}

#[test]
fn string_from_utf8_is_std_and_reuses_the_buffer() {
    if each_kernel("owned::string_from_utf8_is_std_and_reuses_the_buffer") {
        return;
    }
    for v in utf8_inputs() {
        match (
            utfast::string_from_utf8(v.clone()),
            String::from_utf8(v.clone()),
        ) {
            (Ok(s), Ok(want)) => assert_eq!(s, want),
            (Err(e), Err(want)) => {
                let (u, w) = (e.utf8_error(), want.utf8_error());
                assert_eq!(
                    (u.valid_up_to(), u.error_len()),
                    (w.valid_up_to(), w.error_len())
                );
                assert_eq!(e.to_string(), want.to_string());
                assert_eq!(e.as_bytes(), want.as_bytes());
                assert_eq!(e.clone().into_utf8_lossy(), String::from_utf8_lossy(&v));
                assert_eq!(e.into_bytes(), want.into_bytes());
            }
            (got, want) => panic!("{v:?}: {got:?} vs {want:?}"),
        }
        // No copy: the String owns the Vec's buffer.
        if let Ok(s) = utfast::string_from_utf8(v.clone()) {
            let p = s.as_ptr();
            let again = utfast::string_from_utf8(s.into_bytes()).unwrap();
            assert_eq!(again.as_ptr(), p);
        }
        let lossy = utfast::string_from_utf8_lossy(&v);
        assert_eq!(lossy, String::from_utf8_lossy(&v));
        assert_eq!(
            matches!(lossy, std::borrow::Cow::Borrowed(_)),
            std::str::from_utf8(&v).is_ok()
        );
        assert_eq!(
            utfast::string_from_utf8_lossy_owned(v.clone()),
            String::from_utf8_lossy(&v)
        );
    }
}

#[test]
fn utf8_chunks_are_std_utf8_chunks() {
    if each_kernel("owned::utf8_chunks_are_std_utf8_chunks") {
        return;
    }
    for v in utf8_inputs() {
        let got: Vec<(&str, &[u8])> = utfast::utf8_chunks(&v)
            .map(|c| (c.valid(), c.invalid()))
            .collect();
        let want: Vec<(&str, &[u8])> = v.utf8_chunks().map(|c| (c.valid(), c.invalid())).collect();
        assert_eq!(got, want, "{v:?}");
    }
}

#[test]
fn utf16_bytes_to_string_is_std() {
    let mut rng = Rng(16);
    for i in 0..300 {
        for from in [Encoding::Utf16Le, Encoding::Utf16Be] {
            let v = damaged_text(&mut rng, from, [5, 60, 500][i % 3], [0, 9, 80][i / 3 % 3]);
            let read = |b: &[u8]| {
                let b = [b[0], b[1]];
                if from == Encoding::Utf16Le {
                    u16::from_le_bytes(b)
                } else {
                    u16::from_be_bytes(b)
                }
            };
            let units: Vec<u16> = v.chunks_exact(2).map(read).collect();
            // std's (unstable) `from_utf16le_lossy` for even lengths; with an odd
            // final byte, the oracle: one U+FFFD for it, together with a high
            // surrogate just before it (utfast's rule for a truncated final unit).
            let want_lossy = if v.len().is_multiple_of(2) {
                String::from_utf16_lossy(&units)
            } else {
                utfast_testkit::decode_lossy(&v, from)
            };
            let (strict, lossy) = if from == Encoding::Utf16Le {
                (
                    utfast::utf16le_to_string(&v),
                    utfast::utf16le_to_string_lossy(&v),
                )
            } else {
                (
                    utfast::utf16be_to_string(&v),
                    utfast::utf16be_to_string_lossy(&v),
                )
            };
            assert_eq!(lossy, want_lossy, "{v:?}");
            match (strict, String::from_utf16(&units)) {
                (Ok(s), Ok(w)) if v.len().is_multiple_of(2) => assert_eq!(s, w),
                (Err(e), _) => {
                    let want = utfast_testkit::first_error(&v, from).expect("an error");
                    assert_eq!((e.valid_up_to(), e.kind()), want, "{v:?}");
                }
                (got, want) => panic!("{v:?}: {got:?} vs {want:?}"),
            }
        }
    }
}

#[test]
fn lossy_lengths_are_the_lossy_output_lengths() {
    if each_kernel("owned::lossy_lengths_are_the_lossy_output_lengths") {
        return;
    }
    let mut rng = Rng(0x1055);
    for from in ALL {
        for i in 0..60 {
            let len = [0, 3, 40, 130, 1000, 5000][i % 6];
            let every = [0, 3, 20, 200, 2000][i / 6 % 5];
            let src = damaged_text(&mut rng, from, len, every);
            for to in ALL {
                let got = utfast::lossy_output_len(&src, from, to);
                let reference = utfast_scalar::transcode::lossy_output_len(&src, from, to);
                let mut dst = vec![0u8; utfast::max_output_len(from, to, src.len())];
                let n = utfast::transcode(&src, &mut dst, from, to, Mode::Lossy).unwrap();
                assert_eq!((got, reference), (n, n), "{from} -> {to}: {src:?}");
                // An exact buffer is enough, one byte less is not.
                let mut exact = vec![0u8; n];
                assert_eq!(
                    utfast::transcode(&src, &mut exact, from, to, Mode::Lossy),
                    Ok(n)
                );
                if n > 0 {
                    let e = utfast::transcode(&src, &mut exact[..n - 1], from, to, Mode::Lossy);
                    assert!(e.unwrap_err().is_output_too_small());
                }
            }
            native_lengths(from, &src);
        }
    }
}

/// The native-unit functions are the byte-oriented one in units.
fn native_lengths(from: Encoding, src: &[u8]) {
    use utfast::lossy_output_len as len;
    let (u16le, u32le) = (Encoding::Utf16Le, Encoding::Utf32Le);
    match from {
        Encoding::Utf8 => {
            assert_eq!(
                utfast::utf8_len_from_utf8_lossy(src),
                len(src, from, Encoding::Utf8)
            );
            assert_eq!(
                utfast::utf16_len_from_utf8_lossy(src),
                len(src, from, u16le) / 2
            );
            assert_eq!(
                utfast::utf32_len_from_utf8_lossy(src),
                len(src, from, u32le) / 4
            );
            assert_eq!(
                utfast::latin1_len_from_utf8_lossy(src),
                len(src, from, Encoding::Latin1)
            );
        }
        Encoding::Utf16Le => {
            let units: Vec<u16> = src
                .chunks_exact(2)
                .map(|b| u16::from_le_bytes([b[0], b[1]]))
                .collect();
            let even = &src[..src.len() / 2 * 2];
            assert_eq!(
                utfast::utf8_len_from_utf16_lossy(&units),
                len(even, from, Encoding::Utf8)
            );
            assert_eq!(
                utfast::utf32_len_from_utf16_lossy(&units),
                len(even, from, u32le) / 4
            );
            assert_eq!(
                utfast::latin1_len_from_utf16_lossy(&units),
                len(even, from, Encoding::Latin1)
            );
        }
        Encoding::Utf32Le => {
            let units: Vec<u32> = src
                .chunks_exact(4)
                .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                .collect();
            let whole = &src[..src.len() / 4 * 4];
            assert_eq!(
                utfast::utf8_len_from_utf32_lossy(&units),
                len(whole, from, Encoding::Utf8)
            );
            assert_eq!(
                utfast::utf16_len_from_utf32_lossy(&units),
                len(whole, from, u16le) / 2
            );
            assert_eq!(
                utfast::latin1_len_from_utf32_lossy(&units),
                len(whole, from, Encoding::Latin1)
            );
        }
        _ => {}
    }
}

#[test]
fn validate_reports_the_kind_and_byte_offset() {
    let mut rng = Rng(99);
    for from in ALL {
        for i in 0..100 {
            let src = damaged_text(&mut rng, from, [20, 200][i % 2], [0, 30][i / 2 % 2]);
            let got =
                utfast::validate(&src, from).map_err(|e| (e.offset as usize, e.kind, e.encoding));
            let want = match utfast_testkit::first_error(&src, from) {
                None => Ok(()),
                Some((at, kind)) => Err((at, kind, from)),
            };
            assert_eq!(got, want, "{from}: {src:?}");
        }
    }
}

#[test]
fn piece_boundary_after_a_cut_trail_surrogate() {
    // WTF-8, CESU-8, MUTF-8: a cut at continuation bytes, then a trail surrogate's
    // first two bytes and another character: the boundary is before that character
    // or after it, never inside it (a fuzz finding: `lossy_output_len` counted 6
    // bytes too many when `ED BF ED BF BF` was split after the second `ED`).
    for from in [Encoding::Wtf8, Encoding::Cesu8, Encoding::Mutf8] {
        for tail in [&b"\xED\xBF\xBF2"[..], b"a", b"\xED\xA0\x80", b"\xC3\xA9"] {
            let mut src = b"xy\x80\xBF\x90\xED\xBF".to_vec();
            src.extend(tail);
            for at in 0..src.len() {
                let cut = utfast::piece_boundary(from, &src, at);
                assert!(
                    cut >= src.len() || src[cut] & 0xC0 != 0x80,
                    "{from}: cut at {cut} before a continuation byte in {src:02X?}"
                );
                for to in [Encoding::Utf8, Encoding::Utf16Le] {
                    let whole = utfast::transcode_to_vec(&src, from, to, Mode::Lossy).unwrap();
                    let mut joined =
                        utfast::transcode_to_vec(&src[..cut], from, to, Mode::Lossy).unwrap();
                    joined.extend(
                        utfast::transcode_to_vec(&src[cut..], from, to, Mode::Lossy).unwrap(),
                    );
                    assert_eq!(joined, whole, "{from} -> {to}, cut at {cut}: {src:02X?}");
                    assert_eq!(
                        utfast::lossy_output_len(&src, from, to),
                        whole.len(),
                        "{from} -> {to}: {src:02X?}"
                    );
                }
            }
        }
    }
}

#[test]
fn piece_boundaries_split_without_changing_results() {
    // Cutting at piece_boundary positions and converting the pieces one by one gives
    // the whole input's lossy output (the property par_* and the CLI rely on).
    let mut rng = Rng(0xC07);
    for from in ALL {
        for i in 0..80 {
            let src = damaged_text(&mut rng, from, 300, [3, 10, 60][i % 3]);
            let step = 4 * (1 + rng.below(8));
            for to in [Encoding::Utf8, Encoding::Utf16Be] {
                let whole = utfast::transcode_to_vec(&src, from, to, Mode::Lossy).unwrap();
                let mut joined = Vec::new();
                let mut start = 0;
                let mut at = step;
                while start < src.len() {
                    let end = if at < src.len() {
                        utfast::piece_boundary(from, &src, at)
                    } else {
                        src.len()
                    };
                    assert!(end >= start && end <= src.len());
                    if end > start || at >= src.len() {
                        joined.extend(
                            utfast::transcode_to_vec(&src[start..end], from, to, Mode::Lossy)
                                .unwrap(),
                        );
                        start = end;
                    }
                    at += step;
                }
                assert_eq!(joined, whole, "{from} -> {to}, pieces of {step}: {src:?}");
            }
        }
    }
}
